internal import Canvas
internal import Flexbox

// The paint half of a schema-2 `style` object: the background (colour, layers and the shorthand),
// the border's styles and colours (and the border shorthands, whose widths go to layout),
// borderRadius (and its four corner longhands), boxShadow, opacity, zIndex, visibility.

extension ElementStyle {
    /// The corner longhands, in CSS order: top-left, top-right, bottom-right, bottom-left.
    static let radiusKeys = ["borderTopLeftRadius", "borderTopRightRadius", "borderBottomRightRadius", "borderBottomLeftRadius"]
    /// The sides' names in CSS order, as the border longhands spell them.
    static let sideNames = ["Top", "Right", "Bottom", "Left"]
    /// The background longhands besides the colour, in the order they are written.
    static let backgroundKeys = ["backgroundImage", "backgroundSize", "backgroundPosition", "backgroundRepeat", "backgroundOrigin", "backgroundClip"]
    /// The border keys this half reads: shorthands, styles and colours (the widths are layout's).
    static let borderKeys = ["border", "borderStyle", "borderColor"]
        + sideNames.flatMap { ["border\($0)", "border\($0)Style", "border\($0)Color"] }

    /// Every paint key the `style` object accepts.
    static let cssKeys: [String] = ["background", "backgroundColor"] + backgroundKeys + borderKeys + ["borderRadius"] + radiusKeys
        + ["boxShadow", "layerShadow", "opacity", "zIndex", "visibility"] + compositingKeys + TextProperties.cssKeys
    /// The transform, blending, filter, clip, mask, outline and object keys.
    static let compositingKeys = ["transform", "transformOrigin", "mixBlendMode", "isolation", "filter", "backdropFilter", "clipPath",
                                  "maskImage", "maskSize", "maskPosition", "maskRepeat",
                                  "WebkitMaskImage", "WebkitMaskSize", "WebkitMaskPosition", "WebkitMaskRepeat", "translate", "rotate", "scale",
                                  "outline", "outlineWidth", "outlineStyle", "outlineColor", "outlineOffset", "objectFit", "objectPosition"]

    /// Reads the paint properties of a `style` object; keys it does not know are left alone. The
    /// border shorthands (`border: 2px dashed red`) also set `layout`'s border widths where no
    /// width longhand does.
    init(css reader: StyleReader, layout: inout FlexStyle) throws {
        self.init()
        try readBackground(reader)
        try readBorder(reader, layout: &layout)
        try readRadius(reader)
        try readShadows(reader)
        try readCompositing(reader)
        text = try TextProperties(css: reader)
        if let value = try reader.parse("opacity", Self.parseOpacity) { opacity = value }
        if let value = try reader.parse("zIndex", Self.parseZIndex) { zIndex = value }
        if let value = try reader.parse("visibility", { value throws(CSSValueError) in try CSSKeyword.parse(value, as: Visibility.self) }) {
            visibility = value == .hidden ? .hidden : .visible
        }
    }

    /// The components of a string value (a number is one number token).
    static func components(_ value: CSSValue) throws(CSSValueError) -> [CSSComponent] {
        switch value {
        case .number(let n): [.token(.number(n))]
        case .string(let text): try CSSComponentParser.parse(text)
        }
    }

    private mutating func readBackground(_ reader: StyleReader) throws {
        var layers: [BackgroundLayer] = []
        var shorthandColor: StyleColor?
        var colorClip = BoxArea.borderBox
        if let parsed = try reader.parse("background", { value throws(CSSValueError) in try CSSBoxPaintGrammar.background(Self.components(value)) }) {
            layers = parsed.layers
            shorthandColor = parsed.color
            colorClip = parsed.colorClip
        }
        if let color = try reader.parse("backgroundColor", { value throws(CSSValueError) in try CSSColorParser.required(Self.components(value)) }) ?? shorthandColor {
            guard case .color(let resolved) = color else {
                throw DecodingError.dataCorruptedError(forKey: StyleKey("backgroundColor"), in: reader.container,
                                                       debugDescription: "currentColor is not supported as a background colour yet")
            }
            background = resolved
        }
        if let images = try reader.parse("backgroundImage", { value throws(CSSValueError) in try CSSBoxPaintGrammar.images(Self.components(value)) }) {
            // The longhand wins over the shorthand; the shorthand's other values stay by position.
            layers = images.enumerated().map { index, image in
                var layer = index < layers.count ? layers[index] : BackgroundLayer(image)
                layer.image = image
                return layer
            }
        }
        try Self.readLayerLists(reader, prefix: "background", into: &layers)
        if let origins = try reader.parse("backgroundOrigin", { value throws(CSSValueError) in
            try CSSBoxPaintGrammar.list(Self.components(value), "backgroundOrigin") { words throws(CSSValueError) in try CSSBoxPaintGrammar.box(words, allowText: false) }
        }) {
            for index in layers.indices { layers[index].origin = origins[index % origins.count] }
        }
        if let clips = try reader.parse("backgroundClip", { value throws(CSSValueError) in
            try CSSBoxPaintGrammar.list(Self.components(value), "backgroundClip") { words throws(CSSValueError) in try CSSBoxPaintGrammar.box(words, allowText: true) }
        }) {
            for index in layers.indices { layers[index].clip = clips[index % clips.count] }
            // The colour is clipped as the bottom layer (or, without images, as the list's last box).
            colorClip = layers.last?.clip ?? clips[clips.count - 1]
        } else if let last = layers.last {
            colorClip = last.clip
        }
        backgroundLayers = layers
        backgroundClip = colorClip
    }

    /// `<prefix>Size`, `<prefix>Position` and `<prefix>Repeat` (background or mask) applied to
    /// `layers`, each list repeated to the number of layers as CSS repeats a short list.
    private static func readLayerLists(_ reader: StyleReader, prefix: String, into layers: inout [BackgroundLayer]) throws {
        func apply<T>(_ key: String, _ parse: @escaping ([CSSComponent]) throws(CSSValueError) -> T, _ set: (inout BackgroundLayer, T) -> Void) throws {
            guard let values = try reader.parse(key, { value throws(CSSValueError) in try CSSBoxPaintGrammar.list(Self.components(value), key, parse) }) else { return }
            for index in layers.indices { set(&layers[index], values[index % values.count]) }
        }
        try apply(prefix + "Size", CSSBoxPaintGrammar.size) { $0.size = $1 }
        try apply(prefix + "Position", { words throws(CSSValueError) in try CSSPositionGrammar.position(words) }) { $0.position = $1 }
        try apply(prefix + "Repeat", CSSBoxPaintGrammar.repeatStyle) { $0.repeatX = $1.0; $0.repeatY = $1.1 }
    }

    private mutating func readBorder(_ reader: StyleReader, layout: inout FlexStyle) throws {
        var styles: [BorderLineStyle?] = [nil, nil, nil, nil]
        var colors: [StyleColor?] = [nil, nil, nil, nil]
        var widths: [Double?] = [nil, nil, nil, nil]
        if let all = try reader.parse("border", { value throws(CSSValueError) in try CSSBoxPaintGrammar.borderShorthand(Self.components(value)) }) {
            styles = Array(repeating: all.side.style, count: 4)
            colors = Array(repeating: all.side.color, count: 4)
            widths = Array(repeating: all.width, count: 4)
        }
        for (index, side) in Self.sideNames.enumerated() {
            if let one = try reader.parse("border\(side)", { value throws(CSSValueError) in try CSSBoxPaintGrammar.borderShorthand(Self.components(value)) }) {
                styles[index] = one.side.style
                colors[index] = one.side.color
                widths[index] = one.width
            }
        }
        if let four = try reader.parse("borderStyle", { value throws(CSSValueError) in try CSSBoxPaintGrammar.borderStyles(Self.components(value)) }) {
            styles = four
        }
        if let four = try reader.parse("borderColor", { value throws(CSSValueError) in try CSSBoxPaintGrammar.borderColors(Self.components(value)) }) {
            colors = four
        }
        for (index, side) in Self.sideNames.enumerated() {
            if let style = try reader.parse("border\(side)Style", { value throws(CSSValueError) in try CSSBoxPaintGrammar.borderStyles(Self.components(value))[0] }) {
                styles[index] = style
            }
            if let color = try reader.parse("border\(side)Color", { value throws(CSSValueError) in try CSSColorParser.required(Self.components(value)) }) {
                colors[index] = color
            }
        }
        // A side with a colour and no style anywhere is solid: documents before borderStyle drew
        // borderWidth and borderColor so (CSS itself would draw nothing).
        let sides = (0..<4).map { index in
            BorderSide(color: colors[index] ?? .currentColor, style: styles[index] ?? (colors[index] != nil ? .solid : .none))
        }
        border = BorderSides(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
        // The shorthands' widths, where no width longhand set one.
        if widths[0] != nil, layout.border.top == nil { layout.border.top = widths[0] }
        if widths[1] != nil, layout.border.right == nil, layout.border.end == nil { layout.border.right = widths[1] }
        if widths[2] != nil, layout.border.bottom == nil { layout.border.bottom = widths[2] }
        if widths[3] != nil, layout.border.left == nil, layout.border.start == nil { layout.border.left = widths[3] }
    }

    /// `borderRadius`: 1–4 radii, then optionally `/` and 1–4 vertical radii; each corner's
    /// longhand one or two (horizontal, vertical). Lengths or percentages, not negative.
    private mutating func readRadius(_ reader: StyleReader) throws {
        var corners = BorderRadius.zero.corners
        if let all = try reader.parse("borderRadius", { value throws(CSSValueError) in try CSSBoxPaintGrammar.borderRadius(Self.components(value)) }) {
            corners = all
        }
        for (index, key) in Self.radiusKeys.enumerated() {
            if let corner = try reader.parse(key, { value throws(CSSValueError) in try CSSBoxPaintGrammar.cornerRadius(Self.components(value)) }) {
                corners[index] = corner
            }
        }
        borderRadius = BorderRadius(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    private mutating func readShadows(_ reader: StyleReader) throws {
        // An object is the earlier drop shadow (``shadow``); a string is CSS's box-shadow list.
        if let legacy = try? reader.decode(Shadow.self, "boxShadow") {
            shadow = legacy
        } else if let shadows = try reader.parse("boxShadow", { value throws(CSSValueError) in try CSSBoxPaintGrammar.boxShadows(Self.components(value)) }) {
            boxShadows = shadows
        }
        if let legacy = try reader.decode(Shadow.self, "layerShadow") { shadow = legacy }
    }

    private mutating func readCompositing(_ reader: StyleReader) throws {
        func css<T>(_ key: String, _ parse: @escaping ([CSSComponent]) throws(CSSValueError) -> T) throws -> T? {
            try reader.parse(key) { value throws(CSSValueError) in try parse(Self.components(value)) }
        }
        if let v = try css("transform", CSSCompositingGrammar.transform) { transform = v }
        // The individual transform properties (CSS Transforms 2): translate, then rotate, then
        // scale, then the transform list, folded into that list.
        var individual: [TransformFunction] = []
        for name in ["translate", "rotate", "scale"] {
            if let v = try css(name, { (c: [CSSComponent]) throws(CSSValueError) in try CSSCompositingGrammar.individualTransform(name, c) }) { individual += v }
        }
        if !individual.isEmpty { transform = individual + transform }
        if let v = try css("transformOrigin", CSSCompositingGrammar.transformOrigin) { transformOrigin = v }
        if let v = try css("mixBlendMode", CSSCompositingGrammar.blendMode) { blendMode = v }
        if let v = try reader.parse("isolation", { value throws(CSSValueError) in try CSSKeyword.parse(value, as: Isolation.self) }) { isolates = v == .isolate }
        if let v = try css("filter", CSSCompositingGrammar.filters) { filters = v }
        if let v = try css("backdropFilter", CSSCompositingGrammar.filters) { backdropFilters = v }
        if let v = try css("clipPath", CSSCompositingGrammar.clipPath) { clipPath = v }
        // -webkit-mask-* (what Chromium long knew only) read as mask-*; the unprefixed name wins.
        if let images = try css("maskImage", CSSBoxPaintGrammar.images) ?? css("WebkitMaskImage", CSSBoxPaintGrammar.images) {
            // A mask layer is measured in the border box and, unlike a background, not repeated
            // unless asked: CSS's mask initial values differ from background's in origin only.
            maskLayers = images.map { BackgroundLayer($0, origin: .borderBox) }
            try Self.readLayerLists(reader, prefix: "WebkitMask", into: &maskLayers)
            try Self.readLayerLists(reader, prefix: "mask", into: &maskLayers)
        }
        var line = try css("outline", CSSCompositingGrammar.outline)
        if let width = try css("outlineWidth", { (c: [CSSComponent]) throws(CSSValueError) -> Double in
            guard let w = try CSSBoxPaintGrammar.lineWidth(c.single()) else { throw CSSValueError(message: "not an outline width: expected a length, thin, medium or thick") }
            return w
        }) { line = line ?? Outline(style: .none); line?.width = width }
        if let style = try css("outlineStyle", { (c: [CSSComponent]) throws(CSSValueError) -> BorderLineStyle in try CSSBoxPaintGrammar.borderStyles(c)[0] }) {
            line = line ?? Outline(style: .none); line?.style = style
        }
        if let color = try css("outlineColor", CSSColorParser.required) { line = line ?? Outline(style: .none); line?.color = color }
        if let offset = try css("outlineOffset", { (c: [CSSComponent]) throws(CSSValueError) -> Double in
            guard let l = try CSSLengthGrammar.length(c.single(), percent: false), case .points(let p) = l else { throw CSSValueError(message: "not an outline offset: expected a length in px") }
            return p
        }) { line = line ?? Outline(style: .none); line?.offset = offset }
        outline = line.flatMap { $0.style == .none || $0.style == .hidden ? nil : $0 }
        if let v = try css("objectFit", CSSCompositingGrammar.objectFit) { objectFit = v }
        if let v = try css("objectPosition", { words throws(CSSValueError) in try CSSPositionGrammar.position(CSSComponentParser.words(words)) }) { objectPosition = v }
    }

    private func encodeCompositing(to c: inout KeyedEncodingContainer<StyleKey>) throws {
        if !transform.isEmpty { try c.encode(transform.map(\.cssText).joined(separator: " "), forKey: StyleKey("transform")) }
        if transformOrigin != .center { try c.encode(transformOrigin.cssText, forKey: StyleKey("transformOrigin")) }
        if blendMode != .normal { try c.encode(blendMode.rawValue, forKey: StyleKey("mixBlendMode")) }
        if isolates { try c.encode(Isolation.isolate.rawValue, forKey: StyleKey("isolation")) }
        if !filters.isEmpty { try c.encode(filters.map(\.cssText).joined(separator: " "), forKey: StyleKey("filter")) }
        if !backdropFilters.isEmpty { try c.encode(backdropFilters.map(\.cssText).joined(separator: " "), forKey: StyleKey("backdropFilter")) }
        if let clipPath { try c.encode(clipPath.cssText, forKey: StyleKey("clipPath")) }
        if !maskLayers.isEmpty {
            try c.encode(maskLayers.map(\.image.cssText).joined(separator: ", "), forKey: StyleKey("maskImage"))
            try c.encode(maskLayers.map(\.size.cssText).joined(separator: ", "), forKey: StyleKey("maskSize"))
            try c.encode(maskLayers.map(\.position.cssText).joined(separator: ", "), forKey: StyleKey("maskPosition"))
            try c.encode(maskLayers.map { $0.repeatX.rawValue + " " + $0.repeatY.rawValue }.joined(separator: ", "), forKey: StyleKey("maskRepeat"))
        }
        if let outline {
            try c.encode(outline.cssText, forKey: StyleKey("outline"))
            if outline.offset != 0 { try c.encode(CSSNumber.format(outline.offset) + "px", forKey: StyleKey("outlineOffset")) }
        }
        if let objectFit { try c.encode(objectFit.rawValue, forKey: StyleKey("objectFit")) }
        if objectPosition != .center { try c.encode(objectPosition.cssText, forKey: StyleKey("objectPosition")) }
    }

    /// Writes the properties that differ from their defaults, in a fixed order.
    func encodeCSS(to c: inout KeyedEncodingContainer<StyleKey>) throws {
        if let background { try c.encode(StyleColor.text(of: background), forKey: StyleKey("backgroundColor")) }
        try encodeBackgroundLayers(to: &c)
        if backgroundLayers.isEmpty, backgroundClip != .borderBox { try c.encode(backgroundClip.rawValue, forKey: StyleKey("backgroundClip")) }
        if let color = borderColor {
            try c.encode(StyleColor.text(of: color), forKey: StyleKey("borderColor"))
        } else if border != .none {
            try c.encode(CSSBoxPaintGrammar.compact(border.all.map(\.style.rawValue)), forKey: StyleKey("borderStyle"))
            try c.encode(CSSBoxPaintGrammar.compact(border.all.map(\.color.cssText)), forKey: StyleKey("borderColor"))
        }
        if let r = borderRadius.circularPoints {
            // Circular corners in points keep the numeric form of earlier documents.
            if r != .zero {
                let values = CSSBoxKeys.compact([r.topLeft, r.topRight, r.bottomRight, r.bottomLeft])
                try CSSOutput.encode(values.map { .number($0) }, forKey: StyleKey("borderRadius"), in: &c)
            }
        } else {
            let h = CSSBoxPaintGrammar.compact(borderRadius.corners.map(\.horizontal.cssText))
            let v = CSSBoxPaintGrammar.compact(borderRadius.corners.map(\.vertical.cssText))
            try c.encode(h == v ? h : h + " / " + v, forKey: StyleKey("borderRadius"))
        }
        if !boxShadows.isEmpty {
            try c.encode(boxShadows.map(\.cssText).joined(separator: ", "), forKey: StyleKey("boxShadow"))
            try c.encodeIfPresent(shadow, forKey: StyleKey("layerShadow"))
        } else {
            try c.encodeIfPresent(shadow, forKey: StyleKey("boxShadow"))
        }
        if opacity != 1 { try CSSOutput.encode([.number(opacity)], forKey: StyleKey("opacity"), in: &c) }
        if zIndex != 0 { try c.encode(zIndex, forKey: StyleKey("zIndex")) }
        switch visibility {
        case .inherit: break
        case .visible: try c.encode(Visibility.visible.rawValue, forKey: StyleKey("visibility"))
        case .hidden: try c.encode(Visibility.hidden.rawValue, forKey: StyleKey("visibility"))
        }
        try encodeCompositing(to: &c)
        try text.encodeCSS(to: &c)
    }

    private func encodeBackgroundLayers(to c: inout KeyedEncodingContainer<StyleKey>) throws {
        guard !backgroundLayers.isEmpty else { return }
        let layers = backgroundLayers
        try c.encode(layers.map(\.image.cssText).joined(separator: ", "), forKey: StyleKey("backgroundImage"))
        let initial = BackgroundLayer(layers[0].image)
        func list(_ key: String, _ text: (BackgroundLayer) -> String, _ differs: (BackgroundLayer) -> Bool) throws {
            if layers.contains(where: differs) { try c.encode(layers.map(text).joined(separator: ", "), forKey: StyleKey(key)) }
        }
        try list("backgroundSize", { $0.size.cssText }, { $0.size != initial.size })
        try list("backgroundPosition", { $0.position.cssText }, { $0.position != initial.position })
        try list("backgroundRepeat", { $0.repeatX.rawValue + " " + $0.repeatY.rawValue }, { $0.repeatX != initial.repeatX || $0.repeatY != initial.repeatY })
        try list("backgroundOrigin", { $0.origin.rawValue }, { $0.origin != initial.origin })
        try list("backgroundClip", { $0.clip.rawValue }, { $0.clip != initial.clip })
    }

    /// `opacity`: a number in 0...1 or a percentage in 0%...100%.
    static func parseOpacity(_ value: CSSValue) throws(CSSValueError) -> Double {
        let token = try value.single(expected: "one opacity")
        let opacity: Double
        if let word = token.keyword, word.hasSuffix("%") {
            guard let percent = CSSNumber.parse(word.dropLast()) else { throw CSSValueError(message: "\(value) is not an opacity: expected a number in 0...1 or a percentage") }
            opacity = percent / 100
        } else {
            opacity = try token.number()
        }
        guard opacity.isFinite, (0...1).contains(opacity) else {
            throw CSSValueError(message: "\(value) is out of range: expected a number in 0...1 or a percentage in 0%...100%")
        }
        return opacity
    }

    /// `zIndex`: an integer (negative allowed) within ±2^31, or `auto` (0).
    static func parseZIndex(_ value: CSSValue) throws(CSSValueError) -> Int {
        let token = try value.single(expected: "one integer")
        if token.keyword == "auto" { return 0 }
        let number = try token.number()
        guard number == number.rounded(), abs(number) <= Double(Int32.max) else {
            throw CSSValueError(message: "\(value) is not an integer in \(Int32.min)...\(Int32.max)")
        }
        return Int(number)
    }
}

/// CSS `visibility`, as the JSON spells it.
enum Visibility: String, CaseIterable {
    /// Drawn.
    case visible
    /// Not drawn; still laid out.
    case hidden
}

/// CSS `isolation`, as the JSON spells it.
enum Isolation: String, CaseIterable {
    /// The element blends with what is beneath it as its children do.
    case auto
    /// The element is a group of its own: its children blend within it.
    case isolate
}
