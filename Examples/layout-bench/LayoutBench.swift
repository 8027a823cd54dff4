import ArgumentParser

/// Measures the Flexbox engine: synthetic trees of 100 to 10,000 nodes laid out by the
/// engine alone, and the reference card's layout as a share of its cold render.
///
/// The machine is shared and noisy, so each figure that matters is a ratio measured in the same
/// run, in interleaved rounds; absolute times are printed to make the ratios checkable.
@main
struct LayoutBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout-bench",
        abstract: "Benchmarks the Flexbox engine: synthetic trees, and the reference card's layout share.",
        subcommands: [Synthetic.self, CardShare.self],
        defaultSubcommand: Synthetic.self
    )
}


extension Array where Element == Double {
    /// The median (mean of the middle two for an even count); NaN when empty.
    var median: Double {
        guard !isEmpty else { return .nan }
        let sorted = self.sorted()
        return sorted.count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
    }
}
