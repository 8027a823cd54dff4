// remote-images-bench: what an image by URL costs once cached, and what its first fetch adds.
//
//     swift build -c release --package-path Examples/remote-images --product remote-images-bench
//     Examples/remote-images/.build/release/remote-images-bench --rounds 5 --iterations 200
//
// In one process, rounds interleaved: (1) a warm render of a 320×120 pt card at scale 2 whose
// 96 pt avatar is a cached URL, against the same card naming the same bytes as a named image
// (both through a renderer with a decoded-image cache, no render cache: layout, images, paint);
// (2) the avatar's first fetch from an origin on loopback (a new URL each time: connection,
// request, 16 KiB body, sniffing, caching) against a fetch answered fresh from the loader's
// cache; (3) a render of the card with a URL not yet fetched against the warm URL render. A
// third warm render, of a loader that answers the same bytes from memory as `byContent`, splits
// the URL's extra cost into the renderer's share (bytes asked for and digested every render) and
// the loader's (its cache).
// Medians of all samples; the figures go to BENCHMARKS.md ("Images by URL (issue 26)").

import AsyncLayerKit
import OriginServer
import RemoteImages

#if canImport(Glibc)
import Glibc
#endif

/// The same bytes under a name: the baseline loader (`byContent` when asked, to separate the
/// renderer's share of a URL's cost from the loader's).
struct NamedImages: ElementImageLoader {
    let bytes: [UInt8]
    var caching = ImageNameCaching.byName

    func imageBytes(named name: String) async throws -> [UInt8] { bytes }

    func caching(forName name: String) -> ImageNameCaching { caching }
}

@main
struct RemoteImagesBench {
    static func main() async throws {
        var rounds = 5, iterations = 200
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
            case "--iterations": iterations = Int(arguments.next() ?? "") ?? iterations
            case "picture":
                guard let path = arguments.next() else { break }
                try await DocPicture.write(to: path, avatar: try readFile(avatarPath()))
                return
            default:
                print("usage: remote-images-bench [--rounds N] [--iterations N] | remote-images-bench picture OUT.png")
                return
            }
        }
        let avatar = try readFile(avatarPath())
        let origin = try OriginServer { _ in
            OriginResponse(headers: [("Content-Type", "image/png"), ("Cache-Control", "max-age=3600")], body: .bytes(avatar))
        }
        defer { origin.stop() }
        let policy = RemoteImagePolicy(allowedHosts: ["127.0.0.1"], allowLoopback: true)
        let loader = try RemoteImageLoader(policy: policy)
        let url = origin.url("/avatar.png")
        let byURL = ElementRenderer(imageLoader: loader, cache: ElementCache(byteLimit: 64 << 20))
        let byName = ElementRenderer(imageLoader: NamedImages(bytes: avatar), cache: ElementCache(byteLimit: 64 << 20))
        let byContent = ElementRenderer(imageLoader: NamedImages(bytes: avatar, caching: .byContent), cache: ElementCache(byteLimit: 64 << 20))
        let size = Size(width: 320, height: 120)
        // Warm both: the URL fetched and decoded, the named image decoded, the texts measured.
        _ = try await byURL.render(card(url), size: size, scale: 2)
        _ = try await byName.render(card("avatar"), size: size, scale: 2)
        _ = try await byContent.render(card("avatar"), size: size, scale: 2)

        var warmURL: [Double] = [], warmNamed: [Double] = [], warmContent: [Double] = []
        var firstFetch: [Double] = [], cachedFetch: [Double] = []
        var coldRender: [Double] = [], warmRender: [Double] = []
        var fresh = 0
        let clock = ContinuousClock()
        for round in 1...rounds {
            for _ in 0..<iterations {
                warmURL.append(try await clock.measure { _ = try await byURL.render(card(url), size: size, scale: 2) }.seconds)
                warmNamed.append(try await clock.measure { _ = try await byName.render(card("avatar"), size: size, scale: 2) }.seconds)
                warmContent.append(try await clock.measure { _ = try await byContent.render(card("avatar"), size: size, scale: 2) }.seconds)
            }
            for _ in 0..<max(1, iterations / 4) {
                fresh += 1
                let newURL = origin.url("/avatar.png?n=\(fresh)")
                firstFetch.append(try await clock.measure { _ = try await loader.fetch(newURL) }.seconds)
                cachedFetch.append(try await clock.measure { _ = try await loader.fetch(url) }.seconds)
                fresh += 1
                let renderURL = origin.url("/avatar.png?n=\(fresh)")
                coldRender.append(try await clock.measure { _ = try await byURL.render(card(renderURL), size: size, scale: 2) }.seconds)
                warmRender.append(try await clock.measure { _ = try await byURL.render(card(url), size: size, scale: 2) }.seconds)
            }
            print("round \(round) of \(rounds) done")
        }
        let stats = loader.statistics
        print("""

        | | URL image ms | baseline ms | ratio |
        |---|---:|---:|---:|
        | warm render, cached URL vs named image | \(ms(warmURL)) | \(ms(warmNamed)) | **\(ratio(warmURL, warmNamed))** |
        | warm render, in-memory `byContent` name vs named image | \(ms(warmContent)) | \(ms(warmNamed)) | **\(ratio(warmContent, warmNamed))** |
        | fetch: first (loopback) vs cached | \(ms(firstFetch)) | \(ms(cachedFetch)) | **\(ratio(firstFetch, cachedFetch))** |
        | render: URL not yet fetched vs cached | \(ms(coldRender)) | \(ms(warmRender)) | **\(ratio(coldRender, warmRender))** |

        first fetch adds \(ms([firstFetch.median - cachedFetch.median])) ms; a cold render adds \(ms([coldRender.median - warmRender.median])) ms \
        (\(avatar.count) bytes of PNG; \(stats.requests) requests, \(stats.cacheHits) fresh hits)
        """)
    }

    /// A 320×120 pt card: a 96 pt avatar named `image`, a title and a line of text.
    static func card(_ image: String) -> Element {
        Element.hstack(spacing: 12, style: ElementStyle(background: .white, cornerRadii: CornerRadii(all: 12)), children: [
            Element.image(.named(image), placeholder: .color(Color(red255: 229, green255: 231, blue255: 235)))
                .size(width: 96, height: 96).cornerRadius(48),
            Element.vstack(spacing: 4, children: [
                .text("Ada Lovelace", style: TextStyle(size: 18, weight: .bold), maxLines: 1),
                .text("Images by URL, cached: a warm render costs what a named image costs.", style: TextStyle(size: 13), maxLines: 3),
            ]).size(width: 188),
        ]).size(width: 320, height: 120).padding(12)
    }

    /// The reference card's avatar, beside this package in the source tree.
    static func avatarPath() -> String {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Sources/remote-images-bench/RemoteImagesBench.swift, and remote-images
        return parts.joined(separator: "/") + "/ReferenceCard/Inputs/avatar.png"
    }

    static func readFile(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw BenchError(message: "cannot open \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return bytes
    }

    static func ms(_ samples: [Double]) -> String { String(format3: samples.median * 1000) }

    static func ratio(_ a: [Double], _ b: [Double]) -> String { String(format2: a.median / b.median) }
}

struct BenchError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}

extension Array where Element == Double {
    /// The nearest-rank median (the lower middle of an even count); NaN for none.
    var median: Double {
        guard !isEmpty else { return .nan }
        return sorted()[(count - 1) / 2]
    }
}

extension String {
    /// `value` with three decimals.
    init(format3 value: Double) {
        let scaled = (value * 1000).rounded()
        self = Self.decimal(scaled, places: 3)
    }

    /// `value` with two decimals.
    init(format2 value: Double) {
        self = Self.decimal((value * 100).rounded(), places: 2)
    }

    private static func decimal(_ scaled: Double, places: Int) -> String {
        guard scaled.isFinite else { return "n/a" }
        let negative = scaled < 0
        var digits = String(Int(abs(scaled)))
        while digits.count <= places { digits = "0" + digits }
        let cut = digits.index(digits.endIndex, offsetBy: -places)
        return (negative ? "-" : "") + digits[..<cut] + "." + digits[cut...]
    }
}
