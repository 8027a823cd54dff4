// swift-tools-version: 6.2
//
// AsyncLayerKitExamples: the example executables, the benchmarks and their helper libraries, beside
// the library rather than inside it. A package of its own so that the library's package resolves no
// dependency and exports no example product: a server that adds AsyncLayerKit sees only the library.
// Run an example with `swift run --package-path Examples NAME` (or `make run` from the root).

import PackageDescription

/// The root package's settings: Swift 6 mode and the same upcoming features.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Command-line parsing, for the executables only.
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

/// A product of the library's package (the root).
func rootProduct(_ name: String) -> Target.Dependency { .product(name: name, package: "AsyncLayerKit") }

/// An example executable in the folder of its name, with the argument parser.
func example(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: dependencies + [argumentParser], path: name, swiftSettings: swiftSettings)
}

let package = Package(
    name: "AsyncLayerKitExamples",
    products: [
        // The reference card and the sample feed's templates, for Examples/card-server, a package of
        // its own that serves them over HTTP.
        .library(name: "ReferenceCard", targets: ["ReferenceCard"]),
        .library(name: "FeedSupport", targets: ["FeedSupport"]),
    ],
    dependencies: [
        // The library, by path; named, because a path dependency is otherwise known by its folder's name.
        .package(name: "AsyncLayerKit", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: Helper libraries
        // The reference feed card of ../shared/bench/peers/spec/feed-card.json, drawn with the Canvas
        // and written as an element tree.
        .target(
            name: "ReferenceCard",
            dependencies: [rootProduct("Canvas"), rootProduct("AsyncLayerKit")],
            path: "ReferenceCard",
            resources: [.copy("Inputs")],
            swiftSettings: swiftSettings
        ),
        // The sample feed's cell templates (the seed's mock cell, the live card), its bundled
        // images' loader, its constants and the feed demo's job: shared by feed-gen, the feed
        // examples and the tests. The feed it reads, feed-data, ships as a resource (Bundle.module),
        // so a built binary runs without the source tree.
        // The sample feed's model: its items (the seed's mock post, the live card), the versioned
        // page of them, its limits and errors. Only the library: the fuzz package compiles it
        // alone (Fuzz/Sources/FeedModel is a link here).
        .target(name: "FeedModel", dependencies: [rootProduct("AsyncLayerKit")], path: "FeedModel", swiftSettings: swiftSettings),
        .target(
            name: "FeedSupport",
            // HeadlessList: the range-driven work scheduler the feed demo's scroller keeps its books in.
            dependencies: [rootProduct("AsyncLayerKit"), "FeedModel", "ReferenceCard", "HeadlessList"],
            path: "FeedSupport",
            resources: [.copy("feed-data")],
            swiftSettings: swiftSettings
        ),
        // A list with no screen, scrolled by traces under four strategies (scroll-sim, the fluency
        // article), and the range-driven work scheduler it shares with FeedSupport's scroller. A
        // simulation, not the library: no product, so no user imports it by accident.
        .target(name: "HeadlessList", dependencies: [rootProduct("AsyncLayerKit")], path: "HeadlessList", swiftSettings: swiftSettings),
        // The benchmarks' shared arithmetic (durations in seconds, percentiles, medians): one copy
        // for card-bench, lanes-bench, layout-bench and loop-bench.
        .target(name: "BenchSupport", path: "BenchSupport", swiftSettings: swiftSettings),
        // libpng's writer: card-bench's PNG baseline only (the library writes PNG over libdeflate).
        .target(name: "CPNGBaseline", path: "CPNGBaseline", linkerSettings: [.linkedLibrary("png16")]),

        // MARK: Examples (each teaches one idea)
        // The main job (`make run`): the bundled feed decoded, laid out and rendered range by range
        // into WebP files and a contact sheet.
        example("feed-demo", [rootProduct("AsyncLayerKit"), "FeedSupport"]),
        // AsyncLayerKitTesting: the seeded generator (SplitMix64) the sample page is drawn from.
        example("feed-gen", [rootProduct("AsyncLayerKit"), rootProduct("AsyncLayerKitTesting"), "FeedSupport"]),
        example("canvas-demo", [rootProduct("Canvas"), "ReferenceCard"]),
        example("transaction-demo", [rootProduct("AsyncLayerKit"), rootProduct("AsyncLayerKitTesting")]),
        example("async-label", [rootProduct("AsyncLayerKit")]),
        example("render-card", [rootProduct("AsyncLayerKit")]),
        example("scroll-sim", [rootProduct("AsyncLayerKit"), "FeedSupport", "HeadlessList"]),
        // The DocC catalogs' diagrams, drawn with the library (scripts/make-doc-images.sh).
        example("doc-diagrams", [rootProduct("AsyncLayerKit")]),

        // MARK: Benchmarks (BENCHMARKS.md; scripts/bench-*.sh)
        example("loop-bench", [rootProduct("AsyncLayerKit"), "BenchSupport"]),
        example("lanes-bench", [rootProduct("AsyncLayerKit"), "ReferenceCard", "BenchSupport"]),
        example("card-bench", [rootProduct("Canvas"), rootProduct("AsyncLayerKit"), rootProduct("AsyncLayerKitTesting"), "ReferenceCard", "FeedSupport", "CPNGBaseline", "BenchSupport"]),
        // The Flexbox engine's figures: synthetic trees, and the reference card's layout share of
        // its cold render (scripts/bench-layout.sh).
        example("layout-bench", [rootProduct("Flexbox"), rootProduct("AsyncLayerKit"), rootProduct("AsyncLayerKitTesting"), "ReferenceCard", "BenchSupport"]),

        // MARK: Sanitizers
        // The LeakSanitizer exit check (scripts/test-asan.sh): the reference card rendered, with its
        // images, texts and a shadow, and encoded by every encoder, 10,000 times; then the exit.
        example("leak-check", [rootProduct("Canvas"), rootProduct("AsyncLayerKit"), "ReferenceCard"]),

        // MARK: Tests (Tests/<target>)
        // What the tests below share: a locked value, the reference card's image loader, folders.
        .target(
            name: "ExampleTestSupport",
            dependencies: ["ReferenceCard", rootProduct("AsyncLayerKit")],
            path: "Tests/ExampleTestSupport",
            swiftSettings: swiftSettings
        ),
        // The transaction and async-label demos' measuring code, run on the manual loop (the
        // executables are imported with @testable).
        .testTarget(
            name: "ExampleTests",
            dependencies: ["transaction-demo", "async-label", rootProduct("AsyncLayerKitTesting")],
            swiftSettings: swiftSettings
        ),
        // The reference card: its goldens (Canvas and element tree), its JSON file, the plain C match.
        .testTarget(
            name: "ReferenceCardTests",
            dependencies: ["ReferenceCard", "ExampleTestSupport", rootProduct("AsyncLayerKitTesting")],
            // Golden images, found through #filePath (see Support/Golden.swift).
            exclude: ["Golden"],
            swiftSettings: swiftSettings
        ),
        // The diagrams draw without a clipped or overflowing label (the executable, @testable).
        .testTarget(
            name: "DocDiagramsTests",
            dependencies: ["doc-diagrams"],
            swiftSettings: swiftSettings
        ),
        // The headless list and its strategies on a manual clock; the range-driven work scheduler.
        .testTarget(
            name: "HeadlessListTests",
            dependencies: ["HeadlessList", "ExampleTestSupport", rootProduct("AsyncLayerKitTesting")],
            swiftSettings: swiftSettings
        ),
        // The sample feed: its bundled page, its templates' pre-layout, the feed demo's job.
        .testTarget(
            name: "FeedSupportTests",
            // feed-gen (@testable): the committed page is what its generator makes.
            dependencies: ["FeedSupport", "feed-gen", "ExampleTestSupport", rootProduct("AsyncLayerKitTesting")],
            swiftSettings: swiftSettings
        ),
    ]
)
