import AsyncLayerKit
import Canvas
import Testing

/// A tree built in Swift has no JSON nesting limit in front of it: everything that walks a tree
/// by recursion refuses one deeper than `Element.maxSupportedDepth` first, with a typed error,
/// instead of exhausting a task's stack. (Without the checks, hashing a 3,000-level chain in a
/// task crashes the test process: a debug build's task stack holds about 1,000 levels.)
@Suite struct DeepTreeTests {
    /// A chain of `depth` plain views.
    static func chain(depth: Int) -> Element {
        var element = Element.view(children: [])
        for _ in 1..<depth { element = Element.view(children: [element]) }
        return element
    }

    static let tooDeep = ElementError.tooDeep(depth: Element.maxSupportedDepth + 1, limit: Element.maxSupportedDepth)

    @Test func hashingRefusesATreeTooDeepToWalk() async throws {
        let deep = Self.chain(depth: 3_000)
        // In a task, as a server or a feed hashes trees (a task's stack is the smallest).
        let result = await Task.detached { () -> Result<HashedElement, ElementError> in
            do throws(ElementError) { return .success(try HashedElement(deep)) } catch { return .failure(error) }
        }.value
        #expect(throws: Self.tooDeep) { try result.get() }
        #expect(throws: Self.tooDeep) { try deep.contentHash() }
        #expect(throws: Self.tooDeep) { try ElementDocument(root: deep, size: Size(width: 10, height: 10)).jsonBytes() }
    }

    @Test func theDeepestSupportedTreeHashesAndRenders() async throws {
        let deepest = Self.chain(depth: Element.maxSupportedDepth)
        let hashed = try HashedElement(deepest)
        #expect(hashed.contentHash != (try HashedElement(Self.chain(depth: Element.maxSupportedDepth - 1)).contentHash))
        var limits = ElementLimits()
        limits.maxDepth = Element.maxSupportedDepth
        let bitmap = try await ElementRenderer(limits: limits).render(deepest, size: Size(width: 8, height: 8), scale: 1)
        #expect(bitmap.width == 8)
    }

    @Test func aServiceRefusesADeepTreeBeforeAnyWork() async throws {
        var limits = ElementLimits()
        limits.maxDepth = 1_000_000  // asks for more than the library walks
        limits.maxNodes = 1_000_000
        let service = ElementRenderService(.init(limits: limits, lanes: RenderLanes(width: 1)))
        await #expect(throws: Self.tooDeep) {
            _ = try await service.render(RenderRequest(Self.chain(depth: 3_000), size: Size(width: 10, height: 10), scale: 1))
        }
        #expect(service.renders == 0)
    }

    @Test func limitsAboveTheSupportedDepthActAsIt() throws {
        var limits = ElementLimits()
        limits.maxDepth = 10_000
        #expect(throws: Self.tooDeep) { try limits.check(Self.chain(depth: 2_000)) }
        try limits.check(Self.chain(depth: Element.maxSupportedDepth))
        // JSON nesting is measured before the decoder recurses, against the same ceiling.
        var json = #"{"type": "view"}"#
        for _ in 0..<1_000 { json = #"{"type": "view", "children": ["# + json + "]}" }
        let document = #"{"version": 1, "size": {"width": 10, "height": 10}, "root": "# + json + "}"
        #expect {
            _ = try ElementDocument.decode(Array(document.utf8), options: ElementDecodingOptions(limits: limits))
        } throws: { error in
            guard case ElementError.tooDeep(_, let limit) = error else { return false }
            return limit == Element.maxSupportedDepth
        }
    }
}
