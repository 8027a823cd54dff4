@testable import DisplayLoop
import Foundation
import Testing

/// The display link's vsync source on the continuous clock: its ticks are fired by a thread of
/// its own, so no frame waits for a cooperative-pool thread (the tick then enqueues a job straight
/// onto the loop's executor). Checked on the thread itself, not by saturating the pool: a test
/// that blocked the pool starved the tests beside it and, once, itself past its time limit.
@Suite(.timeLimit(.minutes(5))) struct FrameTimerTests {
    @Test func aTickFiresOnTheTimersOwnThread() async {
        let (fired, continuation) = AsyncStream<String>.makeStream()
        let timer = FrameTimer(name: "FrameTimerTest") { continuation.yield(Self.currentThreadName()) }
        defer { timer.stop() }
        timer.schedule(at: .now)
        var ticks = fired.makeAsyncIterator()
        let name = await ticks.next(); #expect(name == "FrameTimerTest", "\(String(describing: name))")
    }

    /// The calling thread's OS name (`/proc/thread-self/comm`).
    static func currentThreadName() -> String {
        let text = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aLaterDeadlineReplacesAnEarlierOneNotReached() async {
        let (fired, continuation) = AsyncStream<ContinuousClock.Instant>.makeStream()
        let timer = FrameTimer(name: "FrameTimerReplace") { continuation.yield(.now) }
        defer { timer.stop() }
        let start = ContinuousClock.now
        timer.schedule(at: start + .seconds(30))
        timer.schedule(at: start + .milliseconds(20))  // replaces the 30 s deadline
        var ticks = fired.makeAsyncIterator()
        let tick = await ticks.next()
        #expect(tick.map { $0 >= start + .milliseconds(20) && $0 < start + .seconds(30) } == true)
    }
}
