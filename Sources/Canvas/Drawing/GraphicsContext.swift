import CCairoPango

/// A drawing context over a bitmap: the Canvas counterpart of `CGContext`. ``Bitmap/render(size:scale:limits:_:)``
/// makes one for its closure and turns what was drawn into a ``Bitmap`` without a copy; the context
/// must not escape the closure. See <doc:CanvasBasics> ("Ownership").
public final class GraphicsContext {
    /// The drawing area in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The width of the drawing area in pixels.
    public let pixelWidth: Int
    /// The height of the drawing area in pixels.
    public let pixelHeight: Int

    /// The Cairo context. Owned: destroyed once, in `deinit`.
    let cairo: OpaquePointer
    /// The Cairo surface over `storage`. Owned: destroyed once, in `deinit`.
    let surface: OpaquePointer
    /// The pixel memory, handed to the bitmap when the context finishes.
    let storage: PixelStorage
    let bytesPerRow: Int
    private(set) var isFinished = false
    /// How many `saveGState` calls are not yet balanced by a restore.
    var savedStateDepth = 0
    /// The first invalid argument a drawing call was given; `render` throws it when drawing ends.
    private(set) var firstInvalidArgument: CanvasError?

    init(size: Size, scale: Double, limits: PixelLimits) throws(CanvasError) {
        let pixels = try limits.pixelSize(for: size, scale: scale)
        let stride = Bitmap.alignedStride(width: pixels.width)
        let storage = try PixelStorage(byteCount: stride * pixels.height)
        let surface = cairo_image_surface_create_for_data(
            storage.bytes.assumingMemoryBound(to: UInt8.self),
            CAIRO_FORMAT_ARGB32,
            Int32(pixels.width),
            Int32(pixels.height),
            Int32(stride)
        )!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let message = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw .invalidArgument("cannot create a \(pixels.width)×\(pixels.height) surface: \(message)")
        }
        let cairo = cairo_create(surface)!
        cairo_scale(cairo, scale, scale)
        self.size = size
        self.scale = scale
        self.pixelWidth = pixels.width
        self.pixelHeight = pixels.height
        self.storage = storage
        self.bytesPerRow = stride
        self.surface = surface
        self.cairo = cairo
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// Ends drawing and wraps the pixels in a bitmap without copying them. Afterwards the surface is
    /// finished, so Cairo ignores any drawing through this context.
    ///
    /// - Throws: the first invalid argument a drawing call was given, or Cairo's own error.
    func finish() throws(CanvasError) -> Bitmap {
        if !isFinished {
            cairo_surface_flush(surface)
            cairo_surface_finish(surface)
            isFinished = true
        }
        if let error = firstInvalidArgument { throw error }
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .invalidArgument("drawing failed: \(String(cString: cairo_status_to_string(status)))")
        }
        return Bitmap(storage: storage, width: pixelWidth, height: pixelHeight, bytesPerRow: bytesPerRow, scale: scale)
    }

    /// Records a bad argument (the first one wins) and tells the caller to skip the call. Drawing
    /// calls do not throw, as in Core Graphics; the error surfaces when `render` ends, so a NaN
    /// never reaches Cairo (where it would silently stop all further drawing).
    func reject(_ detail: @autoclosure () -> String) {
        if firstInvalidArgument == nil {
            firstInvalidArgument = .invalidArgument(detail())
        }
    }

    /// The bounds of the drawing area in points: `(0, 0, size)`.
    public var bounds: Rect { Rect(size: size) }
}

@available(*, unavailable, message: "a GraphicsContext belongs to the thread that runs its drawing closure")
extension GraphicsContext: Sendable {}

extension Bitmap {
    /// Draws a new bitmap of `size` points at `scale` pixels per point.
    ///
    /// The bitmap starts fully transparent. `draw` runs synchronously on the calling thread; when it
    /// returns, its pixels become the bitmap, without a copy.
    ///
    /// - Parameters:
    ///   - size: The size in points. Both sides must be finite and greater than zero.
    ///   - scale: Pixels per point, in `0 < scale ≤ 16`.
    ///   - limits: Checked before any memory is allocated.
    ///   - draw: Your drawing code. Errors it throws are rethrown and no bitmap is made.
    /// - Throws: ``CanvasError`` for an invalid size or scale, ``CanvasError/invalidArgument(_:)``
    ///   naming the first drawing call that was given an unusable value (a NaN coordinate, a
    ///   singular transform), or what `draw` throws.
    public static func render(
        size: Size,
        scale: Double = 1,
        limits: PixelLimits = .default,
        _ draw: (GraphicsContext) throws -> Void
    ) throws -> Bitmap {
        let context = try GraphicsContext(size: size, scale: scale, limits: limits)
        try draw(context)
        return try context.finish()
    }
}
