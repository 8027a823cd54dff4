import FuzzSupport

/// `ImageDecoder.info` and `decode`, with and without a target, over arbitrary bytes seeded
/// with WEBP files (see `fuzzImageDecoder`).
@_cdecl("LLVMFuzzerTestOneInput")
public func imageWEBPFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzImageDecoder(fuzzInput(start, count))
    return 0
}
