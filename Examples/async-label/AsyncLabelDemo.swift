import ArgumentParser
import AsyncLayerKit
import Foundation

/// An asynchronous label (YALabel): its attributed text is measured and drawn off the loop.
/// Its text changes rapidly — several times a turn, and in consecutive turns while a draw is
/// still running. Only the last text stays: changes in one turn make one display request, and a
/// draw superseded by a newer request is cancelled before it shows (it may have finished drawing;
/// its bitmap is dropped). The run counts draws started, drawn to the end, shown and cancelled, and
/// writes the final contents to a PNG.
@main
struct AsyncLabelDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "async-label",
        abstract: "An attributed-text label drawn asynchronously; superseded draws are cancelled before they show."
    )

    @Option(name: .shortAndLong, help: "Where to write the label's final contents.") var output = "out/async-label.png"
    @Option(help: "Text changes.") var changes = 60

    func validate() throws {
        guard changes >= 1 else { throw ValidationError("--changes must be at least 1") }
    }

    func run() async throws {
        let label = await Task { @DisplayActor in AsyncLabel(width: 320) }.value
        let started = ContinuousClock.now
        let run = await AsyncLabelRun.measure(label, changes: changes)
        let elapsed = ContinuousClock.now - started

        guard let contents = run.contents, let last = run.shownTexts.last else { throw ValidationError("the label has no contents") }
        let url = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try ImageEncoder.encode(contents, as: .png())).write(to: url)
        let shown = run.shownTexts.map { "#\($0)" }.joined(separator: ", ")
        print("""
            \(changes) text changes in \(elapsed.formatted(.units(allowed: [.milliseconds])))
            display requests: \(run.displayRequests) (changes within a turn coalesce)
            draws started:    \(run.drawsStarted) (the other requests were superseded before their draw began)
            drawn to the end: \(run.drawnToTheEnd) (a superseded draw may finish drawing; its bitmap is then dropped)
            shown:            \(run.shownTexts.count) (texts \(shown)); shown after a newer request started: \(run.shownWhileSuperseded)
            cancelled:        \(run.cancelled) (superseded by a newer request)
            final contents:   text #\(last) of \(changes)
            wrote \(output) (\(contents.width)×\(contents.height) px)
            """)
    }

    static func text(number: Int) -> AttributedText {
        var text = AttributedText(segments: [])
        text.append("#\(number) ", style: TextStyleOverrides(weight: .bold, color: Color(red255: 239, green255: 91, blue255: 156)))
        text.append("YALabel 异步绘制：文字在后台测量和绘制，")
        text.append("only the last text", style: TextStyleOverrides(weight: .bold))
        text.append(" stays 🎉 — superseded draws are cancelled before they become visible.")
        return text
    }
}
