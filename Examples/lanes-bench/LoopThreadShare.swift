import BenchSupport
import AsyncLayerKit
import Foundation
import ReferenceCard

/// How much slower a nice-0 "loop" thread gets through a fixed piece of CPU work while every
/// render thread is busy, with the renders in a low lane (workers at nice +10) against the
/// `userInteractive` lane (workers at nice 0). 1.0 means no slowdown.
enum LoopThreadShare {
    /// Returns (slowdown under background rendering, slowdown under userInteractive rendering).
    static func measure(assets: ReferenceCardAssets, width: Int, producers: Int) async throws -> (background: Double, userInteractive: Double) {
        let iterations = await calibrate()
        var idleTimes: [Double] = []
        for _ in 0..<5 { idleTimes.append(await timeOnThread(iterations)) }
        let idle = idleTimes.median
        var result: [RenderPriority: Double] = [:]
        for lane in [RenderPriority.background, .userInteractive] {
            let lanes = RenderLanes(width: width)
            defer { lanes.shutdown() }
            let stop = StopFlag()
            let records = LiveCardRecord.samples
            try await withThrowingTaskGroup(of: Void.self) { group in
                for producer in 0..<producers {
                    group.addTask {
                        var index = producer
                        while !stop.isSet {
                            let record = records[index & 1]
                            _ = try await lanes.render(priority: lane) { try ReferenceCard.render(record, assets: assets).width }
                            index += 1
                        }
                    }
                }
                // Let the lanes fill every core, then time the loop thread's work.
                try await Task.sleep(for: .milliseconds(200))
                // The loop thread is a thread of its own; no cooperative thread blocks meanwhile.
                var times: [Double] = []
                for _ in 0..<5 { times.append(await timeOnThread(iterations)) }
                stop.set()
                try await group.waitForAll()
                result[lane] = times.median / idle
            }
        }
        return (result[.background]!, result[.userInteractive]!)
    }

    /// Iterations of `spin` that take about 50 ms on an idle core.
    static func calibrate() async -> Int {
        var iterations = 1_000_000
        while true {
            let seconds = await timeOnThread(iterations)
            if seconds >= 0.05 { return Int(Double(iterations) * 0.05 / seconds) }
            iterations *= 2
        }
    }

    /// Wall-clock seconds a fresh thread at the default priority (nice 0) takes for `iterations`.
    static func timeOnThread(_ iterations: Int) async -> Double {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let start = ContinuousClock.now
                let sink = spin(iterations)
                let seconds = start.duration(to: .now).seconds
                continuation.resume(returning: sink == 42 ? -seconds : seconds)
            }
            thread.start()
        }
    }
}

/// CPU work the optimiser cannot remove.
@inline(never)
func spin(_ iterations: Int) -> UInt64 {
    var x: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<iterations { x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
    return x
}

/// Tells the producers to stop.
final class StopFlag: Sendable {
    private let flag = CardCounter()
    func set() { flag.increment() }
    var isSet: Bool { flag.value > 0 }
}
