/// The container a font's bytes come in, sniffed from its first four bytes (never from a file
/// name or a MIME type).
public enum FontFormat: String, Hashable, Sendable, CaseIterable {
    /// TrueType outlines in an sfnt (`00 01 00 00` or `true`), `.ttf`.
    case trueType
    /// CFF outlines in an sfnt (`OTTO`), `.otf`.
    case openType
    /// A TrueType/OpenType collection (`ttcf`), `.ttc`: several faces, one chosen by index.
    case collection
    /// WOFF 1.0 (`wOFF`): an sfnt whose tables are zlib-compressed.
    case woff
    /// WOFF 2.0 (`wOF2`): an sfnt compressed with Brotli and transformed tables.
    case woff2

    /// The format of `bytes`, or `nil` when they start like none of them.
    static func sniff(_ bytes: [UInt8]) -> FontFormat? {
        guard bytes.count >= 4 else { return nil }
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x00, 0x01, 0x00, 0x00), (0x74, 0x72, 0x75, 0x65): return .trueType  // 1.0, "true"
        case (0x4F, 0x54, 0x54, 0x4F): return .openType  // "OTTO"
        case (0x74, 0x74, 0x63, 0x66): return .collection  // "ttcf"
        case (0x77, 0x4F, 0x46, 0x46): return .woff  // "wOFF"
        case (0x77, 0x4F, 0x46, 0x32): return .woff2  // "wOF2"
        default: return nil
        }
    }

    /// Whether the sfnt must be rebuilt from FreeType's decoded tables before HarfBuzz and
    /// fontconfig can read it from a file (they read sfnt only).
    var isCompressed: Bool { self == .woff || self == .woff2 }
}

/// What font data may ask for: checked before FreeType decodes anything, then on what it decoded.
public struct FontLimits: Hashable, Sendable {
    /// The most bytes a font may have as given (compressed, for WOFF and WOFF2). Default 32 MiB
    /// (the largest CJK fonts are about 20 MiB).
    public var maxBytes: Int
    /// The most bytes a WOFF or WOFF2 font may decompress to (its header's `totalSfntSize`, and
    /// the tables FreeType decoded). Default 64 MiB.
    public var maxDecodedBytes: Int

    /// The defaults: 32 MiB given, 64 MiB decoded.
    public static let `default` = FontLimits()

    /// Creates limits.
    public init(maxBytes: Int = 32 << 20, maxDecodedBytes: Int = 64 << 20) {
        self.maxBytes = maxBytes
        self.maxDecodedBytes = maxDecodedBytes
    }
}
