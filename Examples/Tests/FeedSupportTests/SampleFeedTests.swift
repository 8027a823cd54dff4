import AsyncLayerKit
import FeedSupport
import Testing

@testable import feed_gen

/// The bundled sample feed (FeedSupport's feed-data): what feed-gen writes, with every image.
@Suite struct SampleFeedTests {
    @Test func theBundledPageIsTheGeneratorsAndHasEveryImage() async throws {
        let page = try await SampleFeed.loadPage()
        #expect(page == SampleFeedGenerator.page())  // the committed file is what feed-gen writes
        #expect(page.items.count == 300)
        var live = 0, images = Set<String>(), texts = 0, longest = 0, maxImages = 0
        for item in page.items {
            switch item.kind {
            case .mock(let t, let i):
                texts += t.count
                longest = max(longest, t.map(\.utf8.count).max() ?? 0)
                maxImages = max(maxImages, i.count)
                images.formUnion(i)
            case .liveCard(let card):
                live += 1
                images.formUnion([card.cover, card.avatar])
            }
        }
        #expect(live > 20 && live < 80)
        #expect(maxImages == 9)
        #expect(longest > 200)
        let loader = try SampleFeed.imageLoader()
        #expect(images.isSubset(of: Set(loader.images.keys)))
        #expect(loader.images.count >= 12 && loader.images.count <= 16)
        for (name, bytes) in loader.images {
            #expect(bytes.count > 2_000 && bytes.count < 40_000, "\(name): \(bytes.count) bytes")
            let info = try ImageDecoder.info(of: bytes)
            #expect(info.width >= 96, "\(name)")
        }
    }
}
