import Foundation

/// How a scroll is assumed to continue from its current velocity, to predict where items will be.
///
/// ``constantVelocity`` keeps the velocity forever: the cautious model while a finger drags.
/// ``decaying(ratePerMillisecond:)`` is a fling slowing down the way UIKit's scroll views do: the
/// velocity is multiplied by `rate` every millisecond (`UIScrollView.DecelerationRate.normal` is
/// 0.998, `.fast` 0.99), so it decays as `v(t) = v₀·e^(−k·t)` with `k = −1000·ln(rate)` per second,
/// and the scroll travels `v₀/k` points in all before it stops.
public enum ScrollMotion: Sendable, Hashable {
    /// The velocity stays as it is.
    case constantVelocity
    /// The velocity decays by `ratePerMillisecond` every millisecond (0 < rate < 1).
    case decaying(ratePerMillisecond: Double)

    /// UIKit's normal deceleration: 0.998 per millisecond.
    public static let normalDeceleration = ScrollMotion.decaying(ratePerMillisecond: 0.998)

    /// The decay constant `k` per second, or `nil` for a constant velocity (or a rate outside
    /// (0, 1), which counts as constant velocity).
    var decayPerSecond: Double? {
        guard case .decaying(let rate) = self, rate > 0, rate < 1 else { return nil }
        return -1000 * log(rate)
    }

    /// The distance, in points, the scroll still travels from `velocity` (signed, points per
    /// second) before it stops: infinite for ``constantVelocity`` with a non-zero velocity.
    public func remainingDistance(velocity: Double) -> Double {
        guard velocity != 0, velocity.isFinite else { return 0 }
        guard let k = decayPerSecond else { return velocity > 0 ? .infinity : -.infinity }
        return velocity / k
    }

    /// Seconds until the scroll has travelled `distance` points (≥ 0) at `speed` (> 0, points per
    /// second), or `nil` if it stops first.
    func time(toTravel distance: Double, speed: Double) -> Double? {
        if distance <= 0 { return 0 }
        guard speed > 0, speed.isFinite else { return nil }
        guard let k = decayPerSecond else { return distance / speed }
        // distance = speed·(1 − e^(−k·t))/k  ⇒  t = −ln(1 − distance·k/speed)/k
        let fraction = distance * k / speed
        guard fraction < 1 else { return nil }
        return -log(1 - fraction) / k
    }
}
