public import AsyncLayerKit
public import Foundation

/// The bundled sample feed: `Examples/feed-data/sample-feed.json` (written by `feed-gen`) and
/// its images in `Examples/feed-data/images/`.
///
/// The files are found beside this source file (`#filePath`), so the examples and tests that use
/// them run from a checkout; `FEED_DATA_DIR` in the environment points elsewhere.
public enum SampleFeed {
    /// The folder holding `sample-feed.json` and `images/`.
    public static var directory: URL {
        if let override = ProcessInfo.processInfo.environment["FEED_DATA_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("feed-data", isDirectory: true)
    }

    /// The page file.
    public static var pageURL: URL { directory.appendingPathComponent("sample-feed.json") }
    /// The images folder.
    public static var imagesURL: URL { directory.appendingPathComponent("images", isDirectory: true) }

    /// The page's bytes, as stored.
    public static func pageBytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: pageURL))
    }

    /// Reads and decodes the bundled page, off the caller's actor.
    public static func loadPage(limits: FeedLimits = .default) async throws -> FeedPage {
        try await FeedPage.decode(try pageBytes(), limits: limits)
    }

    /// A loader for the bundled images.
    public static func imageLoader() throws -> FeedImageLoader {
        try FeedImageLoader(directory: imagesURL)
    }
}
