// swift-tools-version: 6.2
//
// AsyncLayerKit: renders UI-like content (cards, feed cells, labels, thumbnails) into bitmaps off the
// loop that owns the UI state. This package holds the library and its small examples; heavy
// example-only dependencies (the benchmark harness, the HTTP server) live in their own packages.

import PackageDescription

/// Settings every Swift target shares. Each upcoming feature links to its proposal.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
    .enableUpcomingFeature("ExistentialAny"),
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
    .enableUpcomingFeature("MemberImportVisibility"),
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
    // Imports are internal unless marked `public`, so no C type can leak into the public API.
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "AsyncLayerKit",
    products: [
        .library(name: "AsyncLayerKit", targets: ["AsyncLayerKit"]),
        .library(name: "AsyncLayerKitTesting", targets: ["AsyncLayerKitTesting"]),
        .library(name: "DisplayLoop", targets: ["DisplayLoop"]),
        .library(name: "Canvas", targets: ["Canvas"]),
        .library(name: "Flexbox", targets: ["Flexbox"]),
        // Example-only libraries (not part of the API): the reference card and the sample feed's
        // templates, for Examples/card-server, a package of its own that serves them over HTTP.
        .library(name: "ReferenceCard", targets: ["ReferenceCard"]),
        .library(name: "FeedSupport", targets: ["FeedSupport"]),
    ],
    dependencies: [
        // Command-line parsing for the example executables only; the library does not use it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: C libraries (Debian packages; see the README)
        .systemLibrary(
            name: "CCairoPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // The PNG writer's compressor and CRC-32 (libpng stays the decoder).
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),

        // MARK: Canvas: geometry, colour, bitmaps, drawing, text, codecs. Knows nothing of loops.
        .target(
            name: "Canvas",
            dependencies: ["CCairoPango", "CWebP", "CTurboJPEG", "CLibPNG", "CLibDeflate"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CanvasTests",
            // The reference card is tested here too: its golden image and its match with plain C.
            // CTurboJPEG: one codec test writes a CMYK JPEG, which the public encoder never makes.
            // CLibDeflate: the PNG writer's tests inflate what it stored, to check it byte by byte.
            dependencies: ["Canvas", "ReferenceCard", "CTurboJPEG", "CLibDeflate", "GoldenImageSupport"],
            resources: [.copy("Golden"), .copy("Fixtures")],
            swiftSettings: swiftSettings
        ),

        // MARK: DisplayLoop: the turn-based serial executor, its global actor, before-waiting
        // phases, transactions, the display link. Knows nothing of graphics.
        .target(name: "DisplayLoop", swiftSettings: swiftSettings),
        .testTarget(name: "DisplayLoopTests", dependencies: ["DisplayLoop", "AsyncLayerKitTesting"], swiftSettings: swiftSettings),

        // MARK: Flexbox: the layout engine. Pure values: a tree of CSS flexbox styles plus a measure
        // function → frames. Knows nothing of drawing, loops or elements.
        .target(name: "Flexbox", swiftSettings: swiftSettings),
        .testTarget(
            name: "FlexboxTests",
            dependencies: ["Flexbox"],
            // Yoga's gentest fixtures converted to JSON (scripts/yoga-fixtures), read through #filePath.
            exclude: ["YogaFixtures"],
            swiftSettings: swiftSettings
        ),

        // MARK: AsyncLayerKit: layers, render lanes, reuse pool; re-exports Canvas, Flexbox and DisplayLoop.
        .target(name: "AsyncLayerKit", dependencies: ["Canvas", "Flexbox", "DisplayLoop"], swiftSettings: swiftSettings),
        // The manual loop driver, turn recorder and test clock, for users' own tests.
        .target(name: "AsyncLayerKitTesting", dependencies: ["AsyncLayerKit"], swiftSettings: swiftSettings),
        .testTarget(
            name: "AsyncLayerKitTests",
            dependencies: ["AsyncLayerKit", "AsyncLayerKitTesting", "ReferenceCard", "FeedSupport", "GoldenImageSupport"],
            // Element golden images, found through #filePath (see Support/ElementGolden.swift).
            exclude: ["Golden"],
            swiftSettings: swiftSettings
        ),

        // Golden-image comparison shared by the test targets (not a product).
        .target(name: "GoldenImageSupport", dependencies: ["Canvas"], path: "Tests/GoldenImageSupport", swiftSettings: swiftSettings),

        // MARK: Examples (each teaches one idea; run with `swift run NAME`)
        // The reference feed card of ../shared/bench/peers/spec/feed-card.json, drawn with the Canvas
        // and written as an element tree (hence AsyncLayerKit).
        .target(
            name: "ReferenceCard",
            dependencies: ["Canvas", "AsyncLayerKit"],
            path: "Examples/ReferenceCard",
            resources: [.copy("Inputs")],
            swiftSettings: swiftSettings
        ),
        // The sample feed's cell templates (the seed's mock cell, the live card), its bundled
        // images' loader and its generator: shared by feed-gen, the feed examples and the tests.
        // A target of its own because the live card comes from ReferenceCard, which the library
        // cannot depend on. The feed it reads, feed-data, ships as a resource (Bundle.module), so a
        // built binary runs without the source tree.
        .target(
            name: "FeedSupport",
            dependencies: ["AsyncLayerKit", "ReferenceCard"],
            path: "Examples/FeedSupport",
            resources: [.copy("feed-data")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "feed-gen",
            dependencies: ["AsyncLayerKit", "FeedSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/feed-gen",
            swiftSettings: swiftSettings
        ),
        // The main job (`make run`): the bundled feed decoded, laid out and rendered range by range
        // into WebP files and a contact sheet.
        .executableTarget(
            name: "feed-demo",
            dependencies: ["AsyncLayerKit", "FeedSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/feed-demo",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "canvas-demo",
            dependencies: ["Canvas", "ReferenceCard", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/canvas-demo",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "transaction-demo",
            dependencies: ["AsyncLayerKit", "AsyncLayerKitTesting", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/transaction-demo",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "async-label",
            dependencies: ["AsyncLayerKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/async-label",
            swiftSettings: swiftSettings
        ),
        // The transaction and async-label demos' measuring code, run on the manual loop (the
        // executables are imported with @testable).
        .testTarget(
            name: "ExampleTests",
            dependencies: ["transaction-demo", "async-label", "AsyncLayerKitTesting"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "loop-bench",
            dependencies: ["AsyncLayerKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/loop-bench",
            swiftSettings: swiftSettings
        ),
        // The DocC catalogs' diagrams, drawn with the library (scripts/make-doc-images.sh).
        .executableTarget(
            name: "doc-diagrams",
            dependencies: ["AsyncLayerKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/doc-diagrams",
            swiftSettings: swiftSettings
        ),
        // The diagrams draw without a clipped or overflowing label (the executable, @testable).
        .testTarget(
            name: "DocDiagramsTests",
            dependencies: ["doc-diagrams"],
            path: "Examples/Tests/DocDiagramsTests",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "render-card",
            dependencies: ["AsyncLayerKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/render-card",
            swiftSettings: swiftSettings
        ),
        // libpng's writer (the library's PNG encoder before issue 13): card-bench's PNG baseline only.
        .target(name: "CPNGBaseline", dependencies: ["CLibPNG"], path: "Examples/CPNGBaseline"),
        .executableTarget(
            name: "card-bench",
            dependencies: ["Canvas", "AsyncLayerKit", "ReferenceCard", "FeedSupport", "CPNGBaseline", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/card-bench",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "scroll-sim",
            dependencies: ["AsyncLayerKit", "FeedSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/scroll-sim",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "lanes-bench",
            dependencies: ["AsyncLayerKit", "ReferenceCard", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/lanes-bench",
            swiftSettings: swiftSettings
        ),
        // The Flexbox engine's figures (issue 12): synthetic trees, and the reference card's layout
        // share of its cold render (scripts/bench-layout.sh).
        .executableTarget(
            name: "layout-bench",
            dependencies: ["Flexbox", "AsyncLayerKit", "ReferenceCard", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/layout-bench",
            swiftSettings: swiftSettings
        ),
    ]
)
