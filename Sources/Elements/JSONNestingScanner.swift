/// Measures how deeply a JSON document nests objects and arrays, in one pass over the raw bytes
/// and without recursion, so that a document too deep for `JSONDecoder` (which recurses, and
/// would overflow the stack on a 10^5-deep tree) is refused before it is decoded. Public for
/// the caller's own JSON documents (a feed page, a request body), which need the same guard.
public enum JSONNestingScanner {
    /// The deepest nesting of `{` and `[` outside strings, stopping early once past `limit`.
    public static func maxDepth(of bytes: some Collection<UInt8>, stoppingAbove limit: Int) -> Int {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false }
                else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > deepest {
                    deepest = depth
                    if deepest > limit { return deepest }
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
