import AsyncLayerKit
@testable import Rendering
import AsyncLayerKitTesting
import DisplayLoop
import LayerKitSupport
import Testing

/// The least-recently-used store with a byte budget that ``ElementCache`` keeps its entries in.
@Suite struct LRUByteStoreTests {
    @Test func evictsTheLeastRecentlyUsedByBytes() {
        var store = LRUByteStore<String, Int>(byteLimit: 100)
        _ = store.insert(1, cost: 40, for: "a")
        _ = store.insert(2, cost: 40, for: "b")
        #expect(store.value(for: "a") == 1)  // a is now the most recent
        let outcome = store.insert(3, cost: 40, for: "c")  // over budget: b, the least recent, goes
        #expect(outcome.evicted.map(\.key) == ["b"])
        #expect(store.value(for: "b") == nil)
        #expect(store.value(for: "a") == 1)
        #expect(store.value(for: "c") == 3)
        #expect(store.bytes == 80 && store.count == 2)
    }

    @Test func replacingAndRejecting() {
        var store = LRUByteStore<String, Int>(byteLimit: 100)
        _ = store.insert(1, cost: 30, for: "a")
        let replacing = store.insert(2, cost: 50, for: "a")  // replaced, not added
        #expect(replacing.replaced?.value == 1)
        #expect(store.bytes == 50)
        let huge = store.insert(9, cost: 101, for: "huge")  // alone over the budget: not kept, nothing evicted
        #expect(huge.rejected && huge.evicted.isEmpty)
        #expect(store.value(for: "huge") == nil)
        #expect(store.value(for: "a") == 2)
    }

    @Test func trimmingAnswersMemoryPressure() {
        var store = LRUByteStore<Int, Int>(byteLimit: 1000)
        for i in 0..<10 { _ = store.insert(i, cost: 100, for: i) }
        _ = store.evict(downTo: 250)
        #expect(store.bytes == 200 && store.count == 2)
        #expect(store.value(for: 9) == 9)  // the newest survive
        #expect(store.value(for: 8) == 8)
        store.byteLimit = 100
        _ = store.evict(downTo: store.byteLimit)
        #expect(store.count == 1)
    }

    /// 10 000 random operations against a plain array model of LRU-by-bytes.
    @Test(arguments: [1, 2, 3])
    func matchesASimpleModel(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var store = LRUByteStore<Int, Int>(byteLimit: 500)
        var model: [(key: Int, cost: Int)] = []  // oldest first
        for step in 0..<10_000 {
            let key = Int(rng.next() % 40)
            if rng.next() % 3 == 0 {
                let cost = Int(rng.next() % 120)
                _ = store.insert(step, cost: cost, for: key)
                model.removeAll { $0.key == key }
                if cost <= 500 {
                    model.append((key, cost))
                    while model.reduce(0, { $0 + $1.cost }) > 500 { model.removeFirst() }
                }
            } else {
                let hit = store.value(for: key) != nil
                let index = model.firstIndex { $0.key == key }
                #expect(hit == (index != nil))
                if let index { model.append(model.remove(at: index)) }
            }
        }
        #expect(store.bytes == model.reduce(0) { $0 + $1.cost })
        #expect(store.count == model.count)
    }
}

@Suite(.timeLimit(.minutes(5))) struct InFlightWorkTests {
    /// A gate work waits on, opened by the test: the waiting task is suspended (a continuation,
    /// no polling) until `open()`, or until it is cancelled, which lets it through at once.
    final class Gate: Sendable {
        private struct State {
            var isOpen = false
            var nextID = 0
            var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        }
        private let state = Lock(State())
        func open() {
            let waiters = state.withLock { state in
                state.isOpen = true
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume() }
        }
        func wait() async {
            let id = state.withLock { state in
                state.nextID += 1
                return state.nextID
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let passes = state.withLock { state in
                        if state.isOpen || Task.isCancelled { return true }
                        state.waiters[id] = continuation
                        return false
                    }
                    if passes { continuation.resume() }
                }
            } onCancel: {
                state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
            }
        }
    }

    final class Count: Sendable {
        private let value = Lock(0)
        func add() { value.withLock { $0 += 1 } }
        var current: Int { value.withLock { $0 } }
    }

    @Test func identicalConcurrentRequestsShareOneWork() async throws {
        let shared = InFlightWork<String, Int>()
        let runs = Count(), gate = Gate()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    try await shared.value(for: "card") {
                        runs.add()
                        await gate.wait()
                        return 42
                    }
                }
            }
            try await shared.waitForWaiters(10, for: "card")
            gate.open()
            for try await value in group { #expect(value == 42) }
        }
        #expect(runs.current == 1)
        #expect(shared.started == 1)
        #expect(shared.joined == 9)
        #expect(shared.inFlightCount == 0)
    }

    @Test func theWorkIsCancelledOnlyWhenItsLastWaiterLeaves() async throws {
        let shared = InFlightWork<String, Int>()
        let gate = Gate()
        // One element per cancellation the work saw, finished when the work ends.
        let (cancelsSeen, sawCancel) = AsyncStream<Void>.makeStream()
        let work: @Sendable () async throws -> Int = {
            defer { sawCancel.finish() }
            await gate.wait()
            if Task.isCancelled { sawCancel.yield() }
            try Task.checkCancellation()
            return 7
        }
        let first = Task { try await shared.value(for: "k", work) }
        let second = Task { try await shared.value(for: "k", work) }
        try await shared.waitForWaiters(2, for: "k")

        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(shared.waiterCount(for: "k") == 1)
        #expect(shared.cancelledWorks == 0)  // the other waiter still wants it

        second.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        #expect(shared.cancelledWorks == 1)
        var cancellations = 0
        for await _ in cancelsSeen { cancellations += 1 }  // until the work ends
        #expect(cancellations == 1)  // the work saw its cancellation

        gate.open()
        #expect(try await shared.value(for: "k") { 8 } == 8)  // a new request starts afresh
    }

    @Test func aHigherPriorityWaiterEscalatesTheWork() async throws {
        let shared = InFlightWork<String, TaskPriority>()
        let gate = Gate()
        let low = Task(priority: .low) {
            try await shared.value(for: "k") {
                await gate.wait()
                return Task.currentPriority
            }
        }
        try await shared.waitForWaiters(1, for: "k")
        let high = Task(priority: .high) { try await shared.value(for: "k") { .low } }
        try await shared.waitForWaiters(2, for: "k")
        gate.open()
        let seen = try await low.value
        #expect(seen >= .high)
        #expect(try await high.value == seen)
    }

    @Test func anErrorReachesEveryWaiter() async throws {
        struct Boom: Error {}
        let shared = InFlightWork<Int, Int>()
        let gate = Gate()
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    do {
                        _ = try await shared.value(for: 1) { await gate.wait(); throw Boom() }
                        return false
                    } catch {
                        return error is Boom
                    }
                }
            }
            try await shared.waitForWaiters(5, for: 1)
            gate.open()
            for try await sawBoom in group { #expect(sawBoom) }
        }
    }
}
