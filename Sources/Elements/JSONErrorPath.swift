/// Turns a `DecodingError` into an ``ElementError`` naming the JSON path that is wrong, such as
/// `root.children[2].text.style.size: expected a number`. Public for the caller's own JSON
/// documents, whose errors should name the path the same way.
public enum JSONErrorPath {
    /// A coding path as JSON names it: `items[3].texts[1]`.
    public static func format(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// The error as ``ElementError/invalidJSON(path:message:)``: the wrong path and what was
    /// expected there.
    public static func elementError(for error: DecodingError) -> ElementError {
        switch error {
        case .typeMismatch(let type, let context):
            return .invalidJSON(path: format(context.codingPath), message: "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return .invalidJSON(path: format(context.codingPath), message: "expected \(describe(type)), found null")
        case .keyNotFound(let key, let context):
            return .invalidJSON(path: format(context.codingPath + [key]), message: "missing")
        case .dataCorrupted(let context):
            let message = context.underlyingError.map { "not valid JSON (\($0))" } ?? context.debugDescription
            return .invalidJSON(path: format(context.codingPath), message: message)
        @unknown default:
            return .invalidJSON(path: "", message: "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "a number"
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default:
            "\(type)".hasPrefix("Dictionary") ? "an object" : "a \(type)"
        }
    }
}
