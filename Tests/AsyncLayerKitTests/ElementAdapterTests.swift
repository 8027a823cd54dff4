import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Synchronization
import Testing

/// The element tree on the flexbox engine: the measure function, baselines, intrinsic image sizes,
/// errors after measuring, `display: none`, direction.
@Suite struct ElementAdapterTests {
    static let family = "Noto Sans CJK SC, DejaVu Sans"
    static let words = TextContent(AttributedText("Value types drawn into one bitmap"), style: TextStyle(fontFamily: family, size: 15, lineHeight: 20))

    func measurer(_ content: MeasuredContent) -> ElementMeasurer {
        var m = ElementMeasurer(texts: TextMeasurer(), limits: .testing)
        m.contents = [content]
        return m
    }

    /// Exactly: the width given; at most: the natural width when narrower, wrapped when wider;
    /// undefined: one line at its natural width. Heights follow from the width, whatever the
    /// height constraint (a maximum height does not cut the text).
    @Test func textsAreMeasuredUnderEachMeasureMode() throws {
        var m = measurer(.text(Self.words))
        let node = FlexTree.NodeID(0)
        let free = m.measure(node, width: .infinity, widthMode: .undefined, height: .infinity, heightMode: .undefined)
        #expect(free.height == 20)
        #expect(free.width > 150 && free.width == free.width.rounded(.up))
        let roomy = m.measure(node, width: 1000, widthMode: .atMost, height: .infinity, heightMode: .undefined)
        #expect(roomy == free)
        let exact = m.measure(node, width: 1000, widthMode: .exactly, height: .infinity, heightMode: .undefined)
        #expect(exact == FlexSize(width: 1000, height: 20))
        let narrow = m.measure(node, width: 100, widthMode: .atMost, height: 10, heightMode: .atMost)
        #expect(narrow.width <= 100)
        #expect(narrow.height >= 60)   // three lines or more, not cut to 10
        let fixed = m.measure(node, width: 100, widthMode: .exactly, height: 10, heightMode: .exactly)
        #expect(fixed == FlexSize(width: 100, height: 10))
        #expect(m.baseline(node, size: FlexSize(width: 100, height: 80)).map { $0 > 0 && $0 < 20 } == true)
        #expect(m.error == nil)
    }

    @Test func imagesHaveTheirIntrinsicSize() throws {
        let bitmap = try Bitmap.render(size: Size(width: 30, height: 20)) { $0.fill(Rect(x: 0, y: 0, width: 30, height: 20), with: .red) }
        let png = try ImageEncoder.encode(bitmap, as: .png())
        let root = Element.hstack(alignment: .start, children: [.image(.encoded(png)), .image(.named("cover")), .image(.bitmap(bitmap))])
        let f = try ElementLayout.layout(root, in: Size(width: 200, height: 100)).nodes.map(\.frame)
        #expect(f[1] == Rect(x: 0, y: 0, width: 30, height: 20))
        #expect(f[2].size == .zero)
        #expect(f[3] == Rect(x: 30, y: 0, width: 30, height: 20))
    }

    /// Two texts of different sizes in a row aligned by baseline: their first baselines meet.
    @Test func baselineAlignmentLinesUpTextsOfDifferentSizes() throws {
        let small = Element.text("small", style: TextStyle(fontFamily: Self.family, size: 12))
        let large = Element.text("Large", style: TextStyle(fontFamily: Self.family, size: 32))
        var row = FlexStyle()
        row.alignItems = .baseline
        let result = try ElementLayout.layout(.view(layout: row, children: [small, large]), in: Size(width: 300, height: 100))
        func baseline(_ i: Int) throws -> Double {
            let node = result.nodes[i]
            return node.contentFrame.minY + (try #require(node.text?.lines.first?.baseline))
        }
        #expect(result.nodes[1].frame.minY > result.nodes[2].frame.minY)
        #expect(abs(try baseline(1) - baseline(2)) <= 1)
    }

    /// A text the Canvas refuses fails the layout with the Canvas's error, after the engine is done.
    @Test func aMeasuringErrorIsThrownAfterLayout() {
        let bad = Element.text("x", style: TextStyle(size: -3))
        #expect {
            try ElementLayout.layout(.vstack(children: [.view(), bad]), in: Size(width: 100, height: 100))
        } throws: { error in
            guard case .canvas = error as? ElementError else { return false }
            return true
        }
    }

    /// `display: none`: zero frames, no text measured, no image loaded; `isHidden`: laid out, its
    /// image not loaded either (it is not drawn).
    @Test func displayNoneIsNotLaidOutAndItsImagesAreNotLoaded() async throws {
        let loader = CountingLoader()
        var none = FlexStyle()
        none.display = .none
        let root = Element.vstack(children: [
            .view(layout: none, children: [.image(.named("cover"), layout: flexLayout(width: 10, height: 10)),
                                           .text("gone", style: TextStyle(size: 12))]),
            .image(.named("avatar"), layout: flexLayout(width: 10, height: 10)).hidden(),
            .image(.named("cover"), layout: flexLayout(width: 20, height: 20)),
        ])
        let layout = try ElementLayout.layout(root, in: Size(width: 50, height: 50))
        #expect(layout.nodes[1].frame.size == .zero)
        #expect(layout.nodes[3].text == nil)
        #expect(layout.nodes[4].frame == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(layout.nodes[5].frame == Rect(x: 0, y: 10, width: 20, height: 20))
        let renderer = ElementRenderer(limits: .testing, imageLoader: loader)
        _ = try await renderer.render(root, size: Size(width: 50, height: 50), scale: 1)
        #expect(loader.names.withLock { $0 } == ["cover"])
        let images = try await renderer.resolveImages(root, layout: layout, scale: 1)
        #expect(images.bitmaps.keys.sorted() == [5])
    }

    /// `direction: rtl` mirrors a row through elements, and a text's natural alignment follows:
    /// its lines end at the right edge of its box.
    @Test func rightToLeftMirrorsRowsAndAlignsTexts() throws {
        var rtl = FlexStyle()
        rtl.direction = .rtl
        rtl.flexDirection = .column
        rtl.alignItems = .stretch
        let root = Element.view(layout: rtl, children: [
            .hstack(alignment: .start, children: [.view(layout: boxLayout(width: 30, height: 10)), .view(layout: boxLayout(width: 50, height: 10))]),
            .text("שלום עולם", style: TextStyle(fontFamily: Self.family, size: 14)),
            .text("hello", style: TextStyle(fontFamily: Self.family, size: 14)),
        ])
        let result = try ElementLayout.layout(root, in: Size(width: 200, height: 100))
        #expect(result.nodes.allSatisfy { $0.direction == .rtl })
        #expect(result.nodes[2].frame == Rect(x: 170, y: 0, width: 30, height: 10))
        #expect(result.nodes[3].frame == Rect(x: 120, y: 0, width: 50, height: 10))
        for index in [4, 5] {
            let node = result.nodes[index]
            let line = try #require(node.text?.lines.first)
            #expect(node.frame.width == 200)
            #expect(abs(line.rect.maxX - 200) < 1, "line \(index) ends at \(line.rect.maxX)")
        }
        // Both keep natural alignment: their base direction is the element's, right to left.
        #expect(result.nodes[4].text?.style.alignment == .natural)
        #expect(result.nodes[5].text?.style.alignment == .natural)
        #expect(result.nodes[5].text?.options.baseDirection == .rightToLeft)
        // In LTR the Latin text starts at the left.
        var ltr = rtl
        ltr.direction = .ltr
        let left = try ElementLayout.layout(Element(.view, layout: ltr, children: root.children), in: Size(width: 200, height: 100))
        #expect(try #require(left.nodes[5].text?.lines.first).rect.minX < 1)
        #expect(left.nodes[2].frame.minX == 0)
    }
}

extension ElementAdapterTests {
    /// Contradictory constraints are not errors: CSS's rules lay them out (min wins over max,
    /// an inset wider than the parent gives a negative size clamped to 0), and 10,000 children in
    /// one wrapping row lay out with finite frames.
    @Test func contradictoryConstraintsLayOutByCSSRules() throws {
        var contradictory = FlexStyle()
        contradictory.minWidth = 80
        contradictory.maxWidth = 20
        contradictory.height = 10
        var wide = FlexStyle()
        wide.position = .absolute
        wide.inset = Edges(left: .points(150), right: .points(150))
        wide.height = 5
        contradictory.flexShrink = 0
        var wrap = FlexStyle()
        wrap.flexWrap = .wrap
        wrap.flexShrink = 0
        let cells = Array(repeating: Element.view(layout: boxLayout(width: 7, height: 3)), count: 10_000)
        let root = Element.vstack(children: [
            Element(.view, layout: contradictory), Element(.view, layout: wide), .view(layout: wrap, children: cells),
        ])
        var limits = ElementLimits.testing
        limits.maxNodes = 20_000
        let nodes = try ElementLayout.layout(root, in: Size(width: 200, height: 100), limits: limits).nodes
        #expect(nodes[1].frame.width == 80)
        #expect(nodes[2].frame.width == 0)
        #expect(nodes.allSatisfy { $0.frame.isFinite })
        // 28 cells of 7 pt per 200 pt line: the 10,000th cell is the 4th on line 358.
        #expect(nodes.last?.frame == Rect(x: 21, y: 10 + 357 * 3, width: 7, height: 3))
    }
}

/// Records the names it is asked for and serves the bundled images.
final class CountingLoader: ElementImageLoader {
    let names = Mutex<[String]>([])
    func imageBytes(named name: String) async throws -> [UInt8] {
        names.withLock { $0.append(name) }
        return try await BundledImageLoader().imageBytes(named: name)
    }
}
