internal import Canvas
internal import Flexbox

/// Elliptical corner radii in points: a horizontal and a vertical radius per corner.
struct Radii: Equatable {
    /// The horizontal radii.
    var h: CornerRadii
    /// The vertical radii.
    var v: CornerRadii

    /// Square corners.
    static let zero = Radii(h: .zero, v: .zero)

    /// Whether every corner is square.
    var isZero: Bool {
        (h.topLeft <= 0 || v.topLeft <= 0) && (h.topRight <= 0 || v.topRight <= 0)
            && (h.bottomRight <= 0 || v.bottomRight <= 0) && (h.bottomLeft <= 0 || v.bottomLeft <= 0)
    }

    /// Each radius less `amount` on its axis (the widths beside each corner), never below zero.
    func shrunk(top: Double, right: Double, bottom: Double, left: Double) -> Radii {
        Radii(h: CornerRadii(topLeft: max(0, h.topLeft - left), topRight: max(0, h.topRight - right),
                             bottomRight: max(0, h.bottomRight - right), bottomLeft: max(0, h.bottomLeft - left)),
              v: CornerRadii(topLeft: max(0, v.topLeft - top), topRight: max(0, v.topRight - top),
                             bottomRight: max(0, v.bottomRight - bottom), bottomLeft: max(0, v.bottomLeft - bottom)))
    }

    /// Every radius grown by `spread` (CSS §7.1.1: a square corner stays square, small radii
    /// grow less; a negative spread shrinks).
    func spread(by spread: Double) -> Radii {
        func grow(_ r: Double) -> Double {
            guard r > 0 else { return 0 }
            guard spread > 0 else { return max(0, r + spread) }
            let ratio = r / spread
            return r + spread * (ratio < 1 ? 1 + (ratio - 1) * (ratio - 1) * (ratio - 1) : 1)
        }
        func all(_ c: CornerRadii) -> CornerRadii {
            CornerRadii(topLeft: grow(c.topLeft), topRight: grow(c.topRight), bottomRight: grow(c.bottomRight), bottomLeft: grow(c.bottomLeft))
        }
        return Radii(h: all(h), v: all(v))
    }

    /// The radii scaled down together so adjacent ones never overlap in `size` (CSS §5.5).
    func fitted(to size: Size) -> Radii {
        let w = max(size.width, 0), height = max(size.height, 0)
        var factor = 1.0
        func limit(_ sum: Double, _ side: Double) { if sum > side { factor = min(factor, side / sum) } }
        limit(h.topLeft + h.topRight, w)
        limit(h.bottomLeft + h.bottomRight, w)
        limit(v.topLeft + v.bottomLeft, height)
        limit(v.topRight + v.bottomRight, height)
        guard factor < 1 else { return self }
        func scaled(_ c: CornerRadii) -> CornerRadii {
            CornerRadii(topLeft: c.topLeft * factor, topRight: c.topRight * factor, bottomRight: c.bottomRight * factor, bottomLeft: c.bottomLeft * factor)
        }
        return Radii(h: scaled(h), v: scaled(v))
    }
}

/// An element's three boxes (border, padding, content) with their rounded shapes, as CSS
/// Backgrounds 3 §5 derives them: each inner corner is the outer one less the adjoining border
/// (and padding) on each axis, an ellipse of its own.
struct BoxGeometry {
    /// The border box.
    let borderBox: Rect
    /// Its corner radii, scaled down where they overlap (CSS §5.5).
    let borderRadii: Radii
    /// The padding box (inside the border).
    let paddingBox: Rect
    /// Its radii.
    let paddingRadii: Radii
    /// The content box.
    let contentBox: Rect
    /// Its radii.
    let contentRadii: Radii
    /// The border widths.
    let border: ResolvedEdges

    /// The boxes of a laid-out node with `radius`, resolved in `lengths`, their edges snapped to
    /// the device pixels of `scale` as browsers paint boxes (layout keeps fractions; a box drawn
    /// on them would blur its edges).
    init(node: LayoutResult.Node, radius: BorderRadius, lengths: LengthContext, scale: Double) {
        let frame = Self.snapped(node.frame, scale: scale)
        let size = frame.size
        func resolve(_ c: CornerRadius) -> (Double, Double) {
            (max(c.horizontal.resolved(lengths, percentOf: size.width), 0), max(c.vertical.resolved(lengths, percentOf: size.height), 0))
        }
        let (tl, tr, br, bl) = (resolve(radius.topLeft), resolve(radius.topRight), resolve(radius.bottomRight), resolve(radius.bottomLeft))
        let radii = Radii(h: CornerRadii(topLeft: tl.0, topRight: tr.0, bottomRight: br.0, bottomLeft: bl.0),
                          v: CornerRadii(topLeft: tl.1, topRight: tr.1, bottomRight: br.1, bottomLeft: bl.1))
        self.init(borderBox: frame, radii: radii.fitted(to: size), border: node.border, contentBox: Self.snapped(node.contentFrame, scale: scale))
    }

    /// `rect` with each edge rounded to the nearest device pixel at `scale` (unchanged for a
    /// scale that is not a positive finite number).
    static func snapped(_ rect: Rect, scale: Double) -> Rect {
        guard scale.isFinite, scale > 0, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return rect }
        func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
        let x = snap(rect.minX), y = snap(rect.minY)
        return Rect(x: x, y: y, width: snap(rect.maxX) - x, height: snap(rect.maxY) - y)
    }

    /// The boxes of a border box with `radii` (already fitted), `border` widths and a content box
    /// (`nil`: the padding box, as an outline has).
    init(borderBox: Rect, radii: Radii, border: ResolvedEdges, contentBox: Rect? = nil) {
        self.borderBox = borderBox
        borderRadii = radii
        self.border = border
        let b = border
        paddingBox = borderBox.inset(by: b.insets)
        paddingRadii = radii.shrunk(top: b.top, right: b.right, bottom: b.bottom, left: b.left)
        let content = contentBox ?? paddingBox
        self.contentBox = content
        contentRadii = paddingRadii.shrunk(top: content.minY - paddingBox.minY, right: paddingBox.maxX - content.maxX,
                                           bottom: paddingBox.maxY - content.maxY, left: content.minX - paddingBox.minX)
    }

    /// The rectangle of `area`.
    func rect(_ area: BoxArea) -> Rect {
        switch area {
        case .borderBox, .text: borderBox
        case .paddingBox: paddingBox
        case .contentBox: contentBox
        }
    }

    /// The rounded shape of `area`.
    func shape(_ area: BoxArea) -> Path {
        switch area {
        case .borderBox, .text: Self.shape(borderBox, borderRadii)
        case .paddingBox: Self.shape(paddingBox, paddingRadii)
        case .contentBox: Self.shape(contentBox, contentRadii)
        }
    }

    /// A rectangle's shape with `radii` (a plain rectangle when they are all zero).
    static func shape(_ rect: Rect, _ radii: Radii) -> Path {
        let r = Rect(x: rect.minX, y: rect.minY, width: max(rect.width, 0), height: max(rect.height, 0))
        guard !radii.isZero else { return .rect(r) }
        let fitted = radii.fitted(to: r.size)
        // Circular corners: arcs, as before elliptical ones existed.
        return .roundedRect(r, horizontal: fitted.h, vertical: fitted.v)
    }

    /// A rectangle's shape with circular `radii`.
    static func shape(_ rect: Rect, _ radii: CornerRadii) -> Path {
        shape(rect, Radii(h: radii, v: radii))
    }
}
