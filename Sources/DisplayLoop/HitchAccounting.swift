/// Apple's hitch accounting for a run of frames: which frames reached the screen late, by how much,
/// and the **hitch-time ratio** — milliseconds of hitch per second of frames. A pure value; the
/// rules are in <doc:TheDisplayLoop> ("Hitches").
public struct HitchAccounting<Instant: InstantProtocol>: Sendable, Hashable where Instant.Duration == Duration {
    /// The frame interval.
    public let interval: Duration
    /// Frames recorded: delivered and dropped.
    public private(set) var frames = 0
    /// Frames delivered (one per ``record(deadline:workEnded:skippedBefore:)``).
    public private(set) var deliveredFrames = 0
    /// Frames dropped before delivered ones (the `skippedBefore` of each).
    public private(set) var droppedFrames = 0
    /// Delivered frames that were hitches.
    public private(set) var hitches = 0
    /// The sum of the hitch times.
    public private(set) var hitchTime = Duration.zero
    /// The longest hitch.
    public private(set) var longestHitch = Duration.zero
    /// When the last frame recorded was presented: the later of its deadline and its work's end.
    public private(set) var lastPresentation: Instant?

    /// An empty account for frames `interval` apart.
    public init(interval: Duration) {
        self.interval = interval
    }

    /// Records a delivered frame due on screen at `deadline` whose work ended at `workEnded`, after
    /// `skippedBefore` dropped frames (due `interval`, `2 × interval`, … before it). Returns its
    /// hitch time (zero when it was on time).
    @discardableResult
    public mutating func record(deadline: Instant, workEnded: Instant, skippedBefore: Int = 0) -> Duration {
        let skipped = max(0, skippedBefore)
        let presented = max(deadline, workEnded)
        // The earliest instant the screen expected something newer than it had: the deadline of
        // the first dropped frame that the last presentation did not already cover, else this one's.
        var expected = deadline
        if skipped > 0 {
            for back in stride(from: skipped, through: 1, by: -1) {
                let droppedDeadline = deadline.advanced(by: .zero - interval * back)
                if let last = lastPresentation, droppedDeadline <= last { continue }
                expected = droppedDeadline
                break
            }
        }
        let hitch = max(.zero, expected.duration(to: presented))
        frames += skipped + 1
        deliveredFrames += 1
        droppedFrames += skipped
        if hitch > .zero {
            hitches += 1
            hitchTime += hitch
            longestHitch = max(longestHitch, hitch)
        }
        lastPresentation = presented
        return hitch
    }

    /// The time the recorded frames span: ``frames`` × ``interval``.
    public var duration: Duration { interval * frames }

    /// Milliseconds of hitch per second of the recorded frames (0 without frames).
    public var hitchTimeRatio: Double { Self.ratio(hitchTime: hitchTime, over: duration) }

    /// ``hitchTimeRatio``'s band.
    public var rating: HitchRating { HitchRating(ratio: hitchTimeRatio) }

    /// Milliseconds of `hitchTime` per second of `duration` (0 for an empty duration).
    public static func ratio(hitchTime: Duration, over duration: Duration) -> Double {
        let seconds = duration.secondsValue
        return seconds > 0 ? hitchTime.secondsValue * 1_000 / seconds : 0
    }
}

/// Apple's bands for a hitch-time ratio (ms of hitch per second).
public enum HitchRating: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Under 5 ms/s: hitches are rare enough not to be noticed.
    case good
    /// 5 to 10 ms/s: noticeable interruptions.
    case warning
    /// Over 10 ms/s: the interruptions get in the way.
    case critical

    /// The band of `ratio`.
    public init(ratio: Double) {
        self = ratio < 5 ? .good : ratio <= 10 ? .warning : .critical
    }

    /// `good`, `warning` or `critical`.
    public var description: String { rawValue }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    fileprivate var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
