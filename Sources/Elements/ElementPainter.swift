import Canvas
import Flexbox

/// Draws a laid-out tree into one context: each visible element, then its children in paint
/// order (`ElementTraversal.paintOrder(of:)`: by z-index, stable), checking cancellation before
/// each element. Elements under `display: none` are skipped with their subtrees, hidden ones (`visibility`)
/// but for their visible descendants.
/// The recursion's depth is bounded by the limits checked at layout.
struct ElementPainter {
    let context: GraphicsContext
    let tree: ElementTraversal
    let nodes: [LayoutResult.Node]
    let images: ResolvedImages
    let deadline: RenderDeadline?

    func draw(_ index: Int) throws(ElementError) {
        // A hidden element is walked only for its visible descendants (CSS: `visibility` is
        // inherited, and a descendant may set it back to visible).
        switch tree.visibility[index] {
        case .visible: break
        case .hidden: guard tree.hasVisibleDescendant(index) else { return }
        case .none: return
        }
        if Task.isCancelled { throw .cancelled }
        try deadline?.check()
        let style = tree.elements[index].style
        guard style.opacity > 0 else { return }
        // The common case, a plain box: nothing to set up.
        guard style.opacity < 1 || style.hasCompositing else { return try drawShadowedBody(index) }
        try drawComposited(index, style)
    }

    /// CSS's order for an element's compositing: the transform, the clip path, the backdrop
    /// filter, the filters (the element, its children and its outline as drawn, the outline over
    /// them all), then the mask, the opacity and the blend mode as the result is composited.
    private func drawComposited(_ index: Int, _ style: ElementStyle) throws(ElementError) {
        let node = nodes[index]
        let lengths = tree.lengths(of: index, canvas: context.size)
        let currentColor = tree.color(of: index)
        var matrix: AffineTransform?
        if !style.transform.isEmpty {
            // A transform that maps the box to nothing (scale(0)) or to infinity draws nothing.
            guard let m = CompositingGeometry.transform(style.transform, origin: style.transformOrigin, box: node.frame, lengths: lengths) else { return }
            matrix = m
        }
        context.saveGState()
        defer { context.restoreGState() }
        if let matrix { context.concatenate(matrix) }
        if let clip = style.clipPath { CompositingGeometry.clip(context, to: clip, box: node.frame, lengths: lengths) }
        let box = BoxGeometry(node: node, radius: style.borderRadius, lengths: lengths, scale: context.scale)
        let drawsItself = tree.visibility[index] == .visible
        if !style.backdropFilters.isEmpty, drawsItself {
            // What is drawn beneath (up to the nearest group: CSS's backdrop root), filtered
            // within the border box's shape, before the element draws over it.
            context.drawBackdrop(style.backdropFilters.map { $0.operation(lengths, currentColor: currentColor) }, clippedTo: box.shape(.borderBox))
        }
        var failure: ElementError?
        let filters = style.filters.map { $0.operation(lengths, currentColor: currentColor) }
        // The outline is part of what the element paints: under its filters, mask and opacity.
        func bodyAndOutline() {
            do throws(ElementError) { try drawShadowedBody(index) } catch { failure = error }
            if let outline = style.outline, drawsItself {
                BorderPainter(context: context, currentColor: currentColor).paint(outline: outline, around: box)
            }
        }
        func body() {
            if filters.isEmpty {
                bodyAndOutline()
            } else {
                context.withFilters(filters) { bodyAndOutline() }
            }
        }
        let needsLayer = style.opacity < 1 || style.blendMode != .normal || style.isolates || !style.maskLayers.isEmpty
        if needsLayer {
            let mask: (() -> Void)? = style.maskLayers.isEmpty ? nil : {
                BackgroundPainter(context: context, lengths: lengths, currentColor: currentColor).paint(style.maskLayers, in: box) {
                    images.layerBitmaps[LayerImageID(element: index, layer: $0, mask: true)]
                }
            }
            context.withLayer(opacity: style.opacity, blend: style.blendMode, mask: mask) { body() }
        } else {
            body()
        }
        if let failure { throw failure }
    }

    /// Draws the body; an element with a shadow but no background casts the shadow of everything
    /// it draws (content, children, border), drawn as one group whose alpha is the shadow's shape,
    /// as a `CALayer` with a clear background does. With a background, `drawBody` shadows just
    /// the background's shape, which needs no group.
    private func drawShadowedBody(_ index: Int) throws(ElementError) {
        let style = tree.elements[index].style
        guard let shadow = style.shadow, style.background == nil, tree.visibility[index] == .visible else { return try drawBody(index) }
        // (The legacy drop shadow; CSS box shadows are drawn in drawBody.)
        var failure: ElementError?
        context.withShadow(shadow) {
            do throws(ElementError) { try drawBody(index) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// CSS's paint order for one element (CSS 2.1 Appendix E, for a box that paints its own
    /// stacking layer): outer box shadows, background colour, background layers, inset box
    /// shadows, border; then its content and children, clipped to the padding box when its
    /// overflow is not visible.
    private func drawBody(_ index: Int) throws(ElementError) {
        // The element's parts are read where needed: copying a whole element per draw was measurable.
        let style = tree.elements[index].style
        let node = nodes[index]
        let lengths = tree.lengths(of: index, canvas: context.size)
        let box = BoxGeometry(node: node, radius: style.borderRadius, lengths: lengths, scale: context.scale)
        let shape = box.shape(.borderBox)
        let currentColor = tree.color(of: index)
        // Hidden: only its visible descendants draw (see draw(_:)).
        if tree.visibility[index] == .visible {
            try drawOwnBox(index, style: style, box: box, shape: shape, lengths: lengths, currentColor: currentColor)
        }
        var failure: ElementError?
        if tree.subtreeEnds[index] > index + 1 {
            context.saveGState()
            if tree.elements[index].layout.overflow != .visible { context.clip(to: box.shape(.paddingBox)) }
            do throws(ElementError) {
                if BlockFlowPaintPlan.applies(to: index, in: tree) {
                    try drawBlockFlow(of: index)
                } else {
                    try tree.forEachChildInPaintOrder(of: index) { child throws(ElementError) in try draw(child) }
                }
            } catch {
                failure = error
            }
            context.restoreGState()
            if let failure { throw failure }
        }
    }

    /// A block container's descendants in CSS 2.1 Appendix E's layers (``BlockFlowPaintPlan``):
    /// those below it (negative z), every block's background and border, then every line's
    /// text and atomic inline boxes, then the positioned and composited ones above, each under
    /// the clips of the boxes it sits in.
    private func drawBlockFlow(of root: Int) throws(ElementError) {
        let plan = BlockFlowPaintPlan(root: root, tree: tree)
        var clipPaths: [Int: Path] = [:]
        func clipped(_ entry: BlockFlowPaintPlan.Entry, _ body: () throws(ElementError) -> Void) throws(ElementError) {
            guard !entry.clips.isEmpty else { return try body() }
            context.saveGState()
            defer { context.restoreGState() }
            for clip in entry.clips {
                if clipPaths[clip] == nil { clipPaths[clip] = geometry(of: clip).box.shape(.paddingBox) }
                context.clip(to: clipPaths[clip]!)
            }
            try body()
        }
        for entry in plan.below { try clipped(entry) { () throws(ElementError) in try draw(entry.element) } }
        for entry in plan.blocks where tree.visibility[entry.element] == .visible {
            if Task.isCancelled { throw .cancelled }
            try deadline?.check()
            try clipped(entry) { () throws(ElementError) in try drawOwnBox(entry.element, content: false) }
        }
        for entry in plan.inline {
            if entry.isText {
                guard tree.visibility[entry.element] == .visible else { continue }
                try clipped(entry) { () throws(ElementError) in try drawOwnText(entry.element) }
            } else {
                try clipped(entry) { () throws(ElementError) in try draw(entry.element) }
            }
        }
        for entry in plan.above { try clipped(entry) { () throws(ElementError) in try draw(entry.element) } }
    }

    /// `index`'s own box (``drawOwnBox(_:style:box:shape:lengths:currentColor:content:)``),
    /// its text left for the lines' layer when `content` is false.
    private func drawOwnBox(_ index: Int, content: Bool) throws(ElementError) {
        let (style, lengths, box) = geometry(of: index)
        let drawsContent: Bool = if case .text = tree.elements[index].kind { content } else { true }
        try drawOwnBox(index, style: style, box: box, shape: box.shape(.borderBox), lengths: lengths, currentColor: tree.color(of: index),
                       content: drawsContent)
    }

    /// A text element's lines, in the layer CSS paints inline content in.
    private func drawOwnText(_ index: Int) throws(ElementError) {
        let (style, _, box) = geometry(of: index)
        try drawOwnContent(index, style: style, box: box, shape: box.shape(.borderBox))
    }

    /// `index`'s style, lengths and snapped boxes.
    private func geometry(of index: Int) -> (style: ElementStyle, lengths: LengthContext, box: BoxGeometry) {
        let style = tree.elements[index].style
        let lengths = tree.lengths(of: index, canvas: context.size)
        return (style, lengths, BoxGeometry(node: nodes[index], radius: style.borderRadius, lengths: lengths, scale: context.scale))
    }

    /// The element's own painting, without its children: shadows, background, border, content.
    private func drawOwnBox(_ index: Int, style: ElementStyle, box: BoxGeometry, shape: Path, lengths: LengthContext,
                            currentColor: Color, content: Bool = true) throws(ElementError) {
        let node = nodes[index]
        if !style.boxShadows.isEmpty {
            BoxShadowPainter(context: context, lengths: lengths, currentColor: currentColor).paintOuter(style.boxShadows, in: box)
        }
        func paintBackground() {
            if let background = style.background {
                // The colour is clipped to the bottom layer's clip box, as CSS.
                let clip = style.backgroundLayers.last?.clip ?? style.backgroundClip
                let area = clip == .borderBox ? shape : box.shape(clip)
                if let shadow = style.shadow, background.alpha < 1 {
                    // Through a translucent fill the shadow is not seen: as CSS's box-shadow, it is
                    // drawn outside the shape only, in its own colour whatever the fill's alpha.
                    let reach = shadow.radius * 2 + abs(shadow.offset.width) + abs(shadow.offset.height) + 1
                    var outside = Path.rect(node.frame.insetBy(dx: -reach, dy: -reach))
                    outside.addPath(area)
                    context.drawShadow(of: area, shadow: shadow, clippedTo: outside, clipRule: .evenOdd)
                    context.fill(area, with: .color(background))
                } else if let shadow = style.shadow {
                    context.withShadow(shadow) { context.fill(area, with: .color(background)) }
                } else {
                    context.fill(area, with: .color(background))
                }
            }
            if !style.backgroundLayers.isEmpty {
                BackgroundPainter(context: context, lengths: lengths, currentColor: currentColor).paint(style.backgroundLayers, in: box) {
                    images.layerBitmaps[LayerImageID(element: index, layer: $0, mask: false)]
                }
            }
        }
        if style.backgroundClip == .text || style.backgroundLayers.contains(where: { $0.clip == .text }) {
            // background-clip: text: the background shows through the glyphs of the element's
            // texts and its descendants' only.
            // Clipped to the border box first, so the layer and its mask are the box's size.
            context.withSavedGState {
                context.clip(to: shape)
                context.withLayer(opacity: 1, blend: .normal, mask: { drawGlyphMask(of: index) }) { paintBackground() }
            }
        } else {
            paintBackground()
        }
        if style.boxShadows.contains(where: \.inset) {
            BoxShadowPainter(context: context, lengths: lengths, currentColor: currentColor).paintInset(style.boxShadows, in: box)
        }
        if style.border.isVisible {
            BorderPainter(context: context, currentColor: currentColor).paint(style.border, in: box)
        }
        if content { try drawOwnContent(index, style: style, box: box, shape: shape) }
    }

    /// The element's content (its text, picture, gradient or drawing), clipped as CSS clips it.
    private func drawOwnContent(_ index: Int, style: ElementStyle, box: BoxGeometry, shape: Path) throws(ElementError) {
        let node = nodes[index]
        context.saveGState()
        // A replaced element's content (an image) is clipped to the content box's curve, as CSS;
        // a gradient or custom drawing to the element's rounded shape. A text is not: rounded
        // corners alone clip nothing (CSS Backgrounds 3 §5.3), its lines may overflow the box.
        if !box.borderRadii.isZero {
            switch tree.elements[index].kind {
            case .image: context.clip(to: box.shape(.contentBox))
            case .text: break
            case .view, .custom, .gradient: context.clip(to: shape)
            }
        }
        // Overflow other than visible clips the element's own content (a text's glyphs, their
        // shadows and decorations) to the padding box, as it clips the children.
        if tree.elements[index].layout.overflow != .visible { context.clip(to: box.shape(.paddingBox)) }
        var failure: ElementError?
        do throws(ElementError) { try drawContent(tree.elements[index].kind, style: style, node: node, box: box, shape: shape, index: index) } catch { failure = error }
        context.restoreGState()
        if let failure { throw failure }
    }

    /// The glyphs of every drawn text in `index`'s subtree, opaque, for `background-clip: text`.
    private func drawGlyphMask(of index: Int) {
        for i in index..<tree.subtreeEnds[index] where tree.visibility[i] == .visible {
            if let layout = nodes[i].text { context.drawGlyphMask(of: layout, at: nodes[i].contentFrame.origin) }
        }
    }

    /// Far enough to reach past any canvas, in points: a clip that bounds one side only.
    private static let far = 1e6

    /// The boxes (backgrounds, borders) a paragraph's inline elements paint behind its text.
    private func drawInlineBoxes(of layout: TextLayout, at origin: Point, kind: Element.Kind, node: LayoutResult.Node, index: Int) {
        guard case .text(let text) = kind, !text.inlineBoxes.isEmpty else { return }
        InlineBoxPainter(context: context, lengths: tree.lengths(of: index, canvas: context.size))
            .paint(text.inlineBoxes, of: layout, at: origin, rightToLeft: node.direction == .rtl)
    }

    /// The inline images of a text element at their laid-out `areas` (a placeholder where the
    /// image did not load).
    private func drawInlineImages(_ areas: [TextLayout.AttachmentArea], at origin: Point, kind: Element.Kind, index: Int) {
        for area in areas {
            let rect = BoxGeometry.snapped(area.rect.offsetBy(dx: origin.x, dy: origin.y), scale: context.scale)
            guard let bitmap = images.inlineBitmaps[InlineImageID(element: index, run: area.segment)] else {
                if case .text(let text) = kind, area.segment < text.runs.count, case .image(let image) = text.runs[area.segment].content {
                    drawPlaceholder(image.placeholder, in: rect, index: index)
                }
                continue
            }
            context.draw(bitmap, in: rect, contentMode: .scaleToFill)
        }
    }

    /// The element's content in `geometry`'s snapped boxes; text is drawn where it was laid out
    /// (pictures sit on device pixels, as browsers snap them).
    private func drawContent(_ kind: Element.Kind, style: ElementStyle, node: LayoutResult.Node, box geometry: BoxGeometry, shape: Path,
                             index: Int) throws(ElementError) {
        let box = geometry.contentBox
        switch kind {
        case .view:
            break
        case .text:
            if let layout = node.text {
                let origin = node.contentFrame.origin
                drawInlineBoxes(of: layout, at: origin, kind: kind, node: node, index: index)
                context.draw(layout, at: origin)
                drawInlineImages(layout.attachments, at: origin, kind: kind, index: index)
                if let whole = node.linesPastClamp, layout.lines.count < whole.lines.count {
                    // The lines past a legacy clamp, from the whole text laid out: below the top
                    // of the first line the clamp cut.
                    let top = origin.y + whole.lines[layout.lines.count].rect.minY
                    context.saveGState()
                    context.clip(to: Rect(x: -Self.far, y: top, width: 2 * Self.far, height: Self.far))
                    drawInlineBoxes(of: whole, at: origin, kind: kind, node: node, index: index)
                    context.draw(whole, at: origin)
                    context.restoreGState()
                    let shown = Set(layout.attachments.map(\.segment))
                    drawInlineImages(whole.attachments.filter { !shown.contains($0.segment) }, at: origin, kind: kind, index: index)
                }
            }
        case .image(let image):
            if let bitmap = images.bitmaps[index] {
                if let fit = style.objectFit {
                    drawImage(bitmap, fit: fit, position: style.objectPosition, in: box, lengths: tree.lengths(of: index, canvas: context.size))
                } else {
                    context.draw(bitmap, in: box, contentMode: image.contentMode)
                }
            } else {
                drawPlaceholder(image.placeholder, in: box, index: index)
            }
        case .gradient(let gradient):
            let f = geometry.borderBox
            func point(_ unit: Point) -> Point { Point(x: f.minX + unit.x * f.width, y: f.minY + unit.y * f.height) }
            switch gradient {
            case .linear(let g, let start, let end):
                context.fill(shape, with: .linearGradient(GradientStops.premultiplied(g), start: point(start), end: point(end)))
            case .radial(let g, let center, let radius):
                context.fill(shape, with: .radialGradient(GradientStops.premultiplied(g), center: point(center), radius: radius * min(f.width, f.height)))
            }
        case .custom(let custom):
            guard !box.isEmpty else { return }
            context.translateBy(x: box.minX, y: box.minY)
            do {
                try custom.draw(in: context, size: box.size)
            } catch let error as ElementError {
                throw error
            } catch let error as CanvasError {
                throw .canvas(error)
            } catch {
                throw .customDrawFailed(typeName: custom.typeName, detail: "\(error)")
            }
        }
    }

    /// What an image without a picture (its load or decode failed) draws in `rect`: its
    /// placeholder's colour, inside the clip its picture would have had.
    private func drawPlaceholder(_ placeholder: ImagePlaceholder?, in rect: Rect, index: Int) {
        guard case .color(let color)? = placeholder, !rect.isEmpty else { return }
        context.fill(rect, with: color.resolved(currentColor: tree.color(of: index)))
    }

    /// CSS `object-fit` and `object-position`: the image scaled as `fit` says, placed at
    /// `position` (percentages of the free space), clipped to the content box.
    private func drawImage(_ bitmap: Bitmap, fit: ObjectFit, position: BoxPosition, in box: Rect, lengths: LengthContext) {
        let natural = bitmap.size
        guard natural.width > 0, natural.height > 0, box.width > 0, box.height > 0 else { return }
        let contain = min(box.width / natural.width, box.height / natural.height)
        let (sx, sy): (Double, Double) = switch fit {
        case .fill: (box.width / natural.width, box.height / natural.height)
        case .contain: (contain, contain)
        case .cover: (max(box.width / natural.width, box.height / natural.height), max(box.width / natural.width, box.height / natural.height))
        case .none: (1, 1)
        case .scaleDown: (min(1, contain), min(1, contain))
        }
        let width = natural.width * sx, height = natural.height * sy
        let rect = Rect(x: box.minX + position.x.resolved(lengths, percentOf: box.width - width),
                        y: box.minY + position.y.resolved(lengths, percentOf: box.height - height), width: width, height: height)
        context.withSavedGState {
            context.clip(to: box)
            context.draw(bitmap, in: rect, contentMode: .scaleToFill)
        }
    }
}
