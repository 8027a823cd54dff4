import DisplayLoop
import Foundation
import LayerKitSupport
import Testing

@ThreadLoopActor final class ThreadCounter {
    static let shared = ThreadCounter()
    var value = 0
}

@Suite(.serialized) struct ThreadDriverTests {
    /// 10^6 jobs from 8 concurrent producers: every one runs, so no wake-up was lost between a
    /// producer's enqueue and the loop going to sleep.
    @Test(.timeLimit(.minutes(5))) func noLostWakeUps() async {
        let producers = 8, perProducer = 125_000
        let start = await ThreadLoopActor.run { ThreadCounter.shared.value }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<producers {
                group.addTask {
                    for _ in 0..<perProducer {
                        Task { @ThreadLoopActor in ThreadCounter.shared.value += 1 }
                    }
                }
            }
        }
        // Every producer's enqueues happened before the group returned, so this job is queued
        // after all of them: the loop is serial and FIFO, so when it runs, they all have. (A lost
        // wake-up with nothing else to wake the loop hangs here, and the time limit fails it.)
        let seen = await ThreadLoopActor.run { ThreadCounter.shared.value } - start
        #expect(seen == producers * perProducer)
        // Metrics are updated when a turn ends: wait for the end of the turn that ran them.
        await ThreadLoopActor.afterTheCurrentTurn()
        #expect(ThreadLoopActor.loop.metrics.jobs >= UInt64(producers * perProducer))
    }

    @Test func jobsRunOnTheLoopsOwnThread() async {
        // The OS thread's own name (Foundation's Thread.current.name is not it on Linux).
        let name = await ThreadLoopActor.run { () -> String in
            let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            return comm.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(name == "ThreadLoopActor")
        let isolated = await ThreadLoopActor.run { ThreadLoopActor.loop.isDrainingOnCurrentThread }
        #expect(isolated)
        #expect(!ThreadLoopActor.loop.isDrainingOnCurrentThread)
    }

    #if compiler(>=6.2) && os(Linux)
    /// An idle loop sleeps: over one idle second its process uses (almost) no CPU. Runs in a child
    /// process of its own so the other tests' work does not count. (The second is the measuring
    /// window, not a wait for anything.)
    @Test func anIdleLoopUsesNoCPU() async {
        await #expect(processExitsWith: .success) {
            let loop = DisplayLoop(name: "idle", driver: .thread(name: "idle"))
            let points = loop.beforeWaitingPoints()
            loop.setNeedsBeforeWaiting()  // start the thread, one turn
            for await _ in points { break }  // the thread runs its turn; then it has nothing to do
            var before = rusage(), after = rusage()
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &before)
            usleep(1_000_000)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &after)
            func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
            let cpu = seconds(after.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_utime) - seconds(before.ru_stime)
            let turns = loop.metrics.turns
            loop.shutdown()
            // A spinning loop would use ~1 s; a sleeping one well under 20 ms.
            exit(cpu < 0.02 && turns == 1 ? 0 : 1)
        }
    }
    #endif

    @Test func shutdownJoinsTheThread() async {
        let loop = DisplayLoop(name: "short-lived", driver: .thread(name: "short-lived"))
        let points = loop.beforeWaitingPoints()
        loop.setNeedsBeforeWaiting()  // starts the thread: one turn, yielded to `points`
        for await _ in points { break }  // the thread runs, in its first turn's last step
        loop.shutdown()                  // returns once the thread has finished that turn and exited
        #expect(loop.metrics.turns == 1)
    }
}

extension ThreadLoopActor {
    static func run<T: Sendable>(_ body: @ThreadLoopActor () -> T) async -> T {
        await body()
    }
}

extension ThreadLoopActor {
    /// Returns once the turn the loop is in (or the next, if it is idle) has ended, with its
    /// metrics recorded: a job queued from a before-waiting observer runs in the following turn,
    /// and a turn's metrics are recorded before the next turn starts.
    static func afterTheCurrentTurn() async {
        let observer = Lock<DisplayLoop.BeforeWaitingObserver?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let pending = Lock<CheckedContinuation<Void, Never>?>(continuation)
            let added = loop.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: .max) { _ in
                guard let continuation = pending.withLock({ $0.take() }) else { return }
                Task { @ThreadLoopActor in continuation.resume() }
            }
            observer.withLock { $0 = added }
            loop.setNeedsBeforeWaiting()  // a turn even if the loop is idle
        }
        if let added = observer.withLock({ $0 }) { loop.removeBeforeWaitingObserver(added) }
    }
}
