internal import Flexbox
#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Canvas

// The JSON form of a paragraph's runs: `"text": [run, …]`, each run
//   {"text": "…", "style": {CSS text properties, "backgroundColor", "verticalAlign"}, "link": "…"}
// or an inline image
//   {"image": {"named": "…"} | {"base64": "…"}, "style": {"width", "height", "verticalAlign"}, "link": "…",
//    "placeholder": "none" | "<CSS colour>"}
// or an atomic inline box, the text element's child at that index
//   {"box": 0, "style": {"verticalAlign"}, "link": "…"}
// or empty space that keeps to its neighbours (an inline element's padding edge)
//   {"space": "8px"}

/// One run as JSON.
struct InlineRunJSON: Codable {
    let run: InlineRun

    init(_ run: InlineRun) { self.run = run }

    private enum Keys: String, CodingKey, CaseIterable { case text, image, box, space, style, link, placeholder }

    /// The style keys a run reads besides the text properties.
    static let boxKeys = ["backgroundColor", "width", "height", "verticalAlign", "paddingTop", "paddingBottom", "left", "top"]

    init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: StyleKey.self)
        if let key = all.allKeys.map(\.stringValue).filter({ Keys(rawValue: $0) == nil }).sorted().first {
            throw DecodingError.dataCorruptedError(forKey: StyleKey(key), in: all, debugDescription: "unknown run key: expected text, image, box or space, style, link, and placeholder for an image")
        }
        let c = try decoder.container(keyedBy: Keys.self)
        var read = StyleDictionary.RunStyle.plain
        if c.contains(.style) {
            let css = try c.nestedContainer(keyedBy: StyleKey.self, forKey: .style)
            let known = Set(TextProperties.cssKeys + Self.boxKeys)
            if let key = css.allKeys.map(\.stringValue).filter({ !known.contains($0) && !CSSVariables.isCustomProperty($0) }).sorted().first {
                throw DecodingError.dataCorruptedError(forKey: StyleKey(key), in: css,
                    debugDescription: "not a property of a run: a run takes the text properties, backgroundColor, verticalAlign, paddingTop, paddingBottom, left and top, and for an image width and height")
            }
            read = try StyleDictionary.RunStyle(css: StyleReader(container: css, variables: try StyleReader.scope(of: css)))
        }
        let (style, background, width, height, align) = (read.text, read.background, read.width, read.height, read.verticalAlign)
        let (paddingTop, paddingBottom) = (read.paddingTop, read.paddingBottom)
        let link = try c.decodeIfPresent(String.self, forKey: .link)
        if c.contains(.space) {
            guard !c.contains(.text), !c.contains(.image), !c.contains(.box), !c.contains(.placeholder), !c.contains(.style) else {
                throw DecodingError.dataCorruptedError(forKey: .space, in: c, debugDescription: "a space run holds its width only")
            }
            let value = try c.decode(CSSValue.self, forKey: .space)
            let width: StyleLength
            do {
                // Negative: a negative margin, pulling the runs beside it closer.
                width = try CSSLengthGrammar.single(ElementStyle.components(value), percent: false, negative: true, expected: "a space: expected a length")
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .space, in: c, debugDescription: error.message)
            }
            run = InlineRun(spacing: width, link: link)
        } else if let child = try c.decodeIfPresent(Int.self, forKey: .box) {
            guard !c.contains(.text), !c.contains(.image), !c.contains(.placeholder) else {
                throw DecodingError.dataCorruptedError(forKey: .box, in: c, debugDescription: "a box run holds no text, image or placeholder")
            }
            guard width == nil, height == nil, style.isEmpty, background == nil else {
                throw DecodingError.dataCorruptedError(forKey: .style, in: c,
                    debugDescription: "a box run's style is its verticalAlign only: the child's own style sizes and paints it")
            }
            guard child >= 0 else {
                throw DecodingError.dataCorruptedError(forKey: .box, in: c, debugDescription: "a box run names a child by its index, 0 or more")
            }
            run = InlineRun(box: InlineBox(child: child, verticalAlign: align), link: link)
        } else if let source = try c.decodeIfPresent(ImageSource.self, forKey: .image) {
            guard !c.contains(.text) else {
                throw DecodingError.dataCorruptedError(forKey: .image, in: c, debugDescription: "a run is text or an image, not both")
            }
            let placeholder = try c.decodeIfPresent(ImagePlaceholder.self, forKey: .placeholder)
            run = InlineRun(image: InlineImage(source, width: width, height: height, verticalAlign: align, placeholder: placeholder), link: link)
        } else {
            guard width == nil, height == nil else {
                throw DecodingError.dataCorruptedError(forKey: .style, in: c, debugDescription: "width and height are for an image run")
            }
            guard !c.contains(.placeholder) else {
                throw DecodingError.dataCorruptedError(forKey: .placeholder, in: c, debugDescription: "a placeholder is for an image run")
            }
            var text = InlineRun(try c.decode(String.self, forKey: .text), style: style, backgroundColor: background, link: link, verticalAlign: align)
            text.paddingTop = paddingTop
            text.paddingBottom = paddingBottom
            (text.left, text.top) = (read.left, read.top)
            run = text
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        var css: [(String, String)] = []
        switch run.content {
        case .text(let text):
            try c.encode(text, forKey: .text)
            if run.verticalAlign != .baseline { css.append(("verticalAlign", run.verticalAlign.cssText)) }
            if let top = run.paddingTop { css.append(("paddingTop", top.cssText)) }
            if let bottom = run.paddingBottom { css.append(("paddingBottom", bottom.cssText)) }
            if let left = run.left { css.append(("left", left.cssText)) }
            if let top = run.top { css.append(("top", top.cssText)) }
        case .image(let image):
            try c.encode(image.source, forKey: .image)
            if let w = image.width { css.append(("width", w.cssText)) }
            if let h = image.height { css.append(("height", h.cssText)) }
            if image.verticalAlign != .baseline { css.append(("verticalAlign", image.verticalAlign.cssText)) }
            try c.encodeIfPresent(image.placeholder, forKey: .placeholder)
        case .spacing(let width):
            try c.encode(width.cssText, forKey: .space)
        case .box(let box):
            try c.encode(box.child, forKey: .box)
            if box.verticalAlign != .baseline { css.append(("verticalAlign", box.verticalAlign.cssText)) }
        }
        if !run.style.isEmpty || run.backgroundColor != nil || !css.isEmpty {
            try c.encode(RunStyle(text: run.style, background: run.backgroundColor, box: css), forKey: .style)
        }
        try c.encodeIfPresent(run.link, forKey: .link)
    }

    /// A run's `style` object, written as a value of its own.
    private struct RunStyle: Encodable {
        let text: TextProperties
        let background: StyleColor?
        let box: [(String, String)]

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: StyleKey.self)
            try text.encodeCSS(to: &c)
            if let background { try c.encode(background.cssText, forKey: StyleKey("backgroundColor")) }
            for (key, value) in box { try c.encode(value, forKey: StyleKey(key)) }
        }
    }
}

extension VerticalAlign {
    /// The value as CSS.
    var cssText: String {
        switch self {
        case .baseline: "baseline"
        case .middle: "middle"
        case .textTop: "text-top"
        case .textBottom: "text-bottom"
        case .top: "top"
        case .bottom: "bottom"
        case .length(let l): l.cssText
        case .subscript: "sub"
        case .superscript: "super"
        }
    }
}

extension CSSTextGrammar {
    /// `vertical-align` for an inline image: `baseline`, `middle`, `text-top`, `text-bottom`,
    /// `top` and `bottom` (the line box's; a text run's drawn as the text's), `sub`, `super`, or a length or percentage.
    static func verticalAlign(_ components: [CSSComponent]) throws(CSSValueError) -> VerticalAlign {
        let word = try components.single()
        switch word.keyword {
        case "baseline": return .baseline
        case "middle": return .middle
        case "text-top": return .textTop
        case "text-bottom": return .textBottom
        case "top": return .top
        case "bottom": return .bottom
        case "sub": return .subscript
        case "super": return .superscript
        default:
            guard let length = try CSSLengthGrammar.length(word, percent: true) else {
                throw CSSValueError(message: "\"\(word)\" is not a vertical alignment: expected baseline, middle, text-top, text-bottom, top, bottom, sub, super or a length")
            }
            return .length(length)
        }
    }
}
