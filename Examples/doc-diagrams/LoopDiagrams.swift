import AsyncLayerKit

/// The DisplayLoop catalog's pictures: one turn and its phases, transaction coalescing, and the
/// display link's frame accounting.
enum LoopDiagrams {
    static var all: [Diagram] {
        [
            Diagram(catalog: "DisplayLoop", name: "turn-phases", size: Size(width: 1060, height: 450), draw: turnPhases),
            Diagram(catalog: "DisplayLoop", name: "transaction-coalescing", size: Size(width: 960, height: 360), draw: transactionCoalescing),
            Diagram(catalog: "DisplayLoop", name: "frame-accounting", size: Size(width: 1010, height: 330), draw: frameAccounting),
        ]
    }

    // MARK: A turn of the display loop and its before-waiting phases.

    /// A phase of the before-waiting point: its name, its order value, what it does, its iOS
    /// counterpart at the bottom.
    static func phase(_ s: Sketch, _ x: Double, _ y: Double, _ w: Double, _ h: Double, stroke: Color, fill: Color,
                      name: String, order: String, what: String, ios: String) {
        s.panel(Panel(stroke: stroke, fill: fill, title: name, titleFont: .bold(11.5), subtitle: order, subtitleFont: .monoBold(10),
                      subtitleColor: Palette.ink, body: what, bodyFont: .sans(9.5), bodyAlign: .center, footnote: ios,
                      padding: EdgeInsets(top: 10, left: 8, bottom: 12, right: 8), spacing: 4, bodyGap: 4), x, y, w, h)
    }

    static func turnPhases(_ s: Sketch) {
        let W = s.context.size.width, H = s.context.size.height
        CanvasDiagrams.title(s, "One turn of a DisplayLoop")
        let y = 104.0, h = 150.0

        // Jobs: a panel, and the job chips drawn over it.
        let jx = 34.0, jw = 186.0
        s.panel(Panel(stroke: Palette.blue, fill: Palette.blueFill, title: "Jobs", titleFont: .bold(12.5),
                      subtitle: "every queued job, one at a time", subtitleFont: .sans(9.5), footnote: "and the jobs they enqueue,\nuntil the queue is empty",
                      footnoteFont: .sans(9), footnoteColor: Palette.blue, padding: EdgeInsets(top: 10, left: 8, bottom: 16, right: 8), spacing: 2),
                jx, y, jw, h)
        for i in 0..<4 {
            let nested = i == 3
            let cx = nested ? jx + 14 : jx + 14 + Double(i) * 54, cy = nested ? y + 78 : y + 52, cw = nested ? 120.0 : 48.0
            s.box(cx, cy, cw, 18, stroke: nested ? Palette.purple : Palette.blue, fill: nested ? Palette.purpleFill : .white, radius: 5, width: 1.1)
            s.text(nested ? "job enqueued by a job" : "job", x: cx, y: cy + 2, width: cw, align: .center, font: .sans(9),
                   color: nested ? Palette.purple : Palette.blue)
        }
        // The loop back: until the queue is empty.
        var back = Path()
        back.move(to: Point(x: jx + 136, y: y + 87))
        back.addCurve(to: Point(x: jx + 176, y: y + 74), control1: Point(x: jx + 176, y: y + 87), control2: Point(x: jx + 178, y: y + 96))
        s.context.stroke(back, with: .color(Palette.blue), style: StrokeStyle(lineWidth: 1.4))
        s.arrow(jx + 176, y + 80, jx + 176, y + 72, color: Palette.blue, width: 1.4)

        // The before-waiting phases.
        let px = 252.0, pw = 124.0, gap = 10.0, bw = 4 * pw + 3 * gap
        s.line(px, y - 20, px + bw, y - 20, color: Palette.muted, width: 1.2)
        s.line(px, y - 26, px, y - 14, color: Palette.muted, width: 1.2)
        s.line(px + bw, y - 26, px + bw, y - 14, color: Palette.muted, width: 1.2)
        s.text("the before-waiting point: phases in order (BeforeWaitingPhase)", x: px, y: y - 44, width: bw, align: .center, font: .bold(11))
        phase(s, px, y, pw, h, stroke: Palette.orange, fill: Palette.orangeFill, name: "layout", order: "1 000 000",
              what: "layout of what needs it", ios: "before Core Animation's commit")
        phase(s, px + (pw + gap), y, pw, h, stroke: Palette.card, fill: Palette.cardFill, name: "display", order: "2 000 000",
              what: "layers start their draws; old contents leave the loop", ios: "Core Animation commit, 2 000 000")
        phase(s, px + 2 * (pw + gap), y, pw, h, stroke: Palette.green, fill: Palette.greenFill, name: "transactions", order: "0xFFFFFF",
              what: "each Transaction once, in commit order", ios: "YYTransaction, 0xFFFFFF")
        phase(s, px + 3 * (pw + gap), y, pw, h, stroke: Palette.purple, fill: Palette.purpleFill, name: "completions", order: "0x7FFFFFFF",
              what: "async-transaction completions", ios: "Texture, INT_MAX")
        for i in 1...3 {
            let ax = px + Double(i) * (pw + gap)
            s.arrow(ax - gap - 1, y + h / 2, ax + 1, y + h / 2, color: Palette.ink, width: 1.4)
        }
        s.arrow(jx + jw + 3, y + h / 2, px - 3, y + h / 2, color: Palette.ink, width: 2)

        // The sequences, then the wait.
        let sx = px + bw + 22, sw = 104.0
        s.panel(Panel(stroke: Palette.muted, fill: Palette.greyFill, title: "sequences", titleFont: .bold(11), titleColor: Palette.ink,
                      subtitle: "beforeWaiting-\nPoints()", subtitleFont: .mono(8.5), subtitleColor: Palette.ink,
                      body: "get the turn record, only if a flush was requested", bodyFont: .sans(9), bodyColor: Palette.muted, bodyAlign: .center,
                      padding: EdgeInsets(top: 10, left: 6, bottom: 10, right: 6), spacing: 4, bodyGap: 12), sx, y, sw, h)
        s.arrow(px + bw + 3, y + h / 2, sx - 3, y + h / 2, color: Palette.ink, width: 2)
        let wx = sx + sw + 22, ww = W - 20 - wx
        s.panel(Panel(stroke: Palette.ink, fill: Palette.waitFill, title: "wait", titleFont: .bold(12.5),
                      subtitle: "blocked on a semaphore:\n<b>no CPU</b>", subtitleFont: .sans(9.5), subtitleColor: Palette.ink,
                      body: "thread driver; runTurn() of the manual driver just returns", bodyFont: .sans(9), bodyColor: Palette.muted, bodyAlign: .center,
                      padding: EdgeInsets(top: 10, left: 6, bottom: 10, right: 6), spacing: 6, bodyGap: 8), wx, y, ww, h)
        s.arrow(sx + sw + 3, y + h / 2, wx - 3, y + h / 2, color: Palette.ink, width: 2)

        // Work enqueued during the phases goes to the next turn.
        let nx = px + bw / 2
        s.line(nx, y + h + 2, nx, y + h + 26, color: Palette.red, width: 1.4, dashed: true)
        s.arrow(nx, y + h + 20, nx, y + h + 30, color: Palette.red, width: 1.4)
        s.text("jobs enqueued and transactions committed during the phases → the <b>next</b> turn, which starts at once",
               x: px - 40, y: y + h + 34, width: bw + 80, align: .center, font: .sans(10), color: Palette.red)

        // One turn.
        s.brace(jx, sx + sw, y: y + h + 62, color: Palette.ink)
        s.text("<b>one turn</b> → a <tt>TurnRecord</tt>: number, jobs run, phases run, start, duration, idle time before",
               x: jx, y: y + h + 82, width: sx + sw - jx, align: .center, font: .sans(10.5))

        // The wake-up path.
        let ry = H - 46
        s.polyline([Point(x: wx + ww / 2, y: y + h + 2), Point(x: wx + ww / 2, y: ry), Point(x: 16, y: ry), Point(x: 16, y: y + h / 2)],
                   color: Palette.muted, width: 1.6)
        s.arrow(16, y + h / 2, jx - 3, y + h / 2, color: Palette.muted, width: 1.6)
        s.text("woken by a job enqueued from any thread, or by setNeedsBeforeWaiting() (a setNeedsDisplay(), a transaction commit)",
               x: 30, y: ry + 6, width: W - 60, align: .center, font: .sans(10), color: Palette.muted)
    }

    // MARK: Transactions: commits coalesce per (target, action); the phase runs each once, in order.

    static func commitChip(_ s: Sketch, _ x: Double, _ y: Double, name: String, fresh: Bool) {
        let w = 112.0, h = 56.0
        s.shape(s.rounded(x, y, w, h, radius: 7), stroke: fresh ? Palette.green : Palette.muted, fill: fresh ? Palette.greenFill : Palette.greyFill,
                width: 1.3, dash: fresh ? [] : [4, 3])
        s.text(name, x: x, y: y + 5, width: w, align: .center, font: .mono(9), color: fresh ? Palette.ink : Palette.muted)
        s.text(fresh ? "commit() → true" : "commit() → false", x: x, y: y + 36, width: w, align: .center, font: .mono(8.5),
               color: fresh ? Palette.green : Palette.muted)
    }

    static func transactionCoalescing(_ s: Sketch) {
        let H = s.context.size.height
        CanvasDiagrams.title(s, "Transactions: once per (target, action) per turn, in commit order")

        // Turn N's jobs: five commits on a time line.
        let ty = 110.0
        s.text("turn N — jobs (commits, in time order)", x: 20, y: 58, font: .bold(12), color: Palette.blue)
        s.line(20, ty + 28, 640, ty + 28, color: Palette.blue, width: 1.5)
        let names = ["label\n.layoutText", "badge\n.refresh", "label\n.layoutText", "label\n.layoutText", "badge\n.refresh"]
        for (i, name) in names.enumerated() {
            commitChip(s, 24 + Double(i) * 122, ty, name: name, fresh: i < 2)
        }
        s.text("""
            A repeated (target, action) changes nothing: the first commit keeps its place and its closure.
            Write the closure to read the target's state when it runs ($0.layoutText()), so it sees the final state.
            """, x: 20, y: ty + 68, width: 620, font: .sans(9.5), color: Palette.muted)

        // The transactions phase of turn N.
        let fx = 680.0, fw = 260.0, fy = 70.0, fh = 128.0
        s.panel(Panel(stroke: Palette.green, fill: Palette.greenFill, title: "turn N — transactions phase", titleFont: .bold(12),
                      subtitle: "before the loop waits", subtitleFont: .sans(9), body: "1. label.layoutText()\n2. badge.refresh()",
                      bodyFont: .mono(10), footnote: "each once, in the order of first commits; a target that is gone is skipped", footnoteFont: .sans(9),
                      padding: EdgeInsets(top: 10, left: 12, bottom: 8, right: 12), spacing: 3, bodyGap: 4), fx, fy, fw, fh)
        s.arrow(640, ty + 28, fx - 4, ty + 28, color: Palette.ink, width: 2)

        // A commit made during the flush: the next turn.
        let ny = 260.0, nh = 76.0
        s.panel(Panel(stroke: Palette.green, fill: Color(red: 0.97, green: 0.99, blue: 0.98), title: "turn N+1 — transactions phase", titleFont: .bold(12),
                      body: "1. label.layoutText()", bodyFont: .mono(10), padding: EdgeInsets(top: 10, left: 12, bottom: 8, right: 12)),
                fx, ny, fw, nh)
        s.line(fx + fw / 2, fy + fh + 2, fx + fw / 2, ny - 10, color: Palette.red, width: 1.4, dashed: true)
        s.arrow(fx + fw / 2, ny - 14, fx + fw / 2, ny - 3, color: Palette.red, width: 1.4)
        s.text("badge.refresh() commits label.layoutText again\nwhile the flush runs → the next turn",
               x: fx + fw / 2 - 10, y: fy + fh + 22, align: .right, font: .sans(10), color: Palette.red)

        s.text("""
            The targets are held <b>weakly</b> until the flush: committing never keeps an object alive.
            YYTransaction kept its transactions in an NSSet, so their order was undefined; here it is the commit order.
            """, x: 20, y: H - 60, width: 640, font: .sans(10))
    }

    // MARK: Frame accounting of the display link: a late turn drops frames.

    static func frameAccounting(_ s: Sketch) {
        let W = s.context.size.width, H = s.context.size.height
        CanvasDiagrams.title(s, "DisplayLink at 60 Hz: a busy loop drops the frames it starts late")
        let x0 = 110.0, step = 150.0
        let loopY = 100.0, framesY = 190.0, axisY = 236.0
        /// Frame k is due at x0 + (k + 1) × step.
        func fx(_ k: Double) -> Double { x0 + (k + 1) * step }

        s.text("loop turns", x: 20, y: loopY - 9, font: .bold(11))
        s.text("frames", x: 20, y: framesY - 9, font: .bold(11))
        s.line(x0, loopY, W - 20, loopY, color: Palette.grid, width: 1, dashed: true)

        // Time axis with the due times.
        s.arrow(x0, axisY, W - 20, axisY, color: Palette.muted, width: 1.3)
        s.line(x0, axisY - 5, x0, axisY + 5, color: Palette.muted, width: 1.3)
        s.text("start()", x: x0, y: axisY + 8, align: .center, font: .sans(9), color: Palette.muted)
        for k in 0..<5 {
            s.line(fx(Double(k)), axisY - 5, fx(Double(k)), axisY + 5, color: Palette.muted, width: 1.3)
            s.text("\(k + 1) × 16.7 ms", x: fx(Double(k)), y: axisY + 8, align: .center, font: .sans(9), color: Palette.muted)
        }

        // Frames: each lasts from its due time to its deadline (the next frame's due time).
        let labels = ["frame 0: delivered", "frame 1: dropped", "frame 2: dropped", "frame 3: delivered\nskippedBefore = 2", "frame 4"]
        for (k, label) in labels.enumerated() {
            let dropped = k == 1 || k == 2, future = k == 4
            let stroke = dropped ? Palette.red : future ? Palette.muted : Palette.green
            let fill = dropped ? Palette.redFill : future ? Palette.greyFill : Palette.greenFill
            let left = fx(Double(k)) + 3, right = future ? W - 24 : fx(Double(k + 1)) - 3
            s.box(left, framesY - 18, right - left, 36, stroke: stroke, fill: fill, radius: 6, width: 1.3)
            s.text(label, x: left, y: framesY - (k == 3 ? 15 : 8), width: right - left, align: .center, font: .sans(9.5), color: stroke)
        }

        // Turns: frame 0 on time; a long turn; the turn that delivers frame 3.
        let busyEnd = x0 + 4.5 * step
        s.bar(fx(0) + 2, fx(0) + 28, y: loopY, stroke: Palette.green, fill: Palette.greenFill, label: "")
        s.bar(fx(0) + 34, busyEnd - 8, y: loopY, stroke: Palette.muted, fill: Palette.greyFill,
                          label: "a long turn: the loop is busy for 3.5 frame intervals")
        s.bar(busyEnd - 2, busyEnd + 24, y: loopY, stroke: Palette.green, fill: Palette.greenFill, label: "")
        s.line(fx(0) + 15, loopY + 12, fx(0) + 15, framesY - 20, color: Palette.green, width: 1.2, dashed: true)
        s.line(busyEnd + 11, loopY + 12, busyEnd + 11, framesY - 20, color: Palette.green, width: 1.2, dashed: true)
        s.text("the next turn starts after the deadlines of frames 1 and 2: it delivers frame 3",
               x: busyEnd + 24, y: loopY - 50, align: .right, font: .sans(9.5), color: Palette.green)
        s.line(fx(2), loopY + 14, fx(2), framesY - 20, color: Palette.red, width: 1, dashed: true)
        s.line(fx(3), loopY + 14, fx(3), framesY - 20, color: Palette.red, width: 1, dashed: true)
        s.text("frame 1's deadline", x: fx(2) + 4, y: loopY + 18, font: .sans(8.5), color: Palette.red)
        s.text("frame 2's deadline", x: fx(3) + 4, y: loopY + 18, font: .sans(8.5), color: Palette.red)

        s.text("""
            A frame is <b>dropped</b> when the turn that would deliver it starts after its deadline. The link does not \
            replay stale frames: it delivers the latest frame due (frame 3, with skippedBefore = 2) and counts \
            deliveredFrames = 2, droppedFrames = 2 — the case Tests/DisplayLoopTests/DisplayLinkTests.swift checks on a ManualClock.
            """, x: 20, y: H - 58, width: W - 40, font: .sans(10))
    }
}
