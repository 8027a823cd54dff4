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
/// `CARD_SERVER_FONTS`, `CARD_SERVER_ALLOW_IMAGE_HOSTS` (comma-separated), `CARD_SERVER_EMOJI_DIR`,
/// `CARD_SERVER_HTML_TEMPLATES`, `CARD_SERVER_SIGNING_KEY`; an argument wins over the variable.
///
/// `--html-templates DIR` serves the Mustache HTML templates of that folder at
/// `GET /og/{template}?title=…` (every `NAME.html` or `NAME.mustache`, compiled at start; a bad
/// one stops the server with its path). `--signing-key KEY` (hex or base64) makes those URLs
/// render only when signed; `card-server sign URL` prints a URL signed with the same key.
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
        abstract: "Serves element trees, HTML cards and card templates as WebP, PNG or JPEG over HTTP.",
        subcommands: [SignCommand.self]
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

    @Option(help: "A folder of HTML card templates served at GET /og/{template}: NAME.html or NAME.mustache (NAME is [a-z0-9-]+), Mustache with the query parameters as context, HTML-escaped ({{title}}; {{#tags_list}}{{.}}{{/tags_list}} for tags=a,b); {{{…}}}, {{& …}}, pragmas, delimiter changes and partials are refused. Read at start; a bad template stops the server (CARD_SERVER_HTML_TEMPLATES; default: none, /og answers 404).")
    var htmlTemplates: String?

    @Option(help: "A key (hex, or base64) /og URLs must be signed with: sig = base64url(HMAC-SHA256(key, path + \"?\" + canonical query without sig)), missing or wrong → 403; card-server sign URL makes one (CARD_SERVER_SIGNING_KEY; default: none, no signature asked for). At least 16 bytes; 32 random bytes suit: openssl rand -hex 32.")
    var signingKey: String?

    /// The templates folder: the argument, else the environment.
    private var templatesFolder: String? { htmlTemplates ?? Self.environment["CARD_SERVER_HTML_TEMPLATES"] }

    /// The signing key's text: the argument, else the environment.
    private var signingKeyText: String? { signingKey ?? Self.environment["CARD_SERVER_SIGNING_KEY"] }

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
        if let templates = templatesFolder {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: templates, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--html-templates \(templates): no such folder")
            }
        }
        if let key = signingKeyText {
            do {
                _ = try URLSigner.keyBytes(key)
            } catch {
                throw ValidationError("--signing-key: \(error)")
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
        configuration.htmlTemplatesFolder = templatesFolder.map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let key = signingKeyText {
            do {
                configuration.signingKey = try URLSigner.keyBytes(key)
            } catch {
                throw ValidationError("--signing-key: \(error)")
            }
        }
        var logger = Logger(label: "card-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let server: CardServer
        do {
            server = try await CardServer(configuration: configuration)
        } catch let error as HTMLTemplateError {
            throw ValidationError("--html-templates: \(error)")
        }
        let app = server.application(configuration: .init(address: .hostname(host, port: port), serverName: "card-server"), logger: logger)
        try await app.runService()
    }
}

/// `card-server sign URL`: the URL with its query in canonical form and `sig` appended, signed
/// with the server's key, for an operator to hand out.
///
///     card-server sign --key "$KEY" 'https://cards.example.com/og/og?title=Hello&author=Ann'
///     https://cards.example.com/og/og?author=Ann&title=Hello&sig=…
struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Prints URL signed with KEY, for a server started with --signing-key KEY (GET /og/{template} URLs).",
        discussion: """
        The signed string is the path, "?", and the query without sig in canonical form: parameters \
        sorted by name, then by value (UTF-8 bytes), names and values percent-encoded as RFC 3986 says \
        (all but A-Z a-z 0-9 - . _ ~ as %XX, upper-case hex; + in the URL reads as a space), joined as \
        name=value with &. sig is base64url, without padding, of HMAC-SHA256(key, that string).
        """
    )

    @Argument(help: "The URL or path to sign, such as https://cards.example.com/og/og?title=Hello or /og/og?title=Hello.")
    var url: String

    @Option(help: "The server's --signing-key, hex or base64 (CARD_SERVER_SIGNING_KEY).")
    var key: String?

    func run() throws {
        guard let key = key ?? ProcessInfo.processInfo.environment["CARD_SERVER_SIGNING_KEY"] else {
            throw ValidationError("no key: give --key KEY or set CARD_SERVER_SIGNING_KEY")
        }
        let signer: URLSigner
        do {
            signer = try URLSigner(keyText: key)
        } catch {
            throw ValidationError("--key: \(error)")
        }
        do {
            print(try signer.signedURL(url))
        } catch {
            throw ValidationError("\(url): \(error)")
        }
    }
}
