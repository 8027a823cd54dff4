import Canvas
import Flexbox

/// The value checks of one element: every length, weight, inset, radius, width and opacity is a
/// finite number in its range, so that layout and drawing never see NaN or a negative size.
/// Errors name the value by its path (`root.children[2].layout.width`).
///
/// Contradictory values (a minimum above a maximum, insets wider than the parent) are not errors:
/// the engine lays them out by CSS's rules.
enum ElementValidation {
    static func check(_ element: Element, path: () -> String) throws(ElementError) {
        func fail(_ what: String, _ value: String, _ expected: String) throws(ElementError) -> Never {
            throw .invalidLayout("\(path()).\(what): \(value) is not \(expected)")
        }
        func nonNegative(_ what: String, _ value: Double?) throws(ElementError) {
            if let value, !LengthRule.acceptsFactor(value) { try fail(what, "\(value)", "a finite number ≥ 0") }
        }
        func finite(_ what: String, _ value: Double?) throws(ElementError) {
            if let value, !value.isFinite { try fail(what, "\(value)", "finite") }
        }
        /// A length checked by the engine's rule for its property (``/Flexbox/LengthRule``).
        func checked(_ rule: LengthRule, _ what: String, _ value: Length?) throws(ElementError) {
            guard let value, !rule.accepts(value) else { return }
            let shown = switch value {
            case .points(let v): "\(v)"
            case .percent(let v): "\(v)%"
            default: "\(value)"
            }
            try fail(what, shown, rule.expected(for: value))
        }
        func length(_ what: String, _ value: Length?) throws(ElementError) { try checked(.size, what, value) }
        func spacing(_ what: String, _ value: Length?) throws(ElementError) { try checked(.spacing, what, value) }
        func offset(_ what: String, _ value: Length?) throws(ElementError) { try checked(.offset, what, value) }
        /// Each edge checked; its name is built only for an error (these run for every element).
        func edges<V>(_ name: String, _ edges: Edges<V>, _ check: (String, V?) throws(ElementError) -> Void) throws(ElementError) {
            func one(_ edge: String, _ value: V?) throws(ElementError) {
                do throws(ElementError) { try check("", value) } catch { try check(name + "." + edge, value) }
            }
            try one("top", edges.top)
            try one("left", edges.left)
            try one("bottom", edges.bottom)
            try one("right", edges.right)
            try one("start", edges.start)
            try one("end", edges.end)
        }

        // Read in place: copying the layout or the style (dozens of lengths) per element was measurable.
        try length("layout.width", element.layout.width)
        try length("layout.height", element.layout.height)
        try length("layout.minWidth", element.layout.minWidth)
        try length("layout.minHeight", element.layout.minHeight)
        try length("layout.maxWidth", element.layout.maxWidth)
        try length("layout.maxHeight", element.layout.maxHeight)
        try spacing("layout.rowGap", element.layout.rowGap)
        try spacing("layout.columnGap", element.layout.columnGap)
        try nonNegative("layout.flexGrow", element.layout.flexGrow)
        try nonNegative("layout.flexShrink", element.layout.flexShrink)
        switch element.layout.flexBasis {
        case .points(let v): try length("layout.flexBasis", .points(v))
        case .percent(let v): try length("layout.flexBasis", .percent(v))
        case .calc(let e): try length("layout.flexBasis", .calc(e))
        case .auto, .content, .minContent, .maxContent, .fitContent: break
        }
        if let ratio = element.layout.aspectRatio, !LengthRule.acceptsAspectRatio(ratio) { try fail("layout.aspectRatio", "\(ratio)", "a finite number > 0") }
        try edges("layout.margin", element.layout.margin, offset)
        try edges("layout.padding", element.layout.padding, spacing)
        try edges("layout.border", element.layout.border, nonNegative)
        try edges("layout.inset", element.layout.inset, offset)

        func radius(_ name: String, _ radius: StyleLength) throws(ElementError) {
            if case .points(let v) = radius, !LengthRule.acceptsFactor(v) { try fail("style.cornerRadii.\(name)", "\(v)", "a finite number ≥ 0") }
            if !radius.isFinite { try fail("style.borderRadius.\(name)", radius.cssText, "finite") }
        }
        func corner(_ name: String, _ corner: CornerRadius) throws(ElementError) {
            try radius(name, corner.horizontal)
            try radius(name, corner.vertical)
        }
        if element.style.borderRadius != .zero {
            try corner("topLeft", element.style.borderRadius.topLeft)
            try corner("topRight", element.style.borderRadius.topRight)
            try corner("bottomRight", element.style.borderRadius.bottomRight)
            try corner("bottomLeft", element.style.borderRadius.bottomLeft)
        }
        if let shadow = element.style.shadow {
            try nonNegative("style.shadow.radius", shadow.radius)
            try finite("style.shadow.offset.width", shadow.offset.width)
            try finite("style.shadow.offset.height", shadow.offset.height)
        }
        for (i, shadow) in element.style.boxShadows.enumerated() {
            for (name, length) in [("x", shadow.x), ("y", shadow.y), ("blur", shadow.blur), ("spread", shadow.spread)] where !length.isFinite {
                try fail("style.boxShadows[\(i)].\(name)", length.cssText, "a finite length")
            }
        }
        for (i, function) in element.style.transform.enumerated() where !function.isFinite {
            try fail("style.transform[\(i)]", function.cssText, "finite")
        }
        for (i, filter) in element.style.filters.enumerated() where !filter.isValid {
            try fail("style.filters[\(i)]", filter.cssText, "finite and not negative")
        }
        for (i, filter) in element.style.backdropFilters.enumerated() where !filter.isValid {
            try fail("style.backdropFilters[\(i)]", filter.cssText, "finite and not negative")
        }
        if let outline = element.style.outline, !(outline.width.isFinite && outline.width >= 0 && outline.offset.isFinite) {
            try fail("style.outline", outline.cssText, "a finite width ≥ 0 and a finite offset")
        }
        if element.style.backgroundLayers.count > CSSBoxPaintGrammar.maximumLayers {
            try fail("style.backgroundLayers", "\(element.style.backgroundLayers.count) layers", "at most \(CSSBoxPaintGrammar.maximumLayers)")
        }
        if element.style.boxShadows.count > CSSBoxPaintGrammar.maximumLayers {
            try fail("style.boxShadows", "\(element.style.boxShadows.count) shadows", "at most \(CSSBoxPaintGrammar.maximumLayers)")
        }
        for (i, layer) in element.style.backgroundLayers.enumerated() where !layer.isValid {
            try fail("style.backgroundLayers[\(i)]", layer.image.cssText.prefix(80).description, "finite lengths, at least two colour stops and at most \(CSSGradientGrammar.maximumStops)")
        }
        if !(element.style.opacity.isFinite && element.style.opacity >= 0 && element.style.opacity <= 1) { try fail("style.opacity", "\(element.style.opacity)", "in 0...1") }
        if element.style.declaresText { try checkText(element.style.text, fail) }
        switch element.kind {
        case .image(let image):
            if !(image.blurRadius.isFinite && image.blurRadius >= 0 && image.blurRadius <= Bitmap.maxBlurRadius) {
                try fail("image.blur", "\(image.blurRadius)", "in 0...\(Int(Bitmap.maxBlurRadius))")
            }
        case .text(let text):
            if text.maxLines < 0 { try fail("text.maxLines", "\(text.maxLines)", "0 or more") }
            if text.runs.count > TextContent.maxRuns { try fail("text.text", "\(text.runs.count) runs", "at most \(TextContent.maxRuns)") }
            for (i, run) in text.runs.enumerated() where !run.style.isEmpty { try checkText(run.style) { what, value, expected throws(ElementError) in try fail("text.text[\(i)].\(what)", value, expected) } }
            for (i, run) in text.runs.enumerated() {
                if case .spacing(let width) = run.content, !width.isFinite {
                    try fail("text.text[\(i)].space", "\(width)", "a finite length")
                }
            }
            var placed = Set<Int>()
            for (i, run) in text.runs.enumerated() {
                guard case .box(let box) = run.content else { continue }
                if !(0..<element.children.count).contains(box.child) {
                    try fail("text.text[\(i)].box", "\(box.child)", "the index of one of the element's \(element.children.count) children")
                }
                if !placed.insert(box.child).inserted { try fail("text.text[\(i)].box", "\(box.child)", "a child no other run places") }
            }
        case .gradient(.linear(_, let start, let end)):
            try finite("gradient.start.x", start.x); try finite("gradient.start.y", start.y)
            try finite("gradient.end.x", end.x); try finite("gradient.end.y", end.y)
        case .gradient(.radial(_, let center, let radius)):
            try finite("gradient.center.x", center.x); try finite("gradient.center.y", center.y)
            try nonNegative("gradient.radius", radius)
        default:
            break
        }
    }
}

extension ElementValidation {
    /// The text properties' numbers: finite lengths, a clamp of 0 or more, a tab size in 0...1000.
    static func checkText(_ t: TextProperties, _ fail: (String, String, String) throws(ElementError) -> Never) throws(ElementError) {
        func finite(_ name: String, _ length: StyleLength?) throws(ElementError) {
            if let length, !length.isFinite { try fail("style.\(name)", "\(length)", "finite numbers") }
        }
        try finite("fontSize", t.fontSize)
        try finite("letterSpacing", t.letterSpacing)
        try finite("wordSpacing", t.wordSpacing)
        try finite("textIndent", t.textIndent)
        try finite("textDecorationThickness", t.textDecorationThickness)
        try finite("WebkitTextStrokeWidth", t.textStrokeWidth)
        if case .length(let l)? = t.lineHeight, !l.isFinite { try fail("style.lineHeight", "\(l)", "finite numbers") }
        if case .multiple(let n)? = t.lineHeight, !(n.isFinite && n >= 0) { try fail("style.lineHeight", "\(n)", "a finite number ≥ 0") }
        if case .weight(let w)? = t.fontWeight, !(1...1000).contains(w) { try fail("style.fontWeight", "\(w)", "in 1...1000") }
        if let clamp = t.lineClamp, clamp < 0 { try fail("style.lineClamp", "\(clamp)", "0 or more") }
        if case .spaces(let tab)? = t.tabSize, !(tab.isFinite && tab >= 0 && tab <= 1000) { try fail("style.tabSize", "\(tab)", "in 0...1000") }
        if case .length(let tab)? = t.tabSize, !tab.isFinite { try fail("style.tabSize", "\(tab)", "finite numbers") }
        for shadow in t.textShadows ?? [] where !(shadow.x.isFinite && shadow.y.isFinite && shadow.blur.isFinite) {
            try fail("style.textShadow", "\(shadow)", "finite numbers")
        }
    }
}

/// The name of an element by its place in the tree: `root`, `root.children[2].children[0]`.
enum ElementPath {
    /// The path of the element whose parent link chain starts at `position`; `links[i]` is node
    /// `i`'s parent index and its index among that parent's children (the root: `nil`).
    static func name(of position: Int, links: [(parent: Int, index: Int)?]) -> String {
        var steps: [Int] = []
        var node = position
        while let link = links[node] {
            steps.append(link.index)
            node = link.parent
        }
        return steps.reversed().reduce("root") { "\($0).children[\($1)]" }
    }

    /// The path of the element at pre-order `index` of `tree`.
    static func name(of index: Int, in tree: ElementTraversal) -> String {
        var steps: [Int] = []
        var node = index
        while let parent = tree.parents[node] {
            steps.append(tree.children(of: parent).firstIndex(of: node) ?? 0)
            node = parent
        }
        return steps.reversed().reduce("root") { "\($0).children[\($1)]" }
    }
}
