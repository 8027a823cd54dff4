import CCairoPango
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Application fonts: files registered here are available, by family name, to every text measured
/// afterwards. Registering is slow (a new fontconfig configuration): do it at start-up. See
/// <doc:CanvasBasics> ("Text").
public enum FontRegistry {

    /// Registers the fonts in a file (TrueType, OpenType or a collection) and returns the family
    /// names it holds. Registering the same path again does nothing and returns its families.
    ///
    /// The file must stay where it is: fonts are read from their files when glyphs are first
    /// needed. A registered file that has disappeared by the next registration is dropped then
    /// (and no longer listed in ``registeredFiles``).
    ///
    /// - Throws: ``CanvasError/fontFileRejected(path:detail:)`` when the file does not exist, cannot
    ///   be read, or holds no font fontconfig can use.
    @discardableResult
    public static func register(fileAt path: String) throws(CanvasError) -> [String] {
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw .fontFileRejected(path: path, detail: "not a usable file path")
        }
        let families = try familyNames(inFileAt: path)
        let pool = TextEnginePool.shared
        // Optimistic: build the new configuration without holding any lock (it takes tens of
        // milliseconds), then install it only if no other registration came first; otherwise
        // build again on top of that one, so no registration is ever lost.
        while true {
            let (files, generation) = pool.applicationFonts()
            if files.contains(path) { return families }
            let (config, kept) = try FontConfigHandle.build(keeping: files, adding: path)
            if pool.install(config, files: kept, ifGeneration: generation) { return families }
        }
    }

    /// The paths registered so far, in order.
    public static var registeredFiles: [String] {
        TextEnginePool.shared.applicationFonts().files
    }

    /// The names of every font family available to text, system and registered, sorted.
    public static var availableFamilies: [String] {
        TextEnginePool.shared.withEngine { engine in engine.familyList() }
    }

    /// The family fontconfig gives a generic family (`serif`, `sans-serif`, `monospace`…) for
    /// text in `language` (a BCP 47 tag such as `ja`, `zh-CN`, `ko`), as a browser picks the
    /// font of a generic family for an element's `lang`: `monospace` in Japanese is Noto Sans
    /// Mono CJK JP where there is one; an empty `generic` asks for the language's default font
    /// (a browser's standard font: Noto Sans CJK JP in Japanese). `nil` when fontconfig matches
    /// nothing.
    public static func family(forGeneric generic: String, language: String) -> String? {
        guard !generic.utf8.contains(0), !language.isEmpty, !language.utf8.contains(0),
              let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        if !generic.isEmpty { FcPatternAddString(pattern, FC_FAMILY, generic) }
        FcPatternAddString(pattern, FC_LANG, language.lowercased())
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var family: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FAMILY, 0, &family) == FcResultMatch, let family else { return nil }
        return String(cString: family)
    }

    /// The families of the fonts in a file, read with FreeType through fontconfig.
    private static func familyNames(inFileAt path: String) throws(CanvasError) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .fontFileRejected(path: path, detail: "no such file, or it cannot be read")
        }
        guard (info.st_mode & 0o170000) == 0o100000 else {  // S_IFMT, S_IFREG
            throw .fontFileRejected(path: path, detail: "not a regular file")
        }
        guard let set = FcFontSetCreate() else {
            throw .fontFileRejected(path: path, detail: "out of memory")
        }
        defer { FcFontSetDestroy(set) }
        let count = FcFreeTypeQueryAll(path, UInt32.max, nil, nil, set)  // id -1: every face
        guard count > 0, set.pointee.nfont > 0 else {
            throw .fontFileRejected(path: path, detail: "not a font file fontconfig can read")
        }
        var names: [String] = []
        for index in 0..<Int(set.pointee.nfont) {
            var family: UnsafeMutablePointer<FcChar8>?
            if let pattern = set.pointee.fonts[index], FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch,
               let family {
                let name = String(cString: family)
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }
}
