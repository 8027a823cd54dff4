/// How lossy WebP predicts its alpha plane before compressing it (libwebp's `alpha_filtering`).
///
/// The filter only matters when the picture has translucent pixels and the alpha plane is
/// compressed; an opaque bitmap is written with no alpha plane at all.
public enum WebPAlphaFilter: String, Hashable, Sendable, CaseIterable {
    /// No prediction (`alpha_filtering` 0).
    case none
    /// One predictor guessed from the plane (`alpha_filtering` 1, libwebp's default).
    case fast
    /// Every predictor tried, the smallest kept (`alpha_filtering` 2): slowest.
    case best

    /// libwebp's `alpha_filtering` value.
    var libwebpValue: Int32 {
        switch self {
        case .none: 0
        case .fast: 1
        case .best: 2
        }
    }
}
