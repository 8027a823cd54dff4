import BenchSupport
import ArgumentParser
import AsyncLayerKit
import Foundation

/// The baseline of the card server's cache-miss benchmark (scripts/bench-server.sh): the work of
/// one `POST /render` miss without HTTP, one card at a time.
///
/// Every card is a distinct variant of the same JSON document: `--placeholder` in it is replaced
/// by a counter (as the wrk script does), so neither the render cache nor the stored encodings
/// can answer; decoded images and the texts that do not change stay cached, as in the server.
/// The setup is the server's: `ElementRenderService` on `RenderLanes` of `--lanes` threads with
/// the `.fail` policy, the server's element limits, the render then the encode on the lanes at
/// `.userInitiated`.
struct Variants: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render + encode distinct variants of one JSON document as card-server does on a miss; prints p50/p99 per card.",
        discussion: """
            Two spans per card: render + encode (the service's render, then the encode on the \
            lanes), and decode + hash + render + encode (from the JSON bytes, as the server's \
            handler does after reading the body). Named images come from the reference card's \
            bundled files ("cover", anything else: the avatar), the files card-server serves with \
            --assets Examples/ReferenceCard/Inputs.
            """
    )

    @Option(help: "The JSON element document (with \"size\") that contains the placeholder.") var document: String
    @Option(help: "The text replaced by a counter in every variant.") var placeholder = "__N__"
    @Option(help: "Timed cards.") var count = 300
    @Option(help: "Untimed cards first.") var warmup = 30
    @Option(help: "Pixels per point, as ?scale= (the server's default is 2).") var scale = 2.0
    @Option(help: "webp, png or jpeg.") var format: VariantFormat = .webp
    @Option(help: "WebP or JPEG quality; default the server's (WebP 80, JPEG 85).") var quality: Int?
    @Option(help: "Render lane threads; default the server's (active processors, at most 16).") var lanes = RenderExecutor.defaultWidth
    @Option(help: "The text that starts every variant's counter (distinct runs, distinct trees).") var salt = "b"
    @Option(help: "WebP method (0...6) instead of the library's default: a baseline at an earlier default.")
    var webpMethod: Int?
    @Flag(help: "Print one JSON line (with every card's times) instead of the table.") var json = false

    func validate() throws {
        guard count > 0, warmup >= 0 else { throw ValidationError("--count must be positive, --warmup not negative") }
        guard scale > 0, lanes > 0 else { throw ValidationError("--scale and --lanes must be positive") }
        if let quality, !(1...100).contains(quality) { throw ValidationError("--quality: expected 1...100") }
        if let webpMethod, !(0...6).contains(webpMethod) { throw ValidationError("--webp-method: expected 0...6") }
        if webpMethod != nil, format != .webp { throw ValidationError("--webp-method needs --format webp") }
    }

    func run() async throws {
        let template = try String(contentsOfFile: document, encoding: .utf8)
        guard template.contains(placeholder) else { throw ValidationError("\(document) does not contain \(placeholder)") }
        // card-server's defaults (CardServerConfiguration, card-server --deadline-ms 5000).
        let limits = ElementLimits(maxNodes: 2_000, maxDepth: 32, maxTextUTF8Bytes: 64 * 1024,
                                   maxEncodedImageBytes: 4 << 20, pixels: .init(maxPixelCount: 4_000_000),
                                   maxRenderDuration: .seconds(5))
        let width = self.lanes
        let lanes = RenderLanes(width: width, admissionLimit: width * 8, overloadPolicy: .fail)
        let service = ElementRenderService(.init(limits: limits, imageLoader: try ReferenceCardLoader(), lanes: lanes, cacheBytes: 64 << 20))
        let quality = Double(self.quality ?? format.defaultQuality)
        let options = webpMethod.map { EncodingOptions.webp(quality: quality, method: $0) }
            ?? format.encodingOptions(quality: Int(quality))
        let clock = ContinuousClock()
        var renderEncode: [Double] = [], total: [Double] = []
        var bytes = 0
        for i in 0..<(warmup + count) {
            let body = Array(template.replacingOccurrences(of: placeholder, with: "\(salt)\(i)").utf8)
            let start = clock.now
            let decoded = try ElementDocument.decode(body, options: ElementDecodingOptions(limits: limits))
            guard let size = decoded.size else { throw ValidationError("\(document) has no size") }
            let tree = try HashedElement(decoded.root)
            let hashed = clock.now
            let bitmap = try await service.render(RenderRequest(tree, size: size, scale: scale))
            let encoded = try await lanes.render(priority: .userInitiated) { try ImageEncoder.encode(bitmap, as: options) }
            let end = clock.now
            bytes = encoded.count
            guard i >= warmup else { continue }
            renderEncode.append((end - hashed).seconds * 1000)
            total.append((end - start).seconds * 1000)
        }
        let result = VariantsResult(
            cards: count, format: format.rawValue, scale: scale, lanes: width, bytes: bytes,
            renderEncodeP50: renderEncode.percentile(50), renderEncodeP99: renderEncode.percentile(99),
            totalP50: total.percentile(50), totalP99: total.percentile(99),
            renderEncodeMs: renderEncode, totalMs: total)
        if json {
            print(try result.jsonLine())
        } else {
            print("| \(count) distinct variants, \(format.rawValue), scale \(scale), \(result.lanes) lanes | p50 ms | p99 ms |")
            print("|---|---:|---:|")
            print(String(format: "| render + encode | %.3f | %.3f |", result.renderEncodeP50, result.renderEncodeP99))
            print(String(format: "| decode + hash + render + encode | %.3f | %.3f |", result.totalP50, result.totalP99))
        }
    }
}

/// The formats of `card-bench variants`, with card-server's default qualities.
enum VariantFormat: String, ExpressibleByArgument, CaseIterable {
    case webp, png, jpeg

    var defaultQuality: Int {
        switch self {
        case .webp: 80
        case .png: 0
        case .jpeg: 85
        }
    }

    /// The encoder options card-server uses for this format (CardFormat.encodingOptions).
    func encodingOptions(quality: Int) -> EncodingOptions {
        switch self {
        case .webp: .webp(quality: Double(quality))
        case .png: .png()
        case .jpeg: .jpeg(quality: quality)
        }
    }
}

/// One line of `card-bench variants --json`; times in milliseconds per card.
struct VariantsResult: Codable {
    var cards: Int
    var format: String
    var scale: Double
    var lanes: Int
    var bytes: Int
    var renderEncodeP50: Double
    var renderEncodeP99: Double
    var totalP50: Double
    var totalP99: Double
    /// Every timed card's render + encode, in order.
    var renderEncodeMs: [Double]
    /// Every timed card's decode + hash + render + encode, in order.
    var totalMs: [Double]

    enum CodingKeys: String, CodingKey {
        case cards, format, scale, lanes, bytes
        case renderEncodeP50 = "render_encode_p50_ms"
        case renderEncodeP99 = "render_encode_p99_ms"
        case totalP50 = "total_p50_ms"
        case totalP99 = "total_p99_ms"
        case renderEncodeMs = "render_encode_ms"
        case totalMs = "total_ms"
    }
}


