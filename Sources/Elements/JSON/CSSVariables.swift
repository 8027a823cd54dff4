/// CSS custom properties (`"--accent": "#f06"` in a `style` object) and their `var()`
/// references, substituted while a document is decoded: a custom property is inherited by the
/// element's descendants (and a text's runs), and `var(--name)` or `var(--name, fallback)` in any
/// other style value is replaced by its text before the value is parsed (CSS Variables 1).
///
/// As in CSS, a reference to a property that is not defined, without a fallback, makes the
/// declaration invalid at computed-value time: the property is left unset, as if it were not
/// written. Custom properties that reference each other in a cycle are undefined. A substituted
/// value is at most ``maxLength`` characters, so references that double at each level cannot
/// grow without bound: past it the value is an error naming the property.
package struct CSSVariables: Sendable, Equatable {
    /// The resolved value of each custom property in scope, by name (with its `--`).
    package private(set) var values: [String: String] = [:]

    /// No custom property in scope.
    package init() {}

    /// These properties in scope without `name` (a custom property set to `initial`: the
    /// guaranteed-invalid value, which is not inherited).
    package func removing(_ name: String) -> CSSVariables {
        var copy = self
        copy.values[name] = nil
        return copy
    }

    /// The longest value a substitution may produce, in characters.
    static let maxLength = 65_536

    /// The custom properties in scope where an element is being decoded: its parent's, then its
    /// own. Bound for the decoding of an element's content and children only when it declares some.
    @TaskLocal static var inherited = CSSVariables()

    /// Whether a style key names a custom property.
    package static func isCustomProperty(_ key: String) -> Bool { key.hasPrefix("--") && key.count > 2 }

    /// The properties in scope for an element declaring `own` (name → raw text) inside `self`'s scope:
    /// each own value with its references resolved against the others and the inherited ones.
    package func declaring(_ own: [String: String]) throws(CSSValueError) -> CSSVariables {
        guard !own.isEmpty else { return self }
        var result = self
        var resolving: Set<String> = []
        var resolved: [String: String?] = [:]
        func resolve(_ name: String) throws(CSSValueError) -> String? {
            if let done = resolved[name] { return done }
            guard let raw = own[name] else { return values[name] }
            guard resolving.insert(name).inserted else { return nil }  // a cycle: undefined
            let value = try Self.substitute(raw, name: name, lookup: resolve)
            resolving.remove(name)
            resolved[name] = .some(value)
            return value
        }
        for name in own.keys.sorted() {
            result.values[name] = try resolve(name)
        }
        return result
    }

    /// `text` with every `var()` replaced, or `nil` when one refers to an undefined property and
    /// has no fallback (the declaration is then unset). `text` without `var(` comes back as it is.
    package func substitute(_ text: String, name: String) throws(CSSValueError) -> String? {
        guard Self.mentionsVar(text) else { return text }
        return try Self.substitute(text, name: name, lookup: { values[$0] })
    }

    /// Whether `text` contains `var(` in any case.
    package static func mentionsVar(_ text: String) -> Bool {
        var matched = 0
        for byte in text.utf8 {
            let lower = byte | 0x20
            switch matched {
            case 0: matched = lower == UInt8(ascii: "v") ? 1 : 0
            case 1: matched = lower == UInt8(ascii: "a") ? 2 : (lower == UInt8(ascii: "v") ? 1 : 0)
            case 2: matched = lower == UInt8(ascii: "r") ? 3 : (lower == UInt8(ascii: "v") ? 1 : 0)
            default:
                if byte == UInt8(ascii: "(") { return true }
                matched = lower == UInt8(ascii: "v") ? 1 : 0
            }
        }
        return false
    }

    /// Substitutes the references in `text` (of the property `name`, for errors), looking names up
    /// with `lookup`.
    private static func substitute(_ text: String, name: String,
                                   lookup: (String) throws(CSSValueError) -> String?) throws(CSSValueError) -> String? {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var length = 0
        var i = 0
        var quote: Unicode.Scalar?
        while i < scalars.count {
            let c = scalars[i]
            if let q = quote {
                out.append(c)
                length += 1
                if c == "\\", i + 1 < scalars.count { out.append(scalars[i + 1]); length += 1; i += 2; continue }
                if c == q { quote = nil }
                i += 1
                continue
            }
            if c == "\"" || c == "'" { quote = c; out.append(c); length += 1; i += 1; continue }
            if isVarStart(scalars, i) {
                // The arguments: up to the matching parenthesis, split at the first top-level comma.
                var depth = 1, j = i + 4, comma: Int?
                var inner: Unicode.Scalar?
                while j < scalars.count, depth > 0 {
                    let d = scalars[j]
                    if let q = inner {
                        if d == "\\" { j += 1 } else if d == q { inner = nil }
                    } else if d == "\"" || d == "'" {
                        inner = d
                    } else if d == "(" {
                        depth += 1
                    } else if d == ")" {
                        depth -= 1
                    } else if d == ",", depth == 1, comma == nil {
                        comma = j
                    }
                    j += 1
                }
                guard depth == 0 else { throw CSSValueError(message: "\"\(text)\" has a var( without its closing parenthesis") }
                let close = j - 1
                let nameEnd = comma ?? close
                let reference = String(String.UnicodeScalarView(scalars[(i + 4)..<nameEnd])).trimmingSpaces
                guard isCustomProperty(reference) else {
                    throw CSSValueError(message: "\"\(text)\": var() names a custom property starting with --, not \"\(reference)\"")
                }
                let replacement: String
                if let value = try lookup(reference) {
                    replacement = value
                } else if let comma {
                    let fallback = String(String.UnicodeScalarView(scalars[(comma + 1)..<close])).trimmingSpaces
                    guard let value = try substitute(fallback, name: name, lookup: lookup) else { return nil }
                    replacement = value
                } else {
                    return nil
                }
                out.append(contentsOf: replacement.unicodeScalars)
                length += replacement.unicodeScalars.count
                i = j
            } else {
                out.append(c)
                length += 1
                i += 1
            }
            if length > maxLength {
                throw CSSValueError(message: "\(name): var() substitution makes a value longer than \(maxLength) characters")
            }
        }
        return String(out)
    }

    /// Whether `var(` (any case) starts at `i`, not inside a longer name.
    private static func isVarStart(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        guard i + 4 <= s.count, s[i + 3] == "(" else { return false }
        let word = String(String.UnicodeScalarView(s[i..<(i + 3)])).lowercased()
        guard word == "var" else { return false }
        if i > 0, CSSTokenizer.isNameScalar(s[i - 1]) { return false }
        return true
    }
}
