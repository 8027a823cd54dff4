import HTTPTypes

/// The methods each route pattern answers, so that a known path asked with another method gets
/// 405 and `Allow` (RFC 9110 §15.5.6) rather than the 404 Hummingbird's router gives both cases.
struct RouteMethods: Sendable {
    private let routes: [(pattern: [Substring], methods: Set<String>)]

    /// Patterns as the router describes them (`/cards/{template}/{id}`), with their methods; a
    /// `GET` route also answers `HEAD` (Hummingbird makes one for it).
    init(_ routes: [(path: String, method: HTTPRequest.Method)]) {
        var byPath: [String: Set<String>] = [:]
        for route in routes {
            byPath[route.path, default: []].insert(route.method.rawValue)
            if route.method == .get { byPath[route.path, default: []].insert(HTTPRequest.Method.head.rawValue) }
        }
        self.routes = byPath.map { (pattern: Self.segments($0.key), methods: $0.value) }
    }

    /// The methods allowed on `path` (sorted), empty when no route pattern matches it.
    func allowed(for path: String) -> [String] {
        let segments = Self.segments(path)
        var methods: Set<String> = []
        for route in routes where route.pattern.count == segments.count {
            let matches = zip(route.pattern, segments).allSatisfy { pattern, segment in
                (pattern.hasPrefix("{") && pattern.hasSuffix("}")) || pattern.utf8.elementsEqual(segment.utf8)
            }
            if matches { methods.formUnion(route.methods) }
        }
        return methods.sorted()
    }

    /// A path's segments, split on scalars as the router splits bytes (a `Character` may glue a
    /// slash to the mark before it).
    private static func segments(_ path: String) -> [Substring] {
        path.unicodeScalars.split(separator: "/").map(Substring.init)
    }
}
