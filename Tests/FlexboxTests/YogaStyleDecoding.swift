import Flexbox

/// A JSON value of a fixture's `style` object.
enum YogaJSONValue: Decodable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case object([String: YogaJSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else {
            self = .object(try container.decode([String: YogaJSONValue].self))
        }
    }
}

/// Maps a fixture's style (our property names and raw values; scripts/yoga-fixtures/README.md)
/// onto ``FlexStyle``. An unknown property or value throws, so no style is dropped silently.
enum YogaStyleDecoding {
    static func style(_ json: [String: YogaJSONValue], node: String) throws -> FlexStyle {
        var style = FlexStyle()
        for (key, value) in json {
            let path = "\(node).style.\(key)"
            switch key {
            case "display": style.display = try keyword(value, path)
            case "position": style.position = try keyword(value, path)
            case "boxSizing": style.boxSizing = try keyword(value, path)
            case "overflow": style.overflow = try keyword(value, path)
            case "direction": style.direction = try keyword(value, path)
            case "flexDirection": style.flexDirection = try keyword(value, path)
            case "flexWrap": style.flexWrap = try keyword(value, path)
            case "justifyContent": style.justifyContent = try keyword(value, path)
            case "alignItems": style.alignItems = try keyword(value, path)
            case "alignContent": style.alignContent = try keyword(value, path)
            case "alignSelf": style.alignSelf = try keyword(value, path)
            case "flexGrow": style.flexGrow = try number(value, path)
            case "flexShrink": style.flexShrink = try number(value, path)
            case "aspectRatio": style.aspectRatio = try number(value, path)
            case "flexBasis": style.flexBasis = try flexBasis(value, path)
            case "width": style.width = try dimension(value, path)
            case "height": style.height = try dimension(value, path)
            case "minWidth": style.minWidth = try dimension(value, path)
            case "minHeight": style.minHeight = try dimension(value, path)
            case "maxWidth": style.maxWidth = try dimension(value, path)
            case "maxHeight": style.maxHeight = try dimension(value, path)
            case "rowGap": style.rowGap = try dimension(value, path)
            case "columnGap": style.columnGap = try dimension(value, path)
            case "margin": style.margin = try edges(value, path, dimension)
            case "padding": style.padding = try edges(value, path, dimension)
            case "inset": style.inset = try edges(value, path, dimension)
            case "border": style.border = try edges(value, path, number)
            default: throw YogaFixtureError("\(path): unknown property")
            }
        }
        return style
    }

    static func keyword<T: RawRepresentable>(_ value: YogaJSONValue, _ path: String) throws -> T where T.RawValue == String {
        guard case .string(let raw) = value, let keyword = T(rawValue: raw) else {
            throw YogaFixtureError("\(path): not a \(T.self) keyword: \(value)")
        }
        return keyword
    }

    static func number(_ value: YogaJSONValue, _ path: String) throws -> Double {
        guard case .number(let number) = value else { throw YogaFixtureError("\(path): not a number: \(value)") }
        return number
    }

    /// `{"points": v}`, `{"percent": v}`, `{"auto": true}`, `{"maxContent": true}` or `{"fitContent": true}`.
    static func dimension(_ value: YogaJSONValue, _ path: String) throws -> Length {
        guard case .object(let object) = value, object.count == 1, let (kind, amount) = object.first else {
            throw YogaFixtureError("\(path): not a length: \(value)")
        }
        switch kind {
        case "auto": return .auto
        case "points": return .points(try number(amount, path))
        case "percent": return .percent(try number(amount, path))
        case "maxContent": return .maxContent
        case "fitContent": return .fitContent
        default: throw YogaFixtureError("\(path): unknown length kind \(kind)")
        }
    }

    /// A length, or `{"content": true}`.
    static func flexBasis(_ value: YogaJSONValue, _ path: String) throws -> FlexBasis {
        if case .object(let object) = value, object.count == 1, object["content"] != nil { return .content }
        switch try dimension(value, path) {
        case .auto: return .auto
        case .points(let points): return .points(points)
        case .percent(let percent): return .percent(percent)
        case .calc(let e): return .calc(e)
        case .minContent: return .minContent
        case .maxContent: return .maxContent
        case .fitContent: return .fitContent
        }
    }

    static func edges<V: Hashable & Sendable>(_ value: YogaJSONValue, _ path: String,
                         _ decode: (YogaJSONValue, String) throws -> V) throws -> Edges<V> {
        guard case .object(let object) = value else { throw YogaFixtureError("\(path): not an edges object") }
        var edges = Edges<V>()
        for (edge, item) in object {
            let itemPath = "\(path).\(edge)"
            switch edge {
            case "top": edges.top = try decode(item, itemPath)
            case "left": edges.left = try decode(item, itemPath)
            case "bottom": edges.bottom = try decode(item, itemPath)
            case "right": edges.right = try decode(item, itemPath)
            case "start": edges.start = try decode(item, itemPath)
            case "end": edges.end = try decode(item, itemPath)
            default: throw YogaFixtureError("\(itemPath): unknown edge")
            }
        }
        return edges
    }
}
