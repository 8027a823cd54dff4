public import Canvas

/// The pixel limits the image targets decode under: small, so that an input whose header claims a
/// huge picture is refused at once (fast runs), and so that any allocation over what these limits
/// allow (4 MiP × 4 bytes = 16 MiB per bitmap) is a finding: scripts/fuzz.sh runs the image
/// targets with libFuzzer's `-malloc_limit_mb` above a few such bitmaps and below any larger.
public let fuzzPixelLimits = PixelLimits(maxPixelCount: 1 << 22)

/// One input through `ImageDecoder`: `info`, `decode` at the image's own size, and `decode` at a
/// fit and a fill target smaller than the image. Each must return or throw a `CanvasError`; what
/// they return must agree with the header.
public func fuzzImageDecoder(_ bytes: UnsafeBufferPointer<UInt8>) {
    let info = try? ImageDecoder.info(of: bytes)
    let original: Bitmap
    do {
        original = try ImageDecoder.decode(bytes, options: DecodeOptions(limits: fuzzPixelLimits))
    } catch {
        return
    }
    guard let info else {
        require(false, "decode accepted an image whose header info refused")
        return
    }
    require(original.width == info.displayWidth && original.height == info.displayHeight,
            "decoded \(original.width)×\(original.height), header says \(info.displayWidth)×\(info.displayHeight) (\(info))")
    // A third of each side: JPEG's DCT scaling, WebP's scaler and the box filter all take part.
    let box = (width: max(1, info.displayWidth / 3), height: max(1, info.displayHeight / 3))
    for target in [DecodeTarget.fit(width: box.width, height: box.height), .fill(width: box.width, height: box.height)] {
        let scaled: Bitmap
        do {
            scaled = try ImageDecoder.decode(bytes, options: DecodeOptions(target: target, limits: fuzzPixelLimits))
        } catch {
            require(false, "decoded at its own size but not at \(target): \(error)")
            return
        }
        // An SVG is drawn at the box's size, larger than its own when the box needs it (a fill of a
        // sliver), within the pixel limits.
        require(info.format == .svg || (scaled.width <= original.width && scaled.height <= original.height),
                "\(target) gave \(scaled.width)×\(scaled.height), larger than the image \(original.width)×\(original.height)")
        require(scaled.width * scaled.height <= fuzzPixelLimits.maxPixelCount, "\(target) gave \(scaled.width)×\(scaled.height), over the pixel limit")
        if case .fit = target {
            require(scaled.width <= box.width && scaled.height <= box.height,
                    "\(target) gave \(scaled.width)×\(scaled.height), outside the box")
        } else {
            require(scaled.width >= min(box.width, original.width) && scaled.height >= min(box.height, original.height),
                    "\(target) gave \(scaled.width)×\(scaled.height), not covering the box")
        }
    }
}
