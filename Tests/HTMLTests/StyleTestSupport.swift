@testable import HTML

/// What the style tests share: a tree built from a compact description, a validator that knows
/// a few properties' grammars, and a one-call cascade.
enum StyleTestSupport {
    /// A tree from nested `(name, attributes, children)`, built depth first.
    indirect enum Spec {
        case element(String, [String: String] = [:], [Spec] = [])
        case text(String)
    }

    /// The tree of `spec`, its root first.
    static func tree(_ spec: Spec) -> HTMLTree {
        var tree = HTMLTree()
        func add(_ spec: Spec, parent: HTMLTree.NodeID?) {
            switch spec {
            case .element(let name, let attributes, let children):
                let id = tree.appendElement(name, attributes: attributes.sorted { $0.key < $1.key }.map { HTMLAttribute(name: $0.key, value: $0.value) }, parent: parent)
                for child in children { add(child, parent: id) }
            case .text(let text):
                if let parent { tree.appendText(text, parent: parent) }
            }
        }
        add(spec, parent: nil)
        return tree
    }

    /// The first element with `id`.
    static func element(_ tree: HTMLTree, id: String) -> HTMLTree.NodeID {
        HTMLTree.NodeID(tree.nodes.firstIndex { $0.id == id }!)
    }

    /// A validator for tests: `color`-like properties take colours, `float` takes left, right or
    /// none, widths take lengths or keywords; a value containing `bogus` is never valid; any
    /// other property is valid unless it is `rotation` (an unknown property).
    static func validator(_ property: String, _ value: String) -> Bool {
        if value.contains("bogus") || property == "rotation" { return false }
        if property == "color" || property.hasSuffix("-color") { return ValueWords.isColor(value) }
        if property == "float" { return ["left", "right", "none"].contains(value) }
        if property.hasSuffix("-width") { return ValueWords.isLineWidth(value) || value == "auto" }
        if property == "font-stretch" { return false }  // a property this element model does not know
        return true
    }

    /// Every element's cascaded style, the tree's `<style>`-less sheets given as author sheets.
    static func cascade(_ tree: HTMLTree, author: [String], userAgent: String = "", viewport: MediaViewport = MediaViewport(width: 800, height: 600),
                        limits: StyleLimits = StyleLimits()) throws -> CascadeResult {
        var sources: [Cascade.Source] = []
        if !userAgent.isEmpty { sources.append(Cascade.Source(try StyleSheet(parsing: userAgent, name: "ua"), origin: .userAgent)) }
        for (index, text) in author.enumerated() {
            sources.append(Cascade.Source(try StyleSheet(parsing: text, name: "style[\(index)]", limits: limits), origin: .author))
        }
        return try Cascade(sources: sources, viewport: viewport, limits: limits).run(on: tree, validator: validator)
    }
}
