import AsyncLayerKit
import Testing

@Suite struct ExportsTests {
    @Test func oneImportBringsTheCanvasAndTheLoop() throws {
        let bitmap = try Bitmap.render(size: Size(width: 2, height: 2)) { $0.paint(.color(.white)) }
        #expect(bitmap.width == 2)
        #expect(BeforeWaitingPhase.layout < .display)
    }
}
