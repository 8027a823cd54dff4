import AsyncLayerKit
import Testing

// The list: 100 rows of 100 pt (row i spans [100·i, 100·i + 100)), a 400 pt viewport, so the
// viewport at offset y shows rows floor(y/100) ..< ceil((y + 400)/100).

private let rows = try! ItemExtents(lengths: Array(repeating: 100, count: 100))

@Suite struct FastScrollSkippingTests {
    struct Fling: Sendable, CustomTestStringConvertible {
        let name: String
        let from: Double
        let to: Double
        let velocity: Double
        let drawable: Range<Int>?   // nil: not skipped
        var testDescription: String { name }
    }

    static let flings: [Fling] = [
        // From 1000 (first visible row 10) to 1800 (target rows 18..<22): |18 − 10| = 8, not > 8.
        Fling(name: "8 rows down: drawn normally", from: 1000, to: 1800, velocity: 3000, drawable: nil),
        // To 1900 (target rows 19..<23): |19 − 10| = 9 > 8: skipped. Down: the 3 rows before 19.
        Fling(name: "9 rows down: skipped, 3 rows above the target", from: 1000, to: 1900, velocity: 3000,
              drawable: 16..<23),
        // From 3000 (row 30) up to 2200 (rows 22..<26): |22 − 30| = 8: drawn normally.
        Fling(name: "8 rows up: drawn normally", from: 3000, to: 2200, velocity: -3000, drawable: nil),
        // Up to 2100 (rows 21..<25): 9 rows: skipped. Up (velocity < 0): the 3 rows after row 24.
        Fling(name: "9 rows up: skipped, 3 rows below the target", from: 3000, to: 2100, velocity: -3000,
              drawable: 21..<28),
        // Offsets off the row boundaries: 1050 shows rows 10..<15, the target 1950 rows 19..<24.
        // |19 − 10| = 9: skipped; down: 16..<24.
        Fling(name: "between boundaries", from: 1050, to: 1950, velocity: 3000, drawable: 16..<24),
        // Down to the end: target 9600 → rows 96..<100; rows before: 93..<100.
        Fling(name: "down to the last screen", from: 2000, to: 9600, velocity: 8000, drawable: 93..<100),
        // Up to the top: target 0 → rows 0..<4; rows after: 0..<7.
        Fling(name: "up to the top", from: 2000, to: 0, velocity: -8000, drawable: 0..<7),
        // A zero velocity takes VVebo's else branch (down): rows before 19.
        Fling(name: "zero velocity counts as down", from: 1000, to: 1900, velocity: 0, drawable: 16..<23),
    ]

    @Test(arguments: flings)
    func skipRuleAsComputedByHand(_ f: Fling) {
        var skipper = FastScrollSkipper()
        let drawable = skipper.flingWillEnd(from: f.from, to: f.to, velocity: f.velocity, viewportHeight: 400, items: rows)
        #expect(drawable == f.drawable)
        #expect(skipper.drawableRows == f.drawable)
        #expect(skipper.isSkipping == (f.drawable != nil))
    }

    struct Bounds: Sendable, CustomTestStringConvertible {
        let target: Range<Int>
        let direction: ScrollDirection
        let drawable: Range<Int>
        let vvebo: String
        var testDescription: String { "\(target) \(direction) → \(drawable)" }
    }

    static let bounds: [Bounds] = [
        // Up (rows after the target): 3 rows exist after row 96 only if 96 + 3 < 100.
        Bounds(target: 93..<97, direction: .up, drawable: 93..<100, vvebo: "96 + 3 < 100: the same three"),
        // 95..<98 up: rows 98 and 99 exist, 100 does not: two extra rows.
        Bounds(target: 95..<98, direction: .up, drawable: 95..<100, vvebo: "97 + 3 < 100 is false: none"),
        // 97..<100 up: no row after the last one.
        Bounds(target: 97..<100, direction: .up, drawable: 97..<100, vvebo: "none"),
        // Down (rows before the target): first row 3 → rows 0, 1, 2.
        Bounds(target: 3..<7, direction: .down, drawable: 0..<7, vvebo: "3 > 3 is false: none (off by one)"),
        // First row 1 → row 0 only.
        Bounds(target: 1..<5, direction: .down, drawable: 0..<5, vvebo: "none"),
        // First row 0 → nothing before it.
        Bounds(target: 0..<4, direction: .down, drawable: 0..<4, vvebo: "none"),
        // First row 4 → rows 1, 2, 3.
        Bounds(target: 4..<8, direction: .down, drawable: 1..<8, vvebo: "4 > 3: the same three"),
    ]

    @Test(arguments: bounds)
    func approachRowsStopAtTheEndsOfTheList(_ b: Bounds) {
        var skipper = FastScrollSkipper()
        // First visible row 50: far from every target, so every case skips.
        let drawable = skipper.flingWillEnd(firstVisibleRow: 50, targetRows: b.target, direction: b.direction, rowCount: 100)
        #expect(drawable == b.drawable)
    }

    @Test(arguments: [(0, 0), (5, 2), (12, 0)])
    func skipCountAndApproachRowsAreTunable(skipCount: Int, approachRows: Int) {
        var skipper = FastScrollSkipper(skipCount: skipCount, approachRows: approachRows)
        // From row 10 to rows 19..<23, down: 9 rows.
        let drawable = skipper.flingWillEnd(firstVisibleRow: 10, targetRows: 19..<23, direction: .down, rowCount: 100)
        #expect(drawable == (9 > skipCount ? (19 - approachRows)..<23 : nil))
    }

    @Test func rowsPassedOverAreRefusedAndRedrawnWhenTheFlingStopsShort() {
        var skipper = FastScrollSkipper()
        // 1000 → 1900, down: drawable 16..<23.
        skipper.flingWillEnd(from: 1000, to: 1900, velocity: 3000, viewportHeight: 400, items: rows)
        // Rows appear as the fling moves down: 14 and 15 are passed over, 16… are drawn.
        let drawn1 = skipper.shouldDraw(row: 14)
        #expect(!drawn1)
        let drawn2 = skipper.shouldDraw(row: 15)
        #expect(!drawn2)
        let drawn3 = skipper.shouldDraw(row: 16)
        #expect(drawn3)
        let drawn4 = skipper.shouldDraw(row: 17)
        #expect(drawn4)
        let drawn5 = skipper.shouldDraw(row: 18)
        #expect(drawn5)
        #expect(skipper.refusedRows == [14, 15])
        // The deceleration stops short of the target (VVebo issue #13, iOS 11): at 1500, rows
        // 15..<19 show. Row 15 was refused, so it is the one to draw now; 16, 17, 18 were drawn.
        let redraw = skipper.scrollDidEnd(visibleRows: 15..<19, reason: .decelerationEnded)
        #expect(redraw == [15])
        #expect(!skipper.isSkipping)
        #expect(skipper.refusedRows.isEmpty)
        // Not skipping any more: everything is drawn.
        let drawn6 = skipper.shouldDraw(row: 14)
        #expect(drawn6)
    }

    @Test(arguments: SettleReason.allCases)
    func everyWayTheScrollEndsRedrawsTheRefusedVisibleRows(_ reason: SettleReason) {
        var skipper = FastScrollSkipper()
        // From 0 (row 0) to 5000 (rows 50..<54), down: drawable 47..<54.
        let drawable7 = skipper.flingWillEnd(from: 0, to: 5000, velocity: 6000, viewportHeight: 400, items: rows)
        #expect(drawable7 == 47..<54)
        // The fling passes rows 4…33; all refused.
        for row in 4...33 {
            let drawn = skipper.shouldDraw(row: row)
            #expect(!drawn)
        }
        // It ends at 3000 (a touch, an animation end, the deceleration): rows 30..<34 show,
        // all refused, all drawn now.
        let redraw9 = skipper.scrollDidEnd(visibleRows: 30..<34, reason: reason)
        #expect(redraw9 == [30, 31, 32, 33])
        #expect(!skipper.isSkipping)
    }

    @Test func aFlingThatReachesItsTargetLeavesNothingToRedraw() {
        var skipper = FastScrollSkipper()
        skipper.flingWillEnd(from: 0, to: 5000, velocity: 6000, viewportHeight: 400, items: rows)
        for row in 4..<47 {
            let drawn = skipper.shouldDraw(row: row)
            #expect(!drawn)
        }
        for row in 47..<54 {
            let drawn = skipper.shouldDraw(row: row)
            #expect(drawn)
        }
        let redraw12 = skipper.scrollDidEnd(visibleRows: 50..<54, reason: .decelerationEnded)
        #expect(redraw12 == [])
    }

    @Test func aDragClearsTheSkipSetAndDrawsWhatIsUnderTheFinger() {
        var skipper = FastScrollSkipper()
        skipper.flingWillEnd(from: 0, to: 5000, velocity: 6000, viewportHeight: 400, items: rows)
        for row in 20..<24 {
            let drawn = skipper.shouldDraw(row: row)
            #expect(!drawn)
        }
        // The user grabs the list at 2000 (VVebo's scrollViewWillBeginDragging: clears needLoadArr).
        let redraw14 = skipper.dragWillBegin(visibleRows: 20..<24)
        #expect(redraw14 == [20, 21, 22, 23])
        #expect(skipper.drawableRows == nil)
        let drawn15 = skipper.shouldDraw(row: 40)
        #expect(drawn15)
        // A new short fling does not skip: every row is drawn.
        let drawable16 = skipper.flingWillEnd(from: 2000, to: 2500, velocity: 800, viewportHeight: 400, items: rows)
        #expect(drawable16 == nil)
        let drawn17 = skipper.shouldDraw(row: 26)
        #expect(drawn17)
        let redraw18 = skipper.scrollDidEnd(visibleRows: 25..<29, reason: .decelerationEnded)
        #expect(redraw18 == [])
    }

    @Test func aNewFlingReplacesTheSkipSet() {
        var skipper = FastScrollSkipper()
        skipper.flingWillEnd(from: 0, to: 5000, velocity: 6000, viewportHeight: 400, items: rows)
        let drawn19 = skipper.shouldDraw(row: 10)
        #expect(!drawn19)
        // Without a drag in between (a programmatic fling), the decision starts over.
        skipper.flingWillEnd(firstVisibleRow: 10, targetRows: 12..<16, direction: .down, rowCount: 100)
        #expect(skipper.drawableRows == nil)
        #expect(skipper.refusedRows.isEmpty)
        let drawn20 = skipper.shouldDraw(row: 10)
        #expect(drawn20)
    }
}

