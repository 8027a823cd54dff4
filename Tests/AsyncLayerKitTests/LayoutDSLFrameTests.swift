import AsyncLayerKit
import Testing

/// The DSL through the engine: each construct lays out to the frames SwiftUI (or Texture) users
/// expect, measured by `ElementLayout` (frames in root coordinates, nodes in pre-order).
@Suite struct LayoutDSLFrameTests {
    func frames(_ root: Element, _ width: Double = 200, _ height: Double = 100) throws -> [Rect] {
        try ElementLayout.layout(root, in: Size(width: width, height: height)).nodes.map(\.frame)
    }

    func box(_ width: Double, _ height: Double) -> Element { Element.view().frame(width: width, height: height) }

    /// One spacer pushes the last item to the far end of a row and of a column alike.
    @Test func spacerPushesSiblingsApartInRowsAndColumns() throws {
        let row = try frames(HStack { box(20, 10); Spacer(); box(30, 10) })
        #expect(row[1] == Rect(x: 0, y: 45, width: 20, height: 10))
        #expect(row[2].minX == 20 && row[2].width == 150)
        #expect(row[3] == Rect(x: 170, y: 45, width: 30, height: 10))
        let column = try frames(VStack { box(20, 10); Spacer(); box(30, 10) })
        #expect(column[1] == Rect(x: 90, y: 0, width: 20, height: 10))
        #expect(column[2].minY == 10 && column[2].height == 80)
        #expect(column[3] == Rect(x: 85, y: 90, width: 30, height: 10))
    }

    /// Two spacers share the free space; `minLength` holds when the row overflows.
    @Test func spacersShareFreeSpaceAndKeepTheirMinimum() throws {
        let shared = try frames(HStack { Spacer(); box(20, 10); Spacer() })
        #expect(shared[2].minX == 90)
        let tight = try frames(HStack { box(150, 10).flex(shrink: 1); Spacer(minLength: 80) })
        #expect(tight[2].width == 80)
        #expect(tight[1].width == 120)
    }

    /// Rows follow the direction: leading is the right edge in RTL.
    @Test func hStackMirrorsInRightToLeft() throws {
        let f = try frames(HStack(spacing: 10) { box(20, 10); box(30, 10) }.direction(.rtl))
        #expect(f[1].maxX == 200 && f[2].maxX == 170)
        let v = try frames(VStack(alignment: .leading) { box(20, 10) }.direction(.rtl))
        #expect(v[1].maxX == 200)
    }

    @Test(arguments: [
        (Alignment.topLeading, 0.0, 0.0), (.top, 90, 0), (.topTrailing, 180, 0), (.leading, 0, 40), (.center, 90, 40),
        (.trailing, 180, 40), (.bottomLeading, 0, 80), (.bottom, 90, 80), (.bottomTrailing, 180, 80),
    ])
    func zStackPlacesChildrenByAlignment(alignment: Alignment, x: Double, y: Double) throws {
        let f = try frames(ZStack(alignment: alignment) { box(200, 100); box(20, 20) })
        #expect(f[2] == Rect(x: x, y: y, width: 20, height: 20))
        let rtl = try frames(ZStack(alignment: alignment) { box(200, 100); box(20, 20) }.direction(.rtl))
        #expect(rtl[2] == Rect(x: 180 - x, y: y, width: 20, height: 20))
    }

    /// Five 40 pt tags in 130 pt: two a line (40 + 10 + 40 + 10 + 40 > 130), lines 6 pt apart.
    @Test func wrapBreaksTagsOntoLines() throws {
        let f = try frames(Wrap(spacing: 10, lineSpacing: 6) { for _ in 0..<5 { box(40, 12) } }.frame(width: 130), 130)
        #expect(f[1...5].map(\.origin) == [Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 0, y: 18),
                                           Point(x: 50, y: 18), Point(x: 0, y: 36)])
        let centred = try frames(Wrap(spacing: 10, alignment: .center) { for _ in 0..<3 { box(40, 12) } }.frame(width: 130), 130)
        #expect(centred[1].minX == 20 && centred[3].minX == 45)
    }

    /// `.frame(…, alignment:)` places the element inside a box of the frame's size.
    @Test func frameWithAlignmentPlacesTheElementInItsBox() throws {
        let f = try frames(VStack(alignment: .leading) { box(20, 20).frame(width: 100, height: 50, alignment: .bottomTrailing) })
        #expect(f[1] == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(f[2] == Rect(x: 80, y: 30, width: 20, height: 20))
        let bounded = try frames(HStack { box(150, 10).frame(maxWidth: 60) })
        #expect(bounded[1].width == 60)
    }

    /// The overlay is laid out over exactly the element's box (aligned in it) and never grows it;
    /// a background fills the element even when the element is stretched.
    @Test func overlayAndBackgroundCoverTheElementsBox() throws {
        let badge = box(16, 16)
        let f = try frames(VStack(alignment: .leading) { box(100, 60).overlay(alignment: .topTrailing) { badge }; box(10, 10) })
        #expect(f[1] == Rect(x: 0, y: 0, width: 100, height: 60))     // the wrapper
        #expect(f[2] == Rect(x: 0, y: 0, width: 100, height: 60))     // the element
        #expect(f[3] == Rect(x: 0, y: 0, width: 100, height: 60))     // the layer
        #expect(f[4] == Rect(x: 84, y: 0, width: 16, height: 16))     // the badge
        #expect(f[5].minY == 60)
        let big = try frames(VStack(alignment: .leading) { box(20, 20).overlay { box(300, 300) } })
        #expect(big[1].size == Size(width: 20, height: 20))
        // In a stretching column a 100 pt wide element stays 100 pt wide, and so does its overlay
        // (the box takes the element's size, not the column's width).
        let inColumn = try frames(VStack(alignment: .stretch) { box(100, 60).overlay { Element.view() } })
        #expect(inColumn[1] == Rect(x: 0, y: 0, width: 100, height: 60))
        #expect(inColumn[3] == inColumn[2] && inColumn[2] == inColumn[1])
        let stretched = try frames(VStack(alignment: .stretch) { Element.view().frame(height: 30).margin(.horizontal, 10).background { Element.view() } })
        #expect(stretched[1] == Rect(x: 10, y: 0, width: 180, height: 30))
        #expect(stretched[2] == stretched[1] && stretched[3] == stretched[1] && stretched[4] == stretched[1])
    }

    @Test func aspectRatioDerivesTheOtherSide() throws {
        let f = try frames(VStack(alignment: .leading) { Element.view().frame(width: 160).aspectRatio(16.0 / 9) })
        #expect(f[1].size == Size(width: 160, height: 90))
        let stretched = try frames(VStack(alignment: .stretch) { Element.view().aspectRatio(2) })
        #expect(stretched[1].size == Size(width: 200, height: 100))
    }

    /// A badge pinned 8 pt from the top trailing corner, in both directions; `.position` is the
    /// top-left corner; `.offset` moves an item without moving its siblings.
    @Test func absolutePositionAndOffset() throws {
        let card = ZStack(alignment: .fill) { Element.view(); box(16, 16).absolute(top: 8, trailing: 8) }
        #expect(try frames(card)[2] == Rect(x: 176, y: 8, width: 16, height: 16))
        #expect(try frames(card.direction(.rtl))[2] == Rect(x: 8, y: 8, width: 16, height: 16))
        #expect(try frames(Element.view { box(10, 10).position(x: 30, y: 40) })[1] == Rect(x: 30, y: 40, width: 10, height: 10))
        let f = try frames(HStack(alignment: .top) { box(10, 10).offset(x: 5, y: 5); box(10, 10) })
        #expect(f[1] == Rect(x: 5, y: 5, width: 10, height: 10))
        #expect(f[2].minX == 10)
    }

    /// `margin(.leading, .auto)` pushes an item to the end of a row; padding per edge.
    @Test func autoMarginsAndPerEdgePadding() throws {
        let f = try frames(HStack { box(20, 10); box(30, 10).margin(.leading, .auto) })
        #expect(f[2].minX == 170)
        let padded = try ElementLayout.layout(HStack { box(20, 10) }.padding(.horizontal, 8).padding(.top, 4),
                                              in: Size(width: 200, height: 100)).nodes
        #expect(padded[0].contentFrame == Rect(x: 8, y: 4, width: 184, height: 96))
        #expect(padded[1].frame.minX == 8)
        // Leading is the right edge in RTL.
        let rtl = try ElementLayout.layout(HStack { box(20, 10) }.padding(.leading, 10).direction(.rtl),
                                           in: Size(width: 200, height: 100)).nodes
        #expect(rtl[0].contentFrame == Rect(x: 0, y: 0, width: 190, height: 100))
        #expect(rtl[1].frame.maxX == 190)
    }

    /// Texture's center and relative specs are ZStacks; the inset spec is a box with padding.
    @Test func textureSpecsAsOneLiners() throws {
        #expect(try frames(ZStack { box(20, 20) })[1].origin == Point(x: 90, y: 40))                    // ASCenterLayoutSpec
        #expect(try frames(ZStack(alignment: .bottomTrailing) { box(20, 20) })[1].origin == Point(x: 180, y: 80))  // ASRelativeLayoutSpec end/end
        #expect(try frames(ZStack(alignment: .fill) { Element.view() }.padding(10))[1] == Rect(x: 10, y: 10, width: 180, height: 80))  // ASInsetLayoutSpec
    }
}
