/// Which format ``ImageEncoder`` writes, and how.
///
/// ```swift
/// let png = try ImageEncoder.encode(card, as: .png())
/// let small = try ImageEncoder.encode(card, as: .webp(quality: 80, method: 4))
/// let photo = try ImageEncoder.encode(card, as: .jpeg(quality: 85, chromaSubsampling: .yuv444))
/// ```
public enum EncodingOptions: Hashable, Sendable {
    /// Lossless PNG, written by our own writer over libdeflate. `compression` picks the row filter
    /// and libdeflate's level: ``PNGCompression/fast`` (the default) or ``PNGCompression/compact``.
    /// A bitmap whose pixels are all opaque is written as 8-bit RGB (no alpha channel: a quarter
    /// less data to filter and compress); any other as 8-bit RGBA with straight alpha.
    case png(compression: PNGCompression = .fast)
    /// WebP. `quality` is 0…100: for lossy the picture quality, for `lossless` the compression
    /// effort. `method` is libwebp's speed/effort knob, 0 (fastest) … 6 (smallest, slowest).
    case webp(quality: Double = 80, lossless: Bool = false, method: Int = 4)
    /// Baseline JPEG. `quality` is 1…100. JPEG has no alpha, so translucent pixels are composited
    /// onto `background` (treated as opaque; white by default) first.
    case jpeg(quality: Int = 85, background: Color = .white, chromaSubsampling: ChromaSubsampling = .yuv420)

    /// The format these options write.
    public var format: ImageFormat {
        switch self {
        case .png: .png
        case .webp: .webp
        case .jpeg: .jpeg
        }
    }

    /// Throws unless every option is in range, naming the one that is not.
    func validate() throws(CanvasError) {
        switch self {
        case .png(let compression):
            guard PNGCompression.levels.contains(compression.level) else {
                throw .encodingFailed(format: .png, detail: "compression level \(compression.level) is out of range 0...12")
            }
        case .webp(let quality, _, let method):
            guard quality.isFinite, (0...100).contains(quality) else {
                throw .encodingFailed(format: .webp, detail: "quality \(quality) is out of range 0...100")
            }
            guard (0...6).contains(method) else {
                throw .encodingFailed(format: .webp, detail: "method \(method) is out of range 0...6")
            }
        case .jpeg(let quality, let background, _):
            guard (1...100).contains(quality) else {
                throw .encodingFailed(format: .jpeg, detail: "quality \(quality) is out of range 1...100")
            }
            let components = [background.red, background.green, background.blue]
            guard components.allSatisfy({ $0.isFinite }) else {
                throw .encodingFailed(format: .jpeg, detail: "background colour has a component that is not a finite number")
            }
        }
    }
}

/// How a JPEG stores colour detail relative to brightness.
public enum ChromaSubsampling: String, Hashable, Sendable, CaseIterable {
    /// Colour at half resolution both ways: the smallest files; the usual choice for photos.
    case yuv420 = "4:2:0"
    /// Colour at half horizontal resolution.
    case yuv422 = "4:2:2"
    /// Colour at full resolution: sharp coloured edges (text, UI), larger files.
    case yuv444 = "4:4:4"
}
