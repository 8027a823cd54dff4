internal import Elements
internal import Flexbox
internal import LayerKitSupport

/// What the element model's readers answered, kept for the process: whether a value is valid
/// for a property, a `<style>` sheet's parse and prepared rules, and the layout and paint a
/// box's declared properties read as. All are pure functions of their keys, so sharing the
/// answers between cards changes only the time: a template rendered again with other texts
/// reads no value twice (the readers are most of an HTML card's reading cost; BENCHMARKS.md,
/// "HTML cards"). The cascade and the box builder are synchronous code on any thread, so the
/// tables sit behind the package's one lock; each is emptied when it reaches its bound. The
/// readings found by style number are in StyleMemo+Readings.swift.
enum StyleMemo {
    /// At most this many answers are kept per table.
    static let bound = 16_384
    /// At most this many readings by style number are kept per table (a card of a template
    /// holds some tens of elements: the readings of a hundred templates and more).
    static let readingBound = 4_096

    /// Whether cards share the readings found by style number (``SharedStyle``, ``ResolvedKey``,
    /// ``BoxKey``, ``ReadingKey``); off, every element is read on its own (the tests compare both).
    @TaskLocal static var sharesReadings = true

    private static let values = Lock<[String: Bool]>([:])
    private static let boxes = Lock<[[String: String]: Box]>([:])
    private static let runs = Lock<[[String: String]: StyleDictionary.RunStyle]>([:])

    private static let sheets = Lock<[SheetKey: Sheet]>([:])
    /// At most this many sheets are kept, each at most `sheetBytes` long.
    static let sheetBound = 256
    static let sheetBytes = 64 * 1024

    /// A `<style>` sheet's text and what its preparation depends on.
    struct SheetKey: Hashable, Sendable {
        var text: String
        var name: String
        var viewport: MediaViewport
        var limits: StyleLimits
    }

    /// A sheet parsed, and its rules prepared for the cascade.
    struct Sheet: Sendable {
        let sheet: StyleSheet
        let rules: PreparedRules
        /// A number no other prepared sheet of the process has (``sharedStyle(sheets:rules:)``'s key).
        let serial: Int
    }

    /// The serial number of the user-agent sheet's prepared rules.
    static let userAgentSerial = 0
    /// The serial number of the style `<html>`'s parent would have (``ResolvedStyle/initial``).
    static let initialStyleSerial = 0
    /// The last serial number given (to a sheet or a shared style).
    private static let lastSerial = Lock<Int>(0)

    /// A number never given before in this process.
    static func nextSerial() -> Int {
        lastSerial.withLock { last in
            last += 1
            return last
        }
    }

    /// The sheet of `key`: kept from an earlier card (`known`), or `make`'s (kept when short enough).
    static func sheet(_ key: SheetKey, make: () throws(StyleError) -> (StyleSheet, PreparedRules)) throws(StyleError) -> (sheet: Sheet, known: Bool) {
        if let known = sheets.withLock({ $0[key] }) { return (known, true) }
        let made = try make()
        let sheet = Sheet(sheet: made.0, rules: made.1, serial: nextSerial())
        if key.text.utf8.count <= sheetBytes { store(sheet, for: key, in: sheets, bound: sheetBound) }
        return (sheet, false)
    }

    /// A box's layout and paint.
    struct Box: Sendable {
        let layout: FlexStyle
        let style: ElementStyle
    }

    /// The answer kept for `key` (a property and a value), if any.
    static func validity(_ key: String) -> Bool? {
        values.withLock { $0[key] }
    }

    /// Keeps an answer.
    static func keep(_ key: String, valid: Bool) {
        store(valid, for: key, in: values, bound: bound)
    }

    /// The model's reading of a run's `properties` (camelCase), kept after the first.
    static func run(_ properties: [String: String]) throws(StyleDictionary.Refusal) -> StyleDictionary.RunStyle {
        if let known = runs.withLock({ $0[properties] }) { return known }
        let read = try StyleDictionary.run(properties)
        store(read, for: properties, in: runs, bound: bound)
        return read
    }

    /// The model's reading of `properties` (camelCase), kept after the first.
    static func box(_ properties: [String: String]) throws(StyleDictionary.Refusal) -> (FlexStyle, ElementStyle) {
        if let known = boxes.withLock({ $0[properties] }) { return (known.layout, known.style) }
        let read = try StyleDictionary.element(properties)
        store(Box(layout: read.layout, style: read.style), for: properties, in: boxes, bound: bound)
        return (read.layout, read.style)
    }

    /// Keeps `value` for `key` in `table`, emptied first when it holds `bound` entries.
    static func store<Key: Hashable & Sendable, Value: Sendable>(_ value: Value, for key: Key, in table: Lock<[Key: Value]>, bound: Int) {
        table.withLock { entries in
            if entries.count >= bound { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }
}
