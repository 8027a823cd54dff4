#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Canvas

extension TextContent: Codable {
    private enum Keys: String, CodingKey { case text, style, maxLines, lineBreakMode, truncation, wrapsLines, balancesLines, inlineBoxes, outsideMarker }

    /// Decodes text content; `text` is a string or an attributed text, the rest is optional. A
    /// `style` object is the earlier versions' own style of the text (its missing keys at their
    /// defaults, 15 pt); without one the text is styled by CSS text properties.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let text: AttributedText
        var runs: [InlineRun] = []
        if let plain = try? c.decode(String.self, forKey: .text) {
            text = AttributedText(plain)
        } else if var list = try? c.nestedUnkeyedContainer(forKey: .text) {
            // An array is a paragraph of CSS runs.
            while !list.isAtEnd {
                guard runs.count < TextContent.maxRuns else {
                    throw DecodingError.dataCorruptedError(in: list, debugDescription: "more than \(TextContent.maxRuns) runs in one text")
                }
                runs.append(try list.decode(InlineRunJSON.self).run)
            }
            text = AttributedText(segments: [])
        } else {
            text = try c.decode(AttributedText.self, forKey: .text)
        }
        let d = TextLayoutOptions()
        self.init(
            text,
            style: try c.decodeIfPresent(TextStyle.self, forKey: .style),
            maxLines: try c.decodeIfPresent(Int.self, forKey: .maxLines) ?? 0,
            lineBreakMode: try c.decodeIfPresent(LineBreakMode.self, forKey: .lineBreakMode) ?? d.lineBreakMode,
            truncation: try c.decodeIfPresent(TextTruncation.self, forKey: .truncation) ?? d.truncation,
            wrapsLines: try c.decodeIfPresent(Bool.self, forKey: .wrapsLines) ?? true,
            balancesLines: try c.decodeIfPresent(Bool.self, forKey: .balancesLines) ?? false
        )
        self.runs = runs
        inlineBoxes = try c.decodeIfPresent([InlineBoxPaint].self, forKey: .inlineBoxes) ?? []
        isOutsideMarker = try c.decodeIfPresent(Bool.self, forKey: .outsideMarker) ?? false
        guard inlineBoxes.count <= TextContent.maxRuns, inlineBoxes.allSatisfy({ $0.isWellFormed }) else {
            throw DecodingError.dataCorruptedError(forKey: .inlineBoxes, in: c, debugDescription: "inline boxes: four sides, eight radii, finite sizes")
        }
    }

    /// Encodes the text (a plain string when it has one unstyled segment) and its options; the
    /// style and the options only where a text has them.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        if !runs.isEmpty {
            try c.encode(runs.map(InlineRunJSON.init), forKey: .text)
        } else if text == AttributedText(text.string) {
            try c.encode(text.string, forKey: .text)
        } else {
            try c.encode(text, forKey: .text)
        }
        try c.encodeIfPresent(style, forKey: .style)
        if maxLines != 0 { try c.encode(maxLines, forKey: .maxLines) }
        if style != nil || lineBreakMode != TextLayoutOptions().lineBreakMode { try c.encode(lineBreakMode, forKey: .lineBreakMode) }
        if style != nil || truncation != TextLayoutOptions().truncation { try c.encode(truncation, forKey: .truncation) }
        if !wrapsLines { try c.encode(false, forKey: .wrapsLines) }
        if balancesLines { try c.encode(true, forKey: .balancesLines) }
        if !inlineBoxes.isEmpty { try c.encode(inlineBoxes, forKey: .inlineBoxes) }
        if isOutsideMarker { try c.encode(true, forKey: .outsideMarker) }
    }
}

extension ImageContent: Codable {
    private enum Keys: String, CodingKey { case source, contentMode, blur, placeholder }

    /// Decodes image content; `contentMode` defaults to `aspectFill`, `blur` (the blur radius in
    /// points, σ as in CSS `filter: blur()`) to 0, `placeholder` (`"none"` or a CSS colour) to none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let blur = try c.decodeIfPresent(Double.self, forKey: .blur) ?? 0
        guard blur.isFinite, blur >= 0, blur <= Bitmap.maxBlurRadius else {
            throw DecodingError.dataCorruptedError(forKey: .blur, in: c,
                debugDescription: "blur radius \(blur) is not a number in 0...\(Bitmap.maxBlurRadius)")
        }
        self.init(try c.decode(ImageSource.self, forKey: .source),
                  contentMode: try c.decodeIfPresent(ContentMode.self, forKey: .contentMode) ?? .aspectFill,
                  blurRadius: blur,
                  placeholder: try c.decodeIfPresent(ImagePlaceholder.self, forKey: .placeholder))
    }

    /// Encodes the source and the content mode, the blur radius unless it is 0, the placeholder
    /// when there is one.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(source, forKey: .source)
        try c.encode(contentMode, forKey: .contentMode)
        if blurRadius != 0 { try c.encode(blurRadius, forKey: .blur) }
        try c.encodeIfPresent(placeholder, forKey: .placeholder)
    }
}

extension ImagePlaceholder: Codable {
    /// Decodes `"none"` or a CSS colour string (`"#E5E7EB"`, `"rgb(229 231 235)"`, `"currentColor"`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        do {
            let components = try CSSComponentParser.parse(text)
            if components.count == 1, components[0].keyword == "none" {
                self = .none
                return
            }
            self = .color(try CSSColorParser.parse(text))
        } catch {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "image placeholder: expected \"none\" or a colour: \(error.message)")
        }
    }

    /// Encodes `"none"` or the colour as CSS.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .none: try c.encode("none")
        case .color(let color): try c.encode(color.cssText)
        }
    }
}

extension ImageSource: Codable {
    private enum Keys: String, CodingKey { case named, base64, bitmap }
    private enum BitmapKeys: String, CodingKey { case width, height, scale, digest }

    /// Decodes `{"named": "…"}` or `{"base64": "…"}`. A bitmap has no JSON form to decode.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        if let name = try c.decodeIfPresent(String.self, forKey: .named) {
            self = .named(name)
        } else if let text = try c.decodeIfPresent(String.self, forKey: .base64) {
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(forKey: .base64, in: c, debugDescription: "expected base64 image bytes")
            }
            self = .encoded([UInt8](data))
        } else if c.contains(.bitmap) {
            throw DecodingError.dataCorruptedError(forKey: .bitmap, in: c,
                debugDescription: "an in-memory bitmap cannot be decoded from JSON: use \"named\" or \"base64\"")
        } else {
            throw DecodingError.keyNotFound(Keys.named, .init(codingPath: c.codingPath,
                debugDescription: "expected \"named\" or \"base64\""))
        }
    }

    /// Encodes a name, base64 bytes, or (for a bitmap) its size, scale and pixel digest.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .named(let name): try c.encode(name, forKey: .named)
        case .encoded(let bytes): try c.encode(RawBytesEncoding(bytes: bytes), forKey: .base64)
        case .bitmap(let image):
            var b = c.nestedContainer(keyedBy: BitmapKeys.self, forKey: .bitmap)
            try b.encode(image.bitmap.width, forKey: .width)
            try b.encode(image.bitmap.height, forKey: .height)
            try b.encode(image.bitmap.scale, forKey: .scale)
            try b.encode(image.digest.description, forKey: .digest)
        }
    }
}

extension GradientContent: Codable {
    private enum Keys: String, CodingKey { case kind, stops, start, end, center, radius }

    /// Decodes a gradient; `kind` is `linear` (default; `start` and `end` default to top and
    /// bottom centre) or `radial` (`center` defaults to the middle, `radius` to 0.5).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let gradient = Gradient(stops: try c.decode([Gradient.Stop].self, forKey: .stops))
        switch try c.decodeIfPresent(String.self, forKey: .kind) ?? "linear" {
        case "linear":
            self = .linear(gradient,
                           start: try c.decodeIfPresent(Point.self, forKey: .start) ?? Point(x: 0.5, y: 0),
                           end: try c.decodeIfPresent(Point.self, forKey: .end) ?? Point(x: 0.5, y: 1))
        case "radial":
            self = .radial(gradient,
                           center: try c.decodeIfPresent(Point.self, forKey: .center) ?? Point(x: 0.5, y: 0.5),
                           radius: try c.decodeIfPresent(Double.self, forKey: .radius) ?? 0.5)
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c,
                debugDescription: "\"\(other)\" is not a gradient kind: expected linear or radial")
        }
    }

    /// Encodes the gradient with every key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .linear(let gradient, let start, let end):
            try c.encode("linear", forKey: .kind)
            try c.encode(gradient.stops, forKey: .stops)
            try c.encode(start, forKey: .start)
            try c.encode(end, forKey: .end)
        case .radial(let gradient, let center, let radius):
            try c.encode("radial", forKey: .kind)
            try c.encode(gradient.stops, forKey: .stops)
            try c.encode(center, forKey: .center)
            try c.encode(radius, forKey: .radius)
        }
    }
}

/// The custom element types a decoder may create, by ``CustomElement/typeName``.
public struct CustomElementRegistry: Sendable {
    let types: [String: any CustomElement.Type]

    /// A registry of `types`.
    public init(_ types: [any CustomElement.Type]) {
        var table: [String: any CustomElement.Type] = [:]
        for type in types { table[type.typeName] = type }
        self.types = table
    }

    /// The `userInfo` key a decoder looks the registry up under.
    static let userInfoKey = CodingUserInfoKey(rawValue: "AsyncLayerKit.CustomElementRegistry")!
}

extension AnyCustomElement: Codable {
    private enum Keys: String, CodingKey { case type, value }

    /// Decodes `{"type": name, "value": …}` with a type from the decoder's registry.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let name = try c.decode(String.self, forKey: .type)
        guard let registry = decoder.userInfo[CustomElementRegistry.userInfoKey] as? CustomElementRegistry,
              let type = registry.types[name] else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: c,
                debugDescription: "custom element type \"\(name)\" is not registered with the decoder")
        }
        func open<T: CustomElement>(_ type: T.Type) throws -> AnyCustomElement {
            AnyCustomElement(try c.decode(T.self, forKey: .value))
        }
        self = try open(type)
    }

    /// Encodes the type name and the value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(typeName, forKey: .type)
        try c.encode(base, forKey: .value)
    }
}
