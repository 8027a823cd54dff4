import AsyncLayerKit
import OriginServer
import Synchronization
import Testing
@testable import RemoteImages

/// Fetches from origins the tests start on loopback, explicitly allowed for the test.
@Suite(.timeLimit(.minutes(1))) struct RemoteFetchTests {
    static let red: [UInt8] = (try? solidPNG(red: 255, green: 0, blue: 0)) ?? []

    @Test func aPlainFetch() async throws {
        let origin = try OriginServer { _ in OriginResponse(headers: [("Content-Type", "image/png")], body: .bytes(Self.red)) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        let image = try await loader.fetch(origin.url("/red.png"))
        #expect(image.bytes == Self.red && image.format == .png && image.source == .network)
        #expect(origin.requests.first?.headers["user-agent"] == "AsyncLayerKit-RemoteImages/1")
        #expect(loader.caching(forName: origin.url("/red.png")) == .byContent)
    }

    @Test func redirectsAreFollowedAndEachCounted() async throws {
        let origin = try OriginServer { request in
            switch request.path {
            case "/a": OriginResponse(status: 302, headers: [("Location", "/b")])
            case "/b": OriginResponse(status: 301, headers: [("Location", "/c.png")])
            default: OriginResponse(body: .bytes(Self.red))
            }
        }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        #expect(try await loader.fetch(origin.url("/a")).bytes == Self.red)
        #expect(origin.requests.map(\.path) == ["/a", "/b", "/c.png"])
        #expect(loader.statistics.requests == 3)
    }

    /// The redirect's target is on the allow-list, but its name is pinned to a private address:
    /// refused when connecting, and nothing is connected to.
    @Test func aRedirectToAPrivateAddressIsRefused() async throws {
        let origin = try OriginServer { _ in OriginResponse(status: 302, headers: [("Location", "http://internal.example.test:8080/admin.png")]) }
        defer { origin.stop() }
        var policy = loopbackPolicy()
        policy.allowedHosts.append("internal.example.test")
        policy.pinnedAddresses = [.init(host: "internal.example.test", port: 8080, address: try #require(IPAddress("10.0.0.7")))]
        let loader = try RemoteImageLoader(policy: policy)
        let error = await remoteError { () async throws(RemoteImageError) in try await loader.fetch(origin.url("/start")) }
        #expect(error == .refusedAddress("10.0.0.7", .privateNetwork))
        // A redirect to a host off the allow-list stops before any connection.
        let offList = try OriginServer { _ in OriginResponse(status: 307, headers: [("Location", "http://169.254.169.254/latest/meta-data/")]) }
        defer { offList.stop() }
        let refused = await remoteError { () async throws(RemoteImageError) in try await loader.fetch(offList.url("/start")) }
        #expect(refused == .refusedHost("169.254.169.254"))
    }

    @Test func tooManyRedirects() async throws {
        let origin = try OriginServer { request in OriginResponse(status: 302, headers: [("Location", request.path + "x")]) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy(maxRedirects: 3))
        let error = await remoteError { () async throws(RemoteImageError) in try await loader.fetch(origin.url("/loop")) }
        #expect(error == .tooManyRedirects(limit: 3))
        #expect(origin.requests.count == 4)
    }

    /// A body that drips one byte every 20 ms outlasts a 300 ms transfer limit.
    @Test func aSlowDripTimesOut() async throws {
        let origin = try OriginServer { _ in OriginResponse(body: .drip(Self.red, interval: .milliseconds(20))) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy(totalTimeout: .milliseconds(300)))
        let error = await remoteError { () async throws(RemoteImageError) in try await loader.fetch(origin.url("/slow.png")) }
        #expect(error == .timedOut(.transfer))
    }

    /// A body without end is cut off at the size limit, counted while it streams.
    @Test func anEndlessBodyIsCutAtTheSizeLimit() async throws {
        let origin = try OriginServer { _ in OriginResponse(body: .endless(chunk: Self.red + [UInt8](repeating: 0, count: 4096))) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy(maxBytes: 64 << 10))
        let error = await remoteError { () async throws(RemoteImageError) in try await loader.fetch(origin.url("/endless.png")) }
        #expect(error == .tooLarge(limit: 64 << 10))
        await origin.waitForAbandonedConnections(1)
    }

    /// A declared length over the limit is refused before the body is read.
    @Test func aDeclaredLengthOverTheLimitIsRefusedEarly() async throws {
        let origin = try OriginServer { _ in OriginResponse(body: .declared(10 << 20, chunk: Self.red)) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy(maxBytes: 1 << 20))
        let error = await remoteError { () async throws(RemoteImageError) in try await loader.fetch(origin.url("/big.png")) }
        #expect(error == .tooLarge(limit: 1 << 20))
    }

    @Test func theBytesDecideNotTheContentType() async throws {
        let origin = try OriginServer { request in
            request.path == "/real.png"
                ? OriginResponse(headers: [("Content-Type", "text/plain")], body: .bytes(Self.red))
                : OriginResponse(headers: [("Content-Type", "image/png")], body: .bytes(Array("<html><body>Not an image</body></html>".utf8)))
        }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        #expect(try await loader.fetch(origin.url("/real.png")).format == .png)
        let error = await remoteError { () async throws(RemoteImageError) in try await loader.fetch(origin.url("/fake.png")) }
        #expect(error == .notAnImage(firstBytes: "\"<html><body>Not \""))
    }

    @Test(arguments: [404, 500])
    func errorStatusesAreTypedErrors(status: Int) async throws {
        let origin = try OriginServer { _ in OriginResponse(status: status, body: .bytes(Array("nope".utf8))) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        let error = await remoteError { () async throws(RemoteImageError) in try await loader.fetch(origin.url("/missing.png")) }
        #expect(error == .httpStatus(status))
    }

    /// `no-cache` with an ETag: every use revalidates, and a 304 (counted on the origin)
    /// reuses the stored bytes.
    @Test func anETagIsRevalidatedAndA304ReusesTheBytes() async throws {
        let origin = try OriginServer { request in
            if request.headers["if-none-match"] == "\"v1\"" { return OriginResponse(status: 304, headers: [("ETag", "\"v1\"")]) }
            return OriginResponse(headers: [("ETag", "\"v1\""), ("Cache-Control", "no-cache")], body: .bytes(Self.red))
        }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        let first = try await loader.fetch(origin.url("/etag.png"))
        let second = try await loader.fetch(origin.url("/etag.png"))
        #expect(first.source == .network && second.source == .revalidated && second.bytes == Self.red)
        #expect(origin.requests.map { $0.headers["if-none-match"] } == [nil, "\"v1\""])
        #expect(loader.statistics.revalidations == 1)
    }

    @Test func lastModifiedIsRevalidatedToo() async throws {
        let stamp = "Sun, 06 Nov 1994 08:49:37 GMT"
        let origin = try OriginServer { request in
            if request.headers["if-modified-since"] == stamp { return OriginResponse(status: 304) }
            return OriginResponse(headers: [("Last-Modified", stamp), ("Cache-Control", "max-age=0")], body: .bytes(Self.red))
        }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        _ = try await loader.fetch(origin.url("/lm.png"))
        #expect(try await loader.fetch(origin.url("/lm.png")).source == .revalidated)
        #expect(origin.requestCount("/lm.png") == 2)
    }

    @Test func aFreshMaxAgeHitMakesNoRequest() async throws {
        let origin = try OriginServer { _ in OriginResponse(headers: [("Cache-Control", "max-age=3600")], body: .bytes(Self.red)) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        _ = try await loader.fetch(origin.url("/fresh.png"))
        let again = try await loader.fetch(origin.url("/fresh.png"))
        #expect(again.source == .cache)
        #expect(origin.requestCount("/fresh.png") == 1 && loader.statistics.cacheHits == 1)
    }

    @Test func noStoreIsFetchedEveryTime() async throws {
        let origin = try OriginServer { _ in OriginResponse(headers: [("Cache-Control", "no-store"), ("ETag", "\"x\"")], body: .bytes(Self.red)) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        _ = try await loader.fetch(origin.url("/volatile.png"))
        _ = try await loader.fetch(origin.url("/volatile.png"))
        #expect(origin.requests.map { $0.headers["if-none-match"] } == [nil, nil])
    }

    /// Six concurrent loads of one URL: one request, the other five joined it.
    @Test func concurrentLoadsShareOneTransfer() async throws {
        let gate = OriginGate()
        let origin = try OriginServer { _ in
            gate.wait()
            return OriginResponse(body: .bytes(Self.red))
        }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        let url = origin.url("/shared.png")
        try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<6 { group.addTask { try await loader.imageBytes(named: url) } }
            try await loader.waitForFetchWaiters(6, for: url)
            gate.open()
            for try await bytes in group { #expect(bytes == Self.red) }
        }
        #expect(origin.requestCount("/shared.png") == 1)
        #expect(loader.statistics.joinedFetches == 5)
    }

    /// A cancelled load's transfer stops: the origin sees its client go.
    @Test func aCancelledLoadStopsItsTransfer() async throws {
        let origin = try OriginServer { _ in OriginResponse(body: .drip([UInt8](repeating: 0x89, count: 100_000), interval: .milliseconds(5))) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        let load = Task { try await loader.imageBytes(named: origin.url("/drip.png")) }
        await origin.waitForRequests(1)
        load.cancel()
        await #expect(throws: CancellationError.self) { _ = try await load.value }
        await origin.waitForAbandonedConnections(1)
    }

    /// One of two waiters leaves: the fetch goes on for the other.
    @Test func aSharedFetchGoesOnWhileAWaiterIsLeft() async throws {
        let gate = OriginGate()
        let origin = try OriginServer { _ in
            gate.wait()
            return OriginResponse(body: .bytes(Self.red))
        }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        let url = origin.url("/kept.png")
        let leaving = Task { try await loader.imageBytes(named: url) }
        let staying = Task { try await loader.imageBytes(named: url) }
        try await loader.waitForFetchWaiters(2, for: url)
        leaving.cancel()
        await #expect(throws: CancellationError.self) { _ = try await leaving.value }
        gate.open()
        #expect(try await staying.value == Self.red)
        #expect(origin.requestCount("/kept.png") == 1)
    }

    /// `localhost` is on the allow-list, but it resolves to loopback, which this policy does not
    /// allow: refused when connecting, with no connection made.
    @Test func aNameResolvingToLoopbackIsRefused() async throws {
        let origin = try OriginServer { _ in OriginResponse(body: .bytes(Self.red)) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: RemoteImagePolicy(allowedHosts: ["localhost"]))
        let error = await remoteError { () async throws(RemoteImageError) in try await loader.fetch("http://localhost:\(origin.port)/a.png") }
        guard case .refusedAddress(let address, .loopback)? = error else {
            Issue.record("expected a loopback address refused, got \(String(describing: error))")
            return
        }
        #expect(address == "127.0.0.1" || address == "::1")
        #expect(origin.connections == 0)
    }

    /// A public-looking name pinned to 127.0.0.1 (as DNS rebinding would answer): the address
    /// connected to is what is judged.
    @Test func aPinnedNameIsJudgedByItsAddress() async throws {
        let origin = try OriginServer { _ in OriginResponse(body: .bytes(Self.red)) }
        defer { origin.stop() }
        let pin = RemoteImagePolicy.AddressPin(host: "cdn.example.test", port: origin.port, address: try #require(IPAddress("127.0.0.1")))
        let refusing = try RemoteImageLoader(policy: RemoteImagePolicy(allowedHosts: ["cdn.example.test"], pinnedAddresses: [pin]))
        let url = "http://cdn.example.test:\(origin.port)/a.png"
        let error = await remoteError { () async throws(RemoteImageError) in try await refusing.fetch(url) }
        #expect(error == .refusedAddress("127.0.0.1", .loopback))
        #expect(origin.connections == 0)
        let allowing = try RemoteImageLoader(policy: RemoteImagePolicy(allowedHosts: ["cdn.example.test"], allowLoopback: true, pinnedAddresses: [pin]))
        #expect(try await allowing.fetch(url).bytes == Self.red)
    }

    @Test func aHostOffTheAllowListIsRefusedWithoutAConnection() async throws {
        let origin = try OriginServer { _ in OriginResponse(body: .bytes(Self.red)) }
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: RemoteImagePolicy(allowedHosts: ["images.example.com"], allowLoopback: true))
        let error = await remoteError { () async throws(RemoteImageError) in try await loader.fetch(origin.url("/a.png")) }
        #expect(error == .refusedHost("127.0.0.1"))
        #expect(origin.connections == 0 && loader.statistics.requests == 0)
    }

    @Test func otherNamesGoToTheFallback() async throws {
        let loader = try RemoteImageLoader(policy: loopbackPolicy(), fallback: FolderImageLoader(folder: "/nonexistent-folder"))
        #expect(loader.caching(forName: "cover") == .byName)
        await #expect(throws: FolderImageLoaderError.self) { _ = try await loader.imageBytes(named: "cover") }
        let bare = try RemoteImageLoader(policy: loopbackPolicy())
        await #expect(throws: RemoteImageError.notAURL("cover")) { _ = try await bare.imageBytes(named: "cover") }
    }
}
