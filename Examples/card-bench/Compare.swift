import BenchSupport
import ArgumentParser
import Foundation

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Interleaved rounds of the C reference and this package on the same card; prints ratios.",
        discussion: """
            Each round runs the C program and `card-bench run` once each, alternating which goes \
            first, with the same counts. The ratio of a round is our time per card over C's time \
            per card (= C cards/s ÷ our cards/s), so 1.10 means 10 % slower than C. The median \
            ratio over the rounds is the figure to report.
            """
    )

    @Option(help: "The C program (built by ../shared/bench/peers/c-cairo-pango/build.sh).") var cBinary: String
    @Option(help: "The bench folder with inputs/ (for the C program).") var root: String
    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "render, png or webp.") var mode: Mode = .render
    @Option(help: "Cards per timed run.") var count = 1000
    @Option(help: "Timed runs per process (the process reports their median).") var runs = 3
    @Option(help: "Untimed cards per process.") var warmup = 50
    @Option(help: "Threads per process (C: pthreads with one PangoContext each; ours: one Canvas render per thread).") var threads = 1
    @Option(help: "What draws our cards: canvas (hand-drawn) or elements (the element tree, no cache).") var source: Source = .canvas
    @Flag(help: "Print the result as one JSON object.") var json = false

    func run() throws {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        let common = [
            "--mode", mode.rawValue, "--count", String(count), "--runs", String(runs), "--warmup", String(warmup),
            "--threads", String(threads),
        ]
        var rows: [(c: Double, ours: Double)] = []
        for round in 0..<rounds {
            var c = 0.0, ours = 0.0
            let order = round % 2 == 0 ? ["c", "ours"] : ["ours", "c"]
            for who in order {
                if who == "c" {
                    c = try medianCPS(of: cBinary, arguments: common + ["--root", root, "--skip-sizes"])
                } else {
                    ours = try medianCPS(of: me, arguments: ["run", "--source", source.rawValue] + common)
                }
            }
            rows.append((c, ours))
            if !json {
                print(String(format: "round %d: C %.1f cards/s, AsyncLayerKit %.1f cards/s, ratio %.3f", round + 1, c, ours, c / ours))
            }
        }
        let ratios = rows.map { $0.c / $0.ours }
        let summary: [String: Double] = [
            "median_ratio": ratios.median,
            "min_ratio": ratios.min() ?? .nan,
            "max_ratio": ratios.max() ?? .nan,
            "median_c_cps": rows.map(\.c).median,
            "median_ours_cps": rows.map(\.ours).median,
        ]
        if json {
            let data = try JSONSerialization.data(withJSONObject: summary.merging(["rounds": Double(rounds)]) { a, _ in a }, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(String(
                format: "%@: median ratio (ours/C time per card) %.3f, range %.3f–%.3f over %d rounds",
                mode.rawValue, summary["median_ratio"]!, summary["min_ratio"]!, summary["max_ratio"]!, rounds
            ))
        }
    }

    /// Runs a benchmark process and reads `median_cps` from the JSON line it prints.
    private func medianCPS(of executable: String, arguments: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("\(executable) exited with status \(process.terminationStatus)")
        }
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n").reversed() {
            if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let cps = object["median_cps"] as? Double
            {
                return cps
            }
        }
        throw ValidationError("\(executable) printed no median_cps")
    }
}
