import CCairoPango

extension GraphicsContext {
    /// Saves the graphics state (transform, clip, opacity) on a stack.
    public func saveGState() {
        cairo_save(cairo)
        savedStateDepth += 1
    }

    /// Restores the state saved by the matching ``saveGState()``; an unbalanced restore is ignored.
    public func restoreGState() {
        guard savedStateDepth > 0 else { return }
        savedStateDepth -= 1
        cairo_restore(cairo)
    }

    /// Runs `body` between a save and a restore of the graphics state, even if it throws.
    public func withSavedGState<R>(_ body: () throws -> R) rethrows -> R {
        saveGState()
        defer { restoreGState() }
        return try body()
    }

    /// Moves the origin by `(x, y)` points.
    public func translateBy(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return reject("translateBy(x: \(x), y: \(y)): not finite") }
        cairo_translate(cairo, x, y)
    }

    /// Scales the coordinate system.
    public func scaleBy(x: Double, y: Double) {
        guard x.isFinite, y.isFinite, x != 0, y != 0 else {
            return reject("scaleBy(x: \(x), y: \(y)): factors must be finite and non-zero")
        }
        cairo_scale(cairo, x, y)
    }

    /// Rotates the coordinate system by `angle` radians (clockwise on screen).
    public func rotate(by angle: Double) {
        guard angle.isFinite else { return reject("rotate(by: \(angle)): not finite") }
        cairo_rotate(cairo, angle)
    }

    /// Applies `transform` before the current transform.
    public func concatenate(_ transform: AffineTransform) {
        guard transform.isFinite, transform.inverted() != nil else {
            return reject("concatenate(\(transform)): not finite or not invertible")
        }
        var matrix = cairo_matrix_t(transform)
        cairo_transform(cairo, &matrix)
    }

    /// The transform from user space (points, as you draw) to the bitmap's point space; the
    /// identity until you translate, scale, rotate or concatenate.
    public var currentTransform: AffineTransform {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        let device = AffineTransform(matrix)
        return device.concatenating(AffineTransform(scaleX: 1 / scale, y: 1 / scale))
    }

    /// The bounding box of the current clip, in user space.
    public var clipBoundingBox: Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cairo, &x0, &y0, &x1, &y1)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension cairo_matrix_t {
    init(_ t: AffineTransform) {
        self.init(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    }
}

extension AffineTransform {
    init(_ m: cairo_matrix_t) {
        self.init(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }
}
