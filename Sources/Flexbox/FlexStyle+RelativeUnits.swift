/// Font- and viewport-relative lengths (`em`, `rem`, `vw`, `vh` inside ``Length/calc(_:)``),
/// replaced by points before layout by a caller that knows each node's font size.
extension FlexStyle {
    /// Whether any length of the style is a ``Length/calc(_:)`` that uses `em`, `rem`, `vw` or `vh`.
    public var usesRelativeUnits: Bool {
        func relative(_ d: Length?) -> Bool {
            if case .calc(let e)? = d { return e.usesRelativeUnits }
            return false
        }
        func edges(_ e: Edges<Length>) -> Bool {
            relative(e.top) || relative(e.left) || relative(e.bottom) || relative(e.right) || relative(e.start) || relative(e.end)
        }
        if case .calc(let e) = flexBasis, e.usesRelativeUnits { return true }
        return relative(width) || relative(height) || relative(minWidth) || relative(minHeight) || relative(maxWidth)
            || relative(maxHeight) || relative(rowGap) || relative(columnGap)
            || edges(margin) || edges(padding) || edges(inset)
    }

    /// The style with `em` and `rem` in its lengths replaced by multiples of `fontSize` and
    /// `rootFontSize`, and `vw` and `vh` by percentages of the viewport, each length simplified
    /// (``Length/init(_:)``). A size, padding, gap or flex basis that comes out as negative
    /// points is 0, as CSS clamps a `calc()` to the property's range.
    public func substitutingRelativeUnits(fontSize: Double, rootFontSize: Double,
                                          viewportWidth: Double, viewportHeight: Double) -> FlexStyle {
        func signed(_ d: Length) -> Length {
            guard case .calc(let e) = d, e.usesRelativeUnits else { return d }
            return Length(e.substitutingRelativeUnits(fontSize: fontSize, rootFontSize: rootFontSize,
                                                      viewportWidth: viewportWidth, viewportHeight: viewportHeight))
        }
        func s(_ d: Length) -> Length {
            let r = signed(d)
            if case .points(let v) = r, v < 0 { return .points(0) }
            return r
        }
        func edges(_ e: Edges<Length>, _ f: (Length) -> Length) -> Edges<Length> {
            Edges(top: e.top.map(f), left: e.left.map(f), bottom: e.bottom.map(f), right: e.right.map(f),
                  start: e.start.map(f), end: e.end.map(f))
        }
        var r = self
        r.width = s(width)
        r.height = s(height)
        r.minWidth = s(minWidth)
        r.minHeight = s(minHeight)
        r.maxWidth = s(maxWidth)
        r.maxHeight = s(maxHeight)
        r.rowGap = s(rowGap)
        r.columnGap = s(columnGap)
        if case .calc(let e) = flexBasis, e.usesRelativeUnits {
            r.flexBasis = FlexBasis(s(.calc(e)))
        }
        r.margin = edges(margin, signed)
        r.padding = edges(padding, s)
        r.inset = edges(inset, signed)
        return r
    }
}
