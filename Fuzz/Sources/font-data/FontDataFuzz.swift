import FuzzSupport

/// ``FontData`` and a text drawn in the font, over arbitrary bytes seeded with TrueType, OpenType
/// (CFF), WOFF and WOFF2 test fonts (see `fuzzFontData`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fontDataFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzFontData(fuzzInput(start, count))
    return 0
}
