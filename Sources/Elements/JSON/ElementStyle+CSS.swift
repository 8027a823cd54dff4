internal import Canvas

// The paint half of a schema-2 `style` object: backgroundColor, borderColor, borderRadius (and
// its four corner longhands), boxShadow, opacity, zIndex, visibility.

extension ElementStyle {
    /// The corner longhands, in CSS order: top-left, top-right, bottom-right, bottom-left.
    static let radiusKeys = ["borderTopLeftRadius", "borderTopRightRadius", "borderBottomRightRadius", "borderBottomLeftRadius"]

    /// Every paint key the `style` object accepts.
    static let cssKeys: [String] = ["backgroundColor", "borderColor", "borderRadius"] + radiusKeys
        + ["boxShadow", "opacity", "zIndex", "visibility"]

    /// Reads the paint properties of a `style` object; keys it does not know are left alone.
    init(css reader: StyleReader) throws {
        self.init()
        background = try reader.decode(Color.self, "backgroundColor")
        borderColor = try reader.decode(Color.self, "borderColor")
        var corners = [0.0, 0, 0, 0]
        if let values = try reader.parse("borderRadius", { (value: CSSValue) throws(CSSValueError) -> [Double] in
            let tokens = value.tokens
            guard (1...4).contains(tokens.count) else {
                throw CSSValueError(message: "\(value) has \(tokens.count) values: expected 1 to 4 (top-left, top-right, bottom-right, bottom-left)")
            }
            return try tokens.map { token throws(CSSValueError) in try CSSLength.points(token, .border) }
        }) {
            let (tl, tr, br, bl) = CSSBoxKeys.expand(values)
            corners = [tl, tr, br, bl]
        }
        for (index, key) in Self.radiusKeys.enumerated() {
            if let radius = try reader.parse(key, { value throws(CSSValueError) in try CSSLength.points(value.single(expected: "one radius"), .border) }) {
                corners[index] = radius
            }
        }
        cornerRadii = CornerRadii(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
        shadow = try reader.decode(Shadow.self, "boxShadow")
        if let value = try reader.parse("opacity", Self.parseOpacity) { opacity = value }
        if let value = try reader.parse("zIndex", Self.parseZIndex) { zIndex = value }
        if let value = try reader.parse("visibility", { value throws(CSSValueError) in try CSSKeyword.parse(value, as: Visibility.self) }) {
            isHidden = value == .hidden
        }
    }

    /// Writes the properties that differ from their defaults, in a fixed order.
    func encodeCSS(to c: inout KeyedEncodingContainer<StyleKey>) throws {
        try c.encodeIfPresent(background, forKey: StyleKey("backgroundColor"))
        try c.encodeIfPresent(borderColor, forKey: StyleKey("borderColor"))
        let r = cornerRadii
        if r != .zero {
            let values = CSSBoxKeys.compact([r.topLeft, r.topRight, r.bottomRight, r.bottomLeft])
            try CSSOutput.encode(values.map { .number($0) }, forKey: StyleKey("borderRadius"), in: &c)
        }
        try c.encodeIfPresent(shadow, forKey: StyleKey("boxShadow"))
        if opacity != 1 { try CSSOutput.encode([.number(opacity)], forKey: StyleKey("opacity"), in: &c) }
        if zIndex != 0 { try c.encode(zIndex, forKey: StyleKey("zIndex")) }
        if isHidden { try c.encode(Visibility.hidden.rawValue, forKey: StyleKey("visibility")) }
    }

    /// `opacity`: a number in 0...1 or a percentage in 0%...100%.
    static func parseOpacity(_ value: CSSValue) throws(CSSValueError) -> Double {
        let token = try value.single(expected: "one opacity")
        let opacity: Double
        if let word = token.keyword, word.hasSuffix("%") {
            guard let percent = CSSNumber.parse(word.dropLast()) else { throw CSSValueError(message: "\(value) is not an opacity: expected a number in 0...1 or a percentage") }
            opacity = percent / 100
        } else {
            opacity = try token.number()
        }
        guard opacity.isFinite, (0...1).contains(opacity) else {
            throw CSSValueError(message: "\(value) is out of range: expected a number in 0...1 or a percentage in 0%...100%")
        }
        return opacity
    }

    /// `zIndex`: an integer (negative allowed) within ±2^31, or `auto` (0).
    static func parseZIndex(_ value: CSSValue) throws(CSSValueError) -> Int {
        let token = try value.single(expected: "one integer")
        if token.keyword == "auto" { return 0 }
        let number = try token.number()
        guard number == number.rounded(), abs(number) <= Double(Int32.max) else {
            throw CSSValueError(message: "\(value) is not an integer in \(Int32.min)...\(Int32.max)")
        }
        return Int(number)
    }
}

/// CSS `visibility`, as the JSON spells it.
enum Visibility: String, CaseIterable {
    /// Drawn.
    case visible
    /// Not drawn; still laid out.
    case hidden
}
