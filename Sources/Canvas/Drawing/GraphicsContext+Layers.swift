import CCairoPango

/// How a layer's colours combine with what is beneath it: Porter-Duff source-over or one of the
/// separable and non-separable blend modes of Compositing and Blending 1 (Cairo's operators),
/// named as CSS's `mix-blend-mode` names them.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    /// Source-over.
    case normal
    /// The product of the colours.
    case multiply
    /// The inverse of the product of the inverses.
    case screen
    /// Multiply or screen, by the backdrop.
    case overlay
    /// The darker of each channel.
    case darken
    /// The lighter of each channel.
    case lighten
    /// Brightens the backdrop.
    case colorDodge = "color-dodge"
    /// Darkens the backdrop.
    case colorBurn = "color-burn"
    /// Multiply or screen, by the source.
    case hardLight = "hard-light"
    /// A softer hard light.
    case softLight = "soft-light"
    /// The absolute difference.
    case difference
    /// As difference, with less contrast.
    case exclusion
    /// The source's hue.
    case hue
    /// The source's saturation.
    case saturation
    /// The source's hue and saturation.
    case color
    /// The source's luminosity.
    case luminosity

    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        }
    }
}

extension GraphicsContext {
    /// Draws what `body` draws as one layer, then composites it with `blend` at `opacity`,
    /// through the alpha of what `mask` draws when given (CSS's group: `opacity`,
    /// `mix-blend-mode`, `isolation`, `mask-image`).
    public func withLayer<R>(opacity: Double = 1, blend: BlendMode = .normal, mask: (() -> Void)? = nil, _ body: () throws -> R) rethrows -> R {
        guard opacity.isFinite else {
            reject("layer opacity \(opacity): not finite")
            return try body()
        }
        cairo_push_group(cairo)
        let depth = savedStateDepth
        defer {
            while savedStateDepth > depth { restoreGState() }
            let content = cairo_pop_group(cairo)!
            var maskPattern: OpaquePointer?
            if let mask {
                cairo_push_group(cairo)
                let maskDepth = savedStateDepth
                mask()
                while savedStateDepth > maskDepth { restoreGState() }
                maskPattern = cairo_pop_group(cairo)
            }
            let alpha = min(max(opacity, 0), 1)
            var source = content
            if let maskPattern {
                // The layer through the mask's alpha, as a layer of its own.
                cairo_push_group(cairo)
                cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
                cairo_set_source(cairo, content)
                cairo_mask(cairo, maskPattern)
                source = cairo_pop_group(cairo)!
                cairo_pattern_destroy(maskPattern)
            }
            cairo_save(cairo)
            cairo_set_operator(cairo, blend.cairoOperator)
            cairo_set_source(cairo, source)
            cairo_paint_with_alpha(cairo, alpha)
            cairo_restore(cairo)
            if source != content { cairo_pattern_destroy(source) }
            cairo_pattern_destroy(content)
        }
        return try body()
    }
}
