import Foundation
import AsyncLayerKit

/// A small subset of Pango markup turned into an `AttributedText`, so a diagram's labels can say
/// `<b>next</b>` or `<tt>TextLayout</tt>` inline: `<b>`, `<i>`, `<tt>` and
/// `<span foreground='#rrggbb' size='9.5' weight='normal'>`, with `&lt;`, `&gt;`, `&amp;`, `&quot;`.
enum Markup {
    /// The family `<tt>` switches to.
    static let monoFamily = "DejaVu Sans Mono"

    /// Parses `markup`; an unknown tag or attribute is a programming error of the diagram, reported
    /// as a failure rather than drawn as text.
    static func parse(_ markup: String) throws(DiagramError) -> AttributedText {
        var text = AttributedText(segments: [])
        var stack: [TextStyleOverrides] = [.none]
        var rest = Substring(markup)
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "<") else {
                text.append(decodeEntities(rest), style: stack.last!)
                break
            }
            if open > rest.startIndex { text.append(decodeEntities(rest[..<open]), style: stack.last!) }
            guard let close = rest[open...].firstIndex(of: ">") else { throw DiagramError("unclosed tag in \(markup)") }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("/") {
                guard stack.count > 1 else { throw DiagramError("unbalanced </\(tag)> in \(markup)") }
                stack.removeLast()
            } else {
                stack.append(try overrides(for: tag, over: stack.last!, in: markup))
            }
        }
        return text
    }

    /// The style of an opening tag, on top of the enclosing one.
    private static func overrides(for tag: Substring, over base: TextStyleOverrides, in markup: String) throws(DiagramError) -> TextStyleOverrides {
        var style = base
        let words = tag.split(separator: " ")
        switch words.first {
        case "b": style.weight = .bold
        case "i": style.italic = true
        case "tt": style.fontFamily = monoFamily
        case "span":
            for attribute in words.dropFirst() {
                let pair = attribute.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { throw DiagramError("bad attribute \(attribute) in \(markup)") }
                let value = String(pair[1].trimmingCharacters(in: ["'", "\""]))
                switch pair[0] {
                case "foreground":
                    do { style.color = try Color(hex: value) } catch { throw DiagramError("bad colour \(value) in \(markup)") }
                case "size":
                    guard let size = Double(value) else { throw DiagramError("bad size \(value) in \(markup)") }
                    style.size = size
                case "weight":
                    style.weight = value == "bold" ? .bold : .regular
                default: throw DiagramError("unknown attribute \(pair[0]) in \(markup)")
                }
            }
        default: throw DiagramError("unknown tag <\(tag)> in \(markup)")
        }
        return style
    }

    private static func decodeEntities(_ text: Substring) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// Why a diagram could not be drawn.
struct DiagramError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
