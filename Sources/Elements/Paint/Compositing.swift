public import Flexbox
internal import Canvas

/// One function of CSS `transform` (CSS Transforms 1, 2D).
public enum TransformFunction: Hashable, Sendable {
    /// `translate(x, y)`: percentages are of the border box's width and height.
    case translate(StyleLength, StyleLength)
    /// `scale(x, y)`.
    case scale(Double, Double)
    /// `rotate(angle)`, in degrees, clockwise.
    case rotate(Double)
    /// `skew(ax, ay)`, in degrees.
    case skew(Double, Double)
    /// `matrix(a, b, c, d, e, f)`: e and f in points.
    case matrix(Double, Double, Double, Double, Double, Double)
}

/// One function of CSS `filter` or `backdrop-filter` (Filter Effects 1).
public enum StyleFilter: Hashable, Sendable {
    /// `blur(length)`: the Gaussian's standard deviation.
    case blur(StyleLength)
    /// `brightness(n)`: 1 leaves the colours.
    case brightness(Double)
    /// `contrast(n)`.
    case contrast(Double)
    /// `grayscale(n)`, 0...1.
    case grayscale(Double)
    /// `sepia(n)`, 0...1.
    case sepia(Double)
    /// `saturate(n)`.
    case saturate(Double)
    /// `hue-rotate(angle)`, in degrees.
    case hueRotate(Double)
    /// `invert(n)`, 0...1.
    case invert(Double)
    /// `opacity(n)`, 0...1.
    case opacity(Double)
    /// `drop-shadow(x y [blur] [color])`: the shadow of what the element draws.
    case dropShadow(x: StyleLength, y: StyleLength, blur: StyleLength, color: StyleColor)
}

/// CSS `clip-path`: a basic shape in the element's border box (CSS Shapes 1).
public enum ClipShape: Hashable, Sendable {
    /// `inset(top right bottom left [round radii])`.
    case inset(top: StyleLength, right: StyleLength, bottom: StyleLength, left: StyleLength, radius: StyleLength)
    /// `circle(radius at position)`; a `nil` radius is `closest-side`.
    case circle(StyleLength?, center: BoxPosition)
    /// `ellipse(rx ry at position)`; `nil` radii are `closest-side`.
    case ellipse(StyleLength?, StyleLength?, center: BoxPosition)
    /// `polygon([evenodd,] x y, …)`.
    case polygon([BoxPosition], evenOdd: Bool)
    /// `path([evenodd,] "svg path data")`, in points from the border box's top-left corner.
    case path(String, evenOdd: Bool)
}

/// CSS `outline`: a line outside the border box that takes no space.
public struct Outline: Hashable, Sendable {
    /// Its width in points.
    public var width: Double
    /// Its line.
    public var style: BorderLineStyle
    /// Its colour.
    public var color: StyleColor
    /// The gap between the border box and the outline (negative: inside).
    public var offset: Double

    /// An outline.
    public init(width: Double = 3, style: BorderLineStyle = .solid, color: StyleColor = .currentColor, offset: Double = 0) {
        self.width = width
        self.style = style
        self.color = color
        self.offset = offset
    }
}

extension ObjectFit {
    /// The content mode that decodes the image at the size this fit draws it (`none` and
    /// `scale-down` need the image's own size).
    var contentMode: ContentMode {
        switch self {
        case .fill: .scaleToFill
        case .contain: .aspectFit
        case .cover: .aspectFill
        case .none, .scaleDown: .center
        }
    }
}

/// CSS `object-fit`: how an image fills its content box.
public enum ObjectFit: String, Hashable, Sendable, CaseIterable {
    /// Stretched to the box.
    case fill
    /// As large as fits, ratio kept.
    case contain
    /// As small as covers, ratio kept.
    case cover
    /// At its natural size.
    case none
    /// `none` or `contain`, whichever is smaller.
    case scaleDown = "scale-down"
}

extension StyleFilter {
    /// The Canvas filter, lengths resolved in `lengths`, `currentColor` as `current`.
    func operation(_ lengths: LengthContext, currentColor current: Color) -> FilterOperation {
        switch self {
        case .blur(let radius): .blur(radius: radius.resolved(lengths, percentOf: 0))
        case .brightness(let v): .brightness(v)
        case .contrast(let v): .contrast(v)
        case .grayscale(let v): .grayscale(v)
        case .sepia(let v): .sepia(v)
        case .saturate(let v): .saturate(v)
        case .hueRotate(let degrees): .hueRotate(degrees: degrees)
        case .invert(let v): .invert(v)
        case .opacity(let v): .opacity(v)
        case .dropShadow(let x, let y, let blur, let color):
            .dropShadow(Shadow(offset: Size(width: x.resolved(lengths, percentOf: 0), height: y.resolved(lengths, percentOf: 0)),
                               radius: max(blur.resolved(lengths, percentOf: 0), 0), color: color.resolved(currentColor: current)))
        }
    }
}

extension TransformFunction {
    /// Whether every number is finite.
    var isFinite: Bool {
        switch self {
        case .translate(let x, let y): x.isFinite && y.isFinite
        case .scale(let x, let y), .skew(let x, let y): x.isFinite && y.isFinite
        case .rotate(let a): a.isFinite
        case .matrix(let a, let b, let c, let d, let e, let f): [a, b, c, d, e, f].allSatisfy(\.isFinite)
        }
    }
}

extension StyleFilter {
    /// Whether the arguments are finite and not negative where CSS forbids it.
    var isValid: Bool {
        switch self {
        case .blur(let r): r.isFinite
        case .brightness(let v), .contrast(let v), .grayscale(let v), .sepia(let v), .saturate(let v), .invert(let v), .opacity(let v): v.isFinite && v >= 0
        case .hueRotate(let a): a.isFinite
        case .dropShadow(let x, let y, let blur, _): x.isFinite && y.isFinite && blur.isFinite
        }
    }
}
