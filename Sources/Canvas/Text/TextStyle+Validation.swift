extension TextStyle {
    /// Throws unless the style (and every segment's override and inline box) can be laid out.
    func validate(with segments: [AttributedText.Segment]) throws(CanvasError) {
        for segment in segments {
            guard let attachment = segment.attachment else { continue }
            let s = attachment.size
            // A spacer (an inline element's edge) may be negative: a negative margin pulls its
            // neighbours closer (CSS 2.1 §8.3).
            let least = attachment.keepsWithNeighbours && attachment.size.height == 0 ? -TextLayoutOptions.maxSupportedWidth : 0
            guard s.isFinite, s.width >= least, s.height >= 0, s.width <= TextLayoutOptions.maxSupportedWidth, s.height <= TextLayoutOptions.maxSupportedWidth else {
                throw .invalidArgument("inline box size \(s): expected finite sizes in 0...\(Int(TextLayoutOptions.maxSupportedWidth)) pt")
            }
            if case .raised(let points) = attachment.verticalAlignment, !(points.isFinite && abs(points) <= TextLayoutOptions.maxSupportedWidth) {
                throw .invalidArgument("inline box raised by \(points): expected a finite number within ±\(Int(TextLayoutOptions.maxSupportedWidth)) pt")
            }
        }
        try TextStyle.check(size: size, where: "font size")
        try TextStyle.check(weight: weight)
        try TextStyle.check(letterSpacing: letterSpacing)
        try TextStyle.check(family: fontFamily)
        if let lineHeight {
            guard lineHeight.isFinite, lineHeight > 0, lineHeight <= TextStyle.maxFontSize * 4 else {
                throw .invalidTextStyle("line height \(lineHeight): expected a finite number in 0 < height ≤ \(Int(TextStyle.maxFontSize * 4)) pt")
            }
        }
        try TextStyle.check(wordSpacing, "word spacing", within: TextStyle.maxFontSize)
        try TextStyle.check(textIndent, "text indent", within: TextLayoutOptions.maxSupportedWidth)
        try TextStyle.check(tabSize, "tab size", within: 1000, negative: false)
        if let tabWidth { try TextStyle.check(tabWidth, "tab width", within: TextLayoutOptions.maxSupportedWidth, negative: false) }
        try TextStyle.check(textIndentPercent, "text indent percentage", within: 100_000)
        if let thickness = decorationThickness { try TextStyle.check(thickness, "decoration thickness", within: TextStyle.maxFontSize, negative: false) }
        if let stroke { try TextStyle.check(stroke.width, "text stroke width", within: TextStyle.maxFontSize, negative: false) }
        for shadow in shadows {
            guard shadow.offset.isFinite, abs(shadow.offset.width) <= TextLayoutOptions.maxSupportedWidth,
                  abs(shadow.offset.height) <= TextLayoutOptions.maxSupportedWidth,
                  shadow.radius.isFinite, shadow.radius >= 0, shadow.radius <= 2 * Bitmap.maxBlurRadius else {
                throw .invalidTextStyle("text shadow offset \(shadow.offset), blur \(shadow.radius): expected finite offsets and a blur in 0...\(Int(2 * Bitmap.maxBlurRadius)) pt")
            }
        }
        guard !fontFeatures.utf8.contains(0), fontFeatures.utf8.count <= 4096 else {
            throw .invalidTextStyle("font features: must not contain NUL and must be at most 4096 bytes")
        }
        for override in segments.lazy.map(\.style) {
            if let size = override.size { try TextStyle.check(size: size, where: "font size override") }
            if let weight = override.weight { try TextStyle.check(weight: weight) }
            if let spacing = override.letterSpacing { try TextStyle.check(letterSpacing: spacing) }
            if let family = override.fontFamily { try TextStyle.check(family: family) }
        }
    }

    private static func check(size: Double, where name: String) throws(CanvasError) {
        guard size.isFinite, size > 0, size <= maxFontSize else {
            throw .invalidTextStyle("\(name) \(size): expected a finite number in 0 < size ≤ \(Int(maxFontSize)) pt")
        }
    }

    private static func check(weight: FontWeight) throws(CanvasError) {
        guard FontWeight.validRange.contains(weight.rawValue) else {
            throw .invalidTextStyle("font weight \(weight.rawValue): expected 100...1000")
        }
    }

    private static func check(letterSpacing: Double) throws(CanvasError) {
        guard letterSpacing.isFinite, abs(letterSpacing) <= maxFontSize else {
            throw .invalidTextStyle("letter spacing \(letterSpacing): expected a finite number within ±\(Int(maxFontSize)) pt")
        }
    }

    private static func check(_ value: Double, _ name: String, within bound: Double, negative: Bool = true) throws(CanvasError) {
        guard value.isFinite, abs(value) <= bound, negative || value >= 0 else {
            throw .invalidTextStyle("\(name) \(value): expected a finite number in \(negative ? "±" : "0...")\(Int(bound)) pt")
        }
    }

    private static func check(family: String) throws(CanvasError) {
        guard !family.utf8.contains(0), family.utf8.count <= 4096 else {
            throw .invalidTextStyle("font family list: must not contain NUL and must be at most 4096 bytes")
        }
    }

    /// The family names of a comma-separated list, trimmed, empty entries dropped.
    static func familyNames(in list: String) -> [String] {
        list.split(separator: ",").map { part in
            var name = Substring(part)
            while let c = name.first, c.isWhitespace { name = name.dropFirst() }
            while let c = name.last, c.isWhitespace { name = name.dropLast() }
            return String(name)
        }.filter { !$0.isEmpty }
    }
}
