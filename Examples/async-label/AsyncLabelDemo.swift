import ArgumentParser
import AsyncLayerKit
import Foundation

/// YALabel from the seeds: a label whose attributed text is measured and drawn off the loop.
/// Its text changes rapidly — several times a turn, and in consecutive turns while a draw is
/// still running — and only the last text is drawn; the result is written to a PNG.
@main
struct AsyncLabelDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "async-label",
        abstract: "An attributed-text label drawn asynchronously; rapid text changes draw only the last text."
    )

    @Option(name: .shortAndLong, help: "Where to write the label's final contents.") var output = "out/async-label.png"
    @Option(help: "Text changes.") var changes = 60

    func run() async throws {
        let label = await Task { @DisplayActor in AsyncLabel(width: 320) }.value
        let started = ContinuousClock.now
        for i in 1...changes {
            let text = AsyncLabelDemo.text(number: i)
            await Task { @DisplayActor in
                label.attributedText = text
                if i % 3 == 0 { label.attributedText = text }  // a second change in the same turn
            }.value
            if i % 10 == 0 { try await Task.sleep(for: .milliseconds(1)) }
        }
        try await label.waitUntilDisplayed()
        let elapsed = ContinuousClock.now - started

        let (contents, stats, lastText) = await Task { @DisplayActor in
            (label.layer.contents, label.layer.statistics, label.attributedText.string)
        }.value
        guard let contents else { throw ValidationError("the label has no contents") }
        let url = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try ImageEncoder.encode(contents, as: .png())).write(to: url)
        print("""
            \(changes) text changes in \(elapsed.formatted(.units(allowed: [.milliseconds])))
            display requests: \(stats.requests) (changes within a turn coalesce)
            draws started:    \(stats.drawsStarted)
            shown:            \(stats.finished)
            cancelled:        \(stats.abandoned) (superseded by a newer text)
            final text:       "\(lastText.prefix(40))…"
            wrote \(output) (\(contents.width)×\(contents.height) px)
            """)
    }

    static func text(number: Int) -> AttributedText {
        var text = AttributedText(segments: [])
        text.append("#\(number) ", style: TextStyleOverrides(weight: .bold, color: Color(red255: 239, green255: 91, blue255: 156)))
        text.append("YALabel 异步绘制：文字在后台测量和绘制，")
        text.append("only the last text", style: TextStyleOverrides(weight: .bold))
        text.append(" is drawn 🎉 — superseded draws are cancelled before they become visible.")
        return text
    }
}

/// A label: attributed text measured and drawn by an AsyncLayer off the loop.
@DisplayActor
final class AsyncLabel: AsyncLayerDelegate {
    let layer: AsyncLayer
    let width: Double
    var attributedText = AttributedText(segments: []) {
        didSet { layer.setNeedsDisplay() }
    }

    init(width: Double) {
        self.width = width
        layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: width, height: 72), contentsScale: 2,
                           isOpaque: true, backgroundColor: Color(red255: 250, green255: 250, blue255: 250))
        layer.delegate = self
    }

    func newDisplayTask(for layer: AsyncLayer) -> AsyncLayerDisplayTask {
        let text = attributedText
        return AsyncLayerDisplayTask(display: { context, size in
            // Measured on the render thread, once, then drawn from that measurement.
            let layout = try TextLayout(
                text: text,
                style: TextStyle(size: 15, color: Color(white: 0.1), lineHeight: 20),
                options: TextLayoutOptions(maxWidth: size.width - 16, maxLines: 3)
            )
            guard !Task.isCancelled else { return }
            context.draw(layout, at: Point(x: 8, y: 6))
        })
    }

    nonisolated func waitUntilDisplayed() async throws {
        while await Task(operation: { @DisplayActor in self.layer.isDisplaying || self.layer.contents == nil }).value {
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
