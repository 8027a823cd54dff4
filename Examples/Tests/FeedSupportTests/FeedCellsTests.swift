import AsyncLayerKit
import AsyncLayerKitTesting
import ExampleTestSupport
import FeedSupport
import Testing

/// The sample feed's cell templates (``FeedCells``): heights that follow the content, the live
/// card at the reference card's size, and the bundled feed laid out and rendered.
@Suite struct FeedCellsTests {
    /// Lanes of these tests, so a worker held by another test never holds the shared ones.
    static let lanes = RenderLanes(width: 2)

    static func height(_ item: FeedItem, width: Double = 375, cache: FeedLayoutCache<FeedItem>? = nil) async throws -> Double {
        let cache = cache ?? FeedLayoutCache(template: FeedCells(), lanes: lanes)
        return try await cache.layout(of: item, width: width).height
    }

    static func mock(_ texts: [String], images: Int = 0) -> FeedItem {
        .mock(id: "x", texts: texts, images: (0..<images).map { "photo-\($0 % 9 + 1)" })
    }

    @Test func aLongerTextMakesATallerCell() async throws {
        let short = try await Self.height(Self.mock(["Title", "One line."]))
        let long = try await Self.height(Self.mock(["Title", String(repeating: "Many words wrap onto more lines. ", count: 12)]))
        let longer = try await Self.height(Self.mock(["Title", String(repeating: "Many words wrap onto more lines. ", count: 24)]))
        let chinese = try await Self.height(Self.mock(["标题", String(repeating: "中文长文本会换行。", count: 20)]))
        #expect(short < long && long < longer)
        #expect(chinese > short)
        // Narrower is taller for the same text.
        #expect(try await Self.height(Self.mock(["Title", String(repeating: "Many words wrap. ", count: 12)]), width: 240)
                > Self.height(Self.mock(["Title", String(repeating: "Many words wrap. ", count: 12)]), width: 414))
        // One more text adds its line and the spacing.
        let two = try await Self.height(Self.mock(["Title", "One line."]))
        let three = try await Self.height(Self.mock(["Title", "One line.", "Another line."]))
        #expect(three - two == 20 + FeedCells.lineSpacing)  // a 20 pt body line
    }

    @Test func moreImagesMakeMoreGridRows() async throws {
        let side = FeedCells.gridSide(width: 375)
        let row = side + FeedCells.gridSpacing
        let heights = try await [0, 1, 3, 4, 6, 7, 9].asyncMap { try await Self.height(Self.mock(["Title"], images: $0)) }
        let h = Dictionary(uniqueKeysWithValues: zip([0, 1, 3, 4, 6, 7, 9], heights))
        #expect(h[1]! - h[0]! == side + FeedCells.lineSpacing)  // the first row, after the text
        #expect(h[3] == h[1])  // one row holds three
        #expect(h[4]! - h[3]! == row)
        #expect(h[6] == h[4])
        #expect(h[7]! - h[6]! == row)
        #expect(h[9] == h[7])
    }

    @Test func theLiveCardIsTheReferenceCardAtItsSize() async throws {
        let card = FeedItem.LiveCard(tag: "LIVE", nickname: "n", viewers: "1 watching", title: String(repeating: "long title ", count: 30),
                                     category: "c", cover: "cover-2", avatar: "avatar-3")
        for width in [375.0, 414] {
            let layout = try await FeedLayoutCache(template: FeedCells(), lanes: Self.lanes).layout(of: .liveCard(id: "c", card), width: width)
            #expect(layout.size == Size(width: width, height: 260 + FeedCells.gap))
            var names: [String] = []
            func collect(_ e: Element) {
                if case .image(let image) = e.kind, case .named(let name) = image.source { names.append(name) }
                e.children.forEach(collect)
            }
            collect(layout.element)
            #expect(names == ["cover-2", "avatar-3"])
        }
    }

    // MARK: The bundled feed

    @Test func everyItemOfTheBundledFeedLaysOut() async throws {
        let page = try await SampleFeed.loadPage()
        let cache = FeedLayoutCache(template: FeedCells(), lanes: Self.lanes)
        let results = await cache.layouts(of: page.items, width: 375)
        let layouts = try results.map { try $0.get() }
        #expect(layouts.count == page.items.count)
        #expect(layouts.map(\.id) == page.items.map(\.id))
        for (item, layout) in zip(page.items, layouts) {
            if case .liveCard = item.kind {
                #expect(layout.height == 268)
            } else {
                #expect(layout.height > 40 && layout.height < 1_500, "\(item.id): \(layout.height)")
            }
        }
        #expect(Set(layouts.map(\.height)).count > 20)  // heights vary with the content
        #expect(await cache.metrics.layoutsComputed == page.items.count)
    }

    @Test func bundledCellsRenderWithTheBundledImages() async throws {
        let page = try await SampleFeed.loadPage()
        // No render deadline (ElementLimits.testing): under the thread sanitizer, with the pool
        // flooded by other tests, the render can wait longer than 10 s for a thread.
        let renderer = ElementRenderer(limits: .testing, imageLoader: try SampleFeed.imageLoader())
        let cache = FeedLayoutCache(template: FeedCells(), lanes: Self.lanes)
        let mock = try #require(page.items.first { if case .mock(_, let images) = $0.kind { images.count >= 4 } else { false } })
        let live = try #require(page.items.first { if case .liveCard = $0.kind { true } else { false } })
        for item in [mock, live] {
            let layout = try await cache.layout(of: item, width: 375)
            let bitmap = try await renderer.render(layout.element, size: layout.size, scale: 1)
            #expect(bitmap.width == 375 && Double(bitmap.height) == layout.height)
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}
