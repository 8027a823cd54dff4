/// Finds the EXIF orientation in a JPEG's APP1 segment, reading only the markers before the scan.
/// Anything malformed is ignored (the image is shown as stored), never an error.
enum EXIFOrientation {
    static func inJPEG(_ bytes: UnsafeBufferPointer<UInt8>) -> ImageOrientation {
        var i = 2  // after SOI
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return .up }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            // Start of scan or end of image: no more metadata segments.
            if marker == 0xDA || marker == 0xD9 { return .up }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return .up }
            let start = i + 4, end = i + 2 + length
            if marker == 0xE1, end - start >= 14,
                Array(bytes[start..<(start + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
            {
                return inTIFF(UnsafeBufferPointer(rebasing: bytes[(start + 6)..<end])) ?? .up
            }
            i = end
        }
        return .up
    }

    /// The orientation tag (0x0112) of IFD0 in a TIFF structure, if present and valid.
    static func inTIFF(_ tiff: UnsafeBufferPointer<UInt8>) -> ImageOrientation? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 256) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            // Type 3 (SHORT), one value, stored in the first two bytes of the value field.
            if tag == 0x0112, u16(at + 2) == 3, let value = u16(at + 8) {
                return ImageOrientation(rawValue: value)
            }
        }
        return nil
    }
}
