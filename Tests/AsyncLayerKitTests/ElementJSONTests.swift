import AsyncLayerKit
import Testing

@Suite struct ElementJSONTests {
    static let cardJSON = """
    {
      "version": 2,
      "size": {"width": 200, "height": 120},
      "root": {
        "type": "view",
        "style": {"flexDirection": "column", "gap": 4, "padding": 8, "overflow": "hidden",
                  "backgroundColor": "#FFFFFF", "borderRadius": 12, "borderWidth": 1, "borderColor": "#E0E0E0",
                  "boxShadow": {"offset": {"width": 0, "height": 2}, "radius": 6, "color": "#0000001F"}},
        "children": [
          {"type": "image", "image": {"source": {"named": "cover"}, "contentMode": "aspectFill"},
           "style": {"height": 60, "borderRadius": "8 8 0 0"}},
          {"type": "text", "text": {"text": "Hello, elements", "style": {"size": 14, "weight": 700}, "maxLines": 2}},
          {"type": "gradient", "gradient": {"kind": "radial", "stops": [{"location": 0, "color": "#FF0000"}, {"location": 1, "color": "#0000FF"}]},
           "style": {"position": "absolute", "left": 150, "top": 10, "width": 30, "height": 30, "opacity": 0.5, "visibility": "hidden"}},
          {"type": "custom", "custom": {"type": "badge", "value": {"color": "#EF5B9C"}}, "style": {"width": 16, "height": 16, "flexGrow": 1}}
        ]
      }
    }
    """

    static let options = ElementDecodingOptions(customTypes: [BadgeElement.self, TickElement.self])

    @Test func decodesEveryKindAndProperty() throws {
        let document = try ElementDocument.decode(Array(Self.cardJSON.utf8), options: Self.options)
        #expect(document.version == 2)
        #expect(document.size == Size(width: 200, height: 120))
        let root = document.root
        #expect(root.kind == .view)
        #expect(root.layout.flexDirection == .column)
        #expect(root.layout.rowGap == .points(4) && root.layout.columnGap == .points(4))
        #expect(root.layout.padding == Edges(all: .points(8)))
        #expect(root.layout.overflow == .hidden)
        #expect(root.layout.border == Edges(all: 1))
        #expect(root.style.cornerRadii == CornerRadii(all: 12))
        #expect(root.style.borderColor == Color(red255: 224, green255: 224, blue255: 224))
        #expect(root.children.count == 4)
        #expect(root.children[0].kind == .image(ImageContent(.named("cover"), contentMode: .aspectFill)))
        #expect(root.children[0].style.cornerRadii == .top(8))
        guard case .text(let text) = root.children[1].kind else { Issue.record("not a text"); return }
        #expect(text.text.string == "Hello, elements")
        #expect(text.style?.weight == .bold)
        #expect(text.maxLines == 2)
        #expect(root.children[2].layout == Element.absolute(FlexStyle(), frame: Rect(x: 150, y: 10, width: 30, height: 30)))
        #expect(root.children[2].style.isHidden)
        #expect(root.children[2].style.opacity == 0.5)
        #expect(root.children[3].kind == .custom(AnyCustomElement(BadgeElement(color: Color(red255: 239, green255: 91, blue255: 156)))))
        #expect(root.children[3].layout.flexGrow == 1)
    }

    @Test func roundTripsThroughJSON() throws {
        let document = try ElementDocument.decode(Array(Self.cardJSON.utf8), options: Self.options)
        let bytes = try document.jsonBytes(prettyPrinted: true)
        let again = try ElementDocument.decode(bytes, options: Self.options)
        #expect(again == document)
        #expect(try again.jsonBytes() == document.jsonBytes())
    }

    @Test func encodedImagesRoundTripAsBase64() throws {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 255]
        var layout = FlexStyle()
        layout.width = 4
        layout.height = 4
        let document = ElementDocument(root: .image(.encoded(bytes), layout: layout))
        let again = try ElementDocument.decode(try document.jsonBytes())
        #expect(again == document)
    }

    @Test(arguments: [
        (#"{"version": 2, "root": {"type": "view", "children": [{"type": "view"}, {"type": "view"}, {"type": "text", "text": {"text": "x", "style": {"size": "big"}}}]}}"#,
         "root.children[2].text.style.size: expected a number"),
        (#"{"version": 2, "root": {"type": "view", "style": {"width": true}}}"#, "root.style.width: expected a number or a string"),
        (#"{"version": 2, "root": {"type": "blob"}}"#,
         "root.type: \"blob\" is not an element type: expected view, image, text, gradient or custom"),
        (#"{"version": 2, "root": {"type": "image"}}"#, "root.image: missing"),
        (#"{"version": 2, "root": {"style": {}}}"#, "root.type: missing"),
        (#"{"version": 2}"#, "root: missing"),
        (#"{"version": 2, "root": {"type": "view", "style": {"backgroundColor": "pinkish"}}}"#,
         "root.style.backgroundColor: \"pinkish\" is not a colour"),
        (#"{"version": 2, "root": {"type": "custom", "custom": {"type": "chart", "value": {}}}}"#,
         "root.custom.type: custom element type \"chart\" is not registered with the decoder"),
        (#"{"version": 2, "root": {"type": "view", "style": {"flexDirection": "diagonal"}}}"#, "root.style.flexDirection"),
        (#"{"version": 2, "root": {"type": "view", "children": [{"type": "text", "text": {"text": "1e999 [{", "style": {"size": 1e999}}}]}}"#,
         "root.children[0].text.style.size: 1e999 is not a finite number"),
    ])
    func errorsNameTheWrongPath(json: String, expected: String) {
        do {
            _ = try ElementDocument.decode(Array(json.utf8), options: Self.options)
            Issue.record("decoded \(json)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test func malformedJSONIsATypedError() {
        #expect {
            _ = try ElementDocument.decode(Array(#"{"version": 2, "root": {"type": "view""#.utf8))
        } throws: { error in
            guard case ElementError.invalidJSON = error else { return false }
            return true
        }
    }

    @Test(arguments: [0, 3, 99])
    func otherVersionsAreRefused(version: Int) {
        #expect(throws: ElementError.unsupportedVersion(version)) {
            try ElementDocument.decode(Array(#"{"version": \#(version), "root": {"type": "view"}}"#.utf8))
        }
        #expect(ElementError.unsupportedVersion(version).description == "version: \(version) is not supported (expected 1 to 2)")
    }

    /// 10^5 nested children: refused from the raw bytes, before JSONDecoder could recurse.
    @Test func aHundredThousandDeepTreeIsAnErrorNotACrash() {
        let depth = 100_000
        var json = #"{"version": 2, "root": "#
        json += String(repeating: #"{"type": "view", "children": ["#, count: depth)
        json += #"{"type": "view"}"#
        json += String(repeating: "]}", count: depth)
        json += "}"
        #expect {
            _ = try ElementDocument.decode(Array(json.utf8))
        } throws: { error in
            guard case ElementError.tooDeep(_, let limit) = error else { return false }
            return limit == ElementLimits.default.maxDepth
        }
    }

    @Test func brackets_inside_strings_do_not_count_as_nesting() throws {
        let text = String(repeating: "[{", count: 1000)
        let document = try ElementDocument.decode(Array(#"{"version": 2, "root": {"type": "text", "text": {"text": "\#(text)"}}}"#.utf8))
        guard case .text(let content) = document.root.kind else { Issue.record("not a text"); return }
        #expect(content.text.string == text)
    }

    @Test func depthJustOverTheLimitIsRefusedAfterDecoding() {
        let limits = ElementLimits(maxDepth: 3)
        let json = #"{"version": 2, "root": {"type": "view", "children": [{"type": "view", "children": [{"type": "view", "children": [{"type": "view"}]}]}]}}"#
        #expect(throws: ElementError.tooDeep(depth: 4, limit: 3)) {
            try ElementDocument.decode(Array(json.utf8), options: ElementDecodingOptions(limits: limits))
        }
    }

    @Test func limitsOnNodesTextAndDocumentSize() {
        let children = Array(repeating: #"{"type": "text", "text": {"text": "0123456789"}}"#, count: 20).joined(separator: ",")
        let json = Array(#"{"version": 2, "root": {"type": "view", "children": [\#(children)]}}"#.utf8)
        #expect(throws: ElementError.tooManyNodes(count: 11, limit: 10)) {
            try ElementDocument.decode(json, options: ElementDecodingOptions(limits: ElementLimits(maxNodes: 10)))
        }
        #expect(throws: ElementError.textTooLong(utf8Bytes: 110, limit: 100)) {
            try ElementDocument.decode(json, options: ElementDecodingOptions(limits: ElementLimits(maxTextUTF8Bytes: 100)))
        }
        #expect(throws: ElementError.documentTooLarge(bytes: json.count, limit: 100)) {
            try ElementDocument.decode(json, options: ElementDecodingOptions(limits: ElementLimits(maxDocumentBytes: 100)))
        }
    }

    /// 16 bytes of JSON make an element of hundreds, so the node limit stops decoding at the first
    /// element over it: the unknown type after that element is never read (decoded to the end,
    /// the document would fail there, as invalid JSON, after materializing every element).
    @Test(arguments: [1, 2]) func theNodeLimitStopsDecodingAtTheFirstElementOverIt(version: Int) {
        let views = Array(repeating: #"{"type":"view"}"#, count: 10_000).joined(separator: ",")
        let json = Array(#"{"version": \#(version), "root": {"type": "view", "children": [\#(views), {"type": "bogus"}]}}"#.utf8)
        #expect(throws: ElementError.tooManyNodes(count: 10_001, limit: 10_000)) {
            try ElementDocument.decode(json)
        }
        #expect(throws: ElementError.tooManyNodes(count: 101, limit: 100)) {
            try ElementDocument.decode(json, options: ElementDecodingOptions(limits: ElementLimits(maxNodes: 100)))
        }
    }
}
