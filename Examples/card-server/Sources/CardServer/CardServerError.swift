public import AsyncLayerKit
import CardRequestParsing
import RemoteImages
public import Hummingbird
public import HTTPTypes
import NIOCore
import Foundation

/// Every failure the server answers with, and the one place where library errors become HTTP
/// statuses (``init(_:)``). The body is JSON: `{"error": "...", "limit": "..."}`, with `limit`
/// naming the limit that was hit, and `path` naming the JSON path of a malformed document.
///
/// | cause | status | `limit` |
/// | --- | --- | --- |
/// | body over ``CardServerConfiguration/maxBodyBytes`` | 413 | `body-bytes` |
/// | malformed JSON, wrong version, no `size` | 400 | — (`path` set) |
/// | too many elements, too deep, too much text, embedded image bytes | 422 | `nodes`, `depth`, `text-bytes`, `image-bytes` |
/// | `?scale=` or `?quality=` out of range (`RenderParameterError`) | 400 | `scale`, `quality` |
/// | output bitmap over the pixel limit | 422 | `pixels` |
/// | a decoded image over the pixel limit | 422 | `image-pixels` |
/// | render deadline passed | 503 + `Retry-After` | `deadline` |
/// | render lanes full | 503 + `Retry-After` | `render-queue` |
/// | unusable image name (`..`, absolute, hidden, out of the folder: `FolderImageLoaderError.unsafeName`) | 400 | `assets` |
/// | named image missing or unreadable (`FolderImageLoaderError.notFound`, `.unreadable`) | 404 | `assets` |
/// | an image URL while images by URL are off, or on a host not allowed (`--allow-image-host`) | 422 | `image-host` |
/// | an image URL that could not be fetched (refused address, HTTP error, not an image, too large, timed out) | 422 | `image-url` |
/// | an HTML body in a charset other than UTF-8 | 415 | — |
/// | an HTML card over the HTML limits (`HTMLError`): bytes | 413 | `body-bytes` |
/// | … elements, depth, text | 422 | `nodes`, `depth`, `text-bytes` |
/// | … no size (`?width=&height=` nor `<meta name="card-size">`) or a bad one | 422 | `card-size` |
/// | … `display: grid` or another layout the HTML path does not do | 422 | — (`path` set) |
/// | … a style sheet over its limits | 422 | `style` |
/// | … any warning with `?strict=1` (`warnings` lists them) | 422 | `strict` |
/// | … the parser failed, or the tree it maps to was refused | 422 | — |
/// | `?width=`, `?height=`, `?strict=` out of range | 400 | `width`, `height`, `strict` |
/// | a query that does not decode, or over the query limits (`/og`) | 400 | `query` |
/// | `/og` with a signing key: `sig` missing or wrong | 403 | `signature` |
/// | `/og/{template}`: no such template (or no templates folder) | 404 | — |
/// | no acceptable format | 406 | — |
/// | a known path asked with another method (`Allow` lists its methods) | 405 | — |
/// | the body did not arrive within ``CardServerConfiguration/readTimeout`` (connection closed after) | 408 | `read-timeout` |
/// | the client went away (its render is cancelled) | 499, logged only | — |
///
/// A passed deadline is 503 rather than 408 (the client sent its request in time; the server
/// could not draw it in time, which is the server's load as much as the tree's cost).
public struct CardServerError: Error, HTTPResponseError, CustomStringConvertible {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The human-readable message (`error` in the body).
    public var message: String
    /// The limit that was hit (`limit` in the body), if any.
    public var limit: String?
    /// The JSON path of a malformed document (`path` in the body), if any.
    public var path: String?
    /// Seconds for `Retry-After` (503 only).
    public var retryAfter: Int?
    /// Whether the server closes the connection after this response (`Connection: close`): so
    /// it does after every request that waited for a render while watching for its client to go.
    public var closesConnection = false
    /// The methods of the resource (`Allow`, on 405).
    public var allow: String?
    /// The HTML card's warnings, when strict mode refused it (`warnings` in the body).
    public var warnings: [StyleWarning]?

    /// Creates an error.
    public init(status: HTTPResponse.Status, message: String, limit: String? = nil, path: String? = nil, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.limit = limit
        self.path = path
        self.retryAfter = retryAfter
    }

    /// A one-line description: status and message.
    public var description: String { "\(status.code) \(message)" }

    /// Maps any error met while serving a request: ``ElementError``, ``RenderLaneError``,
    /// `CanvasError`, `FolderImageLoaderError`, Hummingbird's `HTTPError`, or this type itself.
    public init(_ error: any Error, retryAfter: Int = 1) {
        switch error {
        case let error as CardServerError:
            self = error
        case let error as ElementError:
            self.init(element: error, retryAfter: retryAfter)
        case let error as CanvasError:
            self.init(element: .canvas(error), retryAfter: retryAfter)
        case let error as FolderImageLoaderError:
            switch error {
            case .unsafeName:
                self.init(status: .badRequest, message: error.description, limit: "assets")
            case .notFound, .unreadable:
                self.init(status: .notFound, message: error.description, limit: "assets")
            }
        case let error as RenderLaneError:
            switch error {
            case .overloaded(let queued, let limit):
                self.init(status: .serviceUnavailable, message: "render queue full (\(queued) of \(limit)); retry later", limit: "render-queue", retryAfter: retryAfter)
            case .shutDown:
                self.init(status: .serviceUnavailable, message: "the server is shutting down", retryAfter: retryAfter)
            }
        case let error as RenderParameterError:
            self.init(status: .badRequest, message: error.description, limit: error.name)
        case let error as QueryStringError:
            self.init(status: .badRequest, message: error.description, limit: "query")
        case let error as HTMLError:
            self.init(html: error)
        case let error as RequestReadTimeoutError:
            self.init(status: .requestTimeout, message: error.description, limit: "read-timeout")
            closesConnection = true
        case let error as HTTPError where error.status == .contentTooLarge:
            self.init(status: .contentTooLarge, message: "request body over the limit", limit: "body-bytes")
        case let error as HTTPError:
            self.init(status: error.status, message: error.body ?? error.status.reasonPhrase)
        case is CancellationError:
            // The request's task is cancelled only when its client has gone away.
            self.init(status: .clientClosedRequest, message: "the client closed the connection; its render was cancelled")
        default:
            self.init(status: .internalServerError, message: "\(error)")
        }
    }

    private init(element error: ElementError, retryAfter: Int) {
        let message = error.description
        switch error {
        case .invalidJSON(let path, _):
            self.init(status: .badRequest, message: message, path: path.isEmpty ? "$" : path)
        case .unusableValue(let path, _):
            // Well-formed and schema-valid, but unusable (a font that is not one, a key that is not
            // one grapheme): the content's problem, as a corrupt image is.
            self.init(status: .unprocessableContent, message: message, path: path.isEmpty ? "$" : path)
        case .unsupportedVersion:
            self.init(status: .badRequest, message: message, path: "version")
        case .documentTooLarge:
            self.init(status: .contentTooLarge, message: message, limit: "body-bytes")
        case .tooDeep:
            self.init(status: .unprocessableContent, message: message, limit: "depth")
        case .tooManyNodes:
            self.init(status: .unprocessableContent, message: message, limit: "nodes")
        case .textTooLong, .canvas(.textTooLong):
            self.init(status: .unprocessableContent, message: message, limit: "text-bytes")
        case .imagesTooLarge:
            self.init(status: .unprocessableContent, message: message, limit: "image-bytes")
        case .canvas(.imageTooManyPixels):
            self.init(status: .unprocessableContent, message: message, limit: "image-pixels")
        case .canvas(.tooManyPixels):
            self.init(status: .unprocessableContent, message: message, limit: "pixels")
        case .imageLoadFailed(let name, _) where RemoteImageLoader.isURLName(name):
            // The tree's URL could not be had: the request's problem (its URL), not the server's.
            self.init(status: .unprocessableContent, message: message, limit: "image-url")
        case .imageLoadFailed, .noImageLoader:
            self.init(status: .notFound, message: message, limit: "assets")
        case .deadlineExceeded:
            self.init(status: .serviceUnavailable, message: message, limit: "deadline", retryAfter: retryAfter)
        case .cancelled:
            self.init(status: .serviceUnavailable, message: message, retryAfter: retryAfter)
        case .invalidLayout, .canvas:
            self.init(status: .unprocessableContent, message: message)
        case .customDrawFailed:
            self.init(status: .internalServerError, message: message)
        }
    }

    /// An HTML card's error: the card's problem (or its size's), never 500.
    private init(html error: HTMLError) {
        let message = error.description
        switch error {
        case .documentTooLarge:
            self.init(status: .contentTooLarge, message: message, limit: "body-bytes")
        case .tooManyElements:
            self.init(status: .unprocessableContent, message: message, limit: "nodes")
        case .tooDeep:
            self.init(status: .unprocessableContent, message: message, limit: "depth")
        case .textTooLong:
            self.init(status: .unprocessableContent, message: message, limit: "text-bytes")
        case .missingSize, .badSize:
            self.init(status: .unprocessableContent, message: message, limit: "card-size")
        case .unsupported(let path, _):
            self.init(status: .unprocessableContent, message: message, path: path)
        case .style:
            self.init(status: .unprocessableContent, message: message, limit: "style")
        case .warning(let warning):
            self.init(status: .unprocessableContent, message: "strict: \(message)", limit: "strict")
            warnings = [warning]
        case .element, .parserFailed:
            self.init(status: .unprocessableContent, message: message)
        }
    }

    /// One warning of an HTML card in the body (strict mode).
    struct WarningBody: Codable, Equatable {
        var path: String
        var property: String
        var reason: String
    }

    /// The JSON body.
    struct Body: Codable, Equatable {
        var error: String
        var limit: String?
        var path: String?
        var warnings: [WarningBody]?
    }

    /// The response: JSON body, `Retry-After` on 503.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = (try? encoder.encode(Body(error: message, limit: limit, path: path,
                                                            warnings: warnings?.map { WarningBody(path: $0.path, property: $0.property, reason: $0.reason) }))) ?? Data("{}".utf8)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if closesConnection { headers[.connection] = "close" }
        if let allow { headers[.allow] = allow }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
