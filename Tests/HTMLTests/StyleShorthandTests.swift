@testable import HTML
import Testing

/// Each shorthand's expansion into longhands, and the values that do not expand.
@Suite struct StyleShorthandTests {
    /// The explicit and implied longhands of `name: value`, or `nil` when it does not expand.
    private func expand(_ name: String, _ value: String) -> [String: String]? {
        guard case .success(let longhands) = CSSShorthands.expand(name, value) else { return nil }
        return Dictionary(longhands.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }

    @Test func boxSides() {
        #expect(expand("margin", "1px") == ["margin-top": "1px", "margin-right": "1px", "margin-bottom": "1px", "margin-left": "1px"])
        #expect(expand("margin", "1px auto") == ["margin-top": "1px", "margin-right": "auto", "margin-bottom": "1px", "margin-left": "auto"])
        #expect(expand("padding", "1px 2px 3px") == ["padding-top": "1px", "padding-right": "2px", "padding-bottom": "3px", "padding-left": "2px"])
        #expect(expand("inset", "1px 2px 3px 4%") == ["top": "1px", "right": "2px", "bottom": "3px", "left": "4%"])
        #expect(expand("margin", "calc(1px + 2%) 0") == ["margin-top": "calc(1px + 2%)", "margin-right": "0", "margin-bottom": "calc(1px + 2%)", "margin-left": "0"])
        #expect(expand("margin", "1px 2px 3px 4px 5px") == nil)
        #expect(expand("margin", "1px, 2px") == nil)
        #expect(expand("border-width", "thin 2px") == ["border-top-width": "thin", "border-right-width": "2px", "border-bottom-width": "thin", "border-left-width": "2px"])
        #expect(expand("border-width", "red") == nil)
        #expect(expand("border-style", "solid dashed dotted") == ["border-top-style": "solid", "border-right-style": "dashed", "border-bottom-style": "dotted", "border-left-style": "dashed"])
        #expect(expand("border-style", "wavy") == nil)
        #expect(expand("border-color", "red #00f") == ["border-top-color": "red", "border-right-color": "#00f", "border-bottom-color": "red", "border-left-color": "#00f"])
        #expect(expand("border-color", "1px") == nil)
    }

    @Test func borders() {
        let sides = ["top", "right", "bottom", "left"]
        var all: [String: String] = [:]
        for side in sides {
            all["border-\(side)-width"] = "2px"
            all["border-\(side)-style"] = "solid"
            all["border-\(side)-color"] = "rgb(0 0 0 / 50%)"
        }
        #expect(expand("border", "solid rgb(0 0 0 / 50%) 2px") == all)
        #expect(expand("border-top", "dashed") == ["border-top-width": "medium", "border-top-style": "dashed", "border-top-color": "currentcolor"])
        #expect(expand("border-left", "thick red") == ["border-left-width": "thick", "border-left-style": "none", "border-left-color": "red"])
        #expect(expand("border", "solid solid") == nil)
        #expect(expand("border", "1px solid red blue") == nil)
        #expect(expand("border", "1px wobbly") == nil)
        #expect(expand("outline", "auto 3px #fff") == ["outline-width": "3px", "outline-style": "auto", "outline-color": "#fff"])
        #expect(expand("outline", "dotted") == ["outline-width": "medium", "outline-style": "dotted", "outline-color": "currentcolor"])
        #expect(expand("outline", "1px 2px") == nil)
    }

    @Test func borderRadius() {
        #expect(expand("border-radius", "4px") == ["border-top-left-radius": "4px", "border-top-right-radius": "4px", "border-bottom-right-radius": "4px", "border-bottom-left-radius": "4px"])
        #expect(expand("border-radius", "1px 2px 3px") == ["border-top-left-radius": "1px", "border-top-right-radius": "2px", "border-bottom-right-radius": "3px", "border-bottom-left-radius": "2px"])
        #expect(expand("border-radius", "10px / 20px") == ["border-top-left-radius": "10px 20px", "border-top-right-radius": "10px 20px", "border-bottom-right-radius": "10px 20px", "border-bottom-left-radius": "10px 20px"])
        #expect(expand("border-radius", "10px 5% / 20px") == ["border-top-left-radius": "10px 20px", "border-top-right-radius": "5% 20px", "border-bottom-right-radius": "10px 20px", "border-bottom-left-radius": "5% 20px"])
        #expect(expand("border-radius", "1px / 2px / 3px") == nil)
        #expect(expand("border-radius", "1px /") == nil)
        #expect(expand("border-radius", "red") == nil)
    }

    @Test func gapAndOverflow() {
        #expect(expand("gap", "4px") == ["row-gap": "4px", "column-gap": "4px"])
        #expect(expand("gap", "4px 8%") == ["row-gap": "4px", "column-gap": "8%"])
        #expect(expand("gap", "1px 2px 3px") == nil)
        #expect(expand("overflow", "hidden") == ["overflow-x": "hidden", "overflow-y": "hidden"])
        #expect(expand("overflow", "hidden auto") == ["overflow-x": "hidden", "overflow-y": "auto"])
        #expect(expand("overflow", "1px") == nil)
    }

    @Test func flex() {
        #expect(expand("flex", "none") == ["flex-grow": "0", "flex-shrink": "0", "flex-basis": "auto"])
        #expect(expand("flex", "auto") == ["flex-grow": "1", "flex-shrink": "1", "flex-basis": "auto"])
        #expect(expand("flex", "initial") == ["flex-grow": "initial", "flex-shrink": "initial", "flex-basis": "initial"])
        #expect(expand("flex", "2") == ["flex-grow": "2", "flex-shrink": "1", "flex-basis": "0%"])
        #expect(expand("flex", "2 3") == ["flex-grow": "2", "flex-shrink": "3", "flex-basis": "0%"])
        #expect(expand("flex", "2 10px") == ["flex-grow": "2", "flex-shrink": "1", "flex-basis": "10px"])
        #expect(expand("flex", "10px 2") == ["flex-grow": "2", "flex-shrink": "1", "flex-basis": "10px"])
        #expect(expand("flex", "1 0 0") == ["flex-grow": "1", "flex-shrink": "0", "flex-basis": "0"])
        #expect(expand("flex", "30%") == ["flex-grow": "1", "flex-shrink": "1", "flex-basis": "30%"])
        #expect(expand("flex", "content") == ["flex-grow": "1", "flex-shrink": "1", "flex-basis": "content"])
        #expect(expand("flex", "1 10px 2") == nil)
        #expect(expand("flex", "1 2 3 4") == nil)
        #expect(expand("flex", "red") == nil)
        #expect(expand("flex", "10px 20px") == nil)
        #expect(expand("flex-flow", "column wrap") == ["flex-direction": "column", "flex-wrap": "wrap"])
        #expect(expand("flex-flow", "wrap-reverse") == ["flex-direction": "row", "flex-wrap": "wrap-reverse"])
        #expect(expand("flex-flow", "row column") == nil)
    }

    @Test func placeShorthands() {
        #expect(expand("place-content", "center") == ["align-content": "center", "justify-content": "center"])
        #expect(expand("place-content", "start space-between") == ["align-content": "start", "justify-content": "space-between"])
        #expect(expand("place-items", "first baseline") == ["align-items": "first baseline", "justify-items": "start"])
        #expect(expand("place-self", "safe center end") == ["align-self": "safe center", "justify-self": "end"])
        #expect(expand("place-items", "center center center") == nil)
        #expect(expand("place-self", "10px") == nil)
    }

    @Test func textDecoration() {
        #expect(expand("text-decoration", "underline") == ["text-decoration-line": "underline", "text-decoration-style": "solid", "text-decoration-color": "currentcolor", "text-decoration-thickness": "auto"])
        #expect(expand("text-decoration", "underline overline wavy red 2px") == ["text-decoration-line": "underline overline", "text-decoration-style": "wavy", "text-decoration-color": "red", "text-decoration-thickness": "2px"])
        #expect(expand("text-decoration", "none") == ["text-decoration-line": "none", "text-decoration-style": "solid", "text-decoration-color": "currentcolor", "text-decoration-thickness": "auto"])
        #expect(expand("text-decoration", "underline underline") == nil)
        #expect(expand("text-decoration", "none underline") == nil)
        #expect(expand("text-decoration", "sparkly") == nil)
    }

    @Test func listStyle() {
        #expect(expand("list-style", "square inside") == ["list-style-type": "square", "list-style-position": "inside", "list-style-image": "none"])
        #expect(expand("list-style", "none") == ["list-style-type": "none", "list-style-position": "outside", "list-style-image": "none"])
        #expect(expand("list-style", "url(a.png) none") == ["list-style-type": "none", "list-style-position": "outside", "list-style-image": "url(a.png)"])
        #expect(expand("list-style", "'-' outside") == ["list-style-type": "'-'", "list-style-position": "outside", "list-style-image": "none"])
        #expect(expand("list-style", "disc circle") == nil)
        #expect(expand("list-style", "none none none") == nil)
    }

    @Test func font() {
        #expect(expand("font", "12px serif") == ["font-style": "normal", "font-variant-caps": "normal", "font-weight": "normal", "font-stretch": "normal",
                                                 "font-size": "12px", "line-height": "normal", "font-family": "serif"])
        #expect(expand("font", "italic small-caps bold condensed 16px/1.5 \"Helvetica Neue\", Arial, sans-serif") == [
            "font-style": "italic", "font-variant-caps": "small-caps", "font-weight": "bold", "font-stretch": "condensed",
            "font-size": "16px", "line-height": "1.5", "font-family": "\"Helvetica Neue\", Arial, sans-serif"])
        #expect(expand("font", "700 large/normal Open Sans")?["font-family"] == "Open Sans")
        #expect(expand("font", "700 large/normal Open Sans")?["font-weight"] == "700")
        #expect(expand("font", "normal normal 1em x")?["font-size"] == "1em")
        #expect(expand("font", "oblique 10deg 2em x")?["font-style"] == "oblique 10deg")
        #expect(expand("font", "caption") == nil)
        #expect(expand("font", "12px") == nil)
        #expect(expand("font", "bold serif") == nil)
        #expect(expand("font", "12px/ serif") == nil)
        #expect(expand("font", "12px 'a' b") == nil)
        #expect(expand("font", "bold bold 12px x") == nil)
    }

    @Test func background() {
        #expect(expand("background", "red") == [
            "background-color": "red", "background-image": "none", "background-position": "0% 0%", "background-size": "auto",
            "background-repeat": "repeat", "background-attachment": "scroll", "background-origin": "padding-box", "background-clip": "border-box"])
        #expect(expand("background", "url(a.png) center / cover no-repeat #fff content-box") == [
            "background-color": "#fff", "background-image": "url(a.png)", "background-position": "center", "background-size": "cover",
            "background-repeat": "no-repeat", "background-attachment": "scroll", "background-origin": "content-box", "background-clip": "content-box"])
        #expect(expand("background", "linear-gradient(red, blue) 0 0 / 10px 20px repeat-x fixed padding-box text")?["background-clip"] == "text")
        let layers = expand("background", "url(a.png) no-repeat, linear-gradient(red, blue) green")
        #expect(layers?["background-image"] == "url(a.png), linear-gradient(red, blue)")
        #expect(layers?["background-repeat"] == "no-repeat, repeat")
        #expect(layers?["background-color"] == "green")
        #expect(expand("background", "red, url(a.png)") == nil)  // a colour only in the last layer
        #expect(expand("background", "red blue") == nil)
        #expect(expand("background", "url(a) / cover") == nil)
        #expect(expand("background", "url(a),") == nil)
    }

    @Test func cssWideKeywordsGoToEveryLonghandAlone() {
        #expect(expand("padding", "inherit") == ["padding-top": "inherit", "padding-right": "inherit", "padding-bottom": "inherit", "padding-left": "inherit"])
        #expect(expand("padding", "1px inherit") == nil)
    }

    @Test func theTableCoversEveryExpandedShorthand() {
        for (shorthand, longhands) in CSSShorthands.longhands {
            #expect(!longhands.isEmpty, "\(shorthand)")
            #expect(Set(longhands).count == longhands.count, "\(shorthand)")
        }
        #expect(CSSShorthands.longhands.count == 24)
        #expect(inheritedProperties.contains("color") && inheritedProperties.contains("-webkit-text-stroke-width"))
        #expect(!inheritedProperties.contains("margin-top") && !inheritedProperties.contains("text-decoration-line"))
    }

    @Test func anInvalidShorthandIsDroppedWithAWarningInTheCascade() throws {
        let tree = StyleTestSupport.tree(.element("div", ["id": "d"]))
        let result = try StyleTestSupport.cascade(tree, author: ["div { margin: 1px; margin: 1px 2px 3px 4px 5px; border: 1px solid bogus; font: 12px serif }"])
        let s = try #require(result.styles[0])
        #expect(s["margin-top"] == "1px" && s["margin-right"] == "1px")
        #expect(s["border-top-width"] == nil)
        #expect(result.warnings.map(\.property) == ["margin", "border"])
        // The validator does not know font-stretch: the longhand font only resets is left out.
        #expect(s["font-size"] == "12px" && s["font-stretch"] == nil)
    }
}
