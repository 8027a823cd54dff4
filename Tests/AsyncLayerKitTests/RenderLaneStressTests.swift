import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// Many producers, many tiny items, back-pressure on: every item completes exactly once.
@Suite(.timeLimit(.minutes(5))) struct RenderLaneStressTests {
    @Test(arguments: [(producers: 8, items: 100_000)])
    func everyItemCompletesExactlyOnce(producers: Int, items: Int) async throws {
        let lanes = RenderLanes(admissionLimit: 64, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let runs = Tally(count: items)
        let returned = Counter()
        let perProducer = items / producers
        try await withThrowingTaskGroup(of: Void.self) { outer in
            for producer in 0..<producers {
                outer.addTask {
                    try await withThrowingTaskGroup(of: Int.self) { group in
                        for offset in 0..<perProducer {
                            let index = producer * perProducer + offset
                            group.addTask {
                                try await lanes.render(priority: RenderPriority.servingOrder[index % 4]) {
                                    runs.increment(index)
                                    return index
                                }
                            }
                        }
                        for try await _ in group { returned.increment() }
                    }
                }
            }
            try await outer.waitForAll()
        }
        #expect(returned.value == items)
        #expect(runs.allExactlyOnce)
        let metrics = lanes.metrics
        #expect(metrics.executor.ranTotal == items)
        #expect(metrics.admittedTotal == items)
        #expect(metrics.admitted == 0)
        #expect(metrics.executor.queued == 0)
        #expect(metrics.executor.maxRunning <= lanes.executor.width)
    }
}
