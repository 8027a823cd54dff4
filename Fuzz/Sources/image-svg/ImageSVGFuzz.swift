import FuzzSupport

/// `ImageDecoder.info` and `decode` over arbitrary bytes seeded with SVG documents, hostile ones
/// among them (see `fuzzSVGDecoder`).
@_cdecl("LLVMFuzzerTestOneInput")
public func imageSVGFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzSVGDecoder(fuzzInput(start, count))
    return 0
}
