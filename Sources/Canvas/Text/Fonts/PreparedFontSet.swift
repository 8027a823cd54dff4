import CCairoPango
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``FontSet`` made usable by Pango: its fonts written to files of their own, and a fontconfig
/// configuration holding the system's fonts, the registered ones and each face under a private
/// family name (`alkfont<serial>f<face>`), so that CSS's face choice (``FontMatching``) decides
/// which face a text gets, not fontconfig's nearest match, and a system font of the same family
/// name never shadows a declared one. Immutable once built; engines for the set keep it alive,
/// and the last one to go removes the files.
final class PreparedFontSet: Sendable {
    /// One face as a family list names it.
    struct Face: Sendable {
        /// The private family name fontconfig knows it by.
        let name: String
        let weight: ClosedRange<Int>
        let italic: Bool
    }

    /// The set's digest.
    let digest: String
    /// The configuration the set's engines use.
    let config: FontConfigHandle
    /// Faces by lower-cased CSS family, in the order given.
    private let faces: [String: [Face]]
    /// The CSS family of each private name.
    private let declared: [String: String]
    /// The fallback families, lower-cased.
    private let fallback: [String]
    /// The files written for the set, removed in `deinit`.
    let files: [String]
    /// The bytes of those files.
    let byteCount: Int

    /// Writes `set`'s fonts and builds its configuration over the system's and `registered`.
    ///
    /// - Throws: ``CanvasError/fontRejected(_:)`` when a file cannot be written or fontconfig
    ///   cannot read one.
    init(_ set: FontSet, serial: Int, registered: [String]) throws(CanvasError) {
        var paths: [String: String] = [:]  // data digest → file
        var files: [String] = []
        var bytes = 0
        do {
            for face in set.faces where paths[face.data.digest] == nil {
                let suffix = face.data.sfnt.bytes.starts(with: [0x4F, 0x54, 0x54, 0x4F]) ? "otf" : "ttf"
                let path = try FontFileDirectory.store(face.data.sfnt.bytes, name: "\(serial)-\(files.count).\(suffix)")
                paths[face.data.digest] = path
                files.append(path)
                bytes += face.data.byteCount
            }
        } catch {
            for file in files { unlink(file) }
            throw error
        }
        // Until the set is whole (and its deinit would remove them), a failure removes the files here.
        let removeFiles = { for file in files { unlink(file) } }
        guard let config = FcInitLoadConfigAndFonts() else {
            removeFiles()
            throw .fontRejected("fontconfig could not load its configuration")
        }
        let handle = FontConfigHandle(adopting: config)
        for file in registered { _ = FcConfigAppFontAddFile(config, file) }
        var faces: [String: [Face]] = [:]
        var declared: [String: String] = [:]
        do {
            for (index, face) in set.faces.enumerated() {
                let name = "alkfont\(serial)f\(index)"
                try PreparedFontSet.add(face, as: name, path: paths[face.data.digest]!, to: config)
                faces[face.family.lowercased(), default: []].append(Face(name: name, weight: face.weight, italic: face.isItalic))
                declared[name] = face.family
            }
        } catch {
            removeFiles()
            throw error
        }
        self.files = files
        self.byteCount = bytes
        self.digest = set.digest
        self.config = handle
        self.faces = faces
        self.declared = declared
        self.fallback = set.fallbackFamilies.map { $0.lowercased() }
    }

    deinit {
        for file in files { unlink(file) }
    }

    /// The CSS family of a font fontconfig calls `name`: a face's declared family for a private
    /// name, else `name` itself (a system or registered font).
    func declaredFamily(of name: String) -> String { declared[name] ?? name }

    /// Whether the set has faces of `family` (case-insensitive).
    func hasFamily(_ family: String) -> Bool { faces[family.lowercased()] != nil }

    /// The family list to give Pango for a CSS `list` at `weight` and `italic`: each family the
    /// set declares replaced by the private name of the face CSS picks, the fallback families
    /// (their picked faces) before the first generic family or at the end, the rest unchanged.
    func pangoFamilies(for list: String, weight: Int, italic: Bool) -> String {
        var names: [String] = []
        var fallbackPlaced = fallback.isEmpty
        func placeFallback() {
            fallbackPlaced = true
            for family in fallback { if let face = pick(family, weight, italic) { names.append(face) } }
        }
        for name in TextStyle.familyNames(in: list) {
            let key = name.lowercased()
            if !fallbackPlaced, TextEngine.genericFamilies.contains(key) { placeFallback() }
            names.append(pick(key, weight, italic) ?? name)
        }
        if !fallbackPlaced { placeFallback() }
        return names.joined(separator: ",")
    }

    private func pick(_ family: String, _ weight: Int, _ italic: Bool) -> String? {
        guard let candidates = faces[family] else { return nil }
        return FontMatching.select(candidates.map { ($0.weight, $0.italic) }, weight: weight, italic: italic).map { candidates[$0].name }
    }

    /// Adds `face`'s patterns (every instance of a variable font) to `config`'s application
    /// fonts under the family `name`, with the weight and slant the face declares.
    private static func add(_ face: FontFace, as name: String, path: String, to config: OpaquePointer) throws(CanvasError) {
        guard let scanned = FcFontSetCreate() else { throw .fontRejected("out of memory") }
        defer { FcFontSetDestroy(scanned) }
        let id = UInt32(face.data.faceIndex)
        guard FcFreeTypeQueryAll(path, id, nil, nil, scanned) > 0, scanned.pointee.nfont > 0 else {
            throw .fontRejected("fontconfig cannot read the font of family \"\(face.family)\"")
        }
        guard let target = applicationFonts(of: config, path: path) else {
            throw .fontRejected("fontconfig could not add the font of family \"\(face.family)\"")
        }
        for index in 0..<Int(scanned.pointee.nfont) {
            guard let original = scanned.pointee.fonts[index], let pattern = FcPatternDuplicate(original) else { continue }
            FcPatternDel(pattern, FC_FAMILY)
            FcPatternDel(pattern, FC_FAMILYLANG)
            FcPatternAddString(pattern, FC_FAMILY, name)
            if face.weight != face.data.weight {
                FcPatternDel(pattern, FC_WEIGHT)
                if face.weight.lowerBound == face.weight.upperBound {
                    FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(face.weight.lowerBound)))
                } else if let range = FcRangeCreateDouble(FcWeightFromOpenTypeDouble(Double(face.weight.lowerBound)),
                                                          FcWeightFromOpenTypeDouble(Double(face.weight.upperBound))) {
                    FcPatternAddRange(pattern, FC_WEIGHT, range)
                    FcRangeDestroy(range)
                }
            }
            if face.isItalic != face.data.isItalic {
                FcPatternDel(pattern, FC_SLANT)
                FcPatternAddInteger(pattern, FC_SLANT, face.isItalic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
            }
            if FcFontSetAdd(target, pattern) == 0 { FcPatternDestroy(pattern) }
        }
    }

    /// The configuration's application font set. fontconfig makes it only when a first file is
    /// added; then that file's own patterns are in it too, under the font's real family, and
    /// are given a family no list can name so they stay out of matching.
    private static func applicationFonts(of config: OpaquePointer, path: String) -> UnsafeMutablePointer<FcFontSet>? {
        if let set = FcConfigGetFonts(config, FcSetApplication) { return set }
        guard FcConfigAppFontAddFile(config, path) != 0, let set = FcConfigGetFonts(config, FcSetApplication) else { return nil }
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file, String(cString: file) == path else { continue }
            FcPatternDel(pattern, FC_FAMILY)
            FcPatternDel(pattern, FC_FAMILYLANG)
            FcPatternAddString(pattern, FC_FAMILY, "alkfont-unlisted")
        }
        return set
    }
}
