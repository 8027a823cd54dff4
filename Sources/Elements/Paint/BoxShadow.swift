public import Flexbox
/// One CSS `box-shadow`: the border box's shape, grown by `spread`, blurred, moved and tinted,
/// drawn outside the box (or, `inset`, inside its padding box).
public struct BoxShadow: Hashable, Sendable {
    /// Horizontal offset.
    public var x: StyleLength
    /// Vertical offset.
    public var y: StyleLength
    /// Blur radius: the edge fades over this distance on each side (a Gaussian of σ = blur / 2).
    public var blur: StyleLength
    /// How much the shape grows (negative: shrinks) before it is blurred.
    public var spread: StyleLength
    /// The colour; `currentColor` by default, as CSS.
    public var color: StyleColor
    /// Drawn inside the padding box instead of outside the border box.
    public var inset: Bool

    /// A box shadow.
    public init(x: StyleLength = 0, y: StyleLength = 0, blur: StyleLength = 0, spread: StyleLength = 0, color: StyleColor = .currentColor, inset: Bool = false) {
        self.x = x
        self.y = y
        self.blur = blur
        self.spread = spread
        self.color = color
        self.inset = inset
    }
}
