import AsyncLayerKitTesting
import DisplayLoop
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
        DisplayLoop.drive { link.stop() }
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
        for _ in 0..<1000 where clock.sleeperCount > 0 { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(clock.sleeperCount == 0)  // the ticker's sleep was cancelled
        await DisplayLoop.main.waitForJobs()
        DisplayLoop.main.runUntilIdle()
    }
}
