import Flexbox
import Testing

/// `display: overlay`: children share the content box, aligned by justifySelf/alignSelf.
@Suite struct OverlayTests {
    @Test func childrenShareTheContentBox() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.display = .overlay; $0.width = 100; $0.height = 80; $0.padding = Edges(all: 5) })
        let background = tree.add(cssStyle(), parent: root)
        let badge = tree.add(cssStyle { $0.width = 20; $0.height = 10; $0.justifySelf = .end; $0.alignSelf = .center }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(box(result[background]) == [5, 5, 90, 70])
        #expect(box(result[badge]) == [75, 35, 20, 10])
    }

    /// An auto-sized overlay is as large as its largest child on each axis.
    @Test func autoSizeIsTheLargestChild() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.display = .overlay; $0.justifyItems = .center; $0.alignItems = .flexEnd })
        let wide = tree.add(cssStyle { $0.width = 30; $0.height = 10 }, parent: root)
        let tall = tree.add(cssStyle { $0.width = 10; $0.height = 40 }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(box(result[root]) == [0, 0, 30, 40])
        #expect(box(result[wide]) == [0, 30, 30, 10])
        #expect(box(result[tall]) == [10, 0, 10, 40])
    }

    /// `start` is the right edge in RTL.
    @Test func startIsLogical() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.display = .overlay; $0.width = 100; $0.height = 50; $0.justifyItems = .start })
        let child = tree.add(cssStyle { $0.width = 20; $0.height = 10; $0.alignSelf = .flexStart }, parent: root)
        #expect(tree.layout(root: root, width: nil, height: nil, direction: .ltr)[child].left == 0)
        #expect(tree.layout(root: root, width: nil, height: nil, direction: .rtl)[child].left == 80)
    }

    /// An absolute child without insets sits where justifySelf/alignSelf put it; insets still win.
    @Test func absoluteChildren() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.display = .overlay; $0.width = 100; $0.height = 100 })
        let centered = tree.add(cssStyle { $0.position = .absolute; $0.width = 20; $0.height = 20; $0.justifySelf = .center; $0.alignSelf = .center },
                                parent: root)
        let pinned = tree.add(cssStyle { $0.position = .absolute; $0.width = 20; $0.height = 20; $0.inset = Edges(top: 8, right: 8) },
                              parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(box(result[centered]) == [40, 40, 20, 20])
        #expect(box(result[pinned]) == [72, 8, 20, 20])
    }

    /// A measured text in an overlay wraps at the content width, and its box takes that width
    /// (CSS fit-content: min(max-content, max(min-content, available)), whatever its lines' ink).
    @Test func textWrapsAtTheContentWidth() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.display = .overlay; $0.width = 100 })
        let text = tree.add(cssStyle { $0.justifySelf = .start }, measured: true, parent: root)
        var measurer = TextStub()
        measurer[text] = [5, 5, 5]  // 35 + 7 + 35 + 7 + 35 = 119 wide on one line
        let result = tree.layout(root: root, width: nil, height: nil, measurer: &measurer)
        #expect(box(result[text]) == [0, 0, 100, 28])
        #expect(result[root].height == 28)
    }
}
