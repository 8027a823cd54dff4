import Flexbox
import Foundation

/// The Yoga gentest cases converted by `scripts/yoga-fixtures/convert.py` (format in its README),
/// read from `YogaFixtures/` next to this file (the folder is excluded from the target).
enum YogaFixtureData {
    /// `TEST(...)` count over Yoga f6206ec's 26 generated files. The data must account for each of
    /// them (as a case or as out of scope), so a conversion that drops tests cannot pass unnoticed;
    /// update with the Yoga commit (scripts/yoga-fixtures/README.md).
    static let sourceTests = 590
    /// The generated test files read at that commit.
    static let sourceFiles = 26

    /// The fixtures folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("YogaFixtures", isDirectory: true)

    /// The package root (for the run's report in `.build/`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every converted file, by name (`YGFlexWrapTest`), sorted.
    static func loadFiles() throws -> [(name: String, file: YogaFixtureFile)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && $0 != "manifest.json" }
            .sorted()
        return try names.map { name in
            let url = folder.appendingPathComponent(name)
            do {
                return (String(name.dropLast(5)), try JSONDecoder().decode(YogaFixtureFile.self, from: Data(contentsOf: url)))
            } catch {
                throw YogaFixtureError("\(name): \(error)")
            }
        }
    }

    /// The converter's manifest: the Yoga commit and the counts per file.
    static func loadManifest() throws -> YogaManifest {
        try JSONDecoder().decode(YogaManifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }
}

/// A malformed fixture or an unknown property: the data and the decoder disagree.
struct YogaFixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One Yoga generated test file.
struct YogaFixtureFile: Decodable, Sendable {
    let yogaCommit: String
    let yogaFile: String
    /// `TEST(` occurrences in the source file.
    let sourceTestCount: Int
    /// The tests in scope (enabled and disabled).
    let cases: [YogaCase]
    /// The tests out of scope, with why.
    let skipped: [YogaSkippedTest]
}

/// A test left out because it uses a feature the engine does not implement.
struct YogaSkippedTest: Decodable, Sendable {
    let name: String
    let disabled: Bool
    let reasons: [String]
}

/// One test: a tree and its expected frames in both directions.
struct YogaCase: Decodable, Sendable {
    let name: String
    let file: String
    /// `GTEST_SKIP()` in Yoga: run and reported, but not part of the pass rate.
    let disabled: Bool
    let experiments: [String]
    let nodeCount: Int
    let tree: YogaNode
    let expected: YogaExpectedFrames

    /// `File/name`, the key of the known-failures list.
    var key: String { "\(file)/\(name)" }
}

/// Pre-order `[left, top, width, height]` per node.
struct YogaExpectedFrames: Decodable, Sendable {
    let ltr: [[Double]]
    let rtl: [[Double]]

    func frames(_ direction: LayoutDirection) -> [[Double]] { direction == .ltr ? ltr : rtl }
}

/// A node of a case's tree, its style already mapped onto ``FlexStyle``.
struct YogaNode: Decodable, Sendable {
    let id: String
    let style: FlexStyle
    /// The text the measure stub sizes; `nil` for a node the engine sizes itself.
    let measure: String?
    let children: [YogaNode]

    private enum Keys: String, CodingKey { case id, style, measure, children }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decode(String.self, forKey: .id)
        measure = try container.decodeIfPresent(String.self, forKey: .measure)
        children = try container.decode([YogaNode].self, forKey: .children)
        let json = try container.decode([String: YogaJSONValue].self, forKey: .style)
        style = try YogaStyleDecoding.style(json, node: id)
    }
}

/// The converter's per-file and total counts.
struct YogaManifest: Decodable, Sendable {
    struct Counts: Decodable, Sendable, Equatable {
        let sourceTests: Int
        let cases: Int
        let enabled: Int
        let disabled: Int
        let skipped: Int
        let nodes: Int
    }
    let yogaCommit: String
    let files: [String: Counts]
    let totals: Counts
    let skippedByReason: [String: Int]
}
