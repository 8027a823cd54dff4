import ArgumentParser
import AsyncLayerKit
import BenchSupport
import Foundation

/// Fonts per render against system fonts: the same font files (DejaVu Sans, regular and bold)
/// drawn once as the system's and once as a render's own `FontSet`, in interleaved rounds in one
/// process; and what a new set costs the first time (files, a fontconfig configuration, a font map).
struct FontsBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "A per-render font set (cached) vs the same fonts as system fonts; a new set's first render.",
        discussion: """
            A 400×300 pt text card (a title, three wrapped paragraphs with bold spans) at scale 2, \
            rendered without a text cache so every render measures its texts. "system": the texts \
            name DejaVu Sans, found by fontconfig. "font set": they name "Brand", a FontSet of \
            the same two DejaVu files read as FontData (its engines and configuration prepared \
            once, before the rounds). "new set": each render names a family no set had before, so \
            the set is prepared in the render (font files written, a fontconfig configuration, a \
            Pango font map that loads its fonts). "FontData" reads DejaVuSans.ttf (sniff, FreeType, \
            content hash). Medians over the rounds, and ratios against the system render.
            """
    )

    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Renders per round and kind.") var iterations = 40
    @Option(help: "The folder of DejaVuSans.ttf and DejaVuSans-Bold.ttf.") var dejavu = "/usr/share/fonts/truetype/dejavu"

    static func card(family: String) -> Element {
        let paragraph = "Fonts per render let a card carry its brand's typeface: the faces are matched as CSS matches them, "
            + "and characters the brand lacks fall back to the service's fonts, then the system's."
        return Element.vstack(spacing: 10, alignment: .start) {
            Element.text(AttributedText("Release notes, week 48"), style: TextStyle(fontFamily: family, size: 24, weight: .bold))
            for index in 0..<3 {
                Element.text(AttributedText(segments: [
                    .init("\(index + 1). "), .init("Highlights", style: TextStyleOverrides(weight: .bold)), .init(": " + paragraph),
                ]), style: TextStyle(fontFamily: family, size: 13, lineHeight: 18))
            }
        }
        .padding(EdgeInsets(all: 16))
        .background(.white)
    }

    func run() async throws {
        let regular = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dejavu + "/DejaVuSans.ttf")))
        let bold = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dejavu + "/DejaVuSans-Bold.ttf")))
        let faces = [try FontFace(family: "Brand", data: FontData(bytes: regular)), try FontFace(family: "Brand", data: FontData(bytes: bold))]
        let fonts = try FontSet(faces)
        let size = Size(width: 400, height: 300)
        let system = ElementRenderer(), branded = ElementRenderer(fonts: fonts)
        let systemCard = Self.card(family: "DejaVu Sans"), brandCard = Self.card(family: "Brand")
        // Both paths warm, and the set prepared, before any round.
        _ = try await system.render(systemCard, size: size, scale: 2)
        let check = try ElementLayout.layout(brandCard, in: size, scale: 2, fonts: fonts)
        guard check.nodes.compactMap(\.text).allSatisfy({ $0.fontsUsed == ["Brand"] }) else {
            throw ValidationError("the card's texts did not use the set's fonts")
        }
        _ = try await branded.render(brandCard, size: size, scale: 2)
        let clock = ContinuousClock()
        var systemTimes: [Double] = [], setTimes: [Double] = [], newSetTimes: [Double] = [], readTimes: [Double] = []
        var sink = 0, serial = 0
        for _ in 0..<rounds {
            systemTimes.append(try await Self.time(clock, iterations) { sink &+= try await system.render(systemCard, size: size, scale: 2).width })
            setTimes.append(try await Self.time(clock, iterations) { sink &+= try await branded.render(brandCard, size: size, scale: 2).width })
            // Few: each one is a new set kept in the font cache until its budget drops it.
            newSetTimes.append(try await Self.time(clock, 4) {
                serial += 1
                let family = "Brand \(ProcessInfo.processInfo.processIdentifier)-\(serial)"
                let renderer = ElementRenderer(fonts: try FontSet(faces.map { try FontFace(family: family, data: $0.data) }))
                sink &+= try await renderer.render(Self.card(family: family), size: size, scale: 2).width
            })
            readTimes.append(try await Self.time(clock, iterations) { sink &+= try FontData(bytes: regular).glyphCount })
        }
        let base = systemTimes.median
        print("400×300 pt text card at scale 2, no text cache; median of \(rounds) rounds of \(iterations) (new set: 4)")
        print("| | ms | / system |")
        print("|---|---:|---:|")
        print(String(format: "| system fonts (DejaVu Sans) | %.3f | 1.00 |", base * 1000))
        print(String(format: "| font set, cached (same files as \"Brand\") | %.3f | %.2f |", setTimes.median * 1000, setTimes.median / base))
        print(String(format: "| new font set (prepared in the render) | %.3f | %.2f |", newSetTimes.median * 1000, newSetTimes.median / base))
        print(String(format: "| FontData(bytes:) of DejaVuSans.ttf (%d KB) | %.3f | %.2f |", regular.count / 1024, readTimes.median * 1000, readTimes.median / base))
        if sink == 42 { print("") }
    }

    static func time(_ clock: ContinuousClock, _ count: Int, _ body: () async throws -> Void) async throws -> Double {
        let start = clock.now
        for _ in 0..<count { try await body() }
        return (clock.now - start).seconds / Double(count)
    }
}
