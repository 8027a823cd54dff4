public import Flexbox
/// One of the boxes of an element, from the outside in: CSS's `<box>` for `background-origin`
/// and `background-clip`.
public enum BoxArea: String, Hashable, Sendable {
    /// Out to the border's outer edge.
    case borderBox = "border-box"
    /// Inside the border.
    case paddingBox = "padding-box"
    /// Inside the padding.
    case contentBox = "content-box"
    /// The glyphs of the element's texts and its descendants' (`background-clip: text`): the
    /// background is painted over the border box and shows only through the glyphs.
    case text
}

/// What a background layer draws.
public enum BackgroundImage: Hashable, Sendable {
    /// `linear-gradient()` or its repeating form.
    case linear(LinearGradient)
    /// `radial-gradient()` or its repeating form.
    case radial(RadialGradient)
    /// `conic-gradient()` or its repeating form.
    case conic(ConicGradient)
    /// `url(…)`: a picture from the image loader (a name or URL) or a `data:` URI's bytes,
    /// decoded at its natural size (one CSS px per pixel) before drawing.
    case image(ImageSource)
}

/// CSS `background-size` of one layer.
public enum BackgroundSize: Hashable, Sendable {
    /// As large as possible inside the area, aspect ratio kept.
    case contain
    /// As small as possible covering the area, aspect ratio kept.
    case cover
    /// A width and a height; `nil` is `auto` (a gradient's `auto` is the area's side, an image's
    /// its natural size, or the side its ratio gives from the other).
    case size(StyleLength?, StyleLength?)

    /// `auto auto`, the initial value.
    public static let auto = BackgroundSize.size(nil, nil)
}

/// CSS `background-repeat` on one axis.
public enum BackgroundRepeat: String, Hashable, Sendable {
    /// Tiled across the area.
    case `repeat`
    /// Drawn once.
    case noRepeat = "no-repeat"
    /// Tiled a whole number of times, spaced to fill the area.
    case space
    /// Tiled a whole number of times, scaled to fill the area.
    case round
}

/// One layer of an element's background: an image (a gradient or a picture) with its size, position, tiling
/// and boxes. The layers are drawn last to first, over the background colour, as in CSS.
public struct BackgroundLayer: Hashable, Sendable {
    /// What the layer draws.
    public var image: BackgroundImage
    /// Its size.
    public var size: BackgroundSize
    /// Where its first tile sits in the origin box (percentages of the free space, as CSS).
    public var position: BoxPosition
    /// Tiling across and down.
    public var repeatX: BackgroundRepeat
    /// Tiling down.
    public var repeatY: BackgroundRepeat
    /// The box the size and position are measured in.
    public var origin: BoxArea
    /// The box the layer is clipped to.
    public var clip: BoxArea

    /// A layer with CSS's initial values: auto size, top left, repeated, origin padding box,
    /// clip border box.
    public init(_ image: BackgroundImage, size: BackgroundSize = .auto, position: BoxPosition = .topLeft,
                repeatX: BackgroundRepeat = .repeat, repeatY: BackgroundRepeat = .repeat,
                origin: BoxArea = .paddingBox, clip: BoxArea = .borderBox) {
        self.image = image
        self.size = size
        self.position = position
        self.repeatX = repeatX
        self.repeatY = repeatY
        self.origin = origin
        self.clip = clip
    }
}

extension BackgroundLayer {
    /// Whether the layer can be drawn: finite lengths, two colour stops or more, not too many.
    var isValid: Bool {
        let (stops, center): ([ColorStop], BoxPosition?)
        switch image {
        case .linear(let g): (stops, center) = (g.stops, nil)
        case .radial(let g): (stops, center) = (g.stops, g.center)
        case .conic(let g): (stops, center) = (g.stops, g.center)
        case .image:
            var lengths = [position.x, position.y]
            if case .size(let w, let h) = size { lengths += [w, h].compactMap { $0 } }
            return lengths.allSatisfy(\.isFinite)
        }
        var lengths = [position.x, position.y] + stops.compactMap(\.position)
        if let center { lengths += [center.x, center.y] }
        if case .size(let w, let h) = size { lengths += [w, h].compactMap { $0 } }
        if case .radial(let g) = image, case .radii(let a, let b) = g.extent { lengths += [a] + (b.map { [$0] } ?? []) }
        if case .linear(let g) = image, case .angle(let a) = g.direction, !a.isFinite { return false }
        if case .conic(let g) = image, !g.from.isFinite { return false }
        return lengths.allSatisfy(\.isFinite) && stops.filter { $0.color != nil }.count >= 2 && stops.count <= CSSGradientGrammar.maximumStops
    }
}
