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
    /// `multithreaded` lets libwebp use a second thread (`thread_level` 1). The alpha settings
    /// apply to lossy pictures with translucent pixels: `alphaFilter` (`alpha_filtering`),
    /// `alphaCompression` (false: the plane is stored raw) and `alphaQuality` 0…100 (100:
    /// lossless alpha). An opaque bitmap is read in place as BGRX and written with no alpha plane
    /// whatever they say.
    ///
    /// The defaults were chosen on the reference card (750×520 px, `card-bench webp-table`,
    /// BENCHMARKS.md "WebP and JPEG settings"): method 2 with no alpha filter encodes it about 2.7×
    /// as fast as libwebp's default (method 4, fast alpha filter; 2.4–3.7× in single runs) for
    /// 1.026× the bytes and 0.15 dB less PSNR; method 1 is faster still but 1.17× the bytes. The
    /// second thread is off: it helped only with a core left idle, and with every render lane
    /// busy it only competes with them for the cores.
    case webp(
        quality: Double = 80,
        lossless: Bool = false,
        method: Int = 2,
        multithreaded: Bool = false,
        alphaFilter: WebPAlphaFilter = .none,
        alphaCompression: Bool = true,
        alphaQuality: Int = 100
    )
    /// Baseline JPEG. `quality` is 1…100. JPEG has no alpha, so translucent pixels are composited
    /// onto `background` (treated as opaque; white by default) first. `fastDCT` chooses
    /// libjpeg-turbo's fast integer DCT (`TJFLAG_FASTDCT`); false, the accurate one
    /// (`TJFLAG_ACCURATEDCT`).
    case jpeg(
        quality: Int = 85,
        background: Color = .white,
        chromaSubsampling: ChromaSubsampling = .yuv420,
        fastDCT: Bool = true
    )

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
        case .webp(let quality, _, let method, _, _, _, let alphaQuality):
            guard quality.isFinite, (0...100).contains(quality) else {
                throw .encodingFailed(format: .webp, detail: "quality \(quality) is out of range 0...100")
            }
            guard (0...6).contains(method) else {
                throw .encodingFailed(format: .webp, detail: "method \(method) is out of range 0...6")
            }
            guard (0...100).contains(alphaQuality) else {
                throw .encodingFailed(format: .webp, detail: "alpha quality \(alphaQuality) is out of range 0...100")
            }
        case .jpeg(let quality, let background, _, _):
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
