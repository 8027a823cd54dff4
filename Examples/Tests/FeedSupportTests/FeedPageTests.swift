import AsyncLayerKit
@testable import FeedModel
import FeedSupport
import Foundation
import Testing

/// The feed page's JSON form: round trip, errors naming the JSON path, limits. (The bundled sample page: Examples/Tests/FeedSupportTests.)
@Suite struct FeedPageTests {
    static func decode(_ json: String, limits: FeedLimits = .default) async throws(FeedError) -> FeedPage {
        try await FeedPage.decode(Array(json.utf8), limits: limits)
    }

    static func error(_ json: String, limits: FeedLimits = .default) async -> FeedError? {
        do {
            _ = try await decode(json, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static let sample = FeedPage(items: [
        .mock(id: "m1", texts: ["Hello", "世界 and more", ""], images: ["photo-01", "photo-02"]),
        .mock(id: "m2", texts: []),
        .liveCard(id: "c1", FeedItem.LiveCard(tag: "直播", nickname: "夏天的小鹿", viewers: "1.2万 watching",
                                              title: "Live from the Bund", category: "户外 · Travel", cover: "cover-1", avatar: "avatar-1")),
    ], next: "page-2")

    @Test func roundTripsThroughJSON() async throws {
        for pretty in [false, true] {
            let bytes = Self.sample.jsonBytes(prettyPrinted: pretty)
            let decoded = try await FeedPage.decode(bytes)
            #expect(decoded == Self.sample)
            #expect(decoded.jsonBytes(prettyPrinted: pretty) == bytes)  // sorted keys: stable bytes
        }
    }

    @Test func readsTheSeedsItemShapeAsAMockItem() async throws {
        let page = try await Self.decode(#"{"version": 1, "items": [{"id": "a", "texts": ["x", "y"], "images": ["i"]}, {"id": "b"}]}"#)
        #expect(page.items == [.mock(id: "a", texts: ["x", "y"], images: ["i"]), .mock(id: "b", texts: [], images: [])])
        #expect(page.next == nil)
    }

    @Test(arguments: [
        (#"{"version": 1, "items": [{"id": "a", "texts": ["x", 3]}]}"#, "items[0].texts[1]", "expected a string"),
        (#"{"version": 1, "items": [{"id": "a"}, {"texts": []}]}"#, "items[1].id", "missing"),
        (#"{"version": 1, "items": [{"id": "a", "kind": "video"}]}"#, "items[0].kind", "unknown kind"),
        (#"{"version": 1, "items": [{"id": "a", "kind": "liveCard", "liveCard": {"tag": "LIVE"}}]}"#, "items[0].liveCard.nickname", "missing"),
        (#"{"version": 1, "items": {"id": "a"}}"#, "items", "expected an array"),
        (#"{"items": []}"#, "version", "missing"),
        (#"{"version": 1, "items": [}"#, "", "not valid JSON"),
    ])
    func decodingErrorsNameTheJSONPath(json: String, path: String, message: String) async {
        guard case .invalidJSON(let errorPath, let errorMessage)? = await Self.error(json) else {
            Issue.record("expected invalidJSON for \(json)")
            return
        }
        #expect(errorPath == path)
        #expect(errorMessage.contains(message), "\(errorMessage)")
    }

    @Test func refusesOtherVersions() async {
        #expect(await Self.error(#"{"version": 2, "items": []}"#) == .unsupportedVersion(2))
    }

    /// The item limit stops decoding at the first item over it: the malformed item after it is
    /// never read (decoded to the end, the page would fail there, as invalid JSON, after
    /// materializing every item).
    @Test func theItemLimitStopsDecodingAtTheFirstItemOverIt() async {
        let items = Array(repeating: #"{"id":"x","texts":["t"]}"#, count: 1_000).joined(separator: ",")
        let page = #"{"version": 1, "items": [\#(items), {"id": 1}]}"#
        #expect(await Self.error(page) == .tooManyItems(count: 1_001, limit: 1_000))
        #expect(await Self.error(page, limits: FeedLimits(maxItems: 10)) == .tooManyItems(count: 11, limit: 10))
    }

    @Test func checksTheLimitsNamingThePath() async {
        let limits = FeedLimits(maxPageBytes: 10_000, maxItems: 2, maxTextsPerItem: 2, maxImagesPerItem: 3,
                                maxTextUTF8Bytes: 12, maxNameUTF8Bytes: 8)
        func page(_ items: String) -> String { #"{"version": 1, "items": [\#(items)]}"# }
        #expect(await Self.error(page(#"{"id": "a"}, {"id": "b"}, {"id": "c"}"#), limits: limits) == .tooManyItems(count: 3, limit: 2))
        #expect(await Self.error(page(#"{"id": "a", "texts": ["1", "2", "3"]}"#), limits: limits)
                == .tooManyTexts(path: "items[0].texts", count: 3, limit: 2))
        #expect(await Self.error(page(#"{"id": "a"}, {"id": "b", "images": ["1", "2", "3", "4"]}"#), limits: limits)
                == .tooManyImages(path: "items[1].images", count: 4, limit: 3))
        // 13 UTF-8 bytes: "夏天" is 6, "小鹿" 6, "!" 1.
        #expect(await Self.error(page(#"{"id": "a", "texts": ["ok", "夏天小鹿!"]}"#), limits: limits)
                == .textTooLong(path: "items[0].texts[1]", utf8Bytes: 13, limit: 12))
        #expect(await Self.error(page(#"{"id": "a", "images": [""]}"#), limits: limits)
                == .invalidName(path: "items[0].images[0]", message: "empty"))
        #expect(await Self.error(page(#"{"id": "a"}, {"id": "a"}"#), limits: limits) == .duplicateID(path: "items[1].id", id: "a"))
        let card = #"{"id": "c", "kind": "liveCard", "liveCard": {"tag": "LIVE", "nickname": "n", "viewers": "v", "title": "a long title here", "category": "c", "cover": "x", "avatar": "y"}}"#
        #expect(await Self.error(page(card), limits: limits) == .textTooLong(path: "items[0].liveCard.title", utf8Bytes: 17, limit: 12))
        let big = String(repeating: " ", count: 10_001)
        #expect(await Self.error(big, limits: limits) == .pageTooLarge(bytes: 10_001, limit: 10_000))
        #expect(await Self.error(#"{"version": 1, "items": [{"id": "a", "texts": [[["deep"]]]}]}"#) == .tooDeep(depth: 5, limit: 4))
    }

    @Test func errorsDescribeThemselvesOnOneLine() {
        #expect(FeedError.invalidJSON(path: "items[0].id", message: "missing").description == "items[0].id: missing")
        #expect(FeedError.tooManyImages(path: "items[1].images", count: 10, limit: 9).description == "items[1].images: 10 images is over the limit of 9")
    }

    @Test func theContentHashFollowsTheContent() {
        let a = FeedItem.mock(id: "a", texts: ["x"], images: ["i"])
        #expect(a.contentHash() == FeedItem.mock(id: "a", texts: ["x"], images: ["i"]).contentHash())
        #expect(a.contentHash() != FeedItem.mock(id: "a", texts: ["x!"], images: ["i"]).contentHash())
        #expect(a.contentHash() != FeedItem.mock(id: "a", texts: ["x"], images: ["i", "i"]).contentHash())
        #expect(a.contentHash() != FeedItem.mock(id: "b", texts: ["x"], images: ["i"]).contentHash())
    }
}
