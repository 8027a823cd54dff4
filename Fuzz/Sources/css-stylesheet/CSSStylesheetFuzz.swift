import FuzzSupport
import HTML

/// Limits small enough that every input finishes fast, large enough that real sheets pass.
private let limits = StyleLimits(maximumSheetBytes: 1 << 16, maximumRules: 2_000, maximumDeclarations: 10_000, maximumMatchSteps: 200_000)

/// A small document: selectors of every kind find something in it; its `div` carries `style`.
private func document(style: String) -> HTMLTree {
    var tree = HTMLTree()
    let html = tree.appendElement("html", parent: nil)
    let body = tree.appendElement("body", attributes: [HTMLAttribute(name: "class", value: "page dark")], parent: html)
    let main = tree.appendElement("div", attributes: [HTMLAttribute(name: "id", value: "main"), HTMLAttribute(name: "class", value: "card big"),
                                                      HTMLAttribute(name: "title", value: "Hello world"), HTMLAttribute(name: "lang", value: "en-US"),
                                                      HTMLAttribute(name: "style", value: style)], parent: body)
    let h1 = tree.appendElement("h1", parent: main)
    tree.appendText("Title", parent: h1)
    let p = tree.appendElement("p", attributes: [HTMLAttribute(name: "class", value: "first lead")], parent: main)
    tree.appendText("Some ", parent: p)
    tree.appendElement("b", parent: p)
    tree.appendElement("span", attributes: [HTMLAttribute(name: "data-x", value: "abc")], parent: main)
    let list = tree.appendElement("ul", parent: main)
    for index in 0..<4 { tree.appendElement("li", attributes: [HTMLAttribute(name: "class", value: index % 2 == 0 ? "odd" : "even")], parent: list) }
    tree.appendElement("img", attributes: [HTMLAttribute(name: "src", value: "a.png")], parent: body)
    return tree
}

/// A validator that refuses some values (so lower declarations win) by a property of the text.
private func validator(_ property: String, _ value: String) -> Bool {
    !value.isEmpty && value.utf8.count % 7 != 3 && !value.contains("!")
}

/// `StyleSheet(parsing:)` and the cascade over arbitrary text (its seeds are small sheets): both
/// must return or throw a ``StyleError``, never crash; parsing is deterministic; the limits hold;
/// every cascaded property was declared (itself, or a shorthand of it) and every custom property too.
@_cdecl("LLVMFuzzerTestOneInput")
public func cssStylesheetFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzInput(start, count), as: UTF8.self)
    let sheet: StyleSheet
    do {
        sheet = try StyleSheet(parsing: text, limits: limits)
    } catch {
        return 0
    }
    require((try? StyleSheet(parsing: text, limits: limits)) == sheet, "parsing the same text twice gave different sheets")
    require(sheet.rules.count <= limits.maximumRules, "more rules than the limit")
    require(sheet.rules.reduce(0) { $0 + $1.declarations.count } <= limits.maximumDeclarations, "more declarations than the limit")
    require(sheet.rules.enumerated().allSatisfy { $0.offset == $0.element.index }, "rule indices are not source order")

    let inline = String(text.prefix(256))
    let tree = document(style: inline)
    let result: CascadeResult
    do {
        result = try Cascade(sources: [.init(sheet, origin: .author)], viewport: MediaViewport(width: 600, height: 400), limits: limits)
            .run(on: tree, validator: validator)
    } catch {
        return 0
    }
    require(result.matchSteps <= limits.maximumMatchSteps, "the cascade took more steps than the limit")
    require(result.styles.count == tree.count, "a style slot per node")

    // What was declared, in the sheet or in the style attribute.
    var declared = Set(sheet.rules.flatMap { $0.declarations.map(\.name) })
    if let attribute = try? StyleSheet.declarations(parsingStyleAttribute: inline, limits: limits) {
        declared.formUnion(attribute.map(\.name))
    }
    var settable = declared
    for name in declared { settable.formUnion(CSSShorthands.longhands[name] ?? []) }
    for (index, style) in result.styles.enumerated() {
        guard let style else {
            require(tree.nodes[index].kind == .text, "an element without a style")
            continue
        }
        for property in style.values.keys {
            require(settable.contains(property), "\(property) has a value no declaration set")
            require(!property.hasPrefix("--"), "a custom property among the values")
        }
        for name in style.customProperties.keys { require(declared.contains(name), "\(name) was never declared") }
    }
    return 0
}
