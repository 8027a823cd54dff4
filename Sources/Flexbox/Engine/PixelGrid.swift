import Foundation

/// Rounding to the pixel grid after layout, as Yoga's `PixelGrid.cpp`: positions are rounded
/// parent-relative, sizes are the difference of the rounded absolute edges (so neighbours never
/// gap or overlap), and measured nodes (texts) floor their start and ceil a fractional far edge,
/// so they never shrink below their measured size.
enum PixelGrid {
    /// `value` rounded to the grid at `scale` (pixels per point): half up, or forced up/down;
    /// a value within 1e-4 pixel of a grid line snaps to it.
    static func round(_ value: Double, scale: Double, forceCeil: Bool, forceFloor: Bool) -> Double {
        var scaled = value * scale
        var fraction = fmod(scaled, 1.0)
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

    /// Rounds the frames of `node`'s subtree in place, `absoluteLeft`/`absoluteTop` being the
    /// parent's unrounded absolute origin.
    static func roundSubtree(_ frames: inout [FlexFrame], node: Int, children: [[FlexTree.NodeID]], isMeasured: [Bool],
                             skip: [Bool], scale: Double, absoluteLeft: Double, absoluteTop: Double) {
        // An explicit stack: deep chains must not overflow the thread's stack.
        var stack: [(Int, Double, Double)] = [(node, absoluteLeft, absoluteTop)]
        while let (n, parentLeft, parentTop) = stack.popLast() {
            let f = frames[n]
            let left = parentLeft + f.left, top = parentTop + f.top
            let right = left + f.width, bottom = top + f.height
            let text = isMeasured[n]
            let scaledWidth = f.width * scale, scaledHeight = f.height * scale
            let fractionalWidth = !inexactEquals(scaledWidth.rounded(), scaledWidth)
            let fractionalHeight = !inexactEquals(scaledHeight.rounded(), scaledHeight)
            frames[n].left = round(f.left, scale: scale, forceCeil: false, forceFloor: text)
            frames[n].top = round(f.top, scale: scale, forceCeil: false, forceFloor: text)
            frames[n].width = round(right, scale: scale, forceCeil: text && fractionalWidth, forceFloor: text && !fractionalWidth)
                - round(left, scale: scale, forceCeil: false, forceFloor: text)
            frames[n].height = round(bottom, scale: scale, forceCeil: text && fractionalHeight, forceFloor: text && !fractionalHeight)
                - round(top, scale: scale, forceCeil: false, forceFloor: text)
            for c in children[n] where !skip[c.index] {
                stack.append((c.index, left, top))
            }
        }
    }
}
