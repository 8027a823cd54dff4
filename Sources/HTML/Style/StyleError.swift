/// Why the style engine stopped: a ``StyleLimits`` bound was passed. What CSS itself ignores (a
/// bad declaration, an unknown selector) is never an error but a ``StyleWarning``.
public enum StyleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stylesheet (named by `path`) is `bytes` long: more than `limit`.
    case sheetTooLarge(path: String, bytes: Int, limit: Int)
    /// The stylesheet holds more than `limit` rules.
    case tooManyRules(path: String, limit: Int)
    /// The stylesheet holds more than `limit` declarations.
    case tooManyDeclarations(path: String, limit: Int)
    /// Blocks, functions or selector arguments nest deeper than `limit` at `path`.
    case nestingTooDeep(path: String, limit: Int)
    /// A rule at `path` has more than `limit` selectors, or a selector more than `limit` compounds.
    case selectorTooLong(path: String, limit: Int)
    /// Selector matching took more than `limit` steps.
    case tooMuchWork(limit: Int)

    /// What was wrong, in a sentence.
    public var description: String {
        switch self {
        case .sheetTooLarge(let path, let bytes, let limit):
            "\(path): the stylesheet is \(bytes) bytes, more than the limit of \(limit)"
        case .tooManyRules(let path, let limit):
            "\(path): more than \(limit) rules"
        case .tooManyDeclarations(let path, let limit):
            "\(path): more than \(limit) declarations"
        case .nestingTooDeep(let path, let limit):
            "\(path): blocks, functions or selectors nest more than \(limit) deep"
        case .selectorTooLong(let path, let limit):
            "\(path): a selector list or selector longer than the limit of \(limit)"
        case .tooMuchWork(let limit):
            "selector matching took more than \(limit) steps"
        }
    }
}
