internal import CLibXML2

/// Turns an inline `<svg>` that libxml2's HTML parser read into an SVG document librsvg can
/// read: HTML lower-cases names, SVG's are case-sensitive, so the names the HTML standard's
/// "adjust SVG attributes" and element-name tables list are restored; the SVG namespace (and
/// XLink's, when used) is declared; texts and attribute values are escaped for XML.
enum SVGMarkup {
    /// The SVG document for the `<svg>` element `node`.
    static func document(from node: xmlNodePtr) -> String {
        var out = ""
        var usesXLink = false
        write(node, into: &out, isRoot: true, usesXLink: &usesXLink)
        if usesXLink, let end = out.firstIndex(of: ">") {
            let insertAt = out[..<end].hasSuffix("/") ? out.index(before: end) : end
            out.insert(contentsOf: " xmlns:xlink=\"http://www.w3.org/1999/xlink\"", at: insertAt)
        }
        return out
    }

    /// Writes `node` and its subtree. Recursion is bounded by libxml2's own depth limit (256).
    private static func write(_ node: xmlNodePtr, into out: inout String, isRoot: Bool, usesXLink: inout Bool) {
        let name = elementNames[string(node.pointee.name)] ?? string(node.pointee.name)
        out += "<" + name
        var hasNamespace = false
        var attribute = node.pointee.properties
        while let a = attribute {
            attribute = a.pointee.next
            var attributeName = string(a.pointee.name)
            if let ns = a.pointee.ns, let prefix = ns.pointee.prefix { attributeName = string(prefix) + ":" + attributeName }
            attributeName = attributeNames[attributeName] ?? attributeName
            if attributeName == "xmlns" { hasNamespace = true }
            if attributeName == "xmlns:xlink" { continue }
            if attributeName.hasPrefix("xlink:") { usesXLink = true }
            out += " \(attributeName)=\"\(escaped(HTMLParser.value(of: a), quote: true))\""
        }
        if isRoot && !hasNamespace { out += " xmlns=\"http://www.w3.org/2000/svg\"" }
        guard node.pointee.children != nil else {
            out += "/>"
            return
        }
        out += ">"
        var child = node.pointee.children
        while let c = child {
            child = c.pointee.next
            switch c.pointee.type {
            case XML_ELEMENT_NODE: write(c, into: &out, isRoot: false, usesXLink: &usesXLink)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: out += escaped(c.pointee.content.map { string($0) } ?? "", quote: false)
            default: continue
            }
        }
        out += "</\(name)>"
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>) -> String { String(cString: pointer) }

    private static func escaped(_ text: String, quote: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quote: out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Lower-cased name → SVG's spelling (HTML standard, §13.2.6.5, "adjust SVG attributes").
    static let attributeNames: [String: String] = Dictionary(uniqueKeysWithValues: [
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits", "diffuseConstant",
        "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits", "kernelMatrix", "kernelUnitLength",
        "keyPoints", "keySplines", "keyTimes", "lengthAdjust", "limitingConeAngle", "markerHeight", "markerUnits",
        "markerWidth", "maskContentUnits", "maskUnits", "numOctaves", "pathLength", "patternContentUnits",
        "patternTransform", "patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ", "preserveAlpha",
        "preserveAspectRatio", "primitiveUnits", "refX", "refY", "repeatCount", "repeatDur", "requiredExtensions",
        "requiredFeatures", "specularConstant", "specularExponent", "spreadMethod", "startOffset", "stdDeviation",
        "stitchTiles", "surfaceScale", "systemLanguage", "tableValues", "targetX", "targetY", "textLength", "viewBox",
        "viewTarget", "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ].map { (HTMLTree.asciiLowercased($0), $0) })

    /// Lower-cased element name → SVG's spelling (HTML standard, §13.2.6.5, the SVG element names table).
    static let elementNames: [String: String] = Dictionary(uniqueKeysWithValues: [
        "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform", "clipPath",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
        "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "foreignObject", "glyphRef", "linearGradient",
        "radialGradient", "textPath",
    ].map { (HTMLTree.asciiLowercased($0), $0) })
}
