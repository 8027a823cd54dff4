import Testing

@testable import Canvas

/// Catches a missing free: a decode/encode loop must not grow the process without bound.
@Suite struct CodecMemoryTests {
    @Test func decodeEncodeLoopDoesNotLeak() throws {
        let cover = try CodecTestSupport.fixture("cover.jpg")
        let avatar = try CodecTestSupport.fixture("avatar.png")
        let webp = try ImageEncoder.encode(ImageDecoder.decode(cover), as: .webp(quality: 70, method: 0))
        let damaged = [Array(cover.prefix(cover.count / 2)), Array(avatar.prefix(avatar.count / 2)), Array(webp.prefix(webp.count / 2))]

        func iteration() throws {
            // Full-size decodes: 1.2 MB of pixels each, so a leaked buffer shows at once.
            _ = try ImageDecoder.decode(cover)
            _ = try ImageDecoder.decode(webp)
            let small = try ImageDecoder.decode(cover, target: .fill(width: 320, height: 240))
            _ = try ImageDecoder.decode(avatar, target: .fit(width: 40, height: 40))
            for options in [EncodingOptions.png(compressionLevel: 1), .webp(quality: 60, method: 0), .webp(lossless: true, method: 0), .jpeg()] {
                _ = try ImageDecoder.decode(ImageEncoder.encode(small, as: options))
            }
            // Failure paths free what they allocated too.
            for bytes in damaged { _ = try? ImageDecoder.decode(bytes) }
            _ = try? ImageEncoder.encode(small, as: .png(compressionLevel: 42))
        }

        for _ in 0..<20 { try iteration() }  // warm up allocator pools and codec tables
        let before = CodecTestSupport.residentBytes()
        for _ in 0..<200 { try iteration() }
        let growth = CodecTestSupport.residentBytes() - before
        print("codec memory loop: RSS \(before >> 20) MB before, grew by \(growth >> 10) KB over 200 iterations")
        // Measured growth is about 0. One leaked full-size bitmap an iteration would be 240 MB, one
        // leaked 320×240 PNG (the smallest buffer here) measured 28 MB; allow 24 MB for allocator slack
        // and for tests running beside this one.
        #expect(growth < 24 << 20, "RSS grew by \(growth >> 20) MB over 200 iterations")
    }
}
