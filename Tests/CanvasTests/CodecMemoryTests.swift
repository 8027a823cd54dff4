import Foundation
import Testing

@testable import Canvas

/// Catches a missing free: a decode/encode loop must not grow the process without bound.
///
/// The loop runs in an exit test, a child process of its own: the resident size of the test
/// process would also count whatever the tests running in parallel allocate at the same moment.
@Suite struct CodecMemoryTests {
    @Test(.disabled(if: CodecTestSupport.runsUnderAddressSanitizer, "ASan's quarantine keeps freed memory resident; make test-asan's leak check covers leaks"))
    func decodeEncodeLoopDoesNotLeak() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            try CodecMemoryTests.loopAndCheckGrowth()
        }
    }

    /// Runs the loop and exits with status 1 (saying why on stderr) if the process grew too much.
    static func loopAndCheckGrowth() throws {
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
            for options in [EncodingOptions.png(), .png(compression: .compact), .webp(quality: 60, method: 0), .webp(lossless: true, method: 0), .jpeg()] {
                _ = try ImageDecoder.decode(ImageEncoder.encode(small, as: options))
            }
            // Failure paths free what they allocated too.
            for bytes in damaged { _ = try? ImageDecoder.decode(bytes) }
            _ = try? ImageEncoder.encode(small, as: .png(compression: PNGCompression(level: 42, filter: .up)))
        }

        for _ in 0..<20 { try iteration() }  // warm up allocator pools and codec tables
        let before = CodecTestSupport.residentBytes()
        for _ in 0..<200 { try iteration() }
        let growth = CodecTestSupport.residentBytes() - before
        // Measured growth is about 0. One leaked full-size bitmap an iteration would be 240 MB, one
        // leaked 320×240 PNG (the smallest buffer here) measured 28 MB; allow 24 MB for allocator slack.
        if growth >= 24 << 20 {
            FileHandle.standardError.write(Data("RSS grew by \(growth >> 20) MB over 200 iterations\n".utf8))
            exit(1)
        }
    }
}
