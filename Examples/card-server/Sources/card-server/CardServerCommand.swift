import ArgumentParser
import AsyncLayerKit
import CardServer
import Foundation
import Hummingbird
import Logging

/// Runs the card server until SIGINT or SIGTERM (graceful shutdown through ServiceLifecycle:
/// requests in progress finish, then the process exits).
///
///     swift run --package-path Examples/card-server card-server --port 8080 \
///         --assets Examples/ReferenceCard/Inputs
///
/// Every option can also come from the environment: `CARD_SERVER_HOST`, `CARD_SERVER_PORT`,
/// `CARD_SERVER_ASSETS`, `CARD_SERVER_MAX_BODY_BYTES`, `CARD_SERVER_LANES`,
/// `CARD_SERVER_ADMISSION_LIMIT`, `CARD_SERVER_DEADLINE_MS`, `CARD_SERVER_LOG_LEVEL`,
/// `CARD_SERVER_CANCEL_ON_DISCONNECT` (`0` turns it off), `CARD_SERVER_CACHE_BYTES`,
/// `CARD_SERVER_FEED`, `CARD_SERVER_IDLE_TIMEOUT_MS`, `CARD_SERVER_READ_TIMEOUT_MS`,
/// `CARD_SERVER_FONTS`, `CARD_SERVER_ALLOW_IMAGE_HOSTS` (comma-separated), `CARD_SERVER_EMOJI_DIR`; an
/// argument wins over the variable.
///
/// `--allow-image-host HOST` (repeatable; `*.example.com` for every subdomain) lets `POST /render`
/// trees name `http(s)` image URLs on those hosts, fetched behind RemoteImages' guard (public
/// addresses only, checked on the address connected to; redirects re-checked; size and time
/// limits; bytes sniffed).
///
/// The sample feed of `/cards/feed/{id}` ships inside the program (FeedSupport's resource
/// bundle, beside the executable), so the built binary runs from any folder without the source
/// tree; `--feed DIR` (or `FEED_DATA_DIR`, as for every example) serves another copy.
///
/// Logs go to standard error, one structured line per request (swift-log's stream handler,
/// metadata as `key=value`); metrics are at `GET /metrics` in Prometheus text format.
@main
struct CardServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card-server",
        abstract: "Serves element trees and card templates as WebP, PNG or JPEG over HTTP."
    )

    private static let environment = ProcessInfo.processInfo.environment

    @Option(help: "The address to listen on (CARD_SERVER_HOST).")
    var host = environment["CARD_SERVER_HOST"] ?? "127.0.0.1"
    @Option(help: "The port (CARD_SERVER_PORT).")
    var port = Int(environment["CARD_SERVER_PORT"] ?? "") ?? 8080
    @Option(help: "The folder named images may come from (CARD_SERVER_ASSETS); none: no named images in POST /render.")
    var assets: String?
    @Option(help: "A folder of Twemoji-style emoji pictures (1f600.svg, 2764.svg: code points in hex joined by -, .svg or .png) drawn in POST /render texts in place of the fonts' emoji; a tree's graphemeImages win (CARD_SERVER_EMOJI_DIR; default: none, the fonts draw them).")
    var emojiDir: String?
    @Option(help: "The largest request body in bytes (CARD_SERVER_MAX_BODY_BYTES).")
    var maxBodyBytes = Int(environment["CARD_SERVER_MAX_BODY_BYTES"] ?? "") ?? (1 << 20)
    @Option(help: "Render lane threads (CARD_SERVER_LANES).")
    var lanes = Int(environment["CARD_SERVER_LANES"] ?? "") ?? RenderExecutor.defaultWidth
    @Option(help: "The most renders queued or running at once; more get 503 (CARD_SERVER_ADMISSION_LIMIT; default 8 per lane thread).")
    var admissionLimit: Int?
    @Option(help: "The render deadline in milliseconds (CARD_SERVER_DEADLINE_MS).")
    var deadlineMs = Int(environment["CARD_SERVER_DEADLINE_MS"] ?? "") ?? 5_000
    @Option(help: "The log level: trace, debug, info, notice, warning, error, critical (CARD_SERVER_LOG_LEVEL). At info, one line per request.")
    var logLevel = environment["CARD_SERVER_LOG_LEVEL"] ?? "info"
    @Flag(inversion: .prefixedNo,
          help: "Cancel a render when its client disconnects, unless another request shares it; ends keep-alive after a rendered response (CARD_SERVER_CANCEL_ON_DISCONNECT=0 turns it off).")
    var cancelOnDisconnect = environment["CARD_SERVER_CANCEL_ON_DISCONNECT"] != "0"

    @Option(help: "The byte budget of the render caches (renders, encoded images, decoded images, texts), least recently used dropped first (CARD_SERVER_CACHE_BYTES; default 192 MiB).")
    var cacheBytes = Int(environment["CARD_SERVER_CACHE_BYTES"] ?? "") ?? (192 << 20)
    @Option(help: "The sample feed folder (sample-feed.json and images/) for /cards/feed (CARD_SERVER_FEED; default: the copy bundled with the server, or FEED_DATA_DIR).")
    var feed: String?

    @Option(help: "Close a connection idle this long, or whose request headers are not whole after this long, in milliseconds (CARD_SERVER_IDLE_TIMEOUT_MS; default 30000).")
    var idleTimeoutMs = Int(environment["CARD_SERVER_IDLE_TIMEOUT_MS"] ?? "") ?? 30_000
    @Option(help: "The longest a request body may take to arrive, in milliseconds; then 408 and the connection closes (CARD_SERVER_READ_TIMEOUT_MS; default 15000).")
    var readTimeoutMs = Int(environment["CARD_SERVER_READ_TIMEOUT_MS"] ?? "") ?? 15_000

    @Option(help: "A folder of font files (TTF, OTF, TTC, WOFF, WOFF2) posted trees may name by family; they are also tried before the system's fonts for characters a text's fonts lack (CARD_SERVER_FONTS).")
    var fonts: String?

    /// The fonts folder: the argument, else the environment.
    private var fontsFolder: String? { fonts ?? Self.environment["CARD_SERVER_FONTS"] }

    @Option(name: .customLong("allow-image-host"),
            help: "A host POST /render trees may name http(s) image URLs on; repeat for more, *.example.com for subdomains (CARD_SERVER_ALLOW_IMAGE_HOSTS, comma-separated; default: none, image URLs refused with 422).")
    var allowImageHosts: [String] = []

    /// The image hosts: the arguments, else the environment's comma-separated list.
    private var imageHosts: [String] {
        if !allowImageHosts.isEmpty { return allowImageHosts }
        return (Self.environment["CARD_SERVER_ALLOW_IMAGE_HOSTS"] ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The feed folder: the argument, else the environment; `nil`: the bundled copy.
    private var feedFolder: String? { feed ?? Self.environment["CARD_SERVER_FEED"] }

    /// The assets folder: the argument, else the environment.
    private var assetsFolder: String? { assets ?? Self.environment["CARD_SERVER_ASSETS"] }

    /// The emoji folder: the argument, else the environment.
    private var emojiFolder: String? { emojiDir ?? Self.environment["CARD_SERVER_EMOJI_DIR"] }

    func validate() throws {
        let admissionLimit = admissionLimit ?? Int(Self.environment["CARD_SERVER_ADMISSION_LIMIT"] ?? "")
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port): expected 0...65535") }
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive") }
        guard lanes > 0 else { throw ValidationError("--lanes must be positive") }
        if let admissionLimit, admissionLimit <= 0 { throw ValidationError("--admission-limit must be positive") }
        guard deadlineMs > 0 else { throw ValidationError("--deadline-ms must be positive") }
        guard idleTimeoutMs > 0 else { throw ValidationError("--idle-timeout-ms must be positive") }
        guard readTimeoutMs > 0 else { throw ValidationError("--read-timeout-ms must be positive") }
        guard cacheBytes >= 0 else { throw ValidationError("--cache-bytes must not be negative") }
        for host in imageHosts where host.contains("/") || host.contains(" ") || host == "*" {
            throw ValidationError("--allow-image-host \(host): expected a host name, such as images.example.com or *.example.com")
        }
        if let feed = feedFolder {
            guard FileManager.default.fileExists(atPath: URL(fileURLWithPath: feed).appendingPathComponent("sample-feed.json").path) else {
                throw ValidationError("--feed \(feed): no sample-feed.json there")
            }
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level \(logLevel): expected one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let assets = assetsFolder {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: assets, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--assets \(assets): no such folder")
            }
        }
        if let fonts = fontsFolder {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: fonts, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--fonts \(fonts): no such folder")
            }
        }
        if let emoji = emojiFolder {
            do {
                let set = try EmojiImages(folder: emoji)
                guard set.folderFileCount > 0 else { throw ValidationError("--emoji-dir \(emoji): no emoji files there (1f600.svg, 2764.png…)") }
            } catch let error as EmojiImages.FolderError {
                throw ValidationError("--emoji-dir: \(error)")
            }
        }
    }

    func run() async throws {
        var configuration = CardServerConfiguration(
            assetsFolder: assetsFolder.map { URL(fileURLWithPath: $0) },
            emojiFolder: emojiFolder.map { URL(fileURLWithPath: $0, isDirectory: true) },
            maxBodyBytes: maxBodyBytes,
            laneWidth: lanes,
            admissionLimit: admissionLimit ?? Int(Self.environment["CARD_SERVER_ADMISSION_LIMIT"] ?? "")
        )
        configuration.limits.maxRenderDuration = .milliseconds(deadlineMs)
        configuration.cancelsRenderOnDisconnect = cancelOnDisconnect
        configuration.cacheBytes = cacheBytes
        configuration.idleTimeout = .milliseconds(idleTimeoutMs)
        configuration.readTimeout = .milliseconds(readTimeoutMs)
        configuration.feedDirectory = feedFolder.map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let folder = fontsFolder {
            do {
                configuration.fonts = try FontSet(contentsOfFolder: folder)
            } catch {
                throw ValidationError("--fonts \(folder): \(error)")
            }
        }
        configuration.allowedImageHosts = imageHosts
        var logger = Logger(label: "card-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let server = try await CardServer(configuration: configuration)
        let app = server.application(configuration: .init(address: .hostname(host, port: port), serverName: "card-server"), logger: logger)
        try await app.runService()
    }
}
