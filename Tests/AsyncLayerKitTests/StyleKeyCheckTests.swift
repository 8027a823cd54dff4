import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// The "did you mean" of an unknown style key: the edit distance it rests on, and its bound, which
/// keeps a hostile key (a document may be 64 MiB) from costing a table of its length per candidate.
@Suite struct StyleKeyCheckTests {
    @Test(arguments: [
        ("widht", "width", 1), ("width", "width", 0), ("", "gap", 3), ("flexGrow", "flexgrow", 1),
        ("kitten", "sitting", 3), ("ca", "abc", 3), ("abcdef", "badcfe", 3),
    ])
    func distanceCountsEditsAndSwaps(a: String, b: String, expected: Int) {
        #expect(StyleKeyCheck.editDistance(a, b, atMost: 10) == expected)
        #expect(StyleKeyCheck.editDistance(b, a, atMost: 10) == expected)
    }

    @Test func distanceAboveTheBoundIsNil() {
        #expect(StyleKeyCheck.editDistance("kitten", "sitting", atMost: 2) == nil)
        #expect(StyleKeyCheck.editDistance("kitten", "sitting", atMost: 3) == 3)
        // Lengths that differ by more than the bound give nil without comparing a byte.
        #expect(StyleKeyCheck.editDistance(String(repeating: "w", count: 1_000_000), "width", atMost: 5) == nil)
    }

    @Test(.timeLimit(.minutes(5))) // 150 s and 538 MB before the bound (debug build)
    func aMegabyteKeyIsRefusedWithoutASuggestion() {
        let key = String(repeating: "widht", count: 400_000)
        let json = ElementJSONStyleTests.document(style: #"{"\#(key)": 1}"#)
        do {
            _ = try ElementDocument.decode(json)
            Issue.record("a 2 MB unknown key was accepted")
        } catch {
            #expect(error.description.hasSuffix("unknown style property"), "\(error.description.suffix(80))")
        }
    }
}
