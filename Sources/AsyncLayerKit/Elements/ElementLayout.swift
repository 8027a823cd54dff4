public import Canvas

/// Stack and frame layout of an element tree: a pure function from a tree and a canvas size to a
/// ``LayoutResult``, safe to run on any thread or task.
///
/// - An element with an explicit `frame` is placed there, relative to its parent's top-left
///   corner, whatever its parent is (LNAsyncKit style).
/// - A vertical or horizontal stack places its other children one after another with `spacing`,
///   inside its padding; free main-axis space goes to children by `grow`, overflow is taken back
///   by `shrink` weighted by natural size; every size is clamped to the child's min/max; on the
///   cross axis children are aligned, or stretched to the stack's content size; space left on
///   the main axis is placed by `justification`.
/// - An overlay stack places every child in its whole content box, aligned on both axes.
/// - Any other element makes its children without a frame fill its content box.
/// - Natural sizes: a text is measured by the Canvas at the width available; an image has its
///   bitmap's or its encoded header's size (a named image has none: give it a size); a
///   gradient or custom element has none; fixed `width`/`height` win over all of these.
public enum ElementLayout {
    /// Lays out `root` in a canvas of `size` points; the root fills it unless it has a frame.
    ///
    /// - Throws: the tree limits and value checks of ``ElementLimits/check(_:)`` (which also
    ///   reject a negative or non-finite spacing, size or radius), ``ElementError/invalidLayout(_:)``
    ///   for a non-finite canvas size or frame, ``ElementError/canvas(_:)`` when a text cannot be
    ///   measured or an encoded image's header cannot be read.
    public static func layout(_ root: Element, in size: Size, limits: ElementLimits = .default) throws(ElementError) -> LayoutResult {
        try limits.check(root)
        return try layout(checked: root, in: size, limits: limits, texts: TextMeasurer())
    }

    /// Lays out a tree whose limits were checked, measuring texts through `texts`.
    static func layout(checked root: Element, in size: Size, limits: ElementLimits, texts: TextMeasurer) throws(ElementError) -> LayoutResult {
        guard size.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidLayout("canvas size \(size) is not a finite, non-negative size")
        }
        var engine = LayoutEngine(limits: limits, texts: texts)
        let frame = root.frame ?? Rect(size: size)
        try engine.place(root, in: frame)
        return LayoutResult(size: size, nodes: engine.nodes)
    }
}

/// The recursive layout; the tree's depth is bounded by the limits checked first.
struct LayoutEngine {
    let limits: ElementLimits
    let texts: TextMeasurer
    var nodes: [LayoutResult.Node] = []

    init(limits: ElementLimits, texts: TextMeasurer) {
        self.limits = limits
        self.texts = texts
    }

    // MARK: Measuring

    /// The element's natural size when `width` points are available (`nil`: unbounded).
    func measure(_ element: Element, width available: Double?) throws(ElementError) -> Size {
        let l = element.layout
        if let w = l.width, let h = l.height { return Size(width: l.clampWidth(w), height: l.clampHeight(h)) }
        let outer = l.width ?? available.map { l.clampWidth($0) }
        let inner = outer.map { max(0, $0 - l.padding.horizontal) }
        let content = try contentSize(element, width: inner)
        var width = l.width ?? (content.width + l.padding.horizontal)
        if let outer, l.width == nil, case .text = element.kind { width = min(width, outer) }
        return Size(width: l.clampWidth(width), height: l.clampHeight(l.height ?? (content.height + l.padding.vertical)))
    }

    /// The natural size of an element's content (inside its padding).
    func contentSize(_ element: Element, width: Double?) throws(ElementError) -> Size {
        switch element.kind {
        case .text(let text):
            let layout = try measureText(text, width: width)
            return Size(width: layout.size.width.rounded(.up), height: layout.size.height.rounded(.up))
        case .image(let image):
            switch image.source {
            case .bitmap(let b): return b.bitmap.size
            case .encoded(let bytes):
                // A header that cannot be read is the error it is, here, rather than a zero size
                // that might leave the image in an empty box, never decoded and never reported.
                let info: ImageInfo
                do { info = try ImageDecoder.info(of: bytes) } catch { throw .canvas(error) }
                return Size(width: Double(info.displayWidth), height: Double(info.displayHeight))
            case .named: return .zero
            }
        case .gradient, .custom:
            return childrenExtent(element, width: width)
        case .view:
            return try flowExtent(element, width: width, axis: .overlay, spacing: 0)
        case .stack(let stack):
            if stack.axis == .horizontal, let width {
                return try horizontalExtent(element, width: width, stack: stack)
            }
            return try flowExtent(element, width: width, axis: stack.axis, spacing: stack.spacing)
        }
    }

    /// The furthest point any framed child reaches.
    private func childrenExtent(_ element: Element, width: Double?) -> Size {
        var size = Size.zero
        for child in element.children {
            if let f = child.frame { size = Size(width: max(size.width, f.maxX), height: max(size.height, f.maxY)) }
        }
        return size
    }

    /// The size that holds the children: stacked on `axis`, or the largest, and the framed ones.
    private func flowExtent(_ element: Element, width: Double?, axis: StackLayout.Axis, spacing: Double) throws(ElementError) -> Size {
        var size = childrenExtent(element, width: width)
        var main = 0.0, cross = 0.0, count = 0
        for child in element.children where child.frame == nil {
            let s = try measure(child, width: width)
            count += 1
            switch axis {
            case .vertical: main += s.height; cross = max(cross, s.width)
            case .horizontal: main += s.width; cross = max(cross, s.height)
            case .overlay: main = max(main, s.height); cross = max(cross, s.width)
            }
        }
        if axis != .overlay, count > 1 { main += spacing * Double(count - 1) }
        let flow = axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
        size = Size(width: max(size.width, flow.width), height: max(size.height, flow.height))
        return size
    }

    /// A horizontal stack's size in a known width: its children are sized on the main axis
    /// first (grow, shrink), then measured across at those widths, so a text squeezed onto more
    /// lines makes the stack taller.
    private func horizontalExtent(_ element: Element, width: Double, stack: StackLayout) throws(ElementError) -> Size {
        var size = childrenExtent(element, width: width)
        var measuring = stack
        if measuring.alignment == .stretch { measuring.alignment = .start }
        let flow = element.children.filter { $0.frame == nil }
        let frames = try stackFrames(flow, in: Rect(x: 0, y: 0, width: width, height: 0), stack: measuring)
        let used = frames.last.map { $0.maxX } ?? 0
        let height = frames.reduce(0) { max($0, $1.height) }
        size = Size(width: max(size.width, used), height: max(size.height, height))
        return size
    }

    func measureText(_ text: TextContent, width: Double?) throws(ElementError) -> TextLayout {
        do {
            return try texts.layout(text, options: text.options(maxWidth: width, limits: limits))
        } catch {
            throw .canvas(error)
        }
    }

    // MARK: Placing

    /// Records `element` at `frame` and places its children.
    mutating func place(_ element: Element, in frame: Rect) throws(ElementError) {
        guard frame.isFinite else { throw .invalidLayout("frame \(frame) is not finite") }
        let content = frame.inset(by: element.layout.padding)
        var text: TextLayout?
        if case .text(let t) = element.kind {
            text = try measureText(t, width: content.width > 0 ? content.width : nil)
        }
        nodes.append(LayoutResult.Node(frame: frame, contentFrame: content, text: text))

        var flow: [Rect] = []
        let flowChildren = element.children.filter { $0.frame == nil }
        if case .stack(let stack) = element.kind {
            guard stack.spacing.isFinite, stack.spacing >= 0 else {
                throw .invalidLayout("stack spacing \(stack.spacing): expected a finite number ≥ 0")
            }
            flow = try stackFrames(flowChildren, in: content, stack: stack)
        } else {
            flow = flowChildren.map { child in
                let l = child.layout
                return Rect(x: content.minX, y: content.minY,
                            width: l.width.map(l.clampWidth) ?? l.clampWidth(content.width),
                            height: l.height.map(l.clampHeight) ?? l.clampHeight(content.height))
            }
        }
        var next = 0
        for child in element.children {
            if let f = child.frame {
                try place(child, in: f.offsetBy(dx: frame.minX, dy: frame.minY))
            } else {
                try place(child, in: flow[next])
                next += 1
            }
        }
    }

    /// The frames of a stack's children (those without a frame), in order.
    func stackFrames(_ children: [Element], in content: Rect, stack: StackLayout) throws(ElementError) -> [Rect] {
        if stack.axis == .overlay {
            return try children.map { child throws(ElementError) in
                let l = child.layout
                var size = try measure(child, width: content.width)
                if stack.alignment == .stretch {
                    size = Size(width: l.width.map(l.clampWidth) ?? l.clampWidth(content.width),
                                height: l.height.map(l.clampHeight) ?? l.clampHeight(content.height))
                }
                return Rect(x: align(size.width, in: content.minX, content.width, stack.alignment),
                            y: align(size.height, in: content.minY, content.height, stack.alignment),
                            width: size.width, height: size.height)
            }
        }
        let vertical = stack.axis == .vertical
        let crossAvailable = vertical ? content.width : content.height
        let mainAvailable = vertical ? content.height : content.width
        // Natural main sizes (a vertical stack measures at the cross width, stretched or not).
        var mains: [Double] = []
        for child in children {
            let l = child.layout
            if vertical {
                let width = stack.alignment == .stretch && l.width == nil ? l.clampWidth(crossAvailable) : crossAvailable
                mains.append(try measure(child, width: width).height)
            } else {
                mains.append(try measure(child, width: content.width).width)
            }
        }
        let gaps = stack.spacing * Double(max(0, children.count - 1))
        let free = mainAvailable - mains.reduce(0, +) - gaps
        let clampMain = { (i: Int, v: Double) -> Double in
            vertical ? children[i].layout.clampHeight(v) : children[i].layout.clampWidth(v)
        }
        let isFixed = { (i: Int) -> Bool in vertical ? children[i].layout.height != nil : children[i].layout.width != nil }
        if free > 0 {
            let grow = children.indices.reduce(0.0) { $0 + (isFixed($1) ? 0 : max(0, children[$1].layout.grow)) }
            if grow > 0 {
                for i in children.indices where !isFixed(i) {
                    mains[i] = clampMain(i, mains[i] + free * max(0, children[i].layout.grow) / grow)
                }
            }
        } else if free < 0 {
            let weights = children.indices.map { isFixed($0) ? 0 : max(0, children[$0].layout.shrink) * mains[$0] }
            let total = weights.reduce(0, +)
            if total > 0 {
                for i in children.indices {
                    mains[i] = clampMain(i, mains[i] + free * weights[i] / total)
                }
            }
        }
        var frames: [Rect] = []
        var position = vertical ? content.minY : content.minX
        let left = mainAvailable - mains.reduce(0, +) - gaps
        if left > 0 {
            switch stack.justification {
            case .center: position += left / 2
            case .end: position += left
            case .start, .stretch: break
            }
        }
        for (i, child) in children.enumerated() {
            let l = child.layout
            let cross: Double
            if vertical {
                if let w = l.width { cross = l.clampWidth(w) }
                else if stack.alignment == .stretch { cross = l.clampWidth(crossAvailable) }
                else { cross = min(try measure(child, width: crossAvailable).width, max(crossAvailable, 0)) }
            } else {
                if let h = l.height { cross = l.clampHeight(h) }
                else if stack.alignment == .stretch { cross = l.clampHeight(crossAvailable) }
                else { cross = try measure(child, width: mains[i]).height }
            }
            let crossOrigin = align(cross, in: vertical ? content.minX : content.minY, crossAvailable, stack.alignment)
            frames.append(vertical
                ? Rect(x: crossOrigin, y: position, width: cross, height: mains[i])
                : Rect(x: position, y: crossOrigin, width: mains[i], height: cross))
            position += mains[i] + stack.spacing
        }
        return frames
    }

    /// The origin of a length aligned in a span.
    private func align(_ length: Double, in origin: Double, _ span: Double, _ alignment: StackAlignment) -> Double {
        switch alignment {
        case .start, .stretch: origin
        case .center: origin + (span - length) / 2
        case .end: origin + span - length
        }
    }
}
