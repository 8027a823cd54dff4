import AsyncLayerKit
import Foundation
import Testing

/// Version 1 documents decode, migrated on read to the flexbox model exactly as the Swift sugar
/// builds the same tree, and re-encode as version 2 to the same tree.
@Suite struct ElementJSONMigrationTests {
    static func v1(_ root: String) throws -> Element {
        try ElementDocument.decode(Array(#"{"version": 1, "root": \#(root)}"#.utf8)).root
    }

    static let text = Element.text(AttributedText("x"))
    static let textJSON = #"{"type": "text", "text": {"text": "x"}}"#

    /// v1 → v2 bytes → tree: the same tree, and the re-encoding is stable.
    static func expectV2RoundTrip(_ document: ElementDocument, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try document.jsonBytes()
        let again = try ElementDocument.decode(bytes)
        #expect(again == document, sourceLocation: sourceLocation)
        #expect(try again.jsonBytes() == bytes, sourceLocation: sourceLocation)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""version":2"#), sourceLocation: sourceLocation)
    }

    @Test func aVerticalStackIsAColumn() throws {
        let element = try Self.v1(#"{"type": "stack", "stack": {"axis": "vertical", "spacing": 4, "alignment": "center", "justification": "end"}, "children": [\#(Self.textJSON)]}"#)
        #expect(element == .vstack(spacing: 4, alignment: .center, justification: .end, children: [Self.text]))
        #expect(element.layout.flexDirection == .column)
        #expect(element.layout.rowGap == .points(4))
        #expect(element.layout.alignItems == .center)
        #expect(element.layout.justifyContent == .flexEnd)
    }

    @Test func aHorizontalStackIsARow() throws {
        let element = try Self.v1(#"{"type": "stack", "stack": {"axis": "horizontal", "spacing": 6}, "children": [\#(Self.textJSON)]}"#)
        // v1 JSON's alignment defaults to stretch (the Swift hstack's to center).
        #expect(element == .hstack(spacing: 6, alignment: .stretch, children: [Self.text]))
        #expect(element.layout.flexDirection == .row)
        #expect(element.layout.columnGap == .points(6))
    }

    @Test func aStackWithoutItsObjectIsAVerticalStack() throws {
        #expect(try Self.v1(#"{"type": "stack"}"#) == .vstack(children: []))
    }

    @Test func anOverlayStackIsAnOverlay() throws {
        let element = try Self.v1(#"{"type": "stack", "stack": {"axis": "overlay", "alignment": "end"}, "children": [\#(Self.textJSON)]}"#)
        #expect(element == .overlay(alignment: .end, children: [Self.text]))
        #expect(element.layout.display == .overlay)
    }

    @Test func aViewIsAnOverlayItsChildrenFill() throws {
        let element = try Self.v1(#"{"type": "view", "children": [\#(Self.textJSON)]}"#)
        #expect(element == .view(children: [Self.text]))
        #expect(element.layout.display == .overlay)
    }

    @Test func layoutBecomesFlexProperties() throws {
        let element = try Self.v1(#"""
        {"type": "text", "text": {"text": "x"}, "layout": {"width": 10, "height": 20, "minWidth": 1, "maxWidth": 30,
         "minHeight": 2, "maxHeight": 40, "grow": 1, "shrink": 0, "padding": {"top": 1, "left": 2, "bottom": 3, "right": 4}}}
        """#)
        var layout = FlexStyle()
        layout.width = .points(10); layout.height = .points(20); layout.minWidth = .points(1); layout.maxWidth = .points(30)
        layout.minHeight = .points(2); layout.maxHeight = .points(40); layout.flexGrow = 1; layout.flexShrink = 0
        layout.padding = Edges(top: .points(1), left: .points(2), bottom: .points(3), right: .points(4))
        #expect(element == .text(AttributedText("x"), layout: layout))
        // Left out, shrink stays 1 and grow 0, as in version 1.
        #expect(try Self.v1(Self.textJSON).layout == FlexStyle())
    }

    @Test func aFrameIsAnAbsoluteBox() throws {
        let element = try Self.v1(#"{"type": "image", "image": {"source": {"named": "a"}}, "frame": {"x": 8, "y": -4, "width": 24, "height": 12}, "layout": {"width": 99, "grow": 2}}"#)
        var layout = FlexStyle()
        layout.flexGrow = 2
        #expect(element == .image(.named("a"), frame: Rect(x: 8, y: -4, width: 24, height: 12), layout: layout))
        #expect(element.layout.position == .absolute)
        #expect(element.layout.inset == Edges(top: .points(-4), left: .points(8)))
        #expect(element.layout.width == .points(24))
    }

    @Test func stylePropertiesMove() throws {
        let element = try Self.v1(#"""
        {"type": "view", "style": {"background": "#FFFFFF", "cornerRadius": {"topLeft": 4}, "border": {"width": 0.5, "color": "#E0E0E0"},
         "shadow": {"offset": {"width": 0, "height": 2}, "radius": 6, "color": "#0000001F"}, "opacity": 0.5,
         "clipsToBounds": true, "hidden": true}}
        """#)
        #expect(element.style.background == Color(red255: 255, green255: 255, blue255: 255))
        #expect(element.style.cornerRadii == CornerRadii(topLeft: 4))
        #expect(element.layout.border == Edges(all: 0.5))
        #expect(element.style.borderColor == Color(red255: 224, green255: 224, blue255: 224))
        #expect(try element.style.shadow == Shadow(offset: Size(width: 0, height: 2), radius: 6, color: Color(hex: "#0000001F")))
        #expect(element.style.opacity == 0.5)
        #expect(element.layout.overflow == .hidden)
        #expect(element.style.isHidden)
        #expect(element.layout.display == .overlay)
        #expect(try Self.v1(#"{"type": "view", "style": {"cornerRadius": 3}}"#).style.cornerRadii == CornerRadii(all: 3))
    }

    @Test func errorsInVersion1StillNameThePath() {
        for (json, expected) in [
            (#"{"type": "stack", "stack": {"axis": "diagonal"}}"#, "root.stack.axis"),
            (#"{"type": "view", "layout": {"width": true}}"#, "root.layout.width: expected a number"),
            (#"{"type": "blob"}"#, #"root.type: "blob" is not an element type: expected view, stack, image, text, gradient or custom"#),
            (#"{"type": "view", "children": [{"type": "view", "frame": {"x": 0}}]}"#, "root.children[0].frame.y: missing"),
        ] {
            do {
                _ = try Self.v1(json)
                Issue.record("decoded \(json)")
            } catch {
                guard case .invalidJSON = error as? ElementError else { Issue.record("\(error)"); continue }
                #expect("\(error)".hasPrefix(expected), "\(error)")
            }
        }
    }

    /// The version 1 reference card kept under Tests/ (the bundled file before it became version
    /// 2): it migrates — frames to absolute boxes, the root's border to layout and paint — and its
    /// version 2 re-encoding decodes to the same tree. The cover and the veil, which the Swift card
    /// did not change, equal the bundled version 2 file's.
    @Test func theVersion1ReferenceCardMigrates() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ElementJSONFixtures")
        let v1Bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("reference-card-v1.json")))
        #expect(String(decoding: v1Bytes, as: UTF8.self).contains(#""version" : 1"#))
        let migrated = try ElementDocument.decode(v1Bytes)
        try Self.expectV2RoundTrip(migrated)
        #expect(migrated.root.layout.display == .overlay)
        #expect(migrated.root.layout.border == Edges(all: 0.5))
        #expect(migrated.root.style.borderColor == Color(red255: 224, green255: 224, blue255: 224))
        #expect(migrated.root.children.count == 8)
        #expect(migrated.root.children.allSatisfy { $0.layout.position == .absolute })
        #expect(migrated.root.children[2].layout.flexDirection == .row)
        #expect(migrated.root.children[2].children[0].layout.flexDirection == .column)
        #expect(migrated.root.children[2].children[0].layout.padding == Edges(top: .points(0), left: .points(6), bottom: .points(0), right: .points(6)))
        let v2 = try ElementDocument.decode([UInt8](try Data(contentsOf: ElementTestFiles.elementCards.appendingPathComponent("reference-card.json"))))
        #expect(Array(migrated.root.children.prefix(2)) == Array(v2.root.children.prefix(2)))
        #expect(migrated.size == v2.size)
    }

    /// Every JSON document bundled with the examples decodes and round-trips through version 2.
    @Test func theBundledDocumentsRoundTrip() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ElementTestFiles.elementCards.path).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        for file in files.sorted() {
            let bytes = [UInt8](try Data(contentsOf: ElementTestFiles.elementCards.appendingPathComponent(file)))
            try Self.expectV2RoundTrip(try ElementDocument.decode(bytes))
        }
    }

    /// The Layout article's example, a version 1 document under scripts/doc-images/: it migrates
    /// and round-trips through version 2.
    @Test func theLayoutArticleExampleMigrates() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/doc-images/layout-example.json")
        let document = try ElementDocument.decode([UInt8](try Data(contentsOf: url)))
        #expect(document.root.children.count == 1)
        try Self.expectV2RoundTrip(document)
    }
}
