import AsyncLayerKit
import Foundation
import Testing

@Suite struct ElementHashTests {
    static func sampleTree() -> Element {
        .vstack(spacing: 4, layout: flexLayout(padding: EdgeInsets(all: 8)), style: ElementStyle(background: .white, cornerRadii: CornerRadii(all: 12)), children: [
            .text("Hello", style: TextStyle(fontFamily: "Noto Sans CJK SC, DejaVu Sans", size: 14, weight: .bold), maxLines: 1),
            .image(.named("cover"), layout: flexLayout(height: 60)),
            .gradient(.linear(Gradient(colors: [.clear, .black]), start: Point(x: 0, y: 0), end: Point(x: 0, y: 1))),
            .custom(BadgeElement(color: .red), layout: flexLayout(width: 16, height: 16)),
        ])
    }

    /// The content hash of a fixed tree, computed once and written here: it must never change
    /// between runs, processes or machines (unlike `hashValue`, seeded per process).
    static let sampleHash = "0b75ccca665253c0939169b3c9ca77b8"  // schema 2 encoding (CSS style keys)

    @Test func theContentHashIsAKnownConstant() throws {
        #expect(try Self.sampleTree().contentHash().description == Self.sampleHash)
    }

    #if compiler(>=6.2) && os(Linux)
    /// Computes the hash again in a child process (an exit test: a fresh process with its own
    /// random `Hasher` seed, shown by a different `hashValue`) and compares what it prints with
    /// ours. A hash built on `Hasher` would differ there; the content hash must not.
    @Test func theContentHashIsTheSameInAnotherProcess() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let tree = ElementHashTests.sampleTree()
            print("ACS-HASH \((try? tree.contentHash().description) ?? "error") \(tree.hashValue)")
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let fields = output.split(separator: "\n").first { $0.hasPrefix("ACS-HASH ") }?.split(separator: " ") ?? []
        try #require(fields.count == 3, "child output: \(output.suffix(2000))")
        #expect(String(fields[1]) == (try Self.sampleTree().contentHash().description))
        // The child really had another seed (unless deterministic hashing was forced for both).
        if ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil {
            #expect(String(fields[2]) != String(Self.sampleTree().hashValue))
        }
    }
    #endif

    @Test func equalTreesHashEquallyAndDifferentTreesDifferently() throws {
        let a = Self.sampleTree()
        var b = Self.sampleTree()
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(try a.contentHash() == b.contentHash())
        b.children[0].style.opacity = 0.9
        #expect(a != b)
        #expect(try a.contentHash() != b.contentHash())
    }

    @Test(arguments: [
        Element.view(style: ElementStyle(background: .red)),
        Element.view(style: ElementStyle(background: .blue)),
        Element.view(layout: boxLayout(grow: 1)),
        Element.custom(BadgeElement(color: .red)),
        Element.custom(TickElement(id: 1)),
        Element.custom(TickElement(id: 2)),
    ])
    func eachPropertyIsInTheHash(element: Element) throws {
        let others = [
            Element.view(style: ElementStyle(background: .red)), Element.view(style: ElementStyle(background: .blue)),
            Element.view(layout: boxLayout(grow: 1)), Element.custom(BadgeElement(color: .red)),
            Element.custom(TickElement(id: 1)), Element.custom(TickElement(id: 2)),
        ]
        for other in others where other != element {
            #expect(try other.contentHash() != element.contentHash())
        }
    }

    @Test func bitmapsAreHashedByTheirPixels() throws {
        func square(_ color: Color) throws -> Bitmap {
            try Bitmap.render(size: Size(width: 4, height: 4)) { $0.fill(Rect(x: 0, y: 0, width: 4, height: 4), with: color) }
        }
        let red1 = Element.image(.bitmap(try square(.red)))
        let red2 = Element.image(.bitmap(try square(.red)))
        let green = Element.image(.bitmap(try square(.green)))
        #expect(red1 == red2)
        #expect(try red1.contentHash() == red2.contentHash())
        #expect(red1 != green)
        #expect(try red1.contentHash() != green.contentHash())
    }

    /// The digest walks the encoding with depths, so moving a child one level up or down, or
    /// splitting a text in two, changes the hash even though the same values are written.
    @Test func theTreeShapeIsInTheHash() throws {
        let nested = Element.view(children: [.view(children: [.text("a")]), .text("b")])
        let flat = Element.view(children: [.view(children: [.text("a"), .text("b")])])
        let split = Element.view(children: [.text("ab")])
        let joined = Element.view(children: [.text("a"), .text("b")])
        #expect(try nested.contentHash() != flat.contentHash())
        #expect(try split.contentHash() != joined.contentHash())
    }

    @Test func encodedImagesAreHashedByTheirBytes() throws {
        let a = Element.image(.encoded([1, 2, 3]))
        let b = Element.image(.encoded([1, 2, 4]))
        let c = Element.image(.named("AQID"))  // the base64 text of [1, 2, 3]
        #expect(try a.contentHash() == Element.image(.encoded([1, 2, 3])).contentHash())
        #expect(try a.contentHash() != b.contentHash())
        #expect(try a.contentHash() != c.contentHash())
    }

    @Test func aNonFiniteNumberIsAnErrorNamingItsPath() {
        let tree = Element.view(children: [.view(style: ElementStyle(opacity: .nan))])
        #expect(throws: ElementError.invalidJSON(path: "children[0].style.opacity", message: "nan is not a finite number")) {
            try tree.contentHash()
        }
    }
}
