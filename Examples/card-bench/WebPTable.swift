import BenchSupport
import ArgumentParser
import AsyncLayerKitTesting
@_spi(Benchmarks) import Canvas
import Dispatch
import Foundation
import ReferenceCard
#if canImport(Glibc)
import Glibc
#endif

/// The table WebP's and JPEG's defaults are chosen from: every setting on the reference card, timed
/// in interleaved rounds of one process, as ratios to libwebp's method 4 measured in the same rounds.
struct WebPTable: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webp-table",
        abstract: "WebP method × threads × alpha settings, the opaque path and JPEG's fast DCT on the reference card.",
        discussion: """
            Card 0 of the reference card (750×520 px, transparent corners) and the same card drawn \
            on an opaque white page (no transparent pixel, for the opaque path). Each setting is \
            encoded --iterations times per round, every setting in every round (the order turned \
            by one each round), and the median of the rounds is kept: wall time with one caller, \
            the process's CPU time over the same encodes (libwebp's second thread included), and \
            with --two-callers the time per encode while two threads encode at once (a server \
            with both render lanes busy). Quality: PSNR of the decoded file against the source, \
            both composited onto white, over R, G, B (ImageDistortion.psnrOnWhite). "speed ×" is \
            the baseline's time over the setting's; "render incl." adds one card render (timed \
            in the same rounds) to both.
            """
    )

    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Encodes per setting per round.") var iterations = 4
    @Option(name: .customLong("alpha-method"), help: "A method whose alpha settings are swept (repeat the option for more).")
    var alphaMethods: [Int] = [2, 4]
    @Option(name: .customLong("method"), help: "A method of the method × threads rows (repeat the option; default 0 to 6).")
    var methods: [Int] = Array(0...6)
    @Option(name: .customLong("picture"), help: "Another PNG to compare method 4, the default and method 1 on (repeat the option).")
    var pictures: [String] = []
    @Flag(help: "Also time every setting with two threads encoding at once.") var twoCallers = false
    @Flag(help: "Print Markdown tables.") var markdown = false

    func validate() throws {
        guard rounds > 0, iterations > 0 else { throw ValidationError("--rounds and --iterations must be positive") }
        guard (alphaMethods + methods).allSatisfy({ (0...6).contains($0) }) else { throw ValidationError("--alpha-method, --method: expected 0...6") }
    }

    func run() throws {
        let assets = try ReferenceCardAssets.load()
        let record = LiveCardRecord.samples[0]
        let card = try ReferenceCard.render(record, assets: assets)
        let opaqueCard = try Bitmap.render(size: ReferenceCard.size, scale: ReferenceCard.scale) { context in
            context.fill(.rect(Rect(size: ReferenceCard.size)), with: .color(.white))
            try ReferenceCard.draw(record, assets: assets, in: context)
        }
        let others = try pictures.map { path in
            (name: URL(fileURLWithPath: path).lastPathComponent, bitmap: try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
        }
        let rows = Self.rows(card: card, opaqueCard: opaqueCard, methods: methods, alphaMethods: alphaMethods, others: others)

        var wall = Array(repeating: [Double](), count: rows.count)
        var cpu = Array(repeating: [Double](), count: rows.count)
        var shared = Array(repeating: [Double](), count: rows.count)
        var renders: [Double] = []
        let clock = ContinuousClock()
        for round in 0..<rounds {
            renders.append(try clock.measure {
                for _ in 0..<iterations { _ = try ReferenceCard.render(record, assets: assets) }
            }.seconds / Double(iterations))
            for step in 0..<rows.count {
                let index = (step + round) % rows.count
                let row = rows[index]
                let cpuStart = processCPUSeconds()
                let elapsed = try clock.measure {
                    for _ in 0..<iterations { _ = try row.encode() }
                }
                cpu[index].append((processCPUSeconds() - cpuStart) / Double(iterations))
                wall[index].append(elapsed.seconds / Double(iterations))
                if twoCallers {
                    shared[index].append(try Self.twoCallers(iterations: iterations, row.encode).seconds / Double(2 * iterations))
                }
            }
        }

        let results = try rows.indices.map { index in
            let bytes = try rows[index].encode()
            let decoded = try ImageDecoder.decode(bytes)
            return Result(
                wall: wall[index].median, cpu: cpu[index].median, shared: twoCallers ? shared[index].median : nil,
                bytes: bytes.count, psnr: ImageDistortion.psnrOnWhite(decoded, against: rows[index].source) ?? .nan,
                layout: rows[index].isJPEG ? "JPEG" : Self.chunks(of: bytes)
            )
        }
        print(header(render: renders.median))
        var group = ""
        for (index, row) in rows.enumerated() {
            if row.group != group {
                group = row.group
                print(markdown ? "\n**\(group)**\n\n" + tableHeader : "\n\(group)")
            }
            print(line(row, results[index], baseline: results[row.baseline], render: renders.median))
        }
    }

    // MARK: The settings

    /// One setting of the table: what it encodes, how, and the row it is compared with.
    struct Row {
        var group: String
        var name: String
        var source: Bitmap
        var baseline: Int
        var isJPEG = false
        var encode: @Sendable () throws -> [UInt8]
    }

    /// The rows: methods × threads, the alpha sweep, method 1 at lower qualities, the opaque path
    /// before/after, lossless, JPEG's DCTs, and the default against method 4 on `others`.
    static func rows(card: Bitmap, opaqueCard: Bitmap, methods: [Int], alphaMethods: [Int], others: [(name: String, bitmap: Bitmap)] = []) -> [Row] {
        var rows: [Row] = []
        func webp(_ group: String, _ name: String, _ source: Bitmap, baseline: Int, _ options: EncodingOptions, opaquePath: Bool = true) {
            guard var settings = WebPEncoder.Settings(options) else { return }
            settings.opaquePath = opaquePath
            let before = settings
            rows.append(Row(group: group, name: name, source: source, baseline: baseline) {
                opaquePath ? try ImageEncoder.encode(source, as: options) : try WebPEncoder.encode(source, before)
            })
        }
        let defaults = WebPEncoder.Settings(.webp())!
        /// Lossy q80 with `method`, `threaded`, and alpha settings (libwebp's preset values unless given).
        func lossy(_ method: Int, _ threaded: Bool, filter: WebPAlphaFilter = .fast, compressed: Bool = true, alphaQuality: Int = 100) -> EncodingOptions {
            .webp(quality: 80, lossless: false, method: method, multithreaded: threaded, alphaFilter: filter, alphaCompression: compressed, alphaQuality: alphaQuality)
        }
        func threads(_ threaded: Bool) -> String { threaded ? "2 threads" : "1 thread" }
        let cardGroup = "Reference card (transparent corners), lossy q80, libwebp's alpha settings (fast filter, compressed, alpha quality 100)"
        // Row 0 is the baseline of every WebP and JPEG row on the card: method 4, one thread.
        webp(cardGroup, "method 4, 1 thread (libwebp's default; the baseline)", card, baseline: 0, lossy(4, false))
        for method in methods {
            for threaded in [false, true] where !(method == 4 && !threaded) {
                webp(cardGroup, "method \(method), \(threads(threaded))", card, baseline: 0, lossy(method, threaded))
            }
        }
        let noFilterGroup = "Reference card, lossy q80, alpha filter none (compressed, alpha quality 100)"
        for method in methods where method < 6 {
            for threaded in [false, true] {
                webp(noFilterGroup, "method \(method), \(threads(threaded)), alpha filter none", card, baseline: 0, lossy(method, threaded, filter: .none))
            }
        }
        let alphaGroup = "More alpha settings on the reference card, lossy q80, 1 thread"
        for method in alphaMethods {
            webp(alphaGroup, "method \(method), alpha raw (no compression)", card, baseline: 0, lossy(method, false, compressed: false))
            webp(alphaGroup, "method \(method), alpha filter best", card, baseline: 0, lossy(method, false, filter: .best))
            webp(alphaGroup, "method \(method), alpha quality 50", card, baseline: 0, lossy(method, false, alphaQuality: 50))
            webp(alphaGroup, "method \(method), alpha filter none, alpha quality 50", card, baseline: 0, lossy(method, false, filter: .none, alphaQuality: 50))
        }
        // Can method 1 reach method 4's bytes by lowering the quality, within 0.5 dB?
        let qualityGroup = "Method 1 at lower qualities on the reference card, 1 thread, alpha filter none"
        for quality in [76.0, 74, 72, 70] {
            webp(qualityGroup, "method 1, quality \(Int(quality))", card, baseline: 0,
                 .webp(quality: quality, method: 1, multithreaded: false, alphaFilter: .none))
        }
        let defaultGroup = "The default, `.webp()`: method \(defaults.method), \(threads(defaults.multithreaded)), alpha filter \(defaults.alphaFilter), compressed \(defaults.alphaCompression), alpha quality \(defaults.alphaQuality)"
        webp(defaultGroup, "reference card", card, baseline: 0, .webp())
        let opaqueGroup = "Opaque card (drawn on white), lossy q80: BGRA import with an alpha plane (before) vs the opaque path (BGRX, in place)"
        let opaqueBaseline = rows.count
        // Method 4 first: its BGRA row is the group's baseline.
        for method in [4] + (defaults.method == 4 ? [] : [defaults.method]) {
            for threaded in Set([false, defaults.multithreaded]).sorted(by: { !$0 && $1 }) {
                let label = "method \(method), \(threads(threaded))"
                webp(opaqueGroup, "\(label), BGRA (before)", opaqueCard, baseline: opaqueBaseline, lossy(method, threaded), opaquePath: false)
                webp(opaqueGroup, "\(label), opaque path", opaqueCard, baseline: opaqueBaseline, lossy(method, threaded))
            }
        }
        webp(opaqueGroup, "the default, `.webp()`", opaqueCard, baseline: opaqueBaseline, .webp())
        let losslessGroup = "Lossless on the reference card (quality 75: the effort), 1 thread; ratios to lossless method 4"
        let losslessBaseline = rows.count
        for method in [4] + (defaults.method == 4 ? [] : [defaults.method]) {
            webp(losslessGroup, "lossless, method \(method)", card, baseline: losslessBaseline, .webp(quality: 75, lossless: true, method: method))
        }
        let jpegGroup = "JPEG q85 through turbojpeg on the reference card (corners on white); ratios to WebP method 4"
        for subsampling in [ChromaSubsampling.yuv420, .yuv444] {
            for fast in [false, true] {
                let options = EncodingOptions.jpeg(quality: 85, chromaSubsampling: subsampling, fastDCT: fast)
                rows.append(Row(group: jpegGroup, name: "\(subsampling.rawValue), \(fast ? "fast DCT (TJFLAG_FASTDCT)" : "accurate DCT (TJFLAG_ACCURATEDCT)")", source: card, baseline: 0, isJPEG: true) {
                    try ImageEncoder.encode(card, as: options)
                })
            }
        }
        let othersGroup = "Other pictures, lossy, 1 thread; ratios to method 4 quality 80 on the same picture"
        for other in others {
            let baseline = rows.count
            webp(othersGroup, "\(other.name): method 4, quality 80", other.bitmap, baseline: baseline, .webp(quality: 80, method: 4, multithreaded: false, alphaFilter: .fast))
            webp(othersGroup, "\(other.name): the default, `.webp()`", other.bitmap, baseline: baseline, .webp())
            webp(othersGroup, "\(other.name): method 1, quality 80", other.bitmap, baseline: baseline, .webp(quality: 80, method: 1, multithreaded: false, alphaFilter: .none))
            webp(othersGroup, "\(other.name): method 1, quality 70", other.bitmap, baseline: baseline, .webp(quality: 70, method: 1, multithreaded: false, alphaFilter: .none))
        }
        // Keep each group's rows together, in the order they were made.
        let order = [cardGroup, noFilterGroup, alphaGroup, qualityGroup, defaultGroup, opaqueGroup, losslessGroup, jpegGroup, othersGroup]
        let sorted = rows.indices.sorted { (order.firstIndex(of: rows[$0].group)!, $0) < (order.firstIndex(of: rows[$1].group)!, $1) }
        let position = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
        return sorted.map { index in
            var row = rows[index]
            row.baseline = position[row.baseline]!
            return row
        }
    }

    // MARK: Measuring

    /// One setting's figures: medians over the rounds, and its file.
    struct Result {
        var wall: Double
        var cpu: Double
        var shared: Double?
        var bytes: Int
        var psnr: Double
        var layout: String
    }

    /// The time two threads take to encode `iterations` files each, at once.
    static func twoCallers(iterations: Int, _ encode: @escaping @Sendable () throws -> [UInt8]) throws -> Duration {
        let failures = FailureBox()
        let elapsed = ContinuousClock().measure {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                do {
                    for _ in 0..<iterations { _ = try encode() }
                } catch {
                    failures.record(error)
                }
            }
        }
        if let error = failures.first { throw error }
        return elapsed
    }

    /// CPU seconds used by this process so far, every thread included.
    func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The RIFF chunks of a WebP file in order with their sizes, VP8X with its alpha flag:
    /// "VP8X(alpha) ALPH 1200 VP8 21000".
    static func chunks(of bytes: [UInt8]) -> String {
        var names: [String] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            var name = String(decoding: bytes[offset..<offset + 4], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            if name == "VP8X" {
                if offset + 8 < bytes.count, bytes[offset + 8] & 0x10 != 0 { name += "(alpha)" }
            } else {
                name += " \(size)"
            }
            names.append(name)
            offset += 8 + size + (size & 1)
        }
        return names.joined(separator: " ")
    }

    // MARK: Printing

    var tableHeader: String {
        let two = twoCallers ? " ms per encode, 2 callers | speed ×, 2 callers |" : ""
        let twoRule = twoCallers ? "---:|---:|" : ""
        return "| setting | ms wall | speed × | speed ×, render incl. | ms CPU | speed ×, CPU |\(two) bytes | bytes × | PSNR dB | Δ dB | chunks |\n"
            + "|---|---:|---:|---:|---:|---:|\(twoRule)---:|---:|---:|---:|---|"
    }

    func header(render: Double) -> String {
        var load = "?"
        if let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            load = text.split(separator: " ").prefix(3).joined(separator: " ")
        }
        return String(format: "render %.2f ms per card; %d rounds × %d encodes per setting; load average %@", render * 1000, rounds, iterations, load)
    }

    func line(_ row: Row, _ r: Result, baseline b: Result, render: Double) -> String {
        var cells = [
            row.name,
            String(format: "%.2f", r.wall * 1000),
            String(format: "%.2f", b.wall / r.wall),
            String(format: "%.2f", (render + b.wall) / (render + r.wall)),
            String(format: "%.2f", r.cpu * 1000),
            String(format: "%.2f", b.cpu / r.cpu),
        ]
        if let shared = r.shared, let base = b.shared {
            cells += [String(format: "%.2f", shared * 1000), String(format: "%.2f", base / shared)]
        }
        cells += [
            "\(r.bytes)",
            String(format: "%.3f", Double(r.bytes) / Double(b.bytes)),
            String(format: "%.2f", r.psnr),
            String(format: "%+.2f", r.psnr - b.psnr),
            r.layout,
        ]
        if markdown { return "| " + cells.joined(separator: " | ") + " |" }
        return cells[0].padding(toLength: 46, withPad: " ", startingAt: 0) + cells.dropFirst().map { $0.padding(toLength: 9, withPad: " ", startingAt: 0) }.joined(separator: " ")
    }
}
