/// Something the style engine ignored as CSS ignores it (an unknown at-rule, a bad selector, an
/// invalid value, `@import`), reported so that a caller can show it or, in a strict mode, refuse
/// the document.
public struct StyleWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where: `style[0]:line 12` for a stylesheet (the sheet's name and a line), the element's
    /// path (`html > body > div:nth-child(2)`) for a `style` attribute or a computed value.
    public var path: String
    /// The property, at-rule (`@import`) or selector concerned; empty when none is.
    public var property: String
    /// Why it was ignored.
    public var reason: String

    /// A warning.
    public init(path: String, property: String, reason: String) {
        self.path = path
        self.property = property
        self.reason = reason
    }

    /// `path: property: reason`.
    public var description: String {
        property.isEmpty ? "\(path): \(reason)" : "\(path): \(property): \(reason)"
    }
}
