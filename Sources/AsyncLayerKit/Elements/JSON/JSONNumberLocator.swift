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
        enum Frame { case object(key: String?), array(index: Int) }
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
                var text: [UInt8] = []
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count { i += 1 }
                    text.append(bytes[i]); i += 1
                }
                i += 1
                if expectingKey, case .object = stack.last {
                    stack[stack.count - 1] = .object(key: String(decoding: text, as: UTF8.self))
                    expectingKey = false
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = i
                while i < bytes.count, isNumberByte(bytes[i]) { i += 1 }
                let literal = String(decoding: bytes[start..<i], as: UTF8.self)
                if let value = Double(literal), !value.isFinite {
                    return (path(stack.map { frame in
                        switch frame {
                        case .object(let key): .key(key ?? "")
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
