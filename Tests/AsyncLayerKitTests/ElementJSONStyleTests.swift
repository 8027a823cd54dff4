import AsyncLayerKit
import Testing

/// Schema 2's `style` object: every CSS property reads and writes back exactly, and every
/// malformed value is an ``ElementError/invalidJSON(path:message:)`` at its exact path.
@Suite struct ElementJSONStyleTests {
    /// A document whose second child of the root has `style`.
    static func document(style: String) -> [UInt8] {
        Array(#"{"version": 2, "root": {"type": "view", "children": [{"type": "view"}, {"type": "view", "style": \#(style)}]}}"#.utf8)
    }

    /// The layout and paint `style` decodes to.
    static func decode(style: String) throws -> (FlexStyle, ElementStyle) {
        let element = try ElementDocument.decode(document(style: style)).root.children[1]
        return (element.layout, element.style)
    }

    static func flex(_ change: (inout FlexStyle) -> Void) -> FlexStyle {
        var style = FlexStyle()
        change(&style)
        return style
    }

    static let layoutCases: [(String, FlexStyle)] = [
        (#"{"display": "none"}"#, flex { $0.display = .none }),
        (#"{"display": "overlay", "justifyItems": "end", "justifySelf": "center"}"#, flex { $0.display = .overlay; $0.justifyItems = .end; $0.justifySelf = .center }),
        (#"{"position": "absolute", "direction": "rtl", "overflow": "scroll", "boxSizing": "content-box"}"#,
         flex { $0.position = .absolute; $0.direction = .rtl; $0.overflow = .scroll; $0.boxSizing = .contentBox }),
        (#"{"flexDirection": "column-reverse", "flexWrap": "wrap-reverse", "justifyContent": "space-evenly"}"#,
         flex { $0.flexDirection = .columnReverse; $0.flexWrap = .wrapReverse; $0.justifyContent = .spaceEvenly }),
        (#"{"alignItems": "baseline", "alignSelf": "flex-end", "alignContent": "space-around"}"#,
         flex { $0.alignItems = .baseline; $0.alignSelf = .flexEnd; $0.alignContent = .spaceAround }),
        (#"{"flexDirection": "ROW-REVERSE"}"#, flex { $0.flexDirection = .rowReverse }),  // CSS keywords are case-insensitive
        (#"{"width": 120, "height": "50%", "minWidth": "12px", "maxWidth": "none", "minHeight": "auto", "maxHeight": "1e2"}"#,
         flex { $0.width = .points(120); $0.height = .percent(50); $0.minWidth = .points(12); $0.maxHeight = .points(100) }),
        (#"{"width": "0.5", "height": ".25%"}"#, flex { $0.width = .points(0.5); $0.height = .percent(0.25) }),
        (#"{"aspectRatio": "16 / 9"}"#, flex { $0.aspectRatio = 16.0 / 9.0 }),
        (#"{"aspectRatio": 1.5}"#, flex { $0.aspectRatio = 1.5 }),
        (#"{"aspectRatio": "auto"}"#, FlexStyle()),
        (#"{"width": null, "margin": null}"#, FlexStyle()),  // null is unset, as a missing key
        (#"{"gap": 8}"#, flex { $0.rowGap = .points(8); $0.columnGap = .points(8) }),
        (#"{"gap": "4 10%"}"#, flex { $0.rowGap = .points(4); $0.columnGap = .percent(10) }),
        (#"{"gap": 8, "columnGap": 2}"#, flex { $0.rowGap = .points(8); $0.columnGap = .points(2) }),
        (#"{"flex": 2}"#, flex { $0.setFlex(2) }),
        (#"{"flex": "none"}"#, flex { $0.flexGrow = 0; $0.flexShrink = 0 }),
        (#"{"flex": "auto"}"#, flex { $0.flexGrow = 1 }),
        (#"{"flex": "1 0 40px"}"#, flex { $0.flexGrow = 1; $0.flexShrink = 0; $0.flexBasis = .points(40) }),
        (#"{"flex": "2 30%"}"#, flex { $0.flexGrow = 2; $0.flexBasis = .percent(30) }),
        (#"{"flex": 1, "flexShrink": 0}"#, flex { $0.setFlex(1); $0.flexShrink = 0 }),
        (#"{"flexGrow": 1.5, "flexShrink": "0", "flexBasis": "content"}"#, flex { $0.flexGrow = 1.5; $0.flexShrink = 0; $0.flexBasis = .content }),
        (#"{"flexBasis": 30}"#, flex { $0.flexBasis = .points(30) }),
        (#"{"margin": 8}"#, flex { $0.margin = Edges(all: .points(8)) }),
        (#"{"margin": "8 auto"}"#, flex { $0.margin = Edges(horizontal: .auto, vertical: .points(8)) }),
        (#"{"margin": "1 2 3"}"#, flex { $0.margin = Edges(top: .points(1), left: .points(2), bottom: .points(3), right: .points(2)) }),
        (#"{"margin": "1px 2px 3px -4px"}"#, flex { $0.margin = Edges(top: .points(1), left: .points(-4), bottom: .points(3), right: .points(2)) }),
        (#"{"margin": 8, "marginTop": "10%", "marginInlineStart": 3, "marginInlineEnd": "auto"}"#,
         flex { $0.margin = Edges(top: .percent(10), left: .points(8), bottom: .points(8), right: .points(8), start: .points(3), end: .auto) }),
        (#"{"padding": "4 8", "paddingLeft": 1}"#, flex { $0.padding = Edges(top: .points(4), left: .points(1), bottom: .points(4), right: .points(8)) }),
        (#"{"paddingInlineStart": "5%", "paddingBottom": 2}"#, flex { $0.padding = Edges(bottom: .points(2), start: .percent(5)) }),
        (#"{"borderWidth": "1 2 3 4", "borderInlineEndWidth": 6}"#, flex { $0.border = Edges(top: 1, left: 4, bottom: 3, right: 2, end: 6) }),
        (#"{"borderTopWidth": 0.5}"#, flex { $0.border = Edges(top: 0.5) }),
        (#"{"inset": "0 auto auto -8"}"#, flex { $0.inset = Edges(top: .points(0), left: .points(-8), bottom: .auto, right: .auto) }),
        (#"{"top": 8, "right": "10%", "insetInlineStart": 4, "insetInlineEnd": -2}"#,
         flex { $0.inset = Edges(top: .points(8), right: .percent(10), start: .points(4), end: .points(-2)) }),
    ]

    @Test(arguments: layoutCases.indices)
    func layoutPropertiesDecode(index: Int) throws {
        let (json, expected) = Self.layoutCases[index]
        let (layout, style) = try Self.decode(style: json)
        #expect(layout == expected, "\(json)")
        #expect(style == ElementStyle())
    }

    @Test func paintPropertiesDecode() throws {
        let (layout, style) = try Self.decode(style: #"""
        {"backgroundColor": "#FF0000", "borderColor": "#00FF0080", "borderRadius": "12 12 0", "borderBottomLeftRadius": 3,
         "boxShadow": {"offset": {"width": 0, "height": 2}, "radius": 6, "color": "#0000001F"},
         "opacity": "50%", "zIndex": -2, "visibility": "hidden", "overflow": "hidden"}
        """#)
        #expect(style.background == Color(red255: 255, green255: 0, blue255: 0))
        #expect(try style.borderColor == Color(hex: "#00FF0080"))
        #expect(style.cornerRadii == CornerRadii(topLeft: 12, topRight: 12, bottomRight: 0, bottomLeft: 3))
        #expect(try style.shadow == Shadow(offset: Size(width: 0, height: 2), radius: 6, color: Color(hex: "#0000001F")))
        #expect(style.opacity == 0.5)
        #expect(style.zIndex == -2)
        #expect(style.isHidden)
        #expect(layout.overflow == .hidden)
        // An explicit visible is kept (it overrides a hidden ancestor) and written back.
        let visible = try Self.decode(style: #"{"visibility": "visible"}"#).1
        #expect(visible.visibility == .visible && !visible.isHidden)
        #expect(try Self.decode(style: "{}").1.visibility == .inherit)
        let tree = Element.view(style: visible)
        #expect(try ElementDocument.decode(ElementDocument(root: tree).jsonBytes()).root == tree)
    }

    /// Every property at a value other than its default, and each edge form: decoding the
    /// encoding gives the same tree, and encoding that again gives the same bytes.
    @Test func everyPropertyRoundTrips() throws {
        var all = FlexStyle()
        all.display = .overlay; all.position = .absolute; all.direction = .rtl; all.overflow = .hidden
        all.boxSizing = .contentBox; all.flexDirection = .columnReverse; all.flexWrap = .wrap
        all.justifyContent = .spaceBetween; all.alignItems = .center; all.alignContent = .flexEnd
        all.justifyItems = .start; all.alignSelf = .baseline; all.justifySelf = .end
        all.rowGap = .percent(2.5); all.columnGap = .points(3)
        all.flexGrow = 2; all.flexShrink = 0.5; all.flexBasis = .percent(0)
        all.width = .percent(100.0 / 3); all.height = .points(0.1); all.minWidth = .points(0)
        all.minHeight = .percent(1e-5); all.maxWidth = .points(1e20); all.maxHeight = .percent(80)
        all.aspectRatio = 16.0 / 9
        all.margin = Edges(top: .auto, left: .points(-4), bottom: .percent(5), right: .points(1), start: .points(2), end: .auto)
        all.padding = Edges(top: .points(1), left: .points(2), bottom: .points(3), right: .points(2))
        all.border = Edges(all: 0.5)
        all.inset = Edges(top: .points(8), right: .auto, end: .percent(-3))
        let paint = ElementStyle(background: Color(red255: 1, green255: 2, blue255: 3), cornerRadii: CornerRadii(topLeft: 1, topRight: 2, bottomRight: 1, bottomLeft: 2),
                                 borderColor: try Color(hex: "#09090909"),
                                 shadow: Shadow(offset: Size(width: 1, height: 2), radius: 3, color: Color(red255: 0, green255: 0, blue255: 0)),
                                 opacity: 0.25, zIndex: 7, isHidden: true)
        var other = FlexStyle()
        other.rowGap = .points(6); other.columnGap = .points(6); other.flexBasis = .content
        other.padding = Edges(all: .percent(10)); other.margin = Edges(horizontal: .points(1), vertical: .auto)
        other.border = Edges(top: 1, left: 2, bottom: 3, right: 4); other.flexBasis = .points(12)
        var third = FlexStyle()
        third.flexBasis = .auto; third.rowGap = .points(4); third.padding = Edges(top: .points(1), left: .points(1), bottom: .points(2), right: .points(1))
        third.margin = Edges(top: .points(1), left: .points(1), bottom: .points(1), right: .points(1), start: .points(0))
        let tree = Element(.view, layout: all, style: paint, children: [
            Element(.view, layout: other, style: ElementStyle(cornerRadii: CornerRadii(all: 4))),
            Element(.view, layout: third, style: ElementStyle(cornerRadii: CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 2))),
            Element(.view),
        ])
        let document = ElementDocument(root: tree)
        let bytes = try document.jsonBytes()
        let again = try ElementDocument.decode(bytes)
        #expect(again == document)
        #expect(try again.jsonBytes() == bytes)
        #expect(try again.root.contentHash() == tree.contentHash())
    }

    /// The canonical encoding: only non-default properties, shorthands in their shortest form.
    @Test func encodingIsCanonical() throws {
        var layout = FlexStyle()
        layout.margin = Edges(horizontal: .auto, vertical: .points(8))
        layout.padding = Edges(all: .points(4))
        layout.rowGap = .points(2); layout.columnGap = .points(2)
        layout.width = .percent(50)
        layout.border = Edges(top: 1)
        let tree = Element(.view, layout: layout, style: ElementStyle(cornerRadii: CornerRadii(topLeft: 4, topRight: 4, bottomRight: 0, bottomLeft: 0)))
        let json = String(decoding: try ElementDocument(root: tree).jsonBytes(), as: UTF8.self)
        #expect(json == #"{"root":{"style":{"borderRadius":"4 4 0 0","borderTopWidth":1,"gap":2,"margin":"8 auto","padding":4,"width":"50%"},"type":"view"},"version":2}"#)
        let empty = String(decoding: try ElementDocument(root: Element(.view)).jsonBytes(), as: UTF8.self)
        #expect(empty == #"{"root":{"type":"view"},"version":2}"#)
    }

    static let errorCases: [(String, String)] = [
        (#"{"width": "50 %"}"#, #"root.children[1].style.width: "50 %" is not one length"#),
        (#"{"width": "%"}"#, #"root.children[1].style.width: "%" is not a length: expected a number of points, "12px", "50%", "auto", "min-content", "max-content" or "fit-content""#),
        (#"{"height": "1e400%"}"#, #"root.children[1].style.height: "1e400%" is not a finite length"#),
        (#"{"minWidth": "1e400"}"#, #"root.children[1].style.minWidth: "1e400" is not a finite length"#),
        (#"{"width": 1e400}"#, "root.children[1].style.width: 1e400 is not a finite number"),
        (#"{"margin": -1E+999}"#, "root.children[1].style.margin: -1E+999 is not a finite number"),
        (#"{"height": 1\#(String(repeating: "0", count: 400))}"#, "root.children[1].style.height: 1000"),
        (#"{"width": "NaN"}"#, #"root.children[1].style.width: "NaN" is not a length"#),
        (#"{"width": "inf"}"#, #"root.children[1].style.width: "inf" is not a length"#),
        (#"{"width": -4}"#, "root.children[1].style.width: -4 is negative: this length must be 0 or more"),
        (#"{"maxHeight": "-1px"}"#, #"root.children[1].style.maxHeight: "-1px" is negative"#),
        (#"{"padding": "4 -2"}"#, #"root.children[1].style.padding: "-2" is negative"#),
        (#"{"paddingTop": "auto"}"#, #"root.children[1].style.paddingTop: "auto" is not a length: expected a number of points, "12px" or "50%""#),
        (#"{"borderWidth": "10%"}"#, #"root.children[1].style.borderWidth: "10%" is not a length: expected a number of points or "12px""#),
        (#"{"borderLeftWidth": -1}"#, "root.children[1].style.borderLeftWidth: -1 is negative"),
        (#"{"gap": -1}"#, "root.children[1].style.gap: -1 is negative"),
        (#"{"gap": "1 2 3"}"#, #"root.children[1].style.gap: "1 2 3" has 3 values: expected 1 or 2"#),
        (#"{"margin": "1 2 3 4 5"}"#, #"root.children[1].style.margin: "1 2 3 4 5" has 5 values: expected 1 to 4"#),
        (#"{"marginTop": "1 2"}"#, #"root.children[1].style.marginTop: "1 2" is not one value"#),
        (#"{"flexGrow": -1}"#, "root.children[1].style.flexGrow: -1 is out of range"),
        (#"{"flexShrink": "lots"}"#, #"root.children[1].style.flexShrink: "lots" is not a number"#),
        (#"{"flex": -1}"#, "root.children[1].style.flex: -1 is negative"),
        (#"{"flex": "sometimes"}"#, #"root.children[1].style.flex: "sometimes" is not a flex value"#),
        (#"{"flexBasis": "-5%"}"#, #"root.children[1].style.flexBasis: "-5%" is negative"#),
        (#"{"aspectRatio": "16 / 0"}"#, #"root.children[1].style.aspectRatio: "16 / 0" is not a positive finite ratio"#),
        (#"{"aspectRatio": -1}"#, "root.children[1].style.aspectRatio: -1 is not a positive finite ratio"),
        (#"{"aspectRatio": "wide"}"#, #"root.children[1].style.aspectRatio: "wide" is not a ratio"#),
        (#"{"flexDirection": "diagonal"}"#, #"root.children[1].style.flexDirection: "diagonal" is not one of row, row-reverse, column, column-reverse"#),
        (#"{"display": "grid"}"#, #"root.children[1].style.display: "grid" is not one of flex, none, overlay, block, flow-root"#),
        (#"{"visibility": "collapse"}"#, #"root.children[1].style.visibility: "collapse" is not one of visible, hidden"#),
        (#"{"justifyContent": 3}"#, "root.children[1].style.justifyContent: 3 is not an alignment: expected [safe | unsafe] and one of flex-start"),
        (#"{"width": true}"#, "root.children[1].style.width: expected a number or a string"),
        (#"{"opacity": 1.5}"#, "root.children[1].style.opacity: 1.5 is out of range"),
        (#"{"zIndex": 1.5}"#, "root.children[1].style.zIndex: 1.5 is not an integer"),
        (#"{"zIndex": 1e300}"#, "root.children[1].style.zIndex: 1e+300 is not an integer"),
        (#"{"borderRadius": -2}"#, "root.children[1].style.borderRadius: -2 is negative"),
        (#"{"backgroundColor": "pinkish"}"#, #"root.children[1].style.backgroundColor: "pinkish" is not a colour"#),
        (#"{"boxShadow": {"radius": "big"}}"#, "root.children[1].style.boxShadow"),
        (#"{"widht": 10}"#, "root.children[1].style.widht: unknown style property: did you mean width?"),
        (#"{"justify-content": "center"}"#, "root.children[1].style.justify-content: unknown style property: did you mean justifyContent?"),
        (##"{"backround": "#FFF"}"##, "root.children[1].style.backround: unknown style property: did you mean background?"),
        (#"{"FlexDirection": "row"}"#, "root.children[1].style.FlexDirection: unknown style property: did you mean flexDirection?"),
        (#"{"caretColor": "red"}"#, "root.children[1].style.caretColor: unknown style property"),
    ]

    @Test(arguments: errorCases.indices)
    func malformedValuesNameTheirPath(index: Int) {
        let (style, expected) = Self.errorCases[index]
        do {
            let decoded = try ElementDocument.decode(Self.document(style: style))
            Issue.record("decoded \(style) as \(decoded.root.children[1].layout)")
        } catch {
            guard case .invalidJSON = error else { Issue.record("not invalidJSON: \(error)"); return }
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test func elementKeysAreChecked() {
        for (json, expected) in [
            (#"{"version": 2, "root": {"type": "view", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}}"#, "root.frame: unknown element key: version 1 key"),
            (#"{"version": 2, "root": {"type": "stack"}}"#, #"root.type: "stack" is a version 1 type"#),
            (#"{"version": 2, "root": {"type": "view", "children": [{"type": "text", "text": {"text": "x"}, "layuot": {}}]}}"#, "root.children[0].layuot: unknown element key"),
        ] {
            #expect(throws: ElementError.self) { try ElementDocument.decode(Array(json.utf8)) }
            do { _ = try ElementDocument.decode(Array(json.utf8)) } catch {
                #expect(error.description.hasPrefix(expected), "\(error.description)")
            }
        }
    }
}
