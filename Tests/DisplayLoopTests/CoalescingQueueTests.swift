import DisplayLoop
import Testing

/// A global actor on a manual loop of this suite's own, so the queue is bound to a loop other
/// than ``DisplayLoop/main``.
@globalActor private actor QueueLoopActor {
    static let shared = QueueLoopActor()
    static let loop = DisplayLoop(name: "CoalescingQueueTests", driver: .manual)
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.loop.asUnownedSerialExecutor() }
}

/// A commit target that any thread may hold.
private final class Target: Sendable {}

/// The coalescing queue on the loop it is given: commits in that loop's jobs, one run per key at
/// that loop's phase, with the turn record passed through. Serialized: the suite shares one loop.
@Suite(.serialized) struct CoalescingQueueTests {
    let loop = QueueLoopActor.loop

    @Test func commitsRunOnceAtTheirLoopsPhaseWithTheTurnRecord() throws {
        let queue = CoalescingQueue(phase: .transactions, loop: loop)
        let log = Log()
        let (a, b) = (Target(), Target())
        Task { @QueueLoopActor in
            for value in 1...3 {
                queue.commit(a, action: "x") { _, turn in log.append("a.x \(value) turn \(turn.number)") }
            }
            queue.commit(b, action: "x") { _, turn in log.append("b.x turn \(turn.number)") }
            queue.commit(a, action: "y") { _, turn in log.append("a.y turn \(turn.number)") }
            log.append("job ends, pending \(queue.pendingCount)")
        }
        let turn = try #require(loop.runTurn())
        #expect(turn.phasesRun == [.transactions])
        let n = turn.number
        // Once per key, first commit's place and body, after the job: never mid-turn.
        #expect(log.all == ["job ends, pending 3", "a.x 1 turn \(n)", "b.x turn \(n)", "a.y turn \(n)"])
        #expect(queue.flushCount == 1)
        #expect(queue.flushedCount == 3)
        // The commits asked for a before-waiting point: one more turn, in which nothing runs.
        #expect(loop.runUntilIdle().count == 1)
        #expect(log.all.count == 4)
        withExtendedLifetime((a, b)) {}
    }

    @Test func aCommitMadeByAFlushRunsInTheNextTurnItAsksFor() {
        let queue = CoalescingQueue(phase: .display, loop: loop)
        let log = Log()
        let target = Target()
        Task { @QueueLoopActor in
            queue.commit(target, action: "draw") { target, turn in
                log.append("first, turn \(turn.number)")
                queue.commit(target, action: "draw") { _, turn in log.append("again, turn \(turn.number)") }
            }
        }
        let turns = loop.runUntilIdle()
        #expect(turns.count == 2)
        #expect(log.all == ["first, turn \(turns[0].number)", "again, turn \(turns[1].number)"])
        withExtendedLifetime(target) {}
    }

    @Test func aCommitInAJobNeedNotAskForAnotherTurn() {
        let queue = CoalescingQueue(phase: .layout, loop: loop)
        let log = Log()
        let target = Target()
        Task { @QueueLoopActor in
            queue.commit(target, action: "deliver", requestsBeforeWaiting: false) { _, turn in log.append("turn \(turn.number)") }
        }
        let turns = loop.runUntilIdle()
        #expect(turns.count == 1)  // a request made in the job would add an empty turn after it
        #expect(log.all == ["turn \(turns[0].number)"])
        withExtendedLifetime(target) {}
    }
}
