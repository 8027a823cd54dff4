/// The pictures an SVG carries inside itself as `data:` URLs in an `href` (`<image>`, `<feImage>`,
/// `<use>`), checked before librsvg decodes them: librsvg hands a raster picture to gdk-pixbuf,
/// which knows no ``PixelLimits`` and reads formats the Canvas does not, and reads an SVG picture
/// with no limits of ours. So a raster picture must be PNG, JPEG or WebP with a header within
/// the pixel limits, and an SVG picture passes the same checks as the document (nested at most
/// ``maxNesting`` deep). Links to anything else are never loaded (see ``SVGDocument``).
enum SVGEmbeddedImages {
    /// How deep SVG pictures may nest inside SVG pictures.
    static let maxNesting = 2

    /// Throws unless every `data:` URL in `urls` is a picture within the limits.
    ///
    /// - Throws: ``CanvasError/imageTooManyPixels(width:height:limit:)`` (or
    ///   ``CanvasError/invalidSize(width:height:problem:)``) for a raster picture over
    ///   `pixelLimits`, the nested document's errors for an SVG picture, and
    ///   ``CanvasError/corruptImage(format:detail:)`` for a picture that cannot be read or checked.
    static func check(_ urls: [String], limits: SVGLimits, pixelLimits: PixelLimits, nesting: Int) throws(CanvasError) {
        for url in urls {
            guard let bytes = payload(of: url) else {
                throw .corruptImage(format: .svg, detail: "an embedded data: URL does not decode (\(url.prefix(40))…)")
            }
            let format = ImageFormat.sniff(bytes)
            switch format {
            case .png, .jpeg, .webp:
                let info = try ImageDecoder.info(of: bytes)
                try pixelLimits.checkImage(width: info.width, height: info.height)
            case .svg:
                guard nesting < maxNesting else {
                    throw .corruptImage(format: .svg, detail: "SVG pictures nested more than \(maxNesting) deep are refused")
                }
                let declaresEntities = try ImageDecoder.withContiguousBytes(bytes) { buffer throws(CanvasError) in
                    try SVGStructureCheck.check(buffer, limits: limits, pixelLimits: pixelLimits, nesting: nesting + 1)
                }
                // librsvg reads an embedded document as it is: its entities would leak (see
                // SVGEntityExpansion), so they are refused there.
                if declaresEntities {
                    throw .corruptImage(format: .svg, detail: "an embedded SVG picture declares entities, which are refused inside pictures")
                }
            case nil:
                throw .corruptImage(format: .svg, detail: "an embedded picture is not PNG, JPEG, WebP or SVG (\(url.prefix(40))…): it is refused rather than decoded without limits")
            }
        }
    }

    /// The bytes of a `data:` URL (base64 or %-encoded), or `nil` when it is malformed.
    static func payload(of url: String) -> [UInt8]? {
        let text = url.drop { $0.isWhitespace }
        guard text.count > 5, DataURL.isDataURL(text), case .success(let payload) = DataURL.decode(text) else { return nil }
        return payload.bytes
    }
}
