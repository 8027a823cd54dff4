import Foundation
import Testing

@_spi(Benchmarks) @testable import Canvas

/// Inputs for the codec tests, all generated here (no binary fixtures beyond the reference card's).
enum CodecTestSupport {
    /// A test pattern as premultiplied B, G, R, A bytes: smooth gradients (which lossy codecs keep
    /// well), a few hard-edged blocks, and, with `translucent`, alpha varying over the picture
    /// including fully transparent and fully opaque areas.
    static func patternBytes(width: Int, height: Int, translucent: Bool) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let fx = width > 1 ? Double(x) / Double(width - 1) : 0.5
                let fy = height > 1 ? Double(y) / Double(height - 1) : 0.5
                var r = UInt8(fx * 255), g = UInt8(fy * 255), b = UInt8((1 - fx) * 200 + 40)
                // Hard-edged blocks in the second quarter.
                if x >= width / 4, x < width / 2, y >= height / 4, y < height / 2 {
                    (r, g, b) = ((x / 8 + y / 8) % 2 == 0) ? (230, 40, 30) : (20, 90, 220)
                }
                var a: UInt8 = 255
                if translucent {
                    if x < width / 8 { a = 0 } else if x >= width * 7 / 8 { a = 255 } else { a = UInt8((fy * 0.7 + fx * 0.3) * 255) }
                }
                let i = (y * width + x) * 4
                bytes[i] = PixelConversion.premultiply(b, a)
                bytes[i + 1] = PixelConversion.premultiply(g, a)
                bytes[i + 2] = PixelConversion.premultiply(r, a)
                bytes[i + 3] = a
            }
        }
        return bytes
    }

    static func pattern(width: Int, height: Int, translucent: Bool = false) throws -> Bitmap {
        try Bitmap(width: width, height: height, premultipliedBGRA: patternBytes(width: width, height: height, translucent: translucent))
    }

    /// A one-pixel black and white checkerboard.
    static func checkerboard(width: Int, height: Int) throws -> Bitmap {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where (x + y) % 2 == 1 {
                let i = (y * width + x) * 4
                bytes[i] = 0; bytes[i + 1] = 0; bytes[i + 2] = 0
            }
        }
        return try Bitmap(width: width, height: height, premultipliedBGRA: bytes)
    }

    /// The largest and the mean absolute difference of two same-size bitmaps' premultiplied bytes.
    /// Bitmaps of different sizes record an issue and compare as completely different (no trap:
    /// one failure must not end the run).
    static func difference(_ a: Bitmap, _ b: Bitmap, sourceLocation: SourceLocation = #_sourceLocation) -> (max: Int, mean: Double) {
        guard a.width == b.width && a.height == b.height else {
            Issue.record("compared bitmaps of different sizes: \(a.width)×\(a.height) and \(b.width)×\(b.height)",
                         sourceLocation: sourceLocation)
            return (Int.max, .infinity)
        }
        let x = a.premultipliedBGRABytes(), y = b.premultipliedBGRABytes()
        var maximum = 0, total = 0
        for i in x.indices {
            let d = abs(Int(x[i]) - Int(y[i]))
            maximum = max(maximum, d)
            total += d
        }
        return (maximum, Double(total) / Double(max(1, x.count)))
    }

    /// A fixture file's bytes.
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try [UInt8](Data(contentsOf: url))
    }

    /// Whether this process runs under AddressSanitizer (its runtime is linked in), whose
    /// quarantine keeps freed memory resident: then RSS growth says nothing about leaks.
    static let runsUnderAddressSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

    /// This process's resident set size in bytes, from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    // MARK: Crafted headers

    /// CRC-32 (ISO-HDLC, as PNG uses).
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// A valid PNG whose IHDR claims `width × height` (with a correct CRC), keeping the rest.
    static func pngClaiming(width: UInt32, height: UInt32, from png: [UInt8]) -> [UInt8] {
        var out = png
        // Signature (8), IHDR length (4), "IHDR" (4), then width and height.
        out.replaceSubrange(16..<20, with: bigEndian(width))
        out.replaceSubrange(20..<24, with: bigEndian(height))
        out.replaceSubrange(29..<33, with: bigEndian(crc32(out[12..<29])))
        return out
    }

    /// A JPEG whose SOF marker claims `width × height`, keeping the rest. Records an issue and
    /// throws if `jpeg` has no SOF marker.
    static func jpegClaiming(
        width: UInt16, height: UInt16, from jpeg: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [UInt8] {
        var out = jpeg
        var i = 2
        while i + 9 < out.count {
            guard out[i] == 0xFF else { i += 1; continue }
            let marker = out[i + 1]
            let length = Int(out[i + 2]) << 8 | Int(out[i + 3])
            if (0xC0...0xC2).contains(marker) {
                // FF Cx, length (2), precision (1), height (2), width (2).
                out[i + 5] = UInt8(height >> 8); out[i + 6] = UInt8(height & 0xFF)
                out[i + 7] = UInt8(width >> 8); out[i + 8] = UInt8(width & 0xFF)
                return out
            }
            i += 2 + length
        }
        throw HelperFailure.recorded("no SOF marker in the \(jpeg.count)-byte JPEG", at: sourceLocation)
    }

    /// A lossless WebP whose VP8L header claims `width × height` (at most 16384 a side, the
    /// format's own limit), keeping the rest. Records an issue and throws if `webp` is not a
    /// lossless WebP.
    static func webpLosslessClaiming(
        width: Int, height: Int, from webp: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [UInt8] {
        var out = webp
        // "RIFF" size "WEBP" "VP8L" size, then the signature byte 0x2F at 20 and 4 bytes of header.
        guard out.count > 24, Array(out[12..<16]) == Array("VP8L".utf8), out[20] == 0x2F else {
            throw HelperFailure.recorded("not a lossless WebP (no VP8L header)", at: sourceLocation)
        }
        let old = UInt32(out[21]) | UInt32(out[22]) << 8 | UInt32(out[23]) << 16 | UInt32(out[24]) << 24
        let bits = (old & 0xF000_0000) | UInt32(height - 1) << 14 | UInt32(width - 1)
        out[21] = UInt8(bits & 0xFF); out[22] = UInt8((bits >> 8) & 0xFF)
        out[23] = UInt8((bits >> 16) & 0xFF); out[24] = UInt8(bits >> 24)
        return out
    }
}

/// A test helper that could not do its job: recorded as an issue at the caller, then thrown so the
/// test stops there (instead of a trap that would end the whole run).
struct HelperFailure: Error, CustomStringConvertible {
    let description: String

    static func recorded(_ description: String, at sourceLocation: SourceLocation) -> HelperFailure {
        Issue.record(Comment(rawValue: description), sourceLocation: sourceLocation)
        return HelperFailure(description: description)
    }
}

/// The helpers above fail a test, never the run.
@Suite struct CodecTestSupportTests {
    @Test func aJPEGWithoutASOFMarkerFailsTheTestNotTheRun() {
        let notAJPEG: [UInt8] = [0xFF, 0xD8] + [UInt8](repeating: 0, count: 32)
        withKnownIssue {
            #expect(throws: HelperFailure.self) { try CodecTestSupport.jpegClaiming(width: 1, height: 1, from: notAJPEG) }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("no SOF marker") }
        }
    }

    @Test func aLossyWebPOrBitmapsOfTwoSizesFailTheTestNotTheRun() throws {
        withKnownIssue {
            #expect(throws: HelperFailure.self) {
                try CodecTestSupport.webpLosslessClaiming(width: 2, height: 2, from: [UInt8](repeating: 0, count: 40))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("VP8L") }
        }
        let small = try CodecTestSupport.pattern(width: 2, height: 2), big = try CodecTestSupport.pattern(width: 3, height: 2)
        withKnownIssue {
            #expect(CodecTestSupport.difference(small, big).max == Int.max)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("different sizes") }
        }
    }
}
