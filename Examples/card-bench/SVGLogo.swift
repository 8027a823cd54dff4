import ArgumentParser
import AsyncLayerKit
import BenchSupport
import Foundation

/// An SVG logo drawn at 256 px against the same picture as PNG: the decode alone, and a small
/// card that shows it, in interleaved rounds in one process.
struct SVGLogo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "svg",
        abstract: "An SVG logo drawn at 256 px vs the same picture as PNG (decode, and a card showing it).",
        discussion: """
            The PNG is the SVG drawn at 256×256 px by this library and encoded once (the same \
            picture). Each round decodes each `--iterations` times (the SVG drawn at a 256 px box, \
            the PNG at its own size), then renders a 320×120 pt card at scale 2 with the logo as a \
            128×128 pt named image, once with the SVG and once with the PNG (layout, decode at the \
            display size, paint; no cache). Medians over the rounds, and their ratios.
            """
    )

    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Operations per round and kind.") var iterations = 50

    /// A logo as a designer exports it: a gradient disc, a ring, a path, a rounded badge.
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
          <defs>
            <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stop-color="#ff0066"/><stop offset="1" stop-color="#4488ff"/>
            </linearGradient>
          </defs>
          <circle cx="64" cy="64" r="60" fill="url(#g)"/>
          <circle cx="64" cy="64" r="46" fill="none" stroke="#fff" stroke-width="6" stroke-opacity="0.8"/>
          <path d="M40 84 L58 40 L70 68 L78 52 L92 84 Z" fill="#fff"/>
          <rect x="30" y="92" width="68" height="16" rx="8" fill="#111" fill-opacity="0.7"/>
          <path d="M38 100 h52" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-dasharray="6 4"/>
        </svg>
        """

    struct Logos: ElementImageLoader {
        let bytes: [String: [UInt8]]
        func imageBytes(named name: String) async throws -> [UInt8] {
            guard let data = bytes[name] else { throw CocoaError(.fileNoSuchFile) }
            return data
        }
    }

    static func card(_ name: String) -> Element {
        Element.hstack(alignment: .center) {
            Element.image(.named(name), contentMode: .aspectFit).size(width: 128, height: 128)
        }
        .padding(EdgeInsets(horizontal: 16))
        .background(.white)
    }

    func run() async throws {
        let svgBytes = Array(Self.svg.utf8)
        let drawn = try ImageDecoder.decode(svgBytes, target: .fit(width: 256, height: 256))
        let pngBytes = try ImageEncoder.encode(drawn, as: .png())
        let renderer = ElementRenderer(imageLoader: Logos(bytes: ["svg": svgBytes, "png": pngBytes]))
        let size = Size(width: 320, height: 120)
        let clock = ContinuousClock()
        var svgDecodes: [Double] = [], pngDecodes: [Double] = [], svgCards: [Double] = [], pngCards: [Double] = []
        var sink = 0
        for _ in 0..<rounds {
            svgDecodes.append(try clock.measure {
                for _ in 0..<iterations { sink &+= try ImageDecoder.decode(svgBytes, target: .fit(width: 256, height: 256)).width }
            }.seconds / Double(iterations))
            pngDecodes.append(try clock.measure {
                for _ in 0..<iterations { sink &+= try ImageDecoder.decode(pngBytes).width }
            }.seconds / Double(iterations))
            var elapsed = Duration.zero
            for _ in 0..<iterations {
                let start = clock.now
                sink &+= try await renderer.render(Self.card("svg"), size: size, scale: 2).width
                elapsed += clock.now - start
            }
            svgCards.append(elapsed.seconds / Double(iterations))
            elapsed = .zero
            for _ in 0..<iterations {
                let start = clock.now
                sink &+= try await renderer.render(Self.card("png"), size: size, scale: 2).width
                elapsed += clock.now - start
            }
            pngCards.append(elapsed.seconds / Double(iterations))
        }
        print("SVG \(svgBytes.count) bytes drawn at \(drawn.width)×\(drawn.height) px; PNG of it \(pngBytes.count) bytes; median of \(rounds) rounds of \(iterations)")
        print("| | SVG ms | PNG ms | SVG / PNG |")
        print("|---|---:|---:|---:|")
        print(String(format: "| decode at 256 px | %.3f | %.3f | %.2f |", svgDecodes.median * 1000, pngDecodes.median * 1000, svgDecodes.median / pngDecodes.median))
        print(String(format: "| 320×120 pt card at scale 2 (logo 128 pt) | %.3f | %.3f | %.2f |", svgCards.median * 1000, pngCards.median * 1000, svgCards.median / pngCards.median))
        if sink == 42 { print("") }
    }
}
