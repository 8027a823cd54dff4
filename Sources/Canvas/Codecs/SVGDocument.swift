import CCairoPango
import CRSVG

/// One librsvg handle: the one owner of the `RsvgHandle` GObject, released exactly once in
/// `deinit`.
///
/// librsvg handles are not thread-safe, so each document is created, used and destroyed by one
/// decode on the calling thread and never shared; different documents may be used on different
/// threads at once. The handle is made from memory with no base file or URL, so librsvg resolves
/// no reference in the document (an `<image>`, a `<use>` of another file, a CSS `@import`, an
/// XInclude) except `data:` URLs.
final class SVGDocument {
    private let handle: UnsafeMutablePointer<RsvgHandle>

    /// Parses `bytes` (which passed ``SVGStructureCheck``).
    ///
    /// - Throws: ``CanvasError/corruptImage(format:detail:)`` with librsvg's message.
    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(CanvasError) {
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_data(bytes.baseAddress, gsize(bytes.count), &error) else {
            throw Self.error(error, doing: "read")
        }
        self.handle = handle
        // CSS: 1in = 96px, whatever librsvg's default.
        rsvg_handle_set_dpi(handle, 96)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The size of the document as an `<img>`, in CSS px (see ``SVGIntrinsicSize``).
    var intrinsicSize: Size {
        var widthLength = RsvgLength(), heightLength = RsvgLength(), viewBox = RsvgRectangle()
        var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
        rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &widthLength, &hasHeight, &heightLength, &hasViewBox, &viewBox)
        let ratio = hasViewBox != 0 && viewBox.height > 0 ? viewBox.width / viewBox.height : nil
        var width = hasWidth != 0 ? Self.pixels(widthLength) : nil
        var height = hasHeight != 0 ? Self.pixels(heightLength) : nil
        // Both absolute: librsvg's own conversion, which knows the root's font size for em and ex.
        var pixelWidth = 0.0, pixelHeight = 0.0
        if width != nil, height != nil, rsvg_handle_get_intrinsic_size_in_pixels(handle, &pixelWidth, &pixelHeight) != 0 {
            width = pixelWidth
            height = pixelHeight
        }
        return SVGIntrinsicSize.resolve(width: width.flatMap(Self.usable), height: height.flatMap(Self.usable), ratio: ratio)
    }

    /// Draws the whole document into `width × height` pixels of `surface`: laid out in a viewport
    /// of `size` CSS px, scaled by cairo to the pixels, so that the vectors are drawn at the
    /// output resolution.
    func render(size: Size, into storage: PixelStorage, width: Int, height: Int, bytesPerRow: Int) throws(CanvasError) {
        let surface = cairo_image_surface_create_for_data(
            storage.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(bytesPerRow)
        )!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            throw .invalidArgument("cannot draw an SVG into \(width)×\(height) px: \(String(cString: cairo_status_to_string(cairo_status(context))))")
        }
        cairo_scale(context, Double(width) / size.width, Double(height) / size.height)
        var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
        var error: UnsafeMutablePointer<GError>?
        let drawn = rsvg_handle_render_document(handle, context, &viewport, &error)
        cairo_surface_flush(surface)
        guard drawn != 0 else { throw Self.error(error, doing: "draw") }
    }

    /// A length in CSS px; `nil` for a percentage (which counts as absent).
    private static func pixels(_ length: RsvgLength) -> Double? {
        let value = length.length
        switch length.unit {
        case RSVG_UNIT_PX: return value
        case RSVG_UNIT_IN: return value * 96
        case RSVG_UNIT_CM: return value * 96 / 2.54
        case RSVG_UNIT_MM: return value * 96 / 25.4
        case RSVG_UNIT_PT: return value * 96 / 72
        case RSVG_UNIT_PC: return value * 16
        // The initial font size; librsvg's own conversion (used when both sides are absolute)
        // knows the root's.
        case RSVG_UNIT_EM: return value * 16
        case RSVG_UNIT_EX: return value * 8
        default: return nil
        }
    }

    /// A size that can be used: finite and not negative.
    private static func usable(_ value: Double) -> Double? {
        value.isFinite && value >= 0 ? value : nil
    }

    /// librsvg's error as a typed error; the `GError` is freed here (its one owner).
    private static func error(_ error: UnsafeMutablePointer<GError>?, doing action: String) -> CanvasError {
        guard let error else { return .corruptImage(format: .svg, detail: "librsvg could not \(action) the document") }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "no message"
        return .corruptImage(format: .svg, detail: "librsvg could not \(action) the document: \(message)")
    }
}
