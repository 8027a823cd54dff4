internal import Flexbox
internal import Canvas

/// The grammars of `transform`, `transformOrigin`, `mixBlendMode`, `filter`, `backdropFilter`,
/// `clipPath`, `outline` and `objectFit`/`objectPosition`.
enum CSSCompositingGrammar {
    /// The most functions one `transform` or `filter` lists: a bound for hostile input.
    static let maximumFunctions = 64

    // MARK: Transforms

    /// `none` or transform functions separated by spaces. 3D functions are refused: a card is
    /// flat, and an approximation would draw something no browser draws.
    /// `translate` (one or two lengths), `rotate` (an angle, or `z` and an angle) and `scale`
    /// (one or two numbers or percentages) as the transform functions they stand for; `none` is
    /// none. A 3D form (a third value, an x or y axis) is refused.
    static func individualTransform(_ name: String, _ components: [CSSComponent]) throws(CSSValueError) -> [TransformFunction] {
        var words = CSSComponentParser.words(components)
        if words.count == 1, words[0].keyword == "none" { return [] }
        if name == "rotate", words.count == 2, words[0].keyword == "z" { words.removeFirst() }
        let allowed = name == "rotate" ? 1...1 : 1...2
        guard allowed.contains(words.count) else {
            throw CSSValueError(message: "\(name) takes \(name == "rotate" ? "one angle" : "one or two values"): 3D transforms are not supported")
        }
        let text = name + "(" + words.map(\.description).joined(separator: ", ") + ")"
        return try transform(CSSComponentParser.parse(text))
    }

    static func transform(_ components: [CSSComponent]) throws(CSSValueError) -> [TransformFunction] {
        let words = CSSComponentParser.words(components)
        if words.count == 1, words[0].keyword == "none" { return [] }
        guard words.count <= maximumFunctions else { throw CSSValueError(message: "transform lists \(words.count) functions: at most \(maximumFunctions)") }
        var functions: [TransformFunction] = []
        for word in words {
            guard case .function(let name, let arguments) = word else {
                throw CSSValueError(message: "\"\(word)\" is not a transform function: expected translate(), scale(), rotate(), skew() or matrix()")
            }
            let args = CSSComponentParser.commaSeparated(arguments).map(CSSComponentParser.words)
            let flat = args.count == 1 ? args[0] : args.compactMap { $0.count == 1 ? $0[0] : nil }
            guard args.count == 1 || flat.count == args.count else { throw CSSValueError(message: "\(word): one value between commas") }
            func count(_ range: ClosedRange<Int>) throws(CSSValueError) {
                guard range.contains(flat.count) else { throw CSSValueError(message: "\(name)() takes \(range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) or \(range.upperBound)") values, not \(flat.count)") }
            }
            func length(_ c: CSSComponent) throws(CSSValueError) -> StyleLength {
                guard let l = try CSSLengthGrammar.length(c) else { throw CSSValueError(message: "\"\(c)\" in \(name)(): expected a length or a percentage") }
                return l
            }
            func number(_ c: CSSComponent) throws(CSSValueError) -> Double {
                switch c {
                case .token(.number(let n)) where n.isFinite: return n
                case .token(.percentage(let p)) where p.isFinite: return p / 100
                default: throw CSSValueError(message: "\"\(c)\" in \(name)(): expected a number")
                }
            }
            func angle(_ c: CSSComponent) throws(CSSValueError) -> Double {
                guard let a = try CSSLengthGrammar.angle(c) else { throw CSSValueError(message: "\"\(c)\" in \(name)(): expected an angle (deg, rad, grad, turn)") }
                return a
            }
            switch name {
            case "translate":
                try count(1...2)
                functions.append(.translate(try length(flat[0]), flat.count > 1 ? try length(flat[1]) : .zero))
            case "translatex": try count(1...1); functions.append(.translate(try length(flat[0]), .zero))
            case "translatey": try count(1...1); functions.append(.translate(.zero, try length(flat[0])))
            case "scale":
                try count(1...2)
                let x = try number(flat[0])
                functions.append(.scale(x, flat.count > 1 ? try number(flat[1]) : x))
            case "scalex": try count(1...1); functions.append(.scale(try number(flat[0]), 1))
            case "scaley": try count(1...1); functions.append(.scale(1, try number(flat[0])))
            case "rotate": try count(1...1); functions.append(.rotate(try angle(flat[0])))
            case "skew":
                try count(1...2)
                functions.append(.skew(try angle(flat[0]), flat.count > 1 ? try angle(flat[1]) : 0))
            case "skewx": try count(1...1); functions.append(.skew(try angle(flat[0]), 0))
            case "skewy": try count(1...1); functions.append(.skew(0, try angle(flat[0])))
            case "matrix":
                try count(6...6)
                let m = try flat.map { (c: CSSComponent) throws(CSSValueError) -> Double in try number(c) }
                functions.append(.matrix(m[0], m[1], m[2], m[3], m[4], m[5]))
            case "translate3d", "translatez", "scale3d", "scalez", "rotate3d", "rotatex", "rotatey", "rotatez", "perspective", "matrix3d":
                throw CSSValueError(message: "\(name)() is a 3D transform: cards are drawn flat, so only 2D transforms are supported (translate, scale, rotate, skew, matrix)")
            default:
                throw CSSValueError(message: "\(name)() is not a transform function: expected translate(), scale(), rotate(), skew() or matrix()")
            }
        }
        return functions
    }

    /// `transformOrigin`: a position (a third, z, value is refused).
    static func transformOrigin(_ components: [CSSComponent]) throws(CSSValueError) -> BoxPosition {
        try CSSPositionGrammar.position(CSSComponentParser.words(components))
    }

    // MARK: Blending

    /// `mixBlendMode`: one of the CSS blend modes.
    static func blendMode(_ components: [CSSComponent]) throws(CSSValueError) -> BlendMode {
        let words = CSSComponentParser.words(components)
        guard words.count == 1, let k = words[0].keyword, let mode = BlendMode(rawValue: k) else {
            throw CSSValueError(message: "\"\(components.map(\.description).joined())\" is not a blend mode: expected \(BlendMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return mode
    }

    // MARK: Filters

    /// `filter` or `backdropFilter`: `none` or filter functions separated by spaces, in order.
    static func filters(_ components: [CSSComponent]) throws(CSSValueError) -> [StyleFilter] {
        let words = CSSComponentParser.words(components)
        if words.count == 1, words[0].keyword == "none" { return [] }
        guard words.count <= maximumFunctions else { throw CSSValueError(message: "filter lists \(words.count) functions: at most \(maximumFunctions)") }
        var filters: [StyleFilter] = []
        for word in words {
            guard case .function(let name, let arguments) = word else {
                if case .token(.url) = word { throw CSSValueError(message: "url() filters are not supported: use the filter functions") }
                throw CSSValueError(message: "\"\(word)\" is not a filter function: expected blur(), brightness(), contrast(), drop-shadow(), grayscale(), hue-rotate(), invert(), opacity(), saturate() or sepia()")
            }
            let args = CSSComponentParser.words(arguments)
            /// A number or percentage argument, its default when absent; `unit` caps it at 1.
            func amount(_ fallback: Double, unit: Bool) throws(CSSValueError) -> Double {
                guard !args.isEmpty else { return fallback }
                guard args.count == 1 else { throw CSSValueError(message: "\(name)() takes one value") }
                let value: Double
                switch args[0] {
                case .token(.number(let n)): value = n
                case .token(.percentage(let p)): value = p / 100
                default: throw CSSValueError(message: "\"\(args[0])\" in \(name)(): expected a number or a percentage")
                }
                guard value.isFinite, value >= 0 else { throw CSSValueError(message: "\(name)(\(args[0])): must be 0 or more") }
                return unit ? min(value, 1) : value
            }
            switch name {
            case "blur":
                guard args.count <= 1 else { throw CSSValueError(message: "blur() takes one length") }
                let radius = try args.first.map { (c: CSSComponent) throws(CSSValueError) -> StyleLength in
                    guard let l = try CSSLengthGrammar.length(c, percent: false, negative: false) else { throw CSSValueError(message: "\"\(c)\" in blur(): expected a length") }
                    return l
                } ?? .zero
                filters.append(.blur(radius))
            case "brightness": filters.append(.brightness(try amount(1, unit: false)))
            case "contrast": filters.append(.contrast(try amount(1, unit: false)))
            case "grayscale": filters.append(.grayscale(try amount(1, unit: true)))
            case "sepia": filters.append(.sepia(try amount(1, unit: true)))
            case "saturate": filters.append(.saturate(try amount(1, unit: false)))
            case "invert": filters.append(.invert(try amount(1, unit: true)))
            case "opacity": filters.append(.opacity(try amount(1, unit: true)))
            case "hue-rotate":
                guard args.count <= 1 else { throw CSSValueError(message: "hue-rotate() takes one angle") }
                let degrees = try args.first.map { (c: CSSComponent) throws(CSSValueError) -> Double in
                    guard let a = try CSSLengthGrammar.angle(c) else { throw CSSValueError(message: "\"\(c)\" in hue-rotate(): expected an angle") }
                    return a
                } ?? 0
                filters.append(.hueRotate(degrees))
            case "drop-shadow":
                var lengths: [StyleLength] = []
                var color: StyleColor?
                for arg in args {
                    if let l = try CSSLengthGrammar.length(arg, percent: false), lengths.count < 3, color == nil || lengths.isEmpty {
                        lengths.append(l)
                    } else if color == nil, let c = try CSSColorParser.color(arg) {
                        color = c
                    } else {
                        throw CSSValueError(message: "\"\(arg)\" in drop-shadow(): expected x y [blur] and a colour")
                    }
                }
                guard lengths.count >= 2 else { throw CSSValueError(message: "drop-shadow() needs x and y offsets") }
                filters.append(.dropShadow(x: lengths[0], y: lengths[1], blur: lengths.count > 2 ? lengths[2] : .zero, color: color ?? .currentColor))
            default:
                throw CSSValueError(message: "\(name)() is not a filter function: expected blur(), brightness(), contrast(), drop-shadow(), grayscale(), hue-rotate(), invert(), opacity(), saturate() or sepia()")
            }
        }
        return filters
    }

    // MARK: Clip paths

    /// `clipPath`: `none` or a basic shape (in the border box; a reference box keyword is refused).
    static func clipPath(_ components: [CSSComponent]) throws(CSSValueError) -> ClipShape? {
        let words = CSSComponentParser.words(components)
        if words.count == 1, words[0].keyword == "none" { return nil }
        guard words.count == 1, case .function(let name, let arguments) = words[0] else {
            throw CSSValueError(message: "\"\(components.map(\.description).joined())\" is not a clip path: expected none, inset(), circle(), ellipse(), polygon() or path() (no url(), no reference box)")
        }
        func length(_ c: CSSComponent, _ what: String) throws(CSSValueError) -> StyleLength {
            guard let l = try CSSLengthGrammar.length(c) else { throw CSSValueError(message: "\"\(c)\" in \(name)(): expected \(what)") }
            return l
        }
        func radiusAndCenter(_ words: [CSSComponent], radii: Int) throws(CSSValueError) -> ([StyleLength?], BoxPosition) {
            let at = words.firstIndex { $0.keyword == "at" } ?? words.count
            let center = at < words.count ? try CSSPositionGrammar.position(Array(words[(at + 1)...])) : .center
            var found: [StyleLength?] = []
            for word in words[..<at] {
                if word.keyword == "closest-side" { found.append(nil); continue }
                if word.keyword == "farthest-side" { throw CSSValueError(message: "\(name)(): farthest-side is not supported; give a radius") }
                let l = try length(word, "a radius")
                guard l.isFinite else { throw CSSValueError(message: "\(name)(): a radius must be finite") }
                found.append(l)
            }
            guard found.count == 0 || found.count == radii else { throw CSSValueError(message: "\(name)() takes \(radii) radius value\(radii == 1 ? "" : "s") before at") }
            return (found.isEmpty ? Array(repeating: nil, count: radii) : found, center)
        }
        switch name {
        case "inset":
            let words = CSSComponentParser.words(arguments)
            let round = words.firstIndex { $0.keyword == "round" } ?? words.count
            let offsets = try words[..<round].map { (c: CSSComponent) throws(CSSValueError) -> StyleLength in try length(c, "a length or a percentage") }
            let sides = try CSSBoxPaintGrammar.sides(offsets, "inset()")
            var radius = StyleLength.zero
            if round < words.count {
                guard round + 2 == words.count else { throw CSSValueError(message: "inset(): one radius after round") }
                radius = try length(words[round + 1], "a radius")
            }
            return .inset(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3], radius: radius)
        case "circle":
            let (r, center) = try radiusAndCenter(CSSComponentParser.words(arguments), radii: 1)
            return .circle(r[0], center: center)
        case "ellipse":
            let (r, center) = try radiusAndCenter(CSSComponentParser.words(arguments), radii: 2)
            return .ellipse(r[0], r[1], center: center)
        case "polygon":
            var parts = CSSComponentParser.commaSeparated(arguments)
            var evenOdd = false
            if let first = parts.first, first.count == 1, let rule = first[0].keyword, rule == "evenodd" || rule == "nonzero" {
                evenOdd = rule == "evenodd"
                parts.removeFirst()
            }
            guard parts.count >= 3, parts.count <= 10_000 else { throw CSSValueError(message: "polygon() needs 3 to 10,000 points, not \(parts.count)") }
            let points = try parts.map { (part: [CSSComponent]) throws(CSSValueError) -> BoxPosition in
                let pair = CSSComponentParser.words(part)
                guard pair.count == 2 else { throw CSSValueError(message: "polygon(): each point is two lengths, x y") }
                return BoxPosition(x: try length(pair[0], "a length"), y: try length(pair[1], "a length"))
            }
            return .polygon(points, evenOdd: evenOdd)
        case "path":
            var parts = CSSComponentParser.commaSeparated(arguments)
            var evenOdd = false
            if parts.count == 2, parts[0].count == 1, let rule = parts[0][0].keyword, rule == "evenodd" || rule == "nonzero" {
                evenOdd = rule == "evenodd"
                parts.removeFirst()
            }
            guard parts.count == 1, parts[0].count == 1, case .token(.string(let data)) = parts[0][0] else {
                throw CSSValueError(message: "path() takes a quoted string of SVG path data")
            }
            do {
                _ = try Path(svgPathData: data)
            } catch {
                throw CSSValueError(message: "path(): \(error)")
            }
            return .path(data, evenOdd: evenOdd)
        default:
            throw CSSValueError(message: "\(name)() is not a clip path shape: expected inset(), circle(), ellipse(), polygon() or path()")
        }
    }

    // MARK: Outlines

    /// `outline`: `<width> || <style> || <color>` (CSS's initial values for what is left out).
    static func outline(_ components: [CSSComponent]) throws(CSSValueError) -> Outline {
        let parsed = try CSSBoxPaintGrammar.borderShorthand(components)
        return Outline(width: parsed.width, style: parsed.side.style, color: parsed.side.color)
    }

    // MARK: Images

    /// `objectFit`.
    static func objectFit(_ components: [CSSComponent]) throws(CSSValueError) -> ObjectFit {
        let words = CSSComponentParser.words(components)
        guard words.count == 1, let k = words[0].keyword, let fit = ObjectFit(rawValue: k) else {
            throw CSSValueError(message: "\"\(components.map(\.description).joined())\" is not an object fit: expected fill, contain, cover, none or scale-down")
        }
        return fit
    }
}
