import AsyncLayerKit
import Testing
@testable import RemoteImages

/// The cache's rules and the fetch state machine, as pure values.
@Suite struct HTTPCachingTests {
    static func directives(_ headers: [(String, String)]) -> CacheDirectives {
        CacheDirectives(headers: headers.map { (name: $0.0, value: $0.1) })
    }

    @Test func cacheControlIsRead() {
        let d = Self.directives([("Cache-Control", "public, max-age=600, no-cache"), ("ETag", "\"v1\""), ("Age", "100")])
        #expect(d.maxAge == 600 && d.noCache && !d.noStore && d.age == 100 && d.etag == "\"v1\"")
        #expect(d.freshness(wallClockNow: 0) == 0)  // no-cache: always revalidated
        #expect(Self.directives([("cache-control", "max-age=600"), ("age", "100")]).freshness(wallClockNow: 0) == 500)
        #expect(Self.directives([("Cache-Control", "no-store")]).noStore)
        #expect(Self.directives([("Cache-Control", "max-age=\"60\"")]).maxAge == 60)
        #expect(Self.directives([("Cache-Control", "max-age=soon")]).freshness(wallClockNow: 0) == 0)
        #expect(Self.directives([]).freshness(wallClockNow: 0) == 0)
    }

    @Test func expiresCountsFromTheServersDate() {
        let d = Self.directives([("Date", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Expires", "Sun, 06 Nov 1994 09:49:37 GMT")])
        #expect(d.freshness(wallClockNow: 0) == 3600)
        // max-age wins over Expires; an invalid Expires is already expired.
        #expect(Self.directives([("Expires", "Sun, 06 Nov 1994 09:49:37 GMT"), ("Cache-Control", "max-age=5")]).freshness(wallClockNow: 0) == 5)
        #expect(Self.directives([("Expires", "0")]).freshness(wallClockNow: 0) == 0)
    }

    @Test func httpDatesParse() {
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Tue, 29 Feb 2028 12:00:00 GMT") == 1_835_438_400)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == nil)
    }

    @Test func theStoreKeepsTheLeastRecentlyUsedOutUnderItsBudget() {
        let now = ContinuousClock.now
        func response(_ size: Int) -> CachedResponse { CachedResponse(bytes: [UInt8](repeating: 1, count: size), freshUntil: now) }
        var store = ResponseStore(byteLimit: 1000)
        store.insert(response(300), for: "a")
        store.insert(response(300), for: "b")
        _ = store.lookup("a")  // a is now more recent than b
        store.insert(response(300), for: "c")
        #expect(store.lookup("b") == nil)
        #expect(store.lookup("a") != nil && store.lookup("c") != nil)
        #expect(store.bytes <= 1000 && store.evictions == 1)
        store.insert(response(5000), for: "huge")
        #expect(store.lookup("huge") == nil && store.count == 2)
    }

    // MARK: The fetch state machine

    static let png: [UInt8] = (try? solidPNG(red: 1, green: 2, blue: 3)) ?? []

    static func response(_ status: Int, _ headers: [(String, String)] = [], body: [UInt8] = [], redirect: String? = nil) -> TransferResponse {
        TransferResponse(status: status, headers: headers.map { HeaderField(name: $0.0, value: $0.1) }, body: body, redirectURL: redirect)
    }

    @Test func aFreshEntryAnswersWithoutARequest() throws {
        let now = ContinuousClock.now
        var machine = FetchStateMachine(url: try RemoteURL.parse("https://a.example/x.png"), policy: RemoteImagePolicy(allowedHosts: ["a.example"]))
        guard case .lookUp = machine.start() else { Issue.record("expected a lookup first"); return }
        let fresh = CachedResponse(bytes: Self.png, freshUntil: now + .seconds(60))
        guard case .finish(let image, nil) = machine.lookedUp(fresh, now: now) else { Issue.record("expected a cache hit"); return }
        #expect(image.source == .cache && image.format == .png)
    }

    @Test func aStaleEntryIsRevalidatedAndA304ReusesItsBytes() throws {
        let now = ContinuousClock.now
        let url = try RemoteURL.parse("https://a.example/x.png")
        var machine = FetchStateMachine(url: url, policy: RemoteImagePolicy(allowedHosts: ["a.example"]))
        let stale = CachedResponse(bytes: Self.png, etag: "\"v1\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT", freshUntil: now)
        guard case .transfer(let request) = machine.lookedUp(stale, now: now) else { Issue.record("expected a request"); return }
        #expect(request.headers == ["If-None-Match: \"v1\"", "If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT"])
        guard case .finish(let image, let keep?) = machine.received(Self.response(304, [("Cache-Control", "max-age=60")]), now: now, wallClock: 0) else {
            Issue.record("expected the stored bytes")
            return
        }
        #expect(image.source == .revalidated && image.bytes == Self.png)
        #expect(keep.key == url.text && keep.response.isFresh(at: now + .seconds(59)) && !keep.response.isFresh(at: now + .seconds(61)))
    }

    @Test func a304WithoutAStoredResponseIsAnError() throws {
        var machine = FetchStateMachine(url: try RemoteURL.parse("https://a.example/x.png"), policy: RemoteImagePolicy(allowedHosts: ["a.example"]))
        _ = machine.lookedUp(nil, now: .now)
        guard case .fail(.httpStatus(304)) = machine.received(Self.response(304), now: .now, wallClock: 0) else {
            Issue.record("expected httpStatus(304)")
            return
        }
    }

    @Test func redirectsAreCheckedAndCounted() throws {
        let policy = RemoteImagePolicy(allowedHosts: ["a.example", "b.example"], maxRedirects: 2)
        var machine = FetchStateMachine(url: try RemoteURL.parse("https://a.example/1"), policy: policy)
        _ = machine.lookedUp(nil, now: .now)
        guard case .lookUp(let next) = machine.received(Self.response(302, redirect: "https://b.example/2"), now: .now, wallClock: 0) else {
            Issue.record("expected the redirect followed")
            return
        }
        #expect(next.text == "https://b.example/2" && machine.redirects == 1)
        _ = machine.lookedUp(nil, now: .now)
        _ = machine.received(Self.response(307, redirect: "https://a.example/3"), now: .now, wallClock: 0)
        _ = machine.lookedUp(nil, now: .now)
        guard case .fail(.tooManyRedirects(limit: 2)) = machine.received(Self.response(301, redirect: "https://a.example/4"), now: .now, wallClock: 0) else {
            Issue.record("expected tooManyRedirects")
            return
        }

        for (target, error) in [("https://evil.example/x", RemoteImageError.refusedHost("evil.example")),
                                ("file:///etc/passwd", .invalidURL("file:///etc/passwd")),
                                ("ftp://a.example/x", .refusedScheme("ftp"))] {
            var machine = FetchStateMachine(url: try RemoteURL.parse("https://a.example/1"), policy: policy)
            _ = machine.lookedUp(nil, now: .now)
            guard case .fail(let failure) = machine.received(Self.response(302, redirect: target), now: .now, wallClock: 0) else {
                Issue.record("expected \(target) refused")
                continue
            }
            #expect(failure == error)
        }
    }

    @Test func bodiesAreSniffedAndNoStoreIsNotKept() throws {
        let policy = RemoteImagePolicy(allowedHosts: ["a.example"])
        var machine = FetchStateMachine(url: try RemoteURL.parse("https://a.example/x"), policy: policy)
        _ = machine.lookedUp(nil, now: .now)
        guard case .fail(.notAnImage(let head)) = machine.received(Self.response(200, [("Content-Type", "image/png")], body: Array("<!doctype html>".utf8)),
                                                                   now: .now, wallClock: 0) else {
            Issue.record("expected notAnImage")
            return
        }
        #expect(head == "\"<!doctype html>\"")

        machine = FetchStateMachine(url: try RemoteURL.parse("https://a.example/x"), policy: policy)
        _ = machine.lookedUp(nil, now: .now)
        guard case .finish(_, nil) = machine.received(Self.response(200, [("Cache-Control", "no-store, max-age=60")], body: Self.png), now: .now, wallClock: 0) else {
            Issue.record("expected a response not kept")
            return
        }
    }
}
