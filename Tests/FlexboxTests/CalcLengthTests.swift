import Flexbox
import Testing

/// `Length.calc`: math functions and relative units in layout properties, resolved against the
/// containing block where they are used (CSS Values 4 §10).
@Suite struct CalcLengthTests {
    /// A row container `width` × `height` (nil: auto) holding one child styled by `child`.
    static func layoutOne(width: Double = 200, height: Double? = 100, _ child: (inout FlexStyle) -> Void) -> [Double] {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = .points(width); if let height { $0.height = .points(height) }; $0.alignItems = .flexStart })
        let node = tree.add(cssStyle(child), parent: root)
        return box(tree.layout(root: root, width: width, height: height)[node])
    }

    @Test func percentagesInsideCalcResolveAgainstTheContainingBlock() {
        #expect(Self.layoutOne { $0.width = .calc(.sum([.percent(50), -10])); $0.height = .calc(.sum([.percent(100), -20])) } == [0, 0, 90, 80])
        #expect(Self.layoutOne { $0.width = .calc(.min([.percent(80), 100])); $0.height = 10 } == [0, 0, 100, 10])
        #expect(Self.layoutOne { $0.width = .calc(.max([.percent(30), 90])); $0.height = 10 } == [0, 0, 90, 10])
        #expect(Self.layoutOne { $0.width = .calc(.clamp(40, .percent(50), 70)); $0.height = 10 } == [0, 0, 70, 10])
        #expect(Self.layoutOne { $0.width = .calc(.product(.percent(10), 3)); $0.height = 10 } == [0, 0, 60, 10])
    }

    @Test func aNegativeCalcSizeIsZeroAndANegativeMarginStays() {
        #expect(Self.layoutOne { $0.width = .calc(.sum([.percent(10), -50])); $0.height = 10 } == [0, 0, 0, 10])
        #expect(Self.layoutOne { $0.width = .calc(.sum([20, -50])); $0.height = 10; $0.padding = Edges(all: 4) } == [0, 0, 8, 10])
        #expect(Self.layoutOne { $0.width = 20; $0.height = 10; $0.margin = Edges(left: .calc(.sum([.percent(10), -30]))) } == [-10, 0, 20, 10])
    }

    @Test func marginsPaddingsAndGapsUseThePercentageBasis() {
        #expect(Self.layoutOne { $0.width = 20; $0.height = 10; $0.margin = Edges(top: .calc(.sum([.percent(5), 1])), left: .calc(.sum([.percent(10), 5]))) }
                == [25, 11, 20, 10])
        // A column of auto height: a percentage gap has no basis; inside calc() it counts as 0.
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.flexDirection = .column; $0.alignItems = .flexStart
            $0.rowGap = .calc(.sum([10, .percent(20)])) })
        let a = tree.add(cssStyle { $0.width = 10; $0.height = 10 }, parent: root)
        let b = tree.add(cssStyle { $0.width = 10; $0.height = 10 }, parent: root)
        let frames = tree.layout(root: root, width: 100, height: nil)
        #expect(box(frames[a]) == [0, 0, 10, 10] && box(frames[b]) == [0, 20, 10, 10])
    }

    @Test func aPercentageOfAnIndefiniteHeightMakesTheSizeAuto() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.alignItems = .flexStart })
        let child = tree.add(cssStyle { $0.width = 30; $0.height = .calc(.sum([.percent(50), 10])) }, parent: root)
        let leaf = tree.add(cssStyle { $0.width = 5; $0.height = 7 }, parent: child)
        let frames = tree.layout(root: root, width: 100, height: nil)
        #expect(box(frames[child]) == [0, 0, 30, 7])
        #expect(box(frames[leaf]) == [0, 0, 5, 7])
    }

    @Test func flexBasisAndInsetsTakeCalc() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 200; $0.height = 100 })
        let a = tree.add(cssStyle { $0.flexBasis = .calc(.sum([.percent(50), -10])); $0.flexShrink = 0 }, parent: root)
        let b = tree.add(cssStyle { $0.flexGrow = 1 }, parent: root)
        let c = tree.add(cssStyle { $0.position = .absolute; $0.width = 10; $0.height = 10
            $0.inset = Edges(top: .calc(.sum([.percent(50), -5])), left: .calc(.product(.percent(25), 2))) }, parent: root)
        let frames = tree.layout(root: root, width: 200, height: 100)
        #expect(box(frames[a]) == [0, 0, 90, 100])
        #expect(box(frames[b]) == [90, 0, 110, 100])
        #expect(box(frames[c]) == [100, 45, 10, 10])
    }

    @Test func unresolvedRelativeUnitsUseTheEngineDefaults() {
        // em and rem: CSS's initial 16 points; vw and vh: the root's available size.
        #expect(Self.layoutOne { $0.width = .calc(.em(2)); $0.height = .calc(.rem(1)) } == [0, 0, 32, 16])
        #expect(Self.layoutOne { $0.width = .calc(.vw(50)); $0.height = .calc(.vh(25)) } == [0, 0, 100, 25])
    }

    @Test func substitutingRelativeUnitsSimplifiesAndClamps() {
        var style = FlexStyle()
        style.width = .calc(.sum([.em(2), 4]))
        style.height = .calc(.sum([.vh(10), .percent(50)]))
        style.padding = Edges(all: .calc(.sum([.em(1), -40])))
        style.margin = Edges(left: .calc(.sum([.em(1), -40])))
        #expect(style.usesRelativeUnits)
        let resolved = style.substitutingRelativeUnits(fontSize: 10, rootFontSize: 16, viewportWidth: 300, viewportHeight: 200)
        #expect(resolved.width == .points(24))
        #expect(resolved.height == .calc(.sum([.points(20), .percent(50)])))
        #expect(resolved.padding.top == .points(0))
        #expect(resolved.margin.left == .points(-30))
        #expect(!resolved.usesRelativeUnits)
        #expect(!FlexStyle().usesRelativeUnits)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e308])
    func nonFiniteOrOverflowingCalcNeverGivesANaNFrame(_ bad: Double) {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.height = 100 })
        let child = tree.add(cssStyle {
            $0.width = .calc(.sum([.percent(bad), 10]))
            $0.height = .calc(.product(10, bad))
            $0.margin = Edges(all: .calc(.sum([.percent(10), .points(bad)])))
            $0.padding = Edges(all: .calc(.max([.percent(10), .points(bad)])))
            $0.flexBasis = .calc(.sum([.percent(1), .points(bad)]))
            $0.rowGap = .calc(.sum([.percent(bad), 1]))
        }, parent: root)
        let frames = tree.layout(root: root, width: 100, height: 100)
        for value in box(frames[child]) + box(frames[root]) { #expect(value.isFinite) }
    }

    @Test func lengthRuleAcceptsAFiniteCalcOfAnySign() {
        #expect(LengthRule.size.accepts(.calc(.sum([.percent(10), -50]))))
        #expect(!LengthRule.size.accepts(.calc(.sum([.percent(.nan), 1]))))
        #expect(LengthRule.spacing.accepts(.calc(.em(-1))))
    }
}
