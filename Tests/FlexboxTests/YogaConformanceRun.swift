import Flexbox
import Foundation

/// The first node whose frame differs from Chrome's in a case.
struct YogaMismatch: Sendable, Equatable {
    let direction: LayoutDirection
    let node: String
    /// `[left, top, width, height]`.
    let expected: [Double]
    let actual: [Double]

    var summary: String {
        "\(direction.rawValue) \(node): expected \(Self.format(expected)), actual \(Self.format(actual))"
    }

    static func format(_ frame: [Double]) -> String {
        frame.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) }.joined(separator: " ")
    }
}

/// One case laid out in both directions and compared with the expected frames.
struct YogaCaseResult: Sendable {
    let key: String
    let disabled: Bool
    /// `nil` when every node matches in LTR and RTL.
    let mismatch: YogaMismatch?
    var passed: Bool { mismatch == nil }
}

/// Lays out the fixtures as `YGNodeCalculateLayout(root, YGUndefined, YGUndefined, dir)` does.
enum YogaConformance {
    /// The pass rate the suite must reach (≥ 95 % of the enabled in-scope cases).
    static let threshold = 0.95

    /// The tree of a case, built pre-order, with the measure stub for its text leaves.
    static func tree(for testCase: YogaCase) -> (tree: FlexTree, measurer: YogaMeasureStub, ids: [String]) {
        var tree = FlexTree()
        tree.reserveCapacity(testCase.nodeCount)
        var texts: [String?] = []
        var ids: [String] = []
        func add(_ node: YogaNode, parent: FlexTree.NodeID?) {
            let id = tree.add(node.style, measured: node.measure != nil, parent: parent)
            texts.append(node.measure)
            ids.append(node.id)
            for child in node.children { add(child, parent: id) }
        }
        add(testCase.tree, parent: nil)
        let measurer = YogaMeasureStub(texts: texts, directions: tree.styles.map(\.flexDirection))
        return (tree, measurer, ids)
    }

    /// Lays out `testCase` in LTR then RTL (root size undefined, point scale 1) and returns the
    /// first node that differs, or `nil`. A malformed case (frame counts off) throws.
    static func run(_ testCase: YogaCase) throws -> YogaMismatch? {
        let built = tree(for: testCase)
        guard built.tree.count == testCase.nodeCount,
              testCase.expected.ltr.count == built.tree.count, testCase.expected.rtl.count == built.tree.count,
              (testCase.expected.ltr + testCase.expected.rtl).allSatisfy({ $0.count == 4 }) else {
            throw YogaFixtureError("\(testCase.key): \(built.tree.count) nodes, nodeCount \(testCase.nodeCount), "
                + "\(testCase.expected.ltr.count)/\(testCase.expected.rtl.count) expected frames")
        }
        for direction in [LayoutDirection.ltr, .rtl] {
            var measurer = built.measurer
            let result = built.tree.layout(root: FlexTree.NodeID(0), width: nil, height: nil,
                                           direction: direction, pointScale: 1, measurer: &measurer)
            guard result.frames.count == built.tree.count else {
                return YogaMismatch(direction: direction, node: "(\(result.frames.count) frames for \(built.tree.count) nodes)",
                                    expected: [], actual: [])
            }
            let expected = testCase.expected.frames(direction)
            for index in 0..<built.tree.count {
                let frame = result.frames[index]
                let actual = [frame.left, frame.top, frame.width, frame.height]
                if actual != expected[index] {
                    return YogaMismatch(direction: direction, node: built.ids[index], expected: expected[index], actual: actual)
                }
            }
        }
        return nil
    }

    /// Every case of every file, in file then case order.
    static func runAll(_ files: [(name: String, file: YogaFixtureFile)]) throws -> [YogaCaseResult] {
        try files.flatMap { entry in
            try entry.file.cases.map { testCase in
                YogaCaseResult(key: testCase.key, disabled: testCase.disabled, mismatch: try run(testCase))
            }
        }
    }

    /// "Yoga conformance: P of N cases (X %)".
    static func figure(passed: Int, of total: Int) -> String {
        let percent = total == 0 ? 0 : Double(passed) * 100 / Double(total)
        return "Yoga conformance: \(passed) of \(total) cases (\(String(format: "%.1f", percent)) %)"
    }
}
