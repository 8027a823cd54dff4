// swift-tools-version: 6.2
//
// AsyncLayerKit: renders UI-like content (cards, feed cells, labels, thumbnails) into bitmaps off the
// loop that owns the UI state. This package is the library alone: no package dependency, no example
// product. The examples and benchmarks are the package in Examples/ (AsyncLayerKitExamples), which
// depends on this one by path; the HTTP server example is Examples/card-server.

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
        .library(name: "Elements", targets: ["Elements"]),
        .library(name: "HTML", targets: ["HTML"]),
        .library(name: "Rendering", targets: ["Rendering"]),
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
        // SVG images: librsvg draws them onto cairo; libxml2's SAX pass counts elements and depth first.
        .systemLibrary(name: "CRSVG", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // MARK: LayerKitSupport: the one lock, the condition lock, the thread starter, the timer
        // thread and the processor count, below Canvas, DisplayLoop and Flexbox (not a product:
        // its API is at `package` access).
        .target(name: "LayerKitSupport", swiftSettings: swiftSettings),

        // MARK: Canvas: geometry, colour, bitmaps, drawing, text, codecs. Knows nothing of loops.
        .target(
            name: "Canvas",
            dependencies: ["LayerKitSupport", "CCairoPango", "CWebP", "CTurboJPEG", "CLibPNG", "CLibDeflate", "CRSVG", "CLibXML2"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CanvasTests",
            // AsyncLayerKitTesting: golden-image comparison. CTurboJPEG: one codec test writes a CMYK JPEG, which the public encoder never makes.
            // CLibDeflate: the PNG writer's tests inflate what it stored, to check it byte by byte.
            dependencies: ["Canvas", "AsyncLayerKitTesting", "CTurboJPEG", "CLibDeflate"],
            resources: [.copy("Golden"), .copy("Fixtures")],
            swiftSettings: swiftSettings
        ),

        // MARK: DisplayLoop: the turn-based serial executor, its global actor, before-waiting
        // phases, transactions, the display link. Knows nothing of graphics.
        .target(name: "DisplayLoop", dependencies: ["LayerKitSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "DisplayLoopTests", dependencies: ["DisplayLoop", "AsyncLayerKitTesting"], swiftSettings: swiftSettings),

        // MARK: Flexbox: the layout engine. Pure values: a tree of CSS flexbox styles plus a measure
        // function → frames. Knows nothing of drawing, loops or elements.
        .target(name: "Flexbox", dependencies: ["LayerKitSupport"], swiftSettings: swiftSettings),
        // The engine's side of the differential bench against Chromium (scripts/layout-diff): corpus
        // cases in CSS terms → FlexTree, the LayoutBlock text measurer, the comparison. Test support,
        // not a product; `flex-corpus` is its command line for the bench's scripts.
        .target(name: "FlexboxCorpus", dependencies: ["Flexbox"], path: "Tests/FlexboxCorpus", swiftSettings: swiftSettings),
        .executableTarget(name: "flex-corpus", dependencies: ["FlexboxCorpus"], path: "Tests/flex-corpus", swiftSettings: swiftSettings),
        .testTarget(
            name: "FlexboxTests",
            // AsyncLayerKitTesting: the seeded generator (SplitMix64) of the random trees.
            // FlexboxCorpus: the Chromium corpus (ChromiumCorpus/) read and compared.
            dependencies: ["Flexbox", "AsyncLayerKitTesting", "FlexboxCorpus"],
            // Yoga's gentest fixtures converted to JSON (scripts/yoga-fixtures) and the Chromium corpus
            // (scripts/layout-diff), read through #filePath.
            exclude: ["YogaFixtures", "ChromiumCorpus"],
            swiftSettings: swiftSettings
        ),

        // MARK: Elements: the element tree (value, JSON and CSS forms, DSL), its layout through
        // Flexbox, its painting onto a Canvas context, its content hash. Pure stages: no loop, no
        // lanes, no cache; it reaches text and image stores through small protocols.
        .target(name: "Elements", dependencies: ["LayerKitSupport", "Canvas", "Flexbox"], swiftSettings: swiftSettings),

        // MARK: HTML: cards written in HTML and CSS. libxml2's HTML parser builds an `HTMLTree`; the
        // style engine (CSS Syntax Level 3 sheets, selectors, the cascade) computes each element's
        // values; the box builder maps the result onto an element tree, so HTML, JSON and Swift
        // cards draw the same.
        .target(name: "HTML", dependencies: ["LayerKitSupport", "Canvas", "Flexbox", "Elements", "CLibXML2"], swiftSettings: swiftSettings),
        .testTarget(
            name: "HTMLTests",
            // HTMLCorpus: the Chromium card corpus (ChromiumCards/, scripts/html-diff) read and compared.
            dependencies: ["HTML", "Elements", "AsyncLayerKitTesting", "HTMLCorpus", "PaintCorpus"],
            exclude: ["ChromiumCards"],
            swiftSettings: swiftSettings
        ),
        // The HTML path's side of the conformance bench against Chromium (scripts/html-diff): cards
        // read, laid out and rendered at scale 2, their frames, line counts and pictures compared.
        // Test support, not a product; `html-corpus` is its command line.
        .target(name: "HTMLCorpus", dependencies: ["HTML", "Elements", "Canvas", "PaintCorpus"], path: "Tests/HTMLCorpus", swiftSettings: swiftSettings),
        .executableTarget(name: "html-corpus", dependencies: ["HTMLCorpus", "PaintCorpus"], path: "Tests/html-corpus", swiftSettings: swiftSettings),

        // MARK: Rendering: the concurrency machinery around the stages: render lanes, admission,
        // in-flight sharing, the caches and the render service, layers, ranges, pre-layout.
        .target(name: "Rendering", dependencies: ["LayerKitSupport", "Canvas", "DisplayLoop", "Elements"], swiftSettings: swiftSettings),

        // The engine's side of the paint conformance bench against Chromium (scripts/paint-diff):
        // paint cases (element documents) decoded and rendered at scale 2, compared with Chromium's
        // PNGs (SSIM and a per-pixel tolerance). Test support, not a product; `paint-corpus` is its
        // command line for the bench's scripts.
        .target(name: "PaintCorpus", dependencies: ["Canvas", "Elements"], path: "Tests/PaintCorpus", swiftSettings: swiftSettings),
        .executableTarget(name: "paint-corpus", dependencies: ["PaintCorpus", "Canvas", "Elements"], path: "Tests/paint-corpus", swiftSettings: swiftSettings),

        // MARK: AsyncLayerKit: the umbrella a server imports; re-exports every module above.
        .target(name: "AsyncLayerKit", dependencies: ["Canvas", "Flexbox", "DisplayLoop", "Elements", "HTML", "Rendering"], swiftSettings: swiftSettings),
        // The manual loop driver, turn recorder, test clock and golden-image comparison, for users' own tests.
        .target(name: "AsyncLayerKitTesting", dependencies: ["AsyncLayerKit", "Rendering"], swiftSettings: swiftSettings),
        .testTarget(
            name: "AsyncLayerKitTests",
            // Elements and Rendering by name too: tests reach their internals with @testable.
            // PaintCorpus: the Chromium paint corpus (PaintCorpus/) rendered and compared.
            dependencies: ["AsyncLayerKit", "AsyncLayerKitTesting", "Elements", "Rendering", "PaintCorpus"],
            // Element golden images (see Support/Golden.swift), the paint corpus
            // (scripts/paint-diff) and the emoji tests' Twemoji-style SVGs, found through #filePath.
            exclude: ["Golden", "PaintCorpus", "Emoji"],
            swiftSettings: swiftSettings
        ),
    ]
)
