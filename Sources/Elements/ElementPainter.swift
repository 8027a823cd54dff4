import Canvas
import Flexbox

/// Draws a laid-out tree into one context: each visible element, then its children in paint
/// order (``ElementTraversal/paintOrder(of:)``: by z-index, stable), checking cancellation before
/// each element. Elements under `display: none` or `isHidden` are skipped with their subtrees.
/// The recursion's depth is bounded by the limits checked at layout.
struct ElementPainter {
    let context: GraphicsContext
    let tree: ElementTraversal
    let nodes: [LayoutResult.Node]
    let images: ResolvedImages
    let deadline: RenderDeadline?

    func draw(_ index: Int) throws(ElementError) {
        guard tree.visibility[index] == .visible else { return }
        if Task.isCancelled { throw .cancelled }
        try deadline?.check()
        let style = tree.elements[index].style
        guard style.opacity < 1 else { return try drawShadowedBody(index) }
        guard style.opacity > 0 else { return }
        var failure: ElementError?
        context.withTransparencyLayer(opacity: style.opacity) {
            do throws(ElementError) { try drawShadowedBody(index) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Draws the body; an element with a shadow but no background casts the shadow of everything
    /// it draws (content, children, border), drawn as one group whose alpha is the shadow's shape,
    /// as a `CALayer` with a clear background does. With a background, `drawBody` shadows just
    /// the background's shape, which needs no group.
    private func drawShadowedBody(_ index: Int) throws(ElementError) {
        let style = tree.elements[index].style
        guard let shadow = style.shadow, style.background == nil else { return try drawBody(index) }
        var failure: ElementError?
        context.withShadow(shadow) {
            do throws(ElementError) { try drawBody(index) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private func drawBody(_ index: Int) throws(ElementError) {
        let element = tree.elements[index]
        let style = element.style
        let node = nodes[index]
        let frame = node.frame
        let radii = style.cornerRadii.clamped(to: frame.size)
        let shape: Path = radii.isZero ? .rect(frame) : .roundedRect(frame, radii: radii)

        if let background = style.background {
            if let shadow = style.shadow {
                context.withShadow(shadow) { context.fill(shape, with: .color(background)) }
            } else {
                context.fill(shape, with: .color(background))
            }
        }

        context.saveGState()
        if !radii.isZero { context.clip(to: shape) }
        var failure: ElementError?
        do throws(ElementError) { try drawContent(element, node: node, shape: shape, index: index) } catch { failure = error }
        context.restoreGState()
        if let failure { throw failure }

        let children = tree.paintOrder(of: index)
        if !children.isEmpty {
            context.saveGState()
            if element.layout.overflow != .visible { context.clip(to: shape) }
            for child in children {
                do throws(ElementError) { try draw(child) } catch { failure = error; break }
            }
            context.restoreGState()
            if let failure { throw failure }
        }

        if let color = style.borderColor { drawBorder(node.border, color: color, frame: frame, radii: radii, shape: shape) }
    }

    /// A uniform border is stroked along the middle of its width (inside the edge); a non-uniform
    /// one fills the ring between the rounded shape and the rectangle inside the border widths
    /// (whose corners are rounded by what is left of each radius).
    private func drawBorder(_ border: ResolvedEdges, color: Color, frame: Rect, radii: CornerRadii, shape: Path) {
        let b = border
        if b.top == b.left, b.top == b.bottom, b.top == b.right {
            guard b.top > 0 else { return }
            let half = b.top / 2
            let inset = frame.insetBy(dx: half, dy: half)
            let innerRadii = CornerRadii(topLeft: max(0, radii.topLeft - half), topRight: max(0, radii.topRight - half),
                                         bottomRight: max(0, radii.bottomRight - half), bottomLeft: max(0, radii.bottomLeft - half))
            let path: Path = innerRadii.isZero ? .rect(inset) : .roundedRect(inset, radii: innerRadii)
            context.stroke(path, with: .color(color), style: StrokeStyle(lineWidth: b.top))
            return
        }
        let inner = frame.inset(by: b.insets)
        var ring = shape
        if inner.width > 0, inner.height > 0 {
            let innerRadii = CornerRadii(topLeft: max(0, radii.topLeft - max(b.left, b.top)),
                                         topRight: max(0, radii.topRight - max(b.right, b.top)),
                                         bottomRight: max(0, radii.bottomRight - max(b.right, b.bottom)),
                                         bottomLeft: max(0, radii.bottomLeft - max(b.left, b.bottom)))
            ring.addPath(innerRadii.isZero ? .rect(inner) : .roundedRect(inner, radii: innerRadii.clamped(to: inner.size)))
        }
        context.fill(ring, with: .color(color), rule: .evenOdd)
    }

    private func drawContent(_ element: Element, node: LayoutResult.Node, shape: Path, index: Int) throws(ElementError) {
        let box = node.contentFrame
        switch element.kind {
        case .view:
            break
        case .text:
            if let layout = node.text { context.draw(layout, at: box.origin) }
        case .image(let image):
            if let bitmap = images.bitmaps[index] {
                context.draw(bitmap, in: box, contentMode: image.contentMode)
            }
        case .gradient(let gradient):
            let f = node.frame
            func point(_ unit: Point) -> Point { Point(x: f.minX + unit.x * f.width, y: f.minY + unit.y * f.height) }
            switch gradient {
            case .linear(let g, let start, let end):
                context.fill(shape, with: .linearGradient(g, start: point(start), end: point(end)))
            case .radial(let g, let center, let radius):
                context.fill(shape, with: .radialGradient(g, center: point(center), radius: radius * min(f.width, f.height)))
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
}
