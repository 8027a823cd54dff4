import Canvas
import Elements
@testable import HTML
import Testing

/// Line boxes built from inline boxes (CSS 2.1 §10.8): a fixed line height is centred on each
/// inline box's primary font, so glyphs of a fallback font (CJK in a Latin text) neither grow the
/// line nor size the element's box; `vertical-align: middle` moves a span's box; a space before
/// a `<br>` ends its line and goes. The expected numbers are headless Chromium's (156, device
/// scale 2) for the same HTML.
@Suite struct InlineLineBoxTests {
    static let style = "<style>body { font-family: 'DejaVu Serif', 'Noto Sans CJK SC', serif; margin: 0 }</style>"

    /// An 8 × 8 PNG as a `data:` URL.
    static let pixel = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAGUlEQVR42mP4////hwoNTJIBqyiQZBiUOgD/kJGhXOlytgAAAABJRU5ErkJggg=="

    static func frames(_ body: String) throws -> [HTMLElementFrame] {
        let card = try HTMLCard(html: style + body, width: 400, height: 300)
        let layout = try ElementLayout.layout(card.root, in: card.size, scale: 2)
        return card.frames(in: layout)
    }

    static func expect(_ frame: HTMLElementFrame?, _ chromium: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let frame = frame?.frame else {
            Issue.record("no frame", sourceLocation: sourceLocation)
            return
        }
        let ours = [frame.minX, frame.minY, frame.width, frame.height]
        #expect(zip(ours, chromium).allSatisfy { abs($0 - $1) <= 0.5 }, "ours \(ours), Chromium \(chromium)", sourceLocation: sourceLocation)
    }

    @Test func aFallbackFontNeitherGrowsAFixedLineNorSizesItsElement() throws {
        let frames = try Self.frames("<div style='line-height: 20px'>elit <em>字布本试卡</em> abc <span>plain</span></div>")
        Self.expect(frames.first { $0.tag == "div" }, [0, 0, 400, 20])
        // The em's box is DejaVu Serif's content area (15 + 4 px), not Noto Sans CJK's.
        Self.expect(frames.first { $0.tag == "em" }, [31.22, 0.5, 80.02, 19])
        Self.expect(frames.first { $0.tag == "span" }, [150.14, 0.5, 40.33, 19])
    }

    @Test func aLineOfFallbackGlyphsAloneKeepsTheStrut() throws {
        // Only CJK on the line: the line is still the paragraph's line height, centred on its font.
        let frames = try Self.frames("<p style='margin: 0; line-height: 24px'>体体体局布测本行</p><p style='margin: 0; line-height: 24px; font-family: \"DejaVu Sans Mono\", \"Noto Sans CJK SC\"'>体体体局</p>")
        let paragraphs = frames.filter { $0.tag == "p" }
        #expect(paragraphs.map(\.frame.height) == [24, 24])
    }

    @Test func latinAfterCJKStaysOnTheAlphabeticBaseline() throws {
        // Pango would raise "abc" by 0.7px to the baseline Noto Sans CJK's BASE table gives the
        // run before it; CSS aligns alphabetic baselines, and the line stays 20px.
        let frames = try Self.frames("<div style='line-height: 20px; width: 300px'>片行局な章 <b>abc</b> 漢 <i>def</i></div>")
        Self.expect(frames.first { $0.tag == "div" }, [0, 0, 300, 20])
        let b = try #require(frames.first { $0.tag == "b" }).frame, i = try #require(frames.first { $0.tag == "i" }).frame
        #expect(b.minY == 0.5 && i.minY == 0.5)
    }

    @Test func aNormalLineGrowsForAFallbackFontButTheElementDoesNot() throws {
        let frames = try Self.frames("<div>elit <em>字布本试卡</em> abc</div>")
        Self.expect(frames.first { $0.tag == "div" }, [0, 0, 400, 23])
        Self.expect(frames.first { $0.tag == "em" }, [31.22, 3, 80.02, 19])
    }

    @Test func middleCentresASpanOnTheParagraphsXHeight() throws {
        let frames = try Self.frames("<div style='line-height: 20px'>elit <span style='vertical-align: middle'>字布本试卡</span> abc</div>")
        // Lowered by half its ascent minus descent less half the x-height; the line grows.
        Self.expect(frames.first { $0.tag == "div" }, [0, 0, 400, 21.34])
        Self.expect(frames.first { $0.tag == "span" }, [31.22, 1.84, 80.02, 19])
    }

    @Test func anElementsBoxHoldsTheSpacingAfterEachOfItsLetters() throws {
        // CSS puts letter spacing after each letter (Pango half before, half after).
        let style = "<style>div { font: 15px 'DejaVu Sans Mono'; letter-spacing: 2px }</style>"
        let frames = try Self.frames(style + "<div>nisi <span>Border card</span> tail</div><div>nisi <span>Border</span></div><div style='width: 200px'>nisi exercitation layout <span>Border card ipsum aliqua consequat</span> tail</div>")
        let spans = frames.filter { $0.tag == "span" }
        #expect(spans.count == 3)
        Self.expect(spans[0], [55.16, 0, 121.34, 17.5])
        Self.expect(spans[1], [55.16, 17.5, 66.19, 17.5])
        Self.expect(spans[2], [0, 52.5, 198.56, 52.5])
        // A border is no letter: no spacing after it, and it starts after the whole spacing of
        // the letter before it.
        let bordered = try Self.frames("<div style='letter-spacing: 2px'>Elit <i style='border: 5px dotted #7c3aed'>exercitation</i> border</div>")
        Self.expect(bordered.first { $0.tag == "i" }, [43.44, -5, 131.14, 29])
    }

    /// Letter spacing that starts or ends inside a line: Pango spaces each letter half before
    /// and half after, so a spaced run after unspaced text is drawn half a spacing on (and the
    /// text after it is back in step); CSS's boxes are where CSS puts the letters (Chromium 156).
    @Test func letterSpacingThatStartsInsideALineKeepsCSSsBoxes() throws {
        let frames = try Self.frames("<style>div { white-space: nowrap }</style><div>Amet <b style='letter-spacing:2px'>a <span>b</span></b></div><div>Amet <b style='letter-spacing:2px'>exercitation <span>b</span></b></div><div>A<b style='letter-spacing:2px'>ab</b></div><div><b style='letter-spacing:2px'>ab</b>c</div>")
        let b = frames.filter { $0.tag == "b" }, span = frames.filter { $0.tag == "span" }
        Self.expect(b[0], [47.72, 0, 33.12, 19])
        Self.expect(span[0], [67.66, 0, 13.19, 19])
        Self.expect(b[1], [47.72, 19, 152.44, 19])
        Self.expect(span[1], [186.97, 19, 13.19, 19])
        Self.expect(b[2], [11.56, 38, 25.56, 19])
        Self.expect(b[3], [0, 57, 25.56, 19])
    }

    /// CSS 2.1 §10.3.2, §10.8.1: an inline picture's margins, border and padding take room on
    /// the line, its margin box on the baseline (Chromium 156).
    @Test func anInlinePicturesMarginsBorderAndPaddingTakeRoom() throws {
        let frames = try Self.frames("<style>p { margin: 0 }</style><p>a <img src='\(Self.pixel)' style='width: 16px; height: 16px; margin: 18px'> b</p><p>c <img src='\(Self.pixel)' style='width: 20px; height: 10px; padding: 2px 4px; border: 3px solid red; border-radius: 4px; vertical-align: middle'> d</p><p>e <img src='\(Self.pixel)' style='margin: 0 6px 4px 2px'> f</p>")
        let images = frames.filter { $0.tag == "img" }, paragraphs = frames.filter { $0.tag == "p" }
        Self.expect(images[0], [32.62, 18, 16, 16])
        Self.expect(paragraphs[0], [0, 0, 400, 56])
        Self.expect(images[1], [14.05, 56.84, 34, 20])
        Self.expect(images[2], [16.56, 79.84, 8, 8])
    }

    /// CSS 2.1 §10.8.1: `vertical-align: top` and `bottom` put a box at the line box's top or
    /// bottom once the rest of the line has set it; a taller `top` box deepens the line, a
    /// taller `bottom` one raises it (Chromium 156).
    @Test func topAndBottomAlignWithTheLineBox() throws {
        func img(_ w: Int, _ h: Int, _ align: String) -> String { "<img src='\(Self.pixel)' style='width:\(w)px;height:\(h)px;vertical-align:\(align)'>" }
        let frames = try Self.frames("<style>body { font: 16px 'DejaVu Sans' } p { margin: 0 }</style>"
            + "<p>a \(img(10, 10, "top")) b \(img(10, 10, "bottom")) c</p><p>d \(img(20, 40, "top")) e \(img(10, 10, "bottom"))</p>"
            + "<p>f \(img(20, 40, "bottom")) g \(img(10, 10, "top"))</p>"
            + "<p style='line-height:40px'>h <span style='display:inline-block;vertical-align:top'>ib</span> <span style='font-size:30px'>big</span> \(img(12, 12, "bottom"))</p>"
            + "<p>i \(img(20, 30, "top")) \(img(20, 30, "bottom"))</p>")
        let tops = frames.filter { $0.tag == "img" }.map(\.frame.minY)
        #expect(tops == [0, 9, 19, 49, 59, 59, 131.5, 143.5, 143.5], "\(tops)")
        #expect(frames.filter { $0.tag == "p" }.map(\.frame.height) == [19, 40, 40, 44.5, 30])
        Self.expect(frames.first { $0.tag == "span" }, [15.23, 99, 14.61, 40])
    }

    /// A boxless inline element does not hold a child's border box when the child has margins
    /// (Chromium 156: the span keeps its own content area, 19 px, the child's margins counted
    /// in its width).
    @Test func aBoxlessInlineElementDoesNotHoldAChildWithMargins() throws {
        let frames = try Self.frames("<p style='margin: 0'>x <span>ea <s style='margin: -5px 5px; border: 5px solid red'>laboris</s> </span> y</p>")
        Self.expect(frames.first { $0.tag == "span" }, [14.11, 0, 104.69, 19])
        Self.expect(frames.first { $0.tag == "s" }, [43.2, -5, 65.52, 29])
    }

    /// CSS 2.1 §9.4.3: a relatively positioned inline element moves its inline blocks and
    /// pictures with its text (a picture's own offset adds to it); the line stays (Chromium 156).
    @Test func aRelativeInlineElementMovesItsPicturesAndInlineBlocks() throws {
        let frames = try Self.frames("<style>body { font: 16px 'DejaVu Sans' }</style><p style='margin: 16px 0'>a <span style='position:relative; top:-3px; left: 4px'>b <span style='display:inline-block; padding: 2px'>ib</span> <img src='\(Self.pixel)' style='margin: 2px; position: relative; top: 5px'></span> c</p>")
        let spans = frames.filter { $0.tag == "span" }
        Self.expect(spans[0], [18.89, 15, 50.94, 19])
        Self.expect(spans[1], [34.14, 13, 18.61, 23])
        Self.expect(frames.first { $0.tag == "img" }, [59.83, 25, 8, 8])
    }

    /// An inline block's relative font size is of the inline element around it (`smaller` in
    /// a 24px `<em>`: 20px), not of the paragraph's block (Chromium 156).
    @Test func anInlineBlocksRelativeFontSizeIsOfTheElementAroundIt() throws {
        let frames = try Self.frames("<p style='margin: 0'>exercitation <em style='font-size: 24px'>in <small style='display: inline-block'>aute</small> </em>amet</p>")
        Self.expect(frames.first { $0.tag == "em" }, [102.23, 0, 83.08, 28])
        Self.expect(frames.first { $0.tag == "small" }, [133, 4, 44.69, 23])
    }

    /// A fallback font the family list names lends a device pixel to its descent, as a primary
    /// font does; one fontconfig finds past the list keeps its rounded metrics: together on a
    /// line they make it half a pixel taller, and each puts the baseline otherwise (Chromium 156,
    /// CJK in DejaVu texts; an empty inline block sits on the baseline).
    @Test func aFallbackPastTheFamilyListLendsToItsDescent() throws {
        let frames = try Self.frames("<style>div { white-space: nowrap; font-size: 18px }</style>"
            + "<div>layout <code>测日字</code> 文語中</div><div>文語中 <span>测日字</span></div>"
            + "<div>文語中 <span style=\"font-family: 'DejaVu Sans Mono', 'Noto Sans CJK SC'\">测日字</span></div>"
            + "<div>文語中 <span style='font-family: monospace'>测日字</span></div><div>ab <span style='font-family: monospace'>测日字</span></div>")
        #expect(frames.filter { $0.tag == "div" }.map(\.frame.height) == [26.5, 26, 26, 26.5, 26])
        let mark = "<span style='display:inline-block;width:5px;height:1px'></span>"
        let baselines = try Self.frames("<style>div { white-space: nowrap }</style>"
            + "<div style=\"font: 16px 'DejaVu Sans'\">Tokyo 東京 \(mark)</div><div style=\"font: 16px 'DejaVu Sans', 'Noto Sans CJK SC'\">Tokyo 東京 \(mark)</div>"
            + "<div style=\"font: 18px 'DejaVu Sans'\">Tokyo 東京 \(mark)</div><div style=\"font: 18px 'DejaVu Sans', 'Noto Sans CJK SC'\">Tokyo 東京 \(mark)</div>")
        #expect(baselines.filter { $0.tag == "span" }.map(\.frame.minY) == [17.5, 40, 66, 91.5])
    }

    /// CSS 2.1 §10.8.1: a raised element inside a raised element moves from its parent's
    /// (raised) baseline: 3px and `super` add up, as -4px and `sub` do (Chromium 156).
    @Test func nestedVerticalAlignShiftsAddUp() throws {
        let frames = try Self.frames("<p style='margin: 0; font-size: 20px'>a <b style='vertical-align: 3px'>b <code style='vertical-align: super'>et</code> c</b> d</p>"
            + "<p style='margin: 0'>e <span style='vertical-align: -4px'>f <small style='vertical-align: sub'>g</small></span> h</p>")
        let paragraphs = frames.filter { $0.tag == "p" }
        Self.expect(paragraphs.first, [0, 0, 400, 33.17])
        Self.expect(paragraphs.last, [0, 33.17, 400, 26.2])
        Self.expect(frames.first { $0.tag == "b" }, [18.28, 6.67, 64.19, 23.5])
        Self.expect(frames.first { $0.tag == "code" }, [39.23, 0, 24.09, 23])
        Self.expect(frames.first { $0.tag == "small" }, [25.56, 43.86, 8.55, 15.5])
    }

    @Test func nestedRelativeFontSizesCompound() throws {
        // `<small><small>`: 18 / 1.2 / 1.2 px (the paragraph's font is DejaVu Sans 18px).
        let frames = try Self.frames("<p style='font: 18px \"DejaVu Sans\"'>a <small><small>smaller</small></small> b</p>")
        let inner = try #require(frames.last { $0.tag == "small" }).frame
        #expect(abs(inner.width - 46.12) < 0.5 && inner.height == 14.5, "\(inner)")
    }

    @Test func japaneseTakesItsOwnFontForAGenericFamily() throws {
        // lang="ja": `monospace` is Noto Sans Mono CJK JP (its content area at 13px: 18.5px);
        // English inside it, and Korean or Chinese, keep DejaVu Sans Mono (15px), as Chromium.
        let frames = try Self.frames("<div lang='ja'>日本 <code>コード</code> <p lang='en'>x <code>code</code></p></div><p lang='ko'>한국 <code>코드</code></p><p lang='zh-CN'>中文 <code>代碼</code></p>")
        #expect(frames.filter { $0.tag == "code" }.map(\.frame.height) == [18.5, 15, 15, 15])
        #expect(BoxBuilder.cjkLanguage("ja-JP") == "ja" && BoxBuilder.cjkLanguage("zh-Hant") == nil)
        // The standard font (no font-family anywhere) in Japanese is Noto Sans CJK JP, and an
        // explicit `serif` Noto Serif CJK JP: "pariatur " is 63.59px and 68.48px wide in Chromium.
        let card = try HTMLCard(html: "<html lang='ja'><body><p><span>pariatur </span>x</p><p style='font-family: serif'><span>pariatur </span>x</p>", width: 600, height: 400)
        let spans = card.frames(in: try ElementLayout.layout(card.root, in: card.size, scale: 2)).filter { $0.tag == "span" }
        #expect(spans.count == 2 && abs(spans[0].frame.width - 63.59) < 0.5 && abs(spans[1].frame.width - 68.48) < 0.5)
    }

    /// Shrunk from random cards by scripts/html-diff/shrink.py; Chromium's numbers.
    @Test func aNowrapSpanMovesToTheNextLineWhole() throws {
        let frames = try Self.frames("<body style='margin: 8px; width: 384px'> nisi <span style='white-space: nowrap'>Voluptate Card border irure ex ad commodo Velit</span> et</body>")
        Self.expect(frames.first { $0.tag == "span" }, [8, 27, 400.53, 19])
        // An element inside the span does not break from it either.
        let nested = try Self.frames("<body style='margin: 8px; width: 384px'> nisi <span style='white-space: nowrap'>Voluptate <small>Card border irure ex ad commodo</small> Velit</span> et</body>")
        Self.expect(nested.first { $0.tag == "span" }, [8, 27, 354.3, 19])
        Self.expect(nested.first { $0.tag == "small" }, [90.34, 30, 230.66, 15.5])
        // Not before the nested element's last word either.
        let narrow = try Self.frames("<p style='width: 10px; margin: 0'><span style='white-space: nowrap'>x <b>aa b</b></span></p>")
        #expect(try #require(narrow.first { $0.tag == "b" }).frame.height == 19)
    }

    @Test func aTextWithNoRoomBreaksAtEveryOpportunity() throws {
        let frames = try Self.frames("<section style='width: 1em'><div style='margin: 24px'>nisicommodo Fugiat pixel</div></section>")
        Self.expect(frames.first { $0.tag == "section" }, [0, 24, 16, 57])
    }

    @Test func monospaceScalesWithTheKeywordChain() throws {
        // <code> in an <h2> (1.5em of medium): 13 × 1.5 px, not the heading's 24px nor 13px.
        let frames = try Self.frames("<h2 style='margin: 0; width: 384px'><a>reprehenderit adipiscing <code>nostrud flex commodo consequat eiusmod </code> ipsum amet margin</a> magna</h2>")
        Self.expect(frames.first { $0.tag == "code" }, [0, 32.92, 352.2, 50.5])
    }

    @Test func subSuperAndAnInlineBlocksAlignmentAreChromiums() throws {
        let style = "<style>body { font-family: 'DejaVu Sans' } p { margin: 0 }</style>"
        let frames = try Self.frames(style + "<p>a <sup>2</sup> b <sub>x</sub> c <span style='vertical-align: super; font-size: 12px'>s</span></p><p>a <span style='display: inline-block; vertical-align: middle; height: 30px; width: 20px'></span> b</p>")
        let p = frames.filter { $0.tag == "p" }
        Self.expect(p.first, [0, 0, 400, 25.03])
        Self.expect(frames.first { $0.tag == "sub" }, [43.7, 9.53, 7.89, 15.5])
        Self.expect(p.last, [0, 25.03, 400, 30])
        // At 40px the shift is a third (a fifth) of the size and half a pixel, not one: Chromium's
        // line grows by 13.83 for super, its sub box sits 8.5 below the paragraph's top.
        let large = try Self.frames(style + "<p style='font-size: 40px'>abc <a style='vertical-align: super'>def</a></p><p style='font-size: 40px'>abc <a style='vertical-align: sub'>def</a></p>")
        let lines = large.filter { $0.tag == "p" }, links = large.filter { $0.tag == "a" }
        #expect(abs(lines[0].frame.height - links[0].frame.height - 13.83) <= 0.5, "\(lines[0].frame) \(links[0].frame)")
        #expect(abs(links[1].frame.minY - lines[1].frame.minY - 8.5) <= 0.5, "\(lines[1].frame) \(links[1].frame)")
        #expect(abs(lines[1].frame.height - links[1].frame.height - 8.5) <= 0.5, "\(lines[1].frame) \(links[1].frame)")
    }

    @Test func anInlineElementOnALineWithoutItsOwnTextIsItsContentAreaThere() throws {
        // Line 2 holds only the <small> (or the 24px <b>): the span is its own font's content
        // area on that line's baseline, not its child's box.
        let frames = try Self.frames("<p style='width: 150px'>aaa <span>bb <small>cccc dddd eeee ffff gggg hhhh</small></span></p><p style='width: 150px'>aaa <span>bb <b style='font-size: 24px'>cccc dddd eeee ffff</b></span></p>")
        let spans = frames.filter { $0.tag == "span" }
        Self.expect(spans.first, [0, 16, 131.67, 38])
        Self.expect(spans.last, [0, 77, 136.56, 75])
        // A space hanging at a line's end (no width) still puts the element on that line.
        let hanging = try Self.frames("<div style='width: 178px'>ad aute <strong>Ullamco minim <strong>et nostrud aute render</strong> </strong> Commodo</div>")
        #expect(hanging.filter { $0.tag == "strong" }.map(\.frame.height) == [57, 38])
    }

    @Test func aBoxlessInlineElementHoldsItsChildsBorderOnlyOnItsOwnContentArea() throws {
        // Chromium: a span drawing no box of its own grows to a child's border or padding when
        // the child sits on its content area, through a boxless child too; not for a child of
        // another size or one raised.
        let cases: [(String, top: Double, height: Double)] = [
            ("<span>Ut <b style='border: 2px solid red'>esse</b> </span>", -2, 23),
            ("<span>Ut <i style='padding: 6px 0; background: red'>w</i></span>", -6, 31),
            ("<a>u <b>esse <i style='border: 2px solid'>w</i></b></a>", -2, 23),
            ("<span>u <i style='border: 2px solid; font-size: 30px'>w</i></span>", 12.5, 19),
            ("<span>u <i style='border: 10px solid; font-size: 10px'>w</i></span>", 0, 19),
            ("<span>u <i style='border: 2px solid; vertical-align: 8px'>w</i></span>", 8, 19),
            ("<span style='background: yellow'>Ut <b style='border: 2px solid red'>esse</b> </span>", 0, 19),
        ]
        for (html, top, height) in cases {
            let frames = try Self.frames("<p style='margin: 0'>x " + html + " y</p>")
            let p = try #require(frames.first { $0.tag == "p" }).frame, outer = try #require(frames.dropFirst(3).first).frame
            #expect(abs(outer.minY - p.minY - top) <= 0.5 && abs(outer.height - height) <= 0.5, "\(html): \(outer) in \(p)")
        }
    }

    @Test func anInlineElementsTextTransformIsItsOwn() throws {
        // <b> capitalizes (Chromium: "Dolore", 52.58px); a span inside uppercase text keeps its case.
        // (In Japanese: the standard font is Noto Sans CJK JP.)
        let card = try HTMLCard(html: "<html lang='ja'><style>b { text-transform: capitalize }</style><body> ad中文局试片局 <b>dolore</b> veniam", width: 400, height: 300)
        let b = try #require(card.frames(in: try ElementLayout.layout(card.root, in: card.size, scale: 2)).first { $0.tag == "b" }).frame
        #expect(abs(b.width - 52.58) < 0.5, "\(b)")
        let frames = try Self.frames("<p style='text-transform: uppercase'>a <span style='text-transform: none'>b</span></p><p>a <span>b</span></p><p>a <span>B</span></p>")
        let spans = frames.filter { $0.tag == "span" }.map(\.frame.width)
        #expect(spans.count == 3 && spans[0] == spans[1] && spans[0] != spans[2])
    }

    @Test func aRelativelyPositionedInlineElementIsDrawnMoved() throws {
        // Chromium: <code> laid out at y 11.5, drawn (and its box reported) 4px higher.
        let frames = try Self.frames("<body style='margin: 8px; font-family: \"DejaVu Serif\"'> sit <code style='position: relative; top: -4px'>veniam <b style='position: relative; left: 3px'>x</b></code> Glyph</body>")
        let code = try #require(frames.first { $0.tag == "code" }).frame, b = try #require(frames.first { $0.tag == "b" }).frame
        #expect(abs(code.minX - 32.84) < 0.5 && abs(code.minY - 7.5) < 0.5)
        // Moves add up: the <b> is 3px right and 4px up of its place.
        #expect(abs(b.minY - 7.5) < 0.5)
    }

    @Test func aSpaceBeforeALineBreakGoesFromACentredLine() throws {
        let frames = try Self.frames("<div style='text-align: center; width: 200px'>enim duis exercitation <br> next <span>x</span></div>")
        Self.expect(frames.first { $0.tag == "br" }, [190.62, 0, 0, 19])
        Self.expect(frames.first { $0.tag == "span" }, [115.64, 19, 9.03, 19])
    }
    /// A negative horizontal margin on an inline element pulls it (and what follows) back over
    /// its neighbours (CSS 2.1 §8.3); a positive one as before.
    @Test func aNegativeInlineMarginPullsTheElementBack() throws {
        let font = "font-family: \"DejaVu Sans\"; font-size: 16px; width: 250px"
        let frames = try Self.frames("<div style='\(font)'>aaa <b style='margin: -7px'>bold</b> ccc</div><div style='\(font)'><b style='margin: -7px'>bold</b> ccc</div>"
            + "<div style='\(font)'>aaa bbb ccc ddd eee fff <b style='margin: -7px'>ggg hhh iii jjj kkk</b> lll</div>")
        let bs = frames.filter { $0.tag == "b" }
        try #require(bs.count == 3)
        Self.expect(bs[0], [27.5, 0, 39.39, 19])
        Self.expect(bs[1], [-7, 19, 39.39, 19])
        Self.expect(bs[2], [0, 38, 220.81, 38])
    }

    /// A line clamp hides lines but still lays them out: an inline block past the clamp has the
    /// box Chromium reports (where the unclamped text puts it).
    @Test func anInlineBlockPastALineClampIsLaidOutWhereTheLinesWouldBe() throws {
        let frames = try Self.frames("<div style='font-family: \"DejaVu Sans\"; font-size: 16px; width: 200px; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 1; overflow: hidden'>"
            + "aaa bbb ccc <span style='display: inline-block; width: 50px; height: 10px'></span> ddd eee fff ggg hhh <span style='display: inline-block; width: 30px; height: 20px'></span> iii</div>")
        Self.expect(frames.first { $0.tag == "div" }, [0, 0, 200, 19])
        let spans = frames.filter { $0.tag == "span" }
        try #require(spans.count == 2)
        Self.expect(spans[0], [101.53, 5, 50, 10])
        Self.expect(spans[1], [127.42, 19, 30, 20])
    }
    /// A space collapses with the one before it across an inline element's padding or margin
    /// (CSS Text §4.1.1: the edge is no character).
    @Test func spacesCollapseAcrossAnInlineElementsEdges() throws {
        let font = "font-family: \"DejaVu Sans\"; font-size: 16px"
        let frames = try Self.frames("<div style='\(font)'>ab <b style='padding: 0 19px'>cd ef </b> magna <span>x</span></div>"
            + "<div style='\(font)'>ab <i style='margin-left: 10px'> cd</i> <span>x</span></div>")
        let spans = frames.filter { $0.tag == "span" }
        try #require(spans.count == 2)
        Self.expect(frames.first { $0.tag == "b" }, [25.05, 0, 87.89, 19])
        Self.expect(spans[0], [173.52, 0, 9.47, 19])
        Self.expect(frames.first { $0.tag == "i" }, [35.05, 19, 18.95, 19])
        Self.expect(spans[1], [59.09, 19, 9.47, 19])
    }
    /// An inline element whose inline block went to a line without its text still has a box on
    /// that line: its content area on the line's baseline, across the block.
    @Test func anInlineElementReachesItsInlineBlockOnALineWithoutItsText() throws {
        let frames = try Self.frames("<div style='font-family: \"DejaVu Sans\"; font-size: 16px; width: 300px'>exercitation aliqua "
            + "<em>in aliquip <small style='display: inline-block; width: 250px'>aute</small></em></div>")
        Self.expect(frames.first { $0.tag == "em" }, [0, 0, 250, 38])
        Self.expect(frames.first { $0.tag == "small" }, [0, 22, 250, 15.5])
    }
    /// A percentage line height computes to a length on the element that sets it: a `<small>`
    /// inside inherits 24px (taller than its font: the line grows), not 150 % of its own size.
    @Test func aPercentageLineHeightIsInheritedAsALength() throws {
        let frames = try Self.frames("<div style='font-size: 16px'>Glyph <u style='line-height: 150%'>pariatur <small>dolore</small> Render</u> incididunt</div>")
        Self.expect(frames.first { $0.tag == "div" }, [0, 0, 400, 25.5])
        Self.expect(frames.first { $0.tag == "small" }, [124.12, 5.5, 43.11, 15.5])
    }
    /// Each inline element adds its own box to every line it is on (CSS 2.1 §10.8), not only to
    /// the lines holding its own text: a `<b>` of 20px makes the lines of its 18px `<s>` as tall.
    @Test func anInlineElementsFontCountsOnTheLinesOfItsChildren() throws {
        let frames = try Self.frames("<p style='width: 76.8px'>render <b style='font-size: 20px'>reprehenderit <s style='font-size: 18px'>ad pixel</s> pariatur</b> Magna </p>")
        Self.expect(frames.first { $0.tag == "p" }, [0, 16, 76.8, 132])
        Self.expect(frames.first { $0.tag == "b" }, [0, 35, 156.41, 94])
        Self.expect(frames.first { $0.tag == "s" }, [0, 60.5, 48.45, 44.5])
    }
    /// `line-height: normal` on an inline element in a paragraph of a fixed line height is its
    /// fonts' height, fallbacks included: CJK glyphs in a DejaVu `<strong>` grow a 16px line to 23px.
    @Test func aNormalLineHeightInsideAFixedOneCountsItsFonts() throws {
        let frames = try Self.frames("<div style='line-height: 1'>测な字文字日日漢布测 <strong style='line-height: normal'>卡测な排</strong> laboris</div>")
        Self.expect(frames.first { $0.tag == "div" }, [0, 0, 400, 23])
        Self.expect(frames.first { $0.tag == "strong" }, [165.09, 3, 64.02, 19])
    }
    /// An inline element's end padding never hangs past the line's end as a space would: the
    /// line breaks inside the element instead (Chromium 156).
    @Test func anInlineElementsEndPaddingDoesNotHangPastTheLine() throws {
        let frames = try Self.frames("<div style='font-size: 28px; width: 306px'>sit <b style='padding: 9px'>amet in nostrud</b></div>")
        Self.expect(frames.first { $0.tag == "div" }, [0, 0, 306, 66])
        Self.expect(frames.first { $0.tag == "b" }, [0, -9, 171.75, 84])
    }
    /// An inline block inside a raised inline element rises with it (its baseline is the raised one).
    @Test func anInlineBlockRisesWithItsRaisedParent() throws {
        let frames = try Self.frames("<div>Layoutea <u style='vertical-align: 3px'>ea <s style='display: inline-block'>laboris</s> </u> duisminim</div>")
        Self.expect(frames.first { $0.tag == "div" }, [0, 0, 400, 22])
        Self.expect(frames.first { $0.tag == "s" }, [103.77, 0, 55.52, 19])
    }

    /// A negative margin that opens or ends a line moves the line's content, not the line: the
    /// pen starts at the line's start (Pango's extents began at the margin's far end), a line's
    /// width is its advances (centring and right alignment by it, a min-content width too), and
    /// a negative margin ending the paragraph pulls the line's end back (Pango zeroes it there).
    @Test func aNegativeMarginAtALinesEdgeMovesTheContentNotTheLine() throws {
        let frames = try Self.frames("""
            <div style="padding-left: 11px"><b style="margin: -7px; padding: 0 4px">abc</b> def</div>\
            <div style="text-align: center"><b style="margin: -7px">abc</b> def</div>\
            <div style="width: 0"><span style="display: inline-block"><b style="margin: -7px; white-space: nowrap">abc def</b></span></div>\
            <div style="text-align: right">xyz <b style="margin: -9px">abc</b></div>
            """)
        let bolds = frames.filter { $0.tag == "b" }
        try #require(bolds.count == 4)
        Self.expect(bolds[0], [4, 0, 39.30, 19])
        Self.expect(bolds[1], [169.00, 19, 31.30, 19])
        Self.expect(frames.first { $0.tag == "span" }, [0, 38, 51.12, 19])
        Self.expect(bolds[3], [377.70, 57, 31.30, 19])
    }
}
