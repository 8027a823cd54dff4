/// Everything that can go wrong decoding a feed page or laying out its items.
public enum FeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON is wrong at `path` (for example `items[3].texts[1]`).
    case invalidJSON(path: String, message: String)
    /// The page's `version` is not one this library reads.
    case unsupportedVersion(Int)
    /// The page is larger than ``FeedLimits/maxPageBytes``.
    case pageTooLarge(bytes: Int, limit: Int)
    /// The JSON nests deeper than a page can.
    case tooDeep(depth: Int, limit: Int)
    /// The page has more items than ``FeedLimits/maxItems``.
    case tooManyItems(count: Int, limit: Int)
    /// The item at `path` has more texts than ``FeedLimits/maxTextsPerItem``.
    case tooManyTexts(path: String, count: Int, limit: Int)
    /// The item at `path` has more images than ``FeedLimits/maxImagesPerItem``.
    case tooManyImages(path: String, count: Int, limit: Int)
    /// The string at `path` is longer than ``FeedLimits/maxTextUTF8Bytes``, in UTF-8 bytes.
    case textTooLong(path: String, utf8Bytes: Int, limit: Int)
    /// The identifier or image name at `path` is empty or longer than ``FeedLimits/maxNameUTF8Bytes``.
    case invalidName(path: String, message: String)
    /// Two items of the page have the same identifier; `path` names the second.
    case duplicateID(path: String, id: String)

    /// A one-line description.
    public var description: String {
        switch self {
        case .invalidJSON(let path, let message): "\(path.isEmpty ? "page" : path): \(message)"
        case .unsupportedVersion(let v): "version: \(v) is not supported (expected \(FeedPage.currentVersion))"
        case .pageTooLarge(let bytes, let limit): "page of \(bytes) bytes is over the limit of \(limit)"
        case .tooDeep(let depth, let limit): "JSON nesting \(depth) is over the limit of \(limit)"
        case .tooManyItems(let count, let limit): "\(count) items is over the limit of \(limit)"
        case .tooManyTexts(let path, let count, let limit): "\(path): \(count) texts is over the limit of \(limit)"
        case .tooManyImages(let path, let count, let limit): "\(path): \(count) images is over the limit of \(limit)"
        case .textTooLong(let path, let bytes, let limit): "\(path): \(bytes) UTF-8 bytes is over the limit of \(limit)"
        case .invalidName(let path, let message): "\(path): \(message)"
        case .duplicateID(let path, let id): "\(path): duplicate id \"\(id)\""
        }
    }
}

/// Bounds checked when a feed page is decoded, so that hostile or mistaken input fails with a
/// ``FeedError`` naming the JSON path instead of reaching layout.
public struct FeedLimits: Hashable, Sendable {
    /// The largest page, in bytes of JSON.
    public var maxPageBytes: Int
    /// The most items in a page. ``FeedPage/decode(_:limits:)`` stops at the first item over it,
    /// before materializing the rest.
    public var maxItems: Int
    /// The most texts in one mock item.
    public var maxTextsPerItem: Int
    /// The most images in one mock item.
    public var maxImagesPerItem: Int
    /// The longest text (a mock text, or a live card's field), in UTF-8 bytes.
    public var maxTextUTF8Bytes: Int
    /// The longest identifier or image name, in UTF-8 bytes.
    public var maxNameUTF8Bytes: Int

    /// Creates limits; the defaults suit a page of a feed.
    public init(maxPageBytes: Int = 8 << 20, maxItems: Int = 1_000, maxTextsPerItem: Int = 16,
                maxImagesPerItem: Int = 9, maxTextUTF8Bytes: Int = 4_096, maxNameUTF8Bytes: Int = 256) {
        self.maxPageBytes = maxPageBytes
        self.maxItems = maxItems
        self.maxTextsPerItem = maxTextsPerItem
        self.maxImagesPerItem = maxImagesPerItem
        self.maxTextUTF8Bytes = maxTextUTF8Bytes
        self.maxNameUTF8Bytes = maxNameUTF8Bytes
    }

    /// The defaults.
    public static let `default` = FeedLimits()

    /// Checks a page against the limits, naming the first offending value by its JSON path.
    ///
    /// - Throws: ``FeedError/tooManyItems(count:limit:)``, ``FeedError/tooManyTexts(path:count:limit:)``,
    ///   ``FeedError/tooManyImages(path:count:limit:)``, ``FeedError/textTooLong(path:utf8Bytes:limit:)``,
    ///   ``FeedError/invalidName(path:message:)``, ``FeedError/duplicateID(path:id:)``.
    public func check(_ page: FeedPage) throws(FeedError) {
        guard page.items.count <= maxItems else { throw .tooManyItems(count: page.items.count, limit: maxItems) }
        var seen = Set<String>()
        for (index, item) in page.items.enumerated() {
            let path = "items[\(index)]"
            try checkName(item.id, path: "\(path).id")
            guard seen.insert(item.id).inserted else { throw .duplicateID(path: "\(path).id", id: item.id) }
            switch item.kind {
            case .mock(let texts, let images):
                guard texts.count <= maxTextsPerItem else {
                    throw .tooManyTexts(path: "\(path).texts", count: texts.count, limit: maxTextsPerItem)
                }
                guard images.count <= maxImagesPerItem else {
                    throw .tooManyImages(path: "\(path).images", count: images.count, limit: maxImagesPerItem)
                }
                for (i, text) in texts.enumerated() { try checkText(text, path: "\(path).texts[\(i)]") }
                for (i, image) in images.enumerated() { try checkName(image, path: "\(path).images[\(i)]") }
            case .liveCard(let card):
                let p = "\(path).liveCard"
                try checkText(card.tag, path: "\(p).tag")
                try checkText(card.nickname, path: "\(p).nickname")
                try checkText(card.viewers, path: "\(p).viewers")
                try checkText(card.title, path: "\(p).title")
                try checkText(card.category, path: "\(p).category")
                try checkName(card.cover, path: "\(p).cover")
                try checkName(card.avatar, path: "\(p).avatar")
            }
        }
    }

    private func checkText(_ text: String, path: String) throws(FeedError) {
        let bytes = text.utf8.count
        guard bytes <= maxTextUTF8Bytes else { throw .textTooLong(path: path, utf8Bytes: bytes, limit: maxTextUTF8Bytes) }
    }

    private func checkName(_ name: String, path: String) throws(FeedError) {
        let bytes = name.utf8.count
        guard bytes > 0 else { throw .invalidName(path: path, message: "empty") }
        guard bytes <= maxNameUTF8Bytes else {
            throw .invalidName(path: path, message: "\(bytes) UTF-8 bytes is over the limit of \(maxNameUTF8Bytes)")
        }
    }
}
