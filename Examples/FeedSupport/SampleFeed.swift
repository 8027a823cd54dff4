import AsyncLayerKit
public import Foundation

/// The sample feed: `sample-feed.json` (written by `feed-gen`) and its images in `images/`.
///
/// The files ship inside the program, as a resource of this target (in the source tree,
/// `Examples/FeedSupport/feed-data`; beside a built binary, in its resource bundle), so a built
/// example or server runs from any folder without the source tree. `FEED_DATA_DIR` in the
/// environment, or a `directory` argument, points at another copy.
public enum SampleFeed {
    /// The environment variable that overrides the bundled copy: `FEED_DATA_DIR`.
    public static let environmentVariable = "FEED_DATA_DIR"

    /// The folder holding `sample-feed.json` and `images/`: `FEED_DATA_DIR` if set, else
    /// ``bundledDirectory``.
    public static var directory: URL {
        if let override = ProcessInfo.processInfo.environment[environmentVariable], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return bundledDirectory
    }

    /// The copy bundled with the program: `feed-data` in this target's resource bundle, beside
    /// the executable (never found through the source file's path).
    ///
    /// The bundle is looked up here rather than through `Bundle.module`, whose generated accessor
    /// stops the process when the bundle is missing: a program copied without its bundle gets the
    /// path where the bundle should be, and reading the feed then fails with an error naming it.
    public static var bundledDirectory: URL {
        resourceBundle.appendingPathComponent("feed-data", isDirectory: true)
    }

    /// SwiftPM's name for this target's resource bundle: `<package>_<target>.resources`.
    static let resourceBundleName = "AsyncLayerKitExamples_FeedSupport.resources"

    /// The first existing resource bundle beside the main bundle or the executable, else the
    /// expected path beside the executable.
    static var resourceBundle: URL {
        let folders = [Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()]
        let candidates = folders.compactMap { $0?.appendingPathComponent(resourceBundleName, isDirectory: true) }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
            ?? candidates.last
            ?? URL(fileURLWithPath: resourceBundleName, isDirectory: true)
    }

    /// The page file of the feed in `directory`.
    public static func pageURL(in directory: URL = directory) -> URL {
        directory.appendingPathComponent("sample-feed.json")
    }

    /// The images folder of the feed in `directory`.
    public static func imagesURL(in directory: URL = directory) -> URL {
        directory.appendingPathComponent("images", isDirectory: true)
    }

    /// The page file.
    public static var pageURL: URL { pageURL() }
    /// The images folder.
    public static var imagesURL: URL { imagesURL() }

    /// The page's bytes, as stored in `directory`.
    public static func pageBytes(in directory: URL = directory) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: pageURL(in: directory)))
    }

    /// Reads and decodes the page in `directory`, off the caller's actor.
    public static func loadPage(in directory: URL = directory, limits: FeedLimits = .default) async throws -> FeedPage {
        try await FeedPage.decode(try pageBytes(in: directory), limits: limits)
    }

    /// A loader for the images in `directory`.
    public static func imageLoader(in directory: URL = directory) throws -> FeedImageLoader {
        try FeedImageLoader(directory: imagesURL(in: directory))
    }
}
