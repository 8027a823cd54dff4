import CTurboJPEG
import Testing

@testable import Canvas

/// The reference card's real inputs (copied from Examples/ReferenceCard/Inputs).
@Suite struct CodecFixtureTests {
    @Test func coverPhotoDecodes() throws {
        let data = try CodecTestSupport.fixture("cover.jpg")
        #expect(try ImageDecoder.info(of: data) == ImageInfo(format: .jpeg, width: 640, height: 480, hasAlpha: false))
        let cover = try ImageDecoder.decode(data)
        #expect(cover.width == 640 && cover.height == 480 && cover.scale == 1)
        // A dusk landscape: blue sky at the top, a pale moon right of centre, dark hills below.
        let sky = try #require(cover.pixel(x: 10, y: 10))
        #expect(sky.blue > sky.red + 60 && sky.alpha == 255, "sky \(sky)")
        let moon = try #require(cover.pixel(x: 430, y: 245))
        #expect(moon.red > 220 && moon.green > 200, "moon \(moon)")
        let hills = try #require(cover.pixel(x: 100, y: 420))
        #expect(Int(hills.red) + Int(hills.green) + Int(hills.blue) < 200, "hills \(hills)")
    }

    @Test func coverPhotoDecodesAtCardSize() throws {
        let data = try CodecTestSupport.fixture("cover.jpg")
        let (bitmap, diagnostics) = try ImageDecoder.decodeWithDiagnostics(
            data, options: DecodeOptions(target: .fill(Size(width: 80, height: 60), scale: 2), scale: 2)
        )
        // 640×480 → 160×120 is exactly the 1/4 DCT scale: no resize after the codec.
        #expect(diagnostics.jpegScale == JPEGScale(numerator: 1, denominator: 4))
        #expect(bitmap.width == 160 && bitmap.height == 120 && diagnostics.codecWidth == 160)
        let full = try ImageDecoder.decode(data).resized(width: 160, height: 120)
        #expect(CodecTestSupport.difference(full, bitmap).mean < 4)
    }

    @Test func avatarDecodes() throws {
        let data = try CodecTestSupport.fixture("avatar.png")
        #expect(try ImageDecoder.info(of: data) == ImageInfo(format: .png, width: 96, height: 96, hasAlpha: true))
        let avatar = try ImageDecoder.decode(data)
        #expect(avatar.width == 96 && avatar.height == 96)
        // A face on a blue-to-pink gradient: skin in the middle, an eye at (40, 40).
        let background = try #require(avatar.pixel(x: 0, y: 0))
        #expect(background.blue == 255 && background.red < 160, "background \(background)")
        let skin = try #require(avatar.pixel(x: 48, y: 48))
        #expect(skin.red > 230 && skin.green > 190 && skin.blue > 150, "skin \(skin)")
        let eye = try #require(avatar.pixel(x: 40, y: 40))
        #expect(eye.red < 80 && eye.green < 80, "eye \(eye)")
    }

    @Test func decodingAndEncodingFromManyTasksAtOnceGivesTheSameResults() async throws {
        let cover = try CodecTestSupport.fixture("cover.jpg"), avatar = try CodecTestSupport.fixture("avatar.png")
        let expectedCover = try ImageDecoder.decode(cover, target: .fit(width: 200, height: 200)).premultipliedBGRABytes()
        let expectedWebP = try ImageEncoder.encode(ImageDecoder.decode(avatar), as: .webp(quality: 80))
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let decoded = try ImageDecoder.decode(cover, target: .fit(width: 200, height: 200)).premultipliedBGRABytes()
                    let webp = try ImageEncoder.encode(ImageDecoder.decode(avatar), as: .webp(quality: 80))
                    return decoded == expectedCover && webp == expectedWebP
                }
            }
            for try await same in group { #expect(same) }
        }
    }

    @Test(arguments: [EncodingOptions.png(), .webp(lossless: true)])
    func avatarSurvivesLosslessReencoding(options: EncodingOptions) throws {
        let avatar = try ImageDecoder.decode(CodecTestSupport.fixture("avatar.png"))
        let again = try ImageDecoder.decode(ImageEncoder.encode(avatar, as: options))
        #expect(CodecTestSupport.difference(avatar, again).max <= 1)
    }
}

/// JPEGs from print workflows store CMYK (as YCCK); they decode approximately instead of failing.
@Suite struct CodecCMYKTests {
    @Test func cmykJPEGDecodesToApproximateRGB() throws {
        // Adobe-inverted CMYK (255 = no ink): red, then mid grey via K.
        let width = 16, height = 16
        var cmyk = [UInt8]()
        for y in 0..<height {
            for _ in 0..<width { cmyk += y < 8 ? [255, 0, 0, 255] : [255, 255, 255, 128] }
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let handle = try #require(tjInitCompress())
        defer { tjDestroy(handle) }
        let status = cmyk.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), Int32(width * 4), Int32(height), Int32(TJPF_CMYK.rawValue),
                        &output, &size, Int32(TJSAMP_444.rawValue), 95, 0)
        }
        #expect(status == 0)
        let jpeg = Array(UnsafeBufferPointer(start: output, count: Int(size)))
        tjFree(output)
        let bitmap = try ImageDecoder.decode(jpeg)
        let red = try #require(bitmap.pixel(x: 4, y: 2)), grey = try #require(bitmap.pixel(x: 4, y: 13))
        #expect(red.red > 240 && red.green < 15 && red.blue < 15, "\(red)")
        #expect(abs(Int(grey.red) - 128) < 8 && abs(Int(grey.blue) - 128) < 8 && grey.alpha == 255, "\(grey)")
    }
}
