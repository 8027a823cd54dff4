import AsyncLayerKit
import Hummingbird
import HTTPTypes
import NIOCore

/// The path every image request ends in: the image's content-hash name, `If-None-Match`, the
/// stored encodings, then one render and encode shared by identical requests, cancelled when
/// its last client goes away.
extension CardServer {

    func respond(
        tree: HashedElement, size: Size, layout: LayoutResult?, service: ElementRenderService,
        format: CardFormat, request: Request, cacheControl: String
    ) async throws -> Response {
        let scale = try scale(of: request)
        let quality = try quality(of: request, format: format)
        try checkPixels(size: size, scale: scale)
        // The name of this exact image: content hash, size, scale, quality; with the format's
        // extension it is the strong ETag and the content-hash URL.
        var name = "\(tree.contentHash)-\(Self.number(size.width))x\(Self.number(size.height))@\(Self.number(scale))"
        if format != .png { name += "-q\(quality)" }
        name += "." + format.fileExtension
        let etag = "\"\(name)\""
        var headers: HTTPFields = [
            .eTag: etag, .vary: "Accept", .cacheControl: cacheControl, .contentLocation: "/images/\(name)",
        ]
        if ifNoneMatch(request.headers[.ifNoneMatch], matches: etag) {
            headers[.cacheStatus] = ResponseOutcome.notModified.cacheStatus
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = format.mediaType
        // Encoded before (the same name is the same bytes): no render, no encode, no lane.
        if let stored = await images.bytes(for: name) {
            headers[.cacheStatus] = ResponseOutcome.stored.cacheStatus
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: stored)))
        }
        // Render and encode, shared by every identical request in flight; this request's token
        // tells whether it started the work or joined it.
        let token = UInt64.random(in: .min ... .max)
        let work: @Sendable () async throws -> SharedEncoding = { [lanes, images, name, metrics] in
            do {
                // Work that finished between this request's look at the store and its start here
                // has stored its bytes by now: no second encode.
                if let stored = await images.bytes(for: name) {
                    return SharedEncoding(bytes: stored, startedBy: token, wasStored: true)
                }
                let bitmap = if let layout {
                    try await service.render(tree, layout: layout, scale: scale)
                } else {
                    try await service.render(tree, size: size, scale: scale)
                }
                let options = format.encodingOptions(quality: quality)
                let bytes = try await lanes.render(priority: .userInitiated) { try ImageEncoder.encode(bitmap, as: options) }
                await images.insert(bytes, for: name)
                return SharedEncoding(bytes: bytes, startedBy: token, wasStored: false)
            } catch {
                // This task is cancelled only when its last waiter has left (InFlightWork): a
                // render that stops for it is a render cancelled, counted here where it stops.
                if Task.isCancelled { metrics.renderCancelled() }
                throw error
            }
        }
        let encoding: SharedEncoding
        if configuration.cancelsRenderOnDisconnect {
            // Hummingbird cancels nothing when a client goes away; this watches the request's
            // inbound stream and cancels the wait when it closes. The shared work is cancelled
            // when its last waiter leaves. Watching ends keep-alive for this connection, so the
            // answer, success or error, says `Connection: close`.
            do {
                encoding = try await request.body.consumeWithCancellationOnInboundClose { _ in
                    try await self.encodings.value(for: name, work)
                }
            } catch {
                var failure = CardServerError(error, retryAfter: configuration.retryAfterSeconds)
                failure.closesConnection = true
                throw failure
            }
        } else {
            encoding = try await encodings.value(for: name, work)
        }
        if configuration.cancelsRenderOnDisconnect { headers[.connection] = "close" }
        let outcome: ResponseOutcome = encoding.wasStored ? .stored : encoding.startedBy == token ? .rendered : .shared
        headers[.cacheStatus] = outcome.cacheStatus
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: encoding.bytes)))
    }

    /// The bytes held by the render caches (both services).
    func cacheBytes() async -> Int {
        let bytes = await service.cache.metrics.bytes
        return bytes + (await templateService.cache.metrics.bytes)
    }

    static func format(for request: Request) throws(CardServerError) -> CardFormat {
        let accept = request.headers[values: .accept].joined(separator: ", ")
        guard let format = CardFormat.negotiate(accept: accept.isEmpty ? nil : accept) else {
            throw CardServerError(status: .notAcceptable, message: "no acceptable format: the server makes image/webp, image/png and image/jpeg")
        }
        return format
    }

    private func scale(of request: Request) throws(CardServerError) -> Double {
        guard let text = request.uri.queryParameters["scale"] else { return Self.defaultScale }
        guard let scale = Double(String(text)), scale.isFinite, scale > 0, scale <= configuration.maxScale else {
            throw CardServerError(status: .badRequest, message: "scale \(text): expected 0 < scale ≤ \(configuration.maxScale)", limit: "scale")
        }
        return scale
    }

    private func quality(of request: Request, format: CardFormat) throws(CardServerError) -> Int {
        guard format != .png else { return 0 }
        guard let text = request.uri.queryParameters["quality"] else { return format.defaultQuality }
        guard let quality = Int(String(text)), (1...100).contains(quality) else {
            throw CardServerError(status: .badRequest, message: "quality \(text): expected 1...100", limit: "quality")
        }
        return quality
    }

    /// The output bitmap's pixel limit, checked before rendering (422, `limit: "pixels"`).
    private func checkPixels(size: Size, scale: Double) throws(CardServerError) {
        do {
            _ = try configuration.limits.pixels.pixelSize(for: size, scale: scale)
        } catch {
            throw CardServerError(status: .unprocessableContent, message: "output \(size.width)×\(size.height) pt at scale \(scale): \(error)", limit: "pixels")
        }
    }

    /// A number as short as it reads: 375 rather than 375.0.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// One render and encode, shared by identical requests.
struct SharedEncoding: Sendable {
    /// The encoded image.
    let bytes: [UInt8]
    /// The token of the request that started the work.
    let startedBy: UInt64
    /// Whether the bytes were found stored when the work began (nothing rendered or encoded).
    let wasStored: Bool
}
