internal import Flexbox
/// The gradient functions of CSS Images 3 and 4: `linear-`, `radial-` and `conic-gradient()` and
/// their `repeating-` forms, with colour stops, two-position stops and hints.
enum CSSGradientGrammar {
    /// The most stops one gradient may have: a bound for hostile input (a browser keeps more, but
    /// no card needs a thousand).
    static let maximumStops = 1_000

    /// The gradient `component` is, or `nil` when it is not a gradient function.
    static func gradient(_ component: CSSComponent) throws(CSSValueError) -> BackgroundImage? {
        guard case .function(let name, let arguments) = component else { return nil }
        let repeating = name.hasPrefix("repeating-")
        let kind = repeating ? String(name.dropFirst("repeating-".count)) : name
        var parts = CSSComponentParser.commaSeparated(arguments)
        // `in <colorspace>` in the first part: taken out, and the part dropped if nothing is left.
        var explicitSpace: GradientColorSpace?
        if let first = parts.first, first.contains(where: { $0.keyword == "in" }) {
            let (rest, space) = try colorSpace(CSSComponentParser.words(first))
            explicitSpace = space
            if rest.isEmpty { parts.removeFirst() } else { parts[0] = rest }
            if rest.isEmpty {
                // The head was only the colour space: the next part starts the stops.
                return try finish(kind, name, repeating, parts[...], head: nil, space)
            }
        }
        return try finish(kind, name, repeating, parts[...], head: parts.first, explicitSpace)
    }

    /// The gradient of `kind` from its head (the first part, if it is one) and its stops, its
    /// interpolation space `explicit` or CSS's default: Oklab when a stop is written in a
    /// non-legacy syntax (`lab()`, `oklch()`…), else sRGB.
    private static func finish(_ kind: String, _ name: String, _ repeating: Bool, _ parts: ArraySlice<[CSSComponent]>,
                               head: [CSSComponent]?, _ explicit: GradientColorSpace?) throws(CSSValueError) -> BackgroundImage? {
        var stopParts = parts
        func space(_ stopParts: ArraySlice<[CSSComponent]>) -> GradientColorSpace {
            explicit ?? (stopParts.contains { $0.first.map(isModernColor) ?? false } ? .oklab : .srgb)
        }
        switch kind {
        case "linear-gradient":
            var direction = LinearGradient.Direction.angle(180)
            if let head, let parsed = try linearDirection(CSSComponentParser.words(head)) {
                direction = parsed
                stopParts = parts.dropFirst()
            }
            var gradient = LinearGradient(direction, stops: try stops(stopParts, in: name, angular: false), repeating: repeating)
            gradient.colorSpace = space(stopParts)
            return .linear(gradient)
        case "radial-gradient":
            var gradient = RadialGradient(stops: [], repeating: repeating)
            if let head, try radialHead(CSSComponentParser.words(head), into: &gradient) {
                stopParts = parts.dropFirst()
            }
            gradient.stops = try stops(stopParts, in: name, angular: false)
            gradient.colorSpace = space(stopParts)
            return .radial(gradient)
        case "conic-gradient":
            var gradient = ConicGradient(stops: [], repeating: repeating)
            if let head, try conicHead(CSSComponentParser.words(head), into: &gradient) {
                stopParts = parts.dropFirst()
            }
            gradient.stops = try stops(stopParts, in: name, angular: true)
            gradient.colorSpace = space(stopParts)
            return .conic(gradient)
        default:
            return nil
        }
    }

    /// Whether a stop's colour is written in a syntax that is not sRGB's legacy one.
    private static func isModernColor(_ component: CSSComponent) -> Bool {
        if case .function(let name, _) = component { return ["lab", "lch", "oklab", "oklch", "color", "color-mix"].contains(name) }
        return false
    }

    /// `in <space> [<hue method> hue]` taken out of `words`.
    private static func colorSpace(_ words: [CSSComponent]) throws(CSSValueError) -> ([CSSComponent], GradientColorSpace) {
        guard let index = words.firstIndex(where: { $0.keyword == "in" }), index + 1 < words.count,
              let name = words[index + 1].keyword else {
            throw CSSValueError(message: "\"in\" needs a colour space: srgb, srgb-linear, lab, oklab, lch, oklch, hsl or hwb")
        }
        guard let space = GradientColorSpace(rawValue: name) else {
            throw CSSValueError(message: "\"\(name)\" is not a gradient colour space: expected srgb, srgb-linear, lab, oklab, lch, oklch, hsl or hwb")
        }
        var end = index + 2
        if end + 1 < words.count, words[end + 1].keyword == "hue" {
            guard words[end].keyword == "shorter" else {
                throw CSSValueError(message: "\(words[end]) hue: only the default, shorter hue, is supported")
            }
            end += 2
        }
        return (Array(words[..<index] + words[end...]), space)
    }

    // MARK: Heads

    private static func linearDirection(_ words: [CSSComponent]) throws(CSSValueError) -> LinearGradient.Direction? {
        guard let first = words.first else { return nil }
        if words.count == 1, let degrees = try CSSLengthGrammar.angle(first) { return .angle(degrees) }
        guard first.keyword == "to" else { return nil }
        var horizontal: HorizontalSide?
        var vertical: VerticalSide?
        for word in words.dropFirst() {
            switch word.keyword {
            case "left" where horizontal == nil: horizontal = .left
            case "right" where horizontal == nil: horizontal = .right
            case "top" where vertical == nil: vertical = .top
            case "bottom" where vertical == nil: vertical = .bottom
            default:
                throw CSSValueError(message: "\"to \(words.dropFirst().map(\.description).joined(separator: " "))\" is not a side or corner: expected to left, to right, to top, to bottom or a corner such as to top right")
            }
        }
        guard horizontal != nil || vertical != nil, words.count <= 3 else {
            throw CSSValueError(message: "\"to\" needs a side or a corner")
        }
        return .toward(horizontal, vertical)
    }

    private static func radialHead(_ words: [CSSComponent], into gradient: inout RadialGradient) throws(CSSValueError) -> Bool {
        guard !words.isEmpty else { return false }
        // A head is made of shape, size and `at` words; a colour stop starts with a colour.
        var index = 0
        var shape: RadialGradient.Shape?
        var lengths: [StyleLength] = []
        var keywordExtent: RadialGradient.Extent?
        while index < words.count, words[index].keyword != "at" {
            let word = words[index]
            switch word.keyword {
            case "circle" where shape == nil: shape = .circle
            case "ellipse" where shape == nil: shape = .ellipse
            case "closest-side" where keywordExtent == nil: keywordExtent = .closestSide
            case "closest-corner" where keywordExtent == nil: keywordExtent = .closestCorner
            case "farthest-side" where keywordExtent == nil: keywordExtent = .farthestSide
            case "farthest-corner" where keywordExtent == nil: keywordExtent = .farthestCorner
            default:
                guard let length = try CSSLengthGrammar.length(word, negative: false) else {
                    if index == 0 { return false }
                    throw CSSValueError(message: "\"\(word)\" in radial-gradient(): expected circle, ellipse, a size keyword, radii or at <position>")
                }
                lengths.append(length)
            }
            index += 1
        }
        if index == 0, words.first?.keyword != "at" { return false }
        if index < words.count {
            gradient.center = try CSSPositionGrammar.position(Array(words[(index + 1)...]))
        }
        switch (shape, lengths.count) {
        case (_, 0):
            gradient.shape = shape ?? .ellipse
            gradient.extent = keywordExtent ?? .farthestCorner
        case (.circle?, 1), (nil, 1):
            guard keywordExtent == nil, !lengths[0].usesPercent else {
                throw CSSValueError(message: "a circle's radius is one length, not a percentage")
            }
            gradient.shape = .circle
            gradient.extent = .radii(lengths[0], nil)
        case (.ellipse?, 2), (nil, 2):
            guard keywordExtent == nil else { throw CSSValueError(message: "a radial-gradient() size is a keyword or radii, not both") }
            gradient.shape = .ellipse
            gradient.extent = .radii(lengths[0], lengths[1])
        default:
            throw CSSValueError(message: "radial-gradient() size: a circle takes one radius, an ellipse two")
        }
        return true
    }

    private static func conicHead(_ words: [CSSComponent], into gradient: inout ConicGradient) throws(CSSValueError) -> Bool {
        guard let first = words.first?.keyword, first == "from" || first == "at" else { return false }
        var index = 0
        if first == "from" {
            guard words.count > 1, let degrees = try CSSLengthGrammar.angle(words[1]) else {
                throw CSSValueError(message: "conic-gradient() \"from\" needs an angle")
            }
            gradient.from = degrees
            index = 2
        }
        if index < words.count {
            guard words[index].keyword == "at" else { throw CSSValueError(message: "\"\(words[index])\" in conic-gradient(): expected at <position>") }
            gradient.center = try CSSPositionGrammar.position(Array(words[(index + 1)...]))
        }
        return true
    }

    // MARK: Stops

    private static func stops(_ parts: ArraySlice<[CSSComponent]>, in name: String, angular: Bool) throws(CSSValueError) -> [ColorStop] {
        guard parts.count <= maximumStops else {
            throw CSSValueError(message: "\(name)() has \(parts.count) stops: at most \(maximumStops)")
        }
        var stops: [ColorStop] = []
        for part in parts {
            let words = CSSComponentParser.words(part)
            guard let first = words.first else { throw CSSValueError(message: "\(name)() has an empty stop (two commas in a row?)") }
            if let color = try CSSColorParser.color(first) {
                guard words.count <= 3 else { throw CSSValueError(message: "\"\(part.map(\.description).joined())\" in \(name)(): a stop is a colour and up to two positions") }
                let positions = try words.dropFirst().map { (word: CSSComponent) throws(CSSValueError) -> StyleLength in try position(word, in: name, angular: angular) }
                if positions.isEmpty {
                    stops.append(ColorStop(color))
                } else {
                    for p in positions { stops.append(ColorStop(color, at: p)) }
                }
            } else {
                guard words.count == 1 else {
                    throw CSSValueError(message: "\"\(part.map(\.description).joined())\" in \(name)(): expected a colour stop (a colour and positions) or a hint (one position)")
                }
                let hint = try position(first, in: name, angular: angular)
                guard let last = stops.last, last.color != nil else {
                    throw CSSValueError(message: "\(name)(): a hint (\(first)) must follow a colour stop")
                }
                stops.append(.hint(hint))
            }
        }
        guard stops.filter({ $0.color != nil }).count >= 2 else {
            throw CSSValueError(message: "\(name)() needs at least two colour stops")
        }
        guard stops.last?.color != nil else { throw CSSValueError(message: "\(name)() ends with a hint: a colour stop must follow it") }
        return stops
    }

    private static func position(_ word: CSSComponent, in name: String, angular: Bool) throws(CSSValueError) -> StyleLength {
        if angular {
            if case .token(.percentage(let p)) = word, p.isFinite { return .percent(p) }
            guard let degrees = try CSSLengthGrammar.angle(word) else {
                throw CSSValueError(message: "\"\(word)\" in \(name)(): expected an angle or a percentage")
            }
            return .percent(degrees / 360 * 100)
        }
        guard let length = try CSSLengthGrammar.length(word) else {
            throw CSSValueError(message: "\"\(word)\" in \(name)(): expected a colour, a length or a percentage")
        }
        return length
    }
}

/// CSS `<position>` (CSS Values 4, §9): one to four values of keywords and lengths.
enum CSSPositionGrammar {
    /// The position `words` state; `center` when there are none.
    static func position(_ words: [CSSComponent]) throws(CSSValueError) -> BoxPosition {
        let text = words.map(\.description).joined(separator: " ")
        func bad() -> CSSValueError {
            CSSValueError(message: "\"\(text)\" is not a position: expected keywords (left, center, right, top, bottom) and lengths, such as \"right 10px top\" or \"25% 75%\"")
        }
        enum Part { case keyword(String), length(StyleLength) }
        var parts: [Part] = []
        for word in words {
            if let k = word.keyword, ["left", "center", "right", "top", "bottom"].contains(k) {
                parts.append(.keyword(k))
            } else if let length = try CSSLengthGrammar.length(word) {
                parts.append(.length(length))
            } else {
                throw bad()
            }
        }
        func horizontal(_ k: String) -> StyleLength? { ["left": .percent(0), "center": .percent(50), "right": .percent(100)][k] }
        func vertical(_ k: String) -> StyleLength? { ["top": .percent(0), "center": .percent(50), "bottom": .percent(100)][k] }
        func offset(_ k: String, _ length: StyleLength) -> StyleLength? {
            switch k {
            case "left", "top": length
            case "right", "bottom": .sum([.percent(100), .product(length, -1)])
            default: nil
            }
        }
        switch parts.count {
        case 0:
            return .center
        case 1:
            switch parts[0] {
            case .length(let x): return BoxPosition(x: x, y: .percent(50))
            case .keyword(let k):
                if let x = horizontal(k) { return BoxPosition(x: x, y: .percent(50)) }
                return BoxPosition(x: .percent(50), y: vertical(k)!)
            }
        case 2:
            switch (parts[0], parts[1]) {
            case (.length(let x), .length(let y)): return BoxPosition(x: x, y: y)
            case (.length(let x), .keyword(let k)):
                guard let y = vertical(k) else { throw bad() }
                return BoxPosition(x: x, y: y)
            case (.keyword(let k), .length(let y)):
                guard let x = horizontal(k) else { throw bad() }
                return BoxPosition(x: x, y: y)
            case (.keyword(let a), .keyword(let b)):
                if let x = horizontal(a), let y = vertical(b), !(a == "center" && ["left", "right"].contains(b)) { return BoxPosition(x: x, y: y) }
                if let x = horizontal(b), let y = vertical(a) { return BoxPosition(x: x, y: y) }
                throw bad()
            }
        case 3, 4:
            // Keyword-offset pairs: "right 10px bottom", "left 5% top 10px".
            var x: StyleLength?, y: StyleLength?
            var index = 0
            while index < parts.count {
                guard case .keyword(let k) = parts[index] else { throw bad() }
                var value: StyleLength
                if index + 1 < parts.count, case .length(let length) = parts[index + 1] {
                    guard k != "center", let v = offset(k, length) else { throw bad() }
                    value = v
                    index += 2
                } else {
                    value = horizontal(k) ?? vertical(k)!
                    index += 1
                }
                if ["left", "right"].contains(k) {
                    guard x == nil else { throw bad() }
                    x = value
                } else if ["top", "bottom"].contains(k) {
                    guard y == nil else { throw bad() }
                    y = value
                } else if x == nil {
                    x = value
                } else if y == nil {
                    y = value
                } else {
                    throw bad()
                }
            }
            return BoxPosition(x: x ?? .percent(50), y: y ?? .percent(50))
        default:
            throw bad()
        }
    }
}
