import AsyncLayerKit
import Testing

/// The SwiftUI-like DSL builds the flexbox styles its documentation promises (the frames these
/// styles lay out to are in `LayoutDSLFrameTests`).
@Suite struct LayoutDSLTests {
    let box = Element.view().frame(width: 10, height: 10)

    @Test func stacksAreColumnsAndRowsWithGapsAndAlignment() {
        let v = VStack(spacing: 6, alignment: .leading) { box; box }
        #expect(v.layout.flexDirection == .column)
        #expect(v.layout.rowGap == .points(6))
        #expect(v.layout.alignItems == .flexStart)
        #expect(v.children.count == 2)
        #expect(VStack { box }.layout.alignItems == .center)
        #expect(VStack(alignment: .trailing) { box }.layout.alignItems == .flexEnd)
        let h = HStack(spacing: 4, alignment: .firstTextBaseline) { box }
        #expect(h.layout.flexDirection == .row)
        #expect(h.layout.columnGap == .points(4))
        #expect(h.layout.alignItems == .baseline)
        #expect(HStack(alignment: .bottom) { box }.layout.alignItems == .flexEnd)
        #expect(HStack { box }.layout.alignItems == .center)
        // SwiftUI's argument order, and `Element.vstack`'s with both given.
        #expect(VStack(alignment: .leading, spacing: 6) { box; box } == v)
        #expect(HStack(spacing: 4, alignment: .firstTextBaseline) { box } == HStack(alignment: .firstTextBaseline, spacing: 4) { box })
    }

    @Test(arguments: [
        (Alignment.topLeading, JustifyItems.start, AlignItems.flexStart),
        (.top, .center, .flexStart), (.topTrailing, .end, .flexStart),
        (.leading, .start, .center), (.center, .center, .center), (.trailing, .end, .center),
        (.bottomLeading, .start, .flexEnd), (.bottom, .center, .flexEnd), (.bottomTrailing, .end, .flexEnd),
        (.fill, .stretch, .stretch),
    ])
    func zStackIsAnAlignedOverlay(alignment: Alignment, horizontal: JustifyItems, vertical: AlignItems) {
        let z = ZStack(alignment: alignment) { box }
        #expect(z.layout.display == .overlay)
        #expect(z.layout.justifyItems == horizontal)
        #expect(z.layout.alignItems == vertical)
    }

    @Test func spacerGrowsFromItsMinimumLengthWhateverTheAxis() {
        let s = Spacer(minLength: 12)
        #expect(s.layout.flexGrow == 1)
        #expect(s.layout.flexShrink == 0)
        #expect(s.layout.flexBasis == .points(12))
        #expect(s.layout.width == .auto && s.layout.height == .auto)
        #expect(Spacer().layout.flexBasis == .points(0))
        #expect(Spacer(minLength: -.infinity).layout.flexBasis == .points(0))
    }

    @Test func wrapAndFlexSetTheContainerProperties() {
        let w = Wrap(spacing: 6, lineSpacing: 4, alignment: .center) { box }
        #expect(w.layout.flexDirection == .row && w.layout.flexWrap == .wrap)
        #expect(w.layout.columnGap == .points(6) && w.layout.rowGap == .points(4))
        #expect(w.layout.justifyContent == .center && w.layout.alignItems == .flexStart)
        #expect(w.layout.alignContent == .flexStart)
        #expect(Wrap { box }.layout.rowGap == .points(8))
        let column = Flex(direction: .column, wrap: .wrapReverse, justifyContent: .spaceBetween, alignItems: .center,
                          alignContent: .spaceAround, spacing: 3, lineSpacing: 9) { box }
        #expect(column.layout.rowGap == .points(3) && column.layout.columnGap == .points(9))
        #expect(column.layout.flexWrap == .wrapReverse && column.layout.justifyContent == .spaceBetween)
        #expect(column.layout.alignItems == .center && column.layout.alignContent == .spaceAround)
        #expect(Flex(spacing: 3, lineSpacing: 9) { box }.layout.columnGap == .points(3))
    }

    @Test func frameSetsSizesAndAnInfiniteMaximumIsNone() {
        let e = Element.view().frame(width: 40, height: 30)
        #expect(e.layout.width == .points(40) && e.layout.height == .points(30))
        let bounded = Element.view().frame(minWidth: 10, maxWidth: .infinity, minHeight: 5, maxHeight: 50)
        #expect(bounded.layout.minWidth == .points(10) && bounded.layout.maxWidth == .auto)
        #expect(bounded.layout.minHeight == .points(5) && bounded.layout.maxHeight == .points(50))
        #expect(Element.view().frame(width: .nan).layout.width == .auto)
        #expect(Element.view().size(width: 3) == Element.view().frame(width: 3))
    }

    @Test func frameWithAnAlignmentWrapsTheElementInABoxOfThatSize() {
        let badge = Element.view().frame(width: 10, height: 10).flex(grow: 2).zIndex(3)
        let framed = badge.frame(width: 40, height: 30, alignment: .bottomTrailing)
        #expect(framed.layout.display == .overlay)
        #expect(framed.layout.width == .points(40) && framed.layout.height == .points(30))
        #expect(framed.layout.justifyItems == .end && framed.layout.alignItems == .flexEnd)
        #expect(framed.layout.flexGrow == 2 && framed.style.zIndex == 3)
        let inner = framed.children[0]
        #expect(inner.layout.width == .points(10) && inner.layout.flexGrow == 0 && inner.style.zIndex == 0)
    }

    @Test func edgesAreSetPerEdgeLeadingAndTrailingLogical() {
        let e = Element.view().padding(.horizontal, 8).padding(.top, 2)
        #expect(e.layout.padding == Edges(top: .points(2), start: .points(8), end: .points(8)))
        #expect(Element.view().padding(4).layout.padding == Edges(all: .points(4)))
        let m = Element.view().margin(6).margin(.leading, .auto)
        #expect(m.layout.margin == Edges(top: .points(6), left: .points(6), bottom: .points(6), right: .points(6), start: .auto))
        #expect(Element.view().margin(.vertical, .percent(10)).layout.margin == Edges(vertical: .percent(10)))
    }

    @Test func positionAbsoluteAndOffset() {
        let p = Element.view().position(x: 5, y: 7)
        #expect(p.layout.position == .absolute)
        #expect(p.layout.inset == Edges(top: .points(7), left: .points(5)))
        let pinned = Element.view().absolute(top: 8, trailing: .percent(5))
        #expect(pinned.layout.position == .absolute)
        #expect(pinned.layout.inset == Edges(top: .points(8), end: .percent(5)))
        let moved = Element.view().offset(x: 3).offset(x: 2, y: -1)
        #expect(moved.layout.position == .relative)
        #expect(moved.layout.inset == Edges(top: .points(-1), left: .points(5)))
    }

    @Test func itemModifiersSetTheirProperty() {
        let e = Element.view()
            .flex(grow: 2, shrink: 0, basis: .percent(25)).alignSelf(.flexEnd).justifySelf(.center)
            .direction(.rtl).aspectRatio(16.0 / 9)
        #expect(e.layout.flexGrow == 2 && e.layout.flexShrink == 0 && e.layout.flexBasis == .percent(25))
        #expect(e.layout.alignSelf == .flexEnd && e.layout.justifySelf == .center)
        #expect(e.layout.direction == .rtl && e.layout.aspectRatio == 16.0 / 9)
        #expect(Element.view().flex(2).layout.flexBasis == .percent(0))
        #expect(Element.view().flexStyle { $0.width = .percent(50) }.layout.width == .percent(50))
    }

    @Test func aspectRatioSetsAnImagesContentMode() {
        let image = Image(.named("cover")).aspectRatio(2, contentMode: .aspectFit)
        guard case .image(let content) = image.kind else {
            Issue.record("not an image: \(image.kind)")
            return
        }
        #expect(content.contentMode == .aspectFit)
        #expect(image.layout.aspectRatio == 2)
        #expect(Element.view().aspectRatio(contentMode: .aspectFit) == Element.view())
    }

    @Test func paintModifiersSetTheStyle() {
        let e = Element.view().border(.red, width: 2).shadow(color: .black, radius: 4, x: 1, y: 3)
            .opacity(0.5).clipped().zIndex(-1).hidden().cornerRadius(6).background(.white)
        #expect(e.layout.border == Edges(all: 2) && e.style.borderColor == .red)
        #expect(e.style.shadow == Shadow(offset: Size(width: 1, height: 3), radius: 4, color: .black))
        #expect(e.style.opacity == 0.5 && e.layout.overflow == .hidden && e.style.zIndex == -1)
        #expect(e.style.isHidden && e.style.cornerRadii == CornerRadii(all: 6) && e.style.background == .white)
    }

    /// Every modifier returns a new element and leaves the one it was called on as it was.
    @Test func modifiersHaveValueSemantics() {
        let original = Element.view().frame(width: 10)
        let copies = [
            original.padding(.all, 3), original.margin(2), original.flex(grow: 1), original.position(x: 1, y: 1),
            original.offset(x: 1), original.direction(.rtl), original.alignSelf(.center), original.zIndex(1),
            original.overlay { box }, original.background { box }, original.frame(height: 4, alignment: .center),
        ]
        #expect(original == Element.view().frame(width: 10))
        #expect(copies.allSatisfy { $0 != original })
    }

    /// `.overlay { }` / `.background { }`: the box takes the element's place (placement and sizes
    /// move to it), the layer is an absolute child with every inset 0, in front or behind.
    @Test func overlayAndBackgroundWrapTheElement() {
        let card = Element.view().frame(width: 80, height: 40).margin(4).flex(grow: 1).alignSelf(.center)
            .position(x: 3, y: 5).background(.white).zIndex(2)
        let over = card.overlay(alignment: .topTrailing) { box }
        #expect(over.layout.display == .overlay)
        #expect(over.layout.width == .points(80) && over.layout.height == .points(40))
        #expect(over.layout.margin == Edges(all: .points(4)) && over.layout.flexGrow == 1 && over.layout.alignSelf == .center)
        #expect(over.layout.position == .absolute && over.layout.inset == Edges(top: .points(5), left: .points(3)))
        #expect(over.style.zIndex == 2 && over.style.background == nil)
        let inner = over.children[0]
        #expect(inner.layout == Element.boxLayout && inner.style.background == .white && inner.style.zIndex == 0)
        let layer = over.children[1]
        #expect(layer.layout.position == .absolute && layer.layout.inset == Edges(all: .points(0)))
        #expect(layer.layout.justifyItems == .end && layer.layout.alignItems == .flexStart)
        #expect(layer.children == [box])
        let under = card.background { box }
        #expect(under.children[1] == inner)
        #expect(under.children[0].layout.justifyItems == .stretch && under.children[0].children == [box])
    }

    /// The builder entry points on `Element` keep working next to the DSL's.
    @Test func elementBuilderEntryPointsStillBuild() {
        let old = Element.vstack(spacing: 4) { box; box }
        #expect(old.layout.flexDirection == .column && old.layout.alignItems == .stretch && old.children.count == 2)
        let mixed = Element.hstack { VStack { box }; Spacer() }
        #expect(mixed.children.count == 2)
    }
}
