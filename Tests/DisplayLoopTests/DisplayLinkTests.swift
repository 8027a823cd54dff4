import AsyncLayerKitTesting
import Dispatch
import DisplayLoop
import Foundation
import Testing

@Suite(.mainDisplayLoop) struct DisplayLinkTests {
    final class Frames: @unchecked Sendable {
        // @unchecked Sendable: appended on DisplayActor (inside the manual loop's turns), read by
        // the test between turns on the same driving thread.
        var list: [DisplayLink<ManualClock>.Frame] = []
    }

    @Test(arguments: [60, 120])
    func framesArriveOncePerIntervalWithTheirDeadlines(rate: Int) async {
        let clock = ManualClock()
        let frames = Frames()
        let link = DisplayLoop.drive { () -> DisplayLink<ManualClock> in
            let link = DisplayLink(framesPerSecond: rate, clock: clock)
            link.start { frames.list.append($0) }
            return link
        }.value
        let interval = Duration.nanoseconds(1_000_000_000 / rate)

        for expected in 0..<3 {
            #expect(await clock.waitForSleepers())
            clock.advance(by: interval)
            await DisplayLoop.main.waitForJobs()
            DisplayLoop.main.runUntilIdle()
            #expect(frames.list.count == expected + 1)
        }
        #expect(frames.list.map(\.index) == [0, 1, 2])
        #expect(frames.list.map(\.timestamp.offset) == [interval, interval * 2, interval * 3])
        #expect(frames.list.allSatisfy { $0.deadline.offset == $0.timestamp.offset + interval })
        #expect(DisplayLoop.drive { (link.deliveredFrames, link.droppedFrames) }.value == (3, 0))
        #expect(DisplayLoop.drive { (link.hitches, link.hitchAccounting.hitchTime, link.hitchAccounting.frames) }.value == (0, .zero, 3))
        DisplayLoop.drive { link.stop() }
    }

    /// A frame whose turn starts on time but whose work runs 35 ms past its deadline is a hitch
    /// of 35 ms, measured at the end of its turn. (The old accounting saw only turns that *start*
    /// late: it counted the frames after this one as dropped and this one as fine.)
    @Test(arguments: [60, 120])
    func aTurnThatRunsPastItsDeadlineIsAHitchByItsOverrun(rate: Int) async {
        let clock = ManualClock()
        let frames = Frames()
        let link = DisplayLoop.drive { () -> DisplayLink<ManualClock> in
            let link = DisplayLink(framesPerSecond: rate, clock: clock)
            link.start { frame in
                frames.list.append(frame)
                // Frame 0's work: the loop is busy until 35 ms past the frame's deadline.
                if frame.index == 0 { clock.advance(by: clock.now.duration(to: frame.deadline) + .milliseconds(35)) }
            }
            return link
        }.value
        let interval = link.interval
        #expect(await clock.waitForSleepers())
        clock.advance(by: interval)  // frame 0 is due
        await DisplayLoop.main.waitForJobs()
        DisplayLoop.main.runUntilIdle()
        #expect(frames.list.first?.index == 0)
        // Closed at the end of frame 0's turn (the next frame, if the ticker came back in time
        // to be delivered too, is on time and adds nothing).
        #expect(DisplayLoop.drive { (link.hitches, link.hitchAccounting.hitchTime) }.value == (1, .milliseconds(35)))

        // The ticker finds frame 1's time long past: it drops the frames due by now and delivers
        // the next one, which has nothing to do and is on time.
        for _ in 0..<100 where frames.list.count < 2 {
            await DisplayLoop.main.waitForJobs()
            DisplayLoop.main.runUntilIdle()
        }
        let skipped = rate == 60 ? 2 : 4
        #expect(frames.list.map(\.index) == [0, skipped + 1])
        #expect(frames.list.last?.skippedBefore == skipped)
        let (dropped, account) = DisplayLoop.drive { (link.droppedFrames, link.hitchAccounting) }.value
        #expect(dropped == skipped)
        #expect(account.hitches == 1)
        #expect(account.hitchTime == .milliseconds(35) && account.longestHitch == .milliseconds(35))
        #expect(account.frames == skipped + 2)
        #expect(account.rating == .critical)
        DisplayLoop.drive { link.stop() }
        DisplayLoop.main.runUntilIdle()  // a tick on its way, if any, is ignored by the stopped link
    }

    @Test func aLateLoopDropsTheFramesItMissed() async {
        let clock = ManualClock()
        let frames = Frames()
        let link = DisplayLoop.drive { () -> DisplayLink<ManualClock> in
            let link = DisplayLink(framesPerSecond: 60, clock: clock)
            link.start { frames.list.append($0) }
            return link
        }.value
        let interval = link.interval
        #expect(await clock.waitForSleepers())
        clock.advance(by: interval)  // frame 0 on time
        await DisplayLoop.main.waitForJobs()
        DisplayLoop.main.runUntilIdle()
        // The loop is busy for 2.5 frames: frames 1 and 2 start after their deadlines.
        #expect(await clock.waitForSleepers())
        clock.advance(by: interval * 3 + interval / 2)
        await DisplayLoop.main.waitForJobs()
        DisplayLoop.main.runUntilIdle()
        #expect(frames.list.map(\.index) == [0, 3])
        #expect(frames.list.last?.skippedBefore == 2)
        #expect(DisplayLoop.drive { (link.deliveredFrames, link.droppedFrames) }.value == (2, 2))
        DisplayLoop.drive { link.stop() }
        // Cancelling the ticker runs ManualClock's cancellation handler synchronously: its sleep is
        // gone when stop() returns (or refused when it registers later).
        #expect(clock.sleeperCount == 0)  // the ticker's sleep was cancelled
        DisplayLoop.main.runUntilIdle()  // no tick can come: the sleep is gone
    }
}
