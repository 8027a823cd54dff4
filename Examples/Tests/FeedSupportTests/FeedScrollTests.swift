import FeedSupport
import Foundation
import Testing

/// The feed demo's scroll models (``FeedScroll``): the steady scroll exactly as the demo computed
/// it before the flings, and the thumb's flings (``ThumbFlings``) — monotonic, decelerating as
/// UIKit does, still between flings, and reaching the end when their model says.
@Suite struct FeedScrollTests {
    /// The bundled feed's furthest viewport top: 108,535 pt of content in an 812 pt viewport.
    static let maxOffset = 108_535.0 - 812

    /// Every frame of `scroll` at 60 Hz until the end (the end's frame included).
    static func frames(_ scroll: FeedScroll, maxOffset: Double = maxOffset) -> [FeedScroll.Sample] {
        var samples: [FeedScroll.Sample] = []
        for frame in 0..<100_000 {
            let sample = scroll.sample(frame: frame, framesPerSecond: 60, maxOffset: maxOffset)
            samples.append(sample)
            if sample.atEnd { break }
        }
        return samples
    }

    @Test func theSteadyScrollIsTheOldOneToTheLastBit() {
        let samples = Self.frames(.steady(pointsPerSecond: 24_000))
        #expect(samples.count == 271)  // the old demo's 271 frames
        for (frame, sample) in samples.enumerated() {
            // The demo's formula before the flings: offset (index + 1) × speed / fps for link frame `index`.
            let offset = min(Self.maxOffset, Double(frame) * 24_000 / Double(60))
            #expect(sample.offset == offset && sample.velocity == (offset >= Self.maxOffset ? 0 : 24_000))
        }
        #expect(samples.last?.atEnd == true && samples.dropLast().allSatisfy { !$0.atEnd })
        // A feed shorter than the viewport: at the end from the first frame, at rest.
        #expect(FeedScroll.steady(pointsPerSecond: 24_000).sample(frame: 0, framesPerSecond: 60, maxOffset: 0)
                == .init(offset: 0, velocity: 0, atEnd: true))
    }

    @Test func flingOffsetsNeverGoBackAndReachTheEndWhenTheModelSays() throws {
        let flings = ThumbFlings.standard
        let samples = Self.frames(.flings(flings))
        let offsets = samples.map(\.offset)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(offsets.first == 0 && offsets.last == Self.maxOffset)
        #expect(samples.allSatisfy { $0.velocity >= 0 && $0.velocity <= flings.releaseVelocity })
        #expect(samples.last?.velocity == 0)
        // The end's frame is the first at or after the time the model gives for the distance.
        let seconds = flings.seconds(toTravel: Self.maxOffset)
        #expect(samples.count - 1 == Int((seconds * 60).rounded(.up)))
        // The numbers the doc comment gives: 2,121 pt a fling, 0.85 s apart, 51 flings, about 43 s.
        #expect(abs(flings.distancePerFling - 2_121.2) < 0.05)
        #expect(abs(flings.period - 0.85) < 1e-12)
        #expect(flings.flings(toTravel: Self.maxOffset) == 51)
        #expect(seconds > 42.5 && seconds < 43.5)
        #expect(FeedScroll.flings(flings).seconds(toTravel: Self.maxOffset) == seconds)
    }

    @Test func aFlingSpeedsUpWhileDraggedDecaysAsUIKitsNormalRateThenRests() {
        let flings = ThumbFlings.standard
        let k = -1000 * log(0.998)
        #expect(abs(flings.decayPerSecond - k) < 1e-12)
        // Drag: from rest to the release velocity, evenly.
        #expect(flings.position(at: 0) == (0, 0))
        let halfDrag = flings.position(at: flings.dragSeconds / 2)
        #expect(abs(halfDrag.velocity - flings.releaseVelocity / 2) < 1e-9)
        // Coast: the velocity is multiplied by 0.998 every millisecond, and the offset follows it.
        var previous = flings.position(at: flings.dragSeconds)
        #expect(abs(previous.velocity - flings.releaseVelocity) < 1e-9)
        for step in 1..<600 {
            let now = flings.position(at: flings.dragSeconds + Double(step) / 1000)
            #expect(abs(now.velocity / previous.velocity - 0.998) < 1e-9)
            #expect(now.offset > previous.offset)
            previous = now
        }
        // Near the next touch the list still moves at 30 % of the release velocity.
        #expect(abs(previous.velocity / flings.releaseVelocity - 0.30) < 0.005)
        // Rest: still, at the fling's distance, until the next fling's drag.
        let resting = flings.position(at: flings.dragSeconds + flings.coastSeconds + flings.restSeconds / 2)
        #expect(resting.velocity == 0 && abs(resting.offset - flings.distancePerFling) < 1e-6)
        // The next fling starts where this one ended, from rest.
        let next = flings.position(at: flings.period)
        #expect(abs(next.offset - flings.distancePerFling) < 1e-6 && next.velocity == 0)
        let later = flings.position(at: 10 * flings.period + 0.3)
        let first = flings.position(at: 0.3)
        #expect(abs(later.offset - (10 * flings.distancePerFling + first.offset)) < 1e-6 && abs(later.velocity - first.velocity) < 1e-9)
    }

    @Test(arguments: [ThumbFlings.standard, ThumbFlings(releaseVelocity: 3_000, dragSeconds: 0, coastSeconds: 1, restSeconds: 0)])
    func secondsToTravelInvertsThePosition(_ flings: ThumbFlings) {
        for distance in stride(from: 1.0, through: 20_000, by: 97.5) {
            let seconds = flings.seconds(toTravel: distance)
            #expect(abs(flings.position(at: seconds).offset - distance) < 1e-6, "\(distance) pt at \(seconds) s")
        }
        #expect(flings.seconds(toTravel: 0) == 0 && flings.flings(toTravel: 0) == 0)
    }

    @Test func badScrollsAreRefused() throws {
        for scroll in [
            FeedScroll.steady(pointsPerSecond: 0), .steady(pointsPerSecond: .infinity),
            .flings(ThumbFlings(releaseVelocity: 0)), .flings(ThumbFlings(decelerationRate: 1)),
            .flings(ThumbFlings(decelerationRate: 0)), .flings(ThumbFlings(dragSeconds: -1)),
            .flings(ThumbFlings(coastSeconds: 0)), .flings(ThumbFlings(restSeconds: .nan)),
        ] {
            #expect(throws: FeedRenderError.self) { try scroll.validate() }
        }
        try FeedScroll.default.validate()
        try FeedScroll.steady(pointsPerSecond: 24_000).validate()
    }

    @Test func theScrollIsDescribedForTheSummary() {
        #expect(FeedScroll.steady(pointsPerSecond: 24_000).description == "at 24000 pt/s")
        #expect(FeedScroll.default.description == "in flings released at 5000 pt/s, ×0.998 per ms, one every 0.85 s")
        #expect(FeedScroll.default.model == "flings" && FeedScroll.steady(pointsPerSecond: 1).model == "steady")
        #expect(FeedScroll.default.peakSpeed == 5_000)
    }
}
