internal import Elements

/// A declaration made ready for the cascade once, before any element: a custom property, a
/// longhand or an expanded shorthand already validated, or one holding `var()`, whose
/// substitution (and then expansion and validation) waits for each element.
///
/// A struct with its form apart rather than an enum with payloads: an enum keeps its case in the
/// spare bits of a payload's pointer, which LeakSanitizer cannot follow (the prepared sheets
/// `StyleMemo` keeps then read as leaks in the fuzz targets).
struct PreparedDeclaration: Sendable {
    enum Form: Sendable {
        /// `--name: value`.
        case custom
        /// Valid longhands and their values (``longhands``).
        case longhands
        /// `name: value` with `var()`: a candidate for each of ``longhands``' names, substituted per element.
        case pending
    }

    let form: Form
    /// The custom property's or the pending declaration's property and value.
    let name: String
    let value: String
    /// The valid longhands; a pending declaration's longhand names (values empty).
    let longhands: [(name: String, value: String)]

    static func custom(name: String, value: String) -> PreparedDeclaration {
        PreparedDeclaration(form: .custom, name: name, value: value, longhands: [])
    }

    static func longhands(_ list: [(name: String, value: String)]) -> PreparedDeclaration {
        PreparedDeclaration(form: .longhands, name: "", value: "", longhands: list)
    }

    static func pending(property: String, value: String, longhands: [String]) -> PreparedDeclaration {
        PreparedDeclaration(form: .pending, name: property, value: value, longhands: longhands.map { ($0, "") })
    }
}

/// Turns declarations into prepared ones: shorthands expanded, each longhand's value checked by
/// the validator (its answers kept for the preparer's life).
struct DeclarationPreparer {
    let validator: (String, String) -> Bool
    private var validity: [String: [String: Bool]] = [:]

    init(validator: @escaping (String, String) -> Bool) {
        self.validator = validator
    }

    /// `declaration` prepared, or why it is invalid.
    mutating func prepare(_ declaration: CSSDeclaration) -> Result<PreparedDeclaration, ShorthandError> {
        let name = declaration.name
        if declaration.isCustomProperty { return .success(.custom(name: name, value: declaration.value)) }
        if CSSVariables.mentionsVar(declaration.value) {
            let longhands = CSSShorthands.longhands[name] ?? [name]
            return .success(.pending(property: name, value: declaration.value, longhands: longhands))
        }
        switch expand(name, declaration.value) {
        case .success(let longhands): return .success(.longhands(longhands))
        case .failure(let error): return .failure(error)
        }
    }

    /// `name: value` as valid longhands, or why not: a shorthand is expanded, and each value is
    /// checked with the validator (a longhand the shorthand only resets, and the element
    /// model does not know, is left out).
    mutating func expand(_ name: String, _ value: String) -> Result<[(name: String, value: String)], ShorthandError> {
        if CSSShorthands.longhands[name] != nil {
            switch CSSShorthands.expand(name, value) {
            case .failure(let error):
                return .failure(ShorthandError("\"\(StyleSheetParser.shortened(value))\" is not a valid \(name): \(error.reason)"))
            case .success(let longhands):
                var valid: [(name: String, value: String)] = []
                for longhand in longhands {
                    if isValid(longhand.name, longhand.value) {
                        valid.append((longhand.name, longhand.value))
                    } else if longhand.explicit {
                        return .failure(ShorthandError("\"\(StyleSheetParser.shortened(value))\" is not a valid \(name): \(longhand.name) cannot be \"\(longhand.value)\""))
                    }
                }
                return .success(valid)
            }
        }
        guard isValid(name, value) else {
            return .failure(ShorthandError("\"\(StyleSheetParser.shortened(value))\" is not a valid value"))
        }
        return .success([(name, value)])
    }

    /// Whether `value` is valid for `property`: a CSS-wide keyword always is; otherwise the
    /// validator says (its answers are kept).
    private mutating func isValid(_ property: String, _ value: String) -> Bool {
        if ValueWords.cssWideKeywords.contains(HTMLTree.asciiLowercased(value)) { return true }
        if let known = validity[property]?[value] { return known }
        let answer = validator(property, value)
        validity[property, default: [:]][value] = answer
        return answer
    }
}

/// One sheet's rules made ready for any number of cascades over documents of one viewport: the
/// rules whose `@media` match, their declarations prepared, and their selectors indexed by the
/// rightmost compound's id, class or type, so an element tries only rules that can match it.
/// A value: a sheet met again (the user-agent sheet on every card, a template's `<style>`) is
/// prepared once (`StyleMemo`).
struct PreparedRules: Sendable {
    /// A style rule whose `@media` matched, its declarations prepared.
    struct Rule: Sendable {
        let origin: StyleOrigin
        let declarations: [PreparedDeclaration]
        let important: [Bool]
        /// Whether it declares no custom property and no `var()`: what it gives an element
        /// depends on nothing else.
        let isPlain: Bool

        init(origin: StyleOrigin, declarations: [PreparedDeclaration], important: [Bool]) {
            self.origin = origin
            self.declarations = declarations
            self.important = important
            isPlain = declarations.allSatisfy { $0.form == .longhands }
        }
    }

    /// One selector of a rule, tried against the elements its key admits.
    struct Entry: Sendable {
        var selector: Selector
        var specificity: Specificity
        var rule: Int
    }

    private(set) var rules: [Rule] = []
    private(set) var entries: [Entry] = []
    /// The declarations dropped as invalid, in source order.
    private(set) var warnings: [StyleWarning] = []
    private var byID: [String: [Int]] = [:]
    private var byClass: [String: [Int]] = [:]
    private var byType: [String: [Int]] = [:]
    private var universal: [Int] = []

    /// The rules of `source` whose `@media` match `viewport`, prepared by `preparer` and indexed.
    init(_ source: Cascade.Source, viewport: MediaViewport, preparer: inout DeclarationPreparer) {
        for rule in source.sheet.rules where rule.media.allSatisfy({ $0.matches(viewport) }) {
            var prepared: [PreparedDeclaration] = []
            var important: [Bool] = []
            for declaration in rule.declarations {
                switch preparer.prepare(declaration) {
                case .success(let p):
                    prepared.append(p)
                    important.append(declaration.important)
                case .failure(let error):
                    let line = declaration.line > 0 ? declaration.line : rule.line
                    warnings.append(StyleWarning(path: "\(source.sheet.name):line \(line)", property: declaration.name, reason: error.reason))
                }
            }
            guard !prepared.isEmpty else { continue }
            let ruleIndex = rules.count
            rules.append(Rule(origin: source.origin, declarations: prepared, important: important))
            for selector in rule.selectors.selectors {
                let entry = entries.count
                entries.append(Entry(selector: selector, specificity: selector.specificity, rule: ruleIndex))
                guard let subject = selector.compounds.last else { continue }
                if let id = subject.simple.lazy.compactMap({ if case .id(let v) = $0 { v } else { nil } }).first {
                    byID[id, default: []].append(entry)
                } else if let name = subject.simple.lazy.compactMap({ if case .class(let v) = $0 { v } else { nil } }).first {
                    byClass[name, default: []].append(entry)
                } else if let type = subject.type {
                    byType[type, default: []].append(entry)
                } else {
                    universal.append(entry)
                }
            }
        }
    }

    /// Appends to `list` the entries whose key admits `node`: its id's, its classes', its
    /// type's and the universal ones.
    func candidates(of node: HTMLTree.Node, into list: inout [Int]) {
        list += universal
        if let id = node.id, let found = byID[id] { list += found }
        if node.classes.count <= 8 {  // a few classes: no set to build
            for (i, name) in node.classes.enumerated() where !node.classes[..<i].contains(name) {
                if let found = byClass[name] { list += found }
            }
        } else {
            var seen: Set<String> = []
            for name in node.classes where seen.insert(name).inserted {
                if let found = byClass[name] { list += found }
            }
        }
        if let found = byType[node.name] { list += found }
    }
}
