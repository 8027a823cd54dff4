import Canvas
import Flexbox

/// The engine's measure function for element trees: texts through the Canvas's Pango measurement
/// (via the layout's ``TextMeasurer``), images by their intrinsic size. The first error met is
/// recorded (a measurer cannot throw) and thrown by ``ElementLayout`` after layout.
struct ElementMeasurer: FlexMeasurer {
    /// Measures the texts (and lays out their inline boxes).
    let layouter: SubtreeLayouter
    /// The tree index of the engine's node 0 (the subtree being laid out).
    let base: Int
    var limits: ElementLimits { layouter.limits }
    /// The device pixels per point the layout is for (CSS-styled texts' line metrics).
    var scale: Double { layouter.scale }
    /// Every node's measured content, by engine index (`nil` for a node the engine does not measure).
    var contents: [MeasuredContent?] = []
    /// The first error met while measuring.
    private(set) var error: ElementError?
    /// Per text node, for this layout call: its layout on one line (no width), its min-content
    /// width, and its last layout at a width. The engine asks a text for its min-content and
    /// max-content widths and then its height and baseline at the width it gets; a width at
    /// least the one-line width breaks nothing, so most texts are shaped twice, not four times.
    private var oneLine: [Int: TextLayout] = [:]
    private var minContent: [Int: FlexSize] = [:]
    private var lastWrapped: [Int: (width: Double, layout: TextLayout)] = [:]

    init(layouter: SubtreeLayouter, base: Int) {
        self.layouter = layouter
        self.base = base
    }

    /// A measurer of texts without inline boxes, outside a layout (its contents set by the caller).
    init(texts: TextMeasurer, limits: ElementLimits, scale: Double = 1) {
        self.init(layouter: SubtreeLayouter(tree: ElementTraversal(Element(.view)), limits: limits, texts: texts, scale: scale), base: 0)
    }

    /// A text's measured length rounded up as its layout engine would: a CSS-styled text (its
    /// style's `cssLineMetrics`) to Chromium's layout unit, 1/64 px, so fractional line heights
    /// (17.5 px at scale 2) stack as in a browser; other texts to whole points, as before.
    static func ceil(_ length: Double, _ text: TextContent) -> Double {
        text.style?.cssLineMetrics ?? true ? (length * 64).rounded(.up) / 64 : length.rounded(.up)
    }

    /// An image is a replaced element: in block flow it keeps its intrinsic width (CSS 2.1 §10.3.4).
    mutating func isReplaced(_ node: FlexTree.NodeID) -> Bool {
        if case .image? = contents[node.index] { return true }
        return false
    }

    mutating func measure(_ node: FlexTree.NodeID, width: Double, widthMode: MeasureMode,
                          height: Double, heightMode: MeasureMode) -> FlexSize {
        let natural: Size
        switch contents[node.index] {
        case .text(let text, let direction)?:
            // A maximum width of 0 asks for the min-content width (CSS): the widest word, or the
            // widest character when lines break anywhere; a single line cut with an ellipsis
            // has none (it may shrink to nothing, as `overflow: hidden; white-space: nowrap`).
            if widthMode == .atMost, width <= 0 {
                if text.maxLines == 1, text.truncation != .none { return FlexSize(width: 0, height: 0) }
                return minContentSize(node.index, text, direction: direction)
            }
            // An exact width of 0 breaks at every opportunity too, as the box's layout does
            // (SubtreeLayouter); a one-line clamp is cut instead.
            if widthMode == .exactly, width <= 0, !(text.maxLines == 1 && text.truncation != .none) {
                guard let layout = layout(node.index, text, direction: direction, width: 1) else { return .zero }
                return FlexSize(width: 0, height: heightMode == .exactly ? height : Self.ceil(layout.size.height, text))
            }
            // An exact or a maximum width wraps the text.
            guard let layout = layout(node.index, text, direction: direction, width: widthMode == .undefined ? nil : width) else { return .zero }
            natural = Size(width: Self.ceil(layout.size.width, text), height: Self.ceil(layout.size.height, text))
        case .image(let source)?:
            // A replaced box with one definite side takes the other from its ratio (CSS 2.1 §10.3.2, §10.6.2).
            let intrinsic = intrinsicSize(source)
            if widthMode == .exactly, heightMode != .exactly, intrinsic.width > 0 {
                return FlexSize(width: width, height: width * intrinsic.height / intrinsic.width)
            }
            if heightMode == .exactly, widthMode != .exactly, intrinsic.height > 0 {
                return FlexSize(width: Self.constrain(height * intrinsic.width / intrinsic.height, width, widthMode), height: height)
            }
            natural = intrinsic
        case nil:
            natural = .zero
        }
        // A maximum height does not cut the content: a text's height follows from its width and
        // an image's is intrinsic (as Yoga's text measure functions do); the engine decides what
        // overflows. An exact height is the height.
        return FlexSize(width: Self.constrain(natural.width, width, widthMode),
                        height: heightMode == .exactly ? height : natural.height)
    }

    mutating func baseline(_ node: FlexTree.NodeID, size: FlexSize) -> Double? {
        guard case .text(let text, let direction)? = contents[node.index],
              let layout = layout(node.index, text, direction: direction, width: size.width > 0 ? size.width : nil) else { return nil }
        return layout.lines.first?.baseline
    }

    /// Node `index`'s text laid out at `width` (`nil`: on one line), from this call's layouts when
    /// one fits: a width at least the one-line width breaks the same lines as none (its size and
    /// first baseline are the one-line layout's; only the alignment within the width differs,
    /// which measuring does not see).
    private mutating func layout(_ index: Int, _ text: TextContent, direction: TextDirection, width: Double?) -> TextLayout? {
        if let width, let last = lastWrapped[index], last.width == width { return last.layout }
        if let unbounded = oneLine[index], width.map({ $0 >= Self.ceil(unbounded.size.width, text) }) ?? true { return unbounded }
        guard let width else {
            guard let unbounded = textLayout(index, text, direction: direction, width: nil) else { return nil }
            oneLine[index] = unbounded
            return unbounded
        }
        guard let wrapped = textLayout(index, text, direction: direction, width: width) else { return nil }
        lastWrapped[index] = (width, wrapped)
        return wrapped
    }

    /// A content width under the width's constraint: exactly it, at most it, or the natural one.
    static func constrain(_ natural: Double, _ length: Double, _ mode: MeasureMode) -> Double {
        switch mode {
        case .exactly: length
        case .atMost: min(natural, length)
        case .undefined: natural
        }
    }

    private mutating func textLayout(_ index: Int, _ text: TextContent, direction: TextDirection, width: Double?) -> TextLayout? {
        do {
            return try layouter.textLayout(text, options: text.options(maxWidth: width, direction: direction, limits: limits, scale: scale), node: base + index)
        } catch {
            if self.error == nil { self.error = error }
            return nil
        }
    }

    /// The size of node `index`'s text broken at every opportunity (memoized per call).
    private mutating func minContentSize(_ index: Int, _ text: TextContent, direction: TextDirection) -> FlexSize {
        if let known = minContent[index] { return known }
        guard let layout = minContentLayout(index, text, direction: direction) else { return .zero }
        let size = FlexSize(width: Self.ceil(layout.size.width, text), height: Self.ceil(layout.size.height, text))
        minContent[index] = size
        return size
    }

    /// The text broken at every opportunity (words; characters for ``LineBreakMode/character``),
    /// all lines kept: its width is the text's min-content width.
    private mutating func minContentLayout(_ index: Int, _ text: TextContent, direction: TextDirection) -> TextLayout? {
        var options = text.options(maxWidth: 1, direction: direction, limits: limits, scale: scale)
        if options.lineBreakMode == .wordOrCharacter { options.lineBreakMode = .word }
        options.maxLines = 0
        options.truncation = .none
        do {
            return try layouter.textLayout(text, options: options, node: base + index)
        } catch {
            if self.error == nil { self.error = error }
            return nil
        }
    }

    /// A bitmap's size, or an encoded image's from its header; a named image has none.
    private mutating func intrinsicSize(_ source: ImageSource) -> Size {
        switch source {
        case .bitmap(let b): return b.bitmap.size
        case .encoded(let bytes):
            // A header that cannot be read is the error it is, rather than a zero size that might
            // leave the image in an empty box, never decoded and never reported.
            do {
                let info = try ImageDecoder.info(of: bytes)
                return Size(width: Double(info.displayWidth), height: Double(info.displayHeight))
            } catch {
                if self.error == nil { self.error = .canvas(error) }
                return .zero
            }
        case .named: return .zero
        }
    }
}
