import AsyncLayerKit
import Foundation
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

/// The repository's files the element tests read: the reference card's two images and the
/// example JSON cards (the Examples package's data, read as files, not through its modules).
enum ElementTestFiles {
    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Examples/element-cards`, the JSON example cards.
    static let elementCards = root.appendingPathComponent("Examples/element-cards")

    /// The reference card's cover and avatar as stored: the Canvas tests' fixtures, the same files
    /// as the example's `Examples/ReferenceCard/Inputs`.
    static func referenceCardInputs() throws -> (cover: [UInt8], avatar: [UInt8]) {
        let folder = root.appendingPathComponent("Tests/CanvasTests/Fixtures")
        return ([UInt8](try Data(contentsOf: folder.appendingPathComponent("cover.jpg"))),
                [UInt8](try Data(contentsOf: folder.appendingPathComponent("avatar.png"))))
    }

    /// `Examples/element-cards/reference-card.json`: the reference card's tree (its record 0, as
    /// the Examples package's ReferenceCardDSLTests check) and size.
    static func referenceCard() throws -> ElementDocument {
        try ElementDocument.decode([UInt8](try Data(contentsOf: elementCards.appendingPathComponent("reference-card.json"))))
    }
}

/// Serves the reference card's cover and avatar by name.
struct BundledImageLoader: ElementImageLoader {
    struct Missing: Error {}
    func imageBytes(named name: String) async throws -> [UInt8] {
        let files = try ElementTestFiles.referenceCardInputs()
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
