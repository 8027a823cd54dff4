internal import Canvas
internal import Flexbox

/// An element's three boxes (border, padding, content) with their rounded shapes, as CSS
/// Backgrounds 3 §5 derives the inner radii: each corner's radius less the adjoining border
/// width (the larger of the two here: our corners are circular, CSS's inner ones elliptical).
struct BoxGeometry {
    /// The border box.
    let borderBox: Rect
    /// Its corner radii, scaled down where they overlap (CSS §5.5).
    let borderRadii: CornerRadii
    /// The padding box (inside the border).
    let paddingBox: Rect
    /// Its radii.
    let paddingRadii: CornerRadii
    /// The content box.
    let contentBox: Rect
    /// Its radii.
    let contentRadii: CornerRadii
    /// The border widths.
    let border: ResolvedEdges

    /// The boxes of a laid-out node with `radii`.
    init(node: LayoutResult.Node, radii: CornerRadii) {
        borderBox = node.frame
        borderRadii = radii.clamped(to: node.frame.size)
        border = node.border
        let b = node.border
        paddingBox = node.frame.inset(by: b.insets)
        paddingRadii = Self.shrink(borderRadii, top: b.top, right: b.right, bottom: b.bottom, left: b.left)
        contentBox = node.contentFrame
        let p = (top: contentBox.minY - paddingBox.minY, right: paddingBox.maxX - contentBox.maxX,
                 bottom: paddingBox.maxY - contentBox.maxY, left: contentBox.minX - paddingBox.minX)
        contentRadii = Self.shrink(paddingRadii, top: p.top, right: p.right, bottom: p.bottom, left: p.left)
    }

    /// The boxes of a border box with `radii` and `border` widths and no padding (an outline).
    init(borderBox: Rect, radii: CornerRadii, border: ResolvedEdges) {
        self.borderBox = borderBox
        borderRadii = radii.clamped(to: borderBox.size)
        self.border = border
        paddingBox = borderBox.inset(by: border.insets)
        paddingRadii = Self.shrink(borderRadii, top: border.top, right: border.right, bottom: border.bottom, left: border.left)
        contentBox = paddingBox
        contentRadii = paddingRadii
    }

    /// The rectangle of `area`.
    func rect(_ area: BoxArea) -> Rect {
        switch area {
        case .borderBox: borderBox
        case .paddingBox: paddingBox
        case .contentBox: contentBox
        }
    }

    /// The rounded shape of `area`.
    func shape(_ area: BoxArea) -> Path {
        let (rect, radii) = switch area {
        case .borderBox: (borderBox, borderRadii)
        case .paddingBox: (paddingBox, paddingRadii)
        case .contentBox: (contentBox, contentRadii)
        }
        return Self.shape(rect, radii)
    }

    /// A rectangle's shape with `radii` (a plain rectangle when they are all zero).
    static func shape(_ rect: Rect, _ radii: CornerRadii) -> Path {
        let width = max(rect.width, 0), height = max(rect.height, 0)
        let r = Rect(x: rect.minX, y: rect.minY, width: width, height: height)
        return radii.isZero ? .rect(r) : .roundedRect(r, radii: radii.clamped(to: r.size))
    }

    /// `radii` less the widths beside each corner, never below zero.
    static func shrink(_ radii: CornerRadii, top: Double, right: Double, bottom: Double, left: Double) -> CornerRadii {
        CornerRadii(topLeft: max(0, radii.topLeft - max(left, top)), topRight: max(0, radii.topRight - max(right, top)),
                    bottomRight: max(0, radii.bottomRight - max(right, bottom)), bottomLeft: max(0, radii.bottomLeft - max(left, bottom)))
    }

    /// `radii` grown by `spread` (CSS §7.1.1: a square corner stays square; a negative spread shrinks).
    static func spread(_ radii: CornerRadii, by spread: Double) -> CornerRadii {
        func grow(_ r: Double) -> Double {
            guard r > 0 else { return 0 }
            guard spread > 0 else { return max(0, r + spread) }
            // Small radii grow less than the spread, so a nearly square corner stays nearly square.
            let ratio = r / spread
            return r + spread * (ratio < 1 ? 1 + (ratio - 1) * (ratio - 1) * (ratio - 1) : 1)
        }
        return CornerRadii(topLeft: grow(radii.topLeft), topRight: grow(radii.topRight),
                           bottomRight: grow(radii.bottomRight), bottomLeft: grow(radii.bottomLeft))
    }
}
