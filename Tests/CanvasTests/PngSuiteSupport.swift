import CLibDeflate
import Foundation
import Testing

@_spi(Benchmarks) @testable import Canvas

/// PngSuite (Willem van Schaik's PNG conformance images, Fixtures/PngSuite) and its reference
/// pixels (lunapaint/pngsuite's json/, packed into expected.bin.gz by make-expected.py there).
enum PngSuite {
    /// The folder of the suite's files.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/PngSuite")

    /// Every PNG's name without `.png`, sorted; empty if the folder cannot be listed (then
    /// `theSuiteIsComplete` fails).
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
    }()

    /// The deliberately corrupt files: PngSuite names them `x…`.
    static var corruptNames: [String] { names.filter { $0.hasPrefix("x") } }
    /// Every other file: valid PNGs, each with reference pixels.
    static var validNames: [String] { names.filter { !$0.hasPrefix("x") } }
    /// The Adam7-interlaced files whose non-interlaced twin (the same name with `n` for `i` at
    /// the fourth letter) is in the suite too, as (interlaced, twin).
    static var interlacedTwins: [(String, String)] {
        names.compactMap { name in
            guard Array(name)[3] == "i" else { return nil }
            let twin = String(name.prefix(3)) + "n" + String(name.dropFirst(4))
            return names.contains(twin) ? (name, twin) : nil
        }
    }

    /// The bytes of `name`.png.
    static func file(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".png")))
    }

    /// One image's reference pixels: R, G, B, A straight, as the file stores them (no gamma),
    /// out of `maximum` (255, or 65535 for 16-bit files).
    struct Reference {
        var width: Int
        var height: Int
        var maximum: Int
        var samples: [Int]
    }

    /// The reference pixels by name, read once for all the tests.
    static func references() throws -> [String: Reference] { try loadedReferences.get() }

    private static let loadedReferences = Result(catching: readReferences)

    private static func readReferences() throws -> [String: Reference] {
        let packed = try gunzip([UInt8](Data(contentsOf: folder.appendingPathComponent("expected.bin.gz"))))
        var result: [String: Reference] = [:]
        var at = 0
        func take(_ count: Int) throws -> ArraySlice<UInt8> {
            guard at + count <= packed.count else { throw SuiteError("expected.bin.gz ends inside a record") }
            defer { at += count }
            return packed[at..<at + count]
        }
        while at < packed.count {
            let name = String(decoding: try take(8), as: UTF8.self)
            let header = Array(try take(5))
            let width = Int(header[0]) << 8 | Int(header[1]), height = Int(header[2]) << 8 | Int(header[3])
            let wide = header[4] == 2
            let bytes = Array(try take(width * height * 4 * (wide ? 2 : 1)))
            let samples = wide
                ? stride(from: 0, to: bytes.count, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
                : bytes.map(Int.init)
            result[name] = Reference(width: width, height: height, maximum: wide ? 65535 : 255, samples: samples)
        }
        return result
    }

    /// The gAMA the decoder assumes for `png`, as libpng's simplified API does: an sRGB chunk
    /// means 1/2.2; else the gAMA chunk; else linear (1.0) for 16-bit data and 1/2.2 for 8-bit
    /// and less. (No file of the suite has an iCCP chunk.)
    static func fileGamma(_ png: [UInt8]) -> Double {
        var at = 8, gamma: Double?
        let bitDepth = png.count > 24 ? png[24] : 8
        while at + 8 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
            if type == "IDAT" || at + 12 + length > png.count { break }
            if type == "sRGB" { return 1 / 2.2 }
            if type == "gAMA", length == 4 {
                gamma = Double(png[at + 8..<at + 12].reduce(0) { $0 << 8 | Int($1) }) / 100_000
            }
            at += 12 + length
        }
        return gamma ?? (bitDepth == 16 ? 1 : 1 / 2.2)
    }

    /// The premultiplied B, G, R, A bytes the decoder must give for `reference`, by the rule in
    /// the Canvas docs ("Decoding PNG"): colour re-encoded from the file's gamma `gamma` to the
    /// 2.2 power law (unless the two are within libpng's 5 % threshold, when it is only scaled),
    /// every sample scaled to 8 bits with rounding, then premultiplied.
    static func expectedBGRA(_ reference: Reference, gamma: Double) -> [UInt8] {
        let exponent = 1 / (gamma * 2.2)
        let corrects = abs(gamma * 2.2 - 1) >= 0.05
        let maximum = Double(reference.maximum)
        var out = [UInt8]()
        out.reserveCapacity(reference.samples.count)
        for pixel in stride(from: 0, to: reference.samples.count, by: 4) {
            let s = reference.samples[pixel..<pixel + 4].map { Double($0) / maximum }
            let alpha = UInt8((s[3] * 255).rounded())
            for channel in [2, 1, 0] {
                let value = corrects ? pow(s[channel], exponent) : s[channel]
                out.append(PixelConversion.premultiply(UInt8((value * 255).rounded()), alpha))
            }
            out.append(alpha)
        }
        return out
    }

    /// The contents of a gzip member, through libdeflate.
    static func gunzip(_ data: [UInt8]) throws -> [UInt8] {
        guard data.count > 18 else { throw SuiteError("not gzip data") }
        // The member's last four bytes are its uncompressed size, little-endian.
        let size = data.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
        var out = [UInt8](repeating: 0, count: size)
        guard let decompressor = libdeflate_alloc_decompressor() else { throw SuiteError("no decompressor") }
        defer { libdeflate_free_decompressor(decompressor) }
        let result = data.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                libdeflate_gzip_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, nil)
            }
        }
        guard result == LIBDEFLATE_SUCCESS else { throw SuiteError("expected.bin.gz does not inflate: \(result)") }
        return out
    }

    /// A failure of the suite's own files, reported as a test error.
    struct SuiteError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
