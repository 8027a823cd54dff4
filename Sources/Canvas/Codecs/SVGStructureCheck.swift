import CLibXML2

/// The check an SVG document passes before librsvg loads it: one libxml2 SAX pass, parsed as
/// librsvg parses (no network, internal entities expanded, libxml2's default limits, among them
/// its entity-amplification guard), that counts elements, nesting depth and text bytes and stops at the first
/// one over ``SVGLimits``. No tree is built and no external entity or DTD is ever loaded: only
/// internal general entities are declared, so any other reference stays undeclared.
///
/// Runs on the calling thread with a parser context of its own; libxml2 is initialised once per
/// process (``libxml2Initialised``), as its manual asks before parsing on several threads.
package enum SVGStructureCheck {
    /// Throws when `bytes` is over `limits` or is not well-formed XML.
    ///
    /// - Throws: ``CanvasError/svgOverLimit(_:limit:)``, or ``CanvasError/corruptImage(format:detail:)``
    ///   (``CanvasError/truncatedImage(format:detail:)`` when the data ends inside an element)
    ///   with libxml2's first error.
    ///
    /// Then the pictures the document embeds as `data:` URLs in `href`s are checked
    /// (``SVGEmbeddedImages``) against `pixelLimits` and these limits; `nesting` counts the SVG
    /// pictures this document is inside of.
    ///
    /// - Returns: whether the document declares entities (then librsvg must be given
    ///   ``SVGEntityExpansion/expanded(_:)`` instead).
    @discardableResult
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, limits: SVGLimits, pixelLimits: PixelLimits, nesting: Int = 0) throws(CanvasError) -> Bool {
        guard bytes.count <= limits.maxBytes else { throw .svgOverLimit(.bytes, limit: limits.maxBytes) }
        guard let base = bytes.baseAddress, bytes.count > 0, bytes.count <= Int(Int32.max) else {
            throw .corruptImage(format: .svg, detail: "the document is empty")
        }
        _ = libxml2Initialised
        let scan = Scan(limits: limits)
        let context = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            xmlCreateMemoryParserCtxt($0, Int32(bytes.count))
        }
        guard let context else { throw .outOfMemory(bytes: bytes.count) }
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(context)
        }
        scan.root = context
        // The context's SAX table (allocated with it, freed with it) is overwritten in place.
        context.pointee.sax.pointee = makeHandler()
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue))
        let unmanaged = Unmanaged.passRetained(scan)
        defer { unmanaged.release() }
        context.pointee._private = unmanaged.toOpaque()
        xmlParseDocument(context)
        if let kind = scan.exceeded { throw .svgOverLimit(kind, limit: limits.value(of: kind)) }
        guard context.pointee.wellFormed != 0, scan.firstError == nil else {
            let detail = scan.firstError ?? "libxml2 found the document not well-formed"
            if scan.truncated { throw .truncatedImage(format: .svg, detail: detail) }
            throw .corruptImage(format: .svg, detail: detail)
        }
        try SVGEmbeddedImages.check(scan.embedded, limits: limits, pixelLimits: pixelLimits, nesting: nesting)
        return scan.declaresEntities
    }

    /// libxml2's `xmlInitParser`, called once (a Swift global is initialised exactly once).
    package static let libxml2Initialised: Void = xmlInitParser()

    /// What the pass has seen. Confined to the thread running the pass.
    private final class Scan {
        let limits: SVGLimits
        var elements = 0
        var depth = 0
        /// Bytes of text and CDATA, entity expansions included.
        var textBytes = 0
        /// The `data:` URLs of `href` attributes, in document order.
        var embedded: [String] = []
        /// Whether the document declares an internal general entity.
        var declaresEntities = false
        var exceeded: SVGLimits.Kind?
        var firstError: String?
        var truncated = false
        /// The document's context: stopped too when an entity's content (parsed in a context of
        /// its own) goes over a limit.
        var root: xmlParserCtxtPtr?

        init(limits: SVGLimits) { self.limits = limits }

        /// The scan of a callback's context (entity contents are parsed in contexts that share
        /// the document context's `_private`).
        static func of(_ context: UnsafeMutableRawPointer?) -> (Scan, xmlParserCtxtPtr)? {
            guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self), let scan = parser.pointee._private else {
                return nil
            }
            return (Unmanaged<Scan>.fromOpaque(scan).takeUnretainedValue(), parser)
        }

        func stop(_ parser: xmlParserCtxtPtr, _ kind: SVGLimits.Kind) {
            if exceeded == nil { exceeded = kind }
            xmlStopParser(parser)
            if let root, root != parser { xmlStopParser(root) }
        }
    }

    /// libxml2's SAX2 defaults for the document and its internal subset, with the element, text
    /// and error callbacks replaced: elements are counted, text is skipped, no node is built.
    private static func makeHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        xmlSAXVersion(&sax, 2)
        sax.startElementNs = { context, _, _, _, _, _, attributeCount, _, attributes in
            guard let (scan, parser) = Scan.of(context), scan.exceeded == nil else {
                if let context { xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self)) }
                return
            }
            // Five pointers an attribute: local name, prefix, URI, value start, value end.
            if let attributes {
                for index in 0..<Int(max(0, attributeCount)) {
                    let base = index * 5
                    guard let name = attributes[base], let start = attributes[base + 3], let end = attributes[base + 4],
                          xmlStrEqual(name, "href") != 0 else { continue }
                    let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                    if value.drop(while: \.isWhitespace).prefix(5).lowercased() == "data:" { scan.embedded.append(value) }
                }
            }
            scan.elements += 1
            scan.depth += 1
            if scan.elements > scan.limits.maxElementCount {
                scan.stop(parser, .elements)
            } else if scan.depth > scan.limits.maxDepth {
                scan.stop(parser, .depth)
            }
        }
        sax.endElementNs = { context, _, _, _ in
            guard let (scan, _) = Scan.of(context) else { return }
            scan.depth -= 1
        }
        // Text is counted, not kept: a document whose entities expand to more text than the byte
        // limit (the "quadratic blowup") is over the byte limit.
        let text: charactersSAXFunc = { context, _, length in
            guard let (scan, parser) = Scan.of(context), scan.exceeded == nil else { return }
            scan.textBytes += Int(length)
            if scan.textBytes > scan.limits.maxBytes { scan.stop(parser, .bytes) }
        }
        sax.characters = text
        sax.cdataBlock = text
        sax.entityDecl = { context, name, type, publicID, systemID, content in
            // Internal general entities only: an external one (a file, a URL) or a parameter
            // entity is never declared, so it can never be loaded.
            guard type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue) else { return }
            Scan.of(context)?.0.declaresEntities = true
            xmlSAX2EntityDecl(context, name, type, publicID, systemID, content)
        }
        sax.serror = { context, error in
            guard let error, let (scan, parser) = Scan.of(context) else { return }
            guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, scan.firstError == nil else { return }
            let code = error.pointee.code
            // libxml2's own depth limit (256 without XML_PARSE_HUGE) is the depth limit too.
            if code == Int32(XML_ERR_INTERNAL_ERROR.rawValue), let message = error.pointee.message,
               String(cString: message).contains("Excessive depth") {
                scan.stop(parser, .depth)
                return
            }
            guard code != Int32(XML_ERR_USER_STOP.rawValue) else { return }
            var message = error.pointee.message.map { String(cString: $0) } ?? "libxml2 error \(code)"
            while message.last?.isWhitespace == true { message.removeLast() }
            scan.firstError = "line \(error.pointee.line): \(message)"
            scan.truncated = code == Int32(XML_ERR_TAG_NOT_FINISHED.rawValue) || message.contains("Premature end")
        }
        sax.startElement = nil
        sax.endElement = nil
        sax.ignorableWhitespace = nil
        sax.comment = nil
        sax.processingInstruction = nil
        sax.reference = nil
        sax.externalSubset = nil
        sax.resolveEntity = nil
        sax.error = nil
        sax.warning = nil
        return sax
    }
}
