public import Flexbox

/// An emoji set: pictures drawn in place of graphemes, inline at the text's font size, instead of
/// the fonts' glyphs (Noto Color Emoji, unless a family in the text's list has the character).
///
/// Two sources, looked up in this order for each grapheme (a Swift `Character`) of a text:
///
/// 1. ``images``, an explicit map grapheme → ``ImageSource`` (Satori's `graphemeImages`): any
///    grapheme, emoji or not; a grapheme with U+FE0F is also looked up without it.
/// 2. A ``folder`` of Twemoji-style files, for emoji only (``isEmoji(_:)``): each named by its code
///    points in lower-case hex joined by `-`, `.svg` or `.png` (`1f600.svg`,
///    `1f468-200d-1f469-200d-1f467.svg`, `2764.svg`). A name is tried with and without U+FE0F
///    (``fileNames(for:)``), as Twemoji's own lookup does.
///
/// A grapheme found in neither is left to the fonts. One found becomes an inline image run
/// (``InlineRun``) of 1em at its run's font size, lowered by ``verticalAlign`` as Twemoji's CSS
/// does, with its run's link and properties (see ``applied(to:)``).
///
/// The folder is listed once, when the set is made: lookups then touch no file, and a grapheme
/// whose file is missing falls back to the fonts; a file added later is not seen until a new set
/// is made. Its images are loaded through the renderer's image stage under the names
/// ``folderImageNamePrefix`` + file name, by a ``FolderImageLoader`` on that folder (so a file, or
/// a symbolic link, that resolves outside it is refused).
///
/// ```swift
/// let twemoji = try EmojiImages(folder: "/srv/twemoji/svg")
/// let renderer = ElementRenderer(imageLoader: assets, emojiImages: twemoji)
/// ```
public struct EmojiImages: Hashable, Sendable {
    /// Pictures by grapheme, looked up before the folder.
    public var images: [Character: ImageSource] {
        didSet { keys = KeyScalars(images) }
    }
    /// What the keys of ``images`` are made of, kept with them so that a rewrite does not gather
    /// it again.
    private(set) var keys: KeyScalars
    /// Where the inline images sit: 0.1em below the baseline by default (Twemoji's
    /// `vertical-align: -0.1em`).
    public var verticalAlign: VerticalAlign
    /// The folder of Twemoji-style files, as given; `nil` for a set of ``images`` alone.
    public let folder: String?
    /// The folder's files by code-point name (file name without its extension), as listed when
    /// the set was made: `1f600` → `1f600.svg`. An SVG wins over a PNG of the same name.
    let folderFiles: [String: String]

    /// The prefix of the image names that stand for the folder's files (`emoji:1f600.svg`): the
    /// renderer loads such names from the folder, every other name through its image loader.
    public static let folderImageNamePrefix = "emoji:"
    /// The file extensions read from a folder, in order of preference.
    public static let folderExtensions = ["svg", "png"]
    /// The longest grapheme looked up in a folder, in Unicode scalars (the longest emoji, a
    /// family of four with skin tones, has 10); a longer one is left to the fonts.
    public static let maxFolderGraphemeScalars = 32

    /// A set of `images` alone.
    ///
    /// - Parameters:
    ///   - images: The pictures by grapheme.
    ///   - verticalAlign: Where they sit in the line.
    public init(images: [Character: ImageSource] = [:], verticalAlign: VerticalAlign = .length(.em(-0.1))) {
        self.images = images
        self.keys = KeyScalars(images)
        self.verticalAlign = verticalAlign
        self.folder = nil
        self.folderFiles = [:]
    }

    /// A set of a folder's Twemoji-style files, and `images` looked up before them. The folder is
    /// listed now: files whose names are not code-point names (``fileNames(for:)``) with an
    /// extension of ``folderExtensions`` are ignored.
    ///
    /// - Parameters:
    ///   - folder: The folder's path, absolute or relative to the current directory.
    ///   - images: Pictures looked up first.
    ///   - verticalAlign: Where the pictures sit in the line.
    /// - Throws: ``FolderError`` when the folder cannot be listed.
    public init(folder: String, images: [Character: ImageSource] = [:], verticalAlign: VerticalAlign = .length(.em(-0.1))) throws(FolderError) {
        let entries: [String]
        do {
            entries = try LocalFile.entries(ofFolder: folder)
        } catch {
            let reason = switch error {
            case .system(let code): LocalFile.message(for: code)
            case .notRegularFile: "not a folder"
            }
            throw FolderError(folder: folder, reason: reason)
        }
        var files: [String: String] = [:]
        for entry in entries {
            guard let (stem, fileExtension) = Self.codePointFileName(entry) else { continue }
            // An SVG wins over a PNG of the same name: it stays sharp at every scale.
            if let known = files[stem], Self.codePointFileName(known)?.fileExtension == "svg", fileExtension != "svg" { continue }
            files[stem] = entry
        }
        self.images = images
        self.keys = KeyScalars(images)
        self.verticalAlign = verticalAlign
        self.folder = folder
        self.folderFiles = files
    }

    /// Whether the set maps nothing: no picture and no folder file.
    public var isEmpty: Bool { images.isEmpty && folderFiles.isEmpty }

    /// The number of files the folder had when the set was made (those with code-point names).
    public var folderFileCount: Int { folderFiles.count }

    /// The picture drawn for `grapheme`, or `nil` when the fonts draw it: ``images`` (also without
    /// U+FE0F), then, for an emoji, the folder's file (``fileNames(for:)`` with each extension).
    public func image(for grapheme: Character) -> ImageSource? {
        if !images.isEmpty {
            if let source = images[grapheme] { return source }
            if grapheme.unicodeScalars.contains("\u{FE0F}"), let source = images[Self.removingVariationSelector(grapheme)] { return source }
        }
        guard !folderFiles.isEmpty, Self.isEmoji(grapheme), grapheme.unicodeScalars.count <= Self.maxFolderGraphemeScalars else { return nil }
        for name in Self.fileNames(for: grapheme) {
            if let file = folderFiles[name] { return .named(Self.folderImageNamePrefix + file) }
        }
        return nil
    }

    /// What a string must hold for a key of a map to be in it.
    struct KeyScalars: Hashable, Sendable {
        /// The non-ASCII scalars of the keys.
        let scalars: Set<Unicode.Scalar>
        /// Whether a key is all ASCII (then an all-ASCII string is looked at too).
        let hasASCIIKey: Bool
        /// Whether a key is not made of emoji scalars alone (a letter, a symbol): such a key may
        /// be written with other scalars (é is also e + U+0301), so every grapheme of a string
        /// that is not all ASCII is looked up, not only those holding one of ``scalars``.
        let hasTextKey: Bool

        init(_ images: [Character: ImageSource]) {
            var scalars = Set<Unicode.Scalar>()
            var ascii = false, text = false
            for key in images.keys {
                if key.isASCII { ascii = true }
                for scalar in key.unicodeScalars where !scalar.isASCII {
                    scalars.insert(scalar)
                    if !Self.isEmojiScalar(scalar) { text = true }
                }
            }
            self.scalars = scalars
            self.hasASCIIKey = ascii
            self.hasTextKey = text || ascii
        }

        /// An emoji scalar or one of the scalars that join them (selectors, the joiner, the keycap,
        /// tags): none has a canonical decomposition or is part of another's.
        static func isEmojiScalar(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0xFE0E, 0xFE0F, 0x200D, 0x20E3, 0xE0020...0xE007F: true
            default: scalar.properties.isEmoji
            }
        }
    }

    /// Why a folder could not be listed.
    public struct FolderError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The folder, as given.
        public var folder: String
        /// The system's reason (no such file or directory, permission denied, not a folder).
        public var reason: String

        /// Creates the error.
        public init(folder: String, reason: String) {
            self.folder = folder
            self.reason = reason
        }

        /// `emoji folder "…": reason`.
        public var description: String { "emoji folder \"\(folder)\": \(reason)" }
    }
}
