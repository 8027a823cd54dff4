#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Canvas

// INTERIM (helper C's model change; helper C2 replaces this file with schema version 2).
// Decoding reads schema version 1 and maps it onto the flexbox model the way the Swift sugar does
// ("stack" → vstack/hstack/overlay, "view" → an overlay box, "frame" → absolute, border width →
// layout.border). Encoding writes version 1 keys for the kind and content, and the layout and
// style as their descriptions (enough for the content hash; not decodable).

extension Element: Codable {
    private enum Keys: String, CodingKey {
        case type, frame, layout, style, stack, image, text, gradient, custom, children, flex, paint
    }

    /// Decodes an element from its JSON form (schema version 1, interim).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        let children = try c.decodeIfPresent([Element].self, forKey: .children) ?? []
        switch type {
        case "view": self = .view(children: children)
        case "stack":
            let stack = try c.decodeIfPresent(StackJSON.self, forKey: .stack) ?? StackJSON()
            switch stack.axis {
            case "horizontal": self = .hstack(spacing: stack.spacing ?? 0, alignment: stack.alignment ?? .stretch, justification: stack.justification ?? .start, children: children)
            case "overlay": self = .overlay(alignment: stack.alignment ?? .stretch, children: children)
            default: self = .vstack(spacing: stack.spacing ?? 0, alignment: stack.alignment ?? .stretch, justification: stack.justification ?? .start, children: children)
            }
        case "image": self = Element(.image(try c.decode(ImageContent.self, forKey: .image)), children: children)
        case "text": self = Element(.text(try c.decode(TextContent.self, forKey: .text)), children: children)
        case "gradient": self = Element(.gradient(try c.decode(GradientContent.self, forKey: .gradient)), children: children)
        case "custom": self = Element(.custom(try c.decode(AnyCustomElement.self, forKey: .custom)), children: children)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c,
                debugDescription: "\"\(type)\" is not an element type: expected view, stack, image, text, gradient or custom")
        }
        if let l = try c.decodeIfPresent(LayoutV1.self, forKey: .layout) {
            if let v = l.width { layout.width = .points(v) }
            if let v = l.height { layout.height = .points(v) }
            if let v = l.minWidth { layout.minWidth = .points(v) }
            if let v = l.maxWidth { layout.maxWidth = .points(v) }
            if let v = l.minHeight { layout.minHeight = .points(v) }
            if let v = l.maxHeight { layout.maxHeight = .points(v) }
            if let v = l.grow { layout.flexGrow = v }
            if let v = l.shrink { layout.flexShrink = v }
            if let v = l.padding { layout.padding = Edges(v) }
        }
        if let s = try c.decodeIfPresent(StyleV1.self, forKey: .style) {
            style.background = s.background
            if let all = s.cornerRadius { style.cornerRadii = CornerRadii(all: all) }
            if let r = s.cornerRadii { style.cornerRadii = r.radii }
            if let border = s.border {
                layout.border = Edges(all: border.width)
                style.borderColor = border.color
            }
            style.shadow = s.shadow
            style.opacity = s.opacity ?? 1
            if s.clipsToBounds == true { layout.overflow = .hidden }
            style.isHidden = s.hidden ?? false
        }
        if let frame = try c.decodeIfPresent(FrameJSON.self, forKey: .frame) {
            layout = Element.absolute(layout, frame: frame.rect)
        }
    }

    /// Encodes the element (interim: see the note at the top of the file).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch kind {
        case .view: try c.encode("view", forKey: .type)
        case .image(let image): try c.encode("image", forKey: .type); try c.encode(image, forKey: .image)
        case .text(let text): try c.encode("text", forKey: .type); try c.encode(text, forKey: .text)
        case .gradient(let gradient): try c.encode("gradient", forKey: .type); try c.encode(gradient, forKey: .gradient)
        case .custom(let custom): try c.encode("custom", forKey: .type); try c.encode(custom, forKey: .custom)
        }
        if layout != FlexStyle() { try c.encode(String(describing: layout), forKey: .flex) }
        if style != ElementStyle() { try c.encode(String(describing: style), forKey: .paint) }
        if !children.isEmpty { try c.encode(children, forKey: .children) }
    }
}

/// A v1 stack.
private struct StackJSON: Codable {
    var axis: String?
    var spacing: Double?
    var alignment: StackAlignment?
    var justification: StackAlignment?
}

/// v1 layout properties.
private struct LayoutV1: Codable {
    var width, height, minWidth, maxWidth, minHeight, maxHeight, grow, shrink: Double?
    var padding: EdgeInsets?
}

/// A v1 border.
private struct BorderV1: Codable {
    var width: Double
    var color: Color
}

/// A v1 style.
private struct StyleV1: Decodable {
    var background: Color?
    var cornerRadius: Double?
    var cornerRadii: CornerRadiiJSON?
    var border: BorderV1?
    var shadow: Shadow?
    var opacity: Double?
    var clipsToBounds: Bool?
    var hidden: Bool?

    private enum Keys: String, CodingKey { case background, cornerRadius, border, shadow, opacity, clipsToBounds, hidden }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        background = try c.decodeIfPresent(Color.self, forKey: .background)
        if c.contains(.cornerRadius) {
            if let all = try? c.decode(Double.self, forKey: .cornerRadius) { cornerRadius = all }
            else { cornerRadii = try c.decode(CornerRadiiJSON.self, forKey: .cornerRadius) }
        }
        border = try c.decodeIfPresent(BorderV1.self, forKey: .border)
        shadow = try c.decodeIfPresent(Shadow.self, forKey: .shadow)
        opacity = try c.decodeIfPresent(Double.self, forKey: .opacity)
        clipsToBounds = try c.decodeIfPresent(Bool.self, forKey: .clipsToBounds)
        hidden = try c.decodeIfPresent(Bool.self, forKey: .hidden)
    }
}

/// A frame as flat `{"x", "y", "width", "height"}`.
private struct FrameJSON: Codable {
    var x: Double, y: Double, width: Double, height: Double
    var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
}

/// Per-corner radii; missing corners are 0.
private struct CornerRadiiJSON: Codable {
    var radii: CornerRadii
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
