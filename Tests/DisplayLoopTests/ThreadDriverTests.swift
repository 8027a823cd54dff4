import DisplayLoop
import Foundation
import Testing

@ThreadLoopActor final class ThreadCounter {
    static let shared = ThreadCounter()
    var value = 0
}

@Suite(.serialized) struct ThreadDriverTests {
    /// 10^6 jobs from 8 concurrent producers: every one runs, so no wake-up was lost between a
    /// producer's enqueue and the loop going to sleep.
    @Test(.timeLimit(.minutes(2))) func noLostWakeUps() async {
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
        var seen = 0
        for _ in 0..<6000 {
            seen = await ThreadLoopActor.run { ThreadCounter.shared.value } - start
            if seen == producers * perProducer { break }
            try? await Task.sleep(for: .milliseconds(10))
        }
        #expect(seen == producers * perProducer)
        // Metrics are updated when a turn ends; the last turn may still be finishing.
        for _ in 0..<500 where ThreadLoopActor.loop.metrics.jobs < UInt64(producers * perProducer) {
            try? await Task.sleep(for: .milliseconds(2))
        }
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
    /// process of its own so the other tests' work does not count.
    @Test func anIdleLoopUsesNoCPU() async {
        await #expect(processExitsWith: .success) {
            let loop = DisplayLoop(name: "idle", driver: .thread(name: "idle"))
            loop.setNeedsBeforeWaiting()  // start the thread, one turn
            usleep(100_000)
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
        loop.setNeedsBeforeWaiting()
        for _ in 0..<100 where loop.metrics.turns == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        loop.shutdown()
        #expect(loop.metrics.turns >= 1)
    }
}

extension ThreadLoopActor {
    static func run<T: Sendable>(_ body: @ThreadLoopActor () -> T) async -> T {
        await body()
    }
}
