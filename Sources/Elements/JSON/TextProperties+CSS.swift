internal import Flexbox
internal import Canvas

// The text half of a `style` object: the CSS text properties an element declares, read from
// their CSS values and written back canonically.

extension TextProperties {
    /// Every text key the `style` object accepts.
    static let cssKeys = [
        "color", "fontFamily", "fontSize", "fontWeight", "fontStyle", "fontFeatureSettings", "lineHeight", "letterSpacing",
        "wordSpacing", "textAlign", "textIndent", "textTransform", "textDecoration", "textDecorationLine", "textDecorationStyle",
        "textDecorationColor", "textDecorationThickness", "whiteSpace", "wordBreak", "overflowWrap", "wordWrap", "textOverflow",
        "lineClamp", "WebkitLineClamp", "continue", "textWrap", "tabSize", "textShadow", "WebkitTextStroke", "WebkitTextStrokeWidth",
        "WebkitTextStrokeColor",
    ]

    /// Reads the text properties of a `style` object; a longhand wins over its shorthand.
    init(css reader: StyleReader) throws {
        self.init()
        func css<T>(_ key: String, _ parse: @escaping ([CSSComponent]) throws(CSSValueError) -> T) throws -> T? {
            try reader.parse(key) { value throws(CSSValueError) in try parse(ElementStyle.components(value)) }
        }
        func keyword<K: RawRepresentable & CaseIterable>(_ key: String, _ type: K.Type) throws -> K? where K.RawValue == String {
            try reader.parse(key) { value throws(CSSValueError) in try CSSKeyword.parse(value, as: type) }
        }
        color = try css("color", CSSColorParser.required)
        fontFamily = try css("fontFamily", CSSTextGrammar.fontFamily)
        fontSize = try css("fontSize", CSSTextGrammar.fontSize)
        fontWeight = try css("fontWeight", CSSTextGrammar.fontWeight)
        fontStyle = try css("fontStyle", CSSTextGrammar.fontStyle)
        fontFeatureSettings = try css("fontFeatureSettings", CSSTextGrammar.fontFeatureSettings)
        lineHeight = try css("lineHeight", CSSTextGrammar.lineHeight)
        letterSpacing = try css("letterSpacing", CSSTextGrammar.spacing)
        wordSpacing = try css("wordSpacing", CSSTextGrammar.spacing)
        textAlign = try keyword("textAlign", TextAlign.self)
        textIndent = try css("textIndent", CSSTextGrammar.textIndent)
        textTransform = try keyword("textTransform", TextTransform.self)
        if let all = try css("textDecoration", CSSTextGrammar.textDecoration) {
            textDecorationLine = all.lines
            textDecorationStyle = all.style
            textDecorationColor = all.color
            textDecorationThickness = all.thickness
        }
        if let lines = try css("textDecorationLine", { (c: [CSSComponent]) throws(CSSValueError) -> TextDecorationLine in
            guard let lines = try CSSTextGrammar.decorationLine(CSSComponentParser.words(c)) else {
                throw CSSValueError(message: "\"\(c.map(\.description).joined())\" is not a decoration line: none, or underline, overline and line-through each at most once")
            }
            return lines
        }) { textDecorationLine = lines }
        if let style = try keyword("textDecorationStyle", TextDecorationStyle.self) { textDecorationStyle = style }
        if let color = try css("textDecorationColor", CSSColorParser.required) { textDecorationColor = color }
        if let thickness = try css("textDecorationThickness", { (c: [CSSComponent]) throws(CSSValueError) -> StyleLength? in
            guard let t = try CSSTextGrammar.decorationThickness(c.single()) else {
                throw CSSValueError(message: "\"\(c.map(\.description).joined())\" is not a decoration thickness: expected auto, from-font or a length")
            }
            return t
        }) { textDecorationThickness = thickness }
        whiteSpace = try reader.parse("whiteSpace") { value throws(CSSValueError) in
            if value.tokens.count == 1, value.tokens[0].keyword == "break-spaces" { return .preWrap }
            return try CSSKeyword.parse(value, as: WhiteSpace.self)
        }
        wordBreak = try keyword("wordBreak", WordBreak.self)
        overflowWrap = try keyword("wordWrap", OverflowWrap.self)
        if let wrap = try keyword("overflowWrap", OverflowWrap.self) { overflowWrap = wrap }
        textOverflow = try keyword("textOverflow", TextOverflow.self)
        lineClamp = try css("WebkitLineClamp", CSSTextGrammar.lineClamp)
        if let clamp = try css("lineClamp", CSSTextGrammar.lineClamp) { lineClamp = clamp }
        lineClampContinue = try keyword("continue", LineClampContinue.self)
        textWrap = try keyword("textWrap", TextWrap.self)
        tabSize = try css("tabSize", CSSTextGrammar.tabSize)
        textShadows = try css("textShadow", CSSTextGrammar.textShadows)
        if let stroke = try css("WebkitTextStroke", CSSTextGrammar.textStroke) {
            textStrokeWidth = stroke.width
            textStrokeColor = stroke.color
        }
        if let width = try css("WebkitTextStrokeWidth", { (c: [CSSComponent]) throws(CSSValueError) -> StyleLength in
            guard let w = try CSSTextGrammar.strokeWidth(c.single()) else { throw CSSValueError(message: "\"\(c.map(\.description).joined())\" is not a stroke width: expected a length, thin, medium or thick") }
            return w
        }) { textStrokeWidth = width }
        if let color = try css("WebkitTextStrokeColor", CSSColorParser.required) { textStrokeColor = color }
    }

    /// Writes the declared properties, in a fixed order.
    func encodeCSS(to c: inout KeyedEncodingContainer<StyleKey>) throws {
        func put(_ key: String, _ text: String?) throws { if let text { try c.encode(text, forKey: StyleKey(key)) } }
        try put("color", color?.cssText)
        try put("fontFamily", fontFamily.map { $0.map(Self.familyText).joined(separator: ", ") })
        try put("fontSize", fontSize?.cssText)
        try put("fontWeight", fontWeight?.cssText)
        try put("fontStyle", fontStyle?.rawValue)
        try put("fontFeatureSettings", fontFeatureSettings.map { $0.isEmpty ? "normal" : $0 })
        try put("lineHeight", lineHeight?.cssText)
        try put("letterSpacing", letterSpacing?.cssText)
        try put("wordSpacing", wordSpacing?.cssText)
        try put("textAlign", textAlign?.rawValue)
        try put("textIndent", textIndent?.cssText)
        try put("textTransform", textTransform?.rawValue)
        try put("textDecorationLine", textDecorationLine?.cssText)
        try put("textDecorationStyle", textDecorationStyle?.rawValue)
        try put("textDecorationColor", textDecorationColor?.cssText)
        try put("textDecorationThickness", textDecorationThickness?.cssText)
        try put("whiteSpace", whiteSpace?.rawValue)
        try put("wordBreak", wordBreak?.rawValue)
        try put("overflowWrap", overflowWrap?.rawValue)
        try put("textOverflow", textOverflow?.rawValue)
        if let lineClamp { try put("lineClamp", lineClamp == 0 ? "none" : String(lineClamp)) }
        try put("continue", lineClampContinue?.rawValue)
        try put("textWrap", textWrap?.rawValue)
        switch tabSize {
        case .spaces(let n)?: try put("tabSize", CSSNumber.format(n))
        case .length(let l)?: try put("tabSize", l.cssText)
        case nil: break
        }
        if let textShadows {
            try put("textShadow", textShadows.isEmpty ? "none" : textShadows.map(\.cssText).joined(separator: ", "))
        }
        try put("WebkitTextStrokeWidth", textStrokeWidth?.cssText)
        try put("WebkitTextStrokeColor", textStrokeColor?.cssText)
    }

    /// A family name as CSS: generic names bare, others quoted.
    private static func familyText(_ name: String) -> String {
        if CSSTextGrammar.genericFamilies.contains(name) { return name }
        var quoted = "\""
        for character in name {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}

extension FontWeightValue {
    /// The weight as CSS.
    var cssText: String {
        switch self {
        case .weight(let w): String(w)
        case .bolder: "bolder"
        case .lighter: "lighter"
        }
    }
}

extension LineHeight {
    /// The line height as CSS.
    var cssText: String {
        switch self {
        case .normal: "normal"
        case .multiple(let n): CSSNumber.format(n)
        case .length(let l): l.cssText
        }
    }
}

extension TextDecorationLine {
    /// The lines as CSS.
    var cssText: String {
        if isEmpty { return "none" }
        return [(TextDecorationLine.underline, "underline"), (.overline, "overline"), (.lineThrough, "line-through")]
            .filter { contains($0.0) }.map(\.1).joined(separator: " ")
    }
}

extension TextShadow {
    /// The shadow as CSS.
    var cssText: String { [x.cssText, y.cssText, blur.cssText, color.cssText].joined(separator: " ") }
}
