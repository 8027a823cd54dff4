/// Finds the path of a JSON number too large for a `Double` (`1e400`): `JSONDecoder` refuses the
/// whole document with no path for one, so the decoder's error is replaced by one naming it,
/// such as `root.children[1].style.width: 1e400 is not a finite number`.
///
/// One pass over the bytes, run only after decoding failed; the nesting it tracks was already
/// bounded by `JSONNestingScanner`.
enum JSONNumberLocator {
    /// The path (formatted as ``JSONErrorPath`` does) and text of the first number literal that
    /// does not fit a finite `Double`, or `nil` when there is none.
    static func firstNonFiniteNumber(in bytes: [UInt8]) -> (path: String, literal: String)? {
        // A key is kept as the range of its text, read only when its path is printed.
        enum Frame { case object(key: Range<Int>?), array(index: Int) }
        var stack: [Frame] = []
        var expectingKey = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(.object(key: nil)); expectingKey = true; i += 1
            case UInt8(ascii: "["):
                stack.append(.array(index: 0)); i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                expectingKey = false; i += 1
            case UInt8(ascii: ","):
                switch stack.last {
                case .array(let index): stack[stack.count - 1] = .array(index: index + 1)
                case .object: expectingKey = true
                case nil: break
                }
                i += 1
            case UInt8(ascii: "\""):
                i += 1
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                    i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                let end = min(i, bytes.count)
                i += 1
                if expectingKey, case .object = stack.last {
                    stack[stack.count - 1] = .object(key: start..<end)
                    expectingKey = false
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = i
                var hasExponent = false
                while i < bytes.count, isNumberByte(bytes[i]) {
                    hasExponent = hasExponent || bytes[i] | 0x20 == UInt8(ascii: "e")
                    i += 1
                }
                // Only an exponent or more than 308 digits can overflow a Double.
                guard hasExponent || i - start > 308 else { continue }
                let literal = String(decoding: bytes[start..<i], as: UTF8.self)
                if let value = Double(literal), !value.isFinite {
                    return (path(stack.map { frame in
                        switch frame {
                        case .object(let key): .key(key.map { unescaped(bytes[$0]) } ?? "")
                        case .array(let index): .index(index)
                        }
                    }), literal)
                }
            default:
                i += 1
            }
        }
        return nil
    }

    /// A string's text with each backslash dropped and the byte after it kept.
    private static func unescaped(_ text: ArraySlice<UInt8>) -> String {
        var result: [UInt8] = []
        var escaped = false
        for byte in text {
            if !escaped, byte == UInt8(ascii: "\\") { escaped = true; continue }
            result.append(byte); escaped = false
        }
        return String(decoding: result, as: UTF8.self)
    }

    private enum Step { case key(String), index(Int) }

    private static func path(_ steps: [Step]) -> String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"): true
        default: false
        }
    }
}
