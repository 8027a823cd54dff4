internal import Flexbox

// The layout half of a schema-2 `style` object: every FlexStyle property under its camelCase CSS
// name. Shorthands (`margin`, `gap`, `flex`, …) are read first and their longhands over them;
// the encoder writes only properties that differ from their defaults.

extension FlexStyle {
    /// Every layout key the `style` object accepts.
    static let cssKeys: [String] = [
        "display", "position", "direction", "overflow", "boxSizing",
        "flexDirection", "flexWrap", "justifyContent", "alignItems", "alignContent", "justifyItems",
        "alignSelf", "justifySelf", "gap", "rowGap", "columnGap",
        "flex", "flexGrow", "flexShrink", "flexBasis", "order",
        "width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight", "aspectRatio",
    ] + CSSBoxKeys.margin.all + CSSBoxKeys.padding.all + CSSBoxKeys.border.all + CSSBoxKeys.inset.all

    /// Reads the layout properties of a `style` object; keys it does not know are left alone.
    init(css reader: StyleReader) throws {
        self.init()
        func keyword<K: RawRepresentable & CaseIterable>(_ name: String, _ type: K.Type) throws -> K? where K.RawValue == String {
            try reader.parse(name) { value throws(CSSValueError) in try CSSKeyword.parse(value, as: K.self) }
        }
        func length(_ name: String, _ rule: CSSLengthRule) throws -> Length? {
            try reader.parse(name) { value throws(CSSValueError) in try CSSLength.parse(value, rule) }
        }
        if let v = try keyword("display", Display.self) { display = v }
        if let v = try keyword("position", PositionType.self) { position = v }
        if let v = try keyword("direction", Direction.self) { direction = v }
        if let v = try keyword("overflow", Overflow.self) { overflow = v }
        if let v = try keyword("boxSizing", BoxSizing.self) { boxSizing = v }
        if let v = try keyword("flexDirection", FlexDirection.self) { flexDirection = v }
        if let v = try keyword("flexWrap", FlexWrap.self) { flexWrap = v }
        /// An alignment: `[safe | unsafe] keyword`; `normal` (and `stretch` where CSS gives it no
        /// meaning) is the property's initial behaviour.
        func alignment<K: RawRepresentable & CaseIterable>(_ name: String, _ type: K.Type, _ safety: SafeAlignment,
                                                           normal: K, stretch: K? = nil) throws -> K? where K.RawValue == String {
            try reader.parse(name) { value throws(CSSValueError) in
                let (keyword, safe) = try Self.parseAlignment(value, K.self, normal: normal, stretch: stretch)
                if safe { safeAlignment.insert(safety) } else { safeAlignment.remove(safety) }
                return keyword
            }
        }
        if let v = try alignment("justifyContent", JustifyContent.self, .justifyContent, normal: .flexStart, stretch: .flexStart) { justifyContent = v }
        if let v = try alignment("alignItems", AlignItems.self, .alignItems, normal: .stretch) { alignItems = v }
        if let v = try alignment("alignContent", AlignContent.self, .alignContent, normal: .stretch) { alignContent = v }
        if let v = try keyword("justifyItems", JustifyItems.self) { justifyItems = v }
        if let v = try alignment("alignSelf", AlignSelf.self, .alignSelf, normal: .normal) { alignSelf = v }
        if let v = try keyword("justifySelf", JustifyItems.self) { justifySelf = v }

        if let gaps = try reader.parse("gap", Self.parseGap) { (rowGap, columnGap) = gaps }
        if let v = try length("rowGap", .padding) { rowGap = v }
        if let v = try length("columnGap", .padding) { columnGap = v }

        if let flex = try reader.parse("flex", Self.parseFlex) { (flexGrow, flexShrink, flexBasis) = flex }
        if let v = try reader.number("flexGrow", in: 0...Double.greatestFiniteMagnitude) { flexGrow = v }
        if let v = try reader.number("flexShrink", in: 0...Double.greatestFiniteMagnitude) { flexShrink = v }
        if let v = try reader.parse("flexBasis", { value throws(CSSValueError) in try Self.parseBasis(value.single(expected: "one flex basis")) }) { flexBasis = v }
        if let v = try reader.number("order", in: -1e9...1e9) {
            guard v == v.rounded() else {
                throw DecodingError.dataCorruptedError(forKey: StyleKey("order"), in: reader.container,
                                                       debugDescription: "\(CSSNumber.format(v)) is not an integer: order is a whole number")
            }
            order = Int(v)
        }

        if let v = try length("width", .size) { width = v }
        if let v = try length("height", .size) { height = v }
        if let v = try length("minWidth", .size) { minWidth = v }
        if let v = try length("minHeight", .size) { minHeight = v }
        if let v = try length("maxWidth", .maxSize) { maxWidth = v }
        if let v = try length("maxHeight", .maxSize) { maxHeight = v }
        if let v = try reader.parse("aspectRatio", Self.parseRatio) { aspectRatio = v }  // "auto" gives nil: none

        margin = try CSSBoxKeys.margin.decode(reader) { token throws(CSSValueError) in try CSSLength.parse(token, .margin) }
        padding = try CSSBoxKeys.padding.decode(reader) { token throws(CSSValueError) in try CSSLength.parse(token, .padding) }
        border = try CSSBoxKeys.border.decode(reader) { token throws(CSSValueError) in try CSSLength.points(token, .border) }
        inset = try CSSBoxKeys.inset.decode(reader) { token throws(CSSValueError) in try CSSLength.parse(token, .inset) }
    }

    /// Writes the properties that differ from their defaults, in a fixed order (the content hash
    /// digests keys in the order they are written).
    func encodeCSS(to c: inout KeyedEncodingContainer<StyleKey>) throws {
        let d = FlexStyle()
        func keyword<K: RawRepresentable & Equatable>(_ name: String, _ value: K, _ initial: K) throws where K.RawValue == String {
            if value != initial { try c.encode(value.rawValue, forKey: StyleKey(name)) }
        }
        func length(_ name: String, _ value: Length, _ initial: Length) throws {
            if value != initial { try CSSOutput.encode([CSSLength.output(value)], forKey: StyleKey(name), in: &c) }
        }
        func number(_ name: String, _ value: Double, _ initial: Double) throws {
            if value != initial { try CSSOutput.encode([.number(value)], forKey: StyleKey(name), in: &c) }
        }
        try keyword("display", display, d.display)
        try keyword("position", position, d.position)
        try keyword("direction", direction, d.direction)
        try keyword("overflow", overflow, d.overflow)
        try keyword("boxSizing", boxSizing, d.boxSizing)
        try keyword("flexDirection", flexDirection, d.flexDirection)
        try keyword("flexWrap", flexWrap, d.flexWrap)
        func alignment<K: RawRepresentable & Equatable>(_ name: String, _ value: K, _ initial: K, _ safety: SafeAlignment) throws where K.RawValue == String {
            let safe = safeAlignment.contains(safety)
            if value != initial || safe { try c.encode((safe ? "safe " : "") + value.rawValue, forKey: StyleKey(name)) }
        }
        try alignment("justifyContent", justifyContent, d.justifyContent, .justifyContent)
        try alignment("alignItems", alignItems, d.alignItems, .alignItems)
        try alignment("alignContent", alignContent, d.alignContent, .alignContent)
        try keyword("justifyItems", justifyItems, d.justifyItems)
        try alignment("alignSelf", alignSelf, d.alignSelf, .alignSelf)
        try keyword("justifySelf", justifySelf, d.justifySelf)
        if rowGap == columnGap, rowGap != d.rowGap {
            try length("gap", rowGap, d.rowGap)
        } else {
            try length("rowGap", rowGap, d.rowGap)
            try length("columnGap", columnGap, d.columnGap)
        }
        try number("flexGrow", flexGrow, d.flexGrow)
        try number("flexShrink", flexShrink, d.flexShrink)
        if flexBasis != d.flexBasis { try CSSOutput.encode([Self.output(flexBasis)], forKey: StyleKey("flexBasis"), in: &c) }
        if order != d.order { try CSSOutput.encode([.number(Double(order))], forKey: StyleKey("order"), in: &c) }
        try length("width", width, d.width)
        try length("height", height, d.height)
        try length("minWidth", minWidth, d.minWidth)
        try length("minHeight", minHeight, d.minHeight)
        try length("maxWidth", maxWidth, d.maxWidth)
        try length("maxHeight", maxHeight, d.maxHeight)
        if let aspectRatio { try CSSOutput.encode([.number(aspectRatio)], forKey: StyleKey("aspectRatio"), in: &c) }
        try CSSBoxKeys.margin.encode(margin, in: &c, CSSLength.output)
        try CSSBoxKeys.padding.encode(padding, in: &c, CSSLength.output)
        try CSSBoxKeys.border.encode(border, in: &c) { .number($0) }
        try CSSBoxKeys.inset.encode(inset, in: &c, CSSLength.output)
    }

    /// `gap`: one value for both gaps, or two (row gap, then column gap).
    static func parseGap(_ value: CSSValue) throws(CSSValueError) -> (Length, Length) {
        let tokens = value.tokens
        guard (1...2).contains(tokens.count) else {
            throw CSSValueError(message: "\(value) has \(tokens.count) values: expected 1 or 2 (row gap, column gap)")
        }
        let row = try CSSLength.parse(tokens[0], .padding)
        return (row, tokens.count == 2 ? try CSSLength.parse(tokens[1], .padding) : row)
    }

    /// `flex`: a number N (grow N, shrink 1, basis 0 %), `none` (0 0 auto), `auto` (1 1 auto),
    /// `initial` (0 1 auto), or CSS's `grow [shrink] [basis]` (basis 0 % when left out).
    static func parseFlex(_ value: CSSValue) throws(CSSValueError) -> (Double, Double, FlexBasis) {
        let tokens = value.tokens
        let expected = "expected a number, \"none\", \"auto\", \"initial\" or \"grow shrink basis\""
        if tokens.count == 1, let word = tokens[0].keyword, CSSNumber.parse(word[...]) == nil {
            switch word {
            case "none": return (0, 0, .auto)
            case "auto": return (1, 1, .auto)
            case "initial": return (0, 1, .auto)
            default: throw CSSValueError(message: "\(value) is not a flex value: \(expected)")
            }
        }
        guard (1...3).contains(tokens.count) else { throw CSSValueError(message: "\(value) is not a flex value: \(expected)") }
        let grow = try factor(tokens[0])
        var shrink = 1.0
        var basis = FlexBasis.percent(0)
        if tokens.count >= 2 {
            if tokens.count == 3 || (try? tokens[1].number()) != nil {
                shrink = try factor(tokens[1])
            } else {
                basis = try parseBasis(tokens[1])
            }
        }
        if tokens.count == 3 { basis = try parseBasis(tokens[2]) }
        return (grow, shrink, basis)
    }

    /// A flex factor: a finite number, 0 or more.
    private static func factor(_ token: CSSToken) throws(CSSValueError) -> Double {
        let number = try token.number()
        guard number >= 0 else { throw CSSValueError(message: "\(token) is negative: a flex factor must be 0 or more") }
        return number
    }

    /// `flexBasis`: `auto`, `content`, or a length or percentage, 0 or more.
    static func parseBasis(_ token: CSSToken) throws(CSSValueError) -> FlexBasis {
        if token.keyword == "content" { return .content }
        return FlexBasis(try CSSLength.parse(token, CSSLengthRule(auto: true, keywords: true)))
    }

    /// `flexBasis` as it is written.
    static func output(_ basis: FlexBasis) -> CSSOutput {
        switch basis {
        case .auto: .word("auto")
        case .content: .word("content")
        case .minContent: .word("min-content")
        case .maxContent: .word("max-content")
        case .fitContent: .word("fit-content")
        case .points(let points): CSSLength.output(.points(points))
        case .percent(let percent): CSSLength.output(.percent(percent))
        case .calc(let e): .word(e.cssText)
        }
    }

    /// An alignment value: one keyword of `K`, optionally after `safe` or `unsafe`; `normal` is
    /// `normal`, and `stretch` is `stretch` when given (justify-content's `stretch` acts as its
    /// initial value in a flex container). Returns the keyword and whether it is safe.
    static func parseAlignment<K: RawRepresentable & CaseIterable>(_ value: CSSValue, _: K.Type, normal: K, stretch: K?)
        throws(CSSValueError) -> (K, Bool) where K.RawValue == String {
        let accepted = K.allCases.map(\.rawValue) + ["normal"] + (stretch != nil ? ["stretch"] : [])
        let expected = "expected [safe | unsafe] and one of \(accepted.joined(separator: ", "))"
        var words = value.tokens.map(\.keyword)
        var safe = false
        if words.count == 2, words[0] == "safe" || words[0] == "unsafe" {
            safe = words[0] == "safe"
            words.removeFirst()
        }
        guard words.count == 1, let word = words[0] else { throw CSSValueError(message: "\(value) is not an alignment: \(expected)") }
        if word == "normal" { return (normal, safe) }
        if word == "stretch", let stretch { return (stretch, safe) }
        guard let keyword = K(rawValue: word) else { throw CSSValueError(message: "\(value) is not an alignment: \(expected)") }
        return (keyword, safe)
    }

    /// `aspectRatio`: a positive number, `"width / height"`, or `auto` (none).
    static func parseRatio(_ value: CSSValue) throws(CSSValueError) -> Double? {
        let expected = "expected a positive number, \"16 / 9\" or \"auto\""
        let ratio: Double
        switch value {
        case .number(let number):
            ratio = number
        case .string(let text):
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                .map { part in part.drop(while: \.isWhitespace) }
                .map { part in String(part[..<(part.lastIndex { !$0.isWhitespace }.map(part.index(after:)) ?? part.startIndex)]) }
            if parts.count == 1, parts[0].lowercased() == "auto" { return nil }
            guard (1...2).contains(parts.count),
                  let width = CSSNumber.parse(parts[0][...]),
                  let height = parts.count == 2 ? CSSNumber.parse(parts[1][...]) : 1 else {
                throw CSSValueError(message: "\(value) is not a ratio: \(expected)")
            }
            ratio = width / height
        }
        guard ratio.isFinite, ratio > 0 else { throw CSSValueError(message: "\(value) is not a positive finite ratio: \(expected)") }
        return ratio
    }
}
