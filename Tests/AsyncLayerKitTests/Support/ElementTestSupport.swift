import AsyncLayerKit
import ReferenceCard
import Synchronization

/// A custom element for tests: fills its box with a colour and records that it drew; the one
/// whose `cancelAt` equals its `id` cancels the task drawing it (a superseding render).
struct TickElement: CustomElement {
    static let typeName = "tick"
    var id: Int
    var cancelAt: Int = -1
    var color: Color = .blue
    /// Separates the records of tests running in parallel.
    var run: Int = 0

    /// The ids drawn, by run.
    static let drawn = Mutex<[Int: [Int]]>([:])

    static func drawn(in run: Int) -> [Int] { drawn.withLock { $0[run] ?? [] } }

    func draw(in context: GraphicsContext, size: Size) throws {
        TickElement.drawn.withLock { $0[run, default: []].append(id) }
        context.fill(Rect(size: size), with: color)
        if id == cancelAt { withUnsafeCurrentTask { $0?.cancel() } }
    }
}

/// A badge drawn by hand: a circle with a ring.
struct BadgeElement: CustomElement {
    static let typeName = "badge"
    var color: Color

    func draw(in context: GraphicsContext, size: Size) throws {
        let r = min(size.width, size.height) / 2
        context.fill(.circle(center: Point(x: size.width / 2, y: size.height / 2), radius: r), with: .color(color))
        context.stroke(.circle(center: Point(x: size.width / 2, y: size.height / 2), radius: r - 1), with: .color(.white),
                       style: StrokeStyle(lineWidth: 2))
    }
}

/// Serves the reference card's bundled cover and avatar by name.
struct BundledImageLoader: ElementImageLoader {
    struct Missing: Error {}
    func imageBytes(named name: String) async throws -> [UInt8] {
        let files = try ReferenceCardAssets.bundledFiles()
        switch name {
        case "cover": return files.cover
        case "avatar": return files.avatar
        default: throw Missing()
        }
    }
}

/// A loader that never answers (until cancelled).
struct HangingImageLoader: ElementImageLoader {
    func imageBytes(named name: String) async throws -> [UInt8] {
        try await Task.sleep(for: .seconds(60))
        return []
    }
}

/// A custom element that takes `milliseconds` to draw.
struct SlowElement: CustomElement {
    static let typeName = "slow"
    var id: Int
    var milliseconds: Int

    func draw(in context: GraphicsContext, size: Size) throws {
        let end = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < end {}
    }
}

extension ElementLimits {
    /// The defaults without the render deadline: under the thread sanitizer, with other tests
    /// flooding the cooperative pool, a golden render can wait longer than 10 s for a thread. The
    /// deadline itself is tested with its own short limits.
    static var testing: ElementLimits {
        var limits = ElementLimits.default
        limits.maxRenderDuration = nil
        return limits
    }
}
