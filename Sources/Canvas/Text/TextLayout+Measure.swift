extension TextLayout {
    /// Measures an attributed text.
    ///
    /// Measurement is synchronous and safe to call from any thread or task at the same time as
    /// other measurements and drawing: each call borrows a Pango engine nobody else is using.
    ///
    /// - Parameters:
    ///   - text: The text and its style runs and links.
    ///   - style: The base style the segments' overrides apply to.
    ///   - options: Width, line limit, break and truncation rules, and the size limit.
    /// - Throws: ``CanvasError/textTooLong(utf8Bytes:limit:)`` for a text over
    ///   ``TextLayoutOptions/maxUTF8Bytes`` (checked first, in constant time per segment),
    ///   ``CanvasError/invalidTextStyle(_:)`` for a NaN, zero, negative or huge size, an unknown
    ///   weight or a bad letter spacing or line height, ``CanvasError/invalidArgument(_:)`` for a
    ///   bad width or a negative line limit, ``CanvasError/fontRejected(_:)`` when the options'
    ///   font set cannot be prepared (its files written, fontconfig given them).
    public init(
        text: AttributedText,
        style: TextStyle = TextStyle(),
        options: TextLayoutOptions = TextLayoutOptions()
    ) throws(CanvasError) {
        try options.validate()
        let byteCount = text.utf8Count
        guard byteCount <= options.maxUTF8Bytes else {
            throw .textTooLong(utf8Bytes: byteCount, limit: options.maxUTF8Bytes)
        }
        try style.validate(with: text.segments)
        if text.isEmpty {
            self.init(empty: text, style: style, options: options)
            return
        }
        let request = MeasureRequest(text: text, style: style, options: options)
        self = try TextEnginePool.shared.withEngine(fonts: options.fonts) { engine throws(CanvasError) in
            try PangoMeasurement(engine: engine, request: request).run()
        }
    }

    /// Measures a plain string in one style.
    ///
    /// - Throws: As ``init(text:style:options:)``.
    public init(
        _ string: String,
        style: TextStyle = TextStyle(),
        options: TextLayoutOptions = TextLayoutOptions()
    ) throws(CanvasError) {
        try self.init(text: AttributedText(string), style: style, options: options)
    }

    /// The empty layout: zero size, no lines, nothing to draw.
    private init(empty text: AttributedText, style: TextStyle, options: TextLayoutOptions) {
        self.init(
            text: text, style: style, options: options, size: .zero, bounds: .zero, lines: [],
            isTruncated: false, links: [], fontsUsed: [], requestedFamiliesMissing: [], runs: [], decorations: []
        )
    }
}

/// The inputs of one measurement, with the text flattened into UTF-8 bytes.
struct MeasureRequest {
    let text: AttributedText
    let style: TextStyle
    let options: TextLayoutOptions
    /// The text as UTF-8, NUL bytes replaced by spaces (Pango stops at NUL; a space keeps offsets).
    let utf8: [UInt8]
    /// The byte offset where each segment starts, ascending.
    let segmentStarts: [Int]
    /// Each segment's effective style.
    let segmentStyles: [TextStyle]

    init(text: AttributedText, style: TextStyle, options: TextLayoutOptions) {
        self.text = text
        self.style = style
        self.options = options
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8Count)
        var starts: [Int] = []
        var styles: [TextStyle] = []
        for segment in text.segments {
            starts.append(bytes.count)
            styles.append(style.applying(segment.style))
            let start = bytes.count
            bytes.append(contentsOf: segment.text.utf8)
            if bytes[start...].contains(0) {
                for i in start..<bytes.count where bytes[i] == 0 { bytes[i] = 0x20 }
            }
        }
        self.utf8 = bytes
        self.segmentStarts = starts
        self.segmentStyles = styles
    }

    /// The index of the segment holding byte `offset`, or `nil` without segments.
    func segmentIndex(atByte offset: Int) -> Int? {
        segmentStarts.isEmpty ? nil : segmentStarts.lastIndex(atMost: offset)
    }

    /// The background colour of the segment holding byte `offset`, if it has one.
    func segmentBackground(atByte offset: Int) -> Color? {
        guard let index = segmentIndex(atByte: offset) else { return nil }
        return text.segments[index].style.backgroundColor
    }

    /// How far the background of the segment at byte `offset` reaches above and below its font.
    func segmentBackgroundOutsets(atByte offset: Int) -> (top: Double, bottom: Double) {
        guard let index = segmentIndex(atByte: offset), let outsets = text.segments[index].style.backgroundOutsets else { return (0, 0) }
        return (outsets.top.isFinite ? max(0, outsets.top) : 0, outsets.bottom.isFinite ? max(0, outsets.bottom) : 0)
    }

    /// The effective style of the text at byte `offset`.
    func style(atByte offset: Int) -> TextStyle {
        // The last segment starting at or before `offset` (empty segments share a start with the
        // next one, so take the last of equal starts).
        let found = segmentStarts.lastIndex(atMost: offset)
        return segmentStyles.isEmpty ? style : segmentStyles[found]
    }


    /// Link ranges in bytes, with their values and UTF-16 ranges.
    func byteLinks(using map: UTF16OffsetMap) -> [(value: String, bytes: Range<Int>, utf16: Range<Int>)] {
        guard text.segments.contains(where: { $0.link != nil }) else { return [] }
        let links = text.links
        var result: [(value: String, bytes: Range<Int>, utf16: Range<Int>)] = []
        for link in links {
            result.append((link.value, map.byteOffset(utf16: link.range.lowerBound)..<map.byteOffset(utf16: link.range.upperBound), link.range))
        }
        return result
    }
}
