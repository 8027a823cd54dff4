import Testing
@testable import RemoteImages

/// Rule 3's classification, and rules 1 and 2 (URL, scheme, host), without any network.
@Suite struct AddressGuardTests {
    @Test(arguments: [
        ("169.254.169.254", AddressCategory.metadata),
        ("fd00:ec2::254", .metadata),
        ("100.100.100.200", .metadata),
        ("0.0.0.0", .unspecified),
        ("::", .unspecified),
        ("127.0.0.1", .loopback),
        ("127.255.0.9", .loopback),
        ("::1", .loopback),
        ("10.1.2.3", .privateNetwork),
        ("172.16.0.1", .privateNetwork),
        ("172.31.255.255", .privateNetwork),
        ("192.168.1.1", .privateNetwork),
        ("100.64.0.1", .sharedAddressSpace),
        ("100.127.255.255", .sharedAddressSpace),
        ("169.254.1.1", .linkLocal),
        ("fe80::1", .linkLocal),
        ("fc00::1", .uniqueLocal),
        ("fd12:3456::1", .uniqueLocal),
        ("fec0::1", .uniqueLocal),
        ("224.0.0.1", .multicast),
        ("ff02::1", .multicast),
        ("255.255.255.255", .broadcast),
        ("240.0.0.1", .reserved),
        ("192.0.2.10", .reserved),
        ("2001:db8::1", .reserved),
        ("2001:0:4136:e378::1", .reserved),
        // IPv4-mapped, -compatible, NAT64 and 6to4 forms are judged by the IPv4 address inside.
        ("::ffff:127.0.0.1", .loopback),
        ("::ffff:10.0.0.1", .privateNetwork),
        ("::ffff:169.254.169.254", .metadata),
        ("::10.0.0.1", .privateNetwork),
        ("::8.8.8.8", .reserved),
        ("64:ff9b::192.168.0.1", .privateNetwork),
        ("2002:c0a8:0101::1", .privateNetwork),
    ])
    func nonPublicAddressesAreRefused(text: String, category: AddressCategory) throws {
        let address = try #require(IPAddress(text))
        #expect(AddressCategory.of(address) == category)
        #expect(RemoteImagePolicy(allowedHosts: ["*"]).refusal(of: address) == category)
    }

    @Test(arguments: ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"])
    func publicAddressesAreAllowed(text: String) throws {
        let address = try #require(IPAddress(text))
        #expect(AddressCategory.of(address) == nil)
    }

    @Test func loopbackAndPrivateNetworksAreAllowedOnlyWhenSaid() throws {
        let loopback = try #require(IPAddress("127.0.0.1"))
        let mapped = try #require(IPAddress("::ffff:10.9.8.7"))
        #expect(RemoteImagePolicy().refusal(of: loopback) == .loopback)
        #expect(RemoteImagePolicy(allowLoopback: true).refusal(of: loopback) == nil)
        // Allowing loopback allows nothing else.
        #expect(RemoteImagePolicy(allowLoopback: true).refusal(of: mapped) == .privateNetwork)
        let network = try #require(IPNetwork("10.9.0.0/16"))
        #expect(RemoteImagePolicy(allowedPrivateNetworks: [network]).refusal(of: mapped) == nil)
        #expect(RemoteImagePolicy(allowedPrivateNetworks: [network]).refusal(of: try #require(IPAddress("10.10.0.1"))) == .privateNetwork)
    }

    @Test func networksParse() {
        #expect(IPNetwork("10.0.0.0/8")?.description == "10.0.0.0/8")
        #expect(IPNetwork("fd00::/8")?.prefixLength == 8)
        #expect(IPNetwork("192.168.1.7")?.prefixLength == 32)
        #expect(IPNetwork("10.0.0.0/33") == nil)
        #expect(IPNetwork("example.com/8") == nil)
    }

    @Test func hostsAreMatchedExactlyOrUnderAWildcard() throws {
        let policy = RemoteImagePolicy(allowedHosts: ["images.example.com", "*.cdn.example.net", "Upper.Example.ORG."])
        #expect(try policy.check("https://images.example.com/a.png").host == "images.example.com")
        #expect(try policy.check("https://IMAGES.example.com./a.png").host == "images.example.com")
        #expect(try policy.check("https://a.b.cdn.example.net/x.png").host == "a.b.cdn.example.net")
        #expect(try policy.check("http://upper.example.org/x.png").port == 80)
        for refused in ["https://cdn.example.net/x.png", "https://images.example.com.evil.com/a.png",
                        "https://evilimages.example.com/a.png", "https://example.com/a.png"] {
            #expect(throws: RemoteImageError.refusedHost(try RemoteURL.parse(refused).host)) { try policy.check(refused) }
        }
    }

    @Test func prefixesMatchSchemeHostPortAndPath() throws {
        let policy = RemoteImagePolicy(allowedURLPrefixes: ["https://cdn.example.com/avatars/", "https://static.example.com"])
        #expect(throws: Never.self) { try policy.check("https://cdn.example.com/avatars/7.png") }
        #expect(throws: Never.self) { try policy.check("https://static.example.com/any/thing.webp") }
        for refused in ["https://cdn.example.com/other/7.png", "http://cdn.example.com/avatars/7.png",
                        "https://cdn.example.com:8443/avatars/7.png", "https://static.example.com.evil.com/x.png"] {
            #expect(throws: RemoteImageError.self) { try policy.check(refused) }
        }
    }

    @Test func onlyHTTPAndHTTPSWithoutCredentials() {
        let policy = RemoteImagePolicy(allowedHosts: ["example.com"])
        #expect(throws: RemoteImageError.refusedScheme("ftp")) { try policy.check("ftp://example.com/a.png") }
        // curl reads a file URL without a host: refused before its scheme is even looked at.
        #expect(throws: RemoteImageError.invalidURL("file://localhost/etc/passwd")) { try policy.check("file://localhost/etc/passwd") }
        #expect(throws: RemoteImageError.invalidURL("file:///etc/passwd")) { try policy.check("file:///etc/passwd") }
        #expect(throws: RemoteImageError.refusedScheme("gopher")) { try policy.check("gopher://example.com/") }
        #expect(throws: RemoteImageError.invalidURL("https://user:pw@example.com/a.png")) { try policy.check("https://user:pw@example.com/a.png") }
        #expect(throws: RemoteImageError.invalidURL("not a url at all")) { try policy.check("not a url at all") }
    }

    @Test func theCacheKeyIsTheNormalisedURLWithoutItsFragment() throws {
        #expect(try RemoteURL.parse("HTTPS://Example.COM/a.png#top").text == "https://example.com/a.png")
        #expect(try RemoteURL.parse("https://example.com:443/a.png?v=2").pathAndQuery == "/a.png?v=2")
    }
}
