/// Matches selectors against an ``HTMLTree`` right to left, counting its steps against a budget.
///
/// Descendant and sibling combinators would backtrack exponentially if tried naively (`a b c d
/// e f x` against a deep tree). Each partial match reports not only failure but how far it
/// reaches (WebKit's scheme): a prefix that fails at every ancestor fails *completely*, and
/// then no higher ancestor is tried, so each combinator walks each ancestor or sibling at most
/// once per attempt, never revisiting the subtrees of a failed one.
struct SelectorMatcher {
    /// How far a failed partial match rules out other candidates.
    enum Outcome: Equatable {
        /// The selector prefix matches the element.
        case matches
        /// It fails here; other elements may still match.
        case failsLocally
        /// It fails here and at every earlier element sibling.
        case failsAllSiblings
        /// It fails here, at every ancestor, and at every earlier sibling of these.
        case failsCompletely
    }

    /// The document.
    let tree: HTMLTree
    /// The most steps allowed.
    let limit: Int
    /// Steps taken so far: compound selectors tested and siblings walked.
    private(set) var steps = 0
    /// Each element's 1-based position among its same-named siblings, once an of-type
    /// pseudo-class asks (index by node).
    private var typePosition: [Int] = []
    /// The number of same-named siblings each element has, itself included.
    private var typeCount: [Int] = []

    /// A matcher over `tree` allowed `limit` steps.
    init(tree: HTMLTree, limit: Int) {
        self.tree = tree
        self.limit = limit
    }

    /// Whether a selector of `list` matches element `e`.
    mutating func matches(_ list: SelectorList, _ e: Int) throws(StyleError) -> Bool {
        for selector in list.selectors where try matches(selector, e) { return true }
        return false
    }

    /// Whether `selector` matches element `e`.
    mutating func matches(_ selector: Selector, _ e: Int) throws(StyleError) -> Bool {
        guard !selector.compounds.isEmpty else { return false }
        return try match(selector, selector.compounds.count - 1, e) == .matches
    }

    /// Whether compounds `0...k` of `s` match with compound `k` at element `e`.
    private mutating func match(_ s: Selector, _ k: Int, _ e: Int) throws(StyleError) -> Outcome {
        guard try compound(s.compounds[k], e) else { return .failsLocally }
        if k == 0 { return .matches }
        let node = tree.nodes[e]
        switch s.combinators[k - 1] {
        case .descendant:
            var ancestor = node.parent
            while let a = ancestor {
                let outcome = try match(s, k - 1, a.index)
                if outcome == .matches || outcome == .failsCompletely { return outcome }
                ancestor = tree.nodes[a.index].parent
            }
            return .failsCompletely
        case .child:
            guard let parent = node.parent else { return .failsCompletely }
            let outcome = try match(s, k - 1, parent.index)
            return outcome == .matches || outcome == .failsCompletely ? outcome : .failsAllSiblings
        case .nextSibling:
            guard let previous = node.previousElementSibling else { return .failsAllSiblings }
            return try match(s, k - 1, previous.index)
        case .subsequentSibling:
            var sibling = node.previousElementSibling
            while let p = sibling {
                let outcome = try match(s, k - 1, p.index)
                if outcome != .failsLocally { return outcome }
                sibling = tree.nodes[p.index].previousElementSibling
            }
            return .failsAllSiblings
        }
    }

    /// Counts one step, or throws once the budget is spent.
    private mutating func step() throws(StyleError) {
        steps += 1
        if steps > limit { throw .tooMuchWork(limit: limit) }
    }

    /// Whether every part of `c` holds of element `e`.
    private mutating func compound(_ c: CompoundSelector, _ e: Int) throws(StyleError) -> Bool {
        try step()
        let node = tree.nodes[e]
        if let type = c.type, node.name != type { return false }
        for simple in c.simple {
            switch simple {
            case .id(let id):
                if node.id != id { return false }
            case .class(let name):
                if !node.classes.contains(name) { return false }
            case .attribute(let attribute):
                if !Self.attributeMatches(attribute, node) { return false }
            case .pseudoClass(let pseudo):
                if try !pseudoClass(pseudo, e) { return false }
            }
        }
        return true
    }

    /// Whether `attribute` holds of `node`.
    static func attributeMatches(_ attribute: AttributeSelector, _ node: HTMLTree.Node) -> Bool {
        guard var actual = node.attribute(attribute.name) else { return false }
        guard let op = attribute.op else { return true }
        var wanted = attribute.value
        if attribute.caseInsensitive {
            actual = HTMLTree.asciiLowercased(actual)
            wanted = HTMLTree.asciiLowercased(wanted)
        }
        switch op {
        case .equals:
            return actual == wanted
        case .includesWord:
            guard !wanted.isEmpty, !wanted.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) else { return false }
            return HTMLTree.splitOnWhitespace(actual).contains(wanted)
        case .dashMatch:
            return actual == wanted || actual.hasPrefix(wanted + "-")
        case .prefix:
            return !wanted.isEmpty && actual.hasPrefix(wanted)
        case .suffix:
            return !wanted.isEmpty && actual.hasSuffix(wanted)
        case .substring:
            return !wanted.isEmpty && actual.contains(wanted)
        }
    }

    /// The number of element children of `e`'s parent (1 for the root).
    private func siblingCount(_ e: Int) -> Int {
        tree.nodes[e].parent.map { tree.nodes[$0.index].elementChildCount } ?? 1
    }

    /// Whether `pseudo` holds of element `e`.
    private mutating func pseudoClass(_ pseudo: PseudoClass, _ e: Int) throws(StyleError) -> Bool {
        let node = tree.nodes[e]
        switch pseudo {
        case .root:
            return node.parent == nil
        case .empty:
            return node.children.allSatisfy { tree.nodes[$0.index].kind == .text && tree.nodes[$0.index].text.isEmpty }
        case .firstChild:
            return node.elementIndex == 1
        case .lastChild:
            return node.elementIndex == siblingCount(e)
        case .onlyChild:
            return siblingCount(e) == 1
        case .nthChild(let nth, nil):
            return nth.matches(node.elementIndex)
        case .nthLastChild(let nth, nil):
            return nth.matches(siblingCount(e) - node.elementIndex + 1)
        case .nthChild(let nth, let of?):
            guard try matches(of, e) else { return false }
            var position = 1
            var sibling = node.previousElementSibling
            while let p = sibling {
                if try matches(of, p.index) { position += 1 }
                sibling = tree.nodes[p.index].previousElementSibling
            }
            return nth.matches(position)
        case .nthLastChild(let nth, let of?):
            guard try matches(of, e) else { return false }
            var position = 1
            for later in try followingElementSiblings(e) where try matches(of, later) { position += 1 }
            return nth.matches(position)
        case .firstOfType:
            return try ofType(e).position == 1
        case .lastOfType:
            let (position, count) = try ofType(e)
            return position == count
        case .onlyOfType:
            return try ofType(e).count == 1
        case .nthOfType(let nth):
            return nth.matches(try ofType(e).position)
        case .nthLastOfType(let nth):
            let (position, count) = try ofType(e)
            return nth.matches(count - position + 1)
        case .not(let list):
            return try !matches(list, e)
        case .is(let list), .where(let list):
            return try matches(list, e)
        }
    }

    /// The element siblings after `e`, in order (each one a step).
    private mutating func followingElementSiblings(_ e: Int) throws(StyleError) -> [Int] {
        guard let parent = tree.nodes[e].parent else { return [] }
        var result: [Int] = []
        for child in tree.nodes[parent.index].children.reversed() {
            if child.index == e { break }
            try step()
            if tree.nodes[child.index].kind == .element { result.append(child.index) }
        }
        return result.reversed()
    }

    /// `e`'s position among its same-named siblings and their number; computed for the whole
    /// tree in one pass the first time one is asked.
    private mutating func ofType(_ e: Int) throws(StyleError) -> (position: Int, count: Int) {
        if typePosition.isEmpty {
            struct Key: Hashable { let parent: Int; let name: String }
            var seen: [Key: Int] = [:]
            typePosition = Array(repeating: 0, count: tree.count)
            typeCount = Array(repeating: 0, count: tree.count)
            for (index, node) in tree.nodes.enumerated() where node.kind == .element {
                try step()
                let key = Key(parent: node.parent?.index ?? -1, name: node.name)
                let position = (seen[key] ?? 0) + 1
                seen[key] = position
                typePosition[index] = position
            }
            for (index, node) in tree.nodes.enumerated() where node.kind == .element {
                typeCount[index] = seen[Key(parent: node.parent?.index ?? -1, name: node.name)] ?? 1
            }
        }
        return (typePosition[e], typeCount[e])
    }
}

extension SelectorList {
    /// Whether one of these selectors matches element `node` of `tree`, within `limits`'
    /// matching budget.
    public func matches(_ node: HTMLTree.NodeID, in tree: HTMLTree, limits: StyleLimits = StyleLimits()) throws(StyleError) -> Bool {
        guard tree[node].kind == .element else { return false }
        var matcher = SelectorMatcher(tree: tree, limit: limits.maximumMatchSteps)
        return try matcher.matches(self, node.index)
    }

    /// The selector list in `text` (`nil` when it is invalid or not supported here).
    public init?(parsing text: String, limits: StyleLimits = StyleLimits()) {
        guard let list = try? SelectorParser.parse(text, limits: limits) else { return nil }
        self = list
    }
}
