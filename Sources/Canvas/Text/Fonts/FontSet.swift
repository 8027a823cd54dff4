import LayerKitSupport

/// The fonts one render may use besides the system's: faces named by family in `font-family`
/// lists (a render's own, like CSS's `@font-face`), and the families tried for a character the
/// list's fonts lack before the system's (a service's). Used through
/// ``TextLayoutOptions/fonts``: the text is measured by an engine whose fontconfig configuration
/// holds the system's fonts, the registered ones (``FontRegistry``) and these, so no other render
/// and nothing process-wide changes. See <doc:CanvasBasics> ("Fonts per render").
///
/// ```swift
/// let fonts = try FontSet([FontFace(family: "Brand", data: FontData(bytes: woff2))])
/// let layout = try TextLayout("Hello", style: TextStyle(fontFamily: "Brand, sans-serif"),
///                             options: TextLayoutOptions(fonts: fonts))
/// ```
public struct FontSet: Hashable, Sendable {
    /// The faces, in the order given.
    public let faces: [FontFace]
    /// Families of ``faces`` tried, in order, for characters that the fonts a text names lack,
    /// before the system's fallback: placed before the first generic family of the list
    /// (`sans-serif`…), or after the whole list when it names none.
    public let fallbackFamilies: [String]
    /// A content hash of the faces (data, family, weight, style) and the fallback list, 32 hex
    /// digits: the key engines and fontconfig configurations are cached by.
    public let digest: String

    /// The most faces one set may hold.
    public static let maxFaces = 256

    /// A set of `faces` with `fallbackFamilies` (each must be a family of `faces`).
    ///
    /// - Throws: ``CanvasError/fontRejected(_:)`` for more than ``maxFaces`` faces or a fallback
    ///   family no face has.
    public init(_ faces: [FontFace], fallbackFamilies: [String] = []) throws(CanvasError) {
        guard faces.count <= FontSet.maxFaces else {
            throw .fontRejected("\(faces.count) font faces is over the limit of \(FontSet.maxFaces)")
        }
        let known = Set(faces.map { $0.family.lowercased() })
        var fallback: [String] = []
        for family in fallbackFamilies {
            let name = family.trimmingWhitespace
            guard known.contains(name.lowercased()) else {
                throw .fontRejected("fallback family \"\(name.prefix(40))\" is not the family of any face in the set")
            }
            if !fallback.contains(where: { $0.lowercased() == name.lowercased() }) { fallback.append(name) }
        }
        self.faces = faces
        self.fallbackFamilies = fallback
        var hasher = StableHasher()
        hasher.combine(UInt64(faces.count))
        for face in faces {
            FontSet.combine(face.data.digest, into: &hasher)
            FontSet.combine(face.family.lowercased(), into: &hasher)
            hasher.combine(UInt64(face.weight.lowerBound) << 32 | UInt64(face.weight.upperBound))
            hasher.combine(face.isItalic ? 1 : 0)
        }
        hasher.combine(UInt64(fallback.count))
        for family in fallback { FontSet.combine(family.lowercased(), into: &hasher) }
        let (high, low) = hasher.finalizeWords()
        self.digest = FontData.hex(high) + FontData.hex(low)
    }

    /// This set with `faces` over it, as a render's own fonts over a service's: a family that
    /// `faces` declare replaces the set's faces of that family (CSS: the document's faces win),
    /// other families stay, and so does the fallback list where its families remain.
    ///
    /// - Throws: ``CanvasError/fontRejected(_:)`` when the result holds more than ``maxFaces``.
    public func overlaid(by faces: [FontFace]) throws(CanvasError) -> FontSet {
        guard !faces.isEmpty else { return self }
        let replaced = Set(faces.map { $0.family.lowercased() })
        let kept = self.faces.filter { !replaced.contains($0.family.lowercased()) }
        return try FontSet(faces + kept, fallbackFamilies: fallbackFamilies)
    }

    /// The budget of the fonts of prepared sets kept for later renders (their files and fontconfig
    /// configurations), least recently used dropped first; default 128 MiB. Lowering it drops
    /// sets at once (engines still using one keep it until they finish).
    public static var cacheByteLimit: Int {
        get { TextEnginePool.shared.fontCacheByteLimit }
        set { TextEnginePool.shared.fontCacheByteLimit = newValue }
    }

    /// The distinct family names of the faces, in order.
    public var families: [String] {
        var seen = Set<String>()
        return faces.compactMap { seen.insert($0.family.lowercased()).inserted ? $0.family : nil }
    }

    /// The bytes of every distinct font the set holds (what the font cache counts).
    public var byteCount: Int {
        var seen = Set<String>()
        return faces.reduce(0) { seen.insert($1.data.digest).inserted ? $0 + $1.data.byteCount : $0 }
    }

    public static func == (lhs: FontSet, rhs: FontSet) -> Bool { lhs.digest == rhs.digest }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    private static func combine(_ text: String, into hasher: inout StableHasher) {
        let bytes = Array(text.utf8)
        hasher.combine(UInt64(bytes.count))
        hasher.combine(bytes)
    }
}
