import CCairoPango

/// One Pango measuring setup: a font map of its own and a context configured like the reference
/// card's C program (grey antialiasing, no hinting, hint metrics off, unrounded glyph positions,
/// 72 dpi so that one Pango device unit is one point).
///
/// Pango objects are not thread-safe: a font map, its context and the layouts made from it must
/// never be used by two threads at once. An engine is therefore only ever used by the one thread
/// that checked it out of the ``TextEnginePool``; the pool's lock hands it from thread to thread.
final class TextEngine: @unchecked Sendable {
    // @unchecked Sendable: an engine is used by exactly one thread at a time. It moves between
    // threads only through TextEnginePool's lock (check-out / check-in), which orders every use
    // before the next; nothing else holds a reference while it is checked out.

    /// The font map. Owned: one reference, released in `deinit`.
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// The context every layout of this engine is made from. Owned, released in `deinit`.
    let context: OpaquePointer
    /// The font registry generation this engine was built for; older engines are discarded.
    let generation: Int
    /// The render fonts this engine's configuration holds (``TextLayoutOptions/fonts``), or `nil`.
    let fontSet: PreparedFontSet?
    /// The family list given to Pango for each CSS list, weight and style (only with a font set).
    private var pangoLists: [PangoListKey: String] = [:]
    /// Lower-cased names of the families the font map offers, filled on first use.
    private var familyNames: Set<String>?
    /// The families of a `font-family` list that the font map lacks, by list (most texts of a
    /// render share a few lists; splitting and looking each up every measurement was measurable).
    private var missingByList: [String: [String]] = [:]
    /// The scaled font and family of each Pango font its layouts used (`nil`: no usable scaled
    /// font). Each key's font is retained while cached, so its address cannot be reused.
    private var scaledFonts: [UnsafeMutableRawPointer: (font: ScaledFont, family: String)?] = [:]
    /// The unrounded ascent and descent of each style's primary font, by family list, size,
    /// weight and style (``primaryFontMetrics(for:)``).
    private var primaryMetrics: [PrimaryFontKey: (ascent: Double, descent: Double)] = [:]

    /// Creates an engine whose font map uses `config` (or fontconfig's default configuration), or
    /// the configuration of `fontSet` when there is one.
    init(config: FontConfigHandle?, generation: Int, fontSet: PreparedFontSet? = nil) {
        let fontMap = pango_cairo_font_map_new()!
        if let config = fontSet?.config ?? config {
            // Takes its own reference; the config is never modified after it is built.
            pango_fc_font_map_set_config(OpaquePointer(fontMap), config.pointer)
        }
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        let context = TextEngine.makeContext(fontMap)
        self.fontMap = fontMap
        self.context = context
        self.generation = generation
        self.fontSet = fontSet
    }

    /// A new context on `fontMap` with the reference card's settings (the caller owns it).
    static func makeContext(_ fontMap: UnsafeMutablePointer<PangoFontMap>) -> OpaquePointer {
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }

    deinit {
        for key in scaledFonts.keys { g_object_unref(key) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// Whether the font map has a family of this name (case-insensitive). Generic names
    /// (`sans-serif`, `monospace`, `emoji`…) always count as present.
    func hasFamily(named name: String) -> Bool {
        let key = name.lowercased()
        if TextEngine.genericFamilies.contains(key) { return true }
        if let fontSet, fontSet.hasFamily(key) { return true }
        return families().contains(key)
    }

    /// The families named by `request`'s style and overrides, in order and without repeats
    /// (case-insensitively), that the font map lacks.
    func missingFamilies(of request: MeasureRequest) -> [String] {
        guard request.text.segments.contains(where: { $0.style.fontFamily != nil }) else {
            return missingFamilies(in: request.style.fontFamily)
        }
        var seen = Set<String>()
        var result: [String] = []
        for list in [request.style.fontFamily] + request.text.segments.compactMap(\.style.fontFamily) {
            for name in missingFamilies(in: list) where seen.insert(name.lowercased()).inserted { result.append(name) }
        }
        return result
    }

    /// The families of one list that the font map lacks, in order, without repeats; memoized.
    private func missingFamilies(in list: String) -> [String] {
        if let known = missingByList[list] { return known }
        var seen = Set<String>()
        let missing = TextStyle.familyNames(in: list).filter { seen.insert($0.lowercased()).inserted && !hasFamily(named: $0) }
        if missingByList.count >= 256 { missingByList.removeAll(keepingCapacity: true) }
        missingByList[list] = missing
        return missing
    }

    /// The retained scaled font and the family name of `pangoFont`, read once per engine (most
    /// texts of a render share a few fonts).
    func scaledFont(for pangoFont: UnsafeMutablePointer<PangoFont>) -> (font: ScaledFont, family: String)? {
        let key = UnsafeMutableRawPointer(pangoFont)
        if let known = scaledFonts[key] { return known }
        var entry: (font: ScaledFont, family: String)?
        if let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(pangoFont)),
           cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS {
            let description = pango_font_describe(pangoFont)
            var family = pango_font_description_get_family(description).map { String(cString: $0) } ?? "?"
            if let fontSet { family = fontSet.declaredFamily(of: family) }
            pango_font_description_free(description)
            entry = (ScaledFont(retaining: scaled), family)
        }
        if scaledFonts.count >= 1024 {
            for old in scaledFonts.keys { g_object_unref(old) }
            scaledFonts.removeAll(keepingCapacity: true)
        }
        g_object_ref(key)
        scaledFonts[key] = entry
        return entry
    }

    /// The ascent and descent in points, unrounded, of `style`'s primary font: the font its
    /// family list gives first (CSS Fonts 4 §5's first available font), whose metrics size an
    /// inline box and centre its line height, whatever fonts its glyphs fall back to. Memoized.
    func primaryFontMetrics(for style: TextStyle) -> (ascent: Double, descent: Double) {
        let key = PrimaryFontKey(list: style.fontFamily, size: style.size, weight: style.weight.rawValue, italic: style.italic)
        if let known = primaryMetrics[key] { return known }
        let description = PangoMeasurement.fontDescription(for: style, family: pangoFamilies(for: style))
        defer { pango_font_description_free(description) }
        var metrics = (ascent: style.size * 0.8, descent: style.size * 0.2)
        if let font = pango_context_load_font(context, description) {
            metrics = LayoutReader.fontMetrics(of: font)
            g_object_unref(UnsafeMutableRawPointer(font))
        }
        if primaryMetrics.count >= 256 { primaryMetrics.removeAll(keepingCapacity: true) }
        primaryMetrics[key] = metrics
        return metrics
    }

    /// The family list Pango gets for `style`: its `font-family` list as it is, or with a font set,
    /// with the set's families replaced by the faces CSS picks for its weight and style.
    func pangoFamilies(for style: TextStyle) -> String {
        guard let fontSet else { return style.fontFamily }
        let key = PangoListKey(list: style.fontFamily, weight: style.weight.rawValue, italic: style.italic)
        if let known = pangoLists[key] { return known }
        let list = fontSet.pangoFamilies(for: style.fontFamily, weight: style.weight.rawValue, italic: style.italic)
        if pangoLists.count >= 256 { pangoLists.removeAll(keepingCapacity: true) }
        pangoLists[key] = list
        return list
    }

    /// The names of every family the font map offers, sorted.
    func familyList() -> [String] {
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        defer { g_free(families) }
        var names: [String] = []
        for index in 0..<Int(count) {
            if let family = families?[index], let name = pango_font_family_get_name(family) {
                names.append(String(cString: name))
            }
        }
        return names.sorted()
    }

    private func families() -> Set<String> {
        if let familyNames { return familyNames }
        let names = Set(familyList().map { $0.lowercased() })
        familyNames = names
        return names
    }

    /// What a family list given to Pango depends on.
    private struct PangoListKey: Hashable {
        let list: String
        let weight: Int
        let italic: Bool
    }

    private struct PrimaryFontKey: Hashable {
        let list: String
        let size: Double
        let weight: Int
        let italic: Bool
    }

    /// Family names fontconfig and Pango resolve themselves, never reported as missing.
    static let genericFamilies: Set<String> = [
        "sans", "sans-serif", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math",
    ]
}
