// swift-tools-version: 6.2
//
// card-server: AsyncLayerKit behind HTTP (Hummingbird 2). A package of its own so that a server
// that adds AsyncLayerKit never inherits Hummingbird: the root package knows nothing of it.

import PackageDescription

/// The root package's settings: Swift 6 mode and the same upcoming features.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "card-server",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "card-server", targets: ["card-server"]),
        .library(name: "CardServer", targets: ["CardServer"]),
        .library(name: "CardRequestParsing", targets: ["CardRequestParsing"]),
    ],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder name (main, a worktree, a clone).
        .package(name: "AsyncLayerKit", path: "../.."),
        // The examples' package, for the reference card and the sample feed (ReferenceCard, FeedSupport).
        .package(name: "AsyncLayerKitExamples", path: ".."),
        // Images by URL behind a guard (--allow-image-host), over libcurl.
        .package(name: "remote-images", path: "../remote-images"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // Named because the Swift 6 member-import rule asks for the modules whose members we use
        // (HTTP statuses and header names, ByteBuffer); Hummingbird depends on them already.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        // HTTPRequestPart/HTTPResponsePart, for the request read timeout's channel handler.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // Metrics through the swift-metrics API, kept in a Prometheus registry served at /metrics.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // HTML templates for GET /og/{template} (Mustache, HTML-escaping by default).
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        // HMAC-SHA256 for signed /og URLs (--signing-key).
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // The pure request parsers (Accept, If-None-Match, ?scale= and ?quality=, image names):
        // no Hummingbird, so the fuzz package compiles them too (Fuzz/Sources/CardRequestParsing
        // is a link to this folder).
        .target(
            name: "CardRequestParsing",
            dependencies: [.product(name: "AsyncLayerKit", package: "AsyncLayerKit")],
            swiftSettings: swiftSettings
        ),
        // The application: routes, negotiation, limits, error mapping. Testable in-process.
        .target(
            name: "CardServer",
            dependencies: [
                "CardRequestParsing",
                .product(name: "AsyncLayerKit", package: "AsyncLayerKit"),
                .product(name: "ReferenceCard", package: "AsyncLayerKitExamples"),
                .product(name: "FeedSupport", package: "AsyncLayerKitExamples"),
                .product(name: "RemoteImages", package: "remote-images"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // HTTPServerBuilder and HTTP1Channel, for the slow-client timeouts.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The OpenAPI document served at GET /openapi.json, compiled in (no bundle to find at run time).
            resources: [.embedInCode("openapi.json")],
            swiftSettings: swiftSettings
        ),
        // Arguments and environment → configuration; runs the app until SIGTERM/SIGINT.
        .executableTarget(
            name: "card-server",
            dependencies: [
                "CardServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CardServerTests",
            dependencies: [
                "CardServer",
                "CardRequestParsing",
                .product(name: "AsyncLayerKit", package: "AsyncLayerKit"),
                // The service's shared work in flight, observed by the tests.
                .product(name: "AsyncLayerKitTesting", package: "AsyncLayerKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "FeedSupport", package: "AsyncLayerKitExamples"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
