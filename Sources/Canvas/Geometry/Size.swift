/// A width and a height, in points unless a doc comment says pixels.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, `0 × 0`.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both extents are finite numbers.
    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// Whether either extent is zero or negative (or not a number).
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// A textual form such as `375.0×260.0`.
    public var description: String { "\(width)×\(height)" }
}
