import Flexbox
import Testing

/// A block container's style (`display: block`) with changes, on the engine's other defaults.
func blockStyle(_ configure: (inout FlexStyle) -> Void = { _ in }) -> FlexStyle {
    var s = FlexStyle()
    s.display = .block
    configure(&s)
    return s
}

/// A measurer whose every measured node is a replaced box of a fixed intrinsic size (an image).
struct ImageStub: FlexMeasurer {
    var size = FlexSize(width: 40, height: 30)

    mutating func measure(_ node: FlexTree.NodeID, width: Double, widthMode: MeasureMode,
                          height: Double, heightMode: MeasureMode) -> FlexSize {
        FlexSize(width: widthMode == .exactly ? width : size.width, height: size.height)
    }

    mutating func isReplaced(_ node: FlexTree.NodeID) -> Bool { true }
}

/// CSS normal flow (`display: block` / `flow-root`): widths (CSS 2.1 §10.3.3), heights (§10.6.3),
/// percentages, min/max, box-sizing, measured leaves (§10.3.4), positioning (§9.3, §10.3.7),
/// and block containers mixed with flex containers. Expectations are computed by hand from the
/// sections cited; margin collapsing is in ``MarginCollapseTests``.
@Suite struct BlockLayoutTests {
    /// §10.3.3: an auto width fills the containing block less the margins, border and padding;
    /// the box sits at its left margin; an auto height is its content's (§10.6.3).
    @Test func autoWidthFillsTheContainingBlock_10_3_3() {
        var tree = FlexTree()
        let root = tree.add(blockStyle { $0.padding = Edges(all: .points(5)) })
        let a = tree.add(blockStyle { $0.margin = Edges(left: .points(10), right: .points(20)); $0.height = .points(30) }, parent: root)
        let b = tree.add(blockStyle { $0.height = .points(12) }, parent: root)
        let r = tree.layout(root: root, width: 200, height: nil)
        #expect(box(r[root]) == [0, 0, 200, 52])
        #expect(box(r[a]) == [15, 5, 160, 30])
        #expect(box(r[b]) == [5, 35, 190, 12])
    }

    /// §10.3.3: two auto margins centre a box of known width; one takes all the free space.
    @Test func autoMarginsCentre_10_3_3() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let centred = tree.add(blockStyle { $0.width = .points(100); $0.height = .points(10); $0.margin = Edges(left: .auto, right: .auto) }, parent: root)
        let right = tree.add(blockStyle { $0.width = .points(60); $0.height = .points(10); $0.margin = Edges(left: .auto) }, parent: root)
        let r = tree.layout(root: root, width: 200, height: nil)
        #expect(box(r[centred]) == [50, 0, 100, 10])
        #expect(r[centred].margin.left == 50 && r[centred].margin.right == 50)
        #expect(box(r[right]) == [140, 10, 60, 10])
    }

    /// §10.3.3: an over-constrained box ignores margin-right in LTR and margin-left in RTL; auto
    /// margins of a box wider than its containing block are 0.
    @Test func overConstrainedFollowsDirection_10_3_3() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let a = tree.add(blockStyle { $0.width = .points(100); $0.height = .points(10); $0.margin = Edges(left: .points(10), right: .points(20)) }, parent: root)
        let wide = tree.add(blockStyle { $0.width = .points(250); $0.height = .points(10); $0.margin = Edges(left: .auto, right: .auto) }, parent: root)
        let ltr = tree.layout(root: root, width: 200, height: nil)
        #expect(box(ltr[a]) == [10, 0, 100, 10])
        #expect(box(ltr[wide]) == [0, 10, 250, 10])
        let rtl = tree.layout(root: root, width: 200, height: nil, direction: .rtl)
        #expect(box(rtl[a]) == [80, 0, 100, 10])
        #expect(box(rtl[wide]) == [-50, 10, 250, 10])
    }

    /// §10.4: min/max widths clamp the filled width; in RTL the box then sits at the right.
    @Test func minAndMaxWidthsClamp_10_4() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let capped = tree.add(blockStyle { $0.maxWidth = .points(100); $0.height = .points(10) }, parent: root)
        let floored = tree.add(blockStyle { $0.minWidth = .points(260); $0.height = .points(10) }, parent: root)
        let ltr = tree.layout(root: root, width: 200, height: nil)
        #expect(box(ltr[capped]) == [0, 0, 100, 10])
        #expect(box(ltr[floored]) == [0, 10, 260, 10])
        let rtl = tree.layout(root: root, width: 200, height: nil, direction: .rtl)
        #expect(box(rtl[capped]) == [100, 0, 100, 10])
    }

    /// §10.6.4–§10.7: min/max heights clamp the content height.
    @Test func minAndMaxHeightsClamp_10_7() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let tall = tree.add(blockStyle { $0.minHeight = .points(40) }, parent: root)
        _ = tree.add(blockStyle { $0.height = .points(10) }, parent: tall)
        let short = tree.add(blockStyle { $0.maxHeight = .points(5) }, parent: root)
        _ = tree.add(blockStyle { $0.height = .points(10) }, parent: short)
        let r = tree.layout(root: root, width: 100, height: nil)
        #expect(box(r[tall]) == [0, 0, 100, 40])
        #expect(box(r[short]) == [0, 40, 100, 5])
        #expect(box(r[root]) == [0, 0, 100, 45])
    }

    /// §10.2 and `box-sizing`: a content-box width excludes padding and border.
    @Test func boxSizingContentBox() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let a = tree.add(blockStyle { $0.boxSizing = .contentBox; $0.width = .points(100); $0.height = .points(20)
            $0.padding = Edges(all: .points(10)); $0.border = Edges(all: 2) }, parent: root)
        let r = tree.layout(root: root, width: 300, height: nil)
        #expect(box(r[a]) == [0, 0, 124, 44])
    }

    /// §8.3, §8.4, §10.2, §10.5: percentage margins and paddings (vertical ones too) resolve
    /// against the containing block's width; a percentage height against a definite height, and
    /// is auto when the containing block's height depends on its content.
    @Test func percentagesResolveAgainstTheContainingBlock_10_2_10_5() {
        var tree = FlexTree()
        let root = tree.add(blockStyle { $0.height = .points(100) })
        let a = tree.add(blockStyle { $0.margin = Edges(top: .percent(10), left: .percent(5)); $0.padding = Edges(top: .percent(5))
            $0.width = .percent(50); $0.height = .percent(50) }, parent: root)
        let inner = tree.add(blockStyle { $0.height = .percent(50) }, parent: a)
        let r = tree.layout(root: root, width: 200, height: 100)
        // a: margin-top 20, left 10, padding-top 10, width 100, height 50 (border box: padding inside).
        #expect(box(r[a]) == [10, 20, 100, 50])
        // inner: 50 % of a's content height (50 - 10).
        #expect(box(r[inner]) == [0, 10, 100, 20])

        var auto = FlexTree()
        let autoRoot = auto.add(blockStyle())
        let child = auto.add(blockStyle { $0.height = .percent(50) }, parent: autoRoot)
        let ra = auto.layout(root: autoRoot, width: 200, height: nil)
        #expect(box(ra[child]) == [0, 0, 200, 0])
    }

    /// CSS Sizing 4 §5: a block with an aspect ratio and an auto height takes the height its width
    /// gives; with a definite height and an auto width, the width its height gives.
    @Test func aspectRatio() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let wide = tree.add(blockStyle { $0.aspectRatio = 2 }, parent: root)
        let fixed = tree.add(blockStyle { $0.aspectRatio = 2; $0.height = .points(30) }, parent: root)
        let r = tree.layout(root: root, width: 200, height: nil)
        #expect(box(r[wide]) == [0, 0, 200, 100])
        #expect(box(r[fixed]) == [0, 100, 60, 30])
    }

    /// §10.3.3 for a block with inline content: a text leaf fills the width and its height is
    /// measured at that width; its margins are its own.
    @Test func textLeafFillsTheWidth_10_3_3() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let text = tree.add(blockStyle { $0.margin = Edges(top: .points(4), left: .points(3)) }, measured: true, parent: root)
        var m = TextStub()
        m[text] = [10, 10] // two 70-pt words: they fit one line only 147 wide
        let r = tree.layout(root: root, width: 100, height: nil, measurer: &m)
        #expect(box(r[text]) == [3, 4, 97, 28])
        #expect(box(r[root]) == [0, 0, 100, 32])
    }

    /// §10.3.4: a replaced leaf (the measurer says so) keeps its intrinsic width unless its width
    /// is set; auto margins centre it.
    @Test func replacedLeafKeepsItsIntrinsicWidth_10_3_4() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let image = tree.add(blockStyle(), measured: true, parent: root)
        let centred = tree.add(blockStyle { $0.margin = Edges(left: .auto, right: .auto) }, measured: true, parent: root)
        let sized = tree.add(blockStyle { $0.width = .points(80) }, measured: true, parent: root)
        var m = ImageStub()
        let r = tree.layout(root: root, width: 200, height: nil, measurer: &m)
        #expect(box(r[image]) == [0, 0, 40, 30])
        #expect(box(r[centred]) == [80, 30, 40, 30])
        #expect(box(r[sized]) == [0, 60, 80, 30])
    }

    /// §9.4.3: a relatively positioned block is offset after layout without moving its siblings;
    /// `display: none` children take no room.
    @Test func relativeOffsetsAndDisplayNone_9_4_3() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let a = tree.add(blockStyle { $0.height = .points(10); $0.inset = Edges(top: .points(5), left: .points(7)) }, parent: root)
        let hidden = tree.add(blockStyle { $0.display = .none; $0.height = .points(50) }, parent: root)
        let b = tree.add(blockStyle { $0.height = .points(10) }, parent: root)
        let r = tree.layout(root: root, width: 100, height: nil)
        #expect(box(r[a]) == [7, 5, 100, 10])
        #expect(box(r[hidden]) == [0, 0, 0, 0])
        #expect(box(r[b]) == [0, 10, 100, 10])
        #expect(box(r[root]) == [0, 0, 100, 20])
    }

    /// §10.3.7, §10.6.4: an absolutely positioned child with auto insets sits at its static
    /// position: the content box's start edge (right in RTL), its top where it would be in flow,
    /// after the collapsed margins before it; it takes no room.
    @Test func absoluteStaticPosition_10_6_4() {
        var tree = FlexTree()
        let root = tree.add(blockStyle { $0.padding = Edges(all: .points(10)) })
        _ = tree.add(blockStyle { $0.height = .points(20); $0.margin = Edges(bottom: .points(10)) }, parent: root)
        let abs = tree.add(blockStyle { $0.position = .absolute; $0.width = .points(5); $0.height = .points(5) }, parent: root)
        let b = tree.add(blockStyle { $0.height = .points(10); $0.margin = Edges(top: .points(5)) }, parent: root)
        let placed = tree.add(blockStyle { $0.position = .absolute; $0.width = .points(5); $0.height = .points(5)
            $0.inset = Edges(top: .points(1), right: .points(2)) }, parent: root)
        let ltr = tree.layout(root: root, width: 200, height: nil)
        #expect(box(ltr[abs]) == [10, 40, 5, 5])
        #expect(box(ltr[b]) == [10, 40, 180, 10])
        #expect(box(ltr[placed]) == [193, 1, 5, 5])
        let rtl = tree.layout(root: root, width: 200, height: nil, direction: .rtl)
        #expect(box(rtl[abs]) == [185, 40, 5, 5])
    }

    /// A block container as a flex item: its width is its max-content width (the widest child's
    /// contribution, margins included), its height its block layout's at that width.
    @Test func blockAsFlexItemIsSizedByItsContent() {
        var tree = FlexTree()
        let row = tree.add(cssStyle { $0.alignItems = .flexStart })
        let item = tree.add(blockStyle(), parent: row)
        let t1 = tree.add(blockStyle(), measured: true, parent: item)
        let t2 = tree.add(blockStyle { $0.margin = Edges(left: .points(6)) }, measured: true, parent: item)
        var m = TextStub()
        m[t1] = [3]
        m[t2] = [5]
        let r = tree.layout(root: row, width: 300, height: nil, measurer: &m)
        #expect(box(r[item]) == [0, 0, 41, 28])
        #expect(box(r[t1]) == [0, 0, 41, 14])
        #expect(box(r[t2]) == [6, 14, 35, 14])
    }

    /// A flex container as a block-level box fills the width like any block; its height comes
    /// from flex layout; its items keep flex semantics.
    @Test func flexContainerInBlockFlow() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let flex = tree.add(cssStyle { $0.margin = Edges(top: .points(8)) }, parent: root)
        let a = tree.add(cssStyle { $0.width = .points(30); $0.height = .points(20) }, parent: flex)
        let b = tree.add(cssStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: flex)
        let r = tree.layout(root: root, width: 200, height: nil)
        #expect(box(r[flex]) == [0, 8, 200, 20])
        #expect(box(r[a]) == [0, 0, 30, 20])
        #expect(box(r[b]) == [30, 0, 170, 10])
        #expect(box(r[root]) == [0, 0, 200, 28])
    }

    /// The layout root as a block: its width is the given width less its margins, its height
    /// its content's; it establishes a block formatting context (its child's margin stays inside).
    @Test func rootAsBlock() {
        var tree = FlexTree()
        let root = tree.add(blockStyle { $0.margin = Edges(all: .points(10)) })
        let child = tree.add(blockStyle { $0.height = .points(10); $0.margin = Edges(top: .points(15)) }, parent: root)
        let r = tree.layout(root: root, width: 200, height: nil)
        #expect(box(r[root]) == [10, 10, 180, 25])
        #expect(box(r[child]) == [0, 15, 180, 10])
    }

    /// A block container's intrinsic widths (here through `width: fit-content`) are its children's
    /// contributions: min-content the widest word, max-content the widest line.
    @Test func intrinsicWidthsOfABlock() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let fit = tree.add(blockStyle { $0.width = .fitContent }, parent: root)
        let text = tree.add(blockStyle(), measured: true, parent: fit)
        let fixed = tree.add(blockStyle { $0.width = .points(50); $0.height = .points(5) }, parent: fit)
        var m = TextStub()
        m[text] = [4, 4] // 28 + 7 + 28 = 63 on one line
        let wide = tree.layout(root: root, width: 200, height: nil, measurer: &m)
        #expect(box(wide[fit]) == [0, 0, 63, 19])
        #expect(box(wide[fixed]) == [0, 14, 50, 5])
        let narrow = tree.layout(root: root, width: 55, height: nil, measurer: &m)
        #expect(box(narrow[fit]) == [0, 0, 55, 33])
    }
}
