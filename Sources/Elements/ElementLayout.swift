public import Canvas
import Flexbox

/// Flexbox layout of an element tree: a pure function from a tree and a canvas size to a
/// ``LayoutResult``, safe to run on any thread or task. It hands the tree to the ``/Flexbox`` engine
/// and measures the leaves for it; see <doc:LayoutArticle>.
public enum ElementLayout {
    /// Lays out `root` in a canvas of `size` points for a render at `scale` device pixels per
    /// point (CSS-styled texts' line metrics depend on it). Frames keep their fractions, as a
    /// browser's layout does; the renderer snaps boxes to device pixels when it paints them.
    ///
    /// - Throws: the tree limits and value checks of ``ElementLimits/check(_:)`` (a NaN, infinite
    ///   or negative length is ``ElementError/invalidLayout(_:)`` naming the element's path),
    ///   ``ElementError/invalidLayout(_:)`` for a non-finite canvas size or scale,
    ///   ``ElementError/canvas(_:)`` when a text cannot be measured or an encoded image's header
    ///   cannot be read or the fonts cannot be used.
    ///
    /// `fonts` are the fonts texts may use besides the system's: give the renderer's
    /// (``ElementRenderer/fonts``), or the render measures the texts again.
    public static func layout(_ root: Element, in size: Size, limits: ElementLimits = .default, scale: Double = 1,
                              fonts: FontSet? = nil) throws(ElementError) -> LayoutResult {
        try limits.check(root)
        guard size.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidLayout("canvas size \(size) is not a finite, non-negative size")
        }
        let tree = ElementTraversal(root, canvas: size)
        var result = try layout(tree, width: size.width, height: size.height, limits: limits, texts: TextMeasurer(fonts: fonts), scale: scale)
        result.tree = tree
        return result
    }

    /// Lays out a flattened tree whose limits were checked, `width` wide and `height` high
    /// (`nil`: as high as its content), measuring texts through `texts`.
    package static func layout(_ tree: ElementTraversal, width: Double, height: Double?, limits: ElementLimits,
                       texts: TextMeasurer, scale: Double) throws(ElementError) -> LayoutResult {
        guard width.isFinite, width >= 0, height.map({ $0.isFinite && $0 >= 0 }) ?? true else {
            throw .invalidLayout("canvas size \(width) × \(height.map { "\($0)" } ?? "auto") is not a finite, non-negative size")
        }
        guard scale.isFinite, scale > 0 else { throw .invalidLayout("scale \(scale) is not a finite number > 0") }
        let nodes = try SubtreeLayouter(tree: tree, limits: limits, texts: texts, scale: scale).layoutSubtree(0, width: width, height: height)
        let size = Size(width: width, height: height ?? nodes.first.map { $0.frame.maxY } ?? 0)
        return LayoutResult(size: size, nodes: nodes)
    }
}

/// What the engine asks the measurer to size: a leaf's content.
enum MeasuredContent: Hashable, Sendable {
    /// A text and its paragraphs' base direction (its element's resolved direction).
    case text(TextContent, direction: TextDirection = .auto)
    /// An image's source.
    case image(ImageSource)

    /// The measured content of an element of `kind` laid out in `direction`; `nil` for the kinds
    /// that have no content size (views, gradients, custom elements).
    init?(_ kind: Element.Kind, direction: LayoutDirection) {
        switch kind {
        case .text(let text): self = .text(text, direction: TextDirection(direction))
        case .image(let image): self = .image(image.source)
        case .view, .gradient, .custom: return nil
        }
    }
}

extension TextDirection {
    /// CSS's `direction` sets a text's base direction: an element's resolved direction is fixed,
    /// so a text starting with a Hebrew word in an LTR element is still an LTR paragraph.
    init(_ direction: LayoutDirection) {
        switch direction {
        case .ltr: self = .leftToRight
        case .rtl: self = .rightToLeft
        }
    }
}

extension TextContent {
    /// The Canvas options for this text in a box `width` points wide (`nil`: unbounded), laid out
    /// with `direction` as its base direction.
    func options(maxWidth width: Double?, direction: TextDirection, limits: ElementLimits, scale: Double) -> TextLayoutOptions {
        var result = options(maxWidth: width, limits: limits)
        result.baseDirection = direction
        // Only CSS-styled texts depend on the device pixel grid (their line metrics).
        if style?.cssLineMetrics == true { result.pixelScale = scale }
        return result
    }
}
