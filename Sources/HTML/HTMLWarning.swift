/// Something in a card that was ignored as a browser would ignore it, or drawn otherwise than a
/// browser would: where, which property, and why. ``HTMLOptions/strict`` turns the first into an
/// error.
public struct HTMLWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where: an element's path (`html > body > div:nth-child(2)`) or a place in a style sheet
    /// (`style[0]:12`).
    public var path: String
    /// The property (or selector, at-rule, element) concerned.
    public var property: String
    /// What was wrong and what was done instead.
    public var reason: String

    /// A warning.
    public init(path: String, property: String, reason: String) {
        self.path = path
        self.property = property
        self.reason = reason
    }

    /// `path: property: reason`.
    public var description: String { "\(path): \(property): \(reason)" }
}
