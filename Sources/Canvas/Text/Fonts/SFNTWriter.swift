/// Writes an sfnt (a `.ttf`/`.otf` file) from its tables: the offset table, the table records in
/// tag order with their checksums, each table padded to four bytes, and `head`'s
/// `checkSumAdjustment` set so the whole file sums to 0xB1B0AFBA (OpenType's "Font file" rules).
/// WOFF and WOFF2 fonts go through it after FreeType decoded their tables.
enum SFNTWriter {
    /// The file for `tables`, with `version` (0x00010000 or `OTTO`) as its sfnt version.
    static func file(version: UInt32, tables: [(tag: UInt32, data: [UInt8])]) -> [UInt8] {
        let sorted = tables.sorted { $0.tag < $1.tag }
        let count = sorted.count
        var power = 1, log = 0
        while power * 2 <= count { power *= 2; log += 1 }
        var out: [UInt8] = []
        out.reserveCapacity(12 + 16 * count + sorted.reduce(0) { $0 + ($1.data.count + 3) & ~3 })
        append32(&out, version)
        append16(&out, UInt16(count))
        append16(&out, UInt16(power * 16))         // searchRange
        append16(&out, UInt16(log))                // entrySelector
        append16(&out, UInt16(count * 16 - power * 16))  // rangeShift
        var offset = 12 + 16 * count
        var headOffset: Int?
        for table in sorted {
            var data = table.data
            if table.tag == headTag, data.count >= 12 { data.replaceSubrange(8..<12, with: [0, 0, 0, 0]); headOffset = offset }
            append32(&out, table.tag)
            append32(&out, checksum(data))
            append32(&out, UInt32(offset))
            append32(&out, UInt32(data.count))
            offset += (data.count + 3) & ~3
        }
        for table in sorted {
            let start = out.count
            out.append(contentsOf: table.data)
            if table.tag == headTag, table.data.count >= 12 { out.replaceSubrange(start + 8..<start + 12, with: [0, 0, 0, 0]) }
            while out.count % 4 != 0 { out.append(0) }
        }
        if let headOffset {
            let adjustment = 0xB1B0_AFBA &- checksum(out)
            out.replaceSubrange(headOffset + 8..<headOffset + 12, with: bigEndian(adjustment))
        }
        return out
    }

    /// `head`.
    static let headTag: UInt32 = 0x6865_6164

    /// The sum of the big-endian 32-bit words of `data`, zero-padded.
    static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 { word = word << 8 | UInt32(index + byte < data.count ? data[index + byte] : 0) }
            sum &+= word
            index += 4
        }
        return sum
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    private static func append32(_ out: inout [UInt8], _ value: UInt32) { out.append(contentsOf: bigEndian(value)) }

    private static func append16(_ out: inout [UInt8], _ value: UInt16) {
        out.append(UInt8(value >> 8))
        out.append(UInt8(truncatingIfNeeded: value))
    }
}
