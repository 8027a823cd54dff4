import AsyncLayerKit
import Testing

@Suite struct ElementLayoutTests {
    func box(_ w: Double? = nil, _ h: Double? = nil, grow: Double = 0, shrink: Double = 1) -> Element {
        .view(layout: boxLayout(width: w, height: h, grow: grow, shrink: shrink))
    }

    func frames(_ root: Element, in size: Size = Size(width: 200, height: 100)) throws -> [Rect] {
        try ElementLayout.layout(root, in: size).nodes.map(\.frame)
    }

    @Test func verticalStackPlacesChildrenWithSpacingAndPadding() throws {
        let root = Element.vstack(spacing: 10, alignment: .start, layout: flexLayout(padding: EdgeInsets(all: 5)),
                                  children: [box(40, 20), box(60, 30)])
        let f = try frames(root)
        #expect(f[0] == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(f[1] == Rect(x: 5, y: 5, width: 40, height: 20))
        #expect(f[2] == Rect(x: 5, y: 35, width: 60, height: 30))
    }

    @Test func horizontalStackPlacesChildrenLeftToRight() throws {
        let root = Element.hstack(spacing: 4, alignment: .start, children: [box(30, 10), box(50, 20), box(10, 5)])
        let f = try frames(root)
        #expect(f[1...].map(\.minX) == [0, 34, 88])
        #expect(f[1...].map(\.width) == [30, 50, 10])
    }

    @Test(arguments: [
        (StackAlignment.start, 0.0, 40.0),
        (.center, 80, 40),
        (.end, 160, 40),
        (.stretch, 0, 200),
    ])
    func crossAxisAlignment(alignment: StackAlignment, x: Double, width: Double) throws {
        let child = Element.view(layout: boxLayout(height: 20, minWidth: 40))
        let f = try frames(.vstack(alignment: alignment, children: [child]))
        #expect(f[1].minX == x)
        #expect(f[1].width == width)
    }

    @Test(arguments: [(StackAlignment.start, 0.0), (.center, 35), (.end, 70), (.stretch, 0)])
    func justificationPlacesLeftoverMainSpace(justification: StackAlignment, y: Double) throws {
        let f = try frames(.vstack(justification: justification, children: [box(10, 20), box(10, 10)]))
        #expect(f[1].minY == y)
        #expect(f[2].minY == y + 20)
    }

    @Test func horizontalAlignmentIsVertical() throws {
        let f = try frames(.hstack(alignment: .end, children: [box(10, 20)]))
        #expect(f[1] == Rect(x: 0, y: 80, width: 10, height: 20))
    }

    @Test func growSharesFreeSpaceByWeight() throws {
        let root = Element.hstack(children: [box(nil, 10, grow: 1), box(20, 10), box(nil, 10, grow: 3)])
        let f = try frames(root)
        #expect(f[1].width == 45)
        #expect(f[2].width == 20)
        #expect(f[3].width == 135)
        #expect(f[3].maxX == 200)
    }

    @Test func shrinkTakesOverflowBackByWeightedSize() throws {
        let f = try frames(.hstack(children: [box(150, 10), box(150, 10, shrink: 3)]))
        // Overflow 100, weights 1×150 and 3×150: a gives 25, b gives 75.
        #expect(f[1].width == 125)
        #expect(f[2].width == 75)
        #expect(f[2].minX == 125)
    }

    /// CSS: a fixed width is a flex basis and shrinks like any other, down to its min-width;
    /// `flexShrink: 0` keeps it.
    @Test func minWidthStopsShrinkAndShrinkZeroKeepsTheSize() throws {
        let soft = Element.view(layout: boxLayout(width: 150, height: 10, minWidth: 140))
        let f = try frames(.hstack(children: [soft, box(150, 10, shrink: 0)]))
        #expect(f[1].width == 140)
        #expect(f[2].width == 150)
    }

    /// 30 pt are free beside a 170 pt box; the growing child takes them within its min/max.
    @Test(arguments: [(10.0, 80.0, 30.0), (50, 80, 50), (0, 25, 25)])
    func minAndMaxClampGrowth(_ minWidth: Double, _ maxWidth: Double, _ expected: Double) throws {
        let child = Element.view(layout: boxLayout(height: 10, minWidth: minWidth, maxWidth: maxWidth, grow: 1))
        let f = try frames(.hstack(children: [child, box(170, 10, shrink: 0)]))
        #expect(f[1].width == expected)
    }

    @Test func explicitFramesAreRelativeToTheParent() throws {
        let root = Element.view(frame: Rect(x: 10, y: 20, width: 100, height: 50), children: [
            .view(frame: Rect(x: 5, y: 6, width: 7, height: 8)),
            .view(),
        ])
        let f = try frames(root)
        #expect(f[0] == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(f[1] == Rect(x: 15, y: 26, width: 7, height: 8))
        #expect(f[2] == f[0])
    }

    @Test func overlayAlignsOnBothAxes() throws {
        let f = try frames(.overlay(alignment: .center, children: [box(20, 10)]))
        #expect(f[1] == Rect(x: 90, y: 45, width: 20, height: 10))
    }

    @Test func textHeightFollowsItsWidth() throws {
        let words = String(repeating: "word ", count: 30)
        let style = TextStyle(size: 15, lineHeight: 20)
        let narrow = try ElementLayout.layout(.vstack(children: [.text(AttributedText(words), style: style)]),
                                              in: Size(width: 100, height: 1000))
        let wide = try ElementLayout.layout(.vstack(children: [.text(AttributedText(words), style: style)]),
                                            in: Size(width: 400, height: 1000))
        let narrowHeight = narrow.nodes[1].frame.height
        let wideHeight = wide.nodes[1].frame.height
        #expect(narrowHeight > wideHeight)
        #expect(narrowHeight.truncatingRemainder(dividingBy: 20) == 0)
        #expect(narrow.nodes[1].text?.lineCount == Int(narrowHeight / 20))
        #expect(narrow.nodes[1].text!.size.width <= 100)
    }

    @Test func maxLinesCapsTheTextHeight() throws {
        let words = String(repeating: "word ", count: 60)
        let text = Element(.text(TextContent(AttributedText(words), style: TextStyle(size: 15, lineHeight: 20), maxLines: 2)))
        let result = try ElementLayout.layout(.vstack(spacing: 0, children: [text, box(nil, 10)]), in: Size(width: 120, height: 500))
        #expect(result.nodes[1].frame.height == 40)
        #expect(result.nodes[1].text?.isTruncated == true)
        #expect(result.nodes[2].frame.minY == 40)
    }

    @Test func textPaddingAddsToTheMeasuredSize() throws {
        let tag = Element.text("Tag", style: TextStyle(size: 12), layout: flexLayout(padding: EdgeInsets(horizontal: 6, vertical: 2)))
        let result = try ElementLayout.layout(.hstack(alignment: .start, children: [tag]), in: Size(width: 300, height: 50))
        let measured = result.nodes[1].text!.size
        #expect(result.nodes[1].frame.width == measured.width.rounded(.up) + 12)
        #expect(result.nodes[1].frame.height == measured.height.rounded(.up) + 4)
        #expect(result.nodes[1].contentFrame.minX == 6)
    }

    @Test func imagesTakeTheirNaturalSizeUnlessFixed() throws {
        let bitmap = try Bitmap.render(size: Size(width: 30, height: 20)) { $0.fill(Rect(x: 0, y: 0, width: 30, height: 20), with: .red) }
        let root = Element.hstack(alignment: .start, children: [
            .image(.bitmap(bitmap)),
            .image(.bitmap(bitmap), layout: flexLayout(width: 10, height: 10)),
        ])
        let f = try frames(root)
        #expect(f[1].size == Size(width: 30, height: 20))
        #expect(f[2].size == Size(width: 10, height: 10))
    }

    @Test func nonFiniteInputIsATypedError() {
        #expect(throws: ElementError.self) {
            try ElementLayout.layout(.view(frame: Rect(x: .nan, y: 0, width: 1, height: 1)), in: Size(width: 10, height: 10))
        }
        #expect(throws: ElementError.invalidLayout("root.layout.rowGap: -1.0 is not a finite length ≥ 0")) {
            try ElementLayout.layout(.vstack(spacing: -1, children: []), in: Size(width: 10, height: 10))
        }
    }

    @Test(arguments: [
        (Element.view(children: [.view(layout: boxLayout(width: -1))]), "root.children[0].layout.width: -1.0 is not a finite length ≥ 0"),
        (.view(children: [.view(), .view(layout: boxLayout(padding: EdgeInsets(left: .infinity)))]),
         "root.children[1].layout.padding.left: inf is not a finite length ≥ 0"),
        (.view(children: [.view(), .view(children: [.view(), .view(frame: Rect(x: .nan, y: 0, width: 1, height: 1))])]),
         "root.children[1].children[1].layout.inset.left: nan is not a finite length"),
        (.view(style: ElementStyle(opacity: 2)), "root.style.opacity: 2.0 is not in 0...1"),
        (.view(style: ElementStyle(cornerRadii: CornerRadii(topLeft: .nan))), "root.style.cornerRadii.topLeft: nan is not a finite number ≥ 0"),
        (.view().border(width: -2, color: .red), "root.layout.border.top: -2.0 is not a finite number ≥ 0"),
        (.view(layout: { var l = FlexStyle(); l.flexGrow = .infinity; return l }()), "root.layout.flexGrow: inf is not a finite number ≥ 0"),
        (.view(layout: { var l = FlexStyle(); l.aspectRatio = 0; return l }()), "root.layout.aspectRatio: 0.0 is not a finite number > 0"),
        (.view(layout: { var l = FlexStyle(); l.margin.start = .percent(.nan); return l }()), "root.layout.margin.start: nan% is not a finite percentage"),
        (Element(.text(TextContent("x", maxLines: -1))), "root.text.maxLines: -1 is not 0 or more"),
        (.gradient(.radial(Gradient(colors: [.red]), center: Point(x: .nan, y: 0), radius: 1)), "root.gradient.center.x: nan is not finite"),
    ])
    func unusableNumbersAreRefusedBeforeLayout(element: Element, message: String) {
        #expect(throws: ElementError.invalidLayout(message)) {
            try ElementLayout.layout(element, in: Size(width: 10, height: 10))
        }
    }

    /// An encoded image whose header cannot be read is an error when its size is needed, not a
    /// zero size that would hide it.
    @Test func anUnreadableImageHeaderIsAnError() {
        let element = Element.vstack(children: [.image(.encoded([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]))])
        #expect {
            try ElementLayout.layout(element, in: Size(width: 100, height: 100))
        } throws: { error in
            guard case .canvas = error as? ElementError else { return false }
            return true
        }
    }
}
