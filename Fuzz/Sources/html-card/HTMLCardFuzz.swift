import AsyncLayerKit
import FuzzSupport

/// Bounds small enough that every input finishes fast, large enough for real cards.
private let options: HTMLOptions = {
    var options = HTMLOptions()
    options.limits = HTMLLimits(maxBytes: 1 << 16, maxElements: 2_000, maxDepth: 64, maxTextBytes: 1 << 16)
    options.styleLimits = StyleLimits(maximumSheetBytes: 1 << 16, maximumRules: 2_000, maximumDeclarations: 10_000, maximumMatchSteps: 200_000)
    return options
}()

/// The HTML path over arbitrary text (its seeds are small cards): libxml2's parser, the cascade,
/// the box builder and the layout must return or throw a typed error, never crash; reading is
/// deterministic; the tree stays within its limits; every reported element gets one frame and
/// every frame is finite.
@_cdecl("LLVMFuzzerTestOneInput")
public func htmlCardFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzInput(start, count), as: UTF8.self)
    let card: HTMLCard
    do {
        card = try HTMLCard(html: text, width: 320, height: 200, options: options)
    } catch {
        return 0
    }
    require(card.tree.nodes.filter { $0.kind == .element }.count <= options.limits.maxElements, "more elements than the limit")
    require(card.tree.nodes.allSatisfy { $0.depth <= options.limits.maxDepth + 1 }, "deeper than the limit")
    let again = try? HTMLCard(html: text, width: 320, height: 200, options: options)
    require(again?.root == card.root && again?.warnings == card.warnings, "reading the same card twice gave different trees")
    let layout: LayoutResult
    do {
        layout = try ElementLayout.layout(card.root, in: card.size, scale: 2)
    } catch {
        return 0
    }
    let frames = card.frames(in: layout)
    require(frames.count == card.tree.reportedElements.count, "a frame per reported element")
    require(frames.allSatisfy { $0.frame.minX.isFinite && $0.frame.minY.isFinite && $0.frame.width.isFinite && $0.frame.height.isFinite },
            "a frame that is not finite")
    require(card.textLines(in: layout).allSatisfy { $0.lines >= 0 }, "a negative line count")
    return 0
}
