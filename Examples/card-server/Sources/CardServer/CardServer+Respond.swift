import AsyncLayerKit
import CardRequestParsing
import Hummingbird
import HTTPTypes
import NIOCore

/// The path every image request ends in: the image's content-hash name, `If-None-Match`, the
/// render service's cached encodings, then one render and encode shared by identical requests
/// (the service's), cancelled when its last client goes away.
extension CardServer {

    func respond(
        tree: HashedElement, size: Size, layout: LayoutResult?, service: ElementRenderService,
        format: CardFormat, request: Request, cacheControl: String, fonts: FontSet? = nil, defaultScale: Double = CardServer.defaultScale
    ) async throws -> Response {
        let scale = try scale(of: request, default: defaultScale)
        let quality = try quality(of: request, format: format)
        try checkPixels(size: size, scale: scale)
        // The name of this exact image: content hash, size, scale, quality and format; it is the
        // strong ETag and the content-hash URL.
        let image = ImageName(hash: tree.contentHash, size: size, scale: scale, quality: quality, format: format, fonts: fonts?.digest)
        let etag = "\"\(image.fileName)\""
        var headers: HTTPFields = [
            .eTag: etag, .vary: "Accept", .cacheControl: cacheControl, .contentLocation: "/images/\(image.fileName)",
        ]
        // A tree with an image URL may draw differently each time (the picture behind it can
        // change): it has no name, no ETag, and is rendered for every request.
        let changing = service.picturesMayChange(in: tree)
        if changing {
            headers = [.vary: "Accept", .cacheControl: "no-cache"]
        } else if ifNoneMatch(request.headers[.ifNoneMatch], matches: etag) {
            headers[.cacheStatus] = ResponseOutcome.notModified.cacheStatus
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = format.mediaType
        // Encoded before (in the service's cache, under its one byte budget): no render, no
        // encode, no lane, and no watch on the connection.
        let options = image.options
        let sized = {
            var request = RenderRequest(tree, size: size, scale: scale)
            request.fonts = fonts
            return request
        }()
        if !changing, let cached = service.cachedEncoding(of: sized, as: options) {
            headers[.cacheStatus] = ResponseOutcome.stored.cacheStatus
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: cached)))
        }
        // Render and encode, shared by every identical request in flight (the service's
        // InFlightWork, keyed by tree hash, size, scale and options).
        let encode: @Sendable () async throws -> ElementRenderService.EncodedImage = {
            if let layout {
                var laidOut = RenderRequest(tree, layout: layout, scale: scale)
                laidOut.fonts = fonts
                return try await service.encodeShared(laidOut, as: options)
            }
            return try await service.encodeShared(sized, as: options)
        }
        let encoded: ElementRenderService.EncodedImage
        if configuration.cancelsRenderOnDisconnect {
            // Hummingbird cancels nothing when a client goes away; this watches the request's
            // inbound stream and cancels the wait when it closes. The shared work is cancelled
            // when its last waiter leaves. Watching ends keep-alive for this connection, so the
            // answer, success or error, says `Connection: close`.
            do {
                encoded = try await request.body.consumeWithCancellationOnInboundClose { _ in try await encode() }
            } catch {
                var failure = CardServerError(error, retryAfter: configuration.retryAfterSeconds)
                failure.closesConnection = true
                throw failure
            }
        } else {
            encoded = try await encode()
        }
        if configuration.cancelsRenderOnDisconnect { headers[.connection] = "close" }
        let outcome: ResponseOutcome = switch encoded.source {
        case .cache: .stored
        case .encoded: .rendered
        case .joined: .shared
        }
        headers[.cacheStatus] = outcome.cacheStatus
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: encoded.bytes)))
    }

    /// The encoding `/images/{name}` names, from either service's cache (the name does not say
    /// which service made it); `nil` when neither holds it.
    func cachedImage(_ name: ImageName) async -> [UInt8]? {
        let key = name.encodingKey
        if let bytes = templateService.cache.encoding(for: key) { return bytes }
        return service.cache.encoding(for: key)
    }

    /// What the two services' caches hold: renders, encodings, decoded images, texts.
    func cacheMetrics() async -> [ElementCache.Metrics] {
        [await service.cache.metrics, await templateService.cache.metrics]
    }

    static func format(for request: Request) throws(CardServerError) -> CardFormat {
        let accept = request.headers[values: .accept].joined(separator: ", ")
        guard let format = CardFormat.negotiate(accept: accept.isEmpty ? nil : accept) else {
            throw CardServerError(status: .notAcceptable, message: "no acceptable format: the server makes image/webp, image/png and image/jpeg")
        }
        return format
    }

    private func scale(of request: Request, default defaultScale: Double) throws(RenderParameterError) -> Double {
        try RenderParameters.scale(request.uri.queryParameters["scale"], default: defaultScale, max: configuration.maxScale)
    }

    private func quality(of request: Request, format: CardFormat) throws(RenderParameterError) -> Int {
        try RenderParameters.quality(request.uri.queryParameters["quality"], format: format)
    }

    /// The output bitmap's pixel limit, checked before rendering (422, `limit: "pixels"`).
    private func checkPixels(size: Size, scale: Double) throws(CardServerError) {
        do {
            _ = try configuration.limits.pixels.pixelSize(for: size, scale: scale)
        } catch {
            throw CardServerError(status: .unprocessableContent, message: "output \(size.width)×\(size.height) pt at scale \(scale): \(error)", limit: "pixels")
        }
    }
}
