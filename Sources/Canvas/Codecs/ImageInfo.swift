/// What an encoded image's header says, read without decoding any pixel.
public struct ImageInfo: Hashable, Sendable, CustomStringConvertible {
    /// The encoded format.
    public var format: ImageFormat
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// Whether the image can have non-opaque pixels (an alpha channel or a transparent colour).
    /// JPEG never has alpha.
    public var hasAlpha: Bool

    /// Creates an info value.
    public init(format: ImageFormat, width: Int, height: Int, hasAlpha: Bool) {
        self.format = format
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
    }

    /// `PNG 96×96 with alpha`.
    public var description: String {
        "\(format.rawValue.uppercased()) \(width)×\(height)\(hasAlpha ? " with alpha" : "")"
    }
}
