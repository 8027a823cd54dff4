internal import Canvas
internal import Elements

/// The styles of a card's elements: the user-agent sheet, every `<style>` sheet (those whose
/// `media` does not match the card left out) and the `style` attributes, cascaded, each value
/// checked against the element model's grammar so an invalid one loses to the next.
enum CardStyles {
    /// What the cascade gives the box builder.
    struct Result {
        /// Each node's cascaded values (longhand CSS names), by node index.
        var cascaded: [[String: String]]
        /// Each node's shared style number (``StyleMemo/SharedStyle``), by node index.
        var styleIDs: [Int?]
        /// What the sheets and the cascade ignored.
        var warnings: [StyleWarning]
        /// The `@font-face` rules.
        var fontFaces: [FontFaceRule]
    }

    /// The user-agent sheet, parsed once.
    static let userAgent: StyleSheet = {
        do {
            return try StyleSheet(parsing: UserAgentStyleSheet.text, name: "user-agent")
        } catch {
            preconditionFailure("the user-agent sheet does not parse: \(error)")
        }
    }()

    /// The user-agent sheet's rules prepared, once (it has no `@media`: any viewport).
    static let userAgentRules = prepared(Cascade.Source(userAgent, origin: .userAgent), viewport: MediaViewport(width: 1, height: 1))

    /// `source`'s rules prepared for `viewport`, each value checked by the element model's grammar.
    static func prepared(_ source: Cascade.Source, viewport: MediaViewport) -> PreparedRules {
        var validator = ValueValidator()
        var preparer = DeclarationPreparer { validator.accepts($0, $1) }
        return PreparedRules(source, viewport: viewport, preparer: &preparer)
    }

    static func cascade(_ tree: HTMLTree, viewport: Size, options: HTMLOptions) throws(HTMLError) -> Result {
        let media = MediaViewport(width: viewport.width, height: viewport.height)
        var sources = [Cascade.Source(userAgent, origin: .userAgent)]
        var prepared = [userAgentRules]
        var serials = [StyleMemo.userAgentSerial]
        // Readings are shared by style number once every sheet is met again (a template's second
        // card on): a sheet seen once may never come back, and keeping its readings costs a first read.
        var sheetsKnown = true
        var sheetIndex = 0
        var skipped = 0..<0
        for index in tree.nodes.indices where !skipped.contains(index) {
            let node = tree.nodes[index]
            guard node.isElement("style") || node.isElement("template") else { continue }
            if node.name == "template" {
                skipped = tree.subtree(of: HTMLTree.NodeID(index))
                continue
            }
            defer { sheetIndex += 1 }
            if let query = node.attribute("media"), !MediaQueryList(parsing: query).matches(media) { continue }
            do {
                let key = StyleMemo.SheetKey(text: tree.textContent(of: HTMLTree.NodeID(index)), name: "style[\(sheetIndex)]", viewport: media,
                                             limits: options.styleLimits)
                let (sheet, known) = try StyleMemo.sheet(key) { () throws(StyleError) in
                    let sheet = try StyleSheet(parsing: key.text, name: key.name, limits: key.limits)
                    return (sheet, Self.prepared(Cascade.Source(sheet, origin: .author), viewport: media))
                }
                sources.append(Cascade.Source(sheet.sheet, origin: .author))
                prepared.append(sheet.rules)
                serials.append(sheet.serial)
                sheetsKnown = sheetsKnown && known
            } catch {
                throw .style(error)
            }
        }
        var validator = ValueValidator()
        let result: CascadeResult
        let styleIDs: [Int?]
        do {
            (result, styleIDs) = try Cascade(sources: sources, viewport: media, limits: options.styleLimits)
                .run(on: tree, prepared: prepared, sheetSerials: StyleMemo.sharesReadings && sheetsKnown ? serials : nil) { property, value in validator.accepts(property, value) }
        } catch {
            throw .style(error)
        }
        let warnings = result.warnings.filter { $0.path != "user-agent" && !$0.path.hasPrefix("user-agent:") }
        return Result(cascaded: result.styles.map { $0?.values ?? [:] }, styleIDs: styleIDs, warnings: warnings, fontFaces: result.fontFaces)
    }
}

/// Whether a value is one the HTML path can use for a property: the box builder's own
/// properties by their keywords, the element model's through its readers (once per distinct
/// value), with CSS's rule that a length needs a unit (the JSON form takes bare numbers as px).
struct ValueValidator {
    private var known: [String: Bool]

    /// The answers for every value of the user-agent sheet, found once per process (by
    /// preparing the sheet, which checks every declaration it holds): each card's cascade
    /// starts from them.
    static let userAgentAnswers: [String: Bool] = {
        var validator = ValueValidator(answers: [:])
        var preparer = DeclarationPreparer { validator.accepts($0, $1) }
        _ = PreparedRules(Cascade.Source(CardStyles.userAgent, origin: .userAgent), viewport: MediaViewport(width: 1, height: 1), preparer: &preparer)
        return validator.known
    }()

    /// A validator that starts from the user-agent sheet's answers.
    init() { known = ValueValidator.userAgentAnswers }

    private init(answers: [String: Bool]) { known = answers }

    mutating func accepts(_ property: String, _ value: String) -> Bool {
        let key = property + "\u{0}" + value
        if let answer = known[key] { return answer }
        if let answer = StyleMemo.validity(key) {
            known[key] = answer
            return answer
        }
        let answer = check(property, value)
        known[key] = answer
        StyleMemo.keep(key, valid: answer)
        return answer
    }

    private func check(_ property: String, _ value: String) -> Bool {
        let v = value.lowercased().trimmingCharacters(in: " \t\n")
        switch property {
        case "display":
            do {
                return try CSSDisplay.parse(v) != nil
            } catch {
                return true  // grid: kept, so that the box builder names it in its error
            }
        case "list-style-type":
            return v.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0) }
        case "list-style-position": return v == "inside" || v == "outside"
        case "overflow-x", "overflow-y": return ["visible", "hidden", "clip", "scroll", "auto"].contains(v)
        case "vertical-align": return (try? StyleDictionary.run(["verticalAlign": value])) != nil
        case "-webkit-box-orient": return ["vertical", "horizontal", "inline-axis", "block-axis"].contains(v)
        default: break
        }
        if PropertyTable.builderProperties.contains(property) || PropertyTable.harmlessValues[property] != nil { return true }
        guard let name = PropertyTable.modelName(property) else { return false }
        if Self.takesLengths(property), Self.hasBareNumber(v) { return false }
        return StyleDictionary.accepts(name, value)
    }

    /// Properties whose lengths need a unit in CSS (a bare `0` excepted).
    static func takesLengths(_ property: String) -> Bool {
        if property == "line-height" { return false }
        if property.hasPrefix("margin") || property.hasPrefix("padding") || property.hasPrefix("inset") { return true }
        if property.hasSuffix("width") || property.hasSuffix("height") || property.hasSuffix("radius") { return true }
        return ["top", "right", "bottom", "left", "gap", "row-gap", "column-gap", "font-size", "letter-spacing", "word-spacing",
                "text-indent", "flex-basis", "outline-offset", "-webkit-text-stroke-width", "text-decoration-thickness"].contains(property)
    }

    /// Whether `value` has a non-zero number without a unit outside any function (`12`, `1.5 4px`).
    static func hasBareNumber(_ value: String) -> Bool {
        var depth = 0
        for word in value.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "," }) {
            let opens = word.filter { $0 == "(" }.count, closes = word.filter { $0 == ")" }.count
            defer { depth += opens - closes }
            guard depth == 0, opens == 0, let number = Double(word) else { continue }
            if number != 0 { return true }
        }
        return false
    }
}
