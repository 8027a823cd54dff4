internal import Canvas

// TEMPORARY until the css-color branch lands: hex, a few names, currentColor.
enum CSSColorParser {
    static func color(_ component: CSSComponent) throws(CSSValueError) -> StyleColor? {
        switch component {
        case .token(.hash(let digits)):
            do { return .color(try Color(hex: digits)) } catch { throw CSSValueError(message: "#\(digits) is not a colour") }
        case .token(.ident(let name)):
            switch name.lowercased() {
            case "currentcolor": return .currentColor
            case "transparent": return .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
            case "red": return .color(Color(red: 1, green: 0, blue: 0))
            case "blue": return .color(Color(red: 0, green: 0, blue: 1))
            case "white": return .color(Color(white: 1))
            case "black": return .color(Color(white: 0))
            default: return nil
            }
        default: return nil
        }
    }

    static func parse(_ text: String) throws(CSSValueError) -> StyleColor {
        let words = CSSComponentParser.words(try CSSComponentParser.parse(text))
        guard words.count == 1, let color = try color(words[0]) else { throw CSSValueError(message: "\"\(text)\" is not a colour") }
        return color
    }
}
