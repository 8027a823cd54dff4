internal import Elements

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

/// One cascade over one tree: the sheets' prepared rules, and the per-element work.
struct CascadeRun {
    let tree: HTMLTree
    let limits: StyleLimits
    /// Each source's prepared rules, in cascade order.
    let prepared: [PreparedRules]
    private(set) var matcher: SelectorMatcher
    private(set) var styles: [CascadedStyle?]
    private(set) var warnings: [StyleWarning] = []
    /// Prepares `style` attributes and the declarations `var()` makes known per element.
    private var preparer: DeclarationPreparer
    /// Where each source's rules start in order of appearance across all sheets.
    private let firstOrder: [Int]
    /// The serial numbers of `prepared` (``StyleMemo``), when its tables may share cascaded
    /// values between runs; `nil`: shared within this run only.
    private let sheetSerials: [Int]?
    /// Each element's shared style number (``StyleMemo/SharedStyle``), when its values are shared.
    private(set) var styleIDs: [Int?]

    init(tree: HTMLTree, prepared: [PreparedRules], limits: StyleLimits, sheetSerials: [Int]? = nil,
         validator: @escaping (String, String) -> Bool) {
        self.tree = tree
        self.limits = limits
        self.prepared = prepared
        self.sheetSerials = sheetSerials
        styleIDs = Array(repeating: nil, count: tree.count)
        preparer = DeclarationPreparer(validator: validator)
        matcher = SelectorMatcher(tree: tree, limit: limits.maximumMatchSteps)
        styles = Array(repeating: nil, count: tree.count)
        var first: [Int] = []
        var order = 0
        for rules in prepared {
            first.append(order)
            order += rules.rules.count
        }
        firstOrder = first
        warnings = prepared.flatMap(\.warnings)
    }

    /// The rules' count across all sheets: a `style` attribute comes after them in order of appearance.
    private var ruleCount: Int { (firstOrder.last ?? 0) + (prepared.last?.rules.count ?? 0) }

    /// `declaration` of element `path` prepared, or `nil` (with a warning) when it is invalid.
    private mutating func prepare(_ declaration: CSSDeclaration, path: String) -> PreparedDeclaration? {
        switch preparer.prepare(declaration) {
        case .success(let prepared):
            return prepared
        case .failure(let error):
            warnings.append(StyleWarning(path: path, property: declaration.name, reason: error.reason))
            return nil
        }
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
        var candidates: [Int] = []
        var sharedValues: [MatchedRules: StyleMemo.SharedStyle] = [:]
        for index in tree.nodes.indices where tree.nodes[index].kind == .element {
            let node = tree.nodes[index]
            var winners: [String: Winner] = [:]
            var pendings: [(property: String, value: String)] = []
            func offer(_ declaration: PreparedDeclaration, _ priority: CascadePriority) {
                func put(_ name: String, _ winner: Winner) {
                    // One lookup: an absent name takes `winner` as its default.
                    Self.keep(winner, in: &winners[name, default: winner])
                }
                switch declaration.form {
                case .custom:
                    put(declaration.name, Winner(priority: priority, value: declaration.value))
                case .longhands:
                    for (name, value) in declaration.longhands { put(name, Winner(priority: priority, value: value)) }
                case .pending:
                    pendings.append((declaration.name, declaration.value))
                    for (name, _) in declaration.longhands { put(name, Winner(priority: priority, pending: pendings.count - 1)) }
                }
            }
            // Rules whose selectors match, each with its most specific matching selector.
            var matched: [Int: (source: Int, rule: Int, specificity: Specificity)] = [:]
            for source in prepared.indices {  // by index: a copy of the rules would retain all they hold
                candidates.removeAll(keepingCapacity: true)
                prepared[source].candidates(of: node, into: &candidates)
                for entry in candidates {
                    let e = prepared[source].entries[entry]
                    let order = firstOrder[source] + e.rule
                    if let known = matched[order], known.specificity >= e.specificity { continue }
                    if try matcher.matches(e.selector, index) { matched[order] = (source, e.rule, e.specificity) }
                }
            }
            // Elements matching the same rules, without a `style` attribute or custom properties
            // among them, cascade to the same values: the first one's are shared.
            let style = node.attribute("style") ?? ""
            let sharedKey: MatchedRules? = style.isEmpty && matched.values.allSatisfy({ prepared[$0.source].rules[$0.rule].isPlain })
                ? MatchedRules(matched.map { MatchedRule(order: $0.key, specificity: $0.value.specificity) }.sorted { $0.order < $1.order })
                : nil
            if let sharedKey, let shared = sharedValues[sharedKey] ?? sheetSerials.flatMap({ StyleMemo.sharedStyle(sheets: $0, rules: sharedKey.rules) }) {
                let inherited = node.parent.map { variables[$0.index] } ?? CSSVariables()
                variables[index] = inherited
                styles[index] = CascadedStyle(values: shared.values, customProperties: inherited.values)
                styleIDs[index] = shared.id
                sharedValues[sharedKey] = shared
                continue
            }
            winners.reserveCapacity(32)
            // In order of appearance: a dictionary's order differs between instances, and the
            // order pending declarations are offered in orders their warnings.
            for (order, match) in matched.sorted(by: { $0.key < $1.key }) {
                let rule = prepared[match.source].rules[match.rule]
                for (position, declaration) in rule.declarations.enumerated() {
                    let priority = CascadePriority(rank: CascadePriority.rank(rule.origin, important: rule.important[position]), inline: false,
                                                   specificity: match.specificity, order: order, position: position)
                    offer(declaration, priority)
                }
            }
            // The `style` attribute: author origin, above every selector.
            if !style.isEmpty {
                let path = tree.stylePath(of: HTMLTree.NodeID(index))
                let declarations = try StyleSheet.declarations(parsingStyleAttribute: style, path: path, limits: limits, warnings: &warnings)
                for (position, declaration) in declarations.enumerated() {
                    guard let prepared = prepare(declaration, path: path) else { continue }
                    offer(prepared, CascadePriority(rank: CascadePriority.rank(.author, important: declaration.important), inline: true, specificity: .zero,
                                                    order: ruleCount, position: position))
                }
            }
            let inherited = node.parent.map { variables[$0.index] } ?? CSSVariables()
            variables[index] = resolveCustomProperties(winners, inherited: inherited, element: index)
            let values = resolveValues(winners, pendings, variables[index], element: index)
            styles[index] = CascadedStyle(values: values, customProperties: variables[index].values)
            if let sharedKey {
                let shared = sheetSerials.map { StyleMemo.keepSharedStyle(values, sheets: $0, rules: sharedKey.rules) }
                    ?? StyleMemo.SharedStyle(values: values, id: nil)
                sharedValues[sharedKey] = shared
                styleIDs[index] = shared.id
            }
        }
    }

    /// `winner` in `current`'s place unless `current` ranks above it.
    private static func keep(_ winner: Winner, in current: inout Winner) {
        if !(current.priority > winner.priority) { current = winner }
    }

    /// A rule an element matches, at the specificity it matches with.
    struct MatchedRule: Hashable, Sendable {
        var order: Int
        var specificity: Specificity
    }

    /// The rules an element matches, in order of appearance.
    struct MatchedRules: Hashable {
        var rules: [MatchedRule]
        init(_ rules: [MatchedRule]) { self.rules = rules }
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
        values.reserveCapacity(winners.count)
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
        switch preparer.expand(pending.property, substituted.trimmingSpaces) {
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
