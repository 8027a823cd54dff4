/// Converts between UTF-8 byte offsets (Pango's unit) and UTF-16 offsets (the public unit) of one
/// text, with a checkpoint every 64 bytes so each conversion scans at most 64 bytes.
struct UTF16OffsetMap {
    private let utf8: [UInt8]
    /// The UTF-16 offset at byte `i * stride`.
    private let checkpoints: [Int]
    private static let stride = 64

    init(utf8: [UInt8]) {
        self.utf8 = utf8
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(utf8.count / UTF16OffsetMap.stride + 1)
        var units = 0
        for (index, byte) in utf8.enumerated() {
            if index % UTF16OffsetMap.stride == 0 { checkpoints.append(units) }
            units += UTF16OffsetMap.units(leading: byte)
        }
        if utf8.count % UTF16OffsetMap.stride == 0 { checkpoints.append(units) }
        self.checkpoints = checkpoints
    }

    /// The UTF-16 code units a scalar starting with `byte` takes (0 for a continuation byte).
    private static func units(leading byte: UInt8) -> Int {
        switch byte {
        case ..<0x80: 1
        case ..<0xC0: 0
        case ..<0xF0: 1
        default: 2
        }
    }

    /// The UTF-16 offset of byte offset `byte` (clamped to the text).
    func utf16Offset(byte: Int) -> Int {
        let byte = max(0, min(byte, utf8.count))
        let block = byte / UTF16OffsetMap.stride
        var units = checkpoints[block]
        var index = block * UTF16OffsetMap.stride
        while index < byte {
            units += UTF16OffsetMap.units(leading: utf8[index])
            index += 1
        }
        return units
    }

    /// The byte offset of UTF-16 offset `units` (clamped; inside a surrogate pair: after the pair).
    func byteOffset(utf16 units: Int) -> Int {
        let block = checkpoints.lastIndex(atMost: units)
        var index = block * UTF16OffsetMap.stride
        var offset = checkpoints[block]
        while index < utf8.count, offset < units {
            offset += UTF16OffsetMap.units(leading: utf8[index])
            index += 1
        }
        while index < utf8.count, utf8[index] & 0xC0 == 0x80 { index += 1 }
        return index
    }
}
