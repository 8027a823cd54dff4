/// An SVG's size as an `<img>` in CSS (CSS Images 3, "default sizing algorithm"): the `width` and
/// `height` of the root `<svg>` when they are absolute lengths, the other one from the `viewBox`'s
/// ratio when only one is, the ratio fitted (contain) into the default object size 300×150 when
/// neither is, and 300×150 when there is no ratio either. Percentages count as absent.
enum SVGIntrinsicSize {
    /// The default object size of a replaced element, in CSS px.
    static let defaultObjectSize = Size(width: 300, height: 150)

    /// The size in CSS px from the absolute `width` and `height` (each `nil` when absent or a
    /// percentage) and the `viewBox` ratio (width / height; `nil` without a usable viewBox).
    static func resolve(width: Double?, height: Double?, ratio: Double?) -> Size {
        let ratio = ratio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        switch (width, height, ratio) {
        case let (w?, h?, _):
            return Size(width: w, height: h)
        case let (w?, nil, r?):
            return Size(width: w, height: w / r)
        case let (nil, h?, r?):
            return Size(width: h * r, height: h)
        case let (w?, nil, nil):
            return Size(width: w, height: defaultObjectSize.height)
        case let (nil, h?, nil):
            return Size(width: defaultObjectSize.width, height: h)
        case let (nil, nil, r?):
            // Contain: the largest box of that ratio inside 300×150.
            let box = defaultObjectSize
            return r >= box.width / box.height
                ? Size(width: box.width, height: box.width / r)
                : Size(width: box.height * r, height: box.height)
        case (nil, nil, nil):
            return defaultObjectSize
        }
    }

    /// The whole-pixel size an ``ImageInfo`` reports for a CSS px size: rounded up (a hair over
    /// an integer does not add a pixel), at most `Int32.max`.
    static func wholePixels(_ value: Double) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        let rounded = (value - 1e-6).rounded(.up)
        return rounded >= Double(Int32.max) ? Int(Int32.max) : max(1, Int(rounded))
    }
}
