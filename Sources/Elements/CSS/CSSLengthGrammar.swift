internal import Flexbox
/// The `<length-percentage>` and `<angle>` grammars of the paint properties, with `calc()`,
/// `min()`, `max()` and `clamp()` (CSS Values 4, §10). A unitless number is points, as a JSON
/// number is in this schema (CSS itself allows only `0` there).
enum CSSLengthGrammar {
    /// A number, or a length: the two types a `calc()` term can have.
    private enum Term {
        case number(Double)
        case length(StyleLength)
    }

    /// The length `component` is, or `nil` when it is not a length at all (an identifier, a
    /// colour). Throws when it is a length that breaks the rules (a bad unit, a percentage where
    /// none is allowed, a negative value where none is allowed, an infinite value).
    static func length(_ component: CSSComponent, percent: Bool = true, negative: Bool = true) throws(CSSValueError) -> StyleLength? {
        let value: StyleLength
        switch component {
        case .token(.number(let n)):
            value = .points(n)
        case .token(.percentage(let n)):
            guard percent else { throw CSSValueError(message: "\(component) is a percentage: this length must be absolute (px, em, rem, vw, vh)") }
            value = .percent(n)
        case .token(.dimension(let n, let unit)):
            value = try dimension(n, unit, component)
        case .function(let name, let arguments) where ["calc", "min", "max", "clamp"].contains(name):
            guard case .length(let length) = try mathFunction(name, arguments, percent: percent) else {
                throw CSSValueError(message: "\(component) is a number: expected a length")
            }
            value = length
        default:
            return nil
        }
        try check(value, component, negative: negative)
        return value
    }

    /// A value that must be exactly one length.
    static func single(_ components: [CSSComponent], percent: Bool = true, negative: Bool = true, expected: String) throws(CSSValueError) -> StyleLength {
        let words = CSSComponentParser.words(components)
        guard words.count == 1, let length = try length(words[0], percent: percent, negative: negative) else {
            throw CSSValueError(message: "\"\(components.map(\.description).joined())\" is not \(expected)")
        }
        return length
    }

    /// An angle in degrees: `deg`, `rad`, `grad` or `turn`, or a unitless `0`; `nil` when
    /// `component` is not an angle.
    static func angle(_ component: CSSComponent) throws(CSSValueError) -> Double? {
        let degrees: Double
        switch component {
        case .token(.number(0)):
            return 0
        case .token(.dimension(let n, let unit)):
            switch unit.lowercased() {
            case "deg": degrees = n
            case "rad": degrees = n * 180 / .pi
            case "grad": degrees = n * 0.9
            case "turn": degrees = n * 360
            default: return nil
            }
        default:
            return nil
        }
        guard degrees.isFinite else { throw CSSValueError(message: "\(component) is not a finite angle") }
        return degrees
    }

    private static func dimension(_ n: Double, _ unit: String, _ component: CSSComponent) throws(CSSValueError) -> StyleLength {
        switch unit.lowercased() {
        case "px": return .points(n)
        case "em": return .em(n)
        case "rem": return .rem(n)
        case "vw": return .vw(n)
        case "vh": return .vh(n)
        case "vmin", "vmax", "pt", "pc", "in", "cm", "mm", "q":
            // Absolute units by CSS's fixed ratios; vmin/vmax need both canvas sides.
            switch unit.lowercased() {
            case "pt": return .points(n * 4 / 3)
            case "pc": return .points(n * 16)
            case "in": return .points(n * 96)
            case "cm": return .points(n * 96 / 2.54)
            case "mm": return .points(n * 96 / 25.4)
            case "q": return .points(n * 96 / 101.6)
            // n × the smaller (larger) canvas side: for a negative n that is the larger product.
            case "vmin": return n < 0 ? .max([.vw(n), .vh(n)]) : .min([.vw(n), .vh(n)])
            default: return n < 0 ? .min([.vw(n), .vh(n)]) : .max([.vw(n), .vh(n)])
            }
        default:
            throw CSSValueError(message: "\(component) has an unknown unit \"\(unit)\": expected px, em, rem, vw, vh, vmin, vmax, pt, pc, in, cm, mm or Q")
        }
    }

    private static func check(_ value: StyleLength, _ component: CSSComponent, negative: Bool) throws(CSSValueError) {
        switch value {
        case .points(let n), .percent(let n), .em(let n), .rem(let n), .vw(let n), .vh(let n):
            guard n.isFinite else { throw CSSValueError(message: "\(component) is not a finite length") }
            guard negative || n >= 0 else { throw CSSValueError(message: "\(component) is negative: this length must be 0 or more") }
        default:
            // A calc() may be negative for some boxes and not others; CSS clamps it when used.
            break
        }
    }

    // MARK: calc(), min(), max(), clamp()

    private static func mathFunction(_ name: String, _ arguments: [CSSComponent], percent: Bool) throws(CSSValueError) -> Term {
        let parts = CSSComponentParser.commaSeparated(arguments)
        switch name {
        case "calc":
            guard parts.count == 1 else { throw CSSValueError(message: "calc() takes one expression, not \(parts.count)") }
            return try sum(parts[0], percent: percent)
        case "min", "max":
            let terms = try parts.map { (part: [CSSComponent]) throws(CSSValueError) -> Term in try sum(part, percent: percent) }
            guard !terms.isEmpty else { throw CSSValueError(message: "\(name)() needs at least one argument") }
            if let numbers = allNumbers(terms) { return .number(name == "min" ? numbers.min()! : numbers.max()!) }
            let lengths = try asLengths(terms, name)
            return .length(name == "min" ? .min(lengths) : .max(lengths))
        default:
            guard parts.count == 3 else { throw CSSValueError(message: "clamp() takes 3 arguments (minimum, preferred, maximum), not \(parts.count)") }
            let terms = try parts.map { (part: [CSSComponent]) throws(CSSValueError) -> Term in try sum(part, percent: percent) }
            if let n = allNumbers(terms) { return .number(Swift.max(n[0], Swift.min(n[1], n[2]))) }
            let lengths = try asLengths(terms, name)
            return .length(.clamp(lengths[0], lengths[1], lengths[2]))
        }
    }

    private static func allNumbers(_ terms: [Term]) -> [Double]? {
        var numbers: [Double] = []
        for term in terms {
            guard case .number(let n) = term else { return nil }
            numbers.append(n)
        }
        return numbers
    }

    private static func asLengths(_ terms: [Term], _ name: String) throws(CSSValueError) -> [StyleLength] {
        var lengths: [StyleLength] = []
        for term in terms {
            switch term {
            case .length(let length): lengths.append(length)
            // A unitless number beside lengths is points in this schema, as everywhere else.
            case .number(let n): lengths.append(.points(n))
            }
        }
        return lengths
    }

    /// `a + b - c`: products joined by `+` and `-` (CSS needs whitespace around them; a sign
    /// glued to a number is the number's own).
    private static func sum(_ components: [CSSComponent], percent: Bool) throws(CSSValueError) -> Term {
        let words = CSSComponentParser.words(components)
        guard !words.isEmpty else { throw CSSValueError(message: "an empty calc() expression") }
        var index = 0
        var result = try product(words, &index, percent: percent)
        while index < words.count {
            let op = words[index]
            guard op.isDelim("+") || op.isDelim("-") else {
                throw CSSValueError(message: "\"\(op)\" in calc(): expected + or - (with spaces around it), * or /")
            }
            index += 1
            guard index < words.count else { throw CSSValueError(message: "calc() ends with \"\(op)\"") }
            let rhs = try product(words, &index, percent: percent)
            result = try combine(result, rhs, negate: op.isDelim("-"))
        }
        return result
    }

    private static func combine(_ a: Term, _ b: Term, negate: Bool) throws(CSSValueError) -> Term {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return .number(negate ? x - y : x + y)
        case (.length(let x), .length(let y)):
            return .length(.sum(terms(of: x) + terms(of: negate ? .product(y, -1) : y)))
        default:
            throw CSSValueError(message: "calc() adds a number to a length: give the number a unit")
        }
    }

    private static func terms(of length: StyleLength) -> [StyleLength] {
        if case .sum(let terms) = length { return terms }
        return [length]
    }

    private static func product(_ words: [CSSComponent], _ index: inout Int, percent: Bool) throws(CSSValueError) -> Term {
        var result = try value(words[index], percent: percent)
        index += 1
        while index < words.count, words[index].isDelim("*") || words[index].isDelim("/") {
            let divide = words[index].isDelim("/")
            index += 1
            guard index < words.count else { throw CSSValueError(message: "calc() ends with an operator") }
            let rhs = try value(words[index], percent: percent)
            index += 1
            switch (result, rhs) {
            case (.number(let x), .number(let y)):
                if divide, y == 0 { throw CSSValueError(message: "calc() divides by zero") }
                result = .number(divide ? x / y : x * y)
            case (.length(let x), .number(let y)):
                if divide, y == 0 { throw CSSValueError(message: "calc() divides by zero") }
                result = .length(.product(x, divide ? 1 / y : y))
            case (.number(let x), .length(let y)) where !divide:
                result = .length(.product(y, x))
            default:
                throw CSSValueError(message: divide ? "calc() divides by a length: divide by a number" : "calc() multiplies two lengths: one side must be a number")
            }
            if case .number(let n) = result, !n.isFinite { throw CSSValueError(message: "calc() overflows") }
            if case .length(.product(_, let n)) = result, !n.isFinite { throw CSSValueError(message: "calc() overflows") }
        }
        return result
    }

    private static func value(_ component: CSSComponent, percent: Bool) throws(CSSValueError) -> Term {
        switch component {
        case .token(.number(let n)):
            guard n.isFinite else { throw CSSValueError(message: "\(component) is not a finite number") }
            return .number(n)
        case .block("(", let contents):
            return try sum(contents, percent: percent)
        case .function(let name, let arguments) where ["calc", "min", "max", "clamp"].contains(name):
            return try mathFunction(name, arguments, percent: percent)
        default:
            guard let length = try length(component, percent: percent) else {
                throw CSSValueError(message: "\"\(component)\" in calc(): expected a number, a length, a percentage or parentheses")
            }
            return .length(length)
        }
    }
}
