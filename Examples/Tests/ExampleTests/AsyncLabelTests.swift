import AsyncLayerKitTesting
import Testing
@testable import async_label

/// What the async-label demo says it shows: only the last text stays; a superseded draw never shows.
@Suite(.mainDisplayLoop) struct AsyncLabelTests {
    @Test func theLastTextStaysAndNoSupersededDrawShows() async throws {
        let label = DisplayLoop.drive { AsyncLabel(width: 320) }.value
        let run = try await drivingMainLoop { await AsyncLabelRun.measure(label, changes: 30) }

        #expect(run.shownTexts.last == 30)  // the final contents are the last text's
        #expect(run.shownWhileSuperseded == 0)
        #expect(run.contents != nil)
        // Every request answered once; the closure's counts agree with the layer's.
        #expect(run.shownTexts.count + run.cancelled == run.displayRequests)
        #expect(run.displayRequests <= run.changes)
        #expect(run.drawsStarted == run.layerDrawsStarted)
        #expect(run.drawnToTheEnd <= run.drawsStarted && run.shownTexts.count <= run.drawnToTheEnd)
        // Texts are shown in the order they were set.
        #expect(run.shownTexts == run.shownTexts.sorted())
    }
}
