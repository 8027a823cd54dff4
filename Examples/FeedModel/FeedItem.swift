#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
public import AsyncLayerKit

/// One item of a feed: an identifier and what the item shows.
///
/// Two kinds exist: the mock item of the pre-layout seed (a few texts, one per line, then a grid
/// of images) and the live-stream card of the reference card. An item is a value: decode it on any
/// thread, hand it to a ``FeedCellTemplate`` to get its element tree, and key caches with
/// ``id`` and ``contentHash()``.
public struct FeedItem: Hashable, Sendable, Identifiable, Codable {
    /// The item's identifier, unique within a page.
    public var id: String
    /// What the item shows.
    public var kind: Kind

    /// What an item shows.
    public enum Kind: Hashable, Sendable {
        /// A mock post: `texts` shown one after another, each wrapped to the width, then
        /// `images` (names an ``ElementImageLoader`` resolves) in a grid.
        case mock(texts: [String], images: [String])
        /// A live-stream card (the reference card's record, with its images named).
        case liveCard(LiveCard)
    }

    /// The data of a live-stream card: the reference card's record fields, plus the names of its
    /// cover and avatar images.
    public struct LiveCard: Hashable, Sendable, Codable {
        /// The tag in the top-left corner ("直播" or "LIVE").
        public var tag: String
        /// The streamer's nickname.
        public var nickname: String
        /// The audience count, such as "1.2万 watching".
        public var viewers: String
        /// The stream title.
        public var title: String
        /// The category label under the cover.
        public var category: String
        /// The cover image's name.
        public var cover: String
        /// The avatar image's name.
        public var avatar: String

        /// Creates a live card.
        public init(tag: String, nickname: String, viewers: String, title: String, category: String,
                    cover: String, avatar: String) {
            self.tag = tag
            self.nickname = nickname
            self.viewers = viewers
            self.title = title
            self.category = category
            self.cover = cover
            self.avatar = avatar
        }
    }

    /// Creates an item.
    public init(id: String, kind: Kind) {
        self.id = id
        self.kind = kind
    }

    /// A mock item: texts, then an image grid.
    public static func mock(id: String, texts: [String], images: [String] = []) -> FeedItem {
        FeedItem(id: id, kind: .mock(texts: texts, images: images))
    }

    /// A live-card item.
    public static func liveCard(id: String, _ card: LiveCard) -> FeedItem {
        FeedItem(id: id, kind: .liveCard(card))
    }

    /// A 128-bit hash of the item's JSON form (identifier and content), the same in every
    /// process: with ``id``, what keys the item's cached layouts. A changed text gives a new hash,
    /// so a stale layout is never served for edited content.
    public func contentHash() -> ContentHash {
        // Every value of an item is a string or an array of strings: the encoding cannot fail.
        (try? ContentHash(of: self)) ?? ContentHash(high: 0, low: 0)
    }

    // MARK: Codable

    private enum Keys: String, CodingKey { case id, kind, texts, images, liveCard }

    /// The JSON names of the kinds.
    private enum KindName: String {
        case mock, liveCard
    }

    /// Decodes an item: `{"id": "…", "kind": "mock", "texts": […], "images": […]}` or
    /// `{"id": "…", "kind": "liveCard", "liveCard": {…}}`. Without `kind`, an item is a mock
    /// item; without `images` (or `texts`), it has none.
    public init(from decoder: any Decoder) throws {
        try DecodingBudget.spend(FeedPage.itemBudget, of: decoder)
        let c = try decoder.container(keyedBy: Keys.self)
        id = try c.decode(String.self, forKey: .id)
        let name = try c.decodeIfPresent(String.self, forKey: .kind) ?? KindName.mock.rawValue
        switch KindName(rawValue: name) {
        case .mock:
            kind = .mock(texts: try c.decodeIfPresent([String].self, forKey: .texts) ?? [],
                         images: try c.decodeIfPresent([String].self, forKey: .images) ?? [])
        case .liveCard:
            kind = .liveCard(try c.decode(LiveCard.self, forKey: .liveCard))
        case nil:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c,
                                                   debugDescription: "unknown kind \"\(name)\" (expected \"mock\" or \"liveCard\")")
        }
    }

    /// Encodes the item in the form ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        switch kind {
        case .mock(let texts, let images):
            try c.encode(KindName.mock.rawValue, forKey: .kind)
            try c.encode(texts, forKey: .texts)
            try c.encode(images, forKey: .images)
        case .liveCard(let card):
            try c.encode(KindName.liveCard.rawValue, forKey: .kind)
            try c.encode(card, forKey: .liveCard)
        }
    }
}
