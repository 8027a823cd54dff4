/// A parsed HTML document: its elements and texts in one array, in document order (pre-order),
/// referring to each other by index. Selector matching walks parents and previous siblings, so
/// each node keeps what a selector asks of it (its name, id, classes, its place among its
/// element siblings) without searching.
///
/// Built by ``HTMLParser`` (libxml2's HTML parser, browsers' error recovery) or by hand with
/// ``appendElement(_:attributes:parent:)`` and ``appendText(_:parent:)``.
public struct HTMLTree: Hashable, Sendable {
    /// A node's position in its tree.
    public struct NodeID: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The node's index, in document order (0 is the root).
        public let index: Int
        /// Wraps an index.
        public init(_ index: Int) { self.index = index }
        /// By index, which is document order.
        public static func < (a: NodeID, b: NodeID) -> Bool { a.index < b.index }
        /// `#index`.
        public var description: String { "#\(index)" }
    }

    /// One node: an element or a run of text.
    public struct Node: Hashable, Sendable {
        /// What the node is.
        public enum Kind: Hashable, Sendable {
            /// An element (`<div>`).
            case element
            /// Character data, entities decoded.
            case text
        }

        /// Element or text.
        public let kind: Kind
        /// An element's local name in ASCII lower case (`div`, `h1`); empty for a text.
        public let name: String
        /// A text's characters; empty for an element.
        public internal(set) var text: String
        /// An element's attributes in source order: names in ASCII lower case, the first of a
        /// repeated name kept (as HTML's tokenizer does).
        public let attributes: [HTMLAttribute]
        /// The `id` attribute's value, if any and not empty.
        public let id: String?
        /// The `class` attribute split on ASCII white space, in order.
        public let classes: [String]
        /// The parent (`nil` for the root).
        public let parent: NodeID?
        /// Children in document order, elements and texts.
        public internal(set) var children: [NodeID] = []
        /// The element before this one among its parent's element children.
        public let previousElementSibling: NodeID?
        /// 1-based position among the parent's element children (`:nth-child`); 0 for a text.
        public let elementIndex: Int
        /// How many element children this node has (a child's `:last-child` asks its parent).
        public internal(set) var elementChildCount = 0
        /// Depth below the root (the root is 0).
        public let depth: Int

        /// The value of attribute `name` (lower case), if present.
        public func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }

        /// Whether this is an element named `name`.
        public func isElement(_ name: String) -> Bool { kind == .element && self.name == name }
    }

    /// Every node, in document order; the root is `nodes[0]`.
    public private(set) var nodes: [Node] = []
    /// The markup of each inline `<svg>` element, as an SVG document (its subtree is not in
    /// ``nodes``: the SVG decoder draws it).
    public internal(set) var svgMarkup: [NodeID: String] = [:]

    /// An empty tree; the first element appended is its root.
    public init() {}

    /// The root (the first node appended), `nil` while the tree is empty.
    public var root: NodeID? { nodes.isEmpty ? nil : NodeID(0) }

    /// The number of nodes.
    public var count: Int { nodes.count }

    /// The node `id`.
    public subscript(id: NodeID) -> Node { nodes[id.index] }

    /// Appends an element as the last child of `parent` (`nil`: the root, which must be the first
    /// node). `name` is lower-cased; attribute names too, and a repeated name keeps its first value.
    @discardableResult
    public mutating func appendElement(_ name: String, attributes: [HTMLAttribute] = [], parent: NodeID?) -> NodeID {
        precondition(parent != nil || nodes.isEmpty, "only the first node may be a root")
        let id = NodeID(nodes.count)
        var kept: [HTMLAttribute] = []
        kept.reserveCapacity(attributes.count)
        for attribute in attributes {
            let lowered = HTMLAttribute(name: Self.asciiLowercased(attribute.name), value: attribute.value)
            if !kept.contains(where: { $0.name == lowered.name }) { kept.append(lowered) }
        }
        let idValue = kept.first { $0.name == "id" }?.value
        let classes = kept.first { $0.name == "class" }.map { Self.splitOnWhitespace($0.value) } ?? []
        var previous: NodeID?
        var index = 1
        var depth = 0
        if let parent {
            let p = nodes[parent.index]
            previous = p.children.last { nodes[$0.index].kind == .element }
            index = p.elementChildCount + 1
            depth = p.depth + 1
            nodes[parent.index].children.append(id)
            nodes[parent.index].elementChildCount += 1
        }
        nodes.append(Node(kind: .element, name: Self.asciiLowercased(name), text: "", attributes: kept,
                          id: idValue.flatMap { $0.isEmpty ? nil : $0 }, classes: classes, parent: parent,
                          previousElementSibling: previous, elementIndex: index, depth: depth))
        return id
    }

    /// Appends text as the last child of `parent`; text next to text is merged into one node.
    @discardableResult
    public mutating func appendText(_ text: String, parent: NodeID) -> NodeID {
        if let last = nodes[parent.index].children.last, nodes[last.index].kind == .text {
            nodes[last.index].text += text
            return last
        }
        let id = NodeID(nodes.count)
        nodes[parent.index].children.append(id)
        nodes.append(Node(kind: .text, name: "", text: text, attributes: [], id: nil, classes: [], parent: parent,
                          previousElementSibling: nil, elementIndex: 0, depth: nodes[parent.index].depth + 1))
        return id
    }

    /// The element children of `id`, in order.
    public func elementChildren(of id: NodeID) -> [NodeID] {
        nodes[id.index].children.filter { nodes[$0.index].kind == .element }
    }

    /// The first element named `name` in document order, if any.
    public func firstElement(named name: String) -> NodeID? {
        nodes.firstIndex { $0.kind == .element && $0.name == name }.map(NodeID.init)
    }

    /// The text of every text node below `id`, in document order (a `<style>` element's sheet).
    public func textContent(of id: NodeID) -> String {
        var text = ""
        for index in subtree(of: id) where nodes[index].kind == .text { text += nodes[index].text }
        return text
    }

    /// The indices of `id` and every node below it: a contiguous range, since nodes are in
    /// document order (pre-order).
    public func subtree(of id: NodeID) -> Range<Int> {
        let depth = nodes[id.index].depth
        var end = id.index + 1
        while end < nodes.count, nodes[end].depth > depth { end += 1 }
        return id.index..<end
    }

    /// `text` with ASCII upper-case letters lowered (HTML names are ASCII case-insensitive).
    static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// `text` split on ASCII white space (HTML's space characters), empty pieces dropped.
    static func splitOnWhitespace(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).map(String.init)
    }
}

/// One attribute of an element.
public struct HTMLAttribute: Hashable, Sendable {
    /// The name (lower case once in a tree).
    public var name: String
    /// The value, entities decoded; empty for an attribute written without one.
    public var value: String

    /// An attribute.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
