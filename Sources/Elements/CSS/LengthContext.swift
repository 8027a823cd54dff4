public import Canvas
public import Flexbox

/// What a ``/Flexbox/StyleLength`` is resolved against, besides its percentage basis.
public struct LengthContext: Hashable, Sendable {
    /// The element's font size in points (`em`).
    public var fontSize: Double
    /// The root element's font size in points (`rem`).
    public var rootFontSize: Double
    /// The canvas's size in points (`vw`, `vh`).
    public var canvasSize: Size

    /// CSS's initial font size.
    public static let initialFontSize = 16.0

    /// A context; the font sizes default to CSS's initial 16 px.
    public init(fontSize: Double = LengthContext.initialFontSize, rootFontSize: Double = LengthContext.initialFontSize, canvasSize: Size) {
        self.fontSize = fontSize
        self.rootFontSize = rootFontSize
        self.canvasSize = canvasSize
    }
}

extension StyleLength {
    /// The length in points: percentages of `basis`, font-relative units from `context`. A result
    /// that is not finite (an overflowing `calc()`) is 0.
    public func resolved(_ context: LengthContext, percentOf basis: Double) -> Double {
        let value = value(percentOf: basis, fontSize: context.fontSize, rootFontSize: context.rootFontSize,
                          viewportWidth: context.canvasSize.width, viewportHeight: context.canvasSize.height)
        return value.isFinite ? value : 0
    }
}
