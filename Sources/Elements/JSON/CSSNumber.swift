/// CSS `<number>` text: the grammar a style value's number must follow, and the canonical text
/// the encoder writes (shortest form that reads back to the same `Double`).
enum CSSNumber {
    /// The value of `text` when it is a CSS number — `[+-]? (digits [. digits] | . digits)
    /// ([eE] [+-]? digits)?` — or `nil` when it is not (`"nan"`, `"inf"`, `"0x10"`, `"1."`, `""`).
    /// The result may be infinite (`"1e400"`); callers check.
    static func parse(_ text: Substring) -> Double? {
        let bytes = Array(text.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }  // + -
        let whole = digits()
        var fraction = 0
        if i < bytes.count, bytes[i] == 0x2E {  // .
            i += 1
            fraction = digits()
            guard fraction > 0 else { return nil }
        }
        guard whole + fraction > 0 else { return nil }
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {  // e E
            i += 1
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == bytes.count else { return nil }
        return Double(String(text))
    }

    /// `value` as CSS number text: an integer without a fraction (`12`), otherwise Swift's
    /// shortest round-tripping form (`0.1`, `1e-05`), which ``parse(_:)`` reads back exactly.
    static func format(_ value: Double) -> String {
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}

/// A style value that is not valid CSS for its property; the decoder reports it at the
/// property's JSON path as ``ElementError/invalidJSON(path:message:)``.
package struct CSSValueError: Error {
    /// What is wrong, for the error's message.
    package let message: String
}
