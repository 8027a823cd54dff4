// swift-tools-version: 6.2
//
// remote-images: an ElementImageLoader for http(s) URLs behind a guard, over libcurl (Debian
// libcurl4-openssl-dev). A package of its own beside the examples, so the library keeps no package
// dependency and no network code: a server that wants images by URL adds this product.
//
// Why libcurl and not AsyncHTTPClient: CURLOPT_OPENSOCKETFUNCTION hands us the address curl is
// about to connect to, before it connects, for every connection (the first and every redirect's),
// after DNS resolution. Checking *that* address is what defeats DNS rebinding (a name that
// resolves to a public address when checked and to 10.0.0.1 when connected). AsyncHTTPClient
// exposes no hook between resolution and connection.

import PackageDescription

/// The root package's settings: Swift 6 mode and the same upcoming features.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
    .enableUpcomingFeature("ExistentialAny"),
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
    .enableUpcomingFeature("MemberImportVisibility"),
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "remote-images",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RemoteImages", targets: ["RemoteImages"]),
        .executable(name: "remote-images-bench", targets: ["remote-images-bench"]),
    ],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder name (main, a worktree, a clone).
        .package(name: "AsyncLayerKit", path: "../.."),
    ],
    targets: [
        // libcurl 7.88 (Debian 12): the easy and multi interfaces, through a shim of typed setters
        // (curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call).
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // The loader, its guard, its HTTP cache and the transfer thread.
        .target(
            name: "RemoteImages",
            dependencies: ["CCurl", .product(name: "AsyncLayerKit", package: "AsyncLayerKit")],
            swiftSettings: swiftSettings
        ),
        // Warm renders of a URL image vs a named one, first fetch vs cached (BENCHMARKS.md).
        .executableTarget(
            name: "remote-images-bench",
            dependencies: ["RemoteImages", "OriginServer", .product(name: "AsyncLayerKit", package: "AsyncLayerKit")],
            swiftSettings: swiftSettings
        ),
        // A tiny HTTP/1.1 origin on loopback (Glibc sockets, a thread per connection) that the tests
        // and the benchmark start: scripted responses, counted requests. Test support, not a product.
        .target(name: "OriginServer", swiftSettings: swiftSettings),
        .testTarget(
            name: "RemoteImagesTests",
            dependencies: ["RemoteImages", "OriginServer", "CCurl", .product(name: "AsyncLayerKit", package: "AsyncLayerKit")],
            swiftSettings: swiftSettings
        ),
    ]
)
