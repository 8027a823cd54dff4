import CLibXML2

/// A document that declares entities, rewritten without them before librsvg reads it.
///
/// librsvg 2.54 keeps each internal entity it is given, and libxml2 hangs the entity's raw value on
/// it (`xmlEntity.orig`), which librsvg never frees: every parse of such a document leaks the size
/// of its entity values (measured: 100 kB a parse for one 100 kB entity). So a document that
/// declares entities, once it passed ``SVGStructureCheck``, is parsed here into a tree with its
/// entities substituted (only internal ones are ever declared, as in the check) and its root
/// element written out again: the same picture, no DTD, nothing for librsvg to leak.
enum SVGEntityExpansion {
    /// The root element of `bytes` with every entity substituted, as UTF-8 XML.
    ///
    /// - Throws: ``CanvasError/corruptImage(format:detail:)`` when libxml2 cannot rebuild it.
    static func expanded(_ bytes: UnsafeBufferPointer<UInt8>) throws(CanvasError) -> [UInt8] {
        _ = SVGStructureCheck.libxml2Initialised
        let context = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            xmlCreateMemoryParserCtxt($0, Int32(bytes.count))
        }
        guard let context else { throw .outOfMemory(bytes: bytes.count) }
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(context)
        }
        // libxml2's tree-building SAX2 handlers, with no external subset and only internal
        // general entities declared (as in the check), and silent.
        var sax = xmlSAXHandler()
        xmlSAXVersion(&sax, 2)
        sax.entityDecl = { context, name, type, publicID, systemID, content in
            guard type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue) else { return }
            xmlSAX2EntityDecl(context, name, type, publicID, systemID, content)
        }
        sax.externalSubset = nil
        sax.resolveEntity = nil
        sax.serror = { _, _ in }
        sax.error = nil
        sax.warning = nil
        context.pointee.sax.pointee = sax
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue))
        xmlParseDocument(context)
        guard context.pointee.wellFormed != 0, let document = context.pointee.myDoc, let root = xmlDocGetRootElement(document),
              let buffer = xmlBufferCreate() else {
            throw .corruptImage(format: .svg, detail: "libxml2 could not rebuild the document without its entities")
        }
        defer { xmlBufferFree(buffer) }
        guard xmlNodeDump(buffer, document, root, 0, 0) >= 0, let content = xmlBufferContent(buffer) else {
            throw .corruptImage(format: .svg, detail: "libxml2 could not write the document without its entities")
        }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }
}
