import Foundation
import Testing

@testable import Canvas

/// Hostile and broken SVG documents: each is refused with a typed error or drawn within bounds,
/// quickly, and nothing outside the document is ever loaded.
@Suite struct SVGHostileInputTests {
    static let header = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">"#

    /// Decodes `text` and returns the error, failing the test when it takes more than `seconds`.
    static func decodeError(_ text: String, options: DecodeOptions = DecodeOptions(), seconds: Double = 3) -> CanvasError? {
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            #expect(elapsed < .seconds(seconds), "took \(elapsed)")
        }
        do {
            _ = try ImageDecoder.decode(Array(text.utf8), options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func billionLaughsIsRefusedQuickly() {
        var doc = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol0 "lol">"#
        for level in 1...9 { doc += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">" }
        doc += "]>" + Self.header + "<text y=\"9\">&lol9;</text></svg>"
        let error = Self.decodeError(doc)
        #expect(error != nil)
        switch error {
        case .corruptImage(.svg, _), .svgOverLimit: break
        default: Issue.record("expected a typed SVG error, got \(String(describing: error))")
        }
    }

    @Test func quadraticBlowupIsOverTheByteLimit() {
        // 2 000 bytes referenced 5 000 times: 10 MB of text from a 17 kB document.
        let big = String(repeating: "x", count: 2_000)
        let doc = "<!DOCTYPE svg [<!ENTITY a \"\(big)\">]>" + Self.header + "<text y=\"9\">" + String(repeating: "&a;", count: 5_000) + "</text></svg>"
        #expect(Self.decodeError(doc) == .svgOverLimit(.bytes, limit: SVGLimits.default.maxBytes))
    }

    @Test func entitiesThatExpandToElementsCountEveryElement() {
        let doc = "<!DOCTYPE svg [<!ENTITY a \"" + String(repeating: "<g/>", count: 10) + "\"><!ENTITY b \""
            + String(repeating: "&a;", count: 10) + "\"><!ENTITY c \"" + String(repeating: "&b;", count: 10) + "\">]>"
            + Self.header + String(repeating: "&c;", count: 25) + "</svg>"
        // 25 000 elements from a document of a few hundred bytes: libxml2's amplification guard
        // or the element count stops it.
        switch Self.decodeError(doc) {
        case .svgOverLimit(.elements, 20_000), .corruptImage(.svg, _): break
        case let other: Issue.record("\(String(describing: other))")
        }
        // 10 elements referenced 2 500 times: little amplification, so the element count stops it.
        let flat = "<!DOCTYPE svg [<!ENTITY a \"" + String(repeating: "<g/>", count: 10) + "\">]>"
            + Self.header + String(repeating: "&a;", count: 2_500) + "</svg>"
        let error = Self.decodeError(flat)
        #expect(error == .svgOverLimit(.elements, limit: 20_000), "\(String(describing: error))")
        let fewer = "<!DOCTYPE svg [<!ENTITY a \"" + String(repeating: "<g/>", count: 10) + "\">]>"
            + Self.header + String(repeating: "&a;", count: 1_500) + "</svg>"
        #expect(Self.decodeError(fewer) == nil)
    }

    @Test func deepNestingIsRefusedQuickly() {
        let depth = 100_000
        let doc = Self.header + String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth) + "</svg>"
        #expect(Self.decodeError(doc) == .svgOverLimit(.depth, limit: 256))
        // Within a lower limit of one's own.
        let shallow = Self.header + String(repeating: "<g>", count: 20) + String(repeating: "</g>", count: 20) + "</svg>"
        #expect(Self.decodeError(shallow, options: DecodeOptions(svgLimits: SVGLimits(maxDepth: 10))) == .svgOverLimit(.depth, limit: 10))
        #expect(Self.decodeError(shallow) == nil)
    }

    @Test func tooManyElementsAndTooManyBytes() throws {
        let many = Self.header + String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 20_001) + "</svg>"
        #expect(Self.decodeError(many) == .svgOverLimit(.elements, limit: 20_000))
        #expect(Self.decodeError(many, options: DecodeOptions(svgLimits: SVGLimits(maxBytes: 1_000))) == .svgOverLimit(.bytes, limit: 1_000))
        #expect(throws: CanvasError.svgOverLimit(.bytes, limit: 100)) {
            try ImageDecoder.info(of: Array(many.utf8), svgLimits: SVGLimits(maxBytes: 100))
        }
        #expect(SVGLimits(maxElementCount: 5_000_000, maxDepth: 10_000) == SVGLimits(maxElementCount: 1_000_000, maxDepth: 256))
        #expect(CanvasError.svgOverLimit(.depth, limit: 256).description.contains("256"))
    }

    @Test func hugeViewBoxesAreDrawnWithinTheOutputSize() throws {
        let huge = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e38 1e38"><rect width="1e38" height="1e38" fill="red"/></svg>"#
        let bitmap = try ImageDecoder.decode(Array(huge.utf8))
        #expect(bitmap.width == 150 && bitmap.height == 150)
        #expect(bitmap.pixel(x: 75, y: 75)?.red == 255)
        // A viewBox so small the transform overflows: a typed error or an empty picture, no crash.
        let tiny = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 1e-38 1e-38"><rect width="1" height="1" fill="red"/></svg>"#
        if let error = Self.decodeError(tiny) { #expect(error.description.contains("SVG")) }
        let negative = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 -5 -5"><rect width="1" height="1"/></svg>"#
        _ = Self.decodeError(negative)
    }

    @Test func hugeSizesAreCheckedAgainstThePixelLimitsBeforeDrawing() throws {
        let doc = #"<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="1e9" viewBox="0 0 1 1"><rect width="1" height="1" fill="red"/></svg>"#
        let info = try ImageDecoder.info(of: Array(doc.utf8))
        #expect(info.width == 1_000_000_000)
        guard case .invalidSize(_, _, .tooLarge) = Self.decodeError(doc) else {
            Issue.record("expected invalidSize(tooLarge)")
            return
        }
        // Drawn at a box's size it is fine.
        let icon = try ImageDecoder.decode(Array(doc.utf8), target: .fit(width: 16, height: 16))
        #expect(icon.width == 16 && icon.pixel(x: 8, y: 8)?.red == 255)
        // A sliver asked to fill a box: the largest size within the limits, not an error.
        let sliver = #"<svg xmlns="http://www.w3.org/2000/svg" width="0.00001" height="150"><rect width="1" height="150" fill="red"/></svg>"#
        let filled = try ImageDecoder.decode(Array(sliver.utf8), target: .fill(width: 1, height: 50))
        #expect(filled.width == 1 && filled.height == PixelLimits.backendMaxDimension)
        let limited = try ImageDecoder.decode(Array(sliver.utf8), target: .fill(width: 1, height: 50), limits: PixelLimits(maxPixelCount: 1_000))
        #expect(limited.width == 1 && limited.height <= 1_000)
        let big = #"<svg xmlns="http://www.w3.org/2000/svg" width="5000" height="5000"/>"#
        #expect(Self.decodeError(big, options: DecodeOptions(limits: PixelLimits(maxPixelCount: 1_000_000))) == .tooManyPixels(width: 5000, height: 5000, limit: 1_000_000))
    }

    @Test func aHugeBlurIsBoundedByTheOutput() throws {
        let doc = #"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><filter id="f" x="-1e6" y="-1e6" width="2e6" height="2e6"><feGaussianBlur stdDeviation="1e9"/></filter><rect width="800" height="800" fill="red" filter="url(#f)"/></svg>"#
        #expect(Self.decodeError(doc, seconds: 10) == nil)
    }

    @Test func brokenDataIsATypedError() {
        #expect(Self.decodeError("") == .unknownImageFormat(leadingBytes: ""))
        #expect(throws: CanvasError.unknownImageFormat(leadingBytes: "")) { try ImageDecoder.info(of: [UInt8]()) }
        // Other XML is not SVG.
        guard case .unknownImageFormat = Self.decodeError(#"<?xml version="1.0"?><note>hi</note>"#) else {
            Issue.record("expected unknownImageFormat")
            return
        }
        // Cut short at every length from the root tag on: truncated or corrupt, never a crash.
        let whole = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g><circle cx="5" cy="5" r="4"/></g></svg>"#
        for length in 5..<(whole.utf8.count - 1) {
            let cut = String(decoding: Array(whole.utf8.prefix(length)), as: UTF8.self)
            switch Self.decodeError(cut) {
            case .truncatedImage(.svg, _), .corruptImage(.svg, _): break
            case let other: Issue.record("length \(length): \(String(describing: other))")
            }
        }
        // Not well-formed, and well-formed but not SVG to librsvg (no SVG namespace).
        guard case .corruptImage(.svg, let detail) = Self.decodeError(#"<svg xmlns="http://www.w3.org/2000/svg"><g></svg>"#) else {
            Issue.record("expected corruptImage")
            return
        }
        #expect(detail.contains("line 1"))
        _ = Self.decodeError("<svg width=\"10\" height=\"10\"><rect width=\"5\" height=\"5\"/></svg>")
    }

    // MARK: No external reference is loaded

    /// A 4×4 opaque red PNG.
    static let redPNG: [UInt8] = {
        let red = try! Bitmap.render(size: Size(width: 4, height: 4)) { $0.fill(Rect(x: 0, y: 0, width: 4, height: 4), with: Color(red: 1, green: 0, blue: 0)) }
        return try! ImageEncoder.encode(red, as: .png())
    }()

    static func hasPixels(_ bitmap: Bitmap) -> Bool {
        bitmap.premultipliedBGRABytes().contains { $0 != 0 }
    }

    @Test func externalReferencesDrawNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-refs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("red.png")
        try Data(Self.redPNG).write(to: png)
        let other = folder.appendingPathComponent("other.svg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg"><rect id="r" width="10" height="10" fill="red"/></svg>"#.utf8).write(to: other)
        let fileURL = png.absoluteString, otherURL = other.absoluteString
        let bodies = [
            #"<image href="\#(fileURL)" width="10" height="10"/>"#,
            #"<image xlink:href="\#(fileURL)" width="10" height="10"/>"#,
            #"<image href="\#(png.path)" width="10" height="10"/>"#,
            #"<image href="red.png" width="10" height="10"/>"#,
            #"<image href="file:///etc/passwd" width="10" height="10"/>"#,
            #"<image href="http://127.0.0.1:9/red.png" width="10" height="10"/>"#,
            #"<image href="https://example.invalid/red.png" width="10" height="10"/>"#,
            #"<use href="\#(otherURL)#r"/>"#,
            #"<style>@import url("\#(otherURL)");</style><rect width="10" height="10" fill="none"/>"#,
            #"<rect width="10" height="10" fill="url(\#(otherURL)#r)"/>"#,
            #"<text xmlns:xi="http://www.w3.org/2001/XInclude" x="0" y="9" font-size="9"><xi:include href="file:///etc/passwd" parse="text"/></text>"#,
        ]
        for body in bodies {
            let doc = Self.header + body + "</svg>"
            do {
                let bitmap = try ImageDecoder.decode(Array(doc.utf8), options: DecodeOptions(scale: 2))
                #expect(!Self.hasPixels(bitmap), "drew something for \(body)")
            } catch {
                // A typed error is acceptable too; nothing was loaded either way.
                #expect(error.description.contains("SVG"), "\(body): \(error)")
            }
        }
        // An external entity is never declared, so never read.
        let entity = #"<!DOCTYPE svg [<!ENTITY x SYSTEM "\#(fileURL)">]>"# + Self.header + "<text y=\"9\">&x;</text></svg>"
        if let bitmap = try? ImageDecoder.decode(Array(entity.utf8)) { #expect(!Self.hasPixels(bitmap)) }
        // The control: the same picture as a data: URL is drawn, so the checks above can fail.
        let inline = Self.header + #"<image href="data:image/png;base64,\#(Data(Self.redPNG).base64EncodedString())" width="10" height="10"/></svg>"#
        let drawn = try ImageDecoder.decode(Array(inline.utf8))
        #expect(drawn.pixel(x: 5, y: 5) == PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    // MARK: Embedded pictures

    static func embedding(_ bytes: [UInt8], mediaType: String) -> String {
        Self.header + #"<image href="data:\#(mediaType);base64,\#(Data(bytes).base64EncodedString())" width="10" height="10"/></svg>"#
    }

    @Test func embeddedRasterPicturesAreCheckedAgainstThePixelLimits() throws {
        let twenty = try ImageEncoder.encode(try Bitmap(width: 20, height: 20, premultipliedBGRA: [UInt8](repeating: 255, count: 1_600)), as: .png())
        let doc = Self.embedding(twenty, mediaType: "image/png")
        #expect(Self.decodeError(doc, options: DecodeOptions(limits: PixelLimits(maxPixelCount: 100))) == .imageTooManyPixels(width: 20, height: 20, limit: 100))
        #expect(Self.decodeError(doc) == nil)
        // A format gdk-pixbuf would read without limits (GIF, BMP…), whatever its media type says.
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
        guard case .corruptImage(.svg, let detail) = Self.decodeError(Self.embedding(gif, mediaType: "image/png")) else {
            Issue.record("expected the GIF to be refused")
            return
        }
        #expect(detail.contains("not PNG, JPEG, WebP or SVG"))
        // Percent-encoded and malformed data: URLs.
        #expect(SVGEmbeddedImages.payload(of: " data:text/plain,%41b") == [0x41, 0x62])
        #expect(SVGEmbeddedImages.payload(of: "data:,%4") == nil)
    }

    @Test func embeddedSVGPicturesPassTheSameChecks() throws {
        let deep = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\">" + String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300) + "</svg>"
        #expect(Self.decodeError(Self.embedding(Array(deep.utf8), mediaType: "image/svg+xml")) == .svgOverLimit(.depth, limit: 256))
        // Nested three deep: refused.
        var doc = #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>"#
        let once = Self.embedding(Array(doc.utf8), mediaType: "image/svg+xml")
        let drawn = try ImageDecoder.decode(Array(once.utf8))
        #expect(drawn.pixel(x: 5, y: 5)?.red == 255)
        for _ in 0..<3 { doc = Self.embedding(Array(doc.utf8), mediaType: "image/svg+xml") }
        guard case .corruptImage(.svg, let detail) = Self.decodeError(doc) else {
            Issue.record("expected a nesting error")
            return
        }
        #expect(detail.contains("nested"))
    }

    // MARK: Entities

    @Test func documentsWithEntitiesAreDrawnFromTheirExpansion() throws {
        let withEntities = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY w "10"><!ENTITY shape "<rect width='&w;' height='5' fill='red'/>">]>"#
            + #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">&shape;<desc>&amp;&#x41;</desc></svg>"#
        let plain = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="5" fill="red"/></svg>"#
        let expanded = try Array(withEntities.utf8).withUnsafeBufferPointer { try SVGEntityExpansion.expanded($0) }
        let text = String(decoding: expanded, as: UTF8.self)
        #expect(!text.contains("ENTITY") && !text.contains("&shape;") && text.contains("<rect width=\"10\""), "\(text)")
        #expect(text.hasPrefix("<svg") && text.contains("<desc>&amp;A</desc>"), "\(text)")
        let a = try ImageDecoder.decode(Array(withEntities.utf8), options: DecodeOptions(scale: 2))
        let b = try ImageDecoder.decode(Array(plain.utf8), options: DecodeOptions(scale: 2))
        let same = a.premultipliedBGRABytes() == b.premultipliedBGRABytes()
        #expect(same)
        #expect(a.pixel(x: 10, y: 2)?.red == 255 && a.pixel(x: 10, y: 12)?.alpha == 0)
        // Inside an embedded picture, entities are refused (librsvg would read them as they are).
        let inner = Data(withEntities.utf8).base64EncodedString()
        guard case .corruptImage(.svg, let detail) = Self.decodeError(Self.header + #"<image href="data:image/svg+xml;base64,\#(inner)" width="10" height="10"/></svg>"#) else {
            Issue.record("expected the embedded entities to be refused")
            return
        }
        #expect(detail.contains("entities"))
    }
}
