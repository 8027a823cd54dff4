import ArgumentParser
import AsyncLayerKit
import Canvas
import Foundation
import ReferenceCard

/// Renders the reference card many times, with its images, texts and a drop shadow, through
/// every encoder, then exits: built with `-sanitize=address`, LeakSanitizer checks at exit that
/// nothing allocated by those renders is left unreachable (`scripts/test-asan.sh`).
///
/// Each render takes one of two paths in turn: the Canvas drawing (`ReferenceCard.render`, its
/// images decoded once) or the element tree with a shadow (`ElementRenderer`, its images decoded
/// from their bytes, every other such render through a small shared `ElementCache` so that its
/// eviction runs too). Each result is encoded with the next encoder in the list and decoded back.
@main
struct LeakCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leak-check",
        abstract: "Renders and encodes the reference card N times, then exits (run under ASan/LSan)."
    )

    @Option(help: "How many renders.") var renders = 10_000
    @Option(help: "Renders in flight at once.") var jobs = 2

    /// The encoders, taken in turn: PNG fast and compact, WebP lossy and lossless, JPEG.
    static let encoders: [(name: String, options: EncodingOptions)] = [
        ("png-fast", .png(compression: .fast)),
        ("png-compact", .png(compression: .compact)),
        ("webp-lossy", .webp(quality: 80)),
        ("webp-lossless", .webp(quality: 75, lossless: true, method: 0)),
        ("jpeg", .jpeg(quality: 85)),
    ]

    func validate() throws {
        guard renders > 0 else { throw ValidationError("--renders must be positive") }
        guard jobs > 0 else { throw ValidationError("--jobs must be positive") }
    }

    func run() async throws {
        let work = try CardWork()
        let rssBefore = Self.residentKiB()
        let start = ContinuousClock.now
        let jobs = min(jobs, renders)
        let renders = renders
        let totals = try await withThrowingTaskGroup(of: Tally.self) { group in
            for job in 0..<jobs {
                group.addTask {
                    var tally = Tally()
                    for index in stride(from: job, to: renders, by: jobs) {
                        try await tally.add(work.renderAndEncode(index))
                    }
                    return tally
                }
            }
            return try await group.reduce(into: Tally()) { $0.merge($1) }
        }
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        guard totals.renders == renders else {
            throw ValidationError("leak-check: \(totals.renders) renders done, \(renders) asked for")
        }
        print("leak-check: \(totals.renders) renders (\(totals.elementRenders) element trees with a shadow, "
            + "\(totals.renders - totals.elementRenders) Canvas) in \(String(format: "%.1f", seconds)) s, "
            + "\(jobs) at once; RSS \(rssBefore / 1024) → \(Self.residentKiB() / 1024) MiB")
        for (name, _) in Self.encoders {
            print("  \(name): \(totals.encodes[name, default: 0]) encodes, \(totals.bytes[name, default: 0] / max(totals.encodes[name, default: 1], 1)) bytes each, decoded back")
        }
    }

    /// The process's resident set (VmRSS), in KiB; 0 where /proc is not there.
    static func residentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// What the renders produced, per encoder.
struct Tally: Sendable {
    var renders = 0
    var elementRenders = 0
    var encodes: [String: Int] = [:]
    var bytes: [String: Int] = [:]

    mutating func add(_ result: CardWork.Result) {
        renders += 1
        if result.element { elementRenders += 1 }
        encodes[result.encoder, default: 0] += 1
        bytes[result.encoder, default: 0] += result.bytes
    }

    mutating func merge(_ other: Tally) {
        renders += other.renders
        elementRenders += other.elementRenders
        encodes.merge(other.encodes, uniquingKeysWith: +)
        bytes.merge(other.bytes, uniquingKeysWith: +)
    }
}
