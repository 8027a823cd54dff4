/// Makes any style safe to lay out, so no input can produce a NaN frame, a crash or a hang.
///
/// The rules (the engine's documented contract for bad input; which values are valid is
/// ``LengthRule``'s, shared with the element decoder, which reports them as errors instead):
/// - A non-finite length is `auto` (for a margin, padding, border or gap: unset, i.e. 0).
/// - Lengths and percentages are clamped to ±``StyleSanitizer/maxMagnitude`` so sums stay finite.
/// - A negative `width`/`height`/`min*`/`max*`/`flexBasis` is `auto` (CSS rejects it);
///   a negative padding, border width or gap is 0. Margins and insets may be negative.
/// - `flexGrow`/`flexShrink` that are negative or non-finite are 0; an `aspectRatio` that is
///   not a positive finite number is none.
/// - `min > max`: the minimum wins, as in CSS (applied where sizes are clamped).
/// - A size keyword (`min-content`, …) in a margin, padding or gap is unset (0), in an inset `auto`
///   is unset too (auto).
/// - A `calc()` has its `em`/`rem` (16 points) and `vw`/`vh` (of the layout's available size)
///   replaced by points and is simplified; one holding a non-finite number is rejected as above.
///   Where it resolves to a negative size, padding or gap, that is 0 (CSS clamps a calc() to the
///   property's range).
enum StyleSanitizer {
    /// The largest magnitude of any length, in points (or percent).
    static let maxMagnitude = 1_000_000_000.0
    /// What `em` and `rem` are in a `calc()` the caller left unresolved: CSS's initial font size.
    static let defaultFontSize = 16.0

    /// Whether `s` holds a value the rules above change (most styles do not, and are used as they are).
    static func needsSanitizing(_ style: UnsafePointer<FlexStyle>) -> Bool {
        /// Rejected by its ``LengthRule``, or past the magnitude the engine clamps to.
        func changes(_ d: Length?, _ rule: LengthRule) -> Bool {
            guard let d else { return false }
            switch d {
            case .points(let v), .percent(let v): return !rule.accepts(d) || abs(v) > maxMagnitude
            case .auto, .minContent, .maxContent, .fitContent: return !rule.accepts(d)
            case .calc: return true
            }
        }
        func size(_ d: Length) -> Bool { changes(d, .size) }
        func signed(_ d: Length?) -> Bool { changes(d, .offset) }
        func gapOrPadding(_ d: Length?) -> Bool { changes(d, .spacing) }
        func border(_ v: Double?) -> Bool { v.map { !($0.isFinite && $0 > 0 && $0 <= maxMagnitude) } ?? false }
        func edges(_ e: Edges<Length>, _ f: (Length?) -> Bool) -> Bool {
            f(e.top) || f(e.left) || f(e.bottom) || f(e.right) || f(e.start) || f(e.end)
        }
        if size(style.pointee.width) || size(style.pointee.height) || size(style.pointee.minWidth) || size(style.pointee.minHeight) || size(style.pointee.maxWidth) || size(style.pointee.maxHeight) {
            return true
        }
        if gapOrPadding(style.pointee.rowGap) || gapOrPadding(style.pointee.columnGap) { return true }
        if !(style.pointee.flexGrow.isFinite && style.pointee.flexGrow >= 0 && style.pointee.flexGrow <= maxMagnitude) { return true }
        if !(style.pointee.flexShrink.isFinite && style.pointee.flexShrink >= 0 && style.pointee.flexShrink <= maxMagnitude) { return true }
        switch style.pointee.flexBasis {
        case .points(let v), .percent(let v): if !(v.isFinite && v >= 0 && v <= maxMagnitude) { return true }
        case .calc: return true
        case .auto, .content, .minContent, .maxContent, .fitContent: break
        }
        if let ratio = style.pointee.aspectRatio, !(ratio.isFinite && ratio >= 1e-9 && ratio <= 1e9) { return true }
        if edges(style.pointee.margin, signed) || edges(style.pointee.inset, signed) || edges(style.pointee.padding, gapOrPadding) { return true }
        let b = style.pointee.border
        return border(b.top) || border(b.left) || border(b.bottom) || border(b.right) || border(b.start) || border(b.end)
    }

    /// The style with every value made safe by the rules above; `viewport` is what `vw` and `vh`
    /// are percentages of (NaN counts as 0).
    static func sanitize(_ input: FlexStyle, viewport: (width: Double, height: Double) = (0, 0)) -> FlexStyle {
        var s = input
        let vw = viewport.width.isFinite ? viewport.width : 0, vh = viewport.height.isFinite ? viewport.height : 0
        func size(_ d: Length) -> Length {
            if case .calc(let e) = d { return calc(e, nonNegative: true, vw, vh) ?? .auto }
            return Self.size(d)
        }
        func signed(_ d: Length) -> Length? {
            if case .calc(let e) = d { return calc(e, nonNegative: false, vw, vh) }
            return Self.signed(d)
        }
        func nonNegative(_ d: Length) -> Length? {
            if case .calc(let e) = d { return calc(e, nonNegative: true, vw, vh) }
            return Self.nonNegative(d)
        }
        s.width = size(s.width)
        s.height = size(s.height)
        s.minWidth = size(s.minWidth)
        s.minHeight = size(s.minHeight)
        s.maxWidth = size(s.maxWidth)
        s.maxHeight = size(s.maxHeight)
        s.rowGap = nonNegative(s.rowGap) ?? .points(0)
        s.columnGap = nonNegative(s.columnGap) ?? .points(0)
        s.flexGrow = factor(s.flexGrow)
        s.flexShrink = factor(s.flexShrink)
        switch s.flexBasis {
        case .points(let v): s.flexBasis = LengthRule.size.accepts(.points(v)) ? .points(min(v, maxMagnitude)) : .auto
        case .percent(let v): s.flexBasis = LengthRule.size.accepts(.percent(v)) ? .percent(min(v, maxMagnitude)) : .auto
        case .calc(let e):
            s.flexBasis = calc(e, nonNegative: true, vw, vh).map(FlexBasis.init) ?? .auto
        case .auto, .content, .minContent, .maxContent, .fitContent: break
        }
        if let ratio = s.aspectRatio, !LengthRule.acceptsAspectRatio(ratio) { s.aspectRatio = nil }
        if let ratio = s.aspectRatio { s.aspectRatio = min(max(ratio, 1e-9), 1e9) }
        s.margin = edges(s.margin, signed)
        s.inset = edges(s.inset, signed)
        s.padding = edges(s.padding, nonNegative)
        s.border = Edges(top: border(s.border.top), left: border(s.border.left), bottom: border(s.border.bottom),
                         right: border(s.border.right), start: border(s.border.start), end: border(s.border.end))
        return s
    }

    private static func clamp(_ v: Double) -> Double { min(max(v, -maxMagnitude), maxMagnitude) }

    /// A `calc()` with its font and viewport units replaced and simplified to points or a
    /// percentage where it is one (clamped, and to 0 or more where `nonNegative`); `nil` when it
    /// holds a non-finite number.
    private static func calc(_ e: StyleLength, nonNegative: Bool, _ vw: Double, _ vh: Double) -> Length? {
        guard e.isFinite else { return nil }
        let simple = e.substitutingRelativeUnits(fontSize: defaultFontSize, rootFontSize: defaultFontSize, viewportWidth: vw, viewportHeight: vh)
        switch simple {
        case .points(let v), .percent(let v):
            guard v.isFinite else { return nil }
            let r = clamp(nonNegative ? max(0, v) : v)
            if case .points = simple { return .points(r) }
            return .percent(r)
        default:
            return .calc(simple)
        }
    }

    /// A size: what ``LengthRule/size`` accepts (clamped), else auto.
    private static func size(_ d: Length) -> Length {
        guard LengthRule.size.accepts(d) else { return .auto }
        return clamped(d)
    }

    /// A margin or inset: what ``LengthRule/offset`` accepts (clamped), else unset.
    private static func signed(_ d: Length) -> Length? {
        LengthRule.offset.accepts(d) ? clamped(d) : nil
    }

    /// A padding or gap: what ``LengthRule/spacing`` accepts (clamped), else unset (0).
    private static func nonNegative(_ d: Length) -> Length? {
        LengthRule.spacing.accepts(d) ? clamped(d) : nil
    }

    /// A length with its number clamped to ±``maxMagnitude``.
    private static func clamped(_ d: Length) -> Length {
        switch d {
        case .points(let v): .points(clamp(v))
        case .percent(let v): .percent(clamp(v))
        case .auto, .minContent, .maxContent, .fitContent, .calc: d
        }
    }

    private static func border(_ v: Double?) -> Double? {
        guard let v, v.isFinite, v > 0 else { return nil }
        return clamp(v)
    }

    private static func factor(_ v: Double) -> Double { v.isFinite && v > 0 ? min(v, maxMagnitude) : 0 }

    private static func edges(_ e: Edges<Length>, _ f: (Length) -> Length?) -> Edges<Length> {
        Edges(top: e.top.flatMap(f), left: e.left.flatMap(f), bottom: e.bottom.flatMap(f),
              right: e.right.flatMap(f), start: e.start.flatMap(f), end: e.end.flatMap(f))
    }
}
