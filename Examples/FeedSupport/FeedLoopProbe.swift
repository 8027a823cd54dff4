import AsyncLayerKit
import Synchronization

/// Counts the feed job's heavy steps from inside each one, and those found running on the loop's
/// thread: the honest figure behind "work on the loop's thread".
///
/// The check is ``/DisplayLoop/DisplayLoop/isDrainingOnCurrentThread`` of
/// ``/DisplayLoop/DisplayLoop/main`` — the thread running one of its turns right now, the test
/// the loop's own isolation check uses — made where the work happens: in the image loader, in the
/// cell template, in the closures the lanes run, and in a probe element drawn with each cell. A
/// step the loop ran synchronously is counted however it got there.
final class FeedLoopProbe: Sendable {
    /// A probed step.
    enum Step: Int, CaseIterable, Sendable {
        /// An image's bytes loaded (a prefetch's or a render's; the decode follows in the same task).
        case imageLoad
        /// A cell's element tree built by the template (the first step of its layout).
        case cellBuild
        /// A prefetch's image resolution started on a lane.
        case prefetch
        /// A tree hashed before its render.
        case hash
        /// A cell drawn (its probe element's draw, between the cell's other elements).
        case draw
        /// A bitmap encoded, thumbnailed and written.
        case encode
        /// The contact sheet drawn and encoded.
        case contactSheet

        /// The step's key in ``FeedRenderSummary/loopProbe``.
        var key: String {
            switch self {
            case .imageLoad: "imageLoads"
            case .cellBuild: "cellBuilds"
            case .prefetch: "prefetches"
            case .hash: "hashes"
            case .draw: "draws"
            case .encode: "encodes"
            case .contactSheet: "contactSheet"
            }
        }
    }

    private final class Counter: Sendable {
        let probed = Atomic<Int>(0)
        let onLoop = Atomic<Int>(0)
    }

    private let counters = Step.allCases.map { _ in Counter() }

    init() {}

    /// Records one `step`, and whether the calling thread is running a turn of the main loop.
    func check(_ step: Step) {
        let counter = counters[step.rawValue]
        counter.probed.add(1, ordering: .relaxed)
        if DisplayLoop.main.isDrainingOnCurrentThread { counter.onLoop.add(1, ordering: .relaxed) }
    }

    /// The steps recorded so far.
    func counts(_ step: Step) -> FeedRenderSummary.StepCount {
        let counter = counters[step.rawValue]
        return FeedRenderSummary.StepCount(probed: counter.probed.load(ordering: .relaxed), onLoop: counter.onLoop.load(ordering: .relaxed))
    }

    /// Every step's counts, by ``Step/key``.
    var report: [String: FeedRenderSummary.StepCount] {
        Dictionary(uniqueKeysWithValues: Step.allCases.map { ($0.key, counts($0)) })
    }
}

/// An image loader that probes each load (``FeedLoopProbe/Step/imageLoad``) before passing it on.
struct ProbedImageLoader: ElementImageLoader {
    let base: any ElementImageLoader
    let probe: FeedLoopProbe

    func imageBytes(named name: String) async throws -> [UInt8] {
        probe.check(.imageLoad)
        return try await base.imageBytes(named: name)
    }
}

/// A cell template that probes each build (``FeedLoopProbe/Step/cellBuild``) and adds a probe
/// element to each cell, so every draw of the cell is probed too (``FeedLoopProbe/Step/draw``).
struct ProbedCells: FeedCellTemplate {
    let base: any FeedCellTemplate<FeedItem>
    let probe: FeedLoopProbe

    func element(for item: FeedItem, width: Double) -> Element {
        probe.check(.cellBuild)
        var cell = base.element(for: item, width: width)
        // An explicit frame takes no part in the cell's layout; its draw paints nothing.
        cell.children.append(.custom(DrawProbe(probe: probe), frame: Rect(x: 0, y: 0, width: 1, height: 1)))
        return cell
    }
}

/// The element that probes a cell's draw: drawn by the renderer between the cell's other
/// elements, on whatever thread draws the cell. Paints nothing.
struct DrawProbe: CustomElement {
    static let typeName = "feed-draw-probe"
    let probe: FeedLoopProbe

    func draw(in context: GraphicsContext, size: Size) throws {
        probe.check(.draw)
    }

    /// One probe per job: equal, and hashed alike, when they share their probe.
    static func == (lhs: DrawProbe, rhs: DrawProbe) -> Bool { lhs.probe === rhs.probe }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(probe)) }

    // Encoded for the tree's content hash only: one job's trees are never decoded.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(UInt(bitPattern: ObjectIdentifier(probe)))
    }

    init(probe: FeedLoopProbe) {
        self.probe = probe
    }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a draw probe is never decoded"))
    }
}
