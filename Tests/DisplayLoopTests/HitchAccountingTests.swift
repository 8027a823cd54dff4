import AsyncLayerKitTesting
import DisplayLoop
import Testing

/// Apple's hitch accounting, frame by frame, on manual-clock instants: a frame is a hitch when its
/// work *ends* after its deadline, by the overrun, whenever the work started.
struct HitchAccountingTests {
    typealias Instant = ManualClock.Instant

    static func at(_ duration: Duration) -> Instant { Instant(offset: duration) }

    /// A turn that starts on time and runs 35 ms past its deadline is one hitch of 35 ms; the frames
    /// it made the link drop are inside that overrun and add nothing; the next frame is on time.
    @Test(arguments: [60, 120])
    func aTurnThatEndsPastItsDeadlineIsAHitchOfItsOverrun(rate: Int) {
        let interval = Duration.nanoseconds(1_000_000_000 / rate)
        var account = HitchAccounting<Instant>(interval: interval)
        // Frame 0: due at `interval`, deadline 2 × interval; its work ends 35 ms past the deadline.
        let deadline = Self.at(interval * 2)
        let end = deadline.advanced(by: .milliseconds(35))
        #expect(account.record(deadline: deadline, workEnded: end) == .milliseconds(35))
        // The display link's rule: the next frames whose deadlines passed by `end` are dropped; the
        // one delivered is the first whose deadline is after `end`.
        var skipped = 0
        var next = deadline.advanced(by: interval)
        while next < end {
            skipped += 1
            next = next.advanced(by: interval)
        }
        #expect(skipped == (rate == 60 ? 2 : 4))
        #expect(account.record(deadline: next, workEnded: end.advanced(by: .milliseconds(1)), skippedBefore: skipped) == .zero)

        #expect(account.hitches == 1)
        #expect(account.hitchTime == .milliseconds(35))
        #expect(account.longestHitch == .milliseconds(35))
        #expect(account.frames == skipped + 2 && account.deliveredFrames == 2 && account.droppedFrames == skipped)
        let (whole, fraction) = (interval * (skipped + 2)).components
        let seconds = Double(whole) + Double(fraction) / 1e18
        #expect(abs(account.hitchTimeRatio - 35 / seconds) < 1e-6)
        #expect(account.rating == .critical)
    }

    /// A turn that starts on time but ends past its deadline: judged by when its work ends, the
    /// frame is late, even though a rule looking only at turn starts would call it fine.
    @Test func aLongTurnThatStartsOnTimeIsStillAHitch() {
        var account = HitchAccounting<Instant>(interval: .milliseconds(10))
        let start = Self.at(.milliseconds(10)), deadline = Self.at(.milliseconds(20))
        #expect(start < deadline)  // not dropped: it started in time
        account.record(deadline: deadline, workEnded: start.advanced(by: .milliseconds(35)))
        #expect(account.hitches == 1)
        #expect(account.hitchTime == .milliseconds(25))
    }

    @Test func framesWhoseWorkEndsByTheirDeadlinesAreNoHitches() {
        var account = HitchAccounting<Instant>(interval: .milliseconds(10))
        for frame in 1...100 {
            let deadline = Self.at(.milliseconds(10 * frame + 10))
            account.record(deadline: deadline, workEnded: deadline)  // ends exactly at the deadline: on time
        }
        #expect(account.hitches == 0 && account.hitchTime == .zero)
        #expect(account.hitchTimeRatio == 0 && account.rating == .good)
        #expect(account.duration == .seconds(1))
    }

    /// Frames dropped while the loop was busy with other work (the frame before them was on time)
    /// left the screen waiting: the next frame is late from the first dropped deadline.
    @Test func droppedFramesTheScreenWaitedThroughAreHitchTime() {
        var account = HitchAccounting<Instant>(interval: .milliseconds(10))
        account.record(deadline: Self.at(.milliseconds(20)), workEnded: Self.at(.milliseconds(12)))
        // Frames due at 30 and 40 were dropped; the frame due at 50 ends on time at 45.
        let hitch = account.record(deadline: Self.at(.milliseconds(50)), workEnded: Self.at(.milliseconds(45)), skippedBefore: 2)
        #expect(hitch == .milliseconds(20))
        #expect(account.hitches == 1 && account.frames == 4)
    }

    /// A frame that overran covers the dropped deadlines it ran past, only those.
    @Test func anOverrunCoversOnlyTheDroppedDeadlinesItRanPast() {
        var account = HitchAccounting<Instant>(interval: .milliseconds(10))
        // Due at 20, presented at 32: a 12 ms hitch; the frame due at 30 is covered, the one due at 40 is not.
        #expect(account.record(deadline: Self.at(.milliseconds(20)), workEnded: Self.at(.milliseconds(32))) == .milliseconds(12))
        #expect(account.record(deadline: Self.at(.milliseconds(50)), workEnded: Self.at(.milliseconds(48)), skippedBefore: 2) == .milliseconds(10))
        #expect(account.hitchTime == .milliseconds(22))
    }

    @Test func everyLateFrameOfASteadilyLateLoopCounts() {
        var account = HitchAccounting<Instant>(interval: .milliseconds(10))
        for frame in 1...3 {
            let deadline = Self.at(.milliseconds(10 * frame + 10))
            account.record(deadline: deadline, workEnded: deadline.advanced(by: .milliseconds(5)))
        }
        #expect(account.hitches == 3 && account.hitchTime == .milliseconds(15))
    }

    @Test func ratiosFallInApplesBands() {
        #expect(HitchAccounting<Instant>.ratio(hitchTime: .milliseconds(35), over: .seconds(1)) == 35)
        #expect(HitchAccounting<Instant>.ratio(hitchTime: .milliseconds(12), over: .seconds(4)) == 3)
        #expect(HitchAccounting<Instant>.ratio(hitchTime: .milliseconds(12), over: .zero) == 0)
        #expect(HitchRating(ratio: 0) == .good)
        #expect(HitchRating(ratio: 4.99) == .good)
        #expect(HitchRating(ratio: 5) == .warning)
        #expect(HitchRating(ratio: 10) == .warning)
        #expect(HitchRating(ratio: 10.01) == .critical)
    }
}
