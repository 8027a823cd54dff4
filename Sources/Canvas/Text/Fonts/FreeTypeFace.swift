import CCairoPango

/// One FreeType library and one face opened from memory, both released exactly once in
/// `deinit`. A library of its own per face: FreeType allows faces of different libraries to be
/// used by different threads, and a face is only read here, by the thread that made it.
final class FreeTypeFace {
    private let library: FT_Library
    /// The face (`FT_Face`), valid until `deinit`.
    let face: FT_Face
    /// The bytes FreeType reads from: it keeps pointing into them, so they live as long as the face.
    private let bytes: UnsafeMutableRawBufferPointer

    /// Opens face `index` of `data`.
    ///
    /// - Throws: ``CanvasError/fontRejected(_:)`` with FreeType's error when it cannot.
    init(_ data: [UInt8], index: Int) throws(CanvasError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw .fontRejected("FreeType could not start") }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
        data.withUnsafeBytes { source in if let base = source.baseAddress { bytes.baseAddress!.copyMemory(from: base, byteCount: source.count) } }
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), FT_Long(index), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            bytes.deallocate()
            throw .fontRejected("FreeType cannot read face \(index): \(FreeTypeFace.describe(error))")
        }
        self.library = library
        self.face = face
        self.bytes = bytes
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        bytes.deallocate()
    }

    /// The number of faces in the file.
    var faceCount: Int { Int(face.pointee.num_faces) }
    /// The number of glyphs in this face.
    var glyphCount: Int { Int(face.pointee.num_glyphs) }
    /// Whether FreeType found an sfnt (TrueType/OpenType tables) behind the container.
    var isSFNT: Bool { face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0 }
    /// Whether the face has a character map (without one no text can reach its glyphs).
    var hasCharacterMap: Bool { face.pointee.num_charmaps > 0 }
    /// The family name FreeType read (from the `name` table), or "".
    var familyName: String { face.pointee.family_name.map { String(cString: $0) } ?? "" }
    /// The style name ("Bold Italic"), or "".
    var styleName: String { face.pointee.style_name.map { String(cString: $0) } ?? "" }

    /// The weight class of the `OS/2` table (CSS 1–1000), or 400 without one; for a variable
    /// font with a `wght` axis, the axis' range.
    var weight: ClosedRange<Int> {
        var stated = 400
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self)
            if os2.pointee.version != 0xFFFF, (1...1000).contains(Int(os2.pointee.usWeightClass)) { stated = Int(os2.pointee.usWeightClass) }
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 else { return stated...stated }
        var variations: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &variations) == 0, let variations else { return stated...stated }
        defer { FT_Done_MM_Var(library, variations) }
        let wght: FT_ULong = 0x7767_6874  // "wght"
        for index in 0..<Int(variations.pointee.num_axis) {
            let axis = variations.pointee.axis[index]
            guard axis.tag == wght else { continue }
            let low = Int(axis.minimum >> 16), high = Int(axis.maximum >> 16)
            if 1 <= low, low <= high, high <= 1000 { return low...high }
        }
        return stated...stated
    }

    /// Whether the face is italic or oblique (FreeType's style flag, from `OS/2` and `head`).
    var isItalic: Bool { face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0 }

    /// The sfnt version of the face's tables: `OTTO` when they hold CFF outlines, else 1.0.
    var sfntVersion: UInt32 {
        table("CFF ") != nil || table("CFF2") != nil ? 0x4F54_544F : 0x0001_0000
    }

    /// Every table of the face as FreeType decoded it (WOFF and WOFF2 included), in directory
    /// order, stopping once they add up to more than `limit` bytes.
    ///
    /// - Throws: ``CanvasError/fontRejected(_:)`` when a table cannot be read or they are over `limit`.
    func tables(limit: Int) throws(CanvasError) -> [(tag: UInt32, data: [UInt8])] {
        var count: FT_ULong = 0
        guard FT_Sfnt_Table_Info(face, 0, nil, &count) == 0 else { throw .fontRejected("FreeType cannot list the font's tables") }
        var result: [(tag: UInt32, data: [UInt8])] = []
        var total = 0
        for index in 0..<UInt32(min(count, 4096)) {
            var tag: FT_ULong = 0, length: FT_ULong = 0
            guard FT_Sfnt_Table_Info(face, index, &tag, &length) == 0 else { continue }
            total += Int(length)
            guard total <= limit else { throw .fontRejected("its tables decode to more than the limit of \(limit) bytes") }
            guard let data = load(tag: tag, length: Int(length)) else {
                throw .fontRejected("FreeType cannot read its table '\(FreeTypeFace.tagName(UInt32(tag)))'")
            }
            result.append((UInt32(tag), data))
        }
        guard !result.isEmpty else { throw .fontRejected("it has no tables") }
        return result
    }

    private func table(_ name: String) -> [UInt8]? {
        let tag = name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, nil, &length) == 0 else { return nil }
        return load(tag: FT_ULong(tag), length: Int(length))
    }

    private func load(tag: FT_ULong, length: Int) -> [UInt8]? {
        var size = FT_ULong(length)
        var data = [UInt8](repeating: 0, count: length)
        let error = data.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, tag, 0, $0.baseAddress, &size) }
        return error == 0 && Int(size) == length ? data : nil
    }

    /// A table tag as its four characters.
    static func tagName(_ tag: UInt32) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }

    /// FreeType's message for `error`.
    static func describe(_ error: FT_Error) -> String {
        if let message = FT_Error_String(error) { return String(cString: message) }
        return "FreeType error \(error)"
    }
}
