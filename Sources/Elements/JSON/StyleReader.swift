#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Reads the properties of a JSON `style` object, turning a ``CSSValueError`` into a
/// `DecodingError` at the property's path (so the document error names `root.style.width`).
struct StyleReader {
    /// The `style` object.
    let container: KeyedDecodingContainer<StyleKey>
    /// The custom properties in scope, for `var()` in the values.
    var variables = CSSVariables.inherited
    /// Property → CSS text read directly instead of decoding `container` (``StyleDictionary``:
    /// the HTML path's values, `var()` already substituted): a dictionary lookup per property
    /// rather than a trip through the decoder.
    var values: [String: String]?

    /// The raw value of `name` with its `var()` references substituted, or `nil` when the key is
    /// missing or a reference leaves it unset (an undefined property without a fallback).
    func value(_ name: String) throws -> CSSValue? {
        if let values { return values[name].map(CSSValue.string) }
        guard let raw = try container.decodeIfPresent(CSSValue.self, forKey: StyleKey(name)) else { return nil }
        guard case .string(let text) = raw, CSSVariables.mentionsVar(text) else { return raw }
        do {
            return try variables.substitute(text, name: name).map(CSSValue.string)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: StyleKey(name), in: container, debugDescription: error.message)
        }
    }

    /// The custom properties a `style` object declares (`--name` keys), as their text: a string
    /// as it is, a number in CSS form.
    static func customProperties(_ container: KeyedDecodingContainer<StyleKey>) throws -> [String: String] {
        var result: [String: String] = [:]
        for key in container.allKeys where CSSVariables.isCustomProperty(key.stringValue) {
            switch try container.decode(CSSValue.self, forKey: key) {
            case .number(let value): result[key.stringValue] = CSSNumber.format(value)
            case .string(let text): result[key.stringValue] = text
            }
        }
        return result
    }

    /// The custom properties in scope inside an element whose `style` object is `container`:
    /// the inherited ones, then its own; an error in one is a `DecodingError` at its key.
    static func scope(of container: KeyedDecodingContainer<StyleKey>) throws -> CSSVariables {
        let own = try customProperties(container)
        do {
            return try CSSVariables.inherited.declaring(own)
        } catch {
            let key = own.keys.sorted().first ?? "style"
            throw DecodingError.dataCorruptedError(forKey: StyleKey(key), in: container, debugDescription: error.message)
        }
    }

    /// `parse` applied to the value of `name`, or `nil` when the key is missing.
    func parse<T>(_ name: String, _ parse: (CSSValue) throws(CSSValueError) -> T) throws -> T? {
        guard let value = try value(name) else { return nil }
        do {
            return try parse(value)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: StyleKey(name), in: container, debugDescription: error.message)
        }
    }

    /// A plain number (`opacity`, `flexGrow`): a JSON number or a numeric string, finite, in `range`.
    func number(_ name: String, in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude) throws -> Double? {
        try parse(name) { value throws(CSSValueError) in
            let number = try value.single(expected: "one number").number()
            guard range.contains(number) else {
                throw CSSValueError(message: "\(value) is out of range: expected a number in \(CSSNumber.format(range.lowerBound))...\(CSSNumber.format(range.upperBound))")
            }
            return number
        }
    }

    /// A value decoded with its own `Decodable` conformance (a colour, a shadow object).
    func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
        if let values {
            guard let text = values[name] else { return nil }
            return try T(from: TextDecoder(text: text, codingPath: [StyleKey(name)]))
        }
        return try container.decodeIfPresent(type, forKey: StyleKey(name))
    }
}
