// Which graphemes are emoji, and the Twemoji-style file names of one.

extension EmojiImages {
    /// Whether `grapheme` is drawn as an emoji (Unicode's UTS #51 presentation rules), so that a
    /// folder's file may stand for it:
    ///
    /// - its first scalar has emoji presentation by default (😀, 🎉, a flag's regional
    ///   indicators, the black flag of a tag sequence), unless U+FE0E asks for text;
    /// - or it is an emoji followed by U+FE0F (©️, ❤️), a keycap (`1️⃣`, `#⃣`: U+20E3), a base
    ///   with a skin-tone modifier (☝🏽), or a ZWJ sequence holding an emoji-presentation scalar.
    ///
    /// Digits, `#`, `*`, `©` and `❤` alone are emoji characters with text presentation: not
    /// emoji here, as a browser draws them in the text's font.
    public static func isEmoji(_ grapheme: Character) -> Bool {
        let scalars = grapheme.unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        var selector16 = false, selector15 = false, keycap = false, joiner = false, modifier = false, presentation = false
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F: selector16 = true
            case 0xFE0E: selector15 = true
            case 0x20E3: keycap = true
            case 0x200D: joiner = true
            default:
                let properties = scalar.properties
                if properties.isEmojiModifier { modifier = true }
                if properties.isEmojiPresentation { presentation = true }
            }
        }
        if keycap { return true }
        if selector15 && !selector16 && !joiner { return false }
        if first.properties.isEmojiPresentation || selector16 { return true }
        if modifier && first.properties.isEmojiModifierBase { return true }
        return joiner && presentation
    }

    /// The file names (without extension) a folder may hold for `grapheme`, in the order they are
    /// tried: its code points in lower-case hex without leading zeros, joined by `-`. Twemoji's
    /// own name comes first — without U+FE0F, unless the grapheme is a ZWJ sequence — then the
    /// other form: `2764-fe0f` → `2764`, then `2764-fe0f`; `1f3f3-fe0f-200d-1f308` first as is.
    ///
    /// Built from the code points alone, a name holds only `0-9`, `a-f` and `-`: whatever the
    /// text, it cannot name a file outside the folder.
    public static func fileNames(for grapheme: Character) -> [String] {
        let scalars = grapheme.unicodeScalars
        let full = scalars.map { String($0.value, radix: 16) }.joined(separator: "-")
        guard scalars.contains("\u{FE0F}") else { return [full] }
        let stripped = scalars.filter { $0 != "\u{FE0F}" }.map { String($0.value, radix: 16) }.joined(separator: "-")
        guard !stripped.isEmpty else { return [full] }
        return scalars.contains("\u{200D}") ? [full, stripped] : [stripped, full]
    }

    /// `grapheme` without its U+FE0F variation selectors.
    static func removingVariationSelector(_ grapheme: Character) -> Character {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: grapheme.unicodeScalars.filter { $0 != "\u{FE0F}" })
        let text = String(scalars)
        return text.count == 1 ? Character(text) : grapheme
    }

    /// The code-point name and the extension of a folder entry (`1f600.svg` → `1f600`, `svg`), or
    /// `nil` when the entry is not a code-point name: 1 to 6 hex digits per code point, up to
    /// ``maxFolderGraphemeScalars`` code points joined by `-`, and an extension of
    /// ``folderExtensions`` (the name's letters in either case; the name is kept in lower case).
    static func codePointFileName(_ entry: String) -> (stem: String, fileExtension: String)? {
        let bytes = Array(entry.utf8)
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let fileExtension = String(decoding: bytes[(dot + 1)...], as: UTF8.self).lowercased()
        guard folderExtensions.contains(fileExtension) else { return nil }
        let stem = bytes[..<dot]
        let parts = stem.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= maxFolderGraphemeScalars else { return nil }
        for part in parts {
            guard (1...6).contains(part.count), part.allSatisfy(\.isHexDigit) else { return nil }
            // No leading zeros: `fileNames(for:)` never writes them, so such a file is never asked for.
            guard part.count == 1 || part.first != UInt8(ascii: "0") else { return nil }
        }
        return (String(decoding: stem, as: UTF8.self).lowercased(), fileExtension)
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII hex digit, in either case.
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
