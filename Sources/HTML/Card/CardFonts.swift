internal import Canvas

/// The fonts a card's `@font-face` rules declare: each rule's first `url()` source that is a
/// `data:` URL holding a font the Canvas reads (TTF, OTF, TTC, WOFF, WOFF2), with the rule's
/// family, weight range and style. Nothing is fetched: another URL is reported and skipped, and
/// `local()` names need no rule (the system's fonts are found by family already).
enum CardFonts {
    /// The set of `rules`' faces (`nil` when none loads); what could not be used is reported to `warn`.
    static func fontSet(_ rules: [FontFaceRule], limits: FontLimits = .default,
                        warn: (_ path: String, _ reason: String) -> Void) -> FontSet? {
        var faces: [FontFace] = []
        for rule in rules {
            let path = "@font-face \"\(rule.family.prefix(40))\" (line \(rule.line))"
            var loaded = false
            var reasons: [String] = []
            for source in rule.sources {
                guard case .url(let url, _) = source else { continue }
                let text = Substring(url.trimmingCharacters(in: " \t\n"))
                guard DataURL.isDataURL(text) else {
                    reasons.append("\(text.prefix(60)) is not fetched (only data: URLs are read)")
                    continue
                }
                guard case .success(let payload) = DataURL.decode(text) else {
                    reasons.append("a data: URL does not decode")
                    continue
                }
                do {
                    let data = try FontData(bytes: payload.bytes, limits: limits)
                    faces.append(try FontFace(family: rule.family, data: data, weight: weights(rule.weight), italic: italic(rule.style)))
                    loaded = true
                    break
                } catch {
                    reasons.append("\(error)")
                }
            }
            if !loaded { warn(path, reasons.isEmpty ? "no url() source: nothing to load" : reasons.joined(separator: "; ")) }
        }
        guard !faces.isEmpty else { return nil }
        do {
            return try FontSet(faces)
        } catch {
            warn("@font-face", "the fonts could not be used together: \(error)")
            return nil
        }
    }

    /// A `font-weight` descriptor's range, clamped to 1...1000 (`nil`: the font's own weight).
    private static func weights(_ range: ClosedRange<Double>?) -> ClosedRange<Int>? {
        guard let range, range.lowerBound.isFinite, range.upperBound.isFinite else { return nil }
        let low = Int(min(max(range.lowerBound.rounded(), 1), 1000)), high = Int(min(max(range.upperBound.rounded(), 1), 1000))
        return min(low, high)...max(low, high)
    }

    /// A `font-style` descriptor: italic or oblique is italic (`nil`: the font's own style).
    private static func italic(_ style: String?) -> Bool? {
        guard let style = style?.lowercased() else { return nil }
        if style.hasPrefix("italic") || style.hasPrefix("oblique") { return true }
        return style == "normal" ? false : nil
    }
}
