public import Foundation

/// One card of the HTML conformance corpus (scripts/html-diff): its HTML and size, and what
/// headless Chromium answered for it (the format is scripts/html-diff/README.md's).
public struct HTMLCorpusCard: Decodable, Sendable {
    /// The card's name (its PNG is `png/<id>.png`).
    public var id: String
    /// Its group (elements, selectors, cascade, block, inline, flex, position, text, paint, i18n, realistic, random).
    public var group: String
    /// The card's width in CSS px.
    public var width: Double
    /// The card's height in CSS px.
    public var height: Double
    /// The card.
    public var html: String
    /// Chromium's border box of every reported element, `[x, y, width, height]` in CSS px.
    public var boxes: [[Double]]
    /// Those elements' tag names.
    public var tags: [String]
    /// Chromium's line count of every reported text.
    public var lines: [Int]
    /// The first characters of those texts.
    public var lineTexts: [String]

    /// Every card of `cards.json`.
    public static func load(_ url: URL) throws -> [HTMLCorpusCard] {
        try JSONDecoder().decode([HTMLCorpusCard].self, from: Data(contentsOf: url))
    }
}
