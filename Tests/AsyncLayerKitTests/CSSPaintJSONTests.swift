import AsyncLayerKit
import Testing

/// The paint properties in a document's `style`: what they decode to, how the border shorthands
/// reach layout, how earlier documents keep their meaning, and the canonical form the content
/// hash digests.
@Suite struct CSSPaintJSONTests {
    static func decode(_ style: String) throws -> Element {
        try ElementDocument.decode(Array(#"{"version": 2, "root": {"type": "view", "style": \#(style)}}"#.utf8)).root
    }

    @Test func borderShorthandSetsLayoutWidthsStyleAndColour() throws {
        let element = try Self.decode(#"{"border": "2px dashed red", "borderLeft": "thick double blue", "borderTopWidth": 7}"#)
        #expect(element.layout.border.top == 7 && element.layout.border.right == 2 && element.layout.border.left == 5)
        #expect(element.style.border.top == BorderSide(color: .color(Color(red: 1, green: 0, blue: 0)), style: .dashed))
        #expect(element.style.border.left == BorderSide(color: .color(Color(red: 0, green: 0, blue: 1)), style: .double))
    }

    @Test func borderStylesAndColoursPerSide() throws {
        let element = try Self.decode(#"{"borderWidth": 3, "borderStyle": "solid dotted", "borderColor": "red green blue", "borderBottomStyle": "none"}"#)
        #expect(element.style.border.all.map(\.style) == [.solid, .dotted, .none, .dotted])
        #expect(element.style.border.right.color == element.style.border.left.color)
    }

    @Test func earlierDocumentsKeepTheirMeaning() throws {
        // A colour without a style is solid (CSS would draw nothing): documents before borderStyle.
        let border = try Self.decode(#"{"borderWidth": 1, "borderColor": "E0E0E0"}"#)
        #expect(border.style.borderColor == Color(red255: 224, green255: 224, blue255: 224))
        // The object form of boxShadow is the earlier drop shadow.
        let shadow = try Self.decode(##"{"boxShadow": {"offset": {"width": 0, "height": 2}, "radius": 8, "color": "#0000001F"}}"##)
        #expect(shadow.style.shadow?.radius == 8 && shadow.style.boxShadows.isEmpty)
        // A width with neither style nor colour draws nothing, as CSS.
        #expect(try Self.decode(#"{"borderWidth": 4}"#).style.border == .none)
    }

    @Test func paintPropertiesEncodeCanonicallyAndReadBack() throws {
        let style = ##"{"background": "linear-gradient(to right, #f06, 30%, #48f) 0 0 / 20px 100% repeat-x, #eee", "border": "3px dotted rgb(0 0 255 / 50%)", "borderTopStyle": "double", "boxShadow": "0 4px 12px -2px rgba(0,0,0,.25), inset 0 0 0 2px currentColor"}"##
        let element = try Self.decode(style)
        let document = ElementDocument(root: element)
        let bytes = try document.jsonBytes()
        let again = try ElementDocument.decode(bytes)
        // Colours are written exactly (hex when 8 bits hold them, rgb() otherwise).
        #expect(again.root == element)
        #expect(try again.jsonBytes() == bytes)
        #expect(again.root.style.backgroundLayers == element.style.backgroundLayers)
        #expect(again.root.style.boxShadows.count == 2)
        // One stop apart: different hashes.
        let other = try Self.decode(style.replacing("30%", with: "31%"))
        #expect(try HashedElement(element).contentHash != HashedElement(other).contentHash)
    }

    @Test(arguments: [
        (#"{"backgroundImage": "linear-gradient(red)"}"#, "root.style.backgroundImage"),
        (#"{"backgroundColor": "notacolour"}"#, "root.style.backgroundColor"),
        (#"{"boxShadow": "1px"}"#, "root.style.boxShadow"),
        (#"{"border": "2px wavy red"}"#, "root.style.border"),
        (#"{"borderStyle": "wavy"}"#, "root.style.borderStyle"),
        (#"{"backgroundSize": "cover", "backgroundImage": "linear-gradient(red, blue)", "backgroundPosition": "middle"}"#, "root.style.backgroundPosition"),
    ])
    func badValuesNameTheirPath(style: String, path: String) {
        #expect {
            try Self.decode(style)
        } throws: { error in
            guard case ElementError.invalidJSON(let at, _) = error else { return false }
            return at == path
        }
    }
}
