/// An sRGB colour with alpha. Components are straight (not premultiplied), from 0 to 1.
///
/// ```swift
/// let pink = try Color(hex: "#EF5B9C")
/// let veil = Color.black.withAlpha(0.6)
/// ```
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component, 0...1.
    public var red: Double
    /// The green component, 0...1.
    public var green: Double
    /// The blue component, 0...1.
    public var blue: Double
    /// The opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// Creates a colour from components in 0...1; values outside are clamped, NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// Creates a colour from 8-bit components (0...255) and an alpha in 0...1.
    public init(red255 red: Int, green255 green: Int, blue255 blue: Int, alpha: Double = 1) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    /// Creates a grey with the given white level.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, case does not matter).
    ///
    /// - Throws: ``CanvasError/invalidColor(_:)`` naming the text when it is none of those forms.
    public init(hex: String) throws(CanvasError) {
        var digits = Substring(hex.trimmingSpaces())
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        var values: [Int] = []
        for character in digits {
            guard let value = character.hexDigitValue else { throw .invalidColor(hex) }
            values.append(value)
        }
        func pair(_ i: Int) -> Double { Double(values[i] * 16 + values[i + 1]) / 255 }
        func single(_ i: Int) -> Double { Double(values[i] * 17) / 255 }
        switch values.count {
        case 3: self.init(red: single(0), green: single(1), blue: single(2))
        case 4: self.init(red: single(0), green: single(1), blue: single(2), alpha: single(3))
        case 6: self.init(red: pair(0), green: pair(2), blue: pair(4))
        case 8: self.init(red: pair(0), green: pair(2), blue: pair(4), alpha: pair(6))
        default: throw .invalidColor(hex)
        }
    }

    /// `#RRGGBB` for an opaque colour, `#RRGGBBAA` otherwise (upper-case hex digits).
    public var hexString: String {
        // Written into 9 bytes on the stack: content hashes encode every colour of a tree this way.
        let digits: StaticString = "0123456789ABCDEF"
        let channels = alpha >= 1 ? 3 : 4
        return String(unsafeUninitializedCapacity: 1 + 2 * channels) { buffer in
            func put(_ v: Double, at i: Int) {
                // The fields are settable, so clamp again here: NaN or out-of-range values never trap.
                let n = Int((Color.clamp(v) * 255).rounded())
                buffer[1 + 2 * i] = digits.utf8Start[n >> 4]
                buffer[2 + 2 * i] = digits.utf8Start[n & 15]
            }
            buffer[0] = UInt8(ascii: "#")
            put(red, at: 0)
            put(green, at: 1)
            put(blue, at: 2)
            if channels == 4 { put(alpha, at: 3) }
            return 1 + 2 * channels
        }
    }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Whether the colour is fully opaque.
    public var isOpaque: Bool { alpha >= 1 }

    /// The same colour with every component clamped to 0...1 (NaN becomes 0). Colours made by the
    /// initialisers are already clamped; this matters only after setting a field directly.
    public var clamped: Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// The hex form, as ``hexString``.
    public var description: String { hexString }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}

extension Color {
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Opaque red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Opaque blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// A mid grey, `#808080`.
    public static let gray = Color(white: 128.0 / 255)
}

extension Color: Codable {
    /// Decodes a colour from its hex string form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(hex: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\"\(text)\" is not a colour: expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
            )
        }
    }

    /// Encodes the colour as its hex string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }
}

extension String {
    fileprivate func trimmingSpaces() -> Substring {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return s
    }
}
