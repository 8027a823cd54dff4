/// The shorthand properties the cascade expands, and their expansion. Browsers cascade
/// longhands, so a shorthand is split into its longhands (syntactically, before the cascade)
/// and each longhand competes on its own.
public enum CSSShorthands {
    /// Each expanded shorthand's longhands, in the order the expansion lists them.
    public static let longhands: [String: [String]] = {
        var table: [String: [String]] = [:]
        let sides = ["top", "right", "bottom", "left"]
        table["margin"] = sides.map { "margin-\($0)" }
        table["padding"] = sides.map { "padding-\($0)" }
        table["inset"] = sides
        table["border-width"] = sides.map { "border-\($0)-width" }
        table["border-style"] = sides.map { "border-\($0)-style" }
        table["border-color"] = sides.map { "border-\($0)-color" }
        for side in sides { table["border-\(side)"] = ["border-\(side)-width", "border-\(side)-style", "border-\(side)-color"] }
        table["border"] = sides.flatMap { ["border-\($0)-width", "border-\($0)-style", "border-\($0)-color"] }
        table["border-radius"] = ["border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius"]
        table["gap"] = ["row-gap", "column-gap"]
        table["flex"] = ["flex-grow", "flex-shrink", "flex-basis"]
        table["flex-flow"] = ["flex-direction", "flex-wrap"]
        table["place-content"] = ["align-content", "justify-content"]
        table["place-items"] = ["align-items", "justify-items"]
        table["place-self"] = ["align-self", "justify-self"]
        table["overflow"] = ["overflow-x", "overflow-y"]
        table["text-decoration"] = ["text-decoration-line", "text-decoration-style", "text-decoration-color", "text-decoration-thickness"]
        table["outline"] = ["outline-width", "outline-style", "outline-color"]
        table["list-style"] = ["list-style-type", "list-style-position", "list-style-image"]
        table["font"] = ["font-style", "font-variant-caps", "font-weight", "font-stretch", "font-size", "line-height", "font-family"]
        table["background"] = ["background-color", "background-image", "background-position", "background-size", "background-repeat",
                               "background-attachment", "background-origin", "background-clip"]
        return table
    }()

    /// One longhand of an expansion.
    struct Longhand: Hashable, Sendable {
        /// The longhand's name.
        var name: String
        /// Its value text.
        var value: String
        /// Whether the value was written (not the initial value the shorthand implies).
        var explicit: Bool
    }

    /// `shorthand: value` as its longhands, or why the value is not one of the shorthand's.
    /// A CSS-wide keyword goes to every longhand as it is.
    static func expand(_ shorthand: String, _ value: String) -> Result<[Longhand], ShorthandError> {
        guard let names = longhands[shorthand] else { return .failure(ShorthandError("not a shorthand")) }
        let words = ValueWords.split(value)
        if words.count == 1, ValueWords.isCSSWide(words[0]) {
            return .success(names.map { Longhand(name: $0, value: words[0], explicit: true) })
        }
        if words.contains(where: ValueWords.isCSSWide) {
            return .failure(ShorthandError("a CSS-wide keyword must be the whole value"))
        }
        guard !words.isEmpty else { return .failure(ShorthandError("an empty value")) }
        do {
            let values = try expansion(shorthand, words)
            return .success(values.map { Longhand(name: $0.0, value: $0.1 ?? "", explicit: $0.1 != nil) }.map { longhand in
                var l = longhand
                if !l.explicit { l.value = initialValues[l.name] ?? "initial" }
                return l
            })
        } catch {
            return .failure(error)
        }
    }

    /// The initial value a shorthand gives a longhand it does not set.
    static let initialValues: [String: String] = {
        var table: [String: String] = [:]
        for side in ["top", "right", "bottom", "left"] {
            table["border-\(side)-width"] = "medium"
            table["border-\(side)-style"] = "none"
            table["border-\(side)-color"] = "currentcolor"
        }
        table["flex-grow"] = "0"
        table["flex-shrink"] = "1"
        table["flex-basis"] = "auto"
        table["flex-direction"] = "row"
        table["flex-wrap"] = "nowrap"
        table["text-decoration-line"] = "none"
        table["text-decoration-style"] = "solid"
        table["text-decoration-color"] = "currentcolor"
        table["text-decoration-thickness"] = "auto"
        table["outline-width"] = "medium"
        table["outline-style"] = "none"
        table["outline-color"] = "currentcolor"
        table["list-style-type"] = "disc"
        table["list-style-position"] = "outside"
        table["list-style-image"] = "none"
        table["font-style"] = "normal"
        table["font-variant-caps"] = "normal"
        table["font-weight"] = "normal"
        table["font-stretch"] = "normal"
        table["line-height"] = "normal"
        table["background-color"] = "transparent"
        table["background-image"] = "none"
        table["background-position"] = "0% 0%"
        table["background-size"] = "auto"
        table["background-repeat"] = "repeat"
        table["background-attachment"] = "scroll"
        table["background-origin"] = "padding-box"
        table["background-clip"] = "border-box"
        return table
    }()

    /// The longhands' values in table order; `nil` for one the value leaves at its initial value.
    private static func expansion(_ shorthand: String, _ words: [String]) throws(ShorthandError) -> [(String, String?)] {
        let names = longhands[shorthand] ?? []
        func zipped(_ values: [String?]) -> [(String, String?)] { Array(zip(names, values)) }
        switch shorthand {
        case "margin", "padding", "inset":
            return zipped(try fourSides(words, { _ in true }))
        case "border-width":
            return zipped(try fourSides(words, ValueWords.isLineWidth))
        case "border-style":
            return zipped(try fourSides(words, { ValueWords.keyword($0).map(ValueWords.lineStyles.contains) ?? false }))
        case "border-color":
            return zipped(try fourSides(words, ValueWords.isColor))
        case "border", "border-top", "border-right", "border-bottom", "border-left", "outline":
            let (width, style, color) = try border(words, outline: shorthand == "outline")
            let sides = shorthand == "border" ? 4 : 1
            return zipped(Array(repeating: [width, style, color], count: sides).flatMap { $0 })
        case "border-radius":
            return zipped(try borderRadius(words))
        case "gap":
            guard words.count <= 2, !words.contains("/"), !words.contains(",") else { throw ShorthandError("expected a row gap and an optional column gap") }
            return zipped([words[0], words.count == 2 ? words[1] : words[0]])
        case "overflow":
            guard words.count <= 2, words.allSatisfy({ ValueWords.keyword($0) != nil }) else { throw ShorthandError("expected one or two overflow keywords") }
            return zipped([words[0], words.count == 2 ? words[1] : words[0]])
        case "flex":
            return zipped(try flex(words))
        case "flex-flow":
            return zipped(try flexFlow(words))
        case "place-content", "place-items", "place-self":
            return zipped(try place(words))
        case "text-decoration":
            return zipped(try textDecoration(words))
        case "list-style":
            return zipped(try listStyle(words))
        case "font":
            return zipped(try font(words))
        case "background":
            return zipped(try background(words))
        default:
            throw ShorthandError("not a shorthand")
        }
    }
}

/// Why a shorthand's value did not expand.
struct ShorthandError: Error, Hashable {
    /// What is wrong.
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
