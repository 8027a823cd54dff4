#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Canvas

// The JSON form of an element (schema version 1). Every key but "type" is optional and takes its
// default when missing; keys at their default are left out when encoding, and the encoding with
// sorted keys is the canonical form that `contentHash` digests.
//
//     {
//       "type": "view" | "stack" | "image" | "text" | "gradient" | "custom",
//       "frame": {"x": 0, "y": 0, "width": 375, "height": 211},
//       "layout": {"width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight",
//                  "grow", "shrink", "padding": {"top", "left", "bottom", "right"}},
//       "style": {"background": "#RRGGBB[AA]", "cornerRadius": 12 | {"topLeft", ...},
//                 "border": {"width", "color"}, "shadow": {"offset": {"width", "height"},
//                 "radius", "color"}, "opacity", "clipsToBounds", "hidden"},
//       "stack": {"axis": "horizontal" | "vertical" | "overlay", "spacing", "alignment"},
//       "image": {"source": {"named": "cover"} | {"base64": "…"}, "contentMode": "aspectFill", "blur": 8},
//       "text": {"text": "…" | {"segments": […]}, "style": {TextStyle}, "maxLines",
//                "lineBreakMode", "truncation"},
//       "gradient": {"kind": "linear" | "radial", "stops": [{"location", "color"}],
//                    "start": {"x", "y"}, "end": {"x", "y"}, "center": {"x", "y"}, "radius"},
//       "custom": {"type": "avatarBadge", "value": {…}},
//       "children": [ … ]
//     }

extension Element: Codable {
    private enum Keys: String, CodingKey {
        case type, frame, layout, style, stack, image, text, gradient, custom, children
    }

    /// Decodes an element from its JSON form (see the JSON schema reference).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        let kind: Kind
        switch type {
        case "view": kind = .view
        case "stack": kind = .stack(try c.decodeIfPresent(StackLayout.self, forKey: .stack) ?? StackLayout(axis: .vertical))
        case "image": kind = .image(try c.decode(ImageContent.self, forKey: .image))
        case "text": kind = .text(try c.decode(TextContent.self, forKey: .text))
        case "gradient": kind = .gradient(try c.decode(GradientContent.self, forKey: .gradient))
        case "custom": kind = .custom(try c.decode(AnyCustomElement.self, forKey: .custom))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c,
                debugDescription: "\"\(type)\" is not an element type: expected view, stack, image, text, gradient or custom")
        }
        self.init(
            kind,
            frame: try c.decodeIfPresent(FrameJSON.self, forKey: .frame)?.rect,
            layout: try c.decodeIfPresent(LayoutProperties.self, forKey: .layout) ?? LayoutProperties(),
            style: try c.decodeIfPresent(ElementStyle.self, forKey: .style) ?? ElementStyle(),
            children: try c.decodeIfPresent([Element].self, forKey: .children) ?? []
        )
    }

    /// Encodes the element in its JSON form, leaving out keys at their defaults.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch kind {
        case .view: try c.encode("view", forKey: .type)
        case .stack(let stack): try c.encode("stack", forKey: .type); try c.encode(stack, forKey: .stack)
        case .image(let image): try c.encode("image", forKey: .type); try c.encode(image, forKey: .image)
        case .text(let text): try c.encode("text", forKey: .type); try c.encode(text, forKey: .text)
        case .gradient(let gradient): try c.encode("gradient", forKey: .type); try c.encode(gradient, forKey: .gradient)
        case .custom(let custom): try c.encode("custom", forKey: .type); try c.encode(custom, forKey: .custom)
        }
        try c.encodeIfPresent(frame.map(FrameJSON.init), forKey: .frame)
        if layout != LayoutProperties() { try c.encode(layout, forKey: .layout) }
        if style != ElementStyle() { try c.encode(style, forKey: .style) }
        if !children.isEmpty { try c.encode(children, forKey: .children) }
    }
}

/// A frame as flat `{"x", "y", "width", "height"}`.
private struct FrameJSON: Codable {
    var x: Double, y: Double, width: Double, height: Double
    init(_ rect: Rect) { (x, y, width, height) = (rect.minX, rect.minY, rect.width, rect.height) }
    var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
}

extension LayoutProperties: Codable {
    private enum Keys: String, CodingKey {
        case width, height, minWidth, maxWidth, minHeight, maxHeight, grow, shrink, padding
    }

    /// Decodes layout properties; missing keys take their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let d = LayoutProperties()
        self.init(
            width: try c.decodeIfPresent(Double.self, forKey: .width),
            height: try c.decodeIfPresent(Double.self, forKey: .height),
            minWidth: try c.decodeIfPresent(Double.self, forKey: .minWidth),
            maxWidth: try c.decodeIfPresent(Double.self, forKey: .maxWidth),
            minHeight: try c.decodeIfPresent(Double.self, forKey: .minHeight),
            maxHeight: try c.decodeIfPresent(Double.self, forKey: .maxHeight),
            grow: try c.decodeIfPresent(Double.self, forKey: .grow) ?? d.grow,
            shrink: try c.decodeIfPresent(Double.self, forKey: .shrink) ?? d.shrink,
            padding: try c.decodeIfPresent(EdgeInsets.self, forKey: .padding) ?? d.padding
        )
    }

    /// Encodes the properties that differ from their defaults.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encodeIfPresent(width, forKey: .width)
        try c.encodeIfPresent(height, forKey: .height)
        try c.encodeIfPresent(minWidth, forKey: .minWidth)
        try c.encodeIfPresent(maxWidth, forKey: .maxWidth)
        try c.encodeIfPresent(minHeight, forKey: .minHeight)
        try c.encodeIfPresent(maxHeight, forKey: .maxHeight)
        if grow != 0 { try c.encode(grow, forKey: .grow) }
        if shrink != 1 { try c.encode(shrink, forKey: .shrink) }
        if padding != .zero { try c.encode(padding, forKey: .padding) }
    }
}

extension ElementStyle: Codable {
    private enum Keys: String, CodingKey {
        case background, cornerRadius, border, shadow, opacity, clipsToBounds, hidden
    }

    /// Decodes a style; missing keys take their defaults. `cornerRadius` is a number (all
    /// corners) or an object with `topLeft`, `topRight`, `bottomRight`, `bottomLeft`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        var radii = CornerRadii.zero
        if c.contains(.cornerRadius) {
            if let all = try? c.decode(Double.self, forKey: .cornerRadius) {
                radii = CornerRadii(all: all)
            } else {
                radii = try c.decode(CornerRadiiJSON.self, forKey: .cornerRadius).radii
            }
        }
        self.init(
            background: try c.decodeIfPresent(Color.self, forKey: .background),
            cornerRadii: radii,
            border: try c.decodeIfPresent(Border.self, forKey: .border),
            shadow: try c.decodeIfPresent(Shadow.self, forKey: .shadow),
            opacity: try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1,
            clipsToBounds: try c.decodeIfPresent(Bool.self, forKey: .clipsToBounds) ?? false,
            isHidden: try c.decodeIfPresent(Bool.self, forKey: .hidden) ?? false
        )
    }

    /// Encodes the properties that differ from their defaults.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encodeIfPresent(background, forKey: .background)
        let r = cornerRadii
        if r.topLeft == r.topRight, r.topLeft == r.bottomRight, r.topLeft == r.bottomLeft {
            if r.topLeft != 0 { try c.encode(r.topLeft, forKey: .cornerRadius) }
        } else {
            try c.encode(CornerRadiiJSON(radii: r), forKey: .cornerRadius)
        }
        try c.encodeIfPresent(border, forKey: .border)
        try c.encodeIfPresent(shadow, forKey: .shadow)
        if opacity != 1 { try c.encode(opacity, forKey: .opacity) }
        if clipsToBounds { try c.encode(true, forKey: .clipsToBounds) }
        if isHidden { try c.encode(true, forKey: .hidden) }
    }
}

/// Per-corner radii; missing corners are 0.
private struct CornerRadiiJSON: Codable {
    var radii: CornerRadii
    init(radii: CornerRadii) { self.radii = radii }
    private enum Keys: String, CodingKey { case topLeft, topRight, bottomRight, bottomLeft }
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        radii = CornerRadii(
            topLeft: try c.decodeIfPresent(Double.self, forKey: .topLeft) ?? 0,
            topRight: try c.decodeIfPresent(Double.self, forKey: .topRight) ?? 0,
            bottomRight: try c.decodeIfPresent(Double.self, forKey: .bottomRight) ?? 0,
            bottomLeft: try c.decodeIfPresent(Double.self, forKey: .bottomLeft) ?? 0)
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(radii.topLeft, forKey: .topLeft)
        try c.encode(radii.topRight, forKey: .topRight)
        try c.encode(radii.bottomRight, forKey: .bottomRight)
        try c.encode(radii.bottomLeft, forKey: .bottomLeft)
    }
}
