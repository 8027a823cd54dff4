public import AsyncLayerKit
import CardRequestParsing
public import Hummingbird
public import HummingbirdCore
import HTTPTypes
public import Logging
import NIOCore
import FeedSupport
import Foundation
import ReferenceCard
public import RemoteImages

/// The server's state and routes: render services (their caches keep the encoded images), template data.
///
/// Two ``/AsyncLayerKit/ElementRenderService``s share one ``/AsyncLayerKit/RenderLanes`` (so one
/// admission limit bounds all work): one for `POST /render`, whose named images come only from
/// the configured assets folder (and, with ``CardServerConfiguration/allowedImageHosts``, from
/// `http(s)` URLs on those hosts, behind `RemoteImageLoader`'s guard; and its emoji pictures from
/// the emoji folder, if one is configured), and one for the bundled templates and their bundled
/// images, which never fetches anything from the network. Each keeps its renders, encodings, decoded
/// images and texts in its own ``/AsyncLayerKit/ElementCache`` under one byte budget (half of
/// ``CardServerConfiguration/cacheBytes`` each): two, because named images mean different files
/// in the two (the assets folder, the bundled images).
public final class CardServer: Sendable {
    /// The configuration.
    public let configuration: CardServerConfiguration
    /// The lanes every render and encode runs on (`.fail` at the admission limit → 503).
    public let lanes: RenderLanes
    /// Renders of `POST /render` trees.
    public let service: ElementRenderService
    /// Renders of the bundled templates (`GET /cards/...`).
    public let templateService: ElementRenderService
    /// The assets folder's loader, if one is configured.
    public let assets: FolderImageLoader?
    /// The loader of image URLs, when ``CardServerConfiguration/allowedImageHosts`` names any.
    public let remoteImages: RemoteImageLoader?
    private let feedItems: [String: FeedItem]
    private let feedLayouts: FeedLayoutCache<FeedItem>
    /// The live cards' trees, hashed once at start.
    private let liveTrees: [HashedElement]
    /// The feed cells' trees, hashed once when first asked for.
    private let feedTrees = TemplateTrees()
    /// Requests, outcomes, durations, cancellations and overloads; served at `GET /metrics`.
    public let metrics: CardServerMetrics
    /// The HTML card templates of `GET /og/{template}`, when a folder is configured.
    public let htmlTemplates: HTMLTemplates?
    /// The signer `GET /og/...` URLs are checked with, when a key is configured.
    public let signer: URLSigner?

    /// The default scale (pixels per point) when a request names none.
    public static let defaultScale = 2.0
    /// The width of a feed cell, in points.
    public static let feedWidth = 375.0
    /// The OpenAPI 3.1 document of the routes (`Sources/CardServer/openapi.json`, compiled in).
    public static let openAPIDocument: [UInt8] = PackageResources.openapi_json

    /// Creates the state: lanes, services, and the bundled templates' data and images.
    ///
    /// - Parameter lanes: The lanes to render on; default new lanes of
    ///   ``CardServerConfiguration/laneWidth`` threads with ``CardServerConfiguration/admissionLimit``
    ///   and the `.fail` policy.
    /// - Throws: when the sample feed (``CardServerConfiguration/feedDirectory``, else the
    ///   bundled copy) or the bundled images cannot be read, or the emoji folder
    ///   (``CardServerConfiguration/emojiFolder``) cannot be listed; ``HTMLTemplateError`` when a
    ///   template of ``CardServerConfiguration/htmlTemplatesFolder`` cannot be used.
    public init(configuration: CardServerConfiguration, lanes: RenderLanes? = nil) async throws {
        self.configuration = configuration
        let lanes = lanes ?? RenderLanes(width: configuration.laneWidth, admissionLimit: configuration.admissionLimit, overloadPolicy: .fail)
        self.lanes = lanes
        let assets = configuration.assetsFolder.map { FolderImageLoader(folder: $0.path) }
        self.assets = assets
        var remoteImages: RemoteImageLoader?
        if !configuration.allowedImageHosts.isEmpty {
            var policy = configuration.imagePolicy
            policy.allowedHosts = configuration.allowedImageHosts
            remoteImages = try RemoteImageLoader(policy: policy, cacheBytes: configuration.cacheBytes / 8, fallback: assets)
        }
        self.remoteImages = remoteImages
        let loader: (any ElementImageLoader)? = remoteImages ?? assets
        let emoji = try configuration.emojiFolder.map { folder throws(EmojiImages.FolderError) in try EmojiImages(folder: folder.path) }
        self.service = ElementRenderService(.init(limits: configuration.limits, imageLoader: loader, emojiImages: emoji, lanes: lanes,
                                                  cacheBytes: configuration.cacheBytes / 2, fonts: configuration.fonts))
        let feed = configuration.feedDirectory ?? SampleFeed.directory
        var bundled = try SampleFeed.imageLoader(in: feed).images
        let card = try ReferenceCardAssets.bundledFiles()
        bundled["cover"] = card.cover
        bundled["avatar"] = card.avatar
        self.templateService = ElementRenderService(.init(limits: configuration.limits, imageLoader: TemplateImages(images: bundled), lanes: lanes, cacheBytes: configuration.cacheBytes / 2))
        let page = try await SampleFeed.loadPage(in: feed)
        self.feedItems = Dictionary(page.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.feedLayouts = FeedLayoutCache(template: FeedCells(), limits: configuration.limits, lanes: lanes,
                                           priority: .userInitiated, textCache: templateService.cache)
        self.liveTrees = try LiveCardRecord.samples.map { try HashedElement(ReferenceCard.element(for: $0)) }
        self.signer = configuration.signingKey.map { URLSigner(key: $0) }
        self.htmlTemplates = try configuration.htmlTemplatesFolder.map { try HTMLTemplates(folder: $0, options: Self.htmlOptions(for: configuration)) }
        let services = [service, templateService]
        self.metrics = CardServerMetrics(rendersCancelled: { services.reduce(0) { $0 + $1.encodesCancelled } })
    }

    /// The routes:
    /// - `POST /render`: a JSON element document (with `size`) → the image; or, with
    ///   `Content-Type: text/html`, an HTML card (``/HTML/HTMLCard``) sized by `?width=`/`?height=`
    ///   or its `<meta name="card-size">`, its warnings in `X-Card-Warnings`/`X-Card-Warning`, and
    ///   with `?strict=1` refused (422) when it has any;
    /// - `GET /og/{template}`: an HTML template of ``CardServerConfiguration/htmlTemplatesFolder``
    ///   rendered with the query as its Mustache context (HTML-escaped), signed with
    ///   ``CardServerConfiguration/signingKey`` when one is set (``URLSigner``);
    /// - `GET /cards/live/{index}`: the reference live card of `LiveCardRecord.samples[index]`;
    /// - `GET /cards/feed/{id}`: the sample feed's cell of item `id`, 375 pt wide;
    /// - `GET /images/{name}.{webp|png|jpg}`: an image rendered before, by content-hash name,
    ///   immutable;
    /// - `GET /health`: `ok`;
    /// - `GET /metrics`: ``CardServerMetrics`` as Prometheus text;
    /// - `GET /openapi.json`: the OpenAPI 3.1 document of these routes (``openAPIDocument``).
    ///
    /// A known path asked with a method it does not have answers 405 with `Allow`; an unknown
    /// path, 404.
    ///
    /// Render routes take `?scale=` (default 2) and `?quality=` (1...100, WebP/JPEG), choose the
    /// format by `Accept`, and answer `If-None-Match` with 304 before rendering. Their responses
    /// say in `Cache-Status` (RFC 9211) whether they were rendered (`fwd=miss; stored`), joined an
    /// identical render in flight (`fwd=miss; collapsed`) or served from the encodings in the
    /// render services' caches (`hit`).
    public func router() -> Router<BasicRequestContext> {
        // The routes once on a scratch router, for the table of methods per path (405 vs 404).
        let scratch = Router(context: BasicRequestContext.self)
        addRoutes(to: scratch)
        let methods = RouteMethods(scratch.routes.map { (path: $0.path.description, method: $0.method) })
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ObservingMiddleware(retryAfter: configuration.retryAfterSeconds, metrics: metrics, methods: methods))
        addRoutes(to: router)
        return router
    }

    private func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/health") { _, _ in "ok" }
        router.get("/metrics") { _, _ in
            let text = self.metrics.exposition(lanes: self.lanes, caches: await self.cacheMetrics())
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
        }
        router.get("/openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: Self.openAPIDocument)))
        }
        router.post("/render") { request, context in
            try await self.renderPosted(request, context: context)
        }
        router.get("/cards/:template/:id") { request, context in
            try await self.renderTemplate(request, context: context)
        }
        router.get("/images/:file") { request, context in
            try await self.storedImage(request, context: context)
        }
        router.get("/og/:template") { request, context in
            try await self.renderHTMLTemplate(request, context: context)
        }
    }

    /// The application on `configuration`'s address, with this server's routes.
    public func application(configuration: ApplicationConfiguration, logger: Logger) -> some ApplicationProtocol {
        Application(router: router(), server: httpServer, configuration: configuration, logger: logger)
    }

    /// HTTP/1.1 with the slow-client bounds: ``CardServerConfiguration/idleTimeout`` (idle
    /// connections and unfinished heads) and ``CardServerConfiguration/readTimeout`` (bodies).
    public var httpServer: HTTPServerBuilder {
        let readTimeout = configuration.readTimeout
        return .http1(configuration: .init(additionalChannelHandlers: [RequestReadTimeoutHandler(timeout: readTimeout)],
                                           idleTimeout: TimeAmount(configuration.idleTimeout)))
    }

    // MARK: Routes

    private func renderPosted(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let format = try Self.format(for: request)
        let mediaType = BodyMediaType(contentType: request.headers[.contentType])
        if case .unsupportedCharset(let charset) = mediaType {
            throw CardServerError(status: .unsupportedMediaType, message: "text/html in charset \"\(charset.prefix(64))\": HTML cards are read in UTF-8 only")
        }
        // The HTML body's parameters, checked for every body (a JSON document has its own size).
        let width = try RenderParameters.cardSide(request.uri.queryParameters["width"], name: "width")
        let height = try RenderParameters.cardSide(request.uri.queryParameters["height"], name: "height")
        let strict = try RenderParameters.flag(request.uri.queryParameters["strict"], name: "strict")
        let body: ByteBuffer
        // Collected into the request (not only read), so that watching for the client going
        // away later reads on from the end of this body rather than from a half-read stream.
        var request = request
        do {
            body = try await request.collectBody(upTo: configuration.maxBodyBytes)
        } catch let error where error is NIOTooManyBytesError || (error as? HTTPError)?.status == .contentTooLarge {
            // Hummingbird's streamed bodies throw HTTPError(.contentTooLarge), buffered ones NIO's error.
            throw CardServerError(status: .contentTooLarge, message: "request body over the limit of \(configuration.maxBodyBytes) bytes", limit: "body-bytes")
        }
        if mediaType == .html {
            return try await renderPostedHTML(body, request: request, format: format, width: width, height: height, strict: strict)
        }
        var limits = configuration.limits
        limits.maxDocumentBytes = min(limits.maxDocumentBytes, configuration.maxBodyBytes)
        let document = try ElementDocument.decode(body.readableBytesView, options: ElementDecodingOptions(limits: limits))
        guard let size = document.size else {
            throw CardServerError(status: .badRequest, message: "size: the document has no \"size\"", path: "size")
        }
        // The tree with its own grapheme images (so its hash covers them); the service's emoji
        // folder, for the graphemes it leaves, is applied inside the render.
        let root = try document.resolvedRoot(limits: limits)
        try checkImageNames(in: root)
        let tree = try HashedElement(root)
        // The document's own fonts; the service lays them over the server's (--fonts).
        let fonts: FontSet?
        do { fonts = try document.fontSet() } catch { throw ElementError.canvas(error) }
        return try await respond(tree: tree, size: size, layout: nil, service: service, format: format, request: request,
                                 cacheControl: "no-cache", fonts: fonts)
    }

    /// Refuses a tree whose image names cannot be had, before rendering: a URL when images by
    /// URL are off or its host is not allowed (422, `limit: image-host`), a bad or missing file
    /// name in the assets folder (400 or 404, `limit: assets`).
    func checkImageNames(in root: Element) throws {
        for name in root.imageNamesInTree {
            if RemoteImageLoader.isURLName(name) {
                guard let remoteImages else {
                    throw CardServerError(status: .unprocessableContent,
                                          message: "image \"\(name)\": images by URL are not enabled on this server (card-server --allow-image-host HOST)",
                                          limit: "image-host")
                }
                do {
                    try remoteImages.policy.validate(name)
                } catch {
                    throw CardServerError(status: .unprocessableContent, message: "image \"\(name)\": \(error)", limit: "image-host")
                }
            } else if let assets {
                _ = try assets.path(ofImageNamed: name)
            }
        }
    }

    private func renderTemplate(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let template = try context.parameters.require("template")
        let id = try context.parameters.require("id")
        let format = try Self.format(for: request)
        switch template {
        case "live":
            guard let index = Int(id), liveTrees.indices.contains(index) else {
                throw CardServerError(status: .notFound, message: "no live card \(id) (0..<\(liveTrees.count))")
            }
            return try await respond(tree: liveTrees[index], size: ReferenceCard.size, layout: nil, service: templateService,
                                     format: format, request: request, cacheControl: "public, max-age=60")
        case "feed":
            guard let item = feedItems[id] else {
                throw CardServerError(status: .notFound, message: "no feed item \"\(id)\"")
            }
            let cell: TemplateTrees.Entry
            if let known = await feedTrees.entry(for: id) {
                cell = known
            } else {
                let laidOut = try await feedLayouts.layout(of: item, width: Self.feedWidth)
                cell = TemplateTrees.Entry(tree: try HashedElement(laidOut.element), size: laidOut.size, layout: laidOut.layout)
                await feedTrees.insert(cell, for: id)
            }
            return try await respond(tree: cell.tree, size: cell.size, layout: cell.layout, service: templateService,
                                     format: format, request: request, cacheControl: "public, max-age=60")
        default:
            throw CardServerError(status: .notFound, message: "no template \"\(template)\" (live, feed)")
        }
    }

    private func storedImage(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let file = try context.parameters.require("file")
        guard let dot = file.lastIndex(of: "."), let format = CardFormat(fileExtension: String(file[file.index(after: dot)...])) else {
            throw CardServerError(status: .notFound, message: "no image \"\(file)\"")
        }
        let name = String(file[..<dot]) + "." + format.fileExtension
        let etag = "\"\(name)\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "public, max-age=31536000, immutable", .cacheStatus: ResponseOutcome.stored.cacheStatus!]
        // The name is the content: a client holding this tag holds these bytes, whichever replica
        // made them and whether or not this one still caches them.
        if ifNoneMatch(request.headers[.ifNoneMatch], matches: etag) {
            return Response(status: .notModified, headers: headers)
        }
        // The name read back is the cache key (only names the server writes parse).
        guard let image = ImageName(fileName: name), let bytes = await cachedImage(image) else {
            throw CardServerError(status: .notFound, message: "no image \"\(file)\" (only images rendered since the server started and still cached)")
        }
        headers[.contentType] = format.mediaType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

}
