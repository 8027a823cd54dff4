import CCairoPango

extension Bitmap {
    /// The bitmap as PNG bytes, written by Cairo's own PNG writer. Internal, for tests (golden
    /// images) that must not depend on the codecs; the public encoders live in `Codecs`.
    func _cairoPNGData() throws(CanvasError) -> [UInt8] {
        let surface = cairo_image_surface_create_for_data(
            storage.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(width), Int32(height), Int32(bytesPerRow)
        )!
        defer { cairo_surface_destroy(surface) }
        let sink = PNGByteSink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            let sink = Unmanaged<PNGByteSink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .encodingFailed(format: .png, detail: String(cString: cairo_status_to_string(status)))
        }
        return sink.bytes
    }

    /// Decodes PNG bytes with Cairo's own PNG reader (scale 1). Internal, for tests.
    init(_cairoPNG data: [UInt8]) throws(CanvasError) {
        let source = PNGByteSource(data)
        let surface = cairo_image_surface_create_from_png_stream({ closure, target, length in
            let source = Unmanaged<PNGByteSource>.fromOpaque(closure!).takeUnretainedValue()
            let count = Int(length)
            guard source.offset + count <= source.bytes.count, let target else { return CAIRO_STATUS_READ_ERROR }
            source.bytes.withUnsafeBufferPointer { bytes in
                target.update(from: bytes.baseAddress! + source.offset, count: count)
            }
            source.offset += count
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())!
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .corruptImage(format: .png, detail: String(cString: cairo_status_to_string(status)))
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        cairo_surface_flush(surface)
        let pixels = cairo_image_surface_get_data(surface)!
        var packed = [UInt8](repeating: 0, count: width * height * 4)
        packed.withUnsafeMutableBytes { target in
            for y in 0..<height {
                (target.baseAddress! + y * width * 4).copyMemory(from: pixels + y * stride, byteCount: width * 4)
            }
        }
        try self.init(width: width, height: height, premultipliedBGRA: packed)
    }
}

/// Collects the bytes Cairo's PNG writer produces (used on one thread, within one call).
private final class PNGByteSink {
    var bytes: [UInt8] = []
}

/// Feeds bytes to Cairo's PNG reader (used on one thread, within one call).
private final class PNGByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }
}
