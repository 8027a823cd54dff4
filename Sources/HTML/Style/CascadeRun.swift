internal import Elements

/// A declaration made ready for the cascade once, before any element: a custom property, a
/// longhand or an expanded shorthand already validated, or one holding `var()`, whose
/// substitution (and then expansion and validation) waits for each element.
enum PreparedDeclaration {
    /// `--name: value`.
    case custom(name: String, value: String)
    /// Valid longhands and their values.
    case longhands([(name: String, value: String)])
    /// `property: value` with `var()`: a candidate for each of `longhands`, substituted per element.
    case pending(property: String, value: String, longhands: [String])
}

/// Where a declaration stands in the cascade: greater wins.
struct CascadePriority: Comparable {
    /// Origin and importance: 0 UA normal, 1 author normal, 2 author important, 3 UA important.
    var rank: Int
    /// Whether it comes from a `style` attribute (above any selector's specificity).
    var inline: Bool
    /// The matching selector's specificity.
    var specificity: Specificity
    /// Order of appearance: the rule's place across all sheets, then the declaration's in it.
    var order: Int
    var position: Int

    /// The rank of a declaration of `origin`: normal ones in origin order, important ones reversed.
    static func rank(_ origin: StyleOrigin, important: Bool) -> Int {
        switch (origin, important) {
        case (.userAgent, false): 0
        case (.author, false): 1
        case (.author, true): 2
        case (.userAgent, true): 3
        }
    }

    static func < (x: CascadePriority, y: CascadePriority) -> Bool {
        if x.rank != y.rank { return x.rank < y.rank }
        if x.inline != y.inline { return !x.inline }
        if x.specificity != y.specificity { return x.specificity < y.specificity }
        if x.order != y.order { return x.order < y.order }
        return x.position < y.position
    }
}

/// One cascade over one tree: the prepared rules, their index, and the per-element work.
struct CascadeRun {
    /// A style rule whose `@media` matched, its declarations prepared.
    struct Rule {
        var origin: StyleOrigin
        var declarations: [PreparedDeclaration]
        var important: [Bool]
    }

    /// One selector of a rule, tried against the elements its key admits.
    struct Entry {
        var selector: Selector
        var specificity: Specificity
        var rule: Int
    }

    let tree: HTMLTree
    let viewport: MediaViewport
    let limits: StyleLimits
    let validator: (String, String) -> Bool
    private(set) var matcher: SelectorMatcher
    private(set) var styles: [CascadedStyle?]
    private(set) var warnings: [StyleWarning] = []
    private var rules: [Rule] = []
    private var entries: [Entry] = []
    private var byID: [String: [Int]] = [:]
    private var byClass: [String: [Int]] = [:]
    private var byType: [String: [Int]] = [:]
    private var universal: [Int] = []
    /// Validator answers for values known only per element, by property and value.
    private var validity: [String: [String: Bool]] = [:]

    init(tree: HTMLTree, viewport: MediaViewport, limits: StyleLimits, validator: @escaping (String, String) -> Bool) {
        self.tree = tree
        self.viewport = viewport
        self.limits = limits
        self.validator = validator
        matcher = SelectorMatcher(tree: tree, limit: limits.maximumMatchSteps)
        styles = Array(repeating: nil, count: tree.count)
    }

    // MARK: Preparing the rules

    /// Adds the rules of `source` whose `@media` match, prepared and indexed.
    mutating func add(_ source: Cascade.Source) {
        for rule in source.sheet.rules where rule.media.allSatisfy({ $0.matches(viewport) }) {
            let path = "\(source.sheet.name):line \(rule.line)"
            var prepared: [PreparedDeclaration] = []
            var important: [Bool] = []
            for declaration in rule.declarations {
                let declarationPath = declaration.line > 0 ? "\(source.sheet.name):line \(declaration.line)" : path
                guard let p = prepare(declaration, path: declarationPath) else { continue }
                prepared.append(p)
                important.append(declaration.important)
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

    /// `declaration` prepared, or `nil` (with a warning) when it is invalid.
    private mutating func prepare(_ declaration: CSSDeclaration, path: String) -> PreparedDeclaration? {
        let name = declaration.name
        if declaration.isCustomProperty { return .custom(name: name, value: declaration.value) }
        let shorthand = CSSShorthands.longhands[name]
        if CSSVariables.mentionsVar(declaration.value) {
            return .pending(property: name, value: declaration.value, longhands: shorthand ?? [name])
        }
        switch expand(name, declaration.value) {
        case .success(let longhands):
            return .longhands(longhands)
        case .failure(let error):
            warnings.append(StyleWarning(path: path, property: name, reason: error.reason))
            return nil
        }
    }

    /// `name: value` as valid longhands, or why not: a shorthand is expanded, and each value is
    /// checked with the validator (a longhand the shorthand only resets, and the element
    /// model does not know, is left out).
    private mutating func expand(_ name: String, _ value: String) -> Result<[(name: String, value: String)], ShorthandError> {
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

    // MARK: The cascade

    /// The winner so far for one property.
    private struct Winner {
        var priority: CascadePriority
        /// The value, or the index of a pending declaration in the element's list.
        var value: String?
        var pending: Int?
    }

    /// Cascades every element in document order (parents before children).
    mutating func cascade() throws(StyleError) {
        var variables: [CSSVariables] = Array(repeating: CSSVariables(), count: tree.count)
        for index in tree.nodes.indices where tree.nodes[index].kind == .element {
            let node = tree.nodes[index]
            var winners: [String: Winner] = [:]
            var pendings: [(property: String, value: String)] = []
            func offer(_ declaration: PreparedDeclaration, _ priority: CascadePriority) {
                func put(_ name: String, _ winner: Winner) {
                    if let current = winners[name], current.priority > winner.priority { return }
                    winners[name] = winner
                }
                switch declaration {
                case .custom(let name, let value):
                    put(name, Winner(priority: priority, value: value))
                case .longhands(let list):
                    for (name, value) in list { put(name, Winner(priority: priority, value: value)) }
                case .pending(let property, let value, let longhands):
                    pendings.append((property, value))
                    for name in longhands { put(name, Winner(priority: priority, pending: pendings.count - 1)) }
                }
            }
            // Rules whose selectors match, each with its most specific matching selector.
            var matched: [Int: Specificity] = [:]
            for entry in candidates(of: node) {
                let e = entries[entry]
                if let known = matched[e.rule], known >= e.specificity { continue }
                if try matcher.matches(e.selector, index) { matched[e.rule] = e.specificity }
            }
            for (ruleIndex, specificity) in matched {
                let rule = rules[ruleIndex]
                for (position, declaration) in rule.declarations.enumerated() {
                    let priority = CascadePriority(rank: CascadePriority.rank(rule.origin, important: rule.important[position]), inline: false,
                                                   specificity: specificity, order: ruleIndex, position: position)
                    offer(declaration, priority)
                }
            }
            // The `style` attribute: author origin, above every selector.
            if let style = node.attribute("style"), !style.isEmpty {
                let path = tree.stylePath(of: HTMLTree.NodeID(index))
                let declarations = try StyleSheet.declarations(parsingStyleAttribute: style, path: path, limits: limits, warnings: &warnings)
                for (position, declaration) in declarations.enumerated() {
                    guard let prepared = prepare(declaration, path: path) else { continue }
                    offer(prepared, CascadePriority(rank: CascadePriority.rank(.author, important: declaration.important), inline: true, specificity: .zero,
                                                    order: rules.count, position: position))
                }
            }
            let inherited = node.parent.map { variables[$0.index] } ?? CSSVariables()
            variables[index] = resolveCustomProperties(winners, inherited: inherited, element: index)
            styles[index] = CascadedStyle(values: resolveValues(winners, pendings, variables[index], element: index),
                                          customProperties: variables[index].values)
        }
    }

    /// The entries whose key admits `node`: its id's, its classes', its type's and the universal ones.
    private func candidates(of node: HTMLTree.Node) -> [Int] {
        var list = universal
        if let id = node.id, let found = byID[id] { list += found }
        var seen: Set<String> = []
        for name in node.classes where seen.insert(name).inserted {
            if let found = byClass[name] { list += found }
        }
        if let found = byType[node.name] { list += found }
        return list
    }

    /// The element's custom properties: the inherited ones, then its own winners resolved
    /// (`var()` among them substituted; a cycle or a missing reference leaves one undefined).
    private mutating func resolveCustomProperties(_ winners: [String: Winner], inherited: CSSVariables, element: Int) -> CSSVariables {
        var own: [String: String] = [:]
        var scope = inherited
        for (name, winner) in winners where name.hasPrefix("--") {
            guard let value = winner.value else { continue }
            switch HTMLTree.asciiLowercased(value.trimmingSpaces) {
            case "inherit", "unset", "revert", "revert-layer": continue
            case "initial": scope = scope.removing(name)
            default: own[name] = value
            }
        }
        guard !own.isEmpty else { return scope }
        do {
            let result = try scope.declaring(own)
            for name in own.keys.sorted() where result.values[name] == nil {
                warn(element, name, "invalid at computed-value time: a var() cycle or an undefined variable without a fallback")
            }
            return result
        } catch {
            // One of them is malformed or too long: declare the others one by one.
            var result = scope
            for name in own.keys.sorted() {
                do {
                    result = try result.declaring([name: own[name]!])
                } catch {
                    result = result.removing(name)
                    warn(element, name, error.message)
                }
            }
            return result
        }
    }

    /// The element's longhand values: the winners, with pending ones substituted, expanded and
    /// validated (or left out, as invalid at computed-value time).
    private mutating func resolveValues(_ winners: [String: Winner], _ pendings: [(property: String, value: String)],
                                        _ variables: CSSVariables, element: Int) -> [String: String] {
        var values: [String: String] = [:]
        var waiting: [(name: String, pending: Int)] = []
        for (name, winner) in winners where !name.hasPrefix("--") {
            if let value = winner.value {
                values[name] = value
            } else if let p = winner.pending {
                waiting.append((name, p))
            }
        }
        guard !waiting.isEmpty else { return values }
        // Pending declarations are substituted in source order, so their warnings come in a stable order.
        var expanded: [Int: [String: String]?] = [:]
        for (name, p) in waiting.sorted(by: { ($0.pending, $0.name) < ($1.pending, $1.name) }) {
            if expanded[p] == nil {
                expanded[p] = .some(substituteAndExpand(pendings[p], variables, element: element))
            }
            if let longhands = expanded[p] ?? nil, let value = longhands[name] { values[name] = value }
        }
        return values
    }

    /// A pending declaration's longhands for this element, or `nil` when it is invalid at
    /// computed-value time (reported).
    private mutating func substituteAndExpand(_ pending: (property: String, value: String), _ variables: CSSVariables, element: Int) -> [String: String]? {
        let substituted: String?
        do {
            substituted = try variables.substitute(pending.value, name: pending.property)
        } catch {
            warn(element, pending.property, error.message)
            return nil
        }
        guard let substituted else {
            warn(element, pending.property, "invalid at computed-value time: \"\(StyleSheetParser.shortened(pending.value))\" refers to an undefined variable without a fallback")
            return nil
        }
        switch expand(pending.property, substituted.trimmingSpaces) {
        case .success(let longhands):
            return Dictionary(longhands.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        case .failure(let error):
            warn(element, pending.property, "invalid at computed-value time: \(error.reason)")
            return nil
        }
    }

    private mutating func warn(_ element: Int, _ property: String, _ reason: String) {
        warnings.append(StyleWarning(path: tree.stylePath(of: HTMLTree.NodeID(element)), property: property, reason: reason))
    }
}
