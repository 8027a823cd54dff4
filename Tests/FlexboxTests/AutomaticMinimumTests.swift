import Flexbox
import Testing

/// CSS §4.5: a flex item's `min-width: auto` is its min-content size on the main axis (its
/// longest word), unless it clips (overflow hidden/scroll), or an explicit min is set.
@Suite struct AutomaticMinimumTests {
    private func layout(_ configure: (inout FlexStyle) -> Void) -> Double {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 60 })
        var textStyle = cssStyle()
        configure(&textStyle)
        let text = tree.add(textStyle, measured: true, parent: root)
        tree.add(cssStyle { $0.width = 40; $0.flexShrink = 0 }, parent: root)
        var measurer = TextStub()
        measurer[text] = [7, 7]  // 49 + 7 + 49 = 105 wide; longest word 49
        return tree.layout(root: root, width: nil, height: nil, measurer: &measurer)[text].width
    }

    @Test func itemsDoNotShrinkBelowTheirLongestWord() {
        #expect(layout { _ in } == 49)
    }

    @Test func clippingItemsShrinkToTheirShare() {
        #expect(layout { $0.overflow = .hidden } == 20)
        #expect(layout { $0.overflow = .scroll } == 20)
    }

    @Test func anExplicitMinWins() {
        #expect(layout { $0.minWidth = 0 } == 20)
        #expect(layout { $0.minWidth = 30 } == 30)
    }
}
