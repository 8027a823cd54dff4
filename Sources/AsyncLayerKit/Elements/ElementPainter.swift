import Canvas

/// Draws a laid-out tree into one context, in pre-order, checking cancellation before each
/// element. The recursion's depth is bounded by the limits checked at layout.
struct ElementPainter {
    let context: GraphicsContext
    let nodes: [LayoutResult.Node]
    let images: ResolvedImages
    let deadline: RenderDeadline?

    func draw(_ element: Element, index: inout Int) throws(ElementError) {
        let mine = index
        index += 1
        let style = element.style
        if style.isHidden {
            index += ElementTreeWalk.count(element) - 1
            return
        }
        if Task.isCancelled { throw .cancelled }
        try deadline?.check()
        let node = nodes[mine]
        guard style.opacity < 1 else {
            return try drawShadowedBody(element, node: node, mine: mine, index: &index)
        }
        guard style.opacity > 0 else {
            index += ElementTreeWalk.count(element) - 1
            return
        }
        var failure: ElementError?
        context.withTransparencyLayer(opacity: style.opacity) {
            do throws(ElementError) { try drawShadowedBody(element, node: node, mine: mine, index: &index) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Draws the body; an element with a shadow but no background casts the shadow of everything
    /// it draws (content, children, border), drawn as one group whose alpha is the shadow's shape,
    /// as a `CALayer` with a clear background does. With a background, `drawBody` shadows just
    /// the background's shape, which needs no group.
    private func drawShadowedBody(_ element: Element, node: LayoutResult.Node, mine: Int, index: inout Int) throws(ElementError) {
        guard let shadow = element.style.shadow, element.style.background == nil else {
            return try drawBody(element, node: node, mine: mine, index: &index)
        }
        var failure: ElementError?
        context.withShadow(shadow) {
            do throws(ElementError) { try drawBody(element, node: node, mine: mine, index: &index) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private func drawBody(_ element: Element, node: LayoutResult.Node, mine: Int, index: inout Int) throws(ElementError) {
        let style = element.style
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
        do throws(ElementError) { try drawContent(element, node: node, shape: shape, mine: mine) } catch { failure = error }
        context.restoreGState()
        if let failure { throw failure }

        if !element.children.isEmpty {
            context.saveGState()
            if style.clipsToBounds { context.clip(to: shape) }
            for child in element.children {
                do throws(ElementError) { try draw(child, index: &index) } catch { failure = error; break }
            }
            context.restoreGState()
            if let failure { throw failure }
        }

        if let border = style.border, border.width > 0 {
            let half = border.width / 2
            let inset = frame.insetBy(dx: half, dy: half)
            let innerRadii = CornerRadii(topLeft: max(0, radii.topLeft - half), topRight: max(0, radii.topRight - half),
                                         bottomRight: max(0, radii.bottomRight - half), bottomLeft: max(0, radii.bottomLeft - half))
            let path: Path = innerRadii.isZero ? .rect(inset) : .roundedRect(inset, radii: innerRadii)
            context.stroke(path, with: .color(border.color), style: StrokeStyle(lineWidth: border.width))
        }
    }

    private func drawContent(_ element: Element, node: LayoutResult.Node, shape: Path, mine: Int) throws(ElementError) {
        let box = node.contentFrame
        switch element.kind {
        case .view, .stack:
            break
        case .text:
            if let layout = node.text { context.draw(layout, at: box.origin) }
        case .image(let image):
            if let bitmap = images.bitmaps[mine] {
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
