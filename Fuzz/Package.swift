// swift-tools-version: 6.2
//
// The fuzz targets: one libFuzzer executable per parser that takes untrusted input. A package of
// its own, so that neither the library nor its users ever build it. Built and run by
// scripts/fuzz.sh (`make fuzz`), with `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address`: each
// target's entry point is `LLVMFuzzerTestOneInput`, and libFuzzer supplies `main`.

import PackageDescription

/// The root package's settings: Swift 6 mode and the same upcoming features.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// One fuzz target: an executable whose one file defines `LLVMFuzzerTestOneInput`.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: dependencies, swiftSettings: swiftSettings)
}

let library: Target.Dependency = .product(name: "AsyncLayerKit", package: "AsyncLayerKit")
let html: Target.Dependency = .product(name: "HTML", package: "AsyncLayerKit")

let package = Package(
    name: "AsyncLayerKitFuzz",
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder name (main, a worktree, a clone).
        .package(name: "AsyncLayerKit", path: ".."),
    ],
    targets: [
        // What the targets share: property checks (a failed one is a crash libFuzzer keeps), the
        // image decoders' run, the bridge to async parsers.
        .target(name: "FuzzSupport", dependencies: [library], swiftSettings: swiftSettings),
        // card-server's pure request parsers: Sources/CardRequestParsing is a link to card-server's
        // own target folder (Examples/card-server/Sources/CardRequestParsing), so the fuzz build
        // compiles the same files without resolving Hummingbird.
        .target(name: "CardRequestParsing", dependencies: [library], swiftSettings: swiftSettings),
        // The sample feed's page model: Sources/FeedModel is a link to the examples' own target
        // folder (Examples/FeedModel), compiled here without the rest of the examples package.
        .target(name: "FeedModel", dependencies: [library], swiftSettings: swiftSettings),

        fuzzTarget("element-document", [library, "FuzzSupport"]),
        fuzzTarget("feed-page", [library, "FeedModel", "FuzzSupport"]),
        fuzzTarget("image-png", [library, "FuzzSupport"]),
        fuzzTarget("image-jpeg", [library, "FuzzSupport"]),
        fuzzTarget("image-webp", [library, "FuzzSupport"]),
        fuzzTarget("image-svg", [library, "FuzzSupport"]),
        fuzzTarget("font-data", [library, "FuzzSupport"]),
        fuzzTarget("folder-names", [library, "FuzzSupport"]),
        fuzzTarget("card-request", ["CardRequestParsing", "FuzzSupport"]),
        fuzzTarget("css-stylesheet", [html, "FuzzSupport"]),
        fuzzTarget("html-card", [library, "FuzzSupport"]),
    ]
)
