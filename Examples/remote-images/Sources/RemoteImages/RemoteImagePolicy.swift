/// The guard: which URLs may be fetched, which addresses may be connected to, and how much a
/// fetch may cost. A value; ``RemoteImageLoader`` applies it to every URL and every redirect.
///
/// The rules, in the order they are checked:
/// 1. The URL is parsed by curl's own parser; it must be `http` or `https`, have a host and no
///    credentials. Only those two protocols are enabled on the transfer (`CURLOPT_PROTOCOLS_STR`,
///    `CURLOPT_REDIR_PROTOCOLS_STR`); proxies from the environment are ignored.
/// 2. Its host must be on ``allowedHosts`` (exactly, or under a `*.example.com` pattern), or the
///    URL must start with one of ``allowedURLPrefixes`` (same scheme, host and port; the path
///    starts with the prefix's path). Otherwise ``RemoteImageError/refusedHost(_:)``, and
///    nothing is connected to.
/// 3. When curl is about to connect (`CURLOPT_OPENSOCKETFUNCTION`, after DNS, for every
///    connection), the address must be a public one (``AddressCategory/of(_:)``): no private,
///    loopback, link-local, CGNAT, unique-local, multicast, broadcast, unspecified, reserved or
///    metadata address, IPv4-mapped and -compatible IPv6 included. Otherwise the socket is
///    never opened: ``RemoteImageError/refusedAddress(_:_:)``. This is what defeats DNS
///    rebinding: the address judged is the one connected to. ``allowLoopback`` and
///    ``allowedPrivateNetworks`` open exceptions, for tests and for origins on a private network.
/// 4. Redirects are followed by hand (curl's `FOLLOWLOCATION` is off), at most ``maxRedirects``,
///    each target checked by rules 1–3 again.
/// 5. The body is counted while it streams: a `Content-Length` over ``maxBytes`` is refused
///    before the body, and a body that grows past it is cut off (``RemoteImageError/tooLarge(limit:)``).
///    No compressed transfer encoding is asked for, so the count is of the bytes received.
/// 6. ``connectTimeout`` bounds the connection, ``totalTimeout`` the whole transfer (a slow
///    drip included).
/// 7. The bytes must be PNG, JPEG, WebP or SVG by their signature, whatever `Content-Type` says.
///    They are decoded by the renderer, under its pixel limits.
public struct RemoteImagePolicy: Hashable, Sendable {
    /// Hosts images may come from: `images.example.com`, or `*.example.com` for every subdomain
    /// of `example.com` (not `example.com` itself). Compared without case.
    public var allowedHosts: [String]
    /// URL prefixes images may come from (`https://cdn.example.com/avatars/`): the scheme, host
    /// and port must be the prefix's, and the path must start with the prefix's path. A prefix
    /// that does not parse allows nothing.
    public var allowedURLPrefixes: [String]
    /// Whether loopback addresses (`127.0.0.0/8`, `::1`) may be connected to. For tests: a server
    /// never wants this.
    public var allowLoopback: Bool
    /// Networks whose addresses may be connected to although they are not public (say the
    /// origins of a private network, or a test's). Any address in one is allowed, whatever
    /// its category, so list only what you mean.
    public var allowedPrivateNetworks: [IPNetwork]
    /// The most redirects followed for one image (default 3).
    public var maxRedirects: Int
    /// The largest body, in bytes (default 8 MiB).
    public var maxBytes: Int
    /// The longest wait for a connection (default 5 s).
    public var connectTimeout: Duration
    /// The longest a whole transfer may take, redirects each counting anew (default 15 s).
    public var totalTimeout: Duration
    /// Fixed addresses for some host names, used instead of DNS (curl's `CURLOPT_RESOLVE`); the
    /// guard still judges the pinned address when connecting.
    public var pinnedAddresses: [AddressPin]

    /// A host name resolved to a fixed address for one port.
    public struct AddressPin: Hashable, Sendable {
        /// The host name as URLs write it.
        public var host: String
        /// The port.
        public var port: Int
        /// The address connected to.
        public var address: IPAddress

        /// Pins `host`:`port` to `address`.
        public init(host: String, port: Int, address: IPAddress) {
            self.host = host
            self.port = port
            self.address = address
        }

        /// curl's form: `host:port:address` (an IPv6 address in brackets).
        var curlEntry: String {
            switch address {
            case .v4: "\(host):\(port):\(address)"
            case .v6: "\(host):\(port):[\(address)]"
            }
        }
    }

    /// A policy allowing `allowedHosts` and `allowedURLPrefixes`, with the default limits.
    public init(allowedHosts: [String] = [], allowedURLPrefixes: [String] = [], allowLoopback: Bool = false,
                allowedPrivateNetworks: [IPNetwork] = [], maxRedirects: Int = 3, maxBytes: Int = 8 << 20,
                connectTimeout: Duration = .seconds(5), totalTimeout: Duration = .seconds(15),
                pinnedAddresses: [AddressPin] = []) {
        self.allowedHosts = allowedHosts
        self.allowedURLPrefixes = allowedURLPrefixes
        self.allowLoopback = allowLoopback
        self.allowedPrivateNetworks = allowedPrivateNetworks
        self.maxRedirects = maxRedirects
        self.maxBytes = maxBytes
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.pinnedAddresses = pinnedAddresses
    }

    /// Whether `url` may be fetched at all, by rules 1 and 2 (its form, its scheme, its host or
    /// prefix), without connecting to anything: what a server checks before rendering a tree,
    /// to refuse a request naming a forbidden URL at once. The address rule is applied when
    /// connecting.
    ///
    /// - Throws: ``RemoteImageError/invalidURL(_:)``, ``RemoteImageError/refusedScheme(_:)``,
    ///   ``RemoteImageError/refusedHost(_:)``.
    public func validate(_ url: String) throws(RemoteImageError) {
        _ = try check(url)
    }

    /// Rules 1 and 2: `string` parsed, its scheme and host (or prefix) allowed.
    ///
    /// - Throws: ``RemoteImageError/invalidURL(_:)``, ``RemoteImageError/refusedScheme(_:)``,
    ///   ``RemoteImageError/refusedHost(_:)``.
    func check(_ string: String) throws(RemoteImageError) -> RemoteURL {
        let url = try RemoteURL.parse(string)
        guard url.scheme == "http" || url.scheme == "https" else { throw .refusedScheme(url.scheme) }
        guard allows(url) else { throw .refusedHost(url.host) }
        return url
    }

    /// Whether `url`'s host is listed, or `url` starts with a listed prefix.
    func allows(_ url: RemoteURL) -> Bool {
        for pattern in allowedHosts {
            var host = pattern.lowercased()
            if host.hasSuffix("."), host.count > 1 { host.removeLast() }
            if host.hasPrefix("*.") {
                let suffix = host.dropFirst()
                if url.host.hasSuffix(suffix), url.host.count > suffix.count { return true }
            } else if host == url.host {
                return true
            }
        }
        for text in allowedURLPrefixes {
            guard let prefix = try? RemoteURL.parse(text) else { continue }
            if prefix.scheme == url.scheme, prefix.host == url.host, prefix.port == url.port,
               url.pathAndQuery.hasPrefix(prefix.pathAndQuery) {
                return true
            }
        }
        return false
    }

    /// Rule 3: why `address` may not be connected to, or `nil` when it may.
    func refusal(of address: IPAddress) -> AddressCategory? {
        guard let category = AddressCategory.of(address) else { return nil }
        if allowedPrivateNetworks.contains(where: { $0.contains(address) }) { return nil }
        if allowLoopback, category == .loopback { return nil }
        return category
    }
}
