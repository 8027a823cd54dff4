public import Canvas
import Foundation

/// How far a decoded picture is from its source: the quality figure of the codec tests and of
/// card-bench's encoder tables (test and benchmark support, beside the golden-image comparison).
public enum ImageDistortion {
    /// The PSNR in dB of `decoded` against `source`, both composited onto opaque white (what a
    /// viewer sees on a white page; JPEG's own background), over the R, G and B samples of every
    /// pixel: `10 log10(255² / MSE)`. `+infinity` when they are equal; nil when their sizes differ.
    public static func psnrOnWhite(_ decoded: Bitmap, against source: Bitmap) -> Double? {
        guard decoded.width == source.width, decoded.height == source.height else { return nil }
        var squares: UInt64 = 0
        decoded.withUnsafeBytes { a in
            source.withUnsafeBytes { b in
                for y in 0..<source.height {
                    let rowA = a.baseAddress!.advanced(by: y * decoded.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    let rowB = b.baseAddress!.advanced(by: y * source.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    var rowSquares: UInt64 = 0
                    for x in 0..<source.width {
                        let pa = rowA + x * 4, pb = rowB + x * 4
                        // Premultiplied c over white: c + 255 − a, exactly.
                        let whiteA = 255 - Int(pa[3]), whiteB = 255 - Int(pb[3])
                        for c in 0..<3 {
                            let d = (Int(pa[c]) + whiteA) - (Int(pb[c]) + whiteB)
                            rowSquares += UInt64(d * d)
                        }
                    }
                    squares += rowSquares
                }
            }
        }
        guard squares > 0 else { return .infinity }
        let meanSquare = Double(squares) / Double(source.width * source.height * 3)
        return 10 * log10(255 * 255 / meanSquare)
    }
}
