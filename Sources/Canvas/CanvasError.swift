/// Everything that can go wrong in the Canvas, each case saying what was wrong.
///
/// Every failing Canvas call throws one of these; none of them crashes the process. The
/// ``description`` is a one-line message fit for a log or a command-line tool.
public enum CanvasError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A width or height is not usable: not finite, zero or negative, or beyond the largest
    /// surface the backend supports.
    case invalidSize(width: Double, height: Double, problem: SizeProblem)
    /// A scale factor is not a finite number greater than zero, or is absurdly large.
    case invalidScale(Double)
    /// The pixel count (width × height in pixels) of a bitmap to be made (a render's output, a
    /// new or resized ``Bitmap``) is over the limit. Raised before any allocation.
    ///
    /// A source image over the limit is ``imageTooManyPixels(width:height:limit:)`` instead.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The pixel count (width × height in pixels) of an encoded image being decoded, read from
    /// its header, is over the limit. Raised before any allocation, whatever the decode target:
    /// the image is refused, not the size it was asked for.
    case imageTooManyPixels(width: Int, height: Int, limit: Int)
    /// The bytes are none of the image formats the codecs read.
    case unknownImageFormat(leadingBytes: String)
    /// The data starts like `format` but is damaged; `detail` is the codec's own message.
    case corruptImage(format: ImageFormat, detail: String)
    /// The data starts like `format` but ends before the image does.
    case truncatedImage(format: ImageFormat, detail: String)
    /// An SVG document is over one of its ``SVGLimits``: its size in bytes, its element count
    /// (entity expansions included) or its nesting depth. Raised before librsvg draws anything.
    ///
    /// A document librsvg or libxml2 cannot read is ``corruptImage(format:detail:)`` (or
    /// ``truncatedImage(format:detail:)``) with their message, as for the other formats.
    case svgOverLimit(SVGLimits.Kind, limit: Int)
    /// An encoder failed, or was given an option out of range.
    case encodingFailed(format: ImageFormat, detail: String)
    /// A text is longer than the limit, in UTF-8 bytes.
    case textTooLong(utf8Bytes: Int, limit: Int)
    /// A text style value is not usable (for example a NaN or negative font size).
    case invalidTextStyle(String)
    /// A font file could not be registered.
    case fontFileRejected(path: String, detail: String)
    /// Font data (``FontData``), a font face description (``FontFace``) or a font set could not be
    /// used; the detail says why.
    case fontRejected(String)
    /// A colour string is not hex colour.
    case invalidColor(String)
    /// A value passed to a drawing call is not usable (for example a NaN coordinate).
    case invalidArgument(String)
    /// The system refused the pixel memory (the size itself was within the limits).
    case outOfMemory(bytes: Int)

    /// What is wrong with a size.
    public enum SizeProblem: String, Sendable, Hashable {
        /// NaN or infinite.
        case notFinite = "not a finite number"
        /// Zero or negative.
        case notPositive = "not greater than zero"
        /// Larger than the backend's largest surface side (32 767 px).
        case tooLarge = "larger than 32767 px on a side"
    }

    /// A one-line description of the failure.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height, let problem):
            return "invalid size \(width)×\(height): \(problem.rawValue)"
        case .invalidScale(let scale):
            return "invalid scale \(scale): expected a finite number in 0 < scale ≤ 16"
        case .tooManyPixels(let width, let height, let limit):
            return "bitmap of \(width)×\(height) px is \(Self.pixelCount(width, height)) pixels, over the limit of \(limit)"
        case .imageTooManyPixels(let width, let height, let limit):
            return "source image of \(width)×\(height) px is \(Self.pixelCount(width, height)) pixels, over the limit of \(limit)"
        case .unknownImageFormat(let leading):
            return "unknown image format (leading bytes \(leading.isEmpty ? "none: the data is empty" : leading))"
        case .corruptImage(let format, let detail):
            return "corrupt \(format.rawValue.uppercased()) data: \(detail)"
        case .truncatedImage(let format, let detail):
            return "truncated \(format.rawValue.uppercased()) data: \(detail)"
        case .svgOverLimit(let kind, let limit):
            switch kind {
            case .bytes: return "SVG document is over the limit of \(limit) bytes (or its entities expand to more text than that)"
            case .elements: return "SVG document has more than \(limit) elements (entity expansions included)"
            case .depth: return "SVG document nests elements deeper than the limit of \(limit)"
            }
        case .encodingFailed(let format, let detail):
            return "\(format.rawValue.uppercased()) encoding failed: \(detail)"
        case .textTooLong(let bytes, let limit):
            return "text of \(bytes) UTF-8 bytes is over the limit of \(limit)"
        case .invalidTextStyle(let detail):
            return "invalid text style: \(detail)"
        case .fontFileRejected(let path, let detail):
            return "font file \(path) rejected: \(detail)"
        case .fontRejected(let detail):
            return "font rejected: \(detail)"
        case .invalidColor(let text):
            return "invalid colour \"\(text)\": expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        case .invalidArgument(let detail):
            return "invalid argument: \(detail)"
        case .outOfMemory(let bytes):
            return "out of memory: \(bytes) bytes of pixels could not be allocated"
        }
    }

    /// `width × height` as text, without trapping when the product overflows `Int`.
    private static func pixelCount(_ width: Int, _ height: Int) -> String {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? "more than \(Int.max)" : String(count)
    }
}
