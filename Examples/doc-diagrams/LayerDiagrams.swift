import AsyncLayerKit

/// The AsyncLayerKit catalog's layer pictures: a superseded draw, and the ranges around the viewport.
enum LayerDiagrams {
    static var all: [Diagram] {
        [
            Diagram(catalog: "Rendering", name: "draw-cancelled", size: Size(width: 1000, height: 560), draw: drawCancelled),
            Diagram(catalog: "Rendering", name: "ranges-viewport", size: Size(width: 960, height: 540), draw: rangesViewport),
        ]
    }

    // MARK: A draw being cancelled: request A draws, request B supersedes it.

    static func drawCancelled(_ s: Sketch) {
        CanvasDiagrams.title(s, "A superseded draw: request A is cancelled by request B")
        let x0 = 190.0, x1 = 975.0
        let loopY = 142.0, contentsY = 170.0, aY = 300.0, bY = 390.0, axisY = 440.0

        // Lanes.
        s.text("loop (DisplayActor)", x: 20, y: loopY - 9, font: .bold(11))
        s.text("layer.contents", x: 20, y: contentsY - 7, font: .sans(9.5), color: Palette.muted)
        s.text("render thread\n<span size='9.5' weight='normal'>draw task A</span>", x: 20, y: aY - 16, font: .bold(11), color: Palette.blue)
        s.text("render thread\n<span size='9.5' weight='normal'>draw task B</span>", x: 20, y: bY - 16, font: .bold(11), color: Palette.card)
        s.line(x0, loopY, x1, loopY, color: Palette.ink, width: 2)
        s.line(x0, aY, x1, aY, color: Palette.grid, width: 1, dashed: true)
        s.line(x0, bY, x1, bY, color: Palette.grid, width: 1, dashed: true)
        s.arrow(x0, axisY, x1, axisY, color: Palette.muted, width: 1.3)
        s.text("time", x: x1, y: axisY + 4, align: .right, font: .sans(9.5), color: Palette.muted)

        // The contents strip: the old contents stay until B's are set.
        let tB = 800.0
        s.bar(x0, tB - 2, y: contentsY, stroke: Palette.muted, fill: Palette.greyFill, label: "old contents (kept: no flicker)")
        s.bar(tB + 2, x1, y: contentsY, stroke: Palette.card, fill: Palette.cardFill, label: "B's bitmap")

        // Request A: turn 1's display phase starts draw A.
        let tA = 230.0
        s.dot(tA, loopY, color: Palette.blue)
        s.text("<b>turn 1</b>, display phase:\nrequest A → willDisplay,\ndraw task A starts", x: tA - 60, y: 52, width: 170, align: .center, font: .sans(9.5))
        s.line(tA, loopY + 6, tA + 22, aY - 14, color: Palette.blue, width: 1.2, dashed: true)
        s.check(tA + 30, aY, number: 1, passes: true)
        s.bar(tA + 44, 600, y: aY, stroke: Palette.blue, fill: Palette.blueFill, label: "drawing A")

        // Request B: turn 2's display phase cancels A and starts B.
        let tC = 420.0
        s.dot(tC, loopY, color: Palette.card)
        s.text("<b>turn 2</b>, display phase: request B\n→ A's task is cancelled, willDisplay,\ndraw task B starts",
               x: tC - 95, y: 52, width: 230, align: .center, font: .sans(9.5))
        s.line(tC, loopY + 6, tC, aY - 12, color: Palette.red, width: 1.3, dashed: true)
        s.text("<b>A's task cancelled:\nTask.isCancelled is true</b>", x: tC - 6, y: aY - 44, align: .right, font: .sans(9.5), color: Palette.red)
        s.line(tC, loopY + 6, tC + 22, bY - 14, color: Palette.card, width: 1.2, dashed: true)
        s.check(tC + 30, bY, number: 1, passes: true)
        s.bar(tC + 44, 700, y: bY, stroke: Palette.card, fill: Palette.cardFill, label: "drawing B")
        s.check(714, bY, number: 2, passes: true)
        s.bar(728, 758, y: bY, stroke: Palette.card, fill: .white, label: "")
        s.text("bitmap", x: 728, y: bY + 14, width: 30, align: .center, font: .sans(8), color: Palette.muted)
        s.check(772, bY, number: 3, passes: true)
        s.line(782, bY - 8, tB - 6, loopY + 8, color: Palette.card, width: 1.3)
        s.arrow(tB - 12, loopY + 20, tB - 2, loopY + 6, color: Palette.card, width: 1.3)

        // A's check after drawing fails: no bitmap, and on the loop it reports didDisplay(false).
        s.check(614, aY, number: 2, passes: false)
        s.text("checkCancellation()\nthrows: no bitmap is made,\n③ never runs", x: 600, y: aY + 14, width: 160, font: .sans(9), color: Palette.red)
        s.line(622, aY - 8, 650, loopY + 6, color: Palette.red, width: 1.3)
        s.check(650, loopY, number: 4, passes: false)
        s.text("<b>on the loop</b>: A was superseded\n→ <b>didDisplay(A, false)</b>;\ncontents untouched",
               x: 600, y: 52, width: 170, align: .center, font: .sans(9.5), color: Palette.red)

        // B is set.
        s.check(tB, loopY, number: 4, passes: true)
        s.text("<b>on the loop</b>: still current\n→ contents = B's bitmap,\n<b>didDisplay(B, true)</b>",
               x: tB - 20, y: 52, width: 190, align: .center, font: .sans(9.5), color: Palette.green)
        s.text("old contents → ReleaseQueue,\nfreed off the loop", x: tB + 8, y: contentsY + 16, width: 170, font: .sans(8.5), color: Palette.muted)

        // Legend.
        let ly = 462.0
        s.text("""
            The four checks: <b>①</b> before the drawing starts · <b>②</b> after drawing · <b>③</b> after the bitmap is made \
            (all three on the render thread, <tt>Task.checkCancellation()</tt>) · <b>④</b> on the loop, right before the \
            contents are set (the request is still the latest, and its task is not cancelled).
            """, x: 20, y: ly, width: 960, font: .sans(10))
        s.text("""
            Every request gets exactly one didDisplay. Had B arrived before A's ①, A's drawing would never have started, and A \
            would still get didDisplay(false) — YYAsyncLayer skipped that call; this layer does not.
            """, x: 20, y: ly + 42, width: 960, font: .sans(10), color: Palette.muted)
    }

    // MARK: Ranges around the viewport: the display and preload extents of Texture's Minimum and
    // Full modes scrolling down, and the leading part a fast scroll adds
    // (RangeConfiguration.velocityLookahead, 4,000 pt/s × 0.25 s on an 800 pt viewport = 1.25
    // screenfuls). Rows are half a screenful; a row is in a range when it overlaps it.

    /// One column: extents in screenfuls; `grown` is the leading extent with velocity.
    struct RangeColumn {
        var title: String, subtitle: String
        var displayTrailing: Double, displayLeading: Double, displayGrown: Double
        var preloadTrailing: Double, preloadLeading: Double, preloadGrown: Double
    }

    /// A vertical extent bar from y0 to y1, with the grown part (y1 to y2) hatched.
    static func extentBar(_ s: Sketch, _ x: Double, _ y0: Double, _ y1: Double, _ y2: Double, stroke: Color, fill: Color) {
        s.box(x, y0, 12, y1 - y0, stroke: stroke, fill: fill, radius: 5, width: 1.4)
        guard y2 > y1 + 0.5 else { return }
        let grown = Rect(x: x, y: y1, width: 12, height: y2 - y1)
        s.context.fill(grown, with: Palette.orangeFill)
        s.hatch(grown, color: Palette.orange)
        s.shape(.rect(grown), stroke: Palette.orange, fill: nil, width: 1.2, dash: [3, 2])
    }

    /// A number as the diagram prints it: no trailing zeros (0.25, 1, 2.5).
    static func figure(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func rangesViewport(_ s: Sketch) {
        let W = s.context.size.width
        let S = 52.0                      // diagram units per screenful
        let top = 1.5, bottom = 3.75 + 1  // screenfuls shown above and below the viewport's top
        let y0 = 120.0                    // the top of the drawn list
        let vp = y0 + top * S             // the viewport's top
        let columns = [
            RangeColumn(title: "Minimum", subtitle: "the first screen, before any scroll", displayTrailing: 0.25, displayLeading: 0.25,
                        displayGrown: 0.25, preloadTrailing: 0.25, preloadLeading: 0.5, preloadGrown: 0.5),
            RangeColumn(title: "Full", subtitle: "after the first scroll (at rest or slow)", displayTrailing: 0.5, displayLeading: 1.0,
                        displayGrown: 1.0, preloadTrailing: 1.5, preloadLeading: 2.5, preloadGrown: 2.5),
            RangeColumn(title: "Full at 4,000 pt/s", subtitle: "leading side grown by 1.25 screenfuls", displayTrailing: 0.5, displayLeading: 1.0,
                        displayGrown: 2.25, preloadTrailing: 1.5, preloadLeading: 2.5, preloadGrown: 3.75),
        ]
        CanvasDiagrams.title(s, "Ranges around the viewport, scrolling down")
        s.text("""
            Extents in screenfuls (multiples of the viewport's height): leading = ahead, in the scroll direction; \
            trailing = behind. Each row is half a screenful.
            """, x: 0, y: 40, width: W, align: .center, font: .sans(10.5), color: Palette.muted)

        // The scroll direction, on the left (clear of the "viewport" label).
        s.arrow(20, vp - 20, 20, vp + 2 * S + 20, color: Palette.ink, width: 2.4)
        s.text("scroll", x: 22, y: vp + 2 * S + 28, align: .center, font: .bold(10))
        s.text("down", x: 22, y: vp + 2 * S + 42, align: .center, font: .bold(10))

        let blueHex = Palette.blue.hexString, greenHex = Palette.green.hexString
        for (c, column) in columns.enumerated() {
            let cx = 80 + Double(c) * 295, rowsWidth = 96.0
            s.text(column.title, x: cx, y: y0 - 46, font: .bold(12.5))
            s.text(column.subtitle, x: cx, y: y0 - 28, font: .sans(9.5), color: Palette.muted)
            // Rows of half a screenful, coloured by the innermost range they overlap.
            var r = -top
            while r < bottom - 1e-9 {
                let a = r, b = r + 0.5
                let visible = a < 1 && b > 0
                let display = a < 1 + column.displayGrown && b > -column.displayTrailing
                let preload = a < 1 + column.preloadGrown && b > -column.preloadTrailing
                let (stroke, fill, label): (Color, Color, String) =
                    visible ? (Palette.card, Palette.cardFill, "visible")
                    : display ? (Palette.blue, Palette.blueFill, "display")
                    : preload ? (Palette.green, Palette.greenFill, "preload")
                    : (Palette.grid, .white, "")
                let y = vp + r * S
                s.box(cx, y + 1.5, rowsWidth, 0.5 * S - 3, stroke: stroke, fill: fill, radius: 4, width: 1.2)
                if !label.isEmpty {
                    s.text(label, x: cx, y: y + 0.25 * S - 7, width: rowsWidth, align: .center, font: .sans(9), color: stroke)
                }
                r += 0.5
            }
            // The viewport's frame.
            s.shape(.rect(Rect(x: cx - 5, y: vp, width: rowsWidth + 10, height: S)), stroke: Palette.ink, fill: nil, width: 2.2)
            if c == 0 { s.text("viewport", x: cx - 9, y: vp + S / 2 - 7, align: .right, font: .bold(9)) }

            // The display and preload bars.
            let bx = cx + rowsWidth + 14, px = bx + 20
            extentBar(s, bx, vp - column.displayTrailing * S, vp + (1 + column.displayLeading) * S, vp + (1 + column.displayGrown) * S,
                      stroke: Palette.blue, fill: Palette.blueFill)
            extentBar(s, px, vp - column.preloadTrailing * S, vp + (1 + column.preloadLeading) * S, vp + (1 + column.preloadGrown) * S,
                      stroke: Palette.green, fill: Palette.greenFill)
            s.text("D", x: bx + 6, y: y0 - 10, align: .center, font: .bold(8.5), color: Palette.blue)
            s.text("P", x: px + 6, y: y0 - 10, align: .center, font: .bold(8.5), color: Palette.green)

            // Labels to the right of the bars.
            let lx = px + 22
            s.text("<span foreground='\(blueHex)'>display \(figure(column.displayTrailing))</span> · "
                   + "<span foreground='\(greenHex)'>preload \(figure(column.preloadTrailing))</span>\nbehind",
                   x: lx, y: vp - 34, font: .sans(9))
            s.text("<span foreground='\(blueHex)'>display \(figure(column.displayLeading))</span> ahead",
                   x: lx, y: vp + (1 + column.displayLeading) * S - 16, font: .sans(9))
            s.text("<span foreground='\(greenHex)'>preload \(figure(column.preloadLeading))</span> ahead",
                   x: lx, y: vp + (1 + column.preloadLeading) * S - 16, font: .sans(9))
            if column.displayGrown > column.displayLeading {
                s.text("<b>+1.25</b> with velocity:\ndisplay \(figure(column.displayGrown)), preload \(figure(column.preloadGrown))",
                       x: lx, y: vp + (1 + column.preloadGrown) * S - 30, font: .sans(9), color: Palette.orange)
            }
        }

        // Legend and notes.
        s.text("""
            <b>visible</b> ⊆ <b>display</b> (render) ⊆ <b>preload</b> (fetch, decode). The orange hatched part is the \
            leading side grown by |velocity| × <tt>velocityLookahead</tt> (0.25 s), at most 2.5 screenfuls for display \
            and 5 for preload; in Visible Only and Low Memory nothing grows. Scrolling up, the picture flips: \
            leading is above. At the ends of the list a range is cut, not moved to the other side.
            """, x: 80, y: vp + bottom * S + 24, width: W - 120, font: .sans(10))
    }
}
