/// A font face as CSS's `@font-face` declares one: the family name texts use for it, its data,
/// and the weights and style it stands for (by default what the font says of itself).
///
/// ```swift
/// let bold = try FontFace(family: "Brand", data: FontData(bytes: boldBytes), weight: 700...700)
/// ```
public struct FontFace: Hashable, Sendable {
    /// The family name a `font-family` list uses for the face (compared case-insensitively).
    public let family: String
    /// The font.
    public let data: FontData
    /// The weights the face stands for (CSS's `font-weight` descriptor), in 1...1000.
    public let weight: ClosedRange<Int>
    /// Whether the face is the family's italic (CSS's `font-style` descriptor).
    public let isItalic: Bool

    /// The longest accepted family name, in characters.
    public static let maxFamilyLength = 200

    /// A face of `family` drawn with `data`; `weight` and `italic` default to the font's own.
    ///
    /// - Throws: ``CanvasError/fontRejected(_:)`` for an empty or overlong family name, one with a
    ///   comma, quote or control character, a generic name (`sans-serif`, `monospace`…), or a
    ///   weight outside 1...1000.
    public init(family: String, data: FontData, weight: ClosedRange<Int>? = nil, italic: Bool? = nil) throws(CanvasError) {
        let name = family.trimmingWhitespace
        guard !name.isEmpty, name.count <= FontFace.maxFamilyLength else {
            throw .fontRejected("font family name \"\(family.prefix(40))\" must have 1 to \(FontFace.maxFamilyLength) characters")
        }
        guard !name.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "'" || $0.properties.generalCategory == .control }) else {
            throw .fontRejected("font family name \"\(name.prefix(40))\" has a comma, a quote or a control character")
        }
        guard !TextEngine.genericFamilies.contains(name.lowercased()) else {
            throw .fontRejected("font family name \"\(name)\" is a generic family; give the face a name of its own")
        }
        let weight = weight ?? data.weight
        guard weight.lowerBound >= 1, weight.upperBound <= 1000 else {
            throw .fontRejected("font weight \(weight) of \"\(name)\" is outside 1...1000")
        }
        self.family = name
        self.data = data
        self.weight = weight
        self.isItalic = italic ?? data.isItalic
    }
}

extension String {
    /// The string without leading and trailing white space.
    package var trimmingWhitespace: String {
        var text = Substring(self)
        while let c = text.first, c.isWhitespace { text = text.dropFirst() }
        while let c = text.last, c.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
