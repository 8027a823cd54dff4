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

    /// Builds a configuration from the system's fontconfig files and font caches, plus the
    /// application fonts `kept` (skipped, and left out of the returned list, when they can no
    /// longer be added, e.g. deleted since) and `new` (which must be added).
    ///
    /// - Returns: The configuration and the files it holds.
    /// - Throws: ``CanvasError/fontFileRejected(path:detail:)`` when `new` cannot be added.
    static func build(keeping kept: [String], adding new: String) throws(CanvasError) -> (FontConfigHandle, [String]) {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw .fontFileRejected(path: new, detail: "fontconfig could not load its configuration")
        }
        let handle = FontConfigHandle(adopting: config)
        let added = kept.filter { FcConfigAppFontAddFile(config, $0) != 0 }
        guard FcConfigAppFontAddFile(config, new) != 0 else {
            throw .fontFileRejected(path: new, detail: "fontconfig could not add it to a configuration")
        }
        return (handle, added + [new])
    }
}
