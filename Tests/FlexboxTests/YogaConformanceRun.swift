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

/// Lays out the fixtures as Chrome laid them out for Yoga's generator (the root absolutely
/// positioned in a container of no size; Yoga's own tests call `YGNodeCalculateLayout(root,
/// YGUndefined, YGUndefined, dir)`, which sizes an auto-width root at its max-content width instead).
enum YogaConformance {
    /// The pass rate the suite must reach (≥ 95 % of the enabled in-scope cases).
    static let threshold = 0.95

    /// The tree of a case, built pre-order, with the measure stub for its text leaves.
    ///
    /// As Yoga's test template has Chrome lay a fixture out, the case's root is absolutely
    /// positioned in an owner box of no size (node 0, left to right; the root carries the run's
    /// `direction`): its auto width fits its content in no room, its min-content width.
    static func tree(for testCase: YogaCase, direction: LayoutDirection = .ltr) -> (tree: FlexTree, measurer: YogaMeasureStub, ids: [String]) {
        var tree = FlexTree()
        tree.reserveCapacity(testCase.nodeCount + 1)
        var owner = FlexStyle()
        owner.width = 0
        owner.height = 0
        owner.direction = .ltr
        let ownerID = tree.add(owner)
        var texts: [String?] = [nil]
        var ids: [String] = ["(owner)"]
        func add(_ node: YogaNode, parent: FlexTree.NodeID) {
            var style = node.style
            if parent == ownerID {
                style.position = .absolute
                style.direction = direction == .ltr ? .ltr : .rtl
            }
            let id = tree.add(style, measured: node.measure != nil, parent: parent)
            texts.append(node.measure)
            ids.append(node.id)
            for child in node.children { add(child, parent: id) }
        }
        add(testCase.tree, parent: ownerID)
        let measurer = YogaMeasureStub(texts: texts, directions: tree.styles.map(\.flexDirection))
        return (tree, measurer, ids)
    }

    /// Lays out `testCase` in LTR then RTL (in its owner box, point scale 1) and returns the
    /// first node that differs, or `nil`. A malformed case (frame counts off) throws.
    static func run(_ testCase: YogaCase) throws -> YogaMismatch? {
        let built = tree(for: testCase)
        let nodeCount = built.tree.count - 1
        guard nodeCount == testCase.nodeCount,
              testCase.expected.ltr.count == nodeCount, testCase.expected.rtl.count == nodeCount,
              (testCase.expected.ltr + testCase.expected.rtl).allSatisfy({ $0.count == 4 }) else {
            throw YogaFixtureError("\(testCase.key): \(built.tree.count) nodes, nodeCount \(testCase.nodeCount), "
                + "\(testCase.expected.ltr.count)/\(testCase.expected.rtl.count) expected frames")
        }
        for direction in [LayoutDirection.ltr, .rtl] {
            var (tree, measurer, _) = direction == .ltr ? built : Self.tree(for: testCase, direction: direction)
            let result = tree.layout(root: FlexTree.NodeID(0), width: 0, height: 0,
                                     direction: .ltr, rounding: .wholePoints, measurer: &measurer)
            guard result.frames.count == tree.count else {
                return YogaMismatch(direction: direction, node: "(\(result.frames.count) frames for \(tree.count) nodes)",
                                    expected: [], actual: [])
            }
            let expected = testCase.expected.frames(direction)
            for index in 0..<nodeCount {
                let frame = result.frames[index + 1]
                let actual = [frame.left, frame.top, frame.width, frame.height]
                if actual != expected[index] {
                    return YogaMismatch(direction: direction, node: built.ids[index + 1], expected: expected[index], actual: actual)
                }
            }
        }
        return nil
    }

    /// Every case of every file, in file then case order.
    static func runAll(_ files: [(name: String, file: YogaFixtureFile)]) async throws -> [YogaCaseResult] {
        var results: [YogaCaseResult] = []
        for entry in files {
            for testCase in entry.file.cases {
                results.append(YogaCaseResult(key: testCase.key, disabled: testCase.disabled, mismatch: try run(testCase)))
            }
            // A suspension point per file: a run that never suspended would hold one of the
            // cooperative pool's threads (two here) for its whole length, and every other test's
            // wake-up would queue behind it (stop 41's and 42's red CI runs).
            await Task.yield()
        }
        return results
    }

    /// "Yoga conformance: P of N cases (X %)".
    static func figure(passed: Int, of total: Int) -> String {
        let percent = total == 0 ? 0 : Double(passed) * 100 / Double(total)
        return "Yoga conformance: \(passed) of \(total) cases (\(String(format: "%.1f", percent)) %)"
    }
}
