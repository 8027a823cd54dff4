import Flexbox
import Testing

/// `aspect-ratio` (width ÷ height) from a definite, stretched or flexed size.
@Suite struct AspectRatioTests {
    @Test func heightFollowsADefiniteWidth() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.width = 300; $0.height = 300; $0.alignItems = .flexStart })
        let cover = tree.add(yogaStyle { $0.width = 160; $0.aspectRatio = 16.0 / 9 }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(box(result[cover]) == [0, 0, 160, 90])
    }

    @Test func widthFollowsADefiniteHeightInARow() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.flexDirection = .row; $0.width = 300; $0.height = 300; $0.alignItems = .flexStart })
        let item = tree.add(yogaStyle { $0.height = 30; $0.aspectRatio = 2 }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(box(result[item]) == [0, 0, 60, 30])
    }

    /// A stretched width (the card's 16:9 cover) gives the height.
    @Test func stretchedWidthGivesTheHeight() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.width = 320 })
        let cover = tree.add(yogaStyle { $0.aspectRatio = 16.0 / 9 }, parent: root)
        let caption = tree.add(yogaStyle { $0.height = 20 }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(box(result[cover]) == [0, 0, 320, 180])
        #expect(result[caption].top == 180)
        #expect(result[root].height == 200)
    }

    /// Yoga fixture `YGAspectRatioTest/zero_aspect_ratio_behaves_like_auto`: 0 is no ratio.
    @Test func zeroRatioIsIgnored() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.width = 300; $0.height = 300; $0.position = .absolute })
        let item = tree.add(yogaStyle { $0.width = 50; $0.aspectRatio = 0 }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(box(result[item]) == [0, 0, 50, 0])
    }
}
