import CCairoPango

/// One reference to a fontconfig configuration (`FcConfig`), released exactly once in `deinit`.
///
/// A configuration is complete before a handle is made (system fonts plus every registered
/// application font) and is never modified afterwards: fontconfig allows concurrent reads of a
/// configuration, but not changes to one that font maps are using (Pango 1.50 even reads it from
/// its own background threads, `[pango] FcFontSetMatch` / `FcFontSetSort`).
final class FontConfigHandle: @unchecked Sendable {
    // @unchecked Sendable: the FcConfig behind `pointer` is immutable once built (see above), its
    // reference count is atomic in fontconfig ≥ 2.10.91, and the pointer itself is a `let`.

    /// The `FcConfig *`.
    let pointer: OpaquePointer

    /// Takes over one reference to `pointer`.
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        FcConfigDestroy(pointer)
    }

    /// Builds a configuration from the system's fontconfig files and font caches plus `files`.
    ///
    /// - Throws: ``CanvasError/fontFileRejected(path:detail:)`` naming the first file fontconfig
    ///   could not add.
    static func build(applicationFonts files: [String]) throws(CanvasError) -> FontConfigHandle {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw .fontFileRejected(path: files.last ?? "", detail: "fontconfig could not load its configuration")
        }
        let handle = FontConfigHandle(adopting: config)
        for file in files {
            guard FcConfigAppFontAddFile(config, file) != 0 else {
                throw .fontFileRejected(path: file, detail: "fontconfig could not add it to a configuration")
            }
        }
        return handle
    }
}
