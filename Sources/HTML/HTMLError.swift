/// What can make an HTML card unusable. Anything a browser would recover from (unclosed tags,
/// unknown elements, bad CSS) is not an error: it is recovered, and what was dropped is reported
/// as a warning.
public enum HTMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The document is larger than the limit, in UTF-8 bytes.
    case documentTooLarge(bytes: Int, limit: Int)
    /// The document has more elements than the limit.
    case tooManyElements(limit: Int)
    /// The document nests deeper than the limit.
    case tooDeep(limit: Int)
    /// The texts of the document are longer than the limit, in UTF-8 bytes.
    case textTooLong(limit: Int)
    /// The card uses a layout the HTML path does not do (`display: grid`), at `path`.
    case unsupported(path: String, feature: String)
    /// The card's size was neither given nor declared (`<meta name="card-size" content="600x400">`).
    case missingSize
    /// The card's size is not a usable one.
    case badSize(String)
    /// A style sheet or the cascade went over its limits.
    case style(StyleError)
    /// A warning, in strict mode (``HTMLOptions/strict``).
    case warning(StyleWarning)
    /// The element tree the card maps to was refused by the element model.
    case element(String)
    /// libxml2 could not allocate its parser or gave no document back.
    case parserFailed(String)

    /// A one-line description.
    public var description: String {
        switch self {
        case .documentTooLarge(let bytes, let limit): "HTML document of \(bytes) bytes is over the limit of \(limit)"
        case .tooManyElements(let limit): "HTML document has more than \(limit) elements"
        case .tooDeep(let limit): "HTML document nests deeper than \(limit) elements"
        case .textTooLong(let limit): "HTML document's texts are longer than \(limit) UTF-8 bytes"
        case .unsupported(let path, let feature): "\(path): \(feature) is not supported by the HTML path"
        case .missingSize: "card size: give a width and a height, or declare them with <meta name=\"card-size\" content=\"600x400\">"
        case .badSize(let detail): "card size: \(detail)"
        case .style(let error): error.description
        case .warning(let warning): warning.description
        case .element(let detail): "element tree: \(detail)"
        case .parserFailed(let detail): "HTML parser: \(detail)"
        }
    }
}
