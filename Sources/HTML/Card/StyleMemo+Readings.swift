internal import Elements
internal import Flexbox
internal import LayerKitSupport

/// The readings found by style number: an element matching only plain rules gets its cascaded
/// values under a number (``SharedStyle``), its resolved style a number standing for its
/// ancestors' styles too (``ResolvedKey``), and what the box builder reads from that style —
/// a block's model properties and their reading, an inline element's run properties, edges and
/// box paint, a list marker's box — is kept by that number, so a template's card met again
/// hashes integers instead of property dictionaries (BENCHMARKS.md, "HTML cards").
extension StyleMemo {
    /// An element's cascaded values from plain rules alone (no `style` attribute, no custom
    /// property, no `var()`): a function of the prepared sheets and the rules it matches, so
    /// every element of any card matching those rules shares them, under one number (`nil`
    /// where they are shared within one cascade only). The box builder keys its own tables by
    /// that number instead of hashing the values again.
    struct SharedStyle: Sendable {
        let values: [String: String]
        let id: Int?
    }

    /// What the cascade's shared values are found by: the prepared sheets' serial numbers and
    /// the matched rules in order of appearance.
    private struct SharedStyleKey: Hashable, Sendable {
        var sheets: [Int]
        var rules: [CascadeRun.MatchedRule]
    }

    private static let sharedStyles = Lock<[SharedStyleKey: SharedStyle]>([:])

    /// The values kept for elements matching `rules` of the prepared sheets `sheets`, if any.
    static func sharedStyle(sheets: [Int], rules: [CascadeRun.MatchedRule]) -> SharedStyle? {
        let key = SharedStyleKey(sheets: sheets, rules: rules)
        return sharedStyles.withLock { $0[key] }
    }

    /// Keeps `values` for elements matching `rules` of `sheets`, under a new number.
    static func keepSharedStyle(_ values: [String: String], sheets: [Int], rules: [CascadeRun.MatchedRule]) -> SharedStyle {
        let shared = SharedStyle(values: values, id: nextSerial())
        store(shared, for: SharedStyleKey(sheets: sheets, rules: rules), in: sharedStyles, bound: readingBound)
        return shared
    }

    /// What a resolved style is found by: its element's shared style, its parent's resolved
    /// style and its own `lang` attribute. A parent of `-1` stands for the style with its
    /// background given to the canvas (``BoxBuilder/takeCanvasBackground()``).
    struct ResolvedKey: Hashable, Sendable {
        var style: Int
        var parent: Int
        var language: String?
    }

    private static let resolvedStyles = Lock<[ResolvedKey: ResolvedStyle]>([:])

    /// The resolved style kept for `key`, if any.
    static func resolvedStyle(_ key: ResolvedKey) -> ResolvedStyle? {
        resolvedStyles.withLock { $0[key] }
    }

    /// Keeps `style` for `key` under a new number, which it returns with.
    static func keepResolvedStyle(_ style: ResolvedStyle, for key: ResolvedKey) -> ResolvedStyle {
        var kept = style
        kept.memoID = nextSerial()
        store(kept, for: key, in: resolvedStyles, bound: readingBound)
        return kept
    }

    /// What a block-level box's reading depends on besides its resolved style: how it is
    /// displayed, where it stands and the card's generic families (``familiesSerial(_:)``).
    struct BoxKey: Hashable, Sendable {
        var style: Int
        var display: CSSDisplay
        var isRoot: Bool
        var isFlexItem: Bool
        var isListItemBox: Bool
        var languageChanged: Bool
        var families: Int
    }

    /// A block-level box's model properties and their reading.
    struct BoxReading: Sendable {
        let properties: [String: String]
        let layout: FlexStyle
        let style: ElementStyle
    }

    /// What an element's reading is found by where its resolved style decides it alone:
    /// the style's number (which stands for its ancestors' styles too) and the card's generic
    /// families.
    struct ReadingKey: Hashable, Sendable {
        var style: Int
        var families: Int
    }

    /// One kind of reading of elements by their style, with the warnings each gave (given again
    /// for each element that finds it).
    final class ReadingTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
        private let entries = Lock<[Key: (value: Value, warnings: [(property: String, reason: String)])]>([:])

        /// The reading kept for `key`, if any.
        func reading(_ key: Key) -> (value: Value, warnings: [(property: String, reason: String)])? {
            entries.withLock { $0[key] }
        }

        /// Keeps a reading.
        func keep(_ value: Value, warnings: [(property: String, reason: String)], for key: Key) {
            StyleMemo.store((value, warnings), for: key, in: entries, bound: StyleMemo.readingBound)
        }
    }

    /// A block-level box's model properties and their reading.
    static let boxReadings = ReadingTable<BoxKey, BoxReading>()
    /// An inline element's run properties (``BoxBuilder`` `runProperties`).
    static let inlineProperties = ReadingTable<ReadingKey, [String: String]>()
    /// An inline element's edges and box paint.
    static let inlineBoxes = ReadingTable<ReadingKey, InlineBoxReading>()
    /// A list item's outside marker's layout and paint.
    static let markers = ReadingTable<ReadingKey, Box?>()

    /// An inline element's edges (margins, borders, paddings) and what its box paints.
    struct InlineBoxReading: Sendable {
        let start: [(StyleLength, InlineEdge)]
        let end: [(StyleLength, InlineEdge)]
        let top: Double
        let bottom: Double
        let paint: InlineBoxPaint?
    }

    private static let families = Lock<[[String: String]: Int]>([:])

    /// A number for a card's generic-family mapping (``HTMLOptions/genericFamilies``): 0 for none.
    static func familiesSerial(_ mapping: [String: String]) -> Int {
        guard !mapping.isEmpty else { return 0 }
        if let known = families.withLock({ $0[mapping] }) { return known }
        let serial = nextSerial()
        store(serial, for: mapping, in: families, bound: sheetBound)
        return serial
    }
}
