import AsyncLayerKit
import ReferenceCard

/// Draws reference cards for `card-bench run`, one way per ``Source``: synchronously (the canvas
/// and elements sources: the caller picks the thread) or through the service (async, on its lanes).
enum CardSource: Sendable {
    case synchronous(@Sendable (LiveCardRecord, Int) throws -> Bitmap)
    case service(@Sendable (LiveCardRecord, Int) async throws -> Bitmap)

    func card(_ record: LiveCardRecord, index: Int) async throws -> Bitmap {
        switch self {
        case .synchronous(let draw): try draw(record, index)
        case .service(let draw): try await draw(record, index)
        }
    }

    static func make(_ source: Source, lanes: RenderLanes, serviceTrees: Int = 2) async throws -> CardSource {
        let limits = { var l = ElementLimits.default; l.maxRenderDuration = nil; return l }()
        let loader = try ReferenceCardLoader()
        switch source {
        case .canvas:
            let assets = try ReferenceCardAssets.load()
            return .synchronous { record, _ in try ReferenceCard.render(record, assets: assets) }
        case .elements:
            // Both records' trees built once; their images loaded and decoded once, at display size.
            let renderer = ElementRenderer(limits: limits, imageLoader: loader)
            var prepared: [(tree: Element, images: ResolvedImages)] = []
            for record in LiveCardRecord.samples.prefix(2) {
                let tree = ReferenceCard.element(for: record)
                let layout = try ElementLayout.layout(tree, in: ReferenceCard.size, limits: limits)
                prepared.append((tree, try await renderer.resolveImages(tree, layout: layout, scale: ReferenceCard.scale)))
            }
            let cards = prepared
            return .synchronous { _, i in
                let (tree, images) = cards[i & 1]
                let layout = try ElementLayout.layout(tree, in: ReferenceCard.size, limits: limits)
                return try renderer.draw(tree, layout: layout, images: images, scale: ReferenceCard.scale)
            }
        case .service:
            let service = ElementRenderService(.init(limits: limits, imageLoader: loader, lanes: lanes))
            // The two sample records, then (with --trees above 2) copies with a viewer count of
            // their own: distinct trees, so distinct cache entries.
            let trees = try (0..<max(1, serviceTrees)).map { k in
                var record = LiveCardRecord.samples[k % 2]
                if k >= 2 { record.viewers = "\(k) watching" }
                return try HashedElement(ReferenceCard.element(for: record))
            }
            // One request per tree, made once, as a caller that renders the same cards again would.
            let requests = trees.map { RenderRequest($0, size: ReferenceCard.size, scale: ReferenceCard.scale) }
            return .service { _, i in
                try await service.render(requests[i % requests.count])
            }
        }
    }
}
