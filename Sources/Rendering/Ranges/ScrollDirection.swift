/// The direction a vertical list moves along its one scrollable axis.
///
/// ``down`` is towards larger offsets and higher item indices (the content moves up on screen, as
/// when a finger swipes upwards); ``up`` is towards offset 0 and index 0. These are Texture's
/// `ASScrollDirectionDown` and `ASScrollDirectionUp`, and the sign of UIKit's scroll velocity:
/// a positive `velocity.y` is ``down``, a negative one ``up``.
public enum ScrollDirection: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Towards larger offsets and higher indices. The initial direction, as Texture's `Down | Right`.
    case down
    /// Towards offset 0 and index 0.
    case up

    /// The direction of a signed velocity or offset change along the axis, or `nil` when it is
    /// zero or not a number.
    public init?(sign value: Double) {
        if value > 0 {
            self = .down
        } else if value < 0 {
            self = .up
        } else {
            return nil
        }
    }

    /// `+1` for ``down``, `-1` for ``up``.
    public var sign: Double { self == .down ? 1 : -1 }

    /// `"down"` or `"up"`.
    public var description: String { self == .down ? "down" : "up" }
}
