#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Canvas
internal import Flexbox

/// An element read from a schema-1 document and migrated to the flexbox model on the way in,
/// exactly as the Swift sugar builds the same tree, so a version 1 document and its Swift twin lay
/// out alike. The mapping is tabled in <doc:ElementTrees> ("Version 1").
struct ElementV1: Decodable {
    /// The migrated element.
    let element: Element

    private enum Keys: String, CodingKey {
        case type, frame, layout, style, stack, image, text, gradient, custom, children
    }

    init(from decoder: any Decoder) throws {
        try DecodingBudget.spend(DecodingBudget.elements, of: decoder)
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        let kind: Element.Kind
        var layout = FlexStyle()
        switch type {
        case "view":
            kind = .view
            layout = Element.boxLayout
        case "stack":
            kind = .view
            layout = try c.decodeIfPresent(StackV1.self, forKey: .stack)?.layout ?? StackV1().layout
        case "image": kind = .image(try c.decode(ImageContent.self, forKey: .image))
        case "text":
            // Version 1 has no CSS text properties: a text without a style has the defaults of its day.
            var content = try c.decode(TextContent.self, forKey: .text)
            if content.style == nil { content.style = TextStyle() }
            kind = .text(content)
        case "gradient": kind = .gradient(try c.decode(GradientContent.self, forKey: .gradient))
        case "custom": kind = .custom(try c.decode(AnyCustomElement.self, forKey: .custom))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c,
                debugDescription: "\"\(type)\" is not an element type: expected view, stack, image, text, gradient or custom")
        }
        if let sizes = try c.decodeIfPresent(LayoutV1.self, forKey: .layout) { sizes.apply(to: &layout) }
        var style = ElementStyle()
        if let paint = try c.decodeIfPresent(StyleV1.self, forKey: .style) { paint.apply(style: &style, layout: &layout) }
        if let frame = try c.decodeIfPresent(FrameV1.self, forKey: .frame) {
            layout = Element.absolute(layout, frame: Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height))
        }
        let children = try c.decodeIfPresent([ElementV1].self, forKey: .children) ?? []
        element = Element(kind, layout: layout, style: style, children: children.map(\.element))
    }
}

/// A v1 `"stack"` object: `axis` (vertical), `spacing` (0), `alignment` (stretch), `justification` (start).
private struct StackV1: Decodable {
    enum Axis: String, Decodable { case horizontal, vertical, overlay }
    var axis = Axis.vertical
    var spacing = 0.0
    var alignment = StackAlignment.stretch
    var justification = StackAlignment.start

    init() {}

    private enum Keys: String, CodingKey { case axis, spacing, alignment, justification }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        axis = try c.decodeIfPresent(Axis.self, forKey: .axis) ?? axis
        spacing = try c.decodeIfPresent(Double.self, forKey: .spacing) ?? spacing
        alignment = try c.decodeIfPresent(StackAlignment.self, forKey: .alignment) ?? alignment
        justification = try c.decodeIfPresent(StackAlignment.self, forKey: .justification) ?? justification
    }

    /// The layout the matching Swift sugar (`vstack`, `hstack`, `overlay`) gives.
    var layout: FlexStyle {
        let children: [Element] = []
        return switch axis {
        case .vertical: Element.vstack(spacing: spacing, alignment: alignment, justification: justification, children: children).layout
        case .horizontal: Element.hstack(spacing: spacing, alignment: alignment, justification: justification, children: children).layout
        case .overlay: Element.overlay(alignment: alignment, children: children).layout
        }
    }
}

/// A v1 `"layout"` object: sizes in points, `grow` (0), `shrink` (1), `padding`.
private struct LayoutV1: Decodable {
    var width, height, minWidth, maxWidth, minHeight, maxHeight: Double?
    var grow, shrink: Double?
    var padding: EdgeInsets?

    func apply(to style: inout FlexStyle) {
        if let width { style.width = .points(width) }
        if let height { style.height = .points(height) }
        if let minWidth { style.minWidth = .points(minWidth) }
        if let maxWidth { style.maxWidth = .points(maxWidth) }
        if let minHeight { style.minHeight = .points(minHeight) }
        if let maxHeight { style.maxHeight = .points(maxHeight) }
        if let grow { style.flexGrow = grow }
        if let shrink { style.flexShrink = shrink }
        if let padding {
            style.padding = Edges(top: .points(padding.top), left: .points(padding.left),
                                  bottom: .points(padding.bottom), right: .points(padding.right))
        }
    }
}

/// A v1 `"style"` object.
private struct StyleV1: Decodable {
    var background: Color?
    var cornerRadii = CornerRadii.zero
    var border: BorderV1?
    var shadow: Shadow?
    var opacity: Double?
    var clipsToBounds: Bool?
    var hidden: Bool?

    private enum Keys: String, CodingKey { case background, cornerRadius, border, shadow, opacity, clipsToBounds, hidden }
    private enum CornerKeys: String, CodingKey { case topLeft, topRight, bottomRight, bottomLeft }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        background = try c.decodeIfPresent(Color.self, forKey: .background)
        if c.contains(.cornerRadius) {
            if let all = try? c.decode(Double.self, forKey: .cornerRadius) {
                cornerRadii = CornerRadii(all: all)
            } else {
                let r = try c.nestedContainer(keyedBy: CornerKeys.self, forKey: .cornerRadius)
                cornerRadii = CornerRadii(
                    topLeft: try r.decodeIfPresent(Double.self, forKey: .topLeft) ?? 0,
                    topRight: try r.decodeIfPresent(Double.self, forKey: .topRight) ?? 0,
                    bottomRight: try r.decodeIfPresent(Double.self, forKey: .bottomRight) ?? 0,
                    bottomLeft: try r.decodeIfPresent(Double.self, forKey: .bottomLeft) ?? 0)
            }
        }
        border = try c.decodeIfPresent(BorderV1.self, forKey: .border)
        shadow = try c.decodeIfPresent(Shadow.self, forKey: .shadow)
        opacity = try c.decodeIfPresent(Double.self, forKey: .opacity)
        clipsToBounds = try c.decodeIfPresent(Bool.self, forKey: .clipsToBounds)
        hidden = try c.decodeIfPresent(Bool.self, forKey: .hidden)
    }

    func apply(style: inout ElementStyle, layout: inout FlexStyle) {
        style.background = background
        style.cornerRadii = cornerRadii
        if let border {
            layout.border = Edges(all: border.width)
            style.borderColor = border.color
        }
        style.shadow = shadow
        if let opacity { style.opacity = opacity }
        if clipsToBounds == true { layout.overflow = .hidden }
        if hidden == true { style.isHidden = true }
    }
}

/// A v1 border: `{"width", "color"}`.
private struct BorderV1: Decodable {
    var width: Double
    var color: Color
}

/// A v1 frame: `{"x", "y", "width", "height"}`.
private struct FrameV1: Decodable {
    var x, y, width, height: Double
}
