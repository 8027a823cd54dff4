import AsyncLayerKit
import Testing

// Every hand computation below uses the same list unless it says otherwise: 100 items, each
// 100 pt tall, no spacing, so item i spans [100·i, 100·i + 100) and the content is 10,000 pt; the
// viewport is 400 pt tall, so one screenful is 400 pt. An item is in an interval when it overlaps
// it by more than nothing, so the interval [a, b) holds the items floor(a/100) ..< ceil(b/100),
// cut to 0..<100.

/// 100 items of 100 pt.
private let uniformItems = try! ItemExtents(lengths: Array(repeating: 100, count: 100))

/// The 400 pt tall viewport whose top is at `y`.
private func viewport(_ y: Double) -> Rect { Rect(x: 0, y: y, width: 320, height: 400) }

/// A controller in Full mode, moved from `from` to `to` (a scroll, so the mode is Full and the
/// direction that of the move, or of `velocity` when it is not 0).
private func fullController(
    from: Double,
    to: Double,
    velocity: Double = 0,
    configuration: RangeConfiguration = RangeConfiguration()
) -> (RangeController, RangeUpdate) {
    var controller = RangeController(items: uniformItems, configuration: configuration)
    _ = controller.update(viewport: viewport(from), velocity: velocity)
    let update = controller.update(viewport: viewport(to), velocity: velocity)
    return (controller, update)
}

@Suite struct RangeControllerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let from: Double?      // the previous update's offset (nil: this is the first update)
        let to: Double
        let velocity: Double
        let lookahead: Double
        let mode: RangeMode
        let direction: ScrollDirection
        let visible: Range<Int>
        let display: Range<Int>
        let preload: Range<Int>
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // First update: Minimum, direction down (the initial one).
        // visible [2000, 2400) → 20..<24
        // display 0.25/0.25 → 100 pt each side: [1900, 2500) → 19..<25
        // preload 0.5 ahead (200 pt, below), 0.25 behind (100 pt): [1900, 2600) → 19..<26
        Case(name: "minimum, down, middle", from: nil, to: 2000, velocity: 0, lookahead: 0.25, mode: .minimum,
             direction: .down, visible: 20..<24, display: 19..<25, preload: 19..<26),
        // First update moving up (velocity −1, lookahead 0 so nothing grows): Minimum, up.
        // display symmetric: [1900, 2500) → 19..<25
        // preload 200 pt ahead (above), 100 behind: [1800, 2500) → 18..<25
        Case(name: "minimum, up, middle", from: nil, to: 2000, velocity: -1, lookahead: 0, mode: .minimum,
             direction: .up, visible: 20..<24, display: 19..<25, preload: 18..<25),
        // Scrolled 1900 → 2000: Full, down.
        // display 1.0 ahead (400), 0.5 behind (200): [1800, 2800) → 18..<28
        // preload 2.5 ahead (1000), 1.5 behind (600): [1400, 3400) → 14..<34
        Case(name: "full, down, middle", from: 1900, to: 2000, velocity: 0, lookahead: 0.25, mode: .full,
             direction: .down, visible: 20..<24, display: 18..<28, preload: 14..<34),
        // Scrolled 2100 → 2000: Full, up.
        // display [2000 − 400, 2400 + 200) = [1600, 2600) → 16..<26
        // preload [2000 − 1000, 2400 + 600) = [1000, 3000) → 10..<30
        Case(name: "full, up, middle", from: 2100, to: 2000, velocity: 0, lookahead: 0.25, mode: .full,
             direction: .up, visible: 20..<24, display: 16..<26, preload: 10..<30),
        // Scrolled 100 → 0: Full, up, at the top. Nothing exists above 0, so the leading side is cut.
        // visible [0, 400) → 0..<4; display [−400, 600) → 0..<6; preload [−1000, 1000) → 0..<10
        Case(name: "full, up, top", from: 100, to: 0, velocity: 0, lookahead: 0.25, mode: .full,
             direction: .up, visible: 0..<4, display: 0..<6, preload: 0..<10),
        // Scrolled 9500 → 9600 (the last screen): Full, down, at the end.
        // visible [9600, 10000) → 96..<100; display [9400, 10400) → 94..<100 (cut);
        // preload [9000, 11000) → 90..<100 (cut)
        Case(name: "full, down, end", from: 9500, to: 9600, velocity: 0, lookahead: 0.25, mode: .full,
             direction: .down, visible: 96..<100, display: 94..<100, preload: 90..<100),
        // Scrolled 9700 → 9600: Full, up, at the end: the trailing side is cut.
        // display [9600 − 400, 10000 + 200) → 92..<100; preload [8600, 10600) → 86..<100
        Case(name: "full, up, end", from: 9700, to: 9600, velocity: 0, lookahead: 0.25, mode: .full,
             direction: .up, visible: 96..<100, display: 92..<100, preload: 86..<100),
        // Velocity growth, Full, down at 2000 pt/s, lookahead 0.25 s: 500 pt more ahead.
        // display ahead min(400 + 500, 2.5·400 = 1000) = 900: [1800, 3300) → 18..<33
        // preload ahead min(1000 + 500, 5·400 = 2000) = 1500: [1400, 3900) → 14..<39
        Case(name: "full, down, 2000 pt/s", from: 1900, to: 2000, velocity: 2000, lookahead: 0.25, mode: .full,
             direction: .down, visible: 20..<24, display: 18..<33, preload: 14..<39),
        // Capped: 8000 pt/s → 2000 pt more; display ahead min(2400, 1000) = 1000: [1800, 3400) → 18..<34
        // preload ahead min(3000, 2000) = 2000: [1400, 4400) → 14..<44
        Case(name: "full, down, 8000 pt/s (capped)", from: 1900, to: 2000, velocity: 8000, lookahead: 0.25,
             mode: .full, direction: .down, visible: 20..<24, display: 18..<34, preload: 14..<44),
        // Up at −2000 pt/s: display [2000 − 900, 2400 + 200) = [1100, 2600) → 11..<26
        // preload [2000 − 1500, 2400 + 600) = [500, 3000) → 5..<30
        Case(name: "full, up, −2000 pt/s", from: 2100, to: 2000, velocity: -2000, lookahead: 0.25, mode: .full,
             direction: .up, visible: 20..<24, display: 11..<26, preload: 5..<30),
        // Growth off (lookahead 0): 2000 pt/s gives the plain Full ranges.
        Case(name: "full, down, 2000 pt/s, no lookahead", from: 1900, to: 2000, velocity: 2000, lookahead: 0,
             mode: .full, direction: .down, visible: 20..<24, display: 18..<28, preload: 14..<34),
        // Minimum grows too: first update at 1000 pt/s → 250 pt more.
        // display ahead min(100 + 250, 1000) = 350: [1900, 2750) → 19..<28
        // preload ahead min(200 + 250, 2000) = 450: [1900, 2850) → 19..<29
        Case(name: "minimum, down, 1000 pt/s", from: nil, to: 2000, velocity: 1000, lookahead: 0.25,
             mode: .minimum, direction: .down, visible: 20..<24, display: 19..<28, preload: 19..<29),
        // Viewport not on an item boundary: [2050, 2450) → 20..<25 (items 20 and 24 partly shown).
        // Full down: display [1850, 2850) → 18..<29; preload [1450, 3450) → 14..<35
        Case(name: "full, down, between boundaries", from: 1950, to: 2050, velocity: 0, lookahead: 0.25,
             mode: .full, direction: .down, visible: 20..<25, display: 18..<29, preload: 14..<35),
    ]

    @Test(arguments: cases)
    func classifiesAsComputedByHand(_ c: Case) {
        var configuration = RangeConfiguration()
        configuration.velocityLookahead = c.lookahead
        var controller = RangeController(items: uniformItems, configuration: configuration)
        if let from = c.from { _ = controller.update(viewport: viewport(from), velocity: c.velocity) }
        let update = controller.update(viewport: viewport(c.to), velocity: c.velocity)
        #expect(update.mode == c.mode)
        #expect(update.direction == c.direction)
        #expect(update.sets.visible == c.visible)
        #expect(update.sets.display == c.display)
        #expect(update.sets.preload == c.preload)
        #expect(controller.sets == update.sets)
    }

    @Test func promotedToFullAtTheTopWhenScheduledDisplaysFinish() {
        // No scroll at all: Minimum until everything scheduled has displayed, then Full, down.
        var controller = RangeController(items: uniformItems)
        let first = controller.update(viewport: viewport(0), velocity: 0)
        // Minimum at the top: display [−100, 500) → 0..<5; preload [−100, 600) → 0..<6
        #expect(first.mode == .minimum)
        #expect(first.sets == RangeSets(visible: 0..<4, display: 0..<5, preload: 0..<6))
        let idle = controller.update(viewport: viewport(0), velocity: 0)
        #expect(idle.mode == .minimum)  // updating again without a scroll does not promote
        #expect(idle.isEmpty)
        controller.scheduledDisplaysDidFinish()
        let promoted = controller.update(viewport: viewport(0), velocity: 0)
        // Full, down, at the top: display [−200, 800) → 0..<8; preload [−600, 1400) → 0..<14
        #expect(promoted.mode == .full)
        #expect(promoted.direction == .down)
        #expect(promoted.sets == RangeSets(visible: 0..<4, display: 0..<8, preload: 0..<14))
        #expect(promoted.display.entered == [5..<8])
        #expect(promoted.preload.entered == [6..<14])
        #expect(promoted.visible.isEmpty)
    }

    @Test func enterAndLeaveOverASequenceOfUpdates() {
        var controller = RangeController(items: uniformItems)
        // 1. First update at 2000: Minimum, down. Everything enters.
        let u1 = controller.update(viewport: viewport(2000), velocity: 0)
        #expect(u1.sets == RangeSets(visible: 20..<24, display: 19..<25, preload: 19..<26))
        #expect(u1.visible.entered == [20..<24] && u1.visible.left == [])
        #expect(u1.display.entered == [19..<25] && u1.display.left == [])
        #expect(u1.preload.entered == [19..<26] && u1.preload.left == [])

        // 2. Scroll to 2100 (down, now Full): visible [2100, 2500) → 21..<25;
        // display [1900, 2900) → 19..<29; preload [1500, 3500) → 15..<35.
        let u2 = controller.update(viewport: viewport(2100), velocity: 0)
        #expect(u2.mode == .full)
        #expect(u2.visible.entered == [24..<25] && u2.visible.left == [20..<21])
        #expect(u2.display.entered == [25..<29] && u2.display.left == [])
        #expect(u2.preload.entered == [15..<19, 26..<35] && u2.preload.left == [])

        // 3. Jump to 5000 (down): visible 50..<54; display [4800, 5800) → 48..<58;
        // preload [4400, 6400) → 44..<64. Disjoint from before: all left, all entered.
        let u3 = controller.update(viewport: viewport(5000), velocity: 0)
        #expect(u3.visible.entered == [50..<54] && u3.visible.left == [21..<25])
        #expect(u3.display.entered == [48..<58] && u3.display.left == [19..<29])
        #expect(u3.preload.entered == [44..<64] && u3.preload.left == [15..<35])

        // 4. Back to 4900 (up): visible 49..<53; display [4500, 5500) → 45..<55;
        // preload [3900, 5900) → 39..<59.
        let u4 = controller.update(viewport: viewport(4900), velocity: 0)
        #expect(u4.direction == .up)
        #expect(u4.visible.entered == [49..<50] && u4.visible.left == [53..<54])
        #expect(u4.display.entered == [45..<48] && u4.display.left == [55..<58])
        #expect(u4.preload.entered == [39..<44] && u4.preload.left == [59..<64])

        // 5. No movement: the direction stays up, nothing changes.
        let u5 = controller.update(viewport: viewport(4900), velocity: 0)
        #expect(u5.direction == .up)
        #expect(u5.isEmpty)
        #expect(u5.sets == u4.sets)
    }

    @Test func memoryWarningOnAVisibleListShrinksToVisibleOnlyUntilTheNextScroll() {
        var (controller, full) = fullController(from: 1900, to: 2000)
        #expect(full.mode == .full)
        controller.didReceiveMemoryWarning()
        let trimmed = controller.update(viewport: viewport(2000), velocity: 0)
        // VisibleOnly: every range is the viewport's items.
        #expect(trimmed.mode == .visibleOnly)
        #expect(trimmed.sets == RangeSets(visible: 20..<24, display: 20..<24, preload: 20..<24))
        #expect(trimmed.display.left == [18..<20, 24..<28])
        #expect(trimmed.preload.left == [14..<20, 24..<34])
        // Still held while nothing moves.
        #expect(controller.update(viewport: viewport(2000), velocity: 0).mode == .visibleOnly)
        // The next scroll releases it: Full again (2000 → 2100: display [1900, 2900) → 19..<29).
        let back = controller.update(viewport: viewport(2100), velocity: 0)
        #expect(back.mode == .full)
        #expect(back.sets.display == 19..<29)
    }

    @Test func aMemoryWarningDuringAScrollTrimsForOneUpdate() {
        // Updated every frame while the user scrolls: the warning's mode is used by the very next
        // update even though it is a scroll, and released by the one after.
        var (controller, _) = fullController(from: 1900, to: 2000)
        controller.didReceiveMemoryWarning()
        let trimmed = controller.update(viewport: viewport(2100), velocity: 0)
        #expect(trimmed.mode == .visibleOnly)
        // 2000 → 2100, down: the Full display range was [1800, 2800) → 18..<28; now only the
        // visible items [2100, 2500) → 21..<25, so 18..<21 and 25..<28 left.
        #expect(trimmed.sets == RangeSets(visible: 21..<25, display: 21..<25, preload: 21..<25))
        #expect(trimmed.display.left == [18..<21, 25..<28])
        let regrown = controller.update(viewport: viewport(2200), velocity: 0)
        #expect(regrown.mode == .full)
        // Full, down at 2200: display [2000, 3000) → 20..<30.
        #expect(regrown.sets.display == 20..<30)
    }

    @Test(arguments: [RangeMode.lowMemory, .visibleOnly])
    func memoryWarningOnAHiddenListUsesTheConfiguredMode(_ configured: RangeMode) {
        var configuration = RangeConfiguration()
        configuration.modeForMemoryWarnings = configured
        var (controller, _) = fullController(from: 1900, to: 2000, configuration: configuration)
        controller.setContainerVisible(false)
        let hidden = controller.update(viewport: viewport(2000), velocity: 0)
        // Hidden, not held: Minimum; nothing visible; viewport items displayed; display range
        // ([1900, 2500) → 19..<25) preloaded.
        #expect(hidden.mode == .minimum)
        #expect(hidden.sets == RangeSets(visible: 0..<0, display: 20..<24, preload: 19..<25))
        controller.didReceiveMemoryWarning()
        let trimmed = controller.update(viewport: viewport(2000), velocity: 0)
        #expect(trimmed.mode == configured)
        if configured == .lowMemory {
            // Low Memory: nothing displayed; the viewport's items still preloaded.
            #expect(trimmed.sets == RangeSets(visible: 0..<0, display: 0..<0, preload: 20..<24))
        } else {
            #expect(trimmed.sets == RangeSets(visible: 0..<0, display: 20..<24, preload: 20..<24))
        }
        // A programmatic scroll of a hidden list does not release the held mode.
        #expect(controller.update(viewport: viewport(2100), velocity: 0).mode == configured)
        // Becoming visible does: Full (the user has scrolled before).
        controller.setContainerVisible(true)
        let shown = controller.update(viewport: viewport(2100), velocity: 0)
        #expect(shown.mode == .full)
        #expect(shown.sets.visible == 21..<25)
    }

    @Test func backgroundAndForeground() {
        var (controller, _) = fullController(from: 1900, to: 2000)
        controller.didEnterBackground()
        let background = controller.update(viewport: viewport(2000), velocity: 0)
        // Visible when it went: VisibleOnly, and it counts as hidden: nothing Visible.
        #expect(background.mode == .visibleOnly)
        #expect(background.sets == RangeSets(visible: 0..<0, display: 20..<24, preload: 20..<24))
        #expect(background.visible.left == [20..<24])
        controller.willEnterForeground()
        let foreground = controller.update(viewport: viewport(2000), velocity: 0)
        // Back: Minimum, held until the next scroll.
        #expect(foreground.mode == .minimum)
        #expect(foreground.sets == RangeSets(visible: 20..<24, display: 19..<25, preload: 19..<26))
        #expect(controller.update(viewport: viewport(2100), velocity: 0).mode == .full)
    }

    @Test func aHiddenListGoesToLowMemoryInTheBackgroundAndVisibleOnlyAfter() {
        var controller = RangeController(items: uniformItems)
        controller.setContainerVisible(false)
        _ = controller.update(viewport: viewport(2000), velocity: 0)
        controller.didEnterBackground()
        #expect(controller.update(viewport: viewport(2000), velocity: 0).mode == .lowMemory)
        controller.willEnterForeground()
        #expect(controller.update(viewport: viewport(2000), velocity: 0).mode == .visibleOnly)
        // scheduledDisplaysDidFinish releases only a held Minimum.
        controller.scheduledDisplaysDidFinish()
        #expect(controller.update(viewport: viewport(2000), velocity: 0).mode == .visibleOnly)
    }

    @Test func scheduledDisplaysReleaseTheForegroundMinimum() {
        var (controller, _) = fullController(from: 1900, to: 2000)
        controller.didEnterBackground()
        controller.willEnterForeground()
        #expect(controller.update(viewport: viewport(2000), velocity: 0).mode == .minimum)
        controller.scheduledDisplaysDidFinish()
        #expect(controller.update(viewport: viewport(2000), velocity: 0).mode == .full)
    }

    @Test func anExplicitModeIsHeldUntilTheNextScroll() {
        var (controller, _) = fullController(from: 1900, to: 2000)
        controller.setMode(.lowMemory)
        let low = controller.update(viewport: viewport(2000), velocity: 0)
        // Low Memory on a visible list: the visible items are still displayed (visible ⊆ display).
        #expect(low.mode == .lowMemory)
        #expect(low.sets == RangeSets(visible: 20..<24, display: 20..<24, preload: 20..<24))
        #expect(controller.update(viewport: viewport(2100), velocity: 0).mode == .full)
    }

    @Test func replacingItems() {
        var (controller, _) = fullController(from: 1900, to: 2000)
        // Appending keeps indices: recomputed in place; the 100 new items are far away, nothing changes.
        let appended = controller.replaceItems(
            try! ItemExtents(lengths: Array(repeating: 100, count: 200)), keepingIndices: true)
        #expect(appended.isEmpty)
        // Reloading: everything leaves now, and enters again at the next update.
        let reloaded = controller.replaceItems(try! ItemExtents(lengths: Array(repeating: 50, count: 300)))
        #expect(reloaded.sets == .empty)
        #expect(reloaded.display.left == [18..<28])
        #expect(reloaded.preload.left == [14..<34])
        let next = controller.update(viewport: viewport(2000), velocity: 0)
        // 50 pt items, Full, down (the kept direction): visible [2000, 2400) → 40..<48;
        // display [1800, 2800) → 36..<56; preload [1400, 3400) → 28..<68
        #expect(next.sets == RangeSets(visible: 40..<48, display: 36..<56, preload: 28..<68))
        #expect(next.preload.entered == [28..<68])
    }

    @Test func stateOfAnItem() {
        let sets = RangeSets(visible: 20..<24, display: 18..<28, preload: 14..<34)
        #expect(sets.state(of: 13) == .none)
        #expect(sets.state(of: 14) == .preload)
        #expect(sets.state(of: 18) == .display)
        #expect(sets.state(of: 23) == .visible)
        #expect(sets.state(of: 28) == .preload)
        #expect(sets.state(of: 34) == .none)
        #expect(ItemRangeState.none < .preload && .preload < .display && .display < .visible)
    }
}
