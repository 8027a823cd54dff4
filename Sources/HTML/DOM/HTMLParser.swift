internal import CLibXML2
internal import Canvas

/// Parses HTML into an ``HTMLTree`` with libxml2's HTML parser, which recovers from broken markup
/// as browsers do (unclosed and misnested tags, entities, attributes without quotes, implied
/// `<html>`, `<head>` and `<body>`), never touches the network and never runs anything.
///
/// Comments, processing instructions and doctype are dropped; every other element is kept with
/// its attributes (event handlers are inert data: nothing here runs). An inline `<svg>` is kept as
/// one element whose markup, rewritten as an SVG document, is in ``HTMLTree/svgMarkup``. The tree
/// always has `<html>` with `<head>` and `<body>`, as a browser's does.
public enum HTMLParser {
    /// Parses `html`.
    ///
    /// - Throws: ``HTMLError`` when the document is over `limits`.
    public static func parse(_ html: String, limits: HTMLLimits = HTMLLimits()) throws(HTMLError) -> HTMLTree {
        let byteCount = html.utf8.count
        guard byteCount <= limits.maxBytes else { throw .documentTooLarge(bytes: byteCount, limit: limits.maxBytes) }
        guard byteCount > 0 else {
            var empty = Builder(limits: limits)
            return empty.finish()
        }
        _ = SVGStructureCheck.libxml2Initialised
        var text = html
        let document: htmlDocPtr? = text.withUTF8 { (bytes: UnsafeBufferPointer<UInt8>) -> htmlDocPtr? in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                    | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
                return htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options)
            }
        }
        guard let document else { throw .parserFailed("libxml2 returned no document") }
        defer { xmlFreeDoc(document) }
        var builder = Builder(limits: limits)
        if let root = xmlDocGetRootElement(document) {
            moveBodyContentOutOfHead(root)
            try builder.walk(root)
        }
        return builder.finish()
    }

    /// Elements a browser keeps in `<head>` (HTML's "in head" insertion mode).
    static let headElements: Set<String> = ["base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style",
                                            "template", "title", "noscript"]

    /// Moves what libxml2's HTML 4 parser left in `<head>` but a browser puts in `<body>` there:
    /// from the first element that is not head content (`<section>`, `<article>`, `<nav>`… after
    /// a `<style>` with no `<body>` tag) or text that is not white space, everything after it
    /// (HTML's "anything else" in the "in head" mode closes the head and opens the body).
    static func moveBodyContentOutOfHead(_ root: xmlNodePtr) {
        func name(_ node: xmlNodePtr) -> String { node.pointee.name.map { String(cString: $0).lowercased() } ?? "" }
        func elementChild(_ parent: xmlNodePtr, named wanted: String) -> xmlNodePtr? {
            var child = parent.pointee.children
            while let node = child {
                if node.pointee.type == XML_ELEMENT_NODE, name(node) == wanted { return node }
                child = node.pointee.next
            }
            return nil
        }
        guard name(root) == "html", let head = elementChild(root, named: "head") else { return }
        var first = head.pointee.children
        while let node = first {
            let isBody = switch node.pointee.type {
            case XML_ELEMENT_NODE: !headElements.contains(name(node))
            case XML_TEXT_NODE: node.pointee.content.map { !String(cString: $0).allSatisfy { " \t\n\r\u{0C}".contains($0) } } ?? false
            default: false
            }
            if isBody { break }
            first = node.pointee.next
        }
        guard let first else { return }
        let body: xmlNodePtr
        if let existing = elementChild(root, named: "body") {
            body = existing
        } else {
            guard let made = xmlNewDocNode(root.pointee.doc, nil, "body", nil) else { return }
            xmlAddNextSibling(head, made)
            body = made
        }
        let before = body.pointee.children
        var moving: xmlNodePtr? = first
        while let node = moving {
            moving = node.pointee.next
            xmlUnlinkNode(node)
            if let before { xmlAddPrevSibling(before, node) } else { xmlAddChild(body, node) }
        }
    }

    /// An attribute's value: the text of its children (libxml2 has decoded the entities), read
    /// without libxml2 allocating a copy.
    static func value(of attribute: xmlAttrPtr) -> String {
        var value = ""
        var child = attribute.pointee.children
        while let c = child {
            if let content = c.pointee.content { value += String(cString: content) }
            child = c.pointee.next
        }
        return value
    }

    /// Copies libxml2's tree into an ``HTMLTree``, counting against the limits as it goes.
    struct Builder {
        let limits: HTMLLimits
        var tree = HTMLTree()
        var textBytes = 0

        init(limits: HTMLLimits) { self.limits = limits }

        /// Copies the element `root` (the document's root element) and everything below it; a
        /// root other than `<html>` (a fragment) goes into a `<body>` of an `<html>` made for it.
        /// Iterative: a stack of (next sibling to visit, parent in our tree).
        mutating func walk(_ root: xmlNodePtr) throws(HTMLError) {
            var parent: HTMLTree.NodeID?
            if name(of: root) != "html" {
                let html = tree.appendElement("html", parent: nil)
                parent = tree.appendElement("body", parent: html)
            }
            var stack: [(cursor: xmlNodePtr?, parent: HTMLTree.NodeID)] = []
            if let id = try visit(root, parent: parent) { stack.append((root.pointee.children, id)) }
            while let top = stack.last {
                guard let node = top.cursor else {
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].cursor = node.pointee.next
                if let id = try visit(node, parent: top.parent) { stack.append((node.pointee.children, id)) }
            }
        }

        /// Adds `node` under `parent`; returns the element whose children are to be visited next.
        private mutating func visit(_ node: xmlNodePtr, parent: HTMLTree.NodeID?) throws(HTMLError) -> HTMLTree.NodeID? {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let id = try appendElement(node, parent: parent)
                guard tree[id].name == "svg" else { return id }
                let markup = SVGMarkup.document(from: node)
                textBytes += markup.utf8.count
                guard textBytes <= limits.maxTextBytes else { throw .textTooLong(limit: limits.maxTextBytes) }
                tree.svgMarkup[id] = markup
                return nil
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                guard let parent, let content = node.pointee.content else { return nil }
                let text = String(cString: content)
                textBytes += text.utf8.count
                guard textBytes <= limits.maxTextBytes else { throw .textTooLong(limit: limits.maxTextBytes) }
                if !text.isEmpty { tree.appendText(text, parent: parent) }
                return nil
            default:
                return nil
            }
        }

        private mutating func appendElement(_ node: xmlNodePtr, parent: HTMLTree.NodeID?) throws(HTMLError) -> HTMLTree.NodeID {
            if let parent, tree[parent].depth + 1 > limits.maxDepth { throw .tooDeep(limit: limits.maxDepth) }
            var attributes: [HTMLAttribute] = []
            var attribute = node.pointee.properties
            while let a = attribute {
                attributes.append(HTMLAttribute(name: String(cString: a.pointee.name), value: HTMLParser.value(of: a)))
                attribute = a.pointee.next
            }
            elementCount += 1
            guard elementCount <= limits.maxElements else { throw .tooManyElements(limit: limits.maxElements) }
            return tree.appendElement(name(of: node), attributes: attributes, parent: parent)
        }

        private var elementCount = 0

        private func name(of node: xmlNodePtr) -> String {
            node.pointee.name.map { String(cString: $0) } ?? ""
        }

        /// The tree with `<head>` and `<body>` added where libxml2 left them out (an empty
        /// document, a document of head content only).
        mutating func finish() -> HTMLTree {
            if tree.root == nil { tree.appendElement("html", parent: nil) }
            let html = HTMLTree.NodeID(0)
            let children = tree.elementChildren(of: html).map { tree[$0].name }
            if !children.contains("head") && !children.contains("body") { tree.appendElement("head", parent: html) }
            if !children.contains("body") { tree.appendElement("body", parent: html) }
            return tree
        }
    }
}
