import Foundation

extension Path {
    /// The most segments ``init(svgPathData:)`` builds (each command, each implicit repeat and
    /// each cubic of an arc counts as one); longer data is refused as hostile.
    public static let maxSVGPathDataSegments = 100_000

    /// Parses SVG path data (the `d` attribute / CSS `path("…")`): M m L l H h V v C c S s Q q T t A a Z z, implicit repeated commands, numbers in SVG's grammar (`1.5.5` is two numbers, exponents, signs as separators); arcs converted to cubic Béziers per SVG 1.1 Appendix F.6 (radii scaled up when too small, zero radius = line). Throws CanvasError.invalidArgument naming the offset and what was expected on bad data; a bound on the number of segments (e.g. 100,000) for hostile input.
    ///
    /// The grammar is SVG 2's: data must start with a moveto; after a command its arguments
    /// may repeat without the letter (after `M`/`m` the repeats are linetos); numbers and flags
    /// are separated by whitespace and at most one comma, or not at all where the grammar
    /// allows (`M1-2`, `1.5.5`, arc flags as `a1 1 0 01 5 5`). Empty or all-whitespace data
    /// gives an empty path. `S`/`T` reflect the previous curve's control point when the previous
    /// command was of their kind, else use the current point. An arc whose end is its start is
    /// dropped (F.6.2); an arc with a zero radius, or with radii too large to compute, is a line.
    ///
    /// - Throws: ``CanvasError/invalidArgument(_:)`` naming the UTF-8 byte offset and what was
    ///   expected there (a command, a number, a flag), for a number out of `Double`'s range, or
    ///   when the path would have more than ``maxSVGPathDataSegments`` segments. Unlike a
    ///   browser, which draws the path up to the error, nothing is returned.
    public init(svgPathData: String) throws(CanvasError) {
        var parser = SVGPathParser(bytes: Array(svgPathData.utf8))
        try parser.parse()
        self.init(elements: parser.elements)
    }
}

/// The state of one parse of SVG path data: a cursor over its UTF-8 bytes and the pen.
private struct SVGPathParser {
    let bytes: [UInt8]
    var index = 0
    var elements: [Path.Element] = []
    /// The current point and the start of the current sub-path.
    var current = Point(x: 0, y: 0)
    var subpathStart = Point(x: 0, y: 0)
    /// The second control point of the previous C/c/S/s, for S/s to reflect.
    var cubicControl: Point?
    /// The control point of the previous Q/q/T/t, for T/t to reflect.
    var quadControl: Point?
    /// Whether the last separator held a comma, so a number must follow.
    var commaPending = false

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parse() throws(CanvasError) {
        skipWhitespace()
        guard index < bytes.count else { return }
        guard bytes[index] == UInt8(ascii: "M") || bytes[index] == UInt8(ascii: "m") else {
            throw error("expected a moveto (M or m)")
        }
        var command: UInt8 = 0
        while true {
            skipWhitespace()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if Self.isCommand(byte) {
                guard !commaPending else { throw error("expected a number after the comma") }
                command = byte
                index += 1
                skipWhitespace()
                if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
                    try append(.close)
                    current = subpathStart
                    cubicControl = nil
                    quadControl = nil
                    continue
                }
            } else if command == 0 || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw error("expected a command letter")
            } else if !Self.startsNumber(byte) {
                throw error("expected a command letter or a number")
            } else if command == UInt8(ascii: "M") {
                command = UInt8(ascii: "L")
            } else if command == UInt8(ascii: "m") {
                command = UInt8(ascii: "l")
            }
            try run(command)
        }
        if commaPending { throw error("expected a number after the comma") }
    }

    /// Reads one argument group of `command` and appends what it draws.
    private mutating func run(_ command: UInt8) throws(CanvasError) {
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? current : Point(x: 0, y: 0)
        func point(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x, y: origin.y + y) }
        var nextCubic: Point?
        var nextQuad: Point?
        switch command | 0x20 {  // lower case
        case UInt8(ascii: "m"):
            let p = point(try number(), try number())
            try append(.move(to: p))
            subpathStart = p
            current = p
        case UInt8(ascii: "l"):
            let p = point(try number(), try number())
            try append(.line(to: p))
            current = p
        case UInt8(ascii: "h"):
            let x = try number()
            let p = Point(x: origin.x + x, y: current.y)
            try append(.line(to: p))
            current = p
        case UInt8(ascii: "v"):
            let y = try number()
            let p = Point(x: current.x, y: origin.y + y)
            try append(.line(to: p))
            current = p
        case UInt8(ascii: "c"):
            let c1 = point(try number(), try number())
            let c2 = point(try number(), try number())
            let p = point(try number(), try number())
            try append(.curve(to: p, control1: c1, control2: c2))
            current = p
            nextCubic = c2
        case UInt8(ascii: "s"):
            let c1 = cubicControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            let c2 = point(try number(), try number())
            let p = point(try number(), try number())
            try append(.curve(to: p, control1: c1, control2: c2))
            current = p
            nextCubic = c2
        case UInt8(ascii: "q"):
            let c = point(try number(), try number())
            let p = point(try number(), try number())
            try append(.quadCurve(to: p, control: c))
            current = p
            nextQuad = c
        case UInt8(ascii: "t"):
            let c = quadControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            let p = point(try number(), try number())
            try append(.quadCurve(to: p, control: c))
            current = p
            nextQuad = c
        case UInt8(ascii: "a"):
            let rx = try number(), ry = try number(), rotation = try number()
            let largeArc = try flag(), sweep = try flag()
            let p = point(try number(), try number())
            try appendArc(to: p, rx: rx, ry: ry, rotation: rotation, largeArc: largeArc, sweep: sweep)
            current = p
        default:
            throw error("expected a command letter")
        }
        cubicControl = nextCubic
        quadControl = nextQuad
    }

    /// Appends SVG 1.1 F.6's endpoint arc from the current point to `end` as cubic Béziers.
    private mutating func appendArc(to end: Point, rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool) throws(CanvasError) {
        let start = current
        guard start != end else { return }  // F.6.2: omitted
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0 else { return try append(.line(to: end)) }
        let phi = rotation.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        // F.6.5 step 1: the start in the ellipse's axes, relative to the chord's midpoint.
        let hx = (start.x - end.x) / 2, hy = (start.y - end.y) / 2
        let x1 = cosPhi * hx + sinPhi * hy
        let y1 = -sinPhi * hx + cosPhi * hy
        // F.6.6: radii too small to reach are scaled up until they just do.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let root = lambda.squareRoot()
            rx *= root
            ry *= root
        }
        // F.6.5 step 2: the centre in the ellipse's axes.
        let rx2 = rx * rx, ry2 = ry * ry
        let denominator = rx2 * y1 * y1 + ry2 * x1 * x1
        var factor = ((rx2 * ry2 - denominator) / denominator)
        factor = factor > 0 ? factor.squareRoot() : 0
        if largeArc == sweep { factor = -factor }
        let cxp = factor * rx * y1 / ry, cyp = -factor * ry * x1 / rx
        // Step 3: the centre.
        let cx = cosPhi * cxp - sinPhi * cyp + (start.x + end.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (start.y + end.y) / 2
        // Step 4: the start angle and the sweep.
        let theta1 = atan2((y1 - cyp) / ry, (x1 - cxp) / rx)
        var delta = atan2((-y1 - cyp) / ry, (-x1 - cxp) / rx) - theta1
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        guard [cx, cy, rx, ry, theta1, delta].allSatisfy(\.isFinite) else { return try append(.line(to: end)) }
        // At most a quarter turn per cubic.
        let count = max(Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)), 1)
        let step = delta / Double(count)
        let k = 4 / 3 * tan(step / 4)
        func map(_ x: Double, _ y: Double) -> Point {
            Point(x: cx + rx * cosPhi * x - ry * sinPhi * y, y: cy + rx * sinPhi * x + ry * cosPhi * y)
        }
        var angle = theta1
        for i in 0..<count {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            let to = i == count - 1 ? end : map(c1, s1)
            try append(.curve(to: to, control1: map(c0 - k * s0, s0 + k * c0), control2: map(c1 + k * s1, s1 - k * c1)))
            angle = next
        }
    }

    private mutating func append(_ element: Path.Element) throws(CanvasError) {
        guard elements.count < Path.maxSVGPathDataSegments else {
            throw error("more than \(Path.maxSVGPathDataSegments) segments")
        }
        elements.append(element)
    }

    /// Reads a number (SVG's grammar: sign, digits, fraction, exponent) and the separator after it.
    private mutating func number() throws(CanvasError) -> Double {
        let begin = index
        var cursor = index
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
        let integerStart = cursor
        while cursor < bytes.count, Self.isDigit(bytes[cursor]) { cursor += 1 }
        var digits = cursor - integerStart
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
            let fractionStart = cursor + 1
            var end = fractionStart
            while end < bytes.count, Self.isDigit(bytes[end]) { end += 1 }
            digits += end - fractionStart
            if digits > 0 { cursor = end }
        }
        guard digits > 0 else { throw error("expected a number") }
        if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
            var exponent = cursor + 1
            if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") { exponent += 1 }
            if exponent < bytes.count, Self.isDigit(bytes[exponent]) {
                while exponent < bytes.count, Self.isDigit(bytes[exponent]) { exponent += 1 }
                cursor = exponent
            }
        }
        let text = String(decoding: bytes[begin..<cursor], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number \(text) is out of range")
        }
        index = cursor
        separator()
        return value
    }

    /// Reads an arc flag: one `0` or `1`, then the separator after it.
    private mutating func flag() throws(CanvasError) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw error("expected an arc flag (0 or 1)")
        }
        let value = bytes[index] == UInt8(ascii: "1")
        index += 1
        separator()
        return value
    }

    /// Skips `wsp* ,? wsp*`, noting a comma.
    private mutating func separator() {
        skipWhitespace()
        commaPending = index < bytes.count && bytes[index] == UInt8(ascii: ",")
        if commaPending {
            index += 1
            skipWhitespace()
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// An error at the cursor: what was expected, and what was found.
    private func error(_ expected: String) -> CanvasError {
        let found: String
        if index >= bytes.count {
            found = "the end of the data"
        } else if (0x21...0x7E).contains(bytes[index]) {
            found = "\"\(Character(Unicode.Scalar(bytes[index])))\""
        } else {
            found = "byte 0x\(String(bytes[index], radix: 16, uppercase: true))"
        }
        return .invalidArgument("SVG path data at offset \(index): \(expected), found \(found)")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func startsNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    private static func isCommand(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
            UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            true
        default:
            false
        }
    }
}
