/// A selector list (`h1, .title > b`): matches an element that any of its selectors matches.
public struct SelectorList: Hashable, Sendable {
    /// The complex selectors, in source order.
    public var selectors: [Selector]

    /// A list of selectors.
    public init(_ selectors: [Selector]) { self.selectors = selectors }

    /// The specificity of the most specific selector (what `:is()` and `:not()` take).
    public var maximumSpecificity: Specificity { selectors.map(\.specificity).max() ?? .zero }
}

/// A complex selector (`ul > li.item + li`): compound selectors joined by combinators.
public struct Selector: Hashable, Sendable {
    /// The compounds, left to right; the last one is the subject (what the selector selects).
    public var compounds: [CompoundSelector]
    /// `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    public var combinators: [Combinator]

    /// A selector; `combinators.count` must be `compounds.count - 1`.
    public init(compounds: [CompoundSelector], combinators: [Combinator]) {
        precondition(combinators.count == max(compounds.count - 1, 0), "one combinator between each two compounds")
        self.compounds = compounds
        self.combinators = combinators
    }

    /// Its specificity: the sum of its compounds'.
    public var specificity: Specificity { compounds.reduce(.zero) { $0 + $1.specificity } }
}

/// How two compound selectors relate.
public enum Combinator: Hashable, Sendable {
    /// ` `: the right one is a descendant of the left one.
    case descendant
    /// `>`: a child.
    case child
    /// `+`: the next element sibling.
    case nextSibling
    /// `~`: any later element sibling.
    case subsequentSibling
}

/// A compound selector (`div.card#main[title]:first-child`): all of its parts hold of one element.
public struct CompoundSelector: Hashable, Sendable {
    /// The type selector in ASCII lower case; `nil` for `*` or none.
    public var type: String?
    /// The other simple selectors, in source order.
    public var simple: [SimpleSelector]

    /// A compound selector.
    public init(type: String? = nil, simple: [SimpleSelector] = []) {
        self.type = type
        self.simple = simple
    }

    /// Its specificity: a type counts in `c`, each simple selector as ``SimpleSelector/specificity``.
    public var specificity: Specificity {
        simple.reduce(type == nil ? .zero : Specificity(0, 0, 1)) { $0 + $1.specificity }
    }
}

/// One simple selector other than a type.
public enum SimpleSelector: Hashable, Sendable {
    /// `#id` (case-sensitive).
    case id(String)
    /// `.class` (case-sensitive).
    case `class`(String)
    /// `[name]`, `[name=value]` and the other attribute forms.
    case attribute(AttributeSelector)
    /// `:first-child`, `:not(…)` and the other supported pseudo-classes.
    case pseudoClass(PseudoClass)

    /// Its specificity (Selectors 4, §17).
    public var specificity: Specificity {
        switch self {
        case .id: Specificity(1, 0, 0)
        case .class, .attribute: Specificity(0, 1, 0)
        case .pseudoClass(let pseudo): pseudo.specificity
        }
    }
}

/// An attribute selector: `[name]`, or `[name op "value" i]`.
public struct AttributeSelector: Hashable, Sendable {
    /// How the value is compared.
    public enum Operator: Hashable, Sendable {
        /// `=`: equal.
        case equals
        /// `~=`: one of its white-space-separated words.
        case includesWord
        /// `|=`: equal, or starts with the value and `-`.
        case dashMatch
        /// `^=`: starts with (a non-empty value).
        case prefix
        /// `$=`: ends with (a non-empty value).
        case suffix
        /// `*=`: contains (a non-empty value).
        case substring
    }

    /// The attribute name in ASCII lower case.
    public var name: String
    /// The operator, `nil` for presence.
    public var op: Operator?
    /// The value compared (empty for presence).
    public var value: String
    /// Whether the value is compared ASCII case-insensitively (the ` i` flag).
    public var caseInsensitive: Bool

    /// An attribute selector.
    public init(name: String, op: Operator? = nil, value: String = "", caseInsensitive: Bool = false) {
        self.name = name
        self.op = op
        self.value = value
        self.caseInsensitive = caseInsensitive
    }
}

/// `An+B` of `:nth-child()` and its kin: matches the 1-based positions `A·n + B` for some n ≥ 0.
public struct NthPattern: Hashable, Sendable {
    /// The step `A`.
    public var a: Int
    /// The offset `B`.
    public var b: Int

    /// `An+B`.
    public init(a: Int, b: Int) {
        self.a = a
        self.b = b
    }

    /// Whether `position` (1-based) is `A·n + B` for some integer n ≥ 0.
    public func matches(_ position: Int) -> Bool {
        if a == 0 { return position == b }
        let offset = position - b
        return offset % a == 0 && offset / a >= 0
    }
}

/// The supported pseudo-classes (Selectors Level 4).
public indirect enum PseudoClass: Hashable, Sendable {
    /// `:first-child`
    case firstChild
    /// `:last-child`
    case lastChild
    /// `:only-child`
    case onlyChild
    /// `:nth-child(An+B [of S]?)`
    case nthChild(NthPattern, of: SelectorList?)
    /// `:nth-last-child(An+B [of S]?)`
    case nthLastChild(NthPattern, of: SelectorList?)
    /// `:first-of-type`
    case firstOfType
    /// `:last-of-type`
    case lastOfType
    /// `:only-of-type`
    case onlyOfType
    /// `:nth-of-type(An+B)`
    case nthOfType(NthPattern)
    /// `:nth-last-of-type(An+B)`
    case nthLastOfType(NthPattern)
    /// `:not(list)`: none of them matches.
    case not(SelectorList)
    /// `:is(list)`: one of them matches.
    case `is`(SelectorList)
    /// `:where(list)`: as `:is()`, with no specificity.
    case `where`(SelectorList)
    /// `:root`: the document's root element.
    case root
    /// `:empty`: no element children and no text.
    case empty

    /// Its specificity: one pseudo-class, `:not()`/`:is()` their most specific argument,
    /// `:nth-child(… of S)` one plus S's, `:where()` none.
    public var specificity: Specificity {
        switch self {
        case .not(let list), .is(let list): list.maximumSpecificity
        case .where: .zero
        case .nthChild(_, let list?), .nthLastChild(_, let list?): Specificity(0, 1, 0) + list.maximumSpecificity
        default: Specificity(0, 1, 0)
        }
    }
}
