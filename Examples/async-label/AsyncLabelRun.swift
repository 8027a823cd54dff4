import AsyncLayerKit
import Synchronization

/// One run of the demo: rapid text changes, then what the label counted.
struct AsyncLabelRun: Sendable {
    /// Text changes made.
    var changes: Int
    /// The layer's display requests (changes within a turn coalesce into one).
    var displayRequests: Int
    /// Display closures that began (counted in the closure).
    var drawsStarted: Int
    /// Display closures that drew their text to the end (counted in the closure).
    var drawnToTheEnd: Int
    /// The numbers of the texts shown, in order (counted in `didDisplay(true)`).
    var shownTexts: [Int]
    /// Draws shown although a newer display request had started (always 0: it is cancelled).
    var shownWhileSuperseded: Int
    /// Requests superseded by a newer one (`didDisplay(false)`).
    var cancelled: Int
    /// The layer's count of draws started, to compare with ``drawsStarted``.
    var layerDrawsStarted: Int
    /// The layer's final contents.
    var contents: Bitmap?

    /// Changes `label`'s text `changes` times — twice in the same job every third change, and in
    /// consecutive jobs while draws run — waits until every request is answered, and reads the
    /// counts. Needs the main loop running (its own thread, or driven by a test).
    static func measure(_ label: AsyncLabel, changes: Int) async -> AsyncLabelRun {
        for i in 1...changes {
            let text = AsyncLabelDemo.text(number: i)
            await Task { @DisplayActor in
                label.setText(text, number: i)
                if i % 3 == 0 { label.setText(text, number: i) }  // a second change in the same turn
            }.value
            // A pause now and then, so some draws get further before a newer text arrives.
            if i % 10 == 0 { try? await Task.sleep(for: .milliseconds(1)) }
        }
        await label.waitUntilIdle()
        return await Task { @DisplayActor in
            let stats = label.layer.statistics
            return AsyncLabelRun(
                changes: changes, displayRequests: stats.requests,
                drawsStarted: label.draws.started.load(ordering: .relaxed), drawnToTheEnd: label.draws.drawn.load(ordering: .relaxed),
                shownTexts: label.shownTexts, shownWhileSuperseded: label.shownWhileSuperseded, cancelled: stats.abandoned,
                layerDrawsStarted: stats.drawsStarted, contents: label.layer.contents
            )
        }.value
    }
}
