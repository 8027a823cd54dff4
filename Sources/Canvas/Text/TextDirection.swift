/// The base (paragraph) direction of a text: the order its runs are placed in and the edge
/// ``TextAlignment/natural`` aligns to.
public enum TextDirection: String, Hashable, Sendable, Codable, CaseIterable {
    /// Each paragraph takes the direction of its first strong character (left to right when it
    /// has none); the default.
    case auto
    /// Every paragraph is left to right (CSS `direction: ltr`), whatever its first character.
    case leftToRight
    /// Every paragraph is right to left (CSS `direction: rtl`), whatever its first character.
    case rightToLeft
}
