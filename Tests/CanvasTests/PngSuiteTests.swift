import Testing

@_spi(Benchmarks) @testable import Canvas

/// PngSuite as a conformance test: every corrupt file refused with a typed error, every valid
/// file decoded to its reference pixels, interlaced files equal to their twins, and a round trip
/// through the Canvas's own PNG writer.
@Suite struct PngSuiteTests {
    /// How a corrupt file is refused: the ``CanvasError`` case, without its detail.
    enum Refusal: Equatable {
        case unknownFormat, corrupt, truncated

        init?(_ error: CanvasError) {
            switch error {
            case .unknownImageFormat: self = .unknownFormat
            case .corruptImage(.png, _): self = .corrupt
            case .truncatedImage(.png, _): self = .truncated
            default: return nil
            }
        }
    }

    /// What each corrupt file is (PngSuite's own descriptions) and how it must be refused.
    static let refusals: [String: Refusal] = [
        "xs1n0g01": .unknownFormat,  // signature byte 1 is not 'P'
        "xs2n0g01": .unknownFormat,  // signature byte 2 changed
        "xs4n0g01": .unknownFormat,  // signature byte 4 changed
        "xs7n0g01": .unknownFormat,  // signature byte 7 changed
        "xcrn0g04": .unknownFormat,  // CR added to the signature (a text-mode transfer)
        "xlfn0g04": .unknownFormat,  // LF added to the signature
        "xhdn0g08": .corrupt,  // IHDR with a wrong CRC
        "xc1n0g08": .corrupt,  // colour type 1
        "xc9n2c08": .corrupt,  // colour type 9
        "xd0n2c08": .corrupt,  // bit depth 0
        "xd3n2c08": .corrupt,  // bit depth 3
        "xd9n2c08": .corrupt,  // bit depth 99
        "xdtn0g01": .corrupt,  // no IDAT chunk
        "xcsn0g01": .corrupt,  // IDAT with a wrong CRC
    ]

    @Test func theSuiteIsComplete() throws {
        // PngSuite 2017jul19: 175 images, 14 of them corrupt.
        #expect(PngSuite.names.count == 175)
        #expect(Set(PngSuite.corruptNames) == Set(Self.refusals.keys))
        let references = try PngSuite.references()
        #expect(Set(references.keys) == Set(PngSuite.validNames))
        #expect(PngSuite.interlacedTwins.count == 33)
    }

    @Test(arguments: PngSuite.corruptNames)
    func corruptFileIsRefusedWithATypedError(name: String) throws {
        let data = try PngSuite.file(name)
        do {
            let bitmap = try ImageDecoder.decode(data)
            Issue.record("\(name) decoded to \(bitmap.width)×\(bitmap.height) instead of being refused")
        } catch {
            #expect(Refusal(error) == Self.refusals[name], "\(name): \(error)")
        }
    }

    /// Reference pixels with the gamma rule applied, within ±1 per premultiplied component:
    /// libpng's 8-bit gamma tables and our 16-bit power law round differently from `pow`.
    @Test(arguments: PngSuite.validNames)
    func validFileDecodesToTheReferencePixels(name: String) throws {
        let data = try PngSuite.file(name)
        let reference = try #require(try PngSuite.references()[name], "no reference pixels for \(name)")
        let bitmap = try ImageDecoder.decode(data)
        try #require(bitmap.width == reference.width && bitmap.height == reference.height, "\(name) size")
        let expected = PngSuite.expectedBGRA(reference, gamma: PngSuite.fileGamma(data))
        let decoded = bitmap.premultipliedBGRABytes()
        var worst = (difference: 0, index: 0), over = 0
        for i in decoded.indices {
            let difference = abs(Int(decoded[i]) - Int(expected[i]))
            if difference > worst.difference { worst = (difference, i) }
            if difference > 1 { over += 1 }
        }
        let pixel = worst.index / 4
        #expect(
            worst.difference <= 1,
            "\(name): \(over) components off by more than 1, worst \(worst.difference) at (\(pixel % reference.width), \(pixel / reference.width))"
        )
    }

    /// An Adam7 image decodes to exactly the pixels of its non-interlaced twin, 16-bit ones included
    /// (libpng's 16-to-8-bit interlaced read misplaces rows: see PNGLinearSamples).
    @Test(arguments: PngSuite.interlacedTwins.map { [$0.0, $0.1] })
    func interlacedFileEqualsItsTwin(pair: [String]) throws {
        let interlaced = try ImageDecoder.decode(PngSuite.file(pair[0]))
        let twin = try ImageDecoder.decode(PngSuite.file(pair[1]))
        let difference = CodecTestSupport.difference(interlaced, twin)
        #expect(difference.max == 0, "\(pair[0]) vs \(pair[1]): largest difference \(difference.max), mean \(difference.mean)")
    }

    /// decode → the Canvas's PNG writer (each preset, and adaptive filtering) → decode gives the same bitmap.
    @Test(arguments: PngSuite.validNames)
    func validFileSurvivesARoundTripThroughOurWriter(name: String) throws {
        try PNGRoundTripTests.expectRoundTrip(ImageDecoder.decode(PngSuite.file(name)), name: name)
    }

    /// The 16-bit conversion at its edges: transparent, opaque, half light, half covered.
    @Test func linearSixteenBitSamplesConvertByThePowerLaw() {
        // Premultiplied linear B, G, R, A: black, white, 50 % light opaque, 50 % light at alpha 1/2.
        let samples: [UInt16] = [0, 0, 0, 0, 65535, 65535, 65535, 65535, 32768, 32768, 32768, 65535, 16384, 16384, 0, 32768]
        var pixels = [UInt8](repeating: 0xAA, count: 16)
        samples.withUnsafeBytes { source in
            pixels.withUnsafeMutableBytes { target in
                // (Neither is empty; were one nil, the pixels would stay 0xAA and fail below.)
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                PNGLinearSamples.convert(from, width: 4, height: 1, into: to, bytesPerRow: 16)
            }
        }
        // 255 × 0.5^(1/2.2) = 186.1; at alpha 128 that premultiplies to 93.
        #expect(pixels == [0, 0, 0, 0, 255, 255, 255, 255, 186, 186, 186, 255, 93, 93, 0, 128])
    }
}
