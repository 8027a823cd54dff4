/// How hard the PNG writer works: which row filter it applies and how hard libdeflate compresses.
/// Use a preset, ``fast`` (the default) or ``compact``; both are lossless, and their measured speed
/// and size are in <doc:CanvasBasics> ("Codecs").
public struct PNGCompression: Hashable, Sendable {
    /// The PNG row filter: what each byte is stored as, relative to its neighbours, before DEFLATE.
    public enum Filter: String, Hashable, Sendable, CaseIterable {
        /// Bytes as they are.
        case none
        /// Difference from the pixel to the left.
        case sub
        /// Difference from the pixel above: cheap and good on pictures with vertical structure.
        case up
        /// Difference from the mean of left and above.
        case average
        /// Difference from the Paeth predictor of left, above and upper-left.
        case paeth
        /// Per row, whichever of the five gives the smallest sum of absolute (signed) bytes: the
        /// heuristic of the PNG specification and libpng; five filters a row, so slower.
        case adaptive
    }

    /// libdeflate's compression level, 0 (stored, no compression) … 12 (smallest, slowest).
    public var level: Int
    /// The row filter.
    public var filter: Filter

    /// A level and a filter of your own; ``ImageEncoder`` rejects a level outside 0…12.
    public init(level: Int, filter: Filter) {
        self.level = level
        self.filter = filter
    }

    /// The default: the Up filter and libdeflate level 1; 13 times libpng level 6's speed (render
    /// included) for 11 % more bytes on the reference card.
    public static let fast = PNGCompression(level: 1, filter: .up)

    /// The Up filter and libdeflate level 6: libpng level 6's bytes (0.3 % more) at 3.5 times its
    /// speed (render included) on the reference card.
    /// (Adaptive filtering at level 6 saves about 1 % more bytes but libdeflate runs slower on its
    /// output, missing the three-times target on the reference card; see BENCHMARKS.md.)
    public static let compact = PNGCompression(level: 6, filter: .up)

    /// The levels libdeflate accepts.
    public static let levels = 0...12
}
