import AsyncLayerKit
import Foundation
import Testing

@Suite struct ElementRenderServiceTests {
    static func tree(_ title: String) -> Element {
        .vstack(spacing: 4, style: ElementStyle(background: .white), children: [
            .view(layout: boxLayout(height: 20), style: ElementStyle(background: .blue)),
            .text(AttributedText(title), style: TextStyle(size: 12)),
        ])
    }

    @Test func aRepeatedTreeComesFromTheCache() async throws {
        let service = ElementRenderService(.init(limits: .testing, cacheBytes: 8 << 20))
        let size = Size(width: 100, height: 60)
        let first = try await service.render(RenderRequest(Self.tree("hello"), size: size, scale: 2))
        let second = try await service.render(RenderRequest(Self.tree("hello"), size: size, scale: 2))
        #expect(first.premultipliedBGRABytes() == second.premultipliedBGRABytes())
        let metrics = await service.cache.metrics
        // One miss (the shared work's second look is not counted), one hit.
        #expect(metrics.renders.hits == 1 && metrics.renders.misses == 1 && metrics.renders.count == 1)
        #expect(service.renders == 1)
        #expect(metrics.renders.bytes == first.byteCount)
        // The text was measured once and kept under the same budget.
        #expect(metrics.texts.count == 1 && metrics.texts.bytes > 0)
        #expect(metrics.bytes == metrics.renders.bytes + metrics.texts.bytes)
        _ = try await service.render(RenderRequest(Self.tree("other"), size: size, scale: 2))  // another tree
        _ = try await service.render(RenderRequest(Self.tree("hello"), size: size, scale: 3))  // another scale
        #expect(await service.cache.metrics.renders.count == 3)
        #expect(service.renders == 3)
    }

    @Test func concurrentRequestsForOneTreeShareOneRender() async throws {
        let service = ElementRenderService(.init(limits: .testing, cacheBytes: 8 << 20))
        let size = Size(width: 100, height: 60)
        let tree = Self.tree("shared")
        let bitmaps = try await withThrowingTaskGroup(of: Bitmap.self) { group in
            for _ in 0..<8 { group.addTask { try await service.render(RenderRequest(tree, size: size, scale: 2)) } }
            return try await group.reduce(into: [Bitmap]()) { $0.append($1) }
        }
        #expect(bitmaps.count == 8)
        #expect(service.renders == 1)  // the others joined it or found it cached
        #expect(Set(bitmaps.map { $0.premultipliedBGRABytes() }).count == 1)
    }

    @Test func rendersRunOnTheLanesThreads() async throws {
        struct ThreadProbe: CustomElement {
            static let typeName = "threadProbe"
            var id = 0
            func draw(in context: GraphicsContext, size: Size) throws {
                let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                guard comm.hasPrefix("RenderLane") else { throw ProbeError(thread: comm) }
            }
        }
        struct ProbeError: Error { var thread: String }
        let service = ElementRenderService(.init(limits: .testing))
        _ = try await service.render(RenderRequest(.custom(ThreadProbe(), frame: Rect(x: 0, y: 0, width: 4, height: 4)), size: Size(width: 4, height: 4), scale: 1))
    }

    /// Pre-layout: a tree laid out once renders without a second layout, to the same pixels and
    /// under the same cache key as a render from the tree alone.
    @Test func aPreLaidOutTreeRendersTheSameAndSharesTheCache() async throws {
        let service = ElementRenderService(.init(limits: .testing, cacheBytes: 8 << 20))
        let size = Size(width: 100, height: 60)
        let tree = try HashedElement(Self.tree("laid out once"))
        let layout = try ElementLayout.layout(tree.element, in: size)
        let fromLayout = try await service.render(RenderRequest(tree, layout: layout, scale: 2))
        let fromTree = try await service.render(RenderRequest(tree, size: size, scale: 2))
        #expect(fromLayout.premultipliedBGRABytes() == fromTree.premultipliedBGRABytes())
        #expect(service.renders == 1)
        #expect(await service.cache.metrics.renders.hits == 1)
        // Only the texts measured by the layout call above: the render itself measured nothing.
        #expect(await service.cache.metrics.texts.count == 0)
        let other = try ElementLayout.layout(Self.tree("x").children[0], in: size)
        await #expect(throws: ElementError.self) {
            _ = try await service.render(RenderRequest(try HashedElement(Self.tree("another")), layout: other, scale: 2))
        }
    }
}
