internal import Canvas

/// Paints CSS box shadows (Backgrounds 3 §7.1): outer ones outside the border box, inset ones
/// inside the padding box. Blur, spread and offsets are bounded so a hostile value costs a
/// bounded mask (``maximumBlur``, ``maximumExtent``).
struct BoxShadowPainter {
    let context: GraphicsContext
    let lengths: LengthContext
    let currentColor: Color

    /// The largest blur radius drawn, in points (a larger one looks the same on a card: a faint
    /// veil over the whole canvas).
    static let maximumBlur = 300.0
    /// The largest offset or spread drawn, in points.
    static let maximumExtent = 10_000.0

    /// Paints the outer shadows of `shadows` (first on top) around `box`.
    func paintOuter(_ shadows: [BoxShadow], in box: BoxGeometry) {
        for shadow in shadows.reversed() where !shadow.inset {
            let s = resolve(shadow, box)
            guard s.color.alpha > 0 else { continue }
            let rect = box.borderBox.insetBy(dx: -s.spread, dy: -s.spread)
            guard rect.width > 0, rect.height > 0 else { continue }
            let radii = box.borderRadii.spread(by: s.spread).fitted(to: rect.size)
            // Only outside the border box: clip the box out with a rectangle beyond the shadow's reach.
            let reach = s.blur * 2 + abs(s.x) + abs(s.y) + abs(s.spread) + 1
            var outside = Path.rect(box.borderBox.insetBy(dx: -reach, dy: -reach))
            outside.addPath(box.shape(.borderBox))
            context.drawShadow(ofRoundedRect: rect, horizontal: radii.h, vertical: radii.v,
                               shadow: Shadow(offset: Size(width: s.x, height: s.y), radius: s.blur, color: s.color),
                               clippedTo: outside, clipRule: .evenOdd)
        }
    }

    /// Paints the inset shadows of `shadows` (first on top) inside `box`'s padding box.
    func paintInset(_ shadows: [BoxShadow], in box: BoxGeometry) {
        for shadow in shadows.reversed() where shadow.inset {
            let s = resolve(shadow, box)
            guard s.color.alpha > 0 else { continue }
            let padding = box.paddingBox
            let reach = s.blur * 2 + abs(s.x) + abs(s.y) + abs(s.spread) + 1
            // The shadow of everything outside the hole: a frame round the padding box.
            let hole = padding.insetBy(dx: s.spread, dy: s.spread)
            let radii = box.paddingRadii.spread(by: -s.spread).fitted(to: Size(width: max(hole.width, 0), height: max(hole.height, 0)))
            context.drawShadow(intoRoundedRect: hole, horizontal: radii.h, vertical: radii.v, frame: padding.insetBy(dx: -reach, dy: -reach),
                               shadow: Shadow(offset: Size(width: s.x, height: s.y), radius: s.blur, color: s.color),
                               clippedTo: box.shape(.paddingBox))
        }
    }

    private func resolve(_ shadow: BoxShadow, _ box: BoxGeometry) -> (x: Double, y: Double, blur: Double, spread: Double, color: Color) {
        func bounded(_ v: Double) -> Double { min(max(v, -Self.maximumExtent), Self.maximumExtent) }
        let size = box.borderBox.size
        return (bounded(shadow.x.resolved(lengths, percentOf: size.width)),
                bounded(shadow.y.resolved(lengths, percentOf: size.height)),
                min(max(shadow.blur.resolved(lengths, percentOf: size.width), 0), Self.maximumBlur),
                bounded(shadow.spread.resolved(lengths, percentOf: size.width)),
                shadow.color.resolved(currentColor: currentColor))
    }
}
