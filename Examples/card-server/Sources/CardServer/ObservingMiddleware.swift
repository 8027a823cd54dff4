import Hummingbird
import HTTPTypes
import Logging

/// The outermost middleware: turns every error a route throws into ``CardServerError`` (the one
/// place where errors become statuses; a wrong method on a known path becomes 405), and records each request once, in the metrics and as one
/// structured access-log line (metadata: `hb.request.id`, `method`, `path`, `status`, `outcome`,
/// `bytes`, `duration_ms`, and `limit`/`error` on failures).
///
/// Health checks and scrapes log at `debug`, everything else at `info`; a failure of the server's
/// own (5xx other than 503) logs at `error`.
struct ObservingMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let retryAfter: Int
    let metrics: CardServerMetrics
    /// The methods of each route, for 405 (the router says 404 when only the method is wrong).
    let methods: RouteMethods

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request, context)
            let outcome = ResponseOutcome(cacheStatus: response.headers[.cacheStatus], status: response.status.code)
            observe(request, context: context, status: response.status.code, outcome: outcome,
                    bytes: response.body.contentLength, error: nil, duration: clock.now - start)
            return response
        } catch {
            var mapped = CardServerError(error, retryAfter: retryAfter)
            // The router's not-found responder names the endpoint "NotFound": no route took the request.
            if mapped.status == .notFound, context.endpointPath == nil || context.endpointPath == "NotFound",
               case let allowed = methods.allowed(for: request.uri.path), !allowed.isEmpty {
                mapped = CardServerError(status: .methodNotAllowed, message: "\(request.method.rawValue) is not allowed on \(request.uri.path)")
                mapped.allow = allowed.joined(separator: ", ")
            }
            let outcome: ResponseOutcome =
                if mapped.status == .clientClosedRequest { .cancelled } else if mapped.limit == "render-queue" { .overloaded } else { .error }
            observe(request, context: context, status: mapped.status.code, outcome: outcome,
                    bytes: nil, error: mapped, duration: clock.now - start)
            throw mapped
        }
    }

    private func observe(
        _ request: Request, context: Context, status: Int, outcome: ResponseOutcome, bytes: Int?,
        error: CardServerError?, duration: Duration
    ) {
        let route = context.endpointPath ?? "unmatched"
        metrics.record(route: route, status: status, outcome: outcome, duration: duration)
        var metadata: Logger.Metadata = [
            "method": "\(request.method.rawValue)",
            "path": "\(request.uri.path)",
            "status": "\(status)",
            "outcome": "\(outcome.rawValue)",
            "duration_ms": "\(Self.milliseconds(duration))",
        ]
        if let bytes { metadata["bytes"] = "\(bytes)" }
        if let error {
            metadata["error"] = "\(error.message)"
            if let limit = error.limit { metadata["limit"] = "\(limit)" }
        }
        let level: Logger.Level = switch route {
        case "/health", "/metrics": .debug
        case _ where status >= 500 && status != 503: .error
        default: .info
        }
        context.logger.log(level: level, "request", metadata: metadata)
    }

    /// Milliseconds with three decimals.
    private static func milliseconds(_ duration: Duration) -> String {
        let micros = duration.nanoseconds / 1000
        let whole = micros / 1000, fraction = micros % 1000
        return "\(whole)." + String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
    }
}

extension HTTPField.Name {
    /// `Cache-Status` (RFC 9211): how a cache along the way handled the request.
    static let cacheStatus = HTTPField.Name("Cache-Status")!
}

extension HTTPResponse.Status {
    /// 499, nginx's "client closed request": for logs and metrics only, as the client is gone.
    static let clientClosedRequest = HTTPResponse.Status(code: 499, reasonPhrase: "Client Closed Request")
}
