internal import Elements

/// A media feature test, normalised to comparisons of the feature with values.
public struct MediaFeature: Hashable, Sendable {
    /// A comparison: the feature `op` the value.
    public enum Comparison: Hashable, Sendable {
        /// `=`
        case equal
        /// `<`
        case less
        /// `<=`
        case lessOrEqual
        /// `>`
        case greater
        /// `>=`
        case greaterOrEqual

        /// The same comparison with its sides swapped (`600px < width` is `width > 600px`).
        var flipped: Comparison {
            switch self {
            case .equal: .equal
            case .less: .greater
            case .lessOrEqual: .greaterOrEqual
            case .greater: .less
            case .greaterOrEqual: .lessOrEqual
            }
        }
    }

    /// A feature's value.
    public enum Value: Hashable, Sendable {
        /// A length in CSS px (em and rem at 16px).
        case length(Double)
        /// A number, or a ratio as its quotient.
        case number(Double)
        /// A keyword in lower case.
        case keyword(String)
    }

    /// One test of the feature: `feature comparison value`.
    public struct Constraint: Hashable, Sendable {
        /// How the feature compares with the value.
        public var comparison: Comparison
        /// The value.
        public var value: Value

        /// A constraint.
        public init(_ comparison: Comparison, _ value: Value) {
            self.comparison = comparison
            self.value = value
        }
    }

    /// The feature's name in lower case, without `min-`/`max-` (`width`, `orientation`).
    public var name: String
    /// What it is compared with, all of which must hold; empty for a boolean test (`(color)`).
    public var constraints: [Constraint]

    /// The known features.
    static let known: Set<String> = ["width", "height", "aspect-ratio", "orientation", "prefers-color-scheme",
                                     "prefers-reduced-motion", "color", "monochrome", "hover", "pointer", "grid"]

    /// The feature in a parenthesised block's non-space components, or `nil` when it is not one
    /// this engine knows (an unknown feature, a bad value).
    init?(_ c: [CSSComponent]) {
        constraints = []
        // (name), (name: value), (name op value), (value op name), (value op name op value)
        if c.count == 1, let name = c[0].keyword {
            guard Self.known.contains(name) else { return nil }
            self.name = name
            return
        }
        if c.count >= 3, let raw = c[0].keyword, c[1] == .token(.colon) {
            var name = raw
            var op = Comparison.equal
            if raw.hasPrefix("min-") { name = String(raw.dropFirst(4)); op = .greaterOrEqual }
            if raw.hasPrefix("max-") { name = String(raw.dropFirst(4)); op = .lessOrEqual }
            guard Self.known.contains(name), op == .equal || ["width", "height", "aspect-ratio"].contains(name),
                  let value = Self.value(Array(c[2...])) else { return nil }
            self.name = name
            constraints = [Constraint(op, value)]
            return
        }
        // The range syntax: split at the comparison delimiters.
        var pieces: [[CSSComponent]] = [[]]
        var comparisons: [Comparison] = []
        var i = 0
        while i < c.count {
            if case .token(.delim(let d)) = c[i], d == "<" || d == ">" || d == "=" {
                var op: Comparison = d == "<" ? .less : d == ">" ? .greater : .equal
                if d != "=", i + 1 < c.count, c[i + 1].isDelim("=") {
                    op = d == "<" ? .lessOrEqual : .greaterOrEqual
                    i += 1
                }
                comparisons.append(op)
                pieces.append([])
            } else {
                pieces[pieces.count - 1].append(c[i])
            }
            i += 1
        }
        guard comparisons.count == 1 || comparisons.count == 2, pieces.allSatisfy({ !$0.isEmpty }) else { return nil }
        if comparisons.count == 1 {
            if pieces[0].count == 1, let name = pieces[0][0].keyword, Self.known.contains(name), let v = Self.value(pieces[1]) {
                self.name = name
                constraints = [Constraint(comparisons[0], v)]
                return
            }
            if pieces[1].count == 1, let name = pieces[1][0].keyword, Self.known.contains(name), let v = Self.value(pieces[0]) {
                self.name = name
                constraints = [Constraint(comparisons[0].flipped, v)]
                return
            }
            return nil
        }
        // a < name < b: both comparisons point the same way.
        let increasing = comparisons.allSatisfy { $0 == .less || $0 == .lessOrEqual }
        let decreasing = comparisons.allSatisfy { $0 == .greater || $0 == .greaterOrEqual }
        guard increasing || decreasing, pieces[1].count == 1, let name = pieces[1][0].keyword, Self.known.contains(name),
              let low = Self.value(pieces[0]), let high = Self.value(pieces[2]) else { return nil }
        self.name = name
        constraints = [Constraint(comparisons[0].flipped, low), Constraint(comparisons[1], high)]
    }

    /// A value: a length, a number, a ratio `a / b` or a keyword.
    private static func value(_ c: [CSSComponent]) -> Value? {
        if c.count == 3, case .token(.number(let a)) = c[0], c[1].isDelim("/"), case .token(.number(let b)) = c[2] {
            return b == 0 ? nil : .number(a / b)
        }
        guard c.count == 1 else { return nil }
        switch c[0] {
        case .token(.number(let n)): return .number(n)
        case .token(.dimension(let n, let unit)):
            let factor: Double
            switch HTMLTree.asciiLowercased(unit) {
            case "px": factor = 1
            case "em", "rem": factor = 16
            case "pt": factor = 4.0 / 3.0
            case "pc": factor = 16
            case "in": factor = 96
            case "cm": factor = 96 / 2.54
            case "mm": factor = 96 / 25.4
            case "q": factor = 96 / 101.6
            default: return nil
            }
            return .length(n * factor)
        case .token(.ident(let word)): return .keyword(HTMLTree.asciiLowercased(word))
        default: return nil
        }
    }

    /// Whether the feature holds of `viewport`; `nil` when it is unknown or the value does not fit.
    func evaluate(_ viewport: MediaViewport) -> Bool? {
        let actual: Value
        switch name {
        case "width": actual = .length(viewport.width)
        case "height": actual = .length(viewport.height)
        case "aspect-ratio": actual = .number(viewport.height == 0 ? .infinity : viewport.width / viewport.height)
        case "orientation": actual = .keyword(viewport.height >= viewport.width ? "portrait" : "landscape")
        case "prefers-color-scheme": actual = .keyword("light")
        case "prefers-reduced-motion": actual = .keyword("no-preference")
        case "color": actual = .number(8)
        case "monochrome", "grid": actual = .number(0)
        case "hover", "pointer": actual = .keyword("none")
        default: return nil
        }
        if constraints.isEmpty {
            switch actual {
            case .length(let v), .number(let v): return v != 0
            case .keyword(let k): return k != "none" && k != "no-preference"
            }
        }
        for constraint in constraints {
            let op = constraint.comparison
            switch (actual, constraint.value) {
            case (.keyword(let a), .keyword(let b)):
                guard op == .equal else { return nil }
                if a != b { return false }
            case (.length(let a), .length(let b)), (.number(let a), .number(let b)):
                if !Self.compare(a, op, b) { return false }
            case (.length(let a), .number(0)):
                // `0` is a length without a unit.
                if !Self.compare(a, op, 0) { return false }
            default:
                return nil
            }
        }
        return true
    }

    private static func compare(_ a: Double, _ op: Comparison, _ b: Double) -> Bool {
        switch op {
        case .equal: a == b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        }
    }
}
