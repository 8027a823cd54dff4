import AsyncLayerKit
import Synchronization
public import CoreMetrics
import Prometheus

/// The server's metrics: recorded through the swift-metrics API into a Prometheus registry of
/// the server's own (no global `MetricsSystem`, so two servers in one process, as in the tests,
/// do not mix their figures), and served as Prometheus text at `GET /metrics`.
///
/// | metric | kind | labels |
/// | --- | --- | --- |
/// | `card_server_requests_total` | counter | `route`, `status` |
/// | `card_server_request_duration_seconds` | histogram | `route` |
/// | `card_server_responses_total` | counter | `route`, `outcome`: `rendered`, `shared`, `stored`, `not_modified`, `cancelled`, `overloaded`, `error`, `other` |
/// | `card_server_renders_cancelled_total` | counter | — (shared render work cancelled because its last waiter left) |
/// | `card_server_overloaded_total` | counter | — (503: lanes full) |
/// | `card_server_lanes_queued`, `card_server_lanes_running` | gauge | — |
/// | `card_server_cache_bytes`, `card_server_cache_bytes_limit` | gauge | — (the render services' caches: renders, encodings, decoded images, texts; their budget) |
/// | `card_server_stored_images`, `card_server_stored_image_bytes` | gauge | — (the encodings among them, served by name) |
///
/// A request whose client went away is a 499 in `card_server_requests_total` and `cancelled` in
/// `card_server_responses_total`; `card_server_renders_cancelled_total` counts only the renders
/// that stopped for it, which is fewer when other requests still wait for the same render.
///
/// The gauges are read when `/metrics` is scraped; the rest as requests finish.
public final class CardServerMetrics: Sendable {
    /// The swift-metrics factory every metric of this server is made by.
    public let factory: any MetricsFactory
    private let registry: PrometheusCollectorRegistry
    private let cancelled: CoreMetrics.Counter
    private let overloaded: CoreMetrics.Counter
    private let lanesQueued: CoreMetrics.Gauge
    private let lanesRunning: CoreMetrics.Gauge
    private let cacheBytes: CoreMetrics.Gauge
    private let cacheBytesLimit: CoreMetrics.Gauge
    private let storedImages: CoreMetrics.Gauge
    private let storedImageBytes: CoreMetrics.Gauge
    /// The running total of cancelled renders (the services' count), and how much of it the
    /// counter has been given.
    private let rendersCancelled: @Sendable () -> Int
    private let rendersCancelledRecorded = Mutex(0)

    /// The label of the request duration histogram.
    static let durationLabel = "card_server_request_duration_seconds"

    /// Creates the metrics on a new registry, with no render service to report cancelled renders.
    public convenience init() {
        self.init(rendersCancelled: { 0 })
    }

    /// Creates the metrics on a new registry; `rendersCancelled` gives the running total of
    /// shared renders (and encodes) cancelled because their last waiter left.
    init(rendersCancelled: @escaping @Sendable () -> Int) {
        self.rendersCancelled = rendersCancelled
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // A stored image is served in well under a millisecond, a render takes tens of them.
        factory.durationHistogramBuckets[Self.durationLabel] = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
        ]
        self.registry = registry
        self.factory = factory
        cancelled = CoreMetrics.Counter(label: "card_server_renders_cancelled_total", factory: factory)
        overloaded = CoreMetrics.Counter(label: "card_server_overloaded_total", factory: factory)
        lanesQueued = CoreMetrics.Gauge(label: "card_server_lanes_queued", factory: factory)
        lanesRunning = CoreMetrics.Gauge(label: "card_server_lanes_running", factory: factory)
        cacheBytes = CoreMetrics.Gauge(label: "card_server_cache_bytes", factory: factory)
        cacheBytesLimit = CoreMetrics.Gauge(label: "card_server_cache_bytes_limit", factory: factory)
        storedImages = CoreMetrics.Gauge(label: "card_server_stored_images", factory: factory)
        storedImageBytes = CoreMetrics.Gauge(label: "card_server_stored_image_bytes", factory: factory)
    }

    /// Records one finished request.
    func record(route: String, status: Int, outcome: ResponseOutcome, duration: Duration) {
        CoreMetrics.Counter(label: "card_server_requests_total", dimensions: [("route", route), ("status", String(status))], factory: factory)
            .increment()
        CoreMetrics.Counter(label: "card_server_responses_total", dimensions: [("route", route), ("outcome", outcome.rawValue)], factory: factory)
            .increment()
        CoreMetrics.Timer(label: Self.durationLabel, dimensions: [("route", route)], factory: factory).recordNanoseconds(duration.nanoseconds)
        if status == 503, outcome == .overloaded { overloaded.increment() }
    }

    /// Brings the cancelled-renders counter up to the services' total (the shared
    /// render-and-encode work lives in the services, which count it where it stops).
    private func recordCancelledRenders() {
        let total = rendersCancelled()
        rendersCancelledRecorded.withLock { recorded in
            guard total > recorded else { return }
            cancelled.increment(by: total - recorded)
            recorded = total
        }
    }

    /// Reads the gauges, then the whole registry as Prometheus text.
    func exposition(lanes: RenderLanes, caches: [ElementCache.Metrics]) -> [UInt8] {
        let executor = lanes.executor.metrics
        lanesQueued.record(executor.queued)
        lanesRunning.record(executor.running)
        cacheBytes.record(caches.reduce(0) { $0 + $1.bytes })
        cacheBytesLimit.record(caches.reduce(0) { $0 + $1.byteLimit })
        storedImages.record(caches.reduce(0) { $0 + $1.encodings.count })
        storedImageBytes.record(caches.reduce(0) { $0 + $1.encodings.bytes })
        recordCancelledRenders()
        return registry.emitToBuffer()
    }

    /// The registry as Prometheus text, as `/metrics` last served it plus what happened since.
    public func text() -> String {
        recordCancelledRenders()
        return registry.emitToString()
    }
}

/// How a request was answered, for the `outcome` label, the access log and the `Cache-Status`
/// response header.
enum ResponseOutcome: String, Sendable {
    /// Rendered and encoded for this request.
    case rendered
    /// Joined an identical render and encode already in flight.
    case shared
    /// Served from the cached encoding of the same content-hash name: no render, no encode.
    case stored
    /// `If-None-Match` matched: 304, nothing rendered.
    case notModified = "not_modified"
    /// Not an image: health, metrics.
    case other
    /// The client went away while its request waited (logged as 499); its render stopped too
    /// only if no other request still waited for it.
    case cancelled
    /// Refused: the render lanes were full (503).
    case overloaded
    /// Any other error.
    case error

    /// The `Cache-Status` header (RFC 9211) of an image response.
    var cacheStatus: String? {
        switch self {
        case .stored, .notModified: "card-server; hit"
        case .rendered: "card-server; fwd=miss; stored"
        case .shared: "card-server; fwd=miss; collapsed"
        default: nil
        }
    }

    /// The outcome a response's `Cache-Status` header says.
    init(cacheStatus: String?, status: Int) {
        switch cacheStatus {
        case "card-server; hit": self = status == 304 ? .notModified : .stored
        case "card-server; fwd=miss; stored": self = .rendered
        case "card-server; fwd=miss; collapsed": self = .shared
        default: self = .other
        }
    }
}

extension Duration {
    /// The whole nanoseconds of this duration.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
