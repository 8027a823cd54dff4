import AsyncLayerKit
import ReferenceCard

/// The loop's turn durations while render lanes are busy: the product's real situation. A 60 Hz
/// display link marks one of four reference-card layers per frame (each draw goes to the lanes
/// and comes back as a job that sets the contents), for `seconds`: first with the lanes otherwise
/// idle, then while producers keep every lane thread rendering reference cards continuously.
enum LoopTurnsUnderLoad {
    struct Figures {
        var p50: Double
        var p99: Double
        var max: Double
        var frames: Int
        var dropped: Int
        var shown: Int
    }

    static func measure(assets: ReferenceCardAssets, seconds: Double, producers: Int) async throws -> (idle: Figures, loaded: Figures) {
        let idle = try await run(assets: assets, seconds: seconds, producers: 0)
        let loaded = try await run(assets: assets, seconds: seconds, producers: producers)
        return (idle, loaded)
    }

    static func run(assets: ReferenceCardAssets, seconds: Double, producers: Int) async throws -> Figures {
        let stop = StopFlag()
        let records = LiveCardRecord.samples
        let lanes = RenderLanes.shared
        let feed = await Task { @DisplayActor in CardFeed(assets: assets) }.value
        let before = DisplayLoop.main.metrics.recentTurnNanoseconds.count
        let figures = try await withThrowingTaskGroup(of: Void.self) { group -> Figures in
            for producer in 0..<producers {
                group.addTask {
                    var index = producer
                    while !stop.isSet {
                        let record = records[index & 1]
                        _ = try await lanes.render(priority: .utility) { try ReferenceCard.render(record, assets: assets).width }
                        index += 1
                    }
                }
            }
            await Task { @DisplayActor in feed.start() }.value
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            let result = await feed.stopFromOutside()
            let (frames, dropped, shown) = (result.frames, result.dropped, result.shown)
            stop.set()
            try await group.waitForAll()
            let turns = DisplayLoop.main.metrics.recentTurnNanoseconds.dropFirst(before).map { Double($0) / 1000 }
            let sorted = turns.sorted()
            func pct(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(p / 100 * Double(sorted.count)))] }
            return Figures(p50: pct(50), p99: pct(99), max: sorted.last ?? 0, frames: frames, dropped: dropped, shown: shown)
        }
        return figures
    }
}

/// Four card layers; the display link marks one per frame.
@DisplayActor
final class CardFeed: AsyncLayerDelegate {
    let assets: ReferenceCardAssets
    var layers: [AsyncLayer] = []
    let link = DisplayLink(framesPerSecond: 60)
    var frame = 0

    init(assets: ReferenceCardAssets) {
        self.assets = assets
        for _ in 0..<4 {
            let layer = AsyncLayer(bounds: Rect(size: ReferenceCard.size), contentsScale: 2)
            layer.delegate = self
            layers.append(layer)
        }
    }

    func start() {
        link.start { [weak self] _ in
            guard let self else { return }
            frame += 1
            layers[frame % layers.count].setNeedsDisplay()
        }
    }

    struct Result: Sendable {
        var frames: Int
        var dropped: Int
        var shown: Int
    }

    func stop() -> Result {
        link.stop()
        return Result(frames: link.deliveredFrames, dropped: link.droppedFrames, shown: layers.reduce(0) { $0 + $1.statistics.finished })
    }

    nonisolated func stopFromOutside() async -> Result {
        await stop()
    }

    func newDisplayTask(for layer: AsyncLayer) -> AsyncLayerDisplayTask {
        let assets = self.assets, record = LiveCardRecord.samples[frame & 1]
        return AsyncLayerDisplayTask(display: { context, _ in
            try ReferenceCard.draw(record, assets: assets, in: context)
        })
    }
}
