import Foundation
import Testing

@testable import Canvas

/// A text's base direction: `auto` takes it from the first strong character, a fixed one orders
/// the runs and places `natural` alignment whatever the text starts with.
@Suite struct TextBaseDirectionTests {
    /// A Latin run (red) followed by an Arabic one: "iPhone 15 وصل إلى متجرنا".
    static let mixed = AttributedText(segments: [
        .init("iPhone 15", style: TextStyleOverrides(color: .red)), .init(" وصل إلى متجرنا"),
    ])
    static let style = TextStyle(fontFamily: "DejaVu Sans", size: 15)

    /// The horizontal extent of the red (Latin) glyphs and of the others (Arabic) on line 0.
    static func extents(_ layout: TextLayout) throws -> (latin: ClosedRange<Double>, arabic: ClosedRange<Double>) {
        var latin: [Double] = [], arabic: [Double] = []
        for run in layout.runs where run.line == 0 {
            let xs = run.positions.map(\.x)
            if run.color == .red { latin += xs } else { arabic += xs }
        }
        guard let l0 = latin.min(), let l1 = latin.max(), let a0 = arabic.min(), let a1 = arabic.max() else {
            Issue.record("runs missing: \(layout.runs.count) runs")
            throw CanvasError.invalidArgument("runs missing")
        }
        return (l0...l1, a0...a1)
    }

    static func layout(_ direction: TextDirection, alignment: TextAlignment = .natural, engine: TextEngine? = nil) throws -> TextLayout {
        var style = Self.style
        style.alignment = alignment
        let options = TextLayoutOptions(maxWidth: 400, baseDirection: direction)
        guard let engine else { return try TextLayout(text: mixed, style: style, options: options) }
        return try PangoMeasurement(engine: engine, request: MeasureRequest(text: mixed, style: style, options: options)).run()
    }

    /// Right to left: the paragraph starts at the right edge, so the Latin run (first in logical
    /// order) is right of the Arabic one and the line ends at the box's right edge. Left to right
    /// and auto (first strong character is Latin): Latin first at the left edge.
    @Test func baseDirectionOrdersRunsAndPlacesNaturalAlignment() throws {
        let rtl = try Self.layout(.rightToLeft)
        let r = try Self.extents(rtl)
        #expect(r.latin.lowerBound > r.arabic.upperBound, "latin \(r.latin), arabic \(r.arabic)")
        #expect(abs(try #require(rtl.lines.first).rect.maxX - 400) < 1)
        for direction in [TextDirection.leftToRight, .auto] {
            let ltr = try Self.layout(direction)
            let l = try Self.extents(ltr)
            #expect(l.latin.upperBound < l.arabic.lowerBound, "\(direction): latin \(l.latin), arabic \(l.arabic)")
            #expect(try #require(ltr.lines.first).rect.minX < 1)
        }
    }

    /// Left and right alignment stay physical in either base direction.
    @Test func leftAndRightAlignmentStayPhysical() throws {
        for direction in TextDirection.allCases {
            let left = try #require(try Self.layout(direction, alignment: .left).lines.first)
            let right = try #require(try Self.layout(direction, alignment: .right).lines.first)
            #expect(left.rect.minX < 1, "\(direction)")
            #expect(abs(right.rect.maxX - 400) < 1, "\(direction)")
        }
        // The order still follows the base direction under a physical alignment.
        let r = try Self.extents(try Self.layout(.rightToLeft, alignment: .left))
        #expect(r.latin.lowerBound > r.arabic.upperBound)
    }

    /// The Pango context is shared by an engine's layouts: a right-to-left layout must not leave
    /// its base direction for the next `auto` or left-to-right one on the same engine.
    @Test func directionDoesNotLeakBetweenLayoutsOnOneEngine() throws {
        let fresh = try TextDirection.allCases.flatMap { d in
            try TextAlignment.allCases.map { a in try Self.layout(d, alignment: a) }
        }
        try TextEnginePool.shared.withEngine { engine throws in
            for (i, d) in TextDirection.allCases.enumerated() {
                for (j, a) in TextAlignment.allCases.enumerated() {
                    _ = try Self.layout(.rightToLeft, alignment: a, engine: engine)
                    let after = try Self.layout(d, alignment: a, engine: engine)
                    let expected = fresh[i * TextAlignment.allCases.count + j]
                    #expect(after.runs.map(\.positions) == expected.runs.map(\.positions), "\(d) \(a) after right-to-left")
                    #expect(after.lines == expected.lines, "\(d) \(a) after right-to-left")
                }
            }
        }
    }

    /// The base direction is part of the options' identity (caches key on it) and decodes with
    /// `auto` as its default.
    @Test func baseDirectionIsPartOfTheOptions() throws {
        #expect(TextLayoutOptions(baseDirection: .rightToLeft) != TextLayoutOptions())
        #expect(TextLayoutOptions().baseDirection == .auto)
        let decoded = try JSONDecoder().decode(TextLayoutOptions.self, from: Data(#"{"baseDirection":"rightToLeft"}"#.utf8))
        #expect(decoded.baseDirection == .rightToLeft)
    }
}
