import Foundation

/// How the feed demo's virtual viewport moves down the feed: where its top is, and how fast it
/// moves, at each display-link frame.
///
/// The scroll is a function of the frame's index (its time, `frame / framesPerSecond` seconds after
/// the first frame), not of the frames handled: a loop that drops frames sees the scroll jump, as
/// a real screen would, and two runs over the same scroll meet the same offsets at the same frames.
public enum FeedScroll: Sendable, Hashable, CustomStringConvertible {
    /// A steady scroll at `pointsPerSecond` from the first frame to the end of the feed.
    case steady(pointsPerSecond: Double)
    /// A thumb flicking down the feed again and again (``ThumbFlings``).
    case flings(ThumbFlings)

    /// The default: ``ThumbFlings/standard``.
    public static let `default` = FeedScroll.flings(.standard)

    /// The viewport at one frame.
    public struct Sample: Sendable, Hashable {
        /// The viewport's top, in points from the top of the feed, within `0...maxOffset`.
        public var offset: Double
        /// The scroll velocity, in points per second (0 once the end is reached).
        public var velocity: Double
        /// Whether the viewport has reached `maxOffset`, the end of the feed.
        public var atEnd: Bool

        /// Creates a sample.
        public init(offset: Double, velocity: Double, atEnd: Bool) {
            self.offset = offset
            self.velocity = velocity
            self.atEnd = atEnd
        }
    }

    /// The viewport at frame `frame` (0: the first frame, at offset 0) of a display link at
    /// `framesPerSecond`, in a feed whose viewport top goes no further than `maxOffset`.
    ///
    /// ``steady(pointsPerSecond:)`` is `frame × speed / framesPerSecond` (the demo's scroll before
    /// the flings, computed the same way to the last bit).
    public func sample(frame: Int, framesPerSecond: Int, maxOffset: Double) -> Sample {
        let limit = max(0, maxOffset)
        switch self {
        case .steady(let speed):
            let offset = min(limit, Double(frame) * speed / Double(framesPerSecond))
            let atEnd = offset >= limit
            return Sample(offset: offset, velocity: atEnd ? 0 : speed, atEnd: atEnd)
        case .flings(let flings):
            let (offset, velocity) = flings.position(at: Double(frame) / Double(framesPerSecond))
            let atEnd = offset >= limit
            return Sample(offset: min(limit, offset), velocity: atEnd ? 0 : velocity, atEnd: atEnd)
        }
    }

    /// Seconds from the first frame until the viewport's top reaches `distance` points (≥ 0).
    public func seconds(toTravel distance: Double) -> Double {
        switch self {
        case .steady(let speed): max(0, distance) / speed
        case .flings(let flings): flings.seconds(toTravel: distance)
        }
    }

    /// The fastest the viewport moves, in points per second: the steady speed, or the flings'
    /// release velocity.
    public var peakSpeed: Double {
        switch self {
        case .steady(let speed): speed
        case .flings(let flings): flings.releaseVelocity
        }
    }

    /// `steady` or `flings`: the model's name in the summary's JSON.
    public var model: String {
        switch self {
        case .steady: "steady"
        case .flings: "flings"
        }
    }

    /// `at 24000 pt/s`, or `in flings released at 5000 pt/s, ×0.998 per ms, one every 0.85 s`.
    public var description: String {
        switch self {
        case .steady(let speed):
            return "at \(String(format: "%.0f", speed)) pt/s"
        case .flings(let flings):
            return "in flings released at \(String(format: "%.0f", flings.releaseVelocity)) pt/s, ×\(flings.decelerationRate) per ms, "
                + "one every \(String(format: "%.2f", flings.period)) s"
        }
    }

    /// Checks the values.
    ///
    /// - Throws: ``FeedRenderError/invalidOption(_:)`` naming the first bad value.
    public func validate() throws(FeedRenderError) {
        switch self {
        case .steady(let speed):
            guard speed.isFinite, speed > 0 else { throw .invalidOption("scroll speed \(speed): expected > 0 points per second") }
        case .flings(let flings):
            try flings.validate()
        }
    }
}

/// A thumb flicking down a feed, fling after fling, until the end: the default scroll of the feed
/// demo, at speeds and decelerations a person meets on a phone.
///
/// One fling is three phases, repeated from the first frame on:
///
/// 1. **Drag**, ``dragSeconds`` (0.15 s): the thumb lands, which stops the list (as a touch stops a
///    decelerating `UIScrollView`), and drags it while speeding up evenly from rest to
///    ``releaseVelocity``: `v = v₀·s/d`, `x = v₀·s²/(2d)`.
/// 2. **Coast**, ``coastSeconds`` (0.6 s): the thumb lifts and the list decelerates as UIKit's
///    scroll views do, its velocity multiplied by ``decelerationRate`` every millisecond —
///    `UIScrollView.DecelerationRate.normal`, 0.998 (Apple's documentation; the library's
///    ``/AsyncLayerKit/ScrollMotion/normalDeceleration``): `v = v₀·e^(−k·u)`,
///    `x = v₀/k·(1 − e^(−k·u))`, `k = −1000·ln(0.998)` ≈ 2.0 per second. At the next touch the list
///    still moves at 30 % of its release speed: a reader skimming a feed flicks again before it stops.
/// 3. **Rest**, ``restSeconds`` (0.1 s): the thumb comes back for the next flick; the list is still.
///
/// The release velocity, 5,000 pt/s, is a brisk flick: the library's range tuning calls
/// 4,000 pt/s a typical fling (``/AsyncLayerKit/RangeConfiguration/velocityLookahead``), scroll-sim
/// releases its fling at 8,000 pt/s, and Android caps a fling at 8,000 dp/s
/// (`ViewConfiguration.MAXIMUM_FLING_VELOCITY`). With these values one fling moves the list
/// 2,121 pt (2.6 screens of 812 pt) in 0.85 s, about 2,500 pt/s on average, a tenth of the
/// demo's old steady 24,000 pt/s; the 108,535 pt sample feed takes 51 flings, about 43 s.
public struct ThumbFlings: Sendable, Hashable {
    /// The velocity at which the thumb lifts, in points per second (> 0).
    public var releaseVelocity: Double
    /// The factor the velocity is multiplied by every millisecond while the list coasts, in (0, 1).
    public var decelerationRate: Double
    /// Seconds the thumb drags the list, speeding it up from rest to ``releaseVelocity`` (≥ 0).
    public var dragSeconds: Double
    /// Seconds the list coasts before the thumb lands again (> 0).
    public var coastSeconds: Double
    /// Seconds the list stays still before the next drag (≥ 0).
    public var restSeconds: Double

    /// Creates flings; the defaults are ``standard``'s.
    public init(
        releaseVelocity: Double = 5_000,
        decelerationRate: Double = 0.998,
        dragSeconds: Double = 0.15,
        coastSeconds: Double = 0.6,
        restSeconds: Double = 0.1
    ) {
        self.releaseVelocity = releaseVelocity
        self.decelerationRate = decelerationRate
        self.dragSeconds = dragSeconds
        self.coastSeconds = coastSeconds
        self.restSeconds = restSeconds
    }

    /// A brisk thumb: 5,000 pt/s at release, UIKit's normal deceleration, one fling every 0.85 s.
    public static let standard = ThumbFlings()

    /// The decay constant `k`, per second: `−1000·ln(decelerationRate)`.
    public var decayPerSecond: Double { -1000 * log(decelerationRate) }

    /// Seconds from one fling's start to the next's.
    public var period: Double { dragSeconds + coastSeconds + restSeconds }

    /// Points one fling moves the list: the drag's `v₀·d/2` plus the coast's `v₀/k·(1 − e^(−k·c))`.
    public var distancePerFling: Double {
        releaseVelocity * dragSeconds / 2 + releaseVelocity / decayPerSecond * (1 - exp(-decayPerSecond * coastSeconds))
    }

    /// The flings it takes to move the list `distance` points (0 for no distance).
    public func flings(toTravel distance: Double) -> Int {
        distance <= 0 ? 0 : Int((distance / distancePerFling).rounded(.up))
    }

    /// The list's offset from where the first fling began, and its velocity, `seconds` after it
    /// began; without an end (the caller clamps).
    public func position(at seconds: Double) -> (offset: Double, velocity: Double) {
        let t = max(0, seconds)
        let cycles = (t / period).rounded(.down)
        let s = t - cycles * period
        // Each fling starts at `cycles × distance` and its coast never passes `(cycles + 1) × distance`,
        // the rest's offset: computed the same way on both sides, so the offsets never go back.
        let base = cycles * distancePerFling, end = (cycles + 1) * distancePerFling
        let v0 = releaseVelocity, k = decayPerSecond
        if s < dragSeconds {
            return (min(end, base + v0 * s * s / (2 * dragSeconds)), v0 * s / dragSeconds)
        }
        let u = s - dragSeconds
        guard u < coastSeconds else { return (end, 0) }
        let decay = exp(-k * u)
        return (min(end, base + v0 * dragSeconds / 2 + v0 / k * (1 - decay)), v0 * decay)
    }

    /// Seconds from the first fling's start until the list has moved `distance` points (≥ 0): the
    /// inverse of ``position(at:)``'s offset.
    public func seconds(toTravel distance: Double) -> Double {
        guard distance > 0 else { return 0 }
        let perFling = distancePerFling
        // The fling in which the distance is reached, and what is left of it there.
        let cycles = (distance / perFling).rounded(.up) - 1
        let left = distance - cycles * perFling
        let v0 = releaseVelocity, k = decayPerSecond
        let dragDistance = v0 * dragSeconds / 2
        let within: Double
        if left <= dragDistance {
            within = dragSeconds > 0 ? (2 * dragSeconds * left / v0).squareRoot() : 0
        } else {
            // left − v₀·d/2 = v₀/k·(1 − e^(−k·u))  ⇒  u = −ln(1 − (left − v₀·d/2)·k/v₀)/k
            let fraction = min(1, (left - dragDistance) * k / v0)
            within = dragSeconds + min(coastSeconds, -log(1 - fraction) / k)
        }
        return cycles * period + within
    }

    /// Checks the values.
    ///
    /// - Throws: ``FeedRenderError/invalidOption(_:)`` naming the first bad value.
    public func validate() throws(FeedRenderError) {
        guard releaseVelocity.isFinite, releaseVelocity > 0 else {
            throw .invalidOption("fling velocity \(releaseVelocity): expected > 0 points per second")
        }
        guard decelerationRate.isFinite, decelerationRate > 0, decelerationRate < 1 else {
            throw .invalidOption("deceleration rate \(decelerationRate): expected 0 < rate < 1 per millisecond")
        }
        guard dragSeconds.isFinite, dragSeconds >= 0, dragSeconds <= 10 else {
            throw .invalidOption("drag \(dragSeconds) s: expected 0...10 seconds")
        }
        guard coastSeconds.isFinite, coastSeconds > 0, coastSeconds <= 60 else {
            throw .invalidOption("coast \(coastSeconds) s: expected 0 < coast ≤ 60 seconds")
        }
        guard restSeconds.isFinite, restSeconds >= 0, restSeconds <= 10 else {
            throw .invalidOption("rest \(restSeconds) s: expected 0...10 seconds")
        }
    }
}
