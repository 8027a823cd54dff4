import AsyncLayerKit
import Testing

@Suite struct ElementJSONTests {
    static let cardJSON = """
    {
      "version": 1,
      "size": {"width": 200, "height": 120},
      "root": {
        "type": "stack",
        "stack": {"axis": "vertical", "spacing": 4, "alignment": "stretch"},
        "layout": {"padding": {"top": 8, "left": 8, "bottom": 8, "right": 8}},
        "style": {"background": "#FFFFFF", "cornerRadius": 12, "border": {"width": 1, "color": "#E0E0E0"},
                  "shadow": {"offset": {"width": 0, "height": 2}, "radius": 6, "color": "#0000001F"}, "clipsToBounds": true},
        "children": [
          {"type": "image", "image": {"source": {"named": "cover"}, "contentMode": "aspectFill"},
           "layout": {"height": 60}, "style": {"cornerRadius": {"topLeft": 8, "topRight": 8}}},
          {"type": "text", "text": {"text": "Hello, elements", "style": {"size": 14, "weight": 700}, "maxLines": 2}},
          {"type": "gradient", "gradient": {"kind": "radial", "stops": [{"location": 0, "color": "#FF0000"}, {"location": 1, "color": "#0000FF"}]},
           "frame": {"x": 150, "y": 10, "width": 30, "height": 30}, "style": {"opacity": 0.5, "hidden": true}},
          {"type": "custom", "custom": {"type": "badge", "value": {"color": "#EF5B9C"}}, "layout": {"width": 16, "height": 16, "grow": 1}}
        ]
      }
    }
    """

    static let options = ElementDecodingOptions(customTypes: [BadgeElement.self, TickElement.self])

    @Test func decodesEveryKindAndProperty() throws {
        let document = try ElementDocument.decode(Array(Self.cardJSON.utf8), options: Self.options)
        #expect(document.version == 1)
        #expect(document.size == Size(width: 200, height: 120))
        let root = document.root
        #expect(root.kind == .view)
        #expect(root.layout.flexDirection == .column)
        #expect(root.layout.rowGap == .points(4))
        #expect(root.style.cornerRadii == CornerRadii(all: 12))
        #expect(root.layout.border == Edges(all: 1))
        #expect(root.style.borderColor == Color(red255: 224, green255: 224, blue255: 224))
        #expect(root.layout.overflow == .hidden)
        #expect(root.layout.padding == Edges(all: .points(8)))
        #expect(root.children.count == 4)
        #expect(root.children[0].kind == .image(ImageContent(.named("cover"), contentMode: .aspectFill)))
        #expect(root.children[0].style.cornerRadii == .top(8))
        guard case .text(let text) = root.children[1].kind else { Issue.record("not a text"); return }
        #expect(text.text.string == "Hello, elements")
        #expect(text.style.weight == .bold)
        #expect(text.maxLines == 2)
        #expect(root.children[2].layout.position == .absolute)
        #expect(root.children[2].layout.inset.left == .points(150))
        #expect(root.children[2].layout.width == .points(30))
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
        let document = ElementDocument(root: .image(.encoded(bytes), layout: flexLayout(width: 4, height: 4)))
        let again = try ElementDocument.decode(try document.jsonBytes())
        #expect(again == document)
    }

    @Test(arguments: [
        (#"{"version": 1, "root": {"type": "view", "children": [{"type": "view"}, {"type": "view"}, {"type": "text", "text": {"text": "x", "style": {"size": "big"}}}]}}"#,
         "root.children[2].text.style.size: expected a number"),
        (#"{"version": 1, "root": {"type": "view", "layout": {"width": true}}}"#, "root.layout.width: expected a number"),
        (#"{"version": 1, "root": {"type": "blob"}}"#,
         "root.type: \"blob\" is not an element type: expected view, stack, image, text, gradient or custom"),
        (#"{"version": 1, "root": {"type": "image"}}"#, "root.image: missing"),
        (#"{"version": 1, "root": {"style": {}}}"#, "root.type: missing"),
        (#"{"version": 1}"#, "root: missing"),
        (#"{"version": 1, "root": {"type": "view", "style": {"background": "pink"}}}"#,
         "root.style.background: \"pink\" is not a colour: expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA"),
        (#"{"version": 1, "root": {"type": "custom", "custom": {"type": "chart", "value": {}}}}"#,
         "root.custom.type: custom element type \"chart\" is not registered with the decoder"),
        (#"{"version": 1, "root": {"type": "stack", "stack": {"axis": "diagonal"}}}"#, "root.stack.axis"),
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
            _ = try ElementDocument.decode(Array(#"{"version": 1, "root": {"type": "view""#.utf8))
        } throws: { error in
            guard case ElementError.invalidJSON = error else { return false }
            return true
        }
    }

    @Test(arguments: [0, 2, 99])
    func otherVersionsAreRefused(version: Int) {
        #expect(throws: ElementError.unsupportedVersion(version)) {
            try ElementDocument.decode(Array(#"{"version": \#(version), "root": {"type": "view"}}"#.utf8))
        }
    }

    /// 10^5 nested children: refused from the raw bytes, before JSONDecoder could recurse.
    @Test func aHundredThousandDeepTreeIsAnErrorNotACrash() {
        let depth = 100_000
        var json = #"{"version": 1, "root": "#
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
        let document = try ElementDocument.decode(Array(#"{"version": 1, "root": {"type": "text", "text": {"text": "\#(text)"}}}"#.utf8))
        guard case .text(let content) = document.root.kind else { Issue.record("not a text"); return }
        #expect(content.text.string == text)
    }

    @Test func depthJustOverTheLimitIsRefusedAfterDecoding() {
        let limits = ElementLimits(maxDepth: 3)
        let json = #"{"version": 1, "root": {"type": "view", "children": [{"type": "view", "children": [{"type": "view", "children": [{"type": "view"}]}]}]}}"#
        #expect(throws: ElementError.tooDeep(depth: 4, limit: 3)) {
            try ElementDocument.decode(Array(json.utf8), options: ElementDecodingOptions(limits: limits))
        }
    }

    @Test func limitsOnNodesTextAndDocumentSize() {
        let children = Array(repeating: #"{"type": "text", "text": {"text": "0123456789"}}"#, count: 20).joined(separator: ",")
        let json = Array(#"{"version": 1, "root": {"type": "view", "children": [\#(children)]}}"#.utf8)
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
}
