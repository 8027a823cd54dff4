/// What an encoded image's header says, read without decoding any pixel.
public struct ImageInfo: Hashable, Sendable, CustomStringConvertible {
    /// The encoded format.
    public var format: ImageFormat
    /// The width in pixels, as stored (before ``orientation`` is applied).
    public var width: Int
    /// The height in pixels, as stored (before ``orientation`` is applied).
    public var height: Int
    /// Whether the image can have non-opaque pixels (an alpha channel or a transparent colour).
    /// JPEG never has alpha.
    public var hasAlpha: Bool
    /// The EXIF orientation (JPEG only; `.up` when there is none).
    public var orientation: ImageOrientation

    /// Creates an info value.
    public init(format: ImageFormat, width: Int, height: Int, hasAlpha: Bool, orientation: ImageOrientation = .up) {
        self.format = format
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.orientation = orientation
    }

    /// The width in pixels once shown upright (``height`` when the orientation turns it by 90°).
    public var displayWidth: Int { orientation.swapsWidthAndHeight ? height : width }

    /// The height in pixels once shown upright.
    public var displayHeight: Int { orientation.swapsWidthAndHeight ? width : height }

    /// `PNG 96×96 with alpha`.
    public var description: String {
        "\(format.rawValue.uppercased()) \(width)×\(height)\(hasAlpha ? " with alpha" : "")\(orientation == .up ? "" : ", EXIF orientation \(orientation.rawValue)")"
    }
}
