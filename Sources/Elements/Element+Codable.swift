#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Canvas
internal import Flexbox

// The JSON form of an element (schema version 2; version 1 is read by `ElementV1`). Every key
// but "type" is optional and takes its default when missing; properties at their default are
// left out when encoding, and the encoding with sorted keys is the canonical form that
// `contentHash` digests.
//
//     {
//       "type": "view" | "image" | "text" | "gradient" | "custom",
//       "style": {CSS properties, camelCase: "display", "flexDirection", "width": "50%",
//                 "margin": "8 auto", "backgroundColor": "#RRGGBB[AA]", "borderRadius": 12, …},
//       "image": {"source": {"named": "cover"} | {"base64": "…"}, "contentMode": "aspectFill", "blur": 8,
//                 "placeholder": "none" | "<CSS colour>"},
//       "text": {"text": "…" | {"segments": […]}, "style": {TextStyle}, "maxLines",
//                "lineBreakMode", "truncation"},
//       "gradient": {"kind": "linear" | "radial", "stops": [{"location", "color"}],
//                    "start": {"x", "y"}, "end": {"x", "y"}, "center": {"x", "y"}, "radius"},
//       "custom": {"type": "avatarBadge", "value": {…}},
//       "children": [ … ]
//     }

extension Element: Codable {
    private enum Keys: String, CodingKey, CaseIterable {
        case type, style, image, text, gradient, custom, children
    }

    /// Decodes an element from its schema-2 JSON form (see the JSON schema reference).
    public init(from decoder: any Decoder) throws {
        try DecodingBudget.spend(DecodingBudget.elements, of: decoder)
        try Self.refuseUnknownKeys(decoder)
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        // Custom properties first: they apply to this element's content and its children too.
        let css = c.contains(.style) ? try c.nestedContainer(keyedBy: StyleKey.self, forKey: .style) : nil
        let variables = try css.map(StyleReader.scope) ?? CSSVariables.inherited
        let parts = variables == CSSVariables.inherited
            ? try Self.decodeParts(c, type: type, css: css, variables: variables)
            : try CSSVariables.$inherited.withValue(variables) { try Self.decodeParts(c, type: type, css: css, variables: variables) }
        self.init(parts.kind, layout: parts.layout, style: parts.style, children: parts.children)
    }

    /// What an element is made of, decoded with `variables` in scope.
    private static func decodeParts(_ c: KeyedDecodingContainer<Keys>, type: String, css: KeyedDecodingContainer<StyleKey>?,
                                    variables: CSSVariables) throws -> (kind: Kind, layout: FlexStyle, style: ElementStyle, children: [Element]) {
        let kind: Kind
        switch type {
        case "view": kind = .view
        case "image": kind = .image(try c.decode(ImageContent.self, forKey: .image))
        case "text": kind = .text(try c.decode(TextContent.self, forKey: .text))
        case "gradient": kind = .gradient(try c.decode(GradientContent.self, forKey: .gradient))
        case "custom": kind = .custom(try c.decode(AnyCustomElement.self, forKey: .custom))
        case "stack":
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c,
                debugDescription: "\"stack\" is a version 1 type: in version 2 a stack is a \"view\" with style flexDirection row or column, or display overlay")
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c,
                debugDescription: "\"\(type)\" is not an element type: expected view, image, text, gradient or custom")
        }
        var layout = FlexStyle()
        var style = ElementStyle()
        if let css {
            try StyleKeyCheck.check(css)
            let reader = StyleReader(container: css, variables: variables)
            layout = try FlexStyle(css: reader)
            style = try ElementStyle(css: reader, layout: &layout)
        }
        return (kind, layout, style, try c.decodeIfPresent([Element].self, forKey: .children) ?? [])
    }

    /// Encodes the element in its schema-2 JSON form, leaving out properties at their defaults.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch kind {
        case .view: try c.encode("view", forKey: .type)
        case .image(let image): try c.encode("image", forKey: .type); try c.encode(image, forKey: .image)
        case .text(let text): try c.encode("text", forKey: .type); try c.encode(text, forKey: .text)
        case .gradient(let gradient): try c.encode("gradient", forKey: .type); try c.encode(gradient, forKey: .gradient)
        case .custom(let custom): try c.encode("custom", forKey: .type); try c.encode(custom, forKey: .custom)
        }
        if layout != FlexStyle() || style != ElementStyle() {
            try c.encode(CSSStyleObject(layout: layout, paint: style), forKey: .style)
        }
        if !children.isEmpty { try c.encode(children, forKey: .children) }
    }

    /// Refuses a key an element does not have (a version 1 `frame`, `layout` or `stack`, a typo),
    /// rather than dropping it silently.
    private static func refuseUnknownKeys(_ decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: StyleKey.self)
        let known = Set(Keys.allCases.map(\.rawValue))
        guard let key = all.allKeys.map(\.stringValue).filter({ !known.contains($0) }).sorted().first else { return }
        let hint = switch key {
        case "frame": ": version 1 key; in version 2 write style position absolute with left, top, width and height"
        case "layout": ": version 1 key; in version 2 the layout properties are CSS properties in style"
        case "stack": ": version 1 key; in version 2 write style flexDirection, gap, alignItems and justifyContent"
        default: ""
        }
        throw DecodingError.dataCorruptedError(forKey: StyleKey(key), in: all, debugDescription: "unknown element key\(hint)")
    }
}

/// The `style` object written as a value of its own (not a nested container), so every encoder
/// has `style` on the coding path of a value it refuses (`children[0].style.opacity`).
private struct CSSStyleObject: Encodable {
    let layout: FlexStyle
    let paint: ElementStyle

    func encode(to encoder: any Encoder) throws {
        var css = encoder.container(keyedBy: StyleKey.self)
        try layout.encodeCSS(to: &css)
        try paint.encodeCSS(to: &css)
    }
}
