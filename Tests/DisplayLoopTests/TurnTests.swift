@testable import DisplayLoop
import LayerKitSupport
import Testing

/// The turn semantics on a manual loop. Serialized: the suite shares one loop.
@Suite(.serialized) struct TurnTests {
    let loop = ManualLoopActor.loop

    @Test func aTurnRunsTheJobsThenThePhasesInOrder() {
        let log = Log()
        // Registered out of order on purpose; they must run layout → display → transactions → completions.
        let observers = [
            loop.addBeforeWaitingObserver(phase: .asyncTransactionCompletions) { _ in log.append("completions") },
            loop.addBeforeWaitingObserver(phase: .transactions) { _ in log.append("transactions") },
            loop.addBeforeWaitingObserver(phase: .display, order: 2) { _ in log.append("display-2") },
            loop.addBeforeWaitingObserver(phase: .layout) { turn in
                #expect(self.loop.pendingJobCount == 0)  // the queue has drained
                #expect(turn.jobCount == 3)
                log.append("layout")
            },
            loop.addBeforeWaitingObserver(phase: .display, order: 1) { _ in log.append("display-1") },
        ]
        defer { observers.forEach(loop.removeBeforeWaitingObserver) }
        for i in 0..<3 { Task { @ManualLoopActor in log.append("job \(i)") } }
        #expect(loop.pendingJobCount == 3)  // enqueued synchronously, nothing ran yet

        let turn = loop.runTurn()
        #expect(turn?.jobCount == 3)
        #expect(turn?.phasesRun == [.layout, .display, .transactions, .asyncTransactionCompletions])
        #expect(log.all == ["job 0", "job 1", "job 2", "layout", "display-1", "display-2", "transactions", "completions"])
        #expect(loop.runTurn() == nil)  // idle: nothing to do, nothing runs
    }

    @Test func jobsEnqueuedByJobsRunInTheSameTurn() {
        let log = Log()
        Task { @ManualLoopActor in
            log.append("outer")
            Task { @ManualLoopActor in log.append("inner") }
        }
        let turns = loop.runUntilIdle()
        #expect(turns.count == 1)
        #expect(turns.first?.jobCount == 2)
        #expect(log.all == ["outer", "inner"])
    }

    @Test func workEnqueuedDuringThePhasesGoesToTheNextTurn() {
        let log = Log()
        let armed = Counter()
        let observer = loop.addBeforeWaitingObserver(phase: .transactions) { turn in
            log.append("flush \(turn.number)")
            if armed.count == 0 {
                armed.increment()
                Task { @ManualLoopActor in log.append("enqueued by the flush") }
            }
        }
        defer { loop.removeBeforeWaitingObserver(observer) }
        Task { @ManualLoopActor in log.append("job") }
        let first = loop.runTurn()
        #expect(log.all.last.map { $0.hasPrefix("flush") } == true)
        #expect(!log.all.contains("enqueued by the flush"))
        let second = loop.runTurn()
        #expect(second?.number == (first?.number ?? 0) + 1)
        #expect(second?.jobCount == 1)
        #expect(log.all.contains("enqueued by the flush"))
        #expect(loop.runTurn() == nil)  // the flush did not re-arm itself
    }

    @Test func theSequenceYieldsRequestedPointsAndNeverReArms() async {
        // Every point the loop yields, to any sequence, in an unbounded buffer: the oracle for
        // "nothing more arrives" (the public sequence keeps only the newest point).
        let yields = YieldProbe(loop: loop)
        let received = Counter()
        let consumer = Task { @ManualLoopActor in
            for await _ in ManualLoopActor.loop.beforeWaitingPoints() {
                received.increment()   // a "flush" that requests nothing
            }
        }
        loop.runUntilIdle()  // the consumer subscribes and suspends
        #expect(received.count == 0)

        // Each requested point takes two turns: the point's own, then the consumer's "flush",
        // whose job reaches the loop through AsyncStream's nonisolated `next` — during the first
        // round of turns or a moment after it, so the rounds go on until the flush has run.
        loop.setNeedsBeforeWaiting()
        let first = await turns { received.count == 1 }
        #expect(first.count == 2 && first.last?.jobCount == 1)
        #expect(loop.runUntilIdle().isEmpty)  // the flush requested nothing

        for _ in 0..<5 { loop.setNeedsBeforeWaiting() }  // coalesced into one point
        let second = await turns { received.count == 2 }
        #expect(second.count == 2 && second.last?.jobCount == 1)
        consumer.cancel()
        loop.runUntilIdle()
        // Exactly the two requested points were yielded: not the flush turns, not any other.
        // A yield is synchronous in the turn, so a loop that re-armed itself (yielded at the
        // flush's turn) would have put that turn here, whatever the timing.
        #expect(await yields.finish() == [first.first?.number, second.first?.number].compactMap { $0 })
    }

    /// Runs rounds of turns until `condition` holds, waiting for the loop's next job between
    /// rounds (at most 10 s each); returns every turn run.
    private func turns(until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async -> [TurnRecord] {
        var turns = loop.runUntilIdle()
        while !condition() {
            guard await loop.waitForWork(timeout: .seconds(10)) else {
                Issue.record("the condition did not hold and no job reached the loop in 10 s", sourceLocation: sourceLocation)
                break
            }
            turns += loop.runUntilIdle()
        }
        return turns
    }

    @Test func observersCanBeRemoved() {
        let count = Counter()
        let observer = loop.addBeforeWaitingObserver(phase: .layout) { _ in count.increment() }
        loop.setNeedsBeforeWaiting()
        loop.runUntilIdle()
        loop.removeBeforeWaitingObserver(observer)
        loop.setNeedsBeforeWaiting()
        loop.runUntilIdle()
        #expect(count.count == 1)
    }

    @Test func metricsCountTurnsAndJobs() {
        let before = loop.metrics
        for _ in 0..<4 { Task { @ManualLoopActor in } }
        loop.runUntilIdle()
        loop.setNeedsBeforeWaiting()
        loop.runUntilIdle()
        let after = loop.metrics
        #expect(after.turns - before.turns == 2)
        #expect(after.jobs - before.jobs == 4)
        #expect(after.turnDurationPercentile(50) <= after.turnDurationPercentile(99))
        #expect(after.turnDurationPercentile(100) == after.recentTurnNanoseconds.max())
    }

    @Test func aManualLoopIsNotDrivenByAnyoneElse() {
        let driver = ThreadIdentity.current
        let ranBy = Lock<[Bool]>([])
        Task { @ManualLoopActor in ranBy.withLock { $0.append(ThreadIdentity.current == driver) } }
        // Nobody else can run it: the enqueue started no thread (that is decided in the enqueue,
        // under the loop's lock) and the job waits in the queue.
        #expect(!loop.state.withLock { $0.hasStartedThread })
        #expect(loop.pendingJobCount == 1)
        let turns = loop.runUntilIdle()
        #expect(turns.count == 1 && turns.first?.jobCount == 1)
        #expect(ranBy.withLock { $0 } == [true])  // once, by this thread's runUntilIdle
    }
}

extension TurnTests {
    @Test func aTurnNeverNests() {
        let nested = Counter()
        Task { @ManualLoopActor in
            if ManualLoopActor.loop.runTurn() == nil { nested.increment() }
        }
        #expect(loop.runUntilIdle().count == 1)
        #expect(nested.count == 1)
    }
}

/// Collects every before-waiting point a loop yields to its sequences, unbounded, until
/// ``finish()``: registered beside the public sequences, in the loop's own list.
final class YieldProbe: Sendable {
    private let loop: DisplayLoop
    private let id: Int
    private let stream: AsyncStream<TurnRecord>
    private let continuation: AsyncStream<TurnRecord>.Continuation

    init(loop: DisplayLoop) {
        self.loop = loop
        (stream, continuation) = AsyncStream.makeStream(of: TurnRecord.self, bufferingPolicy: .unbounded)
        let continuation = self.continuation
        id = loop.state.withLock { state -> Int in
            state.nextObserverID += 1
            state.sequences[state.nextObserverID] = continuation
            return state.nextObserverID
        }
    }

    /// Stops collecting; returns the numbers of the turns that yielded, in order.
    func finish() async -> [UInt64] {
        _ = loop.state.withLock { $0.sequences.removeValue(forKey: id) }
        continuation.finish()
        var numbers: [UInt64] = []
        for await turn in stream { numbers.append(turn.number) }
        return numbers
    }
}
