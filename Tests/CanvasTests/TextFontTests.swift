import Foundation
import Testing

@testable import Canvas

@Suite struct TextFontTests {
    @Test func cjkAndEmojiUseTheirFonts() throws {
        let text = "周末特别企划 Live 上海外滩夜景 🌃🎉 一起聊聊"
        let layout = try TextLayout(text, style: TextStyle(size: 15), options: TextLayoutOptions(maxWidth: 200))
        #expect(layout.lineCount >= 2)
        #expect(layout.fontsUsed.contains("Noto Color Emoji"), "fonts used: \(layout.fontsUsed)")
        #expect(layout.fontsUsed.contains { $0.hasPrefix("Noto Sans CJK") }, "fonts used: \(layout.fontsUsed)")
        #expect(layout.requestedFamiliesMissing.isEmpty)
        // No character fell through to an empty or unknown glyph.
        let glyphCount = layout.runs.reduce(0) { $0 + $1.glyphs.count }
        #expect(glyphCount >= text.unicodeScalars.filter { !$0.properties.isWhitespace }.count - 2)
    }

    @Test func missingFamilyFallsBackAndSaysSo() throws {
        let style = TextStyle(fontFamily: "No Such Family Xyz, DejaVu Sans", size: 15)
        let layout = try TextLayout("Hello", style: style)
        #expect(layout.requestedFamiliesMissing == ["No Such Family Xyz"])
        #expect(layout.fontsUsed == ["DejaVu Sans"])

        let alone = try TextLayout("Hello", style: TextStyle(fontFamily: "No Such Family Xyz"))
        #expect(alone.requestedFamiliesMissing == ["No Such Family Xyz"])
        #expect(!alone.fontsUsed.isEmpty)
        #expect(!alone.fontsUsed.contains("No Such Family Xyz"))
        #expect(alone.size.width > 0)
    }

    @Test func overrideFamiliesAreCheckedToo() throws {
        var text = AttributedText("a ")
        text.append("b", style: TextStyleOverrides(fontFamily: "Missing Override Family"))
        let layout = try TextLayout(text: text, style: TextStyle(fontFamily: "DejaVu Sans"))
        #expect(layout.requestedFamiliesMissing == ["Missing Override Family"])
    }

    @Test func genericFamiliesAreNeverMissing() throws {
        let layout = try TextLayout("Hello", style: TextStyle(fontFamily: "sans-serif, monospace"))
        #expect(layout.requestedFamiliesMissing.isEmpty)
    }

    @Test func availableFamiliesListsTheInstalledFonts() {
        let families = FontRegistry.availableFamilies
        #expect(families.contains("DejaVu Sans"))
        #expect(families.contains("Noto Color Emoji"))
    }

    /// Registers a copy of DejaVu Sans Mono renamed to a family no machine has (the name table is
    /// patched in place, same length, so the file stays valid).
    @Test func aGenericFamilyHasItsLanguagesFont() throws {
        // The machine's fontconfig (scripts/install-deps.sh installs Noto CJK and DejaVu).
        #expect(FontRegistry.family(forGeneric: "monospace", language: "ja") == "Noto Sans Mono CJK JP")
        #expect(FontRegistry.family(forGeneric: "monospace", language: "en") == "DejaVu Sans Mono")
        #expect(FontRegistry.family(forGeneric: "", language: "ja") == "Noto Sans CJK JP")
        #expect(FontRegistry.family(forGeneric: "serif", language: "") == nil)
        #expect(FontRegistry.family(forGeneric: "serif\u{0}", language: "ja") == nil)
    }

    @Test func registeredFontFileBecomesAvailable() throws {
        let family = "AcsRegistryMono1"
        let before = try TextLayout("iiii", style: TextStyle(fontFamily: family))
        #expect(before.requestedFamiliesMissing == [family])

        let source = try #require(FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"))
        var bytes = [UInt8](source)
        let replaced = Self.replace("DejaVu Sans Mono", with: family, in: &bytes)
        #expect(replaced > 0)
        // Registered files must stay in place (fonts are read lazily), so they are not removed.
        let url = Self.registryFile(for: family)
        try Data(bytes).write(to: url)

        let families = try FontRegistry.register(fileAt: url.path)
        #expect(families == [family])
        #expect(FontRegistry.registeredFiles.contains(url.path))
        #expect(FontRegistry.availableFamilies.contains(family))
        // Registering again is a no-op.
        #expect(try FontRegistry.register(fileAt: url.path) == [family])

        let after = try TextLayout("iiii", style: TextStyle(fontFamily: family))
        #expect(after.requestedFamiliesMissing.isEmpty)
        #expect(after.fontsUsed == [family])
        // Monospaced: "iiii" is as wide as "MMMM".
        let wide = try TextLayout("MMMM", style: TextStyle(fontFamily: family))
        #expect(abs(after.size.width - wide.size.width) < 0.01)
    }

    /// Registering a font swaps the configuration for new engines while others are measuring;
    /// measurements before, during and after give the same results.
    @Test func registeringWhileMeasuringKeepsResultsStable() async throws {
        let source = try #require(FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"))
        var bytes = [UInt8](source)
        #expect(Self.replace("DejaVu Sans Mono", with: "AcsRegistryMono2", in: &bytes) > 0)
        // Registered files must stay in place (fonts are read lazily), so they are not removed.
        let url = Self.registryFile(for: "AcsRegistryMono2")
        try Data(bytes).write(to: url)

        let expected = try (0..<TextConcurrencyTests.cases.count).map(TextConcurrencyTests.outcome)
        try await withThrowingTaskGroup(of: (Int, TextConcurrencyTests.Outcome?).self) { group in
            group.addTask {
                try FontRegistry.register(fileAt: url.path)
                return (-1, nil)
            }
            for task in 0..<24 {
                let index = task % TextConcurrencyTests.cases.count
                group.addTask { (index, try TextConcurrencyTests.outcome(index)) }
            }
            for try await (index, outcome) in group {
                guard let outcome else { continue }
                #expect(outcome == expected[index], "case \(index) changed while a font was registered")
            }
        }
        #expect(FontRegistry.availableFamilies.contains("AcsRegistryMono2"))
    }

    @Test func aRegisteredFileThatVanishedIsDroppedLater() throws {
        let source = try #require(FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"))
        func write(_ family: String) throws -> URL {
            var bytes = [UInt8](source)
            #expect(Self.replace("DejaVu Sans Mono", with: family, in: &bytes) > 0)
            let url = Self.registryFile(for: family)
            try Data(bytes).write(to: url)
            return url
        }
        let vanishing = try write("AcsRegistryMono3")
        try FontRegistry.register(fileAt: vanishing.path)
        try FileManager.default.removeItem(at: vanishing)
        let next = try write("AcsRegistryMono4")
        #expect(try FontRegistry.register(fileAt: next.path) == ["AcsRegistryMono4"])
        #expect(!FontRegistry.registeredFiles.contains(vanishing.path))
        #expect(FontRegistry.registeredFiles.contains(next.path))
    }

    /// One file name per test family, so runs overwrite their files instead of piling up copies
    /// (a registered file must stay in place while the process runs, so tests cannot delete it).
    static func registryFile(for family: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("acs-registry-\(family).ttf")
    }

    @Test func badFontFilesAreRejected() throws {
        let directory = FileManager.default.temporaryDirectory
        let text = directory.appendingPathComponent("acs-not-a-font-\(UUID().uuidString).ttf")
        try Data("this is not a font".utf8).write(to: text)
        defer { try? FileManager.default.removeItem(at: text) }
        let truncated = directory.appendingPathComponent("acs-truncated-\(UUID().uuidString).ttf")
        let dejavu = try #require(FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        try dejavu.prefix(64).write(to: truncated)
        defer { try? FileManager.default.removeItem(at: truncated) }

        for path in ["/no/such/font.ttf", text.path, truncated.path, directory.path, ""] {
            #expect {
                try FontRegistry.register(fileAt: path)
            } throws: { error in
                guard case .fontFileRejected(let rejected, _) = error as? CanvasError else { return false }
                return rejected == path
            }
        }
        #expect(!FontRegistry.registeredFiles.contains(text.path))
    }

    /// Replaces every occurrence of `old` (as MacRoman bytes and as UTF-16BE) with `new`, which
    /// must have the same length. Returns the number of replacements.
    static func replace(_ old: String, with new: String, in bytes: inout [UInt8]) -> Int {
        precondition(old.utf8.count == new.utf8.count)
        let patterns: [([UInt8], [UInt8])] = [
            (Array(old.utf8), Array(new.utf8)),
            (old.utf8.flatMap { [0, $0] }, new.utf8.flatMap { [0, $0] }),
        ]
        var count = 0
        for (needle, replacement) in patterns {
            var index = 0
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle {
                    bytes.replaceSubrange(index..<(index + needle.count), with: replacement)
                    count += 1
                    index += needle.count
                } else {
                    index += 1
                }
            }
        }
        return count
    }
}
