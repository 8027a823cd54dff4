import Foundation
import Testing

@testable import Canvas

/// Fonts per render (``FontSet``): reading TTF, OTF, WOFF and WOFF2, CSS's face choice, fallback,
/// isolation from other renders and the cache. The fonts are our own test fonts
/// (scripts/fonts/make-test-fonts.py): letters are hollow frames (Regular), filled blocks (Bold),
/// slanted frames (Italic), 0.6 em wide; "ALK Stars" has only ★.
/// Serialized: one test empties the font cache (`cacheByteLimit = 0`), which would drop the set
/// another test expects to stay prepared.
@Suite(.serialized) struct FontSetTests {
    static func font(_ name: String) throws -> [UInt8] { try CodecTestSupport.fixture("Fonts/\(name)") }

    static func regular() throws -> FontData { try FontData(bytes: font("ALKTest-Regular.ttf")) }

    static func family(_ faces: [(String, String)], fallback: [String] = []) throws -> FontSet {
        try FontSet(faces.map { try FontFace(family: $0.0, data: FontData(bytes: font($0.1))) }, fallbackFamilies: fallback)
    }

    @Test(arguments: [
        ("ALKTest-Regular.ttf", FontFormat.trueType, 400, false),
        ("ALKTest-Regular.woff", .woff, 400, false),
        ("ALKTest-Regular.woff2", .woff2, 400, false),
        ("ALKTest-Bold.otf", .openType, 700, false),
        ("ALKTest-Italic.ttf", .trueType, 400, true),
    ])
    func readsEachFormat(file: String, format: FontFormat, weight: Int, italic: Bool) throws {
        let data = try FontData(bytes: Self.font(file))
        #expect(data.format == format)
        #expect(data.familyName == "ALK Test")
        #expect(data.weight == weight...weight)
        #expect(data.isItalic == italic)
        #expect(data.glyphCount == 64)  // .notdef, space, 26 + 26 letters, 10 digits
        #expect(data.digest.count == 32)
    }

    @Test func aTextInARenderFontUsesIt() throws {
        let fonts = try Self.family([("ALK Test", "ALKTest-Regular.ttf")])
        let style = TextStyle(fontFamily: "ALK Test", size: 10)
        let layout = try TextLayout("AAAA", style: style, options: TextLayoutOptions(fonts: fonts))
        #expect(layout.fontsUsed == ["ALK Test"])
        #expect(layout.requestedFamiliesMissing.isEmpty)
        #expect(abs(layout.size.width - 24) < 0.01)
        // Without the set the family is missing and a system font draws.
        let plain = try TextLayout("AAAA", style: style)
        #expect(plain.requestedFamiliesMissing == ["ALK Test"])
        #expect(!plain.fontsUsed.contains("ALK Test"))
    }

    /// The ink of glyph-box centres: a frame is empty in its middle, a block is not.
    static func centreIsInked(_ text: AttributedText, style: TextStyle, fonts: FontSet, glyph: Int) throws -> Bool {
        let layout = try TextLayout(text: text, style: style, options: TextLayoutOptions(fonts: fonts))
        let bitmap = try Bitmap.render(size: Size(width: 200, height: 40), scale: 1) { context in
            context.fill(Rect(x: 0, y: 0, width: 200, height: 40), with: .white)
            context.draw(layout, at: Point(x: 0, y: 0))
        }
        // Each glyph is 0.6 em wide; its frame spans 0.05–0.55 em, and is 0.7 em tall (capitals).
        let em = style.size
        let baseline = layout.lines[0].baseline
        let pixel = bitmap.pixel(x: Int((Double(glyph) * 0.6 + 0.3) * em), y: Int(baseline - 0.35 * em))!
        return pixel.red < 128
    }

    @Test func weightsAndStylesAreChosenAsCSSChooses() throws {
        let fonts = try Self.family([("Brand", "ALKTest-Regular.ttf"), ("Brand", "ALKTest-Bold.otf"), ("Brand", "ALKTest-Italic.ttf")])
        func face(_ weight: Int, italic: Bool = false) throws -> [String] {
            let style = TextStyle(fontFamily: "Brand", size: 20, weight: FontWeight(rawValue: weight), italic: italic)
            return [try Self.centreIsInked(AttributedText("A"), style: style, fonts: fonts, glyph: 0) ? "filled" : "frame"]
        }
        #expect(try face(400) == ["frame"])
        #expect(try face(700) == ["filled"])
        #expect(try face(600) == ["filled"])   // above 500: heavier faces first
        #expect(try face(500) == ["frame"])    // 400–500: lighter faces before those over 500
        #expect(try face(300) == ["frame"])
        #expect(try face(400, italic: true) == ["frame"])  // the italic face (a slanted frame)
        // A bold span inside a regular text gets the bold face.
        let text = AttributedText(segments: [.init("A"), .init("A", style: TextStyleOverrides(weight: .bold)), .init("A")])
        let style = TextStyle(fontFamily: "Brand", size: 20)
        #expect(try !Self.centreIsInked(text, style: style, fonts: fonts, glyph: 0))
        #expect(try Self.centreIsInked(text, style: style, fonts: fonts, glyph: 1))
        #expect(try !Self.centreIsInked(text, style: style, fonts: fonts, glyph: 2))
    }

    @Test(arguments: [
        // (faces' weights, requested, expected index) — CSS Fonts 4 §5.2; fontconfig's nearest
        // weight would answer differently in the first two.
        ([100, 600], 400, 0),
        ([300, 900], 600, 1),
        ([400, 700], 500, 0),
        ([300, 500, 700], 450, 1),
        ([200, 500], 300, 0),
        ([500, 800], 300, 0),
        ([100, 300], 700, 1),
        ([400], 900, 0),
    ])
    func weightMatchingFollowsCSS(weights: [Int], requested: Int, expected: Int) {
        let faces = weights.map { (weight: $0...$0, italic: false) }
        #expect(FontMatching.select(faces, weight: requested, italic: false) == expected)
    }

    @Test func italicPrefersItalicFacesAndFallsBackToNormal() {
        let faces: [(weight: ClosedRange<Int>, italic: Bool)] = [(400...400, false), (700...700, true)]
        #expect(FontMatching.select(faces, weight: 400, italic: true) == 1)
        #expect(FontMatching.select(faces, weight: 700, italic: false) == 0)
        #expect(FontMatching.select([(100...900, false)], weight: 650, italic: false) == 0)
        #expect(FontMatching.select([], weight: 400, italic: false) == nil)
    }

    @Test func aDeclaredFamilyShadowsTheSystemFontOfThatName() throws {
        let fonts = try Self.family([("DejaVu Sans", "ALKTest-Regular.ttf")])
        let layout = try TextLayout("AAAA", style: TextStyle(fontFamily: "DejaVu Sans", size: 10), options: TextLayoutOptions(fonts: fonts))
        #expect(abs(layout.size.width - 24) < 0.01)
        #expect(layout.fontsUsed == ["DejaVu Sans"])
        let system = try TextLayout("AAAA", style: TextStyle(fontFamily: "DejaVu Sans", size: 10))
        #expect(abs(system.size.width - 24) > 1)
    }

    @Test func missingGlyphsFallBackToTheSetsFallbackThenTheSystem() throws {
        let style = TextStyle(fontFamily: "ALK Test, sans-serif", size: 10)
        let plain = try Self.family([("ALK Test", "ALKTest-Regular.ttf"), ("ALK Stars", "ALKStars-Regular.ttf")])
        let withStars = try Self.family([("ALK Test", "ALKTest-Regular.ttf"), ("ALK Stars", "ALKStars-Regular.ttf")], fallback: ["ALK Stars"])
        // ★ is not in ALK Test: the system draws it, unless the set's fallback family has it.
        let system = try TextLayout("A★", style: style, options: TextLayoutOptions(fonts: plain))
        #expect(system.fontsUsed.first == "ALK Test")
        #expect(!system.fontsUsed.contains("ALK Stars"))
        #expect(system.fontsUsed.count == 2)
        let stars = try TextLayout("A★", style: style, options: TextLayoutOptions(fonts: withStars))
        #expect(stars.fontsUsed == ["ALK Test", "ALK Stars"])
        // CJK in neither: the system's CJK font.
        let cjk = try TextLayout("A漢", style: style, options: TextLayoutOptions(fonts: withStars))
        #expect(cjk.fontsUsed.contains { $0.contains("CJK") })
    }

    @Test func woffAndWoff2DrawAsTheTrueTypeTheyCameFrom() throws {
        var pictures: [Bitmap] = []
        for file in ["ALKTest-Regular.ttf", "ALKTest-Regular.woff", "ALKTest-Regular.woff2"] {
            let fonts = try Self.family([("Brand", file)])
            let layout = try TextLayout("Hello 2026", style: TextStyle(fontFamily: "Brand", size: 16), options: TextLayoutOptions(fonts: fonts))
            #expect(layout.fontsUsed == ["Brand"])
            pictures.append(try Bitmap.render(size: Size(width: 120, height: 24), scale: 2) { $0.draw(layout, at: .zero) })
        }
        #expect(pictures[0].premultipliedBGRABytes() == pictures[1].premultipliedBGRABytes())
        #expect(pictures[0].premultipliedBGRABytes() == pictures[2].premultipliedBGRABytes())
    }

    @Test func otherRendersAndTheProcessNeverSeeARendersFonts() async throws {
        let fonts = try Self.family([("ALK Test", "ALKTest-Regular.ttf")])
        let style = TextStyle(fontFamily: "ALK Test", size: 10)
        try await withThrowingTaskGroup(of: (Bool, [String]).self) { group in
            for index in 0..<32 {
                group.addTask {
                    let withFonts = index % 2 == 0
                    let layout = try TextLayout("AAAA", style: style, options: TextLayoutOptions(fonts: withFonts ? fonts : nil))
                    return (withFonts, layout.fontsUsed)
                }
            }
            for try await (withFonts, used) in group {
                #expect(used.contains("ALK Test") == withFonts)
            }
        }
        #expect(!FontRegistry.availableFamilies.contains("ALK Test"))
    }

    @Test(arguments: [
        ([UInt8](), "starts with nothing"),
        (Array("<html>".utf8), "not a TrueType"),
        ([0x77, 0x4F, 0x46, 0x32], "header is cut short"),
    ])
    func badBytesAreRefusedWithWhatWasWrong(bytes: [UInt8], expected: String) {
        #expect {
            _ = try FontData(bytes: bytes)
        } throws: { error in
            guard case CanvasError.fontRejected(let detail) = error else { return false }
            return detail.contains(expected)
        }
    }

    @Test func truncatedOversizedAndOutOfRangeFontsAreRefused() throws {
        let ttf = try Self.font("ALKTest-Regular.ttf")
        #expect(throws: CanvasError.self) { try FontData(bytes: Array(ttf.prefix(200))) }
        #expect(throws: CanvasError.self) { try FontData(bytes: ttf, limits: FontLimits(maxBytes: 1000)) }
        #expect(throws: CanvasError.self) { try FontData(bytes: ttf, faceIndex: 1) }
        var woff2 = try Self.font("ALKTest-Regular.woff2")
        woff2.replaceSubrange(16..<20, with: [0x7F, 0xFF, 0xFF, 0xFF])  // totalSfntSize: 2 GiB
        #expect {
            _ = try FontData(bytes: woff2)
        } throws: { error in
            guard case CanvasError.fontRejected(let detail) = error else { return false }
            return detail.contains("decompresses to 2147483647 bytes")
        }
        let data = try Self.regular()
        for bad in ["", " ", "a,b", "sans-serif", "Mono\u{0}", String(repeating: "x", count: 201)] {
            #expect(throws: CanvasError.self) { try FontFace(family: bad, data: data) }
        }
        #expect(throws: CanvasError.self) { try FontFace(family: "Brand", data: data, weight: 0...400) }
        #expect(throws: CanvasError.self) { try FontSet([FontFace(family: "Brand", data: data)], fallbackFamilies: ["Other"]) }
    }

    @Test func aSetIsPreparedOnceWhileItIsCached() throws {
        // A set no other test uses (its own family name), so its entry is this test's alone.
        // Other suites register fonts in parallel, and a registration drops every prepared set;
        // so the pair of layouts is judged only when no registration came between them (tried
        // until one pair is undisturbed). The font directory is shared by every test, so the
        // set's own files are compared, not the directory's count.
        let fonts = try Self.family([("Prepared Once", "ALKTest-Italic.ttf")])
        let style = TextStyle(fontFamily: "Prepared Once", size: 10)
        var judged = false
        for _ in 0..<20 where !judged {
            let generation = TextEnginePool.shared.applicationFonts().generation
            let first = try TextLayout("A", style: style, options: TextLayoutOptions(fonts: fonts))
            let inCache = TextEnginePool.shared.fontCacheState.digests.contains(fonts.digest)
            let second = try TextLayout("AB", style: style, options: TextLayoutOptions(fonts: fonts))
            guard TextEnginePool.shared.applicationFonts().generation == generation else { continue }
            judged = true
            #expect(inCache)
            let files = try #require(first.fontFiles)
            #expect(second.fontFiles === files)
            #expect(files.files.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        }
        #expect(judged)
        #expect(fonts.byteCount == 4348)
    }

    @Test func equalSetsHaveEqualDigestsAndOverlayReplacesFamilies() throws {
        let a = try Self.family([("Brand", "ALKTest-Regular.ttf")])
        let b = try Self.family([("brand", "ALKTest-Regular.ttf")])
        #expect(a == b)
        let service = try Self.family([("Brand", "ALKTest-Bold.otf"), ("ALK Stars", "ALKStars-Regular.ttf")], fallback: ["ALK Stars"])
        let render = try service.overlaid(by: a.faces)
        #expect(render.faces.count == 2)
        #expect(render.faces[0].data.format == .trueType)
        #expect(render.families == ["Brand", "ALK Stars"])
        #expect(render.fallbackFamilies == ["ALK Stars"])
        #expect(render != service)
    }

    /// A layout keeps its set's font files: Cairo may reopen a font's file to draw a glyph long
    /// after the engine went back and the set left the cache (a registration or the budget).
    @Test func aLayoutKeepsItsFontFilesUntilItIsGone() throws {
        let fonts = try Self.family([("Kept Files", "ALKTest-Bold.otf")])
        var layout: TextLayout? = try TextLayout("AB", style: TextStyle(fontFamily: "Kept Files", size: 20), options: TextLayoutOptions(fonts: fonts))
        let files = try #require(layout?.fontFiles?.files)
        #expect(!files.isEmpty)
        let limit = FontSet.cacheByteLimit
        FontSet.cacheByteLimit = 0  // drops every set not in use
        FontSet.cacheByteLimit = limit
        #expect(!TextEnginePool.shared.fontCacheState.digests.contains(fonts.digest))
        #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        let bitmap = try Bitmap.render(size: Size(width: 40, height: 30), scale: 1) { context in
            context.fill(Rect(x: 0, y: 0, width: 40, height: 30), with: .white)
            context.draw(layout!, at: .zero)
        }
        #expect(bitmap.pixel(x: 6, y: Int(layout!.lines[0].baseline) - 7)!.red < 128)  // a filled block
        layout = nil
        #expect(!files.contains { FileManager.default.fileExists(atPath: $0) })
    }

    @Test func aFolderOfFontsIsReadWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["ALKTest-Regular.woff2", "ALKTest-Bold.otf", "ALKStars-Regular.ttf"] {
            try Data(try Self.font(file)).write(to: folder.appendingPathComponent(file))
        }
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("notes.txt"))  // not a font name: skipped
        let set = try FontSet(contentsOfFolder: folder.path)
        #expect(set.faces.count == 3)
        #expect(set.families == ["ALK Stars", "ALK Test"])
        #expect(set.fallbackFamilies == ["ALK Stars", "ALK Test"])
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("broken.ttf"))
        #expect {
            _ = try FontSet(contentsOfFolder: folder.path)
        } throws: { error in
            guard case CanvasError.fontFileRejected(let path, let detail) = error else { return false }
            return path.hasSuffix("/broken.ttf") && detail.contains("not a TrueType")
        }
        #expect(throws: CanvasError.self) { try FontSet(contentsOfFolder: folder.path + "/missing") }
    }
}
