/// The weight (boldness) of a font, on the CSS / OpenType scale from 100 (thin) to 900 (black).
///
/// Any value from 100 to 1000 is accepted; fontconfig picks the nearest face the family has.
///
/// ```swift
/// var style = TextStyle(size: 14)
/// style.weight = .bold          // 700
/// style.weight = FontWeight(550)
/// ```
public struct FontWeight: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The numeric weight, 100...1000.
    public var rawValue: Int

    /// Creates a weight from its numeric value (checked when the text is measured).
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Creates a weight from its numeric value (checked when the text is measured).
    public init(_ value: Int) {
        self.rawValue = value
    }

    /// 100.
    public static let thin = FontWeight(100)
    /// 200.
    public static let extraLight = FontWeight(200)
    /// 300.
    public static let light = FontWeight(300)
    /// 400, the normal weight.
    public static let regular = FontWeight(400)
    /// 500.
    public static let medium = FontWeight(500)
    /// 600.
    public static let semibold = FontWeight(600)
    /// 700.
    public static let bold = FontWeight(700)
    /// 800.
    public static let heavy = FontWeight(800)
    /// 900.
    public static let black = FontWeight(900)

    /// The range of weights Pango accepts.
    public static let validRange = 100...1000

    /// Orders weights from light to heavy.
    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The numeric value, such as `700`.
    public var description: String { String(rawValue) }
}
