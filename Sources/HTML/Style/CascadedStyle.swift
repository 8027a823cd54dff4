/// Where a stylesheet's rules come from, which orders them in the cascade (CSS Cascade 4, §6.2):
/// user-agent normal < author normal < author important < user-agent important.
public enum StyleOrigin: Hashable, Sendable {
    /// The engine's default sheet (the HTML rendering defaults).
    case userAgent
    /// The document's `<style>` sheets and `style` attributes.
    case author
}

/// One element's cascaded values: for each longhand a declaration set, the winning value's text.
public struct CascadedStyle: Hashable, Sendable {
    /// The winning value of each longhand property (kebab-case, `margin-top`), `var()`
    /// substituted. CSS-wide keywords (`inherit`, `initial`, `unset`, `revert`,
    /// `revert-layer`) are left as written for the caller to resolve; inheritance of a property
    /// no declaration sets is the caller's too. A property whose value is invalid at
    /// computed-value time (a `var()` cycle or missing variable) is absent, as `unset`.
    public var values: [String: String]
    /// The computed custom properties in scope (own and inherited), by name with `--`.
    public var customProperties: [String: String]

    /// A style.
    public init(values: [String: String] = [:], customProperties: [String: String] = [:]) {
        self.values = values
        self.customProperties = customProperties
    }

    /// The value of `property`, if one was declared.
    public subscript(property: String) -> String? { values[property] }
}

/// The cascade's result for a document.
public struct CascadeResult: Hashable, Sendable {
    /// Each node's style by node index: `nil` for a text node.
    public var styles: [CascadedStyle?]
    /// The `@font-face` rules of every sheet, in sheet order.
    public var fontFaces: [FontFaceRule]
    /// Everything ignored: the sheets' own warnings, then the cascade's (invalid values, `var()`
    /// failures, `style` attributes).
    public var warnings: [StyleWarning]
    /// The selector-matching steps taken (within ``StyleLimits/maximumMatchSteps``).
    public var matchSteps: Int

    /// The style of element `node` (`nil` for a text node).
    public subscript(node: HTMLTree.NodeID) -> CascadedStyle? { styles[node.index] }
}

extension HTMLTree {
    /// A node's path in warnings: `html > body > div:nth-child(2)` (a position only where the
    /// parent has several element children).
    public func stylePath(of id: NodeID) -> String {
        var parts: [String] = []
        var current: NodeID? = id
        while let node = current {
            let n = self[node]
            var part = n.kind == .element ? n.name : "#text"
            if let parent = n.parent, self[parent].elementChildCount > 1, n.kind == .element {
                part += ":nth-child(\(n.elementIndex))"
            }
            parts.append(part)
            current = n.parent
        }
        return parts.reversed().joined(separator: " > ")
    }
}
