import CCairoPango

extension GraphicsContext {
    /// Fills the inside of `path` with `paint`.
    public func fill(_ path: Path, with paint: Paint, rule: FillRule = .winding) {
        guard setPath(path, for: "fill") else { return }
        cairo_set_fill_rule(cairo, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
        withSource(paint) { cairo_fill(cairo) }
    }

    /// Fills a rectangle with a colour.
    public func fill(_ rect: Rect, with color: Color) {
        fill(.rect(rect), with: .color(color))
    }

    /// Draws the outline of `path` with `paint` in the given style. The stroke is centred on the path.
    public func stroke(_ path: Path, with paint: Paint, style: StrokeStyle = StrokeStyle()) {
        guard style.lineWidth.isFinite, style.lineWidth >= 0 else {
            return reject("stroke line width \(style.lineWidth): must be finite and ≥ 0")
        }
        guard style.dash.allSatisfy({ $0.isFinite && $0 >= 0 }), style.dashPhase.isFinite,
            style.dash.isEmpty || style.dash.contains(where: { $0 > 0 })
        else {
            return reject("stroke dash \(style.dash): lengths must be finite, ≥ 0 and not all zero")
        }
        guard style.lineWidth > 0, setPath(path, for: "stroke") else { return }
        cairo_set_line_width(cairo, style.lineWidth)
        style.dash.withUnsafeBufferPointer { dashes in
            cairo_set_dash(cairo, dashes.baseAddress, Int32(dashes.count), style.dashPhase)
        }
        cairo_set_line_cap(cairo, style.lineCap.cairoValue)
        cairo_set_line_join(cairo, style.lineJoin.cairoValue)
        cairo_set_miter_limit(cairo, style.miterLimit.isFinite && style.miterLimit >= 1 ? style.miterLimit : 10)
        withSource(paint) { cairo_stroke(cairo) }
    }

    /// Intersects the clip with the inside of `path`. Undo it by restoring a saved state.
    public func clip(to path: Path, rule: FillRule = .winding) {
        guard setPath(path, for: "clip") else { return }
        cairo_set_fill_rule(cairo, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cairo)
    }

    /// Intersects the clip with a rectangle.
    public func clip(to rect: Rect) {
        clip(to: .rect(rect))
    }

    /// Makes a rectangle fully transparent again.
    public func clear(_ rect: Rect) {
        guard setPath(.rect(rect), for: "clear") else { return }
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Paints `paint` over the whole clip area.
    public func paint(_ paint: Paint) {
        withSource(paint) { cairo_paint(cairo) }
    }

    /// Replaces Cairo's current path with `path`; false (and a recorded error) if it is not finite.
    func setPath(_ path: Path, for operation: String) -> Bool {
        guard path.isFinite else {
            reject("\(operation): the path has a coordinate that is not finite")
            return false
        }
        cairo_new_path(cairo)
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cairo, p.x, p.y)
            case .line(let p):
                cairo_line_to(cairo, p.x, p.y)
            case .quadCurve(let p, let c):
                // Degree elevation: a quadratic is the cubic with controls 2/3 of the way to c.
                var x0 = 0.0, y0 = 0.0
                if cairo_has_current_point(cairo) != 0 {
                    cairo_get_current_point(cairo, &x0, &y0)
                } else {
                    cairo_move_to(cairo, c.x, c.y)
                    x0 = c.x
                    y0 = c.y
                }
                cairo_curve_to(
                    cairo,
                    x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0),
                    p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y),
                    p.x, p.y
                )
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .arc(let center, let radius, let start, let end, let clockwise):
                guard radius > 0 else {
                    cairo_line_to(cairo, center.x, center.y)
                    continue
                }
                if clockwise {
                    cairo_arc(cairo, center.x, center.y, radius, start, end)
                } else {
                    cairo_arc_negative(cairo, center.x, center.y, radius, start, end)
                }
            case .close:
                cairo_close_path(cairo)
            }
        }
        return true
    }

    /// Sets `paint` as Cairo's source, runs `operation`, and releases any pattern it made.
    func withSource(_ paint: Paint, _ operation: () -> Void) {
        switch paint {
        case .color(let color):
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            operation()
        case .linearGradient(let gradient, let start, let end):
            guard start.isFinite, end.isFinite else {
                cairo_new_path(cairo)
                return reject("linear gradient from \(start) to \(end): not finite")
            }
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
            defer { cairo_pattern_destroy(pattern) }
            paintWithGradient(pattern, gradient, operation)
        case .radialGradient(let gradient, let c0, let r0, let c1, let r1):
            guard c0.isFinite, c1.isFinite, r0.isFinite, r1.isFinite, r0 >= 0, r1 >= 0 else {
                cairo_new_path(cairo)
                return reject("radial gradient circles (\(c0), \(r0)) → (\(c1), \(r1)): not finite or negative")
            }
            let pattern = cairo_pattern_create_radial(c0.x, c0.y, r0, c1.x, c1.y, r1)!
            defer { cairo_pattern_destroy(pattern) }
            paintWithGradient(pattern, gradient, operation)
        case .conicGradient(let gradient, let center, let startAngle):
            guard center.isFinite, startAngle.isFinite else {
                cairo_new_path(cairo)
                return reject("conic gradient at \(center) from \(startAngle): not finite")
            }
            let pattern = ConicMesh.pattern(gradient, center: center, startAngle: startAngle, radius: conicReach(from: center))
            defer { cairo_pattern_destroy(pattern) }
            cairo_set_source(cairo, pattern)
            operation()
        }
    }

    /// A radius from `center` (user space) that reaches past every corner of the bitmap.
    private func conicReach(from center: Point) -> Double {
        var x0 = 0.0, y0 = 0.0, x1 = Double(pixelWidth), y1 = Double(pixelHeight)
        cairo_device_to_user(cairo, &x0, &y0)
        cairo_device_to_user(cairo, &x1, &y1)
        var x2 = Double(pixelWidth), y2 = 0.0, x3 = 0.0, y3 = Double(pixelHeight)
        cairo_device_to_user(cairo, &x2, &y2)
        cairo_device_to_user(cairo, &x3, &y3)
        let corners = [(x0, y0), (x1, y1), (x2, y2), (x3, y3)]
        return corners.map { ($0.0 - center.x).magnitude + ($0.1 - center.y).magnitude }.max() ?? 1
    }

    private func paintWithGradient(_ pattern: OpaquePointer, _ gradient: Gradient, _ operation: () -> Void) {
        for stop in gradient.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, c.red, c.green, c.blue, c.alpha)
        }
        cairo_pattern_set_extend(pattern, gradient.spread == .repeat ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
        cairo_set_source(cairo, pattern)
        operation()
    }
}

extension StrokeStyle.LineCap {
    var cairoValue: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

extension StrokeStyle.LineJoin {
    var cairoValue: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}
