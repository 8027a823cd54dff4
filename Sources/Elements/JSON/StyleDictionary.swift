#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
package import Flexbox

/// Reads a style given as property → CSS text, camelCase keys as a JSON `style` object spells
/// them, through the very readers a JSON document's style goes through: the HTML front end hands
/// its computed values over this way, so an HTML card and a JSON card with the same values are the
/// same element tree.
package enum StyleDictionary {
    /// A value the readers refused: the property and why.
    package struct Refusal: Error, Hashable, Sendable {
        /// The camelCase property name.
        package var property: String
        /// The reader's message.
        package var message: String
    }

    /// The layout and the paint (text properties included) of `properties`.
    package static func element(_ properties: [String: String]) throws(Refusal) -> (layout: FlexStyle, style: ElementStyle) {
        try read(properties) { reader in
            var layout = try FlexStyle(css: reader)
            let style = try ElementStyle(css: reader, layout: &layout)
            return (layout, style)
        }
    }

    /// The text properties of `properties` (a span's, over its paragraph's).
    package static func text(_ properties: [String: String]) throws(Refusal) -> TextProperties {
        try read(properties) { reader in try TextProperties(css: reader) }
    }

    /// What a run of a paragraph takes: its text properties, the colour behind it, and for an
    /// image its size (lengths, not percentages) and vertical alignment.
    package struct RunStyle: Hashable, Sendable {
        /// The text properties, over the paragraph's.
        package var text: TextProperties
        /// `backgroundColor`.
        package var background: StyleColor?
        /// An image run's `width`.
        package var width: StyleLength?
        /// An image run's `height`.
        package var height: StyleLength?
        /// An image run's `verticalAlign`.
        package var verticalAlign: VerticalAlign
        /// A text run's `paddingTop` and `paddingBottom` (its background's reach).
        package var paddingTop: StyleLength?
        package var paddingBottom: StyleLength?
        /// A text run's `left` and `top`: where it is drawn, moved from where it is laid out.
        package var left: StyleLength?
        package var top: StyleLength?

        /// No property set.
        package static let plain = RunStyle(text: TextProperties(), background: nil, width: nil, height: nil, verticalAlign: .baseline)

        init(text: TextProperties, background: StyleColor?, width: StyleLength?, height: StyleLength?, verticalAlign: VerticalAlign,
             paddingTop: StyleLength? = nil, paddingBottom: StyleLength? = nil) {
            (self.text, self.background, self.width, self.height, self.verticalAlign) = (text, background, width, height, verticalAlign)
            (self.paddingTop, self.paddingBottom) = (paddingTop, paddingBottom)
        }

        /// A run's style as `reader` gives it: the JSON decoder's and the HTML front end's one reading.
        init(css reader: StyleReader) throws {
            let text = try TextProperties(css: reader)
            let background = try reader.parse("backgroundColor") { value throws(CSSValueError) in try CSSColorParser.required(ElementStyle.components(value)) }
            let width = try reader.parse("width") { value throws(CSSValueError) in try CSSLengthGrammar.single(ElementStyle.components(value), percent: false, negative: false, expected: "an image width: expected a length") }
            let height = try reader.parse("height") { value throws(CSSValueError) in try CSSLengthGrammar.single(ElementStyle.components(value), percent: false, negative: false, expected: "an image height: expected a length") }
            let align = try reader.parse("verticalAlign") { value throws(CSSValueError) in try CSSTextGrammar.verticalAlign(ElementStyle.components(value)) } ?? .baseline
            let top = try reader.parse("paddingTop") { value throws(CSSValueError) in try CSSLengthGrammar.single(ElementStyle.components(value), percent: false, negative: false, expected: "a run's top padding: expected a length ≥ 0") }
            let bottom = try reader.parse("paddingBottom") { value throws(CSSValueError) in try CSSLengthGrammar.single(ElementStyle.components(value), percent: false, negative: false, expected: "a run's bottom padding: expected a length ≥ 0") }
            self.init(text: text, background: background, width: width, height: height, verticalAlign: align, paddingTop: top, paddingBottom: bottom)
            left = try reader.parse("left") { value throws(CSSValueError) in try CSSLengthGrammar.single(ElementStyle.components(value), percent: false, negative: true, expected: "a run's left offset: expected a length") }
            self.top = try reader.parse("top") { value throws(CSSValueError) in try CSSLengthGrammar.single(ElementStyle.components(value), percent: false, negative: true, expected: "a run's top offset: expected a length") }
        }
    }

    /// The run properties of `properties`, read as a JSON run's `style` is.
    package static func run(_ properties: [String: String]) throws(Refusal) -> RunStyle {
        try read(properties) { reader in try RunStyle(css: reader) }
    }

    /// The image an `<img src>` or a `url()` names: a `data:` URI's bytes, anything else a name
    /// for the host's image loader.
    package static func imageSource(url: String) throws(Refusal) -> ImageSource {
        do {
            return try ImageSource.css(url: url)
        } catch {
            throw Refusal(property: "src", message: error.message)
        }
    }

    /// Whether `value` is one the readers take for `property` (camelCase) on its own.
    package static func accepts(_ property: String, _ value: String) -> Bool {
        do {
            // Only the reader that owns the property (a layout, text or paint key) runs.
            if layoutKeys.contains(property) {
                _ = try read([property: value]) { reader in try FlexStyle(css: reader) }
            } else if textKeys.contains(property) {
                _ = try text([property: value])
            } else {
                _ = try element([property: value])
            }
            return true
        } catch {
            return false
        }
    }

    private static let layoutKeys = Set(FlexStyle.cssKeys)
    private static let textKeys = Set(TextProperties.cssKeys)

    /// Every camelCase property the element model reads.
    package static let knownProperties: Set<String> = Set(FlexStyle.cssKeys + ElementStyle.cssKeys)

    private static func read<T>(_ properties: [String: String], _ body: (StyleReader) throws -> T) throws(Refusal) -> T {
        do {
            let decoder = DictionaryDecoder(properties: properties)
            var reader = StyleReader(container: try decoder.container(keyedBy: StyleKey.self))
            reader.values = properties
            return try body(reader)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
                throw Refusal(property: context.codingPath.last?.stringValue ?? "", message: context.debugDescription)
            @unknown default:
                throw Refusal(property: "", message: "\(error)")
            }
        } catch {
            throw Refusal(property: "", message: "\(error)")
        }
    }
}

/// A decoder over property → text: a keyed container whose every value is a string.
private struct DictionaryDecoder: Decoder {
    let properties: [String: String]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(properties: properties))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "a style is an object"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(String.self, .init(codingPath: [], debugDescription: "a style is an object"))
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let properties: [String: String]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { properties.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { properties[key.stringValue] != nil }
        func decodeNil(forKey key: Key) throws -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let text = properties[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "no value"))
            }
            if T.self == String.self, let text = text as? T { return text }
            return try T(from: TextDecoder(text: text, codingPath: [key]))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: [key], debugDescription: "a CSS value is text"))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "a CSS value is text"))
        }

        func superDecoder() throws -> any Decoder { DictionaryDecoder(properties: properties) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            guard let text = properties[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "no value"))
            }
            return TextDecoder(text: text, codingPath: [key])
        }
    }
}

/// A decoder over one CSS text: a string, never a number or a container.
struct TextDecoder: Decoder, SingleValueDecodingContainer {
    let text: String
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: codingPath, debugDescription: "a CSS value is text"))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "a CSS value is text"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let text = text as? T { return text }
        guard T.self is any (Decodable & LosslessStringConvertible).Type || T.self == Bool.self else { return try T(from: self) }
        throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: "a CSS value is text"))
    }
}
