public import Canvas

/// The font limits the font target reads under: small, so a run spends its time in the parsers.
public let fuzzFontLimits = FontLimits(maxBytes: 1 << 20, maxDecodedBytes: 4 << 20)

/// One input through the font path: ``FontData`` reads it (sniff, FreeType, WOFF/WOFF2 decoded
/// and written back as an sfnt); a font it accepts must read again from its own sfnt with the
/// same digest and facts, and must measure and draw a text (HarfBuzz shaping, fontconfig, Cairo
/// rasterising its glyphs) in a set of its own without crashing; a text error must be typed.
public func fuzzFontData(_ input: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(input)
    let data: FontData
    do {
        data = try FontData(bytes: bytes, limits: fuzzFontLimits)
    } catch {
        guard case .fontRejected = error else { require(false, "FontData threw \(error), not fontRejected"); return }
        return
    }
    require((1...0xFFFF).contains(data.glyphCount), "accepted a font with \(data.glyphCount) glyphs")
    require(data.byteCount <= fuzzFontLimits.maxDecodedBytes + fuzzFontLimits.maxBytes, "an sfnt of \(data.byteCount) bytes")
    require(data.weight.lowerBound >= 1 && data.weight.upperBound <= 1000, "weight \(data.weight)")
    guard let again = try? FontData(bytes: data.sfntBytes, faceIndex: data.sfntFaceIndex, limits: FontLimits()) else {
        require(false, "the sfnt written for an accepted \(data.format) font does not read again")
        return
    }
    require(again.digest == data.digest && again.glyphCount == data.glyphCount, "the sfnt reads as another font")
    do {
        let fonts = try FontSet([FontFace(family: "Fuzz", data: data)])
        let text = AttributedText(segments: [.init("Hamburgefonstiv 0123 "), .init("fi ffl", style: TextStyleOverrides(weight: .bold)), .init(" ★ 漢")])
        let layout = try TextLayout(text: text, style: TextStyle(fontFamily: "Fuzz", size: 14),
                                    options: TextLayoutOptions(maxWidth: 120, maxLines: 3, fonts: fonts))
        require(layout.size.width.isFinite && layout.size.height.isFinite, "a layout of size \(layout.size)")
        _ = try Bitmap.render(size: Size(width: 128, height: 64), scale: 1) { context in
            context.draw(layout, at: Point(x: 2, y: 2))
        }
    } catch {
        // Typed by construction (CanvasError); nothing more to check.
    }
}
