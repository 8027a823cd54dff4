public import Flexbox
import Foundation

/// A CSS property the corpus reader does not know, or a value it cannot read: the reader is strict,
/// so a property the generator learns cannot be dropped silently on the engine's side.
public struct CorpusStyleError: Error, CustomStringConvertible {
    /// What was wrong, naming the property and value.
    public var description: String
}

/// Reads a corpus node's CSS properties into a ``FlexStyle`` (on the engine's defaults, which the
/// bench's page sets for every div: display flex, position relative, box-sizing border-box).
public enum CSSStyle {
    /// The style for `properties`; `isText` marks a text leaf, whose `display: block` is its own.
    public static func style(_ properties: [String: String], isText: Bool = false) throws(CorpusStyleError) -> FlexStyle {
        var s = FlexStyle()
        for (name, value) in properties.sorted(by: { $0.key < $1.key }) {
            try apply(name, value, to: &s, isText: isText)
        }
        return s
    }

    static func apply(_ name: String, _ value: String, to s: inout FlexStyle, isText: Bool) throws(CorpusStyleError) {
        func fail() -> CorpusStyleError { CorpusStyleError(description: "\(name): \(value) is not understood") }
        func keyword<K: RawRepresentable>(_ type: K.Type) throws(CorpusStyleError) -> K where K.RawValue == String {
            guard let k = K(rawValue: value) else { throw fail() }
            return k
        }
        /// An alignment keyword with an optional `safe`/`unsafe` first; `normal` is `fallback`.
        func alignment<K: RawRepresentable>(_ type: K.Type, normal fallback: K, safety: SafeAlignment) throws(CorpusStyleError) -> K where K.RawValue == String {
            var words = value.split(separator: " ").map(String.init)
            if words.count == 2, words[0] == "safe" || words[0] == "unsafe" {
                if words[0] == "safe" { s.safeAlignment.insert(safety) } else { s.safeAlignment.remove(safety) }
                words.removeFirst()
            }
            guard words.count == 1 else { throw fail() }
            if words[0] == "normal" { return fallback }
            guard let k = K(rawValue: words[0]) else { throw fail() }
            return k
        }
        func number() throws(CorpusStyleError) -> Double {
            guard let v = Double(value) else { throw fail() }
            return v
        }
        func length(keywords: Bool = false) throws(CorpusStyleError) -> Flexbox.Length {
            switch value {
            case "auto": return .auto
            case "min-content" where keywords: return .minContent
            case "max-content" where keywords: return .maxContent
            case "fit-content" where keywords: return .fitContent
            default: break
            }
            if value.hasSuffix("px"), let v = Double(value.dropLast(2)) { return .points(v) }
            if value.hasSuffix("%"), let v = Double(value.dropLast()) { return .percent(v) }
            if value == "0" { return .points(0) }
            throw fail()
        }
        func edge(_ side: String) -> WritableKeyPath<Edges<Flexbox.Length>, Flexbox.Length?>? {
            switch side {
            case "top": \.top
            case "right": \.right
            case "bottom": \.bottom
            case "left": \.left
            case "inline-start": \.start
            case "inline-end": \.end
            default: nil
            }
        }
        switch name {
        case "display":
            if isText, value == "block" { return }
            s.display = try keyword(Display.self)
            if s.display == .overlay { throw fail() }
        case "position": s.position = try keyword(PositionType.self)
        case "direction": s.direction = try keyword(Direction.self)
        case "overflow": s.overflow = try keyword(Overflow.self)
        case "box-sizing": s.boxSizing = try keyword(BoxSizing.self)
        case "flex-direction": s.flexDirection = try keyword(FlexDirection.self)
        case "flex-wrap": s.flexWrap = try keyword(FlexWrap.self)
        case "justify-content":
            // `stretch` and `normal` behave as `flex-start` in a flex container.
            s.justifyContent = value.hasSuffix("stretch") ? .flexStart
                : try alignment(JustifyContent.self, normal: .flexStart, safety: .justifyContent)
        case "align-items": s.alignItems = try alignment(AlignItems.self, normal: .stretch, safety: .alignItems)
        case "align-self": s.alignSelf = try alignment(AlignSelf.self, normal: .normal, safety: .alignSelf)
        case "align-content": s.alignContent = try alignment(AlignContent.self, normal: .stretch, safety: .alignContent)
        case "row-gap": s.rowGap = try length()
        case "column-gap": s.columnGap = try length()
        case "flex-grow": s.flexGrow = try number()
        case "flex-shrink": s.flexShrink = try number()
        case "flex-basis":
            if value == "content" {
                s.flexBasis = .content
                return
            }
            s.flexBasis = switch try length(keywords: true) {
            case .auto: .auto
            case .points(let v): .points(v)
            case .percent(let v): .percent(v)
            case .minContent: .minContent
            case .maxContent: .maxContent
            case .fitContent: .fitContent
            case .calc(let e): .calc(e)
            }
        case "order":
            guard let v = Int(value) else { throw fail() }
            s.order = v
        case "width": s.width = try length(keywords: true)
        case "height": s.height = try length(keywords: true)
        case "min-width": s.minWidth = try length(keywords: true)
        case "min-height": s.minHeight = try length(keywords: true)
        case "max-width": s.maxWidth = value == "none" ? .auto : try length(keywords: true)
        case "max-height": s.maxHeight = value == "none" ? .auto : try length(keywords: true)
        case "aspect-ratio":
            let parts = value.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            guard (1...2).contains(parts.count), let w = Double(parts[0]), let h = parts.count == 2 ? Double(parts[1]) : 1, h > 0
            else { throw fail() }
            s.aspectRatio = w / h
        default:
            if name.hasPrefix("margin-"), let e = edge(String(name.dropFirst(7))) {
                s.margin[keyPath: e] = try length()
            } else if name.hasPrefix("padding-"), let e = edge(String(name.dropFirst(8))) {
                s.padding[keyPath: e] = try length()
            } else if name.hasPrefix("border-"), name.hasSuffix("-width"), let e = edge(String(name.dropFirst(7).dropLast(6))) {
                guard case .points(let v) = try length() else { throw fail() }
                let b: WritableKeyPath<Edges<Double>, Double?> = switch e {
                case \.top: \.top
                case \.right: \.right
                case \.bottom: \.bottom
                case \.left: \.left
                case \.start: \.start
                default: \.end
                }
                s.border[keyPath: b] = v
            } else if let e = edge(name) ?? (name.hasPrefix("inset-") ? edge(String(name.dropFirst(6))) : nil) {
                s.inset[keyPath: e] = try length()
            } else {
                throw CorpusStyleError(description: "\(name) is not a property the corpus reader knows")
            }
        }
    }
}
