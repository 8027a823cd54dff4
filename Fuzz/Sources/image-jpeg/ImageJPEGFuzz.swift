import FuzzSupport

/// `ImageDecoder.info` and `decode`, with and without a target, over arbitrary bytes seeded
/// with JPEG files (see `fuzzImageDecoder`).
@_cdecl("LLVMFuzzerTestOneInput")
public func imageJPEGFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzImageDecoder(fuzzInput(start, count))
    return 0
}
