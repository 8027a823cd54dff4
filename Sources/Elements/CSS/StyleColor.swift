public import Canvas

/// A colour as a style states it: a colour, or CSS's `currentColor` (the element's text colour,
/// resolved when drawn).
public enum StyleColor: Hashable, Sendable {
    /// This colour.
    case color(Color)
    /// The element's `color` (its text colour, inherited), CSS's `currentColor`.
    case currentColor

    /// The colour, `currentColor` standing for `current`.
    public func resolved(currentColor current: Color) -> Color {
        switch self {
        case .color(let color): color
        case .currentColor: current
        }
    }
}
