import LayerKitSupport

/// One font face's data, checked: TrueType, OpenType, a face of a collection, WOFF or WOFF2
/// (decoded by FreeType, which Debian 12 builds with zlib and Brotli, and rewritten as an sfnt,
/// the only form HarfBuzz and fontconfig read). What the font says of itself (family, weight,
/// italic) is read here; ``FontFace`` says how a text names it.
///
/// ```swift
/// let brand = try FontData(bytes: woff2Bytes)          // .woff2, "Inter", 100...900
/// ```
public struct FontData: Hashable, Sendable {
    /// The container the bytes came in.
    public let format: FontFormat
    /// The family name in the font's `name` table.
    public let familyName: String
    /// The style name in the font's `name` table ("Bold Italic").
    public let styleName: String
    /// The weights it covers: one weight from `OS/2`, or a variable font's `wght` axis range.
    public let weight: ClosedRange<Int>
    /// Whether the font is italic or oblique.
    public let isItalic: Bool
    /// The number of glyphs.
    public let glyphCount: Int
    /// The number of faces in the bytes it was read from (more than one for a collection; a face
    /// of a WOFF or WOFF2 collection is rewritten as a font of its own).
    public let faceCount: Int
    /// A content hash of the sfnt and the face index (32 hex digits): the same data is the same
    /// font in every render, so prepared font sets are cached by it.
    public let digest: String
    /// The sfnt a text engine reads, and the face's index in it (non-zero only for collections).
    let sfnt: Bytes
    let faceIndex: Int

    /// The bytes of the sfnt shared by every copy (a font is often megabytes).
    final class Bytes: Sendable {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// The size of the sfnt the engine reads, in bytes (what the font cache counts).
    public var byteCount: Int { sfnt.bytes.count }

    /// The sfnt the engine reads (a WOFF or WOFF2 font decoded): `FontData(bytes: sfntBytes,
    /// faceIndex: sfntFaceIndex)` is this font again.
    public var sfntBytes: [UInt8] { sfnt.bytes }
    /// The face's index in ``sfntBytes`` (non-zero only for a face of a collection).
    public var sfntFaceIndex: Int { faceIndex }

    /// Checks face `faceIndex` of `bytes` (only collections have more than face 0).
    ///
    /// - Throws: ``CanvasError/fontRejected(_:)`` saying what was wrong: not a font (with its
    ///   leading bytes), over a limit, a face index out of range, or what FreeType refused.
    public init(bytes: [UInt8], faceIndex: Int = 0, limits: FontLimits = .default) throws(CanvasError) {
        guard bytes.count <= limits.maxBytes else {
            throw .fontRejected("\(bytes.count) bytes is over the limit of \(limits.maxBytes) bytes")
        }
        guard let format = FontFormat.sniff(bytes) else {
            let leading = bytes.prefix(4).map { String($0, radix: 16) }.joined(separator: " ")
            throw .fontRejected("not a TrueType, OpenType, WOFF or WOFF2 font (it starts with \(leading.isEmpty ? "nothing" : leading))")
        }
        guard faceIndex >= 0, faceIndex < 0x10000 else { throw .fontRejected("face index \(faceIndex) is out of range") }
        if format.isCompressed {
            // The header's totalSfntSize (offset 16 in both WOFF and WOFF2), before anything inflates.
            guard bytes.count >= 20 else { throw .fontRejected("its \(format.rawValue) header is cut short") }
            let total = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            guard total <= limits.maxDecodedBytes else {
                throw .fontRejected("it decompresses to \(total) bytes, over the limit of \(limits.maxDecodedBytes) bytes")
            }
        }
        let face = try FreeTypeFace(bytes, index: faceIndex)
        guard face.isSFNT else { throw .fontRejected("FreeType found no TrueType or OpenType tables in it") }
        guard (1...0xFFFF).contains(face.glyphCount) else { throw .fontRejected("it has \(face.glyphCount) glyphs") }
        guard face.hasCharacterMap else { throw .fontRejected("it has no character map, so no text can use it") }
        let sfnt: [UInt8]
        if format.isCompressed {
            sfnt = SFNTWriter.file(version: face.sfntVersion, tables: try face.tables(limit: limits.maxDecodedBytes))
            self.faceIndex = 0
        } else {
            sfnt = bytes
            self.faceIndex = faceIndex
        }
        var hasher = StableHasher()
        hasher.combine(UInt64(sfnt.count))
        hasher.combine(sfnt)
        hasher.combine(UInt64(self.faceIndex))
        let (high, low) = hasher.finalizeWords()
        self.digest = FontData.hex(high) + FontData.hex(low)
        self.format = format
        self.familyName = face.familyName
        self.styleName = face.styleName
        self.weight = face.weight
        self.isItalic = face.isItalic
        self.glyphCount = face.glyphCount
        self.faceCount = face.faceCount
        self.sfnt = Bytes(sfnt)
    }

    public static func == (lhs: FontData, rhs: FontData) -> Bool { lhs.digest == rhs.digest }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// `value` as 16 hex digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
