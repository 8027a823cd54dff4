/// Rounding to the pixel grid after layout, as Yoga's `PixelGrid.cpp`: positions are rounded
/// parent-relative, sizes are the difference of the rounded absolute edges (so neighbours never
/// gap or overlap), and measured nodes (texts) floor their start and ceil a fractional far edge,
/// so they never shrink below their measured size.
enum PixelGrid {
    /// `value` rounded to the grid at `scale` (pixels per point): half up, or forced up/down;
    /// a value within 1e-4 pixel of a grid line snaps to it.
    static func round(_ value: Double, scale: Double, forceCeil: Bool, forceFloor: Bool) -> Double {
        var scaled = value * scale
        guard scaled.isFinite else { return 0 }
        // fmod(scaled, 1), exactly (a difference of a double and its integer part is exact).
        var fraction = scaled - scaled.rounded(.towardZero)
        if fraction < 0 { fraction += 1 }
        if inexactEquals(fraction, 0) {
            scaled -= fraction
        } else if inexactEquals(fraction, 1) {
            scaled = scaled - fraction + 1
        } else if forceCeil {
            scaled = scaled - fraction + 1
        } else if forceFloor {
            scaled -= fraction
        } else {
            scaled = scaled - fraction + (fraction > 0.5 || inexactEquals(fraction, 0.5) ? 1 : 0)
        }
        let result = scaled / scale
        return result.isFinite ? result : 0
    }

    /// Rounds `frame` (parent-relative, unrounded) whose border box starts at `absoluteLeft`,
    /// `absoluteTop` (unrounded): edges rounded, sizes from the rounded absolute edges.
    static func round(_ frame: inout FlexFrame, absoluteLeft left: Double, absoluteTop top: Double,
                      measured text: Bool, scale: Double) {
        let right = left + frame.width, bottom = top + frame.height
        let scaledWidth = frame.width * scale, scaledHeight = frame.height * scale
        let fractionalWidth = !inexactEquals(scaledWidth.rounded(), scaledWidth)
        let fractionalHeight = !inexactEquals(scaledHeight.rounded(), scaledHeight)
        frame.left = round(frame.left, scale: scale, forceCeil: false, forceFloor: text)
        frame.top = round(frame.top, scale: scale, forceCeil: false, forceFloor: text)
        frame.width = round(right, scale: scale, forceCeil: text && fractionalWidth, forceFloor: text && !fractionalWidth)
            - round(left, scale: scale, forceCeil: false, forceFloor: text)
        frame.height = round(bottom, scale: scale, forceCeil: text && fractionalHeight, forceFloor: text && !fractionalHeight)
            - round(top, scale: scale, forceCeil: false, forceFloor: text)
    }
}
