internal import Flexbox

/// The four-edge shorthands (`margin`, `padding`, `borderWidth`, `inset`) and their longhands,
/// as JSON keys, with CSS's 1–4 value expansion (top, right, bottom, left).
struct CSSBoxKeys {
    /// The shorthand: 1–4 values in CSS order.
    let shorthand: String
    /// The physical longhands, in CSS order: top, right, bottom, left.
    let top: String, right: String, bottom: String, left: String
    /// The logical longhands: the inline start and end edges (left and right in LTR).
    let start: String, end: String

    /// Every key, shorthand first.
    var all: [String] { [shorthand, top, right, bottom, left, start, end] }

    /// `margin`, `marginTop`, …, `marginInlineStart`, `marginInlineEnd`.
    static let margin = CSSBoxKeys(prefix: "margin", suffix: "")
    /// `padding`, `paddingTop`, …
    static let padding = CSSBoxKeys(prefix: "padding", suffix: "")
    /// `borderWidth`, `borderTopWidth`, …, `borderInlineStartWidth`, `borderInlineEndWidth`.
    static let border = CSSBoxKeys(prefix: "border", suffix: "Width")
    /// `inset`, `top`, `right`, `bottom`, `left`, `insetInlineStart`, `insetInlineEnd`.
    static let inset = CSSBoxKeys(shorthand: "inset", top: "top", right: "right", bottom: "bottom", left: "left",
                                  start: "insetInlineStart", end: "insetInlineEnd")

    private init(prefix: String, suffix: String) {
        self.init(shorthand: prefix + suffix, top: prefix + "Top" + suffix, right: prefix + "Right" + suffix,
                  bottom: prefix + "Bottom" + suffix, left: prefix + "Left" + suffix,
                  start: prefix + "InlineStart" + suffix, end: prefix + "InlineEnd" + suffix)
    }

    private init(shorthand: String, top: String, right: String, bottom: String, left: String, start: String, end: String) {
        (self.shorthand, self.top, self.right, self.bottom, self.left, self.start, self.end) = (shorthand, top, right, bottom, left, start, end)
    }

    /// Reads the edges: the shorthand first, then each longhand over it (a longhand wins over the
    /// shorthand whatever their order in the object, since JSON objects are unordered).
    func decode<V>(_ reader: StyleReader, _ parse: (CSSToken) throws(CSSValueError) -> V) throws -> Edges<V> {
        var edges = Edges<V>()
        if let values = try reader.parse(shorthand, { (value: CSSValue) throws(CSSValueError) -> [V] in
            let tokens = value.tokens
            guard (1...4).contains(tokens.count) else {
                throw CSSValueError(message: "\(value) has \(tokens.count) values: expected 1 to 4 (top, right, bottom, left)")
            }
            return try tokens.map { token throws(CSSValueError) in try parse(token) }
        }) {
            let (top, right, bottom, left) = Self.expand(values)
            (edges.top, edges.right, edges.bottom, edges.left) = (top, right, bottom, left)
        }
        func single(_ value: CSSValue) throws(CSSValueError) -> V {
            try parse(value.single(expected: "one value (the shorthand \(shorthand) takes 1 to 4)"))
        }
        if let v = try reader.parse(top, single) { edges.top = v }
        if let v = try reader.parse(right, single) { edges.right = v }
        if let v = try reader.parse(bottom, single) { edges.bottom = v }
        if let v = try reader.parse(left, single) { edges.left = v }
        if let v = try reader.parse(start, single) { edges.start = v }
        if let v = try reader.parse(end, single) { edges.end = v }
        return edges
    }

    /// Writes the edges canonically: the shorthand in its shortest CSS form when exactly the four
    /// physical edges are set, otherwise one longhand per set edge.
    func encode<V>(_ edges: Edges<V>, in c: inout KeyedEncodingContainer<StyleKey>, _ output: (V) -> CSSOutput) throws {
        if let t = edges.top, let r = edges.right, let b = edges.bottom, let l = edges.left, edges.start == nil, edges.end == nil {
            try CSSOutput.encode(Self.compact([t, r, b, l].map(output)), forKey: StyleKey(shorthand), in: &c)
            return
        }
        for (key, value) in [(top, edges.top), (right, edges.right), (bottom, edges.bottom), (left, edges.left),
                             (start, edges.start), (end, edges.end)] {
            if let value { try CSSOutput.encode([output(value)], forKey: StyleKey(key), in: &c) }
        }
    }

    /// CSS's expansion of 1–4 values to top, right, bottom, left.
    static func expand<V>(_ v: [V]) -> (V, V, V, V) {
        switch v.count {
        case 1: (v[0], v[0], v[0], v[0])
        case 2: (v[0], v[1], v[0], v[1])
        case 3: (v[0], v[1], v[2], v[1])
        default: (v[0], v[1], v[2], v[3])
        }
    }

    /// The shortest list of values that ``expand(_:)`` turns back into `v` (top, right, bottom, left).
    static func compact<V: Equatable>(_ v: [V]) -> [V] {
        if v[3] != v[1] { return v }
        if v[2] != v[0] { return Array(v[0...2]) }
        if v[1] != v[0] { return Array(v[0...1]) }
        return [v[0]]
    }
}
