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

    /// The raw value of `name`, or `nil` when the key is missing.
    func value(_ name: String) throws -> CSSValue? {
        try container.decodeIfPresent(CSSValue.self, forKey: StyleKey(name))
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
        try container.decodeIfPresent(type, forKey: StyleKey(name))
    }
}
