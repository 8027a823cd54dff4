import AsyncLayerKit
import AsyncLayerKitTesting
import Foundation
import Testing

@testable import Elements
@testable import Rendering

/// ``EmojiImages``: which graphemes are emoji, the Twemoji-style names looked up, the split of
/// texts into image runs, the folder's safety, and the pictures drawn by renderers, services and
/// documents.
@Suite struct EmojiImagesTests {
    /// The Twemoji-style SVGs of these tests (simple shapes drawn for them): `1f600` a yellow face,
    /// `2764` a red heart, `1f389` a party popper, `1f1eb-1f1f7` a tricolour, the ZWJ family.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Emoji").path

    static let face = ImageSource.named("face"), heart = ImageSource.named("heart")

    /// A folder in the temporary directory, removed by `remove()`.
    struct TemporaryFolder {
        let url: URL
        init(_ files: [String: [UInt8]] = [:]) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("emoji-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (name, bytes) in files { try Data(bytes).write(to: url.appendingPathComponent(name)) }
        }
        var path: String { url.path }
        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    static func renderer(_ set: EmojiImages?, loader: (any ElementImageLoader)? = nil) -> ElementRenderer {
        // No deadline: the shared pool may be busy with other suites' work.
        ElementRenderer(limits: ElementLimits(maxRenderDuration: nil), imageLoader: loader, emojiImages: set)
    }

    // MARK: Which graphemes are emoji

    @Test(arguments: [
        ("😀", true), ("🎉", true), ("🇫🇷", true), ("👨‍👩‍👧", true), ("👍🏽", true), ("☝🏽", true), ("🏳️‍🌈", true),
        ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", true), ("©️", true), ("❤️", true), ("☀️", true), ("1️⃣", true), ("#️⃣", true), ("1\u{20E3}", true), ("🏽", true),
        // Emoji characters with text presentation, unless U+FE0F or a keycap says otherwise.
        ("1", false), ("#", false), ("*", false), ("©", false), ("❤", false), ("☀", false),
        // Text presentation asked for.
        ("😀\u{FE0E}", false), ("❤\u{FE0E}", false),
        // Not emoji at all.
        ("a", false), ("é", false), ("中", false), ("★", false), ("a\u{20E3}", false), (" ", false),
    ] as [(String, Bool)])
    func graphemesAreClassified(_ text: String, _ expected: Bool) throws {
        #expect(text.count == 1, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) is one grapheme")
        let grapheme = try #require(text.first)
        #expect(EmojiImages.isEmoji(grapheme) == expected)
    }

    /// The quick test a string passes before its graphemes are looked at misses no emoji scalar.
    @Test func theScalarPrefilterMissesNoEmojiScalar() {
        var missed: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isEmoji, value >= 0xA9 else { continue }
            if !EmojiImages.Matcher.mayBeEmoji(scalar) { missed.append(value) }
        }
        #expect(missed.isEmpty, "\(missed.prefix(10).map { String($0, radix: 16) })")
        #expect(EmojiImages.Matcher.mayBeEmoji("\u{FE0F}") && EmojiImages.Matcher.mayBeEmoji("\u{20E3}"))
        #expect(!EmojiImages.Matcher.mayBeEmoji("中") && !EmojiImages.Matcher.mayBeEmoji("é"))
    }

    // MARK: Names

    @Test(arguments: [
        ("😀", ["1f600"]), ("❤️", ["2764", "2764-fe0f"]), ("©️", ["a9", "a9-fe0f"]), ("#️⃣", ["23-20e3", "23-fe0f-20e3"]),
        ("🇫🇷", ["1f1eb-1f1f7"]), ("👨‍👩‍👧", ["1f468-200d-1f469-200d-1f467"]), ("👍🏽", ["1f44d-1f3fd"]),
        // A ZWJ sequence: Twemoji keeps U+FE0F in its name, so that form is tried first.
        ("🏳️‍🌈", ["1f3f3-fe0f-200d-1f308", "1f3f3-200d-1f308"]),
    ] as [(String, [String])])
    func fileNamesAreCodePointsWithAndWithoutFE0F(_ text: String, _ names: [String]) throws {
        #expect(EmojiImages.fileNames(for: try #require(text.first)) == names)
    }

    @Test func folderEntriesAreCodePointNames() {
        #expect(EmojiImages.codePointFileName("1f600.svg")! == ("1f600", "svg"))
        #expect(EmojiImages.codePointFileName("1F468-200D-1F469.PNG")! == ("1f468-200d-1f469", "png"))
        for refused in ["1f600.gif", "1f600", "01f600.svg", "1f600-.svg", "-1f600.svg", "1f600--1f3fd.svg", "x.svg", ".svg",
                        "1234567.svg", "../1f600.svg", "1f600.svg.txt", "1f600 .svg", "sub/1f600.svg"] {
            #expect(EmojiImages.codePointFileName(refused) == nil, "\(refused)")
        }
    }

    // MARK: The split

    @Test func aRunIsSplitAroundItsEmojiKeepingStyleBackgroundAndLink() throws {
        let set = EmojiImages(images: ["😀": Self.face])
        var bold = TextProperties()
        bold.fontWeight = .weight(700)
        bold.fontSize = .points(20)
        let run = InlineRun("Hi 😀 there", style: bold, backgroundColor: .color(Color(red255: 255, green255: 240, blue255: 160)), link: "https://example.com")
        let runs = try #require(set.splitRuns(of: TextContent(runs: [InlineRun("Say "), run])))
        let image = InlineImage(Self.face, verticalAlign: .length(.em(-0.1)))
        var expected = [InlineRun("Say "), run, run, run]
        expected[1].content = .text("Hi ")
        expected[2].content = .image(image)
        expected[3].content = .text(" there")
        #expect(runs == expected)
        // 1em square: no width or height of its own, so the run's 20 pt font size sizes it.
        let layout = try ElementLayout.layout(.view(children: [Element(.text(TextContent(runs: runs)))]), in: Size(width: 400, height: 100))
        let text = try #require(layout.nodes[1].text)
        #expect(text.attachments.map(\.rect.size) == [Size(width: 20, height: 20)])
        #expect(text.links.map(\.value) == ["https://example.com"])
    }

    @Test func emojiAtTheStartTheEndAndSideBySideBecomeRunsOfTheirOwn() throws {
        let set = EmojiImages(images: ["😀": Self.face, "❤": Self.heart])
        let runs = try #require(set.splitRuns(of: TextContent(runs: [InlineRun("😀😀x ❤️"), InlineRun(image: InlineImage(.named("logo"))), InlineRun("❤")])))
        let contents: [InlineRun.Content] = runs.map(\.content)
        let face = InlineRun.Content.image(InlineImage(Self.face, verticalAlign: .length(.em(-0.1))))
        let heart = InlineRun.Content.image(InlineImage(Self.heart, verticalAlign: .length(.em(-0.1))))
        // "❤️" is found under "❤" (without U+FE0F); the image run in between is kept as it is.
        #expect(contents == [face, face, .text("x "), heart, .image(InlineImage(.named("logo"))), heart])
    }

    /// The walk looks at scalars and finds the grapheme of each that may be a picture's: a keycap
    /// starts with an ASCII digit, a flag is two scalars. A map whose key is a letter (which other
    /// scalars may spell: é is also e + U+0301) looks at every grapheme.
    @Test func graphemesAreFoundFromAnyOfTheirScalars() throws {
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#.utf8)
        let folder = try TemporaryFolder(["31-20e3.svg": svg, "23-20e3.svg": svg, "1f1eb-1f1f7.svg": svg])
        defer { folder.remove() }
        let set = try EmojiImages(folder: folder.path, images: ["❤": Self.heart])
        #expect(!set.keys.hasTextKey)
        let runs = try #require(set.splitRuns(of: TextContent(runs: [InlineRun("Press 1️⃣, #️⃣, 1 or # in 🇫🇷 ❤\u{FE0F}.")])))
        func picture(_ source: ImageSource) -> InlineRun.Content { .image(InlineImage(source, verticalAlign: .length(.em(-0.1)))) }
        #expect(runs.map(\.content) == [.text("Press "), picture(.named("emoji:31-20e3.svg")), .text(", "), picture(.named("emoji:23-20e3.svg")),
                                        .text(", 1 or # in "), picture(.named("emoji:1f1eb-1f1f7.svg")), .text(" "), picture(Self.heart), .text(".")])
        // A precomposed key finds the decomposed spelling.
        let accent = EmojiImages(images: ["\u{E9}": Self.face])
        #expect(accent.keys.hasTextKey)
        let cafe = try #require(accent.splitRuns(of: TextContent(runs: [InlineRun("cafe\u{301}.")])))
        #expect(cafe.map(\.content) == [.text("caf"), picture(Self.face), .text(".")])
        // A map with an ASCII key looks at all-ASCII texts too.
        let letters = EmojiImages(images: ["a": Self.heart])
        let split = try #require(letters.splitRuns(of: TextContent(runs: [InlineRun("banana")])))
        #expect(split.count == 6 && split.last?.content == picture(Self.heart))
    }

    @Test func aTextWithoutPicturesIsLeftAsItIs() {
        let set = EmojiImages(images: ["😀": Self.face])
        #expect(set.splitRuns(of: TextContent("plain ASCII, 1 # *")) == nil)
        #expect(set.splitRuns(of: TextContent("中文 and 🎉, but no face")) == nil)
        #expect(EmojiImages().splitRuns(of: TextContent("😀")) == nil)
        let root = Element.view(children: [.paragraph("nothing here ❤")])
        #expect(set.applied(to: root) == root)
    }

    @Test func anAttributedTextBecomesRunsWithItsSegmentsProperties() throws {
        let set = EmojiImages(images: ["🎉": Self.face])
        let big = TextStyleOverrides(size: 30, color: .red, backgroundColor: .blue)
        let text = TextContent(AttributedText(segments: [.init("Go "), .init("now 🎉", style: big, link: "go")]), style: nil)
        let runs = try #require(set.splitRuns(of: text))
        var style = TextProperties()
        style.fontSize = .points(30)
        style.color = .color(.red)
        #expect(runs.count == 3)
        #expect(runs[0] == InlineRun("Go "))
        #expect(runs[1] == InlineRun("now ", style: style, backgroundColor: .color(.blue), link: "go"))
        #expect(runs[2].style == style && runs[2].link == "go" && runs[2].backgroundColor == .color(.blue))
        // Drawn as before but for the picture: the same size for the words, a 30 pt image.
        let before = try ElementLayout.layout(.view(children: [Element(.text(text))]), in: Size(width: 400, height: 100))
        let after = try ElementLayout.layout(set.applied(to: .view(children: [Element(.text(text))])), in: Size(width: 400, height: 100))
        #expect(try #require(after.nodes[1].text).attachments.map(\.rect.size) == [Size(width: 30, height: 30)])
        #expect(before.nodes[1].frame.height == after.nodes[1].frame.height)
        // A decoration switched on in a segment has no run form: the fonts keep that text.
        let underlined = TextContent(AttributedText(segments: [.init("🎉", style: TextStyleOverrides(underline: true))]), style: nil)
        #expect(set.splitRuns(of: underlined) == nil)
    }

    @Test func aTextWithItsOwnStyleKeepsIt() throws {
        let set = EmojiImages(images: ["🎉": Self.face])
        let style = TextStyle(fontFamily: "DejaVu Sans", size: 18, weight: .bold, color: .blue, lineHeight: 24)
        let root = Element.view(children: [.text("Party 🎉 time", style: style)])
        let layout = try ElementLayout.layout(set.applied(to: root), in: Size(width: 400, height: 100))
        let text = try #require(layout.nodes[1].text)
        #expect(text.style.fontFamily == "DejaVu Sans" && text.style.size == 18 && text.style.weight == .bold && text.style.color == .blue)
        #expect(text.style.lineHeight == 24)
        #expect(text.attachments.map(\.rect.size) == [Size(width: 18, height: 18)])
    }

    @Test func aSplitStopsAtTheRunLimit() throws {
        let set = EmojiImages(images: ["😀": Self.face])
        let text = TextContent(runs: [InlineRun(String(repeating: "😀 ", count: 6_000))])
        let runs = try #require(set.splitRuns(of: text))
        #expect(runs.count <= TextContent.maxRuns)
        let images = runs.filter { if case .image = $0.content { true } else { false } }.count
        #expect(images == (TextContent.maxRuns - 1) / 2)
        // The rest stays words, for the fonts.
        guard case .text(let rest) = runs.last?.content else {
            Issue.record("expected text at the end")
            return
        }
        #expect(rest.filter { $0 == "😀" }.count == 6_000 - images)
        #expect(throws: Never.self) { try ElementLimits.default.check(Element(.text(TextContent(runs: runs)))) }
    }

    @Test func aTreeIsRewrittenAtAnyDepthAndOnlyOnce() throws {
        let set = EmojiImages(images: ["😀": Self.face])
        var deep = Element.paragraph("deep 😀")
        for _ in 0..<(Element.maxSupportedDepth + 50) { deep = .view(children: [deep]) }
        let applied = set.applied(to: deep)
        var node = applied
        while let child = node.children.first { node = child }
        guard case .text(let text) = node.kind else {
            Issue.record("expected the text at the bottom")
            return
        }
        #expect(text.runs.count == 2)
        let card = Element.view(children: [.paragraph("a 😀"), .view(children: [.paragraph("none"), .paragraph("😀 b")])])
        let once = set.applied(to: card)
        #expect(once != card)
        #expect(set.applied(to: once) == once)
        #expect(once.children[1].children[0] == card.children[1].children[0])
    }

    // MARK: The folder

    @Test func aFolderIsListedOnceAndLookedUpByName() throws {
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#.utf8)
        let folder = try TemporaryFolder(["1f600.png": [1], "1f600.svg": svg, "2764.svg": svg, "23-20e3.png": [2], "1f3f3-fe0f-200d-1f308.svg": svg,
                                          "notes.txt": [3], "31.svg": svg])
        defer { folder.remove() }
        let set = try EmojiImages(folder: folder.path)
        #expect(set.folderFileCount == 5)
        #expect(set.image(for: "😀") == .named("emoji:1f600.svg"))  // the SVG over the PNG
        #expect(set.image(for: "❤️") == .named("emoji:2764.svg"))
        #expect(set.image(for: "#️⃣") == .named("emoji:23-20e3.png"))
        #expect(set.image(for: "🏳️‍🌈") == .named("emoji:1f3f3-fe0f-200d-1f308.svg"))
        // Not emoji, or no file: left to the fonts.
        #expect(set.image(for: "1") == nil && set.image(for: "❤") == nil && set.image(for: "🎉") == nil)
        // A map wins over the folder.
        var mapped = set
        mapped.images["😀"] = Self.face
        #expect(mapped.image(for: "😀") == Self.face)
        #expect(throws: EmojiImages.FolderError.self) { try EmojiImages(folder: folder.url.appendingPathComponent("missing").path) }
        #expect(throws: EmojiImages.FolderError.self) { try EmojiImages(folder: folder.url.appendingPathComponent("31.svg").path) }
    }

    @Test func aHostileNameCannotLeaveTheFolder() async throws {
        let base = try TemporaryFolder(["secret.svg": Array("secret".utf8)])
        defer { base.remove() }
        let emoji = base.url.appendingPathComponent("emoji")
        try FileManager.default.createDirectory(at: emoji, withIntermediateDirectories: true)
        try Data("face".utf8).write(to: emoji.appendingPathComponent("1f600.svg"))
        // A file of the folder that is a link out of it.
        try FileManager.default.createSymbolicLink(atPath: emoji.appendingPathComponent("1f601.svg").path, withDestinationPath: "../secret.svg")
        let set = try EmojiImages(folder: emoji.path)
        let loader = try #require(set.imageLoader(over: nil))
        #expect(try await loader.imageBytes(named: "emoji:1f600.svg") == Array("face".utf8))
        for name in ["emoji:../secret.svg", "emoji:/etc/passwd", "emoji:1f600.svg/../../secret.svg", "emoji:.hidden.svg",
                     "emoji:1f600", "emoji:1f601.svg", "emoji:%2e%2e/secret.svg"] {
            do {
                let bytes = try await loader.imageBytes(named: name)
                Issue.record("\(name) loaded \(bytes.count) bytes")
            } catch let error as FolderImageLoaderError {
                #expect(error == .notFound(name: String(name.dropFirst(6))) || error == .unsafeName(name: "1f601.svg", problem: .outsideFolder), "\(name): \(error)")
            }
        }
        // Without a host loader, another name is the usual error.
        await #expect(throws: ElementError.noImageLoader(name: "cover")) { try await loader.imageBytes(named: "cover") }
        // A tree naming the prefix itself gets no file from outside either.
        let root = Element.view(children: [Element(.text(TextContent(runs: [InlineRun(image: InlineImage(.named("emoji:../secret.svg")))])))])
        await #expect(throws: ElementError.self) { try await Self.renderer(set).render(root, size: Size(width: 40, height: 40), scale: 1) }
    }

    @Test func aGraphemeWithoutAFileIsLeftToTheFonts() async throws {
        let set = try EmojiImages(folder: Self.folder)
        let root = Element.view(children: [.paragraph("😀 🎈")])
        let layout = try ElementLayout.layout(set.applied(to: root), in: Size(width: 200, height: 40))
        #expect(try #require(layout.nodes[1].text).attachments.count == 1)
        // The render succeeds: the balloon has no file (its Noto glyph is drawn), the face has one.
        let bitmap = try await Self.renderer(set).render(root, size: Size(width: 200, height: 40), scale: 1)
        let plain = try await Self.renderer(nil).render(root, size: Size(width: 200, height: 40), scale: 1)
        #expect(try Self.colorfulPixels(in: bitmap, x: 0..<20) != Self.colorfulPixels(in: plain, x: 0..<20))
        #expect(try !Self.colorfulPixels(in: bitmap, x: 20..<45).isEmpty)
    }

    /// The pixels of `x` whose channels differ by more than 0.2 (not grey).
    static func colorfulPixels(in bitmap: Bitmap, x: Range<Int>) throws -> [[Int]] {
        var pixels: [[Int]] = []
        for y in 0..<bitmap.height {
            for column in x {
                let c = try #require(bitmap.color(x: column, y: y))
                if max(c.red, c.green, c.blue) - min(c.red, c.green, c.blue) > 0.2 { pixels.append([column, y]) }
            }
        }
        return pixels
    }

    // MARK: Documents, renderers, services

    @Test func aDocumentMapsGraphemesToImages() throws {
        let json = #"{"version": 2, "size": {"width": 100, "height": 40}, "graphemeImages": {"🎉": {"named": "party"}, "❤️": {"base64": "AAEC"}},"#
            + #" "root": {"type": "text", "text": {"text": "Yes 🎉"}}}"#
        let document = try ElementDocument.decode(Array(json.utf8))
        #expect(document.graphemeImages == ["🎉": .named("party"), "❤️": .encoded([0, 1, 2])])
        let resolved = try document.resolvedRoot()
        guard case .text(let text) = resolved.kind else {
            Issue.record("expected a text")
            return
        }
        #expect(text.runs.map(\.content) == [.text("Yes "), .image(InlineImage(.named("party"), verticalAlign: .length(.em(-0.1))))])
        // The hash covers the pictures: another map, another hash; no map, the tree as written.
        var other = document
        other.graphemeImages["🎉"] = .named("confetti")
        #expect(try resolved.contentHash() != other.resolvedRoot().contentHash())
        #expect(try resolved.contentHash() != document.root.contentHash())
        other.graphemeImages = [:]
        #expect(try other.resolvedRoot() == document.root)
        // Written back and read again.
        let again = try ElementDocument.decode(try document.jsonBytes())
        #expect(again == document)
        // The names are checked like every named image's.
        #expect(resolved.imageNames == ["party"])
    }

    @Test func aDocumentRefusesKeysThatAreNotOneGrapheme() {
        for (key, path) in [("ab", "graphemeImages.ab"), ("", "graphemeImages.")] {
            let json = #"{"version": 2, "graphemeImages": {"\#(key)": {"named": "x"}}, "root": {"type": "view"}}"#
            #expect(throws: ElementError.self) { try ElementDocument.decode(Array(json.utf8)) }
            do {
                _ = try ElementDocument.decode(Array(json.utf8))
            } catch {
                guard case .unusableValue(let reported, _) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(reported == path)
            }
        }
    }

    @Test func aPictureGivenAsBytesCountsOnceForEveryGraphemeItReplaces() throws {
        let picture = [UInt8](repeating: 7, count: 1_000)
        let document = ElementDocument(root: .paragraph(AttributedText(String(repeating: "🎉", count: 20))), graphemeImages: ["🎉": .encoded(picture)])
        #expect(throws: ElementError.imagesTooLarge(bytes: 11_000, limit: 10_000)) {
            try document.resolvedRoot(limits: ElementLimits(maxEncodedImageBytes: 10_000))
        }
        #expect(try document.resolvedRoot(limits: ElementLimits(maxEncodedImageBytes: 20_000)) != document.root)
    }

    /// The centres of the inline images of text `node` once `set` is applied, in bitmap pixels at `scale`.
    static func attachmentCentres(_ root: Element, set: EmojiImages?, size: Size, node: Int = 1, scale: Double) throws -> [(x: Int, y: Int)] {
        let layout = try ElementLayout.layout(set.map { $0.applied(to: root) } ?? root, in: size)
        let text = try #require(layout.nodes[node].text)
        let origin = layout.nodes[node].contentFrame.origin
        return text.attachments.map { (Int(scale * (origin.x + $0.rect.midX)), Int(scale * (origin.y + $0.rect.midY))) }
    }

    static let blueSquare = Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#0000FF"/></svg>"##.utf8)

    @Test func theTreesMapWinsOverTheRenderersFolder() async throws {
        let set = try EmojiImages(folder: Self.folder)
        let document = ElementDocument(root: .view(style: ElementStyle(background: .white), children: [
            Element.paragraph("😀 ❤️").textStyle { $0.fontSize = .points(30) },
        ]), size: Size(width: 120, height: 50), graphemeImages: ["😀": .encoded(Self.blueSquare)])
        let root = try document.resolvedRoot()
        let bitmap = try await Self.renderer(set).render(root, size: Size(width: 120, height: 50), scale: 2)
        let layout = try ElementLayout.layout(set.applied(to: root), in: Size(width: 120, height: 50))
        let text = try #require(layout.nodes[1].text)
        #expect(text.attachments.count == 2)
        let origin = layout.nodes[1].contentFrame.origin
        func colour(_ index: Int) throws -> Color {
            let rect = text.attachments[index].rect
            return try #require(bitmap.color(x: Int(2 * (origin.x + rect.midX)), y: Int(2 * (origin.y + rect.midY))))
        }
        // The face is the tree's blue square; the heart the folder's red one.
        let face = try colour(0), heart = try colour(1)
        #expect(face.blue > 0.9 && face.red < 0.1, "\(face)")
        #expect(heart.red > 0.8 && heart.green < 0.3, "\(heart)")
    }

    @Test func aServiceDrawsItsFolder() async throws {
        let root = Element.view(style: ElementStyle(background: .white), children: [
            Element.paragraph("Hi 😀").textStyle { $0.fontSize = .points(24) },
        ])
        let size = Size(width: 100, height: 40)
        let set = try EmojiImages(folder: Self.folder)
        let limits = ElementLimits(maxRenderDuration: nil)
        let service = ElementRenderService(.init(limits: limits, emojiImages: set, lanes: RenderLanes(width: 1)))
        let plain = ElementRenderService(.init(limits: limits, lanes: RenderLanes(width: 1)))
        let drawn = try await service.render(try RenderRequest(root, size: size, scale: 2))
        let font = try await plain.render(try RenderRequest(root, size: size, scale: 2))
        #expect(BitmapImage(drawn) == BitmapImage(try await Self.renderer(set).render(root, size: size, scale: 2)))
        #expect(BitmapImage(drawn) != BitmapImage(font))
        let centre = try #require(Self.attachmentCentres(root, set: set, size: size, scale: 2).first)
        // The folder's yellow face (#FFCC33) between its eyes.
        let face = try #require(drawn.color(x: centre.x, y: centre.y - 8))
        #expect(face.red > 0.9 && face.green > 0.7 && face.blue < 0.35, "\(face)")
    }

    /// Measured texts are cached by their content, image runs included: two renderers sharing one
    /// cache, one with an emoji set and one without, each draw the text as their own.
    @Test func measuredTextsAreKeptApartInASharedCache() async throws {
        let root = Element.view(style: ElementStyle(background: .white), children: [
            Element.paragraph("Hi 😀").textStyle { $0.fontSize = .points(24) },
        ])
        let size = Size(width: 100, height: 40)
        let set = try EmojiImages(folder: Self.folder)
        let limits = ElementLimits(maxRenderDuration: nil)
        let cache = ElementCache(byteLimit: 16 << 20)
        // The plain renderer first, so that its measurement (fonts only) is in the cache.
        let font = try await ElementRenderer(limits: limits, cache: cache).render(root, size: size, scale: 2)
        let drawn = try await ElementRenderer(limits: limits, emojiImages: set, cache: cache).render(root, size: size, scale: 2)
        let again = try await ElementRenderer(limits: limits, cache: cache).render(root, size: size, scale: 2)
        #expect(await cache.metrics.texts.count == 2)
        #expect(BitmapImage(drawn) == BitmapImage(try await Self.renderer(set).render(root, size: size, scale: 2)))
        #expect(BitmapImage(again) == BitmapImage(font) && BitmapImage(drawn) != BitmapImage(font))
    }

    // MARK: Golden

    /// A card whose text has Twemoji-style SVG emoji at 1em next to words, at scale 2.
    @Test func aCardWithSVGEmojiMatchesItsGolden() async throws {
        let set = try EmojiImages(folder: Self.folder)
        let card = Element.vstack(spacing: 6, alignment: .start, layout: flexLayout(padding: EdgeInsets(all: 12)),
                                  style: ElementStyle(background: .white, cornerRadii: CornerRadii(all: 12)), children: [
            Element.paragraph("Shipped 🎉 on time 😀").textStyle { $0.fontSize = .points(18); $0.fontWeight = .weight(700) },
            Element.paragraph("Made with ❤️ in 🇫🇷 by the 👨‍👩‍👧 team").textStyle { $0.fontSize = .points(13); $0.color = .color(.gray) },
        ]).font(["DejaVu Sans"]).border(width: 1, color: Color(red255: 224, green255: 224, blue255: 224))
        let bitmap = try await Self.renderer(set).render(card, size: Size(width: 280, height: 74), scale: 2)
        // The face's yellow at the centre of its picture, above the mouth.
        // The second picture of the title, 18 pt (36 px) square: yellow between its eyes.
        let centre = try Self.attachmentCentres(card, set: set, size: Size(width: 280, height: 74), scale: 2)[1]
        let face = try #require(bitmap.color(x: centre.x, y: centre.y - 12))
        #expect(face.red > 0.9 && face.green > 0.7 && face.blue < 0.35, "\(face)")
        try goldenImages.assertMatches(bitmap, named: "emoji-svg-card", tolerance: 12, maxDifferingFraction: 0.01)
    }
}
