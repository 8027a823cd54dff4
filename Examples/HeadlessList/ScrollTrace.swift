public import AsyncLayerKit
import Foundation

/// A scroll, sampled once per frame: where the list's viewport is, how fast it moves, whether a
/// finger is down, and the events a list reacts to (a drag beginning, a fling released towards
/// its target, the motion ending).
///
/// A trace is a value: build it once, run it under several strategies, and every run sees the
/// same offsets. Sample `i` is the state at frame `i` (time `i / framesPerSecond`); a list that
/// drops frames still follows the trace by frame index, so a late loop sees the scroll jump, as
/// a real screen would.
///
/// ```swift
/// let trace = ScrollTrace.fling(velocity: 6_000, contentLength: items.contentLength,
///                               viewportHeight: 844, framesPerSecond: 60)
/// ```
///
/// The generators model UIKit: a drag moves at the finger's speed; a fling decelerates by
/// ``ScrollMotion/normalDeceleration`` (the velocity times 0.998 every millisecond) and stops at
/// `offset + v₀/k` (``ScrollMotion/remainingDistance(velocity:)``), or at the end of the content
/// (no bounce); a jump to the top is an ease-out animation.
public struct ScrollTrace: Sendable, Hashable {
    /// The list's state at one frame.
    public struct Sample: Sendable, Hashable {
        /// The viewport's top, in points from the top of the content.
        public var offset: Double
        /// The scroll velocity, in points per second: positive scrolling down (offsets growing).
        public var velocity: Double
        /// Whether a finger is on the list.
        public var isTouching: Bool
        /// What happened at this frame, in order.
        public var events: [Event]

        /// Creates a sample.
        public init(offset: Double, velocity: Double, isTouching: Bool, events: [Event] = []) {
            self.offset = offset
            self.velocity = velocity
            self.isTouching = isTouching
            self.events = events
        }
    }

    /// An event of a scroll.
    public enum Event: Sendable, Hashable {
        /// A finger began dragging the list (UIKit's `scrollViewWillBeginDragging`).
        case dragBegan
        /// The finger was lifted at `velocity` (points per second) and the list will decelerate to
        /// `target` (UIKit's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`).
        case flingReleased(target: Double, velocity: Double)
        /// A programmatic scroll animation towards `target` began (a jump to the top).
        case animationBegan(target: Double)
        /// The motion ended, for `reason`.
        case motionEnded(SettleReason)
    }

    /// Frames per second the samples were taken at.
    public var framesPerSecond: Int
    /// The viewport's height the trace was made for, in points.
    public var viewportHeight: Double
    /// One sample per frame.
    public var samples: [Sample]

    /// Creates a trace from samples.
    public init(framesPerSecond: Int, viewportHeight: Double, samples: [Sample]) {
        self.framesPerSecond = min(max(framesPerSecond, 1), 240)
        self.viewportHeight = viewportHeight
        self.samples = samples
    }

    /// The number of frames.
    public var frameCount: Int { samples.count }
    /// The trace's length in time.
    public var duration: Duration { .nanoseconds(Int64(samples.count) * 1_000_000_000 / Int64(framesPerSecond)) }
    /// The offset of the last sample (0 for an empty trace).
    public var finalOffset: Double { samples.last?.offset ?? 0 }

    /// This trace followed by `other` (which should start where this one ends).
    public func appending(_ other: ScrollTrace) -> ScrollTrace {
        ScrollTrace(framesPerSecond: framesPerSecond, viewportHeight: viewportHeight, samples: samples + other.samples)
    }

    // MARK: Generators

    /// The frame interval in seconds.
    private static func dt(_ framesPerSecond: Int) -> Double { 1 / Double(min(max(framesPerSecond, 1), 240)) }

    /// The largest offset of content `contentLength` long in a viewport `viewportHeight` tall.
    public static func maxOffset(contentLength: Double, viewportHeight: Double) -> Double {
        max(0, contentLength - viewportHeight)
    }

    /// The list at rest at `offset` for `frames` frames.
    public static func rest(at offset: Double, frames: Int, viewportHeight: Double, framesPerSecond: Int) -> ScrollTrace {
        let samples = (0..<max(0, frames)).map { _ in Sample(offset: offset, velocity: 0, isTouching: false) }
        return ScrollTrace(framesPerSecond: framesPerSecond, viewportHeight: viewportHeight, samples: samples)
    }

    /// A finger dragging the list at a steady `speed` (points per second, negative upwards) from
    /// `start` for `seconds`, clamped to the content; the first frame has ``Event/dragBegan``.
    /// The finger stays down at the end (follow with a fling or ``lift(_:)``).
    public static func drag(
        from start: Double, speed: Double, seconds: Double,
        contentLength: Double, viewportHeight: Double, framesPerSecond: Int
    ) -> ScrollTrace {
        let dt = dt(framesPerSecond)
        let limit = maxOffset(contentLength: contentLength, viewportHeight: viewportHeight)
        let frames = max(1, Int((seconds / dt).rounded()))
        var samples: [Sample] = []
        var offset = min(max(start, 0), limit)
        for frame in 0..<frames {
            let next = min(max(offset + speed * dt, 0), limit)
            let velocity = frame == 0 ? 0 : (next - offset) / dt
            if frame > 0 { offset = next }
            samples.append(Sample(offset: offset, velocity: velocity, isTouching: true, events: frame == 0 ? [.dragBegan] : []))
        }
        return ScrollTrace(framesPerSecond: framesPerSecond, viewportHeight: viewportHeight, samples: samples)
    }

    /// A finger lifted without a fling: the motion ends at once (``SettleReason/decelerationEnded``).
    public static func lift(_ trace: ScrollTrace) -> ScrollTrace {
        var trace = trace
        let offset = trace.finalOffset
        trace.samples.append(Sample(offset: offset, velocity: 0, isTouching: false, events: [.motionEnded(.decelerationEnded)]))
        return trace
    }

    /// The deceleration after a finger is lifted at `offset` with `velocity` (points per second):
    /// the first frame carries ``Event/flingReleased(target:velocity:)``, the frame where the
    /// scroll stops (its speed under 10 pt/s, or the content's end reached) carries
    /// ``Event/motionEnded(_:)`` with ``SettleReason/decelerationEnded``.
    public static func deceleration(
        from offset: Double, velocity: Double,
        contentLength: Double, viewportHeight: Double, framesPerSecond: Int,
        motion: ScrollMotion = .normalDeceleration
    ) -> ScrollTrace {
        let dt = dt(framesPerSecond)
        let limit = maxOffset(contentLength: contentLength, viewportHeight: viewportHeight)
        let start = min(max(offset, 0), limit)
        let target = min(max(start + motion.remainingDistance(velocity: velocity), 0), limit)
        // v(t) = v₀·e^(−k·t), x(t) = x₀ + v₀/k·(1 − e^(−k·t)), k = −1000·ln(rate).
        let k: Double
        if case .decaying(let rate) = motion, rate > 0, rate < 1 { k = -1000 * log(rate) } else { k = -1000 * log(0.998) }
        var samples = [Sample(offset: start, velocity: velocity, isTouching: false,
                              events: [.flingReleased(target: target, velocity: velocity)])]
        var frame = 1
        while true {
            let t = Double(frame) * dt
            let decay = exp(-k * t)
            let v = velocity * decay
            let x = start + velocity / k * (1 - decay)
            let clamped = min(max(x, 0), limit)
            let stopped = abs(v) < 10 || clamped != x || frame > 60 * 30
            if stopped {
                samples.append(Sample(offset: clamped != x ? clamped : target, velocity: 0, isTouching: false,
                                      events: [.motionEnded(.decelerationEnded)]))
                break
            }
            samples.append(Sample(offset: x, velocity: v, isTouching: false))
            frame += 1
        }
        return ScrollTrace(framesPerSecond: framesPerSecond, viewportHeight: viewportHeight, samples: samples)
    }

    /// An animated scroll from `start` to `target` over `seconds`, ease-out (cubic):
    /// ``Event/animationBegan(target:)`` first, then ``Event/motionEnded(_:)`` with `reason`.
    public static func animation(
        from start: Double, to target: Double, seconds: Double,
        reason: SettleReason = .scrollAnimationEnded, viewportHeight: Double, framesPerSecond: Int
    ) -> ScrollTrace {
        let dt = dt(framesPerSecond)
        let frames = max(2, Int((seconds / dt).rounded()))
        var samples: [Sample] = []
        for frame in 0...frames {
            let p = Double(frame) / Double(frames)
            let eased = 1 - pow(1 - p, 3)
            let x = start + (target - start) * eased
            // d/dt of the eased position.
            let v = frame == frames ? 0 : (target - start) * 3 * pow(1 - p, 2) / (Double(frames) * dt)
            var events: [Event] = []
            if frame == 0 { events.append(.animationBegan(target: target)) }
            if frame == frames { events.append(.motionEnded(reason)) }
            samples.append(Sample(offset: frame == frames ? target : x, velocity: v, isTouching: false, events: events))
        }
        return ScrollTrace(framesPerSecond: framesPerSecond, viewportHeight: viewportHeight, samples: samples)
    }

    // MARK: The four traces of scroll-sim

    /// The kinds of trace scroll-sim runs.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A steady drag down.
        case drag
        /// A short drag, a fling released at a high velocity, the deceleration, a rest.
        case fling
        /// A fling down, then an animated jump to the top.
        case jump
        /// Flings down and up, alternating, with drags between.
        case backAndForth = "back-and-forth"
    }

    /// One of scroll-sim's traces over content `contentLength` long, each ending with half a
    /// second at rest (so the list can finish drawing what is visible once the motion stops).
    ///
    /// - `drag`: 3 s at 1,200 pt/s.
    /// - `fling`: 0.25 s of drag at 1,500 pt/s, released at `flingVelocity` (default 8,000 pt/s).
    /// - `jump`: a fling as above, 0.3 s at rest, then a 0.4 s animation to the top.
    /// - `back-and-forth`: a fling down, a drag up and a fling up, a drag down and a fling down.
    public static func make(
        _ kind: Kind, contentLength: Double, viewportHeight: Double, framesPerSecond: Int,
        flingVelocity: Double = 8_000
    ) -> ScrollTrace {
        let fps = framesPerSecond, h = viewportHeight, length = contentLength
        func rest(_ trace: ScrollTrace, seconds: Double) -> ScrollTrace {
            trace.appending(.rest(at: trace.finalOffset, frames: Int(seconds * Double(fps)), viewportHeight: h, framesPerSecond: fps))
        }
        func fling(from offset: Double, velocity: Double) -> ScrollTrace {
            let drag = ScrollTrace.drag(from: offset, speed: velocity > 0 ? 1_500 : -1_500, seconds: 0.25,
                                        contentLength: length, viewportHeight: h, framesPerSecond: fps)
            return drag.appending(.deceleration(from: drag.finalOffset, velocity: velocity, contentLength: length,
                                                viewportHeight: h, framesPerSecond: fps))
        }
        switch kind {
        case .drag:
            let drag = ScrollTrace.drag(from: 0, speed: 1_200, seconds: 3, contentLength: length, viewportHeight: h, framesPerSecond: fps)
            return rest(.lift(drag), seconds: 0.5)
        case .fling:
            return rest(fling(from: 0, velocity: flingVelocity), seconds: 0.5)
        case .jump:
            let down = rest(fling(from: 0, velocity: flingVelocity), seconds: 0.3)
            let up = ScrollTrace.animation(from: down.finalOffset, to: 0, seconds: 0.4, reason: .scrolledToTop,
                                           viewportHeight: h, framesPerSecond: fps)
            return rest(down.appending(up), seconds: 0.5)
        case .backAndForth:
            var trace = rest(fling(from: 0, velocity: flingVelocity * 0.75), seconds: 0.2)
            trace = rest(trace.appending(fling(from: trace.finalOffset, velocity: -flingVelocity * 0.5)), seconds: 0.2)
            trace = trace.appending(fling(from: trace.finalOffset, velocity: flingVelocity * 0.5))
            return rest(trace, seconds: 0.5)
        }
    }
}
