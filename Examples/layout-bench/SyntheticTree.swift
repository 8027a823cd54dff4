import ArgumentParser
import AsyncLayerKitTesting
import Flexbox

/// The shape of a synthetic tree, after Taffy's benchmarks (benches/benches/flexbox.rs).
enum TreeShape: String, CaseIterable, Sendable {
    /// Taffy's "huge nested": every container has up to 10 children; depth ≈ log10(nodes).
    case nested
    /// Taffy's "deep": every container has 2 children; depth ≈ log2(nodes).
    case deep
    /// One container per level, each the only child of the one above, a text at the bottom;
    /// rows and columns alternate, so each level measures its child on the other axis.
    case chain
    /// As `chain`, every level a column.
    case columnChain = "column-chain"
    /// One wrapping row with every other node as its child (Taffy's "wide").
    case wide
}

/// A shape and a node count, written `shape:nodes` on the command line (`nested:10000`).
struct TreeSpec: ExpressibleByArgument, Hashable, Sendable, CustomStringConvertible {
    var shape: TreeShape
    var nodes: Int

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let shape = TreeShape(rawValue: String(parts[0])),
              let nodes = Int(parts[1]), (2...1_000_000).contains(nodes) else { return nil }
        self.shape = shape
        self.nodes = nodes
    }

    var description: String { "\(shape.rawValue):\(nodes)" }
    static var allValueStrings: [String] { TreeShape.allCases.map { "\($0.rawValue):N (2 ≤ N ≤ 1000000)" } }
}

/// A synthetic tree as data, before it is a ``FlexTree``: one entry per node in pre-order, so
/// building the tree can be timed apart from generating its random styles.
struct TreePlan: Sendable {
    var styles: [FlexStyle] = []
    var measured: [Bool] = []
    /// Each node's parent index, -1 for the root.
    var parents: [Int] = []
    var texts = TextLeaves()
    /// The deepest level (the root is level 0).
    var depth = 0

    /// Builds the ``FlexTree`` (this is what "build" times).
    func build() -> FlexTree {
        var tree = FlexTree()
        tree.reserveCapacity(styles.count)
        for i in styles.indices {
            let parent = parents[i]
            tree.add(styles[i], measured: measured[i], parent: parent < 0 ? nil : FlexTree.NodeID(parent))
        }
        return tree
    }

    /// The number of text leaves.
    var textCount: Int { measured.lazy.filter { $0 }.count }

    /// Generates `spec`'s tree from `seed`: nested rows and columns (half of them wrapping) with
    /// text and box leaves; every size but the root's is 20 % auto, 60 % points, 20 % percent.
    static func make(_ spec: TreeSpec, seed: UInt64) -> TreePlan {
        var plan = TreePlan()
        var random = SplitMix64(seed: seed ^ UInt64(spec.nodes) &* 0x100_0000_01B3 ^ UInt64(spec.shape.hashValueStable))
        plan.styles.reserveCapacity(spec.nodes)
        var root = FlexStyle()
        root.width = 1000  // the root gets a definite width and a content height, as a feed cell does
        root.flexDirection = spec.shape == .chain || spec.shape == .columnChain ? .column : .row
        root.flexWrap = spec.shape == .wide ? .wrap : .nowrap
        switch spec.shape {
        case .nested: plan.grow(root, budget: spec.nodes, fanOut: 10, parent: -1, level: 0, random: &random)
        case .deep: plan.grow(root, budget: spec.nodes, fanOut: 2, parent: -1, level: 0, random: &random)
        case .chain: plan.chain(root, levels: spec.nodes, alternating: true, random: &random)
        case .columnChain: plan.chain(root, levels: spec.nodes, alternating: false, random: &random)
        case .wide:
            plan.append(root, parent: -1, level: 0, words: nil)
            for _ in 1..<spec.nodes { plan.leaf(parent: 0, level: 1, random: &random) }
        }
        return plan
    }

    private mutating func append(_ style: FlexStyle, parent: Int, level: Int, words: [UInt8]?) {
        styles.append(style)
        measured.append(words != nil)
        parents.append(parent)
        texts.append(words: words ?? [])
        depth = max(depth, level)
    }

    /// A subtree of exactly `budget` nodes: this node, then its children sharing the rest.
    private mutating func grow(_ style: FlexStyle, budget: Int, fanOut: Int, parent: Int, level: Int,
                               random: inout SplitMix64) {
        guard budget > 1 else { return leaf(parent: parent, level: level, random: &random) }
        let me = styles.count
        append(style, parent: parent, level: level, words: nil)
        let rest = budget - 1, k = min(fanOut, rest)
        for c in 0..<k {
            let share = rest / k + (c < rest % k ? 1 : 0)
            grow(Self.container(level: level + 1, random: &random), budget: share, fanOut: fanOut,
                 parent: me, level: level + 1, random: &random)
        }
    }

    /// A chain of `levels` nodes, each the only child of the last; auto sized (rows and columns
    /// alternating, or all columns), so every level's size depends on the text at the bottom (the
    /// case that goes exponential without a measure cache).
    private mutating func chain(_ root: FlexStyle, levels: Int, alternating: Bool, random: inout SplitMix64) {
        append(root, parent: -1, level: 0, words: nil)
        for level in 1..<(levels - 1) {
            var style = FlexStyle()
            style.flexDirection = alternating && level % 2 == 0 ? .row : .column
            style.padding = Edges(all: .points(1))
            append(style, parent: level - 1, level: level, words: nil)
        }
        if levels > 1 {
            var text = FlexStyle()
            text.flexShrink = 1
            append(text, parent: levels - 2, level: levels - 1, words: Self.words(random: &random))
        }
    }

    /// A leaf: half texts (measured), half boxes, with random sizes.
    private mutating func leaf(parent: Int, level: Int, random: inout SplitMix64) {
        var style = FlexStyle()
        style.width = Self.dimension(random: &random, points: 10...200)
        style.height = Self.dimension(random: &random, points: 10...100)
        style.margin = Edges(all: .points(Double(Int.random(in: 0...4, using: &random))))
        if random.chance(0.2) { style.flexGrow = 1 }
        let isText = random.chance(0.5)
        append(style, parent: parent, level: level, words: isText ? Self.words(random: &random) : nil)
    }

    /// A container at `level`: rows and columns alternate by level, half wrap, random sizes.
    private static func container(level: Int, random: inout SplitMix64) -> FlexStyle {
        var style = FlexStyle()
        style.flexDirection = level % 2 == 0 ? .row : .column
        style.flexWrap = random.chance(0.5) ? .wrap : .nowrap
        style.width = dimension(random: &random, points: 50...600)
        style.height = dimension(random: &random, points: 50...400)
        style.padding = Edges(all: .points(Double(Int.random(in: 0...8, using: &random))))
        style.rowGap = .points(Double(Int.random(in: 0...6, using: &random)))
        style.columnGap = style.rowGap
        style.alignItems = [.stretch, .flexStart, .center, .baseline][Int.random(in: 0...3, using: &random)]
        style.justifyContent = [.flexStart, .spaceBetween, .center][Int.random(in: 0...2, using: &random)]
        if random.chance(0.3) { style.flexGrow = 1 }
        return style
    }

    /// 20 % auto, 60 % points in `points`, 20 % percent in 10…100 (Taffy's mix).
    private static func dimension(random: inout SplitMix64, points: ClosedRange<Int>) -> Length {
        let roll = Double.random(in: 0..<1, using: &random)
        if roll < 0.2 { return .auto }
        if roll < 0.8 { return .points(Double(Int.random(in: points, using: &random))) }
        return .percent(Double(Int.random(in: 10...100, using: &random)))
    }

    /// 1–12 words of 1–10 glyphs.
    private static func words(random: inout SplitMix64) -> [UInt8] {
        (0..<Int.random(in: 1...12, using: &random)).map { _ in UInt8.random(in: 1...10, using: &random) }
    }
}

extension TreeShape {
    /// A hash that does not change between runs (Swift's `hashValue` is seeded per process).
    var hashValueStable: Int { TreeShape.allCases.firstIndex(of: self)! + 1 }
}

extension SplitMix64 {
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}
