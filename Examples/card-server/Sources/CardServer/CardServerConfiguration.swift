public import AsyncLayerKit
public import Foundation
public import RemoteImages

/// What the server is configured with (the executable fills it from arguments and environment).
public struct CardServerConfiguration: Sendable {
    /// The folder `POST /render` trees may name images from; `nil`: no named images at all.
    public var assetsFolder: URL?
    /// The Twemoji-style emoji folder of `POST /render` (``/AsyncLayerKit/EmojiImages``): files
    /// named by code points (`1f600.svg`, `2764.svg`), drawn inline at the font size in place of
    /// the emoji they name; a tree's own `graphemeImages` win over it. `nil`: the fonts draw every
    /// emoji (Noto Color Emoji). Listed once, when the server starts.
    public var emojiFolder: URL?
    /// The largest request body, in bytes (413 above).
    public var maxBodyBytes: Int
    /// Tree limits: nodes, depth, text, embedded image bytes, pixels, render deadline.
    public var limits: ElementLimits
    /// Render lane threads.
    public var laneWidth: Int
    /// The most renders and encodes admitted (queued or running) at once; more → 503.
    public var admissionLimit: Int
    /// The byte budget of the render services' caches, split evenly between the two services:
    /// finished renders, their encodings (served again by content-hash name and to repeated
    /// requests), decoded images and measured texts, least recently used out first. Default
    /// 192 MiB (the 128 MiB of renders plus the 64 MiB the separate image store had before).
    public var cacheBytes: Int
    /// The folder of the sample feed served at `/cards/feed/{id}` (`sample-feed.json` and
    /// `images/`); `nil`: the copy bundled with the server (`FEED_DATA_DIR` overrides it).
    public var feedDirectory: URL?
    /// `Retry-After` seconds on 503.
    public var retryAfterSeconds: Int
    /// The largest scale a request may ask for (`?scale=`; default 2).
    public var maxScale: Double
    /// Whether a render is cancelled when its client goes away (unless another request shares
    /// it). Watching for that ends keep-alive on the connection of a rendered response, which
    /// then says `Connection: close`; stored images and 304s keep the connection.
    public var cancelsRenderOnDisconnect: Bool
    /// How long a connection may sit without a request in progress, or with a request head not
    /// yet whole, before the server closes it (a client trickling its headers is closed by this).
    public var idleTimeout: Duration
    /// How long a request may take from its head to the end of its body; past it the body's
    /// reader fails (408, `limit: "read-timeout"`) and the connection closes.
    public var readTimeout: Duration
    /// The server's fonts (`--fonts DIR`): posted trees may name their families, and they are
    /// tried before the system's for characters a text's fonts lack. A document's own `fonts`
    /// replace the families they declare, for that render only. `nil`: system fonts only.
    public var fonts: FontSet?
    /// Hosts `POST /render` trees may name `http(s)` image URLs on (`images.example.com`, or
    /// `*.example.com`), fetched through a `RemoteImageLoader` with the assets folder as its
    /// fallback; empty (the default): no image by URL, and a tree naming one is refused with 422.
    public var allowedImageHosts: [String]
    /// The guard's rules besides the hosts (limits, timeouts, redirects; tests also allow
    /// loopback here); ``allowedImageHosts`` replaces its `allowedHosts`.
    public var imagePolicy: RemoteImagePolicy
    /// The folder of the HTML card templates of `GET /og/{template}` (``HTMLTemplates``:
    /// `NAME.html` or `NAME.mustache`), read and compiled when the server starts; `nil`: no
    /// templates, and `/og/...` answers 404.
    public var htmlTemplatesFolder: URL?
    /// The key `GET /og/...` URLs must be signed with (``URLSigner``: `sig` = base64url of the
    /// HMAC-SHA256 of the path and the canonical query); `nil`: no signature asked for.
    public var signingKey: [UInt8]?
    /// The most query parameters a `/og` request may have (400 `limit: query` above).
    public var maxQueryParameters = 32
    /// The longest query parameter value of a `/og` request, in Unicode scalars after decoding
    /// (what JSON Schema's `maxLength` counts, so the OpenAPI document can state it).
    public var maxQueryValueLength = 256
    /// The longest raw (percent-encoded) query of a `/og` request, in bytes.
    public var maxQueryBytes = 16_384

    /// Creates a configuration; the defaults suit cards.
    public init(
        assetsFolder: URL? = nil,
        emojiFolder: URL? = nil,
        maxBodyBytes: Int = 1 << 20,
        limits: ElementLimits = ElementLimits(maxNodes: 2_000, maxDepth: 32, maxTextUTF8Bytes: 64 * 1024,
                                              maxEncodedImageBytes: 4 << 20, pixels: .init(maxPixelCount: 4_000_000),
                                              maxRenderDuration: .seconds(5)),
        laneWidth: Int = RenderExecutor.defaultWidth,
        admissionLimit: Int? = nil,
        cacheBytes: Int = 192 << 20,
        feedDirectory: URL? = nil,
        retryAfterSeconds: Int = 1,
        maxScale: Double = 4,
        cancelsRenderOnDisconnect: Bool = true,
        idleTimeout: Duration = .seconds(30),
        readTimeout: Duration = .seconds(15),
        allowedImageHosts: [String] = [],
        imagePolicy: RemoteImagePolicy = RemoteImagePolicy()
    ) {
        self.assetsFolder = assetsFolder
        self.emojiFolder = emojiFolder
        self.maxBodyBytes = maxBodyBytes
        self.limits = limits
        self.laneWidth = laneWidth
        self.admissionLimit = admissionLimit ?? laneWidth * 8
        self.cacheBytes = cacheBytes
        self.feedDirectory = feedDirectory
        self.retryAfterSeconds = retryAfterSeconds
        self.maxScale = maxScale
        self.cancelsRenderOnDisconnect = cancelsRenderOnDisconnect
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
        self.allowedImageHosts = allowedImageHosts
        self.imagePolicy = imagePolicy
    }
}
