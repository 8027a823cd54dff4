public import Canvas
internal import Flexbox

// Text modifiers: CSS text properties declared on any element, inherited by the texts below it
// (see `TextProperties`), and the CSS-styled text constructor.

extension Element {
    /// A text styled by CSS text properties — its own and those its ancestors declare — from
    /// CSS's initial values (16 px sans-serif), unlike ``text(_:style:maxLines:frame:layout:style:)``
    /// whose ``/Canvas/TextStyle`` is the text's whole style.
    public static func paragraph(_ text: AttributedText, style: ElementStyle = ElementStyle()) -> Element {
        Element(.text(TextContent(text, style: nil)), style: style)
    }

    /// Declares text properties (`fontFamily`, `lineClamp`, `textShadow`…) on this element.
    public func textStyle(_ change: (inout TextProperties) -> Void) -> Element { with { change(&$0.style.text) } }

    /// Sets the font: families tried in order, size in points, weight, italic. Inherited.
    public func font(_ families: [String]? = nil, size: Double? = nil, weight: FontWeight? = nil, italic: Bool? = nil) -> Element {
        textStyle { t in
            if let families { t.fontFamily = families }
            if let size { t.fontSize = .points(size) }
            if let weight { t.fontWeight = .weight(weight.rawValue) }
            if let italic { t.fontStyle = italic ? .italic : .normal }
        }
    }

    /// Sets the text colour (CSS `color`, which `currentColor` stands for). Inherited.
    public func foregroundColor(_ color: Color) -> Element { textStyle { $0.color = .color(color) } }

    /// Shows at most `lines` lines, the last ending in "…" when text remains (CSS `line-clamp`).
    public func lineClamp(_ lines: Int) -> Element { textStyle { $0.lineClamp = lines } }
}
