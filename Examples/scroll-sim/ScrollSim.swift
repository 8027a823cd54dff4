import ArgumentParser
import AsyncLayerKit
import FeedSupport
import Foundation
import HeadlessList

/// Runs one scroll trace through a headless list under the four strategies, one after another,
/// on the real loop (`DisplayLoop.main`, its own thread), the continuous clock and an
/// `ElementRenderService` on the shared render lanes, and prints one row per strategy.
@main
struct ScrollSim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll-sim",
        abstract: "A headless list scrolled under four strategies: sync, async, +skipping, +ranges. Prints dropped frames, hitches and the hitch-time ratio per strategy, and writes a frame-time chart."
    )

    @Option(name: .customLong("trace"), help: "The trace: fling, drag, jump or back-and-forth.") var traceName = "fling"
    @Option(help: "Frames per second: 60 or 120 (a ProMotion screen's 8.3 ms frame budget).") var fps = 120
    @Option(help: "Items from the bundled sample feed (repeated past its end).") var items = 300
    @Option(help: "The fling velocity, in points per second (a brisk flick).") var velocity = 12_000.0
    @Option(help: "Pixels per point of the cells, 1 to 4: 3 is an iPhone's (2.25× the pixels of 2), 4 has 4× the pixels of 2.") var scale = 3.0
    @Option(help: "Where the chart goes.") var outputDirectory = "out"
    @Flag(help: "Print the reports as JSON instead of a table.") var json = false

    var trace: ScrollTrace.Kind { ScrollTrace.Kind(rawValue: traceName) ?? .fling }

    func validate() throws {
        guard ScrollTrace.Kind(rawValue: traceName) != nil else {
            throw ValidationError("--trace must be one of: \(ScrollTrace.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard fps == 60 || fps == 120 else { throw ValidationError("--fps must be 60 or 120") }
        guard items > 0, items <= 100_000 else { throw ValidationError("--items must be between 1 and 100000") }
        guard velocity.isFinite, velocity > 0 else { throw ValidationError("--velocity must be a positive number") }
        guard scale.isFinite, scale >= 1, scale <= 4 else { throw ValidationError("--scale must be between 1 and 4") }
    }

    func run() async throws {
        var configuration = HeadlessList<ContinuousClock>.Configuration()
        configuration.contentsScale = scale
        let listItems = try await Self.preLayout(count: items, width: configuration.viewportWidth)
        let contentLength = try ItemExtents(lengths: listItems.map(\.height)).contentLength
        let scrollTrace = ScrollTrace.make(trace, contentLength: contentLength, viewportHeight: configuration.viewportHeight,
                                           framesPerSecond: fps, flingVelocity: velocity)
        let loader = try SampleFeed.imageLoader()

        var rows: [Row] = []
        for strategy in ListStrategy.allCases {
            // Cold caches for every strategy: a new service (render cache, decoded images, texts).
            let service = ElementRenderService(.init(imageLoader: loader, cacheBytes: 256 << 20))
            let backend = ServiceRenderBackend(service: service)
            let list = try await Task { @DisplayActor in
                try HeadlessList(items: listItems, strategy: strategy, backend: backend, clock: ContinuousClock(),
                                 configuration: configuration)
            }.value
            let before = DisplayLoop.main.metrics
            let report = await list.run(scrollTrace)
            let after = DisplayLoop.main.metrics
            let turnCount = Int(min(after.turns - before.turns, UInt64(after.recentTurnNanoseconds.count)))
            rows.append(Row(report: report, allTurns: Array(after.recentTurnNanoseconds.suffix(turnCount))))
            try await Task.sleep(for: .milliseconds(200))  // let the lanes and the loop go quiet
        }

        let chart = try Self.chart(rows.map(\.report), trace: trace, fps: fps)
        let url = URL(fileURLWithPath: outputDirectory).appendingPathComponent("scroll-sim-\(trace.rawValue).png")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try ImageEncoder.encode(chart, as: .png())).write(to: url)

        if json {
            let output = Output(trace: trace.rawValue, framesPerSecond: fps, items: items, frames: scrollTrace.frameCount,
                                scale: scale, velocity: velocity, chart: url.path, peakRSSBytes: Self.peakRSS(), strategies: rows.map(Output.Strategy.init))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(output), as: UTF8.self))
        } else {
            print("scroll-sim: trace \(trace.rawValue), \(fps) Hz, \(items) items (\(Int(contentLength)) pt), "
                  + "\(scrollTrace.frameCount) frames (\(String(format: "%.2f", Double(scrollTrace.frameCount) / Double(fps))) s); "
                  + "each strategy starts from cold caches\n")
            print(Self.table(rows))
            print("\nhitch: a frame whose turn ended after its deadline (or that came after dropped frames the screen "
                  + "waited through); hitch time: ms late per second of the trace. Apple's bands: < 5 good, 5–10 warning, > 10 critical.")
            if let rss = Self.peakRSS() { print("\nprocess peak RSS: \(Self.mebibytes(rss))") }
            print("chart: \(url.path)")
        }
    }

    /// One strategy's report, with every loop turn of its run (not only the frame turns).
    struct Row {
        var report: ScrollSimulationReport
        var allTurns: [UInt64]

        func allTurnsPercentile(_ p: Double) -> UInt64 {
            guard !allTurns.isEmpty else { return 0 }
            let sorted = allTurns.sorted()
            let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
            return sorted[max(rank, 1) - 1]
        }
    }

    /// The JSON form.
    struct Output: Encodable {
        struct Strategy: Encodable {
            var report: ScrollSimulationReport
            var turnP50Nanoseconds: Int64
            var turnP99Nanoseconds: Int64
            var turnMaxNanoseconds: Int64
            var blankCellFraction: Double
            var wastedRenderFraction: Double
            var allTurns: Int
            var allTurnsP99Nanoseconds: UInt64
            var allTurnsMaxNanoseconds: UInt64
            var durationNanoseconds: Int64
            var hitchTimeRatio: Double
            var hitchRating: HitchRating

            init(_ row: Row) {
                report = row.report
                turnP50Nanoseconds = row.report.turnP50
                turnP99Nanoseconds = row.report.turnP99
                turnMaxNanoseconds = row.report.turnMax
                blankCellFraction = row.report.blankCellFraction
                wastedRenderFraction = row.report.wastedRenderFraction
                allTurns = row.allTurns.count
                allTurnsP99Nanoseconds = row.allTurnsPercentile(99)
                allTurnsMaxNanoseconds = row.allTurns.max() ?? 0
                durationNanoseconds = row.report.durationNanoseconds
                hitchTimeRatio = row.report.hitchTimeRatio
                hitchRating = row.report.hitchRating
            }
        }

        var trace: String
        var framesPerSecond: Int
        var items: Int
        var frames: Int
        var scale: Double
        var velocity: Double
        var chart: String
        var peakRSSBytes: Int?
        var strategies: [Strategy]
    }

    // MARK: Feed

    /// The first `count` items of the bundled feed (repeated, with new identifiers, past its
    /// end), each laid out off the loop at `width` by a feed layout cache.
    static func preLayout(count: Int, width: Double) async throws -> [ListItem] {
        let page = try await SampleFeed.loadPage()
        guard !page.items.isEmpty else { throw ValidationError("the bundled feed is empty") }
        let feedItems = (0..<count).map { index -> FeedItem in
            var item = page.items[index % page.items.count]
            if index >= page.items.count { item.id += "#\(index / page.items.count)" }
            return item
        }
        let cache = FeedLayoutCache(template: FeedCells())
        var listItems: [ListItem] = []
        for (item, result) in zip(feedItems, await cache.layouts(of: feedItems, width: width)) {
            let layout = try result.get()
            listItems.append(ListItem(id: item.id, tree: try HashedElement(layout.element), height: layout.height))
        }
        return listItems
    }

    // MARK: Table

    static func milliseconds(_ nanoseconds: Int64) -> String { String(format: "%.2f", Double(nanoseconds) / 1e6) }
    static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
    static func percent(_ fraction: Double) -> String { String(format: "%.1f %%", fraction * 100) }

    static func table(_ rows: [Row]) -> String {
        var lines = [
            "| strategy | frames | dropped | hitches | hitch time (ms/s) | turn p50 / p99 / max (ms) | all turns p99 / max (ms) | blank-cell frames | renders started / shown / cancelled / wasted | render CPU (ms) | CPU cancelled + wasted | peak memory |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rows {
            let r = row.report
            lines.append(
                "| \(r.strategy) | \(r.frames) | \(r.droppedFrames) | \(r.hitches) | "
                    + "\(String(format: "%.1f", r.hitchTimeRatio)) \(r.hitchRating) | "
                    + "\(milliseconds(r.turnP50)) / \(milliseconds(r.turnP99)) / \(milliseconds(r.turnMax)) | "
                    + "\(milliseconds(Int64(row.allTurnsPercentile(99)))) / \(milliseconds(Int64(row.allTurns.max() ?? 0))) | "
                    + "\(r.blankCellFrames) / \(r.visibleCellFrames) (\(percent(r.blankCellFraction))) | "
                    + "\(r.rendersStarted) / \(r.rendersShown) / \(r.rendersCancelled) / \(r.rendersWasted) | "
                    + "\(milliseconds(r.renderNanoseconds)) | \(percent(r.wastedRenderFraction)) | \(mebibytes(r.peakBytes)) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The process's peak resident set (VmHWM), if the system reports it.
    static func peakRSS() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return digits.map { $0 * 1024 }
        }
        return nil
    }

    // MARK: Chart

    static let colors: [ListStrategy: Color] = [
        .synchronous: Color(red255: 220, green255: 60, blue255: 60),
        .asyncDisplay: Color(red255: 240, green255: 160, blue255: 30),
        .fastScrollSkipping: Color(red255: 60, green255: 120, blue255: 220),
        .ranges: Color(red255: 40, green255: 160, blue255: 90),
    ]

    /// The frame turns of each strategy against the trace's frame index (time), with the frame
    /// budget as a dashed line and each hitch marked: a ring on the line (larger for a longer
    /// hitch) and a bar in the strategy's strip under the plot. Drawn with the Canvas.
    static func chart(_ reports: [ScrollSimulationReport], trace: ScrollTrace.Kind, fps: Int) throws -> Bitmap {
        let size = Size(width: 1200, height: 720)
        let plot = Rect(x: 70, y: 100, width: 1090, height: 470)
        let strip = (top: plot.maxY + 36, height: 14.0, gap: 4.0)
        let budget = 1_000.0 / Double(fps)
        let frames = max(1, reports.map(\.frames).max() ?? 1)
        let top = max(budget * 3, min(budget * 8, (reports.map { Double($0.turnMax) / 1e6 }.max() ?? 0) * 1.1))
        let style = TextStyle(size: 13, color: Color(white: 0.2))
        let hitchInk = Color(red255: 200, green255: 0, blue255: 0)
        func y(_ ms: Double) -> Double { plot.maxY - min(ms, top) / top * plot.height }
        func x(_ frame: Int) -> Double { plot.minX + Double(frame) / Double(max(frames - 1, 1)) * plot.width }

        return try Bitmap.render(size: size, scale: 1) { context in
            context.fill(Rect(size: size), with: .white)
            // Grid and axes.
            let step = top <= 60 ? 5.0 : 20.0
            var tick = 0.0
            while tick <= top + 0.001 {
                var line = Path()
                line.move(to: Point(x: plot.minX, y: y(tick)))
                line.addLine(to: Point(x: plot.maxX, y: y(tick)))
                context.stroke(line, with: .color(Color(white: 0.9)), style: StrokeStyle(lineWidth: 1))
                context.draw(try TextLayout(String(format: "%.0f ms", tick), style: style), at: Point(x: 14, y: y(tick) - 9))
                tick += step
            }
            var axes = Path()
            axes.move(to: Point(x: plot.minX, y: plot.minY))
            axes.addLine(to: Point(x: plot.minX, y: plot.maxY))
            axes.addLine(to: Point(x: plot.maxX, y: plot.maxY))
            context.stroke(axes, with: .color(Color(white: 0.3)), style: StrokeStyle(lineWidth: 1.5))
            // The budget.
            var budgetLine = Path()
            budgetLine.move(to: Point(x: plot.minX, y: y(budget)))
            budgetLine.addLine(to: Point(x: plot.maxX, y: y(budget)))
            context.stroke(budgetLine, with: .color(Color(red255: 120, green255: 0, blue255: 160)), style: StrokeStyle(lineWidth: 2, dash: [8, 6]))
            context.draw(try TextLayout(String(format: "frame budget %.1f ms (%d Hz)", budget, fps),
                                        style: TextStyle(size: 13, color: Color(red255: 120, green255: 0, blue255: 160))),
                         at: Point(x: plot.maxX - 230, y: y(budget) - 20))
            // One line per strategy, at each delivered frame's place in the trace.
            for report in reports {
                var line = Path()
                for (n, nanoseconds) in report.frameTurnNanoseconds.enumerated() {
                    let frame = n < report.frameIndices.count ? report.frameIndices[n] : n
                    let point = Point(x: x(frame), y: y(Double(nanoseconds) / 1e6))
                    if n == 0 { line.move(to: point) } else { line.addLine(to: point) }
                }
                context.stroke(line, with: .color(colors[report.strategy] ?? .black), style: StrokeStyle(lineWidth: 1.5))
            }
            // Hitches: a ring on the line, and a bar (height: hitch time, up to one budget) in the strip.
            for (row, report) in reports.enumerated() {
                let color = colors[report.strategy] ?? .black
                let stripY = strip.top + Double(row) * (strip.height + strip.gap)
                context.fill(Rect(x: plot.minX, y: stripY, width: plot.width, height: strip.height), with: Color(white: 0.96))
                context.draw(try TextLayout("\(report.strategy.number)", style: TextStyle(size: 11, color: color)),
                             at: Point(x: plot.minX - 16, y: stripY - 1))
                for (n, hitch) in report.frameHitchNanoseconds.enumerated() where hitch > 0 && n < report.frameTurnNanoseconds.count {
                    let frame = n < report.frameIndices.count ? report.frameIndices[n] : n
                    let ms = Double(hitch) / 1e6
                    let radius = 3 + min(ms / budget, 3) * 2
                    var ring = Path()
                    ring.addEllipse(in: Rect(x: x(frame) - radius, y: y(Double(report.frameTurnNanoseconds[n]) / 1e6) - radius,
                                             width: radius * 2, height: radius * 2))
                    context.stroke(ring, with: .color(hitchInk), style: StrokeStyle(lineWidth: 1.5))
                    let height = max(2, min(ms / budget, 1) * strip.height)
                    context.fill(Rect(x: x(frame) - 1, y: stripY + strip.height - height, width: 2.5, height: height), with: color)
                }
            }
            // Title, legend, x label.
            context.draw(try TextLayout("scroll-sim \(trace.rawValue), \(fps) Hz: the loop turn of each delivered frame; hitches ringed in red",
                                        style: TextStyle(size: 18, weight: .bold, color: Color(white: 0.1))),
                         at: Point(x: plot.minX, y: 16))
            var legendX = plot.minX
            for report in reports {
                context.fill(Rect(x: legendX, y: 54, width: 18, height: 4), with: colors[report.strategy] ?? .black)
                context.draw(try TextLayout("\(report.strategy)", style: TextStyle(size: 13, weight: .bold, color: Color(white: 0.15))),
                             at: Point(x: legendX + 24, y: 46))
                let figures = String(format: "%.1f ms/s %@ · %d hitches · %d dropped", report.hitchTimeRatio,
                                     report.hitchRating.rawValue, report.hitches, report.droppedFrames)
                context.draw(try TextLayout(figures, style: TextStyle(size: 12, color: report.hitchRating == .good ? Color(white: 0.25) : hitchInk)),
                             at: Point(x: legendX + 24, y: 64))
                legendX += 272
            }
            context.draw(try TextLayout("frame of the trace (time); strips: each strategy's hitches, bar height = hitch time up to one frame",
                                        style: style), at: Point(x: plot.minX + 180, y: plot.maxY + 12))
            context.draw(try TextLayout("\(frames)", style: style), at: Point(x: plot.maxX - 20, y: plot.maxY + 4))
        }
    }
}
