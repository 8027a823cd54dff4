import AsyncLayerKit
import Testing

// The list of RangeControllerTests: 100 items of 100 pt (item i spans [100·i, 100·i + 100)), a
// 400 pt viewport at 2000 ([2000, 2400)), Full mode, so the trailing display extent is
// 0.5 · 400 = 200 pt. Scrolling down, the area whose items may still be seen is [1800, 2400),
// and it moves down at the velocity; an item leaves when its bottom edge passes the area's top:
// after (bottom − 1800) / v seconds. Scrolling up the area is [2000, 2600) and an item leaves
// when its top passes 2600: after (2600 − top) / |v| seconds.

private let items = try! ItemExtents(lengths: Array(repeating: 100, count: 100))

private func controller(velocity: Double, from: Double) -> RangeController {
    var controller = RangeController(items: items)
    _ = controller.update(viewport: Rect(x: 0, y: from, width: 320, height: 400), velocity: velocity)
    _ = controller.update(viewport: Rect(x: 0, y: 2000, width: 320, height: 400), velocity: velocity)
    return controller
}

@Suite struct RangeWorkAdmissionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let item: Int
        let velocity: Double
        let duration: Duration
        let allowed: Bool
        let why: String
        var testDescription: String { "item \(item) at \(velocity) pt/s, \(duration): \(why)" }
    }

    static let cases: [Case] = [
        // Down at 1000 pt/s. Item 20 [2000, 2100): leaves after (2100 − 1800)/1000 = 0.3 s.
        Case(item: 20, velocity: 1000, duration: .milliseconds(250), allowed: true, why: "0.25 s ≤ 0.3 s"),
        Case(item: 20, velocity: 1000, duration: .milliseconds(300), allowed: true, why: "finishes exactly as it leaves"),
        Case(item: 20, velocity: 1000, duration: .milliseconds(350), allowed: false, why: "0.35 s > 0.3 s"),
        // Item 23 [2300, 2400): (2400 − 1800)/1000 = 0.6 s.
        Case(item: 23, velocity: 1000, duration: .milliseconds(550), allowed: true, why: "0.55 s ≤ 0.6 s"),
        Case(item: 23, velocity: 1000, duration: .milliseconds(650), allowed: false, why: "0.65 s > 0.6 s"),
        // Item 18 [1800, 1900), in the trailing display part: (1900 − 1800)/1000 = 0.1 s.
        Case(item: 18, velocity: 1000, duration: .milliseconds(100), allowed: true, why: "0.1 s ≤ 0.1 s"),
        Case(item: 18, velocity: 1000, duration: .milliseconds(150), allowed: false, why: "0.15 s > 0.1 s"),
        // Twice as fast: item 23 leaves after 600/2000 = 0.3 s.
        Case(item: 23, velocity: 2000, duration: .milliseconds(350), allowed: false, why: "0.35 s > 0.3 s"),
        // Item 17 [1700, 1800) is already behind the area: nothing is started.
        Case(item: 17, velocity: 1000, duration: .milliseconds(1), allowed: false, why: "already out"),
        // Item 24 [2400, 2500) is ahead (coming into view): always allowed.
        Case(item: 24, velocity: 1000, duration: .seconds(10), allowed: true, why: "moving into view"),
        Case(item: 60, velocity: 1000, duration: .seconds(10), allowed: true, why: "far ahead, moving into view"),
        // At rest nothing leaves.
        Case(item: 20, velocity: 0, duration: .seconds(10), allowed: true, why: "at rest"),
        // Up at −1000 pt/s. Item 23 [2300, 2400): leaves after (2600 − 2300)/1000 = 0.3 s.
        Case(item: 23, velocity: -1000, duration: .milliseconds(300), allowed: true, why: "0.3 s ≤ 0.3 s"),
        Case(item: 23, velocity: -1000, duration: .milliseconds(350), allowed: false, why: "0.35 s > 0.3 s"),
        // Item 20 [2000, 2100): (2600 − 2000)/1000 = 0.6 s.
        Case(item: 20, velocity: -1000, duration: .milliseconds(650), allowed: false, why: "0.65 s > 0.6 s"),
        // Item 19 [1900, 2000) is above the viewport: coming into view.
        Case(item: 19, velocity: -1000, duration: .seconds(10), allowed: true, why: "moving into view"),
        // Item 26 [2600, 2700) is past the trailing display part: out.
        Case(item: 26, velocity: -1000, duration: .milliseconds(1), allowed: false, why: "already out"),
        // Not an item.
        Case(item: 100, velocity: 1000, duration: .zero, allowed: false, why: "no such item"),
    ]

    @Test(arguments: cases)
    func shouldStartAsComputedByHand(_ c: Case) {
        let ranges = controller(velocity: c.velocity, from: c.velocity < 0 ? 2100 : 1900)
        #expect(ranges.mode == .full)
        #expect(ranges.shouldStart(item: c.item, estimatedDuration: c.duration) == c.allowed)
    }

    @Test func timeUntilLeaving() {
        let down = controller(velocity: 1000, from: 1900)
        #expect(down.timeUntilLeaving(item: 20) == .milliseconds(300))
        #expect(down.timeUntilLeaving(item: 23) == .milliseconds(600))
        #expect(down.timeUntilLeaving(item: 17) == .zero)
        #expect(down.timeUntilLeaving(item: 24) == nil)
        let rest = controller(velocity: 0, from: 1900)
        #expect(rest.timeUntilLeaving(item: 20) == nil)
    }

    @Test func aDecayingFlingThatStopsFirstLetsWorkStart() {
        // UIKit's normal deceleration, 0.998 per ms: k = −1000·ln 0.998 ≈ 2.002 per second, so
        // from 1000 pt/s the scroll travels 1000/k ≈ 499.5 pt in all.
        let ranges = controller(velocity: 1000, from: 1900)
        let motion = ScrollMotion.normalDeceleration
        #expect(abs(motion.remainingDistance(velocity: 1000) - 499.5) < 0.01)
        // Item 20 must travel 300 pt to leave: 300 = 1000·(1 − e^(−k·t))/k ⇒
        // t = −ln(1 − 300·k/1000)/k = −ln(0.3994)/2.002 ≈ 0.4584 s (0.3 s at constant velocity).
        #expect(ranges.shouldStart(item: 20, estimatedDuration: .milliseconds(450), motion: motion))
        #expect(!ranges.shouldStart(item: 20, estimatedDuration: .milliseconds(470), motion: motion))
        #expect(!ranges.shouldStart(item: 20, estimatedDuration: .milliseconds(450)))
        // Item 23 must travel 600 pt > 499.5: the fling stops before it leaves, so anything goes.
        #expect(ranges.timeUntilLeaving(item: 23, motion: motion) == nil)
        #expect(ranges.shouldStart(item: 23, estimatedDuration: .seconds(5), motion: motion))
        #expect(ScrollMotion.constantVelocity.remainingDistance(velocity: -5) == -.infinity)
    }

    @Test func lowMemoryHasNoTrailingDisplayPart() {
        // Low Memory: the kept area is the viewport alone, so item 20 leaves after 100/1000 = 0.1 s.
        var ranges = controller(velocity: 1000, from: 1900)
        ranges.setMode(.lowMemory)
        _ = ranges.update(viewport: Rect(x: 0, y: 2000, width: 320, height: 400), velocity: 1000)
        #expect(ranges.mode == .lowMemory)
        #expect(ranges.timeUntilLeaving(item: 20) == .milliseconds(100))
    }
}
