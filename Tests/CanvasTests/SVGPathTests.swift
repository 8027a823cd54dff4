import Foundation
import Testing

@testable import Canvas

/// `Path(svgPathData:)`: SVG path data (the `d` attribute, CSS `path()`).
@Suite struct SVGPathTests {
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    @Test func everyAbsoluteCommand() throws {
        let path = try Path(svgPathData: "M10 20 L30 40 H50 V60 C1 2 3 4 5 6 S7 8 9 10 Q11 12 13 14 T15 16 Z")
        #expect(path.elements == [
            .move(to: Self.p(10, 20)),
            .line(to: Self.p(30, 40)),
            .line(to: Self.p(50, 40)),
            .line(to: Self.p(50, 60)),
            .curve(to: Self.p(5, 6), control1: Self.p(1, 2), control2: Self.p(3, 4)),
            // S reflects (3, 4) about (5, 6).
            .curve(to: Self.p(9, 10), control1: Self.p(7, 8), control2: Self.p(7, 8)),
            .quadCurve(to: Self.p(13, 14), control: Self.p(11, 12)),
            // T reflects (11, 12) about (13, 14).
            .quadCurve(to: Self.p(15, 16), control: Self.p(15, 16)),
            .close,
        ])
    }

    @Test func relativeCommandsMatchTheirAbsoluteForms() throws {
        let relative = try Path(svgPathData: "m10 20 l20 20 h20 v20 c1 1 2 2 3 3 s4 4 5 5 q1 1 2 2 t3 3 z l1 1")
        let absolute = try Path(svgPathData: "M10 20 L30 40 H50 V60 C51 61 52 62 53 63 S57 67 58 68 Q59 69 60 70 T63 73 Z L11 21")
        #expect(relative == absolute)
    }

    @Test func smoothCurvesWithoutAPredecessorUseTheCurrentPoint() throws {
        #expect(try Path(svgPathData: "M1 1 S2 2 3 3").elements.last == .curve(to: Self.p(3, 3), control1: Self.p(1, 1), control2: Self.p(2, 2)))
        #expect(try Path(svgPathData: "M1 1 C0 0 0 0 2 2 T3 3").elements.last == .quadCurve(to: Self.p(3, 3), control: Self.p(2, 2)))
    }

    @Test func implicitRepeats() throws {
        #expect(try Path(svgPathData: "M0 0 10 10 20 0").elements == [.move(to: Self.p(0, 0)), .line(to: Self.p(10, 10)), .line(to: Self.p(20, 0))])
        #expect(try Path(svgPathData: "m1 1 2 2").elements == [.move(to: Self.p(1, 1)), .line(to: Self.p(3, 3))])
        #expect(try Path(svgPathData: "M0 0 h1 2 3").elements.last == .line(to: Self.p(6, 0)))
        #expect(try Path(svgPathData: "M0 0 L1 1 2 2").elements.count == 3)
    }

    @Test(arguments: [
        "M10,10L20,20Z", "M 10 10 L 20 20 Z", "M10 10L20 20Z", "M10,10 L20,20 Z", "  M10 , 10L20\n20z  ",
        "M\t10\r\n10\u{0C}L20 ,20Z",
    ])
    func spacingVariants(data: String) throws {
        #expect(try Path(svgPathData: data).elements == [.move(to: Self.p(10, 10)), .line(to: Self.p(20, 20)), .close])
    }

    @Test func numberGrammar() throws {
        func first(_ data: String) throws -> Point? {
            guard case .move(let p) = try Path(svgPathData: data).elements.first else { return nil }
            return p
        }
        #expect(try first("M1.5.5") == Self.p(1.5, 0.5))
        #expect(try first("M1-2") == Self.p(1, -2))
        #expect(try first("M-.5-.5") == Self.p(-0.5, -0.5))
        #expect(try first("M+3+4") == Self.p(3, 4))
        #expect(try first("M1e1-1E-1") == Self.p(10, -0.1))
        #expect(try first("M2.e+1 7.") == Self.p(20, 7))
        #expect(try first("M0.0.0") == Self.p(0, 0))
    }

    @Test func emptyDataIsAnEmptyPath() throws {
        #expect(try Path(svgPathData: "").isEmpty)
        #expect(try Path(svgPathData: " \n\t").isEmpty)
    }

    // MARK: Arcs

    /// Points along every curve of a path (cubics sampled), for bounds.
    static func samples(_ path: Path) -> [Point] {
        var points: [Point] = []
        var current = Point(x: 0, y: 0)
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p):
                points.append(p)
                current = p
            case .curve(let p, let c1, let c2):
                for i in 1...64 {
                    let t = Double(i) / 64, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    points.append(Point(x: a * current.x + b * c1.x + c * c2.x + d * p.x, y: a * current.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            default:
                Issue.record("unexpected \(element)")
            }
        }
        return points
    }

    static func bounds(_ points: [Point]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (points.map(\.x).min()!, points.map(\.y).min()!, points.map(\.x).max()!, points.map(\.y).max()!)
    }

    @Test func halfCircle() throws {
        // Sweep 1 is the positive-angle direction: clockwise on screen, so over the top (y < 0).
        let path = try Path(svgPathData: "M0 0 A10 10 0 0 1 20 0")
        #expect(path.elements.count == 3)  // the move and two quarter-circle cubics
        guard case .curve(let end, _, _) = path.elements.last, case .curve(let middle, _, _) = path.elements[1] else {
            Issue.record("expected curves: \(path.elements)")
            return
        }
        #expect(end == Self.p(20, 0))
        #expect(abs(middle.x - 10) < 1e-9 && abs(middle.y + 10) < 1e-9)
        let points = Self.samples(path)
        let box = Self.bounds(points)
        #expect(abs(box.minX) < 1e-9 && abs(box.maxX - 20) < 1e-9)
        #expect(abs(box.minY + 10) < 0.01 && abs(box.maxY) < 1e-9)
        // Every point is on the circle, to the cubic approximation's accuracy (< 0.03 %).
        for q in points.dropFirst() {
            let r = ((q.x - 10) * (q.x - 10) + q.y * q.y).squareRoot()
            #expect(abs(r - 10) < 0.003, "\(q) at \(r)")
        }
        // Sweep 0 goes under; the relative form matches the absolute one.
        let below = Self.bounds(Self.samples(try Path(svgPathData: "M0 0 A10 10 0 0 0 20 0")))
        #expect(abs(below.maxY - 10) < 0.01 && abs(below.minY) < 1e-9)
        #expect(try Path(svgPathData: "M5 5 a10 10 0 0 1 20 0") == Path(svgPathData: "M5 5 A10 10 0 0 1 25 5"))
    }

    @Test func largeArcFlagTakesTheLongWay() throws {
        // A quarter circle's chord: small arc is a quarter, large arc three quarters.
        let small = try Path(svgPathData: "M10 0 A10 10 0 0 1 0 10")
        let large = try Path(svgPathData: "M10 0 A10 10 0 1 0 0 10")
        #expect(small.elements.count == 2 && large.elements.count == 4)
        let box = Self.bounds(Self.samples(large))
        #expect(abs(box.minX + 10) < 0.01 && abs(box.minY + 10) < 0.01)
    }

    @Test func arcEdgeCases() throws {
        // Radii too small are scaled up until the arc reaches: the same half circle.
        #expect(try Path(svgPathData: "M0 0 A1 1 0 0 1 20 0") == Path(svgPathData: "M0 0 A10 10 0 0 1 20 0"))
        // Negative radii are taken as absolute.
        #expect(try Path(svgPathData: "M0 0 A-10 10 0 0 1 20 0") == Path(svgPathData: "M0 0 A10 10 0 0 1 20 0"))
        // A zero radius is a straight line; an arc to its own start is dropped.
        #expect(try Path(svgPathData: "M0 0 A0 5 0 0 1 20 0").elements == [.move(to: Self.p(0, 0)), .line(to: Self.p(20, 0))])
        #expect(try Path(svgPathData: "M3 4 A5 5 0 0 1 3 4").elements == [.move(to: Self.p(3, 4))])
        // Compact flags.
        #expect(try Path(svgPathData: "M0 0a10 10 0 0120 0") == Path(svgPathData: "M0 0 A10 10 0 0 1 20 0"))
        // A rotated ellipse still ends exactly where asked.
        guard case .curve(let end, _, _) = try Path(svgPathData: "M0 0 A20 10 30 1 1 15 5").elements.last else {
            Issue.record("no curve")
            return
        }
        #expect(end == Self.p(15, 5))
        // Enormous radii still give finite points.
        #expect(try Path(svgPathData: "M0 0 A1e300 1e300 0 0 1 20 0").isFinite)
    }

    @Test func parsedPathsDraw() throws {
        let path = try Path(svgPathData: "M2 2 h16 v16 h-16 z")
        let bitmap = try Bitmap.render(size: Size(width: 20, height: 20)) { $0.fill(path, with: .color(.red)) }
        #expect(bitmap.pixel(x: 10, y: 10) == px(255, 0, 0, 255))
        #expect(bitmap.alpha(x: 1, y: 1) == 0)
    }

    // MARK: Errors

    @Test(arguments: [
        ("L10 10", 0, "moveto"),
        ("M10", 3, "number"),
        ("M10 10 X 5", 7, "command"),
        ("M10 10 L20,Z", 11, "expected a number"),
        ("M10 10,", 7, "number after the comma"),
        ("M1 1 a1 1 0 2 0 5 5", 12, "flag"),
        ("M1 1 Z 5 5", 7, "command"),
        ("M1e999 0", 1, "out of range"),
        ("M1 1 L. 2", 6, "number"),
        ("M1 1 L1e 2", 7, "expected a number"),
        ("M1,,2", 3, "number"),
        ("M1 1 L2 2 é", 10, "byte 0xC3"),
    ] as [(String, Int, String)])
    func badDataNamesTheOffset(data: String, offset: Int, expected: String) {
        do {
            _ = try Path(svgPathData: data)
            Issue.record("\(data) parsed")
        } catch {
            guard case .invalidArgument(let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("offset \(offset):"), "\(message)")
            #expect(message.contains(expected), "\(message)")
        }
    }

    @Test func segmentBound() throws {
        let limit = Path.maxSVGPathDataSegments
        let fits = "M0 0" + String(repeating: " L1 1", count: limit - 1)
        #expect(try Path(svgPathData: fits).elements.count == limit)
        #expect(throws: CanvasError.self) { try Path(svgPathData: fits + " L2 2") }
        // Arcs count each of their cubics.
        let arcs = "M0 0" + String(repeating: " a10 10 0 1 1 0 1", count: limit / 3)
        #expect(throws: CanvasError.self) { try Path(svgPathData: arcs) }
    }
}
