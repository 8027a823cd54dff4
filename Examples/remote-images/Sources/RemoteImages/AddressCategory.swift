/// Why an address is not a public internet address: what the guard refuses to connect to unless
/// the policy allows it for a test (``RemoteImagePolicy/allowLoopback``,
/// ``RemoteImagePolicy/allowedPrivateNetworks``).
public enum AddressCategory: String, Hashable, Sendable, CaseIterable {
    /// A cloud metadata service: `169.254.169.254`, `fd00:ec2::254`, `100.100.100.200`.
    case metadata
    /// `0.0.0.0/8`, `::`: "this host" (Linux connects them to the local machine).
    case unspecified
    /// `127.0.0.0/8`, `::1`.
    case loopback
    /// RFC 1918: `10/8`, `172.16/12`, `192.168/16`.
    case privateNetwork = "private"
    /// Carrier-grade NAT, RFC 6598: `100.64/10`.
    case sharedAddressSpace = "shared address space (CGNAT)"
    /// `169.254/16`, `fe80::/10`.
    case linkLocal = "link-local"
    /// IPv6 unique local addresses, `fc00::/7`; and the deprecated site-local `fec0::/10`.
    case uniqueLocal = "unique local"
    /// `224/4`, `ff00::/8`.
    case multicast
    /// `255.255.255.255`.
    case broadcast
    /// Documentation, benchmarking, protocol assignments and the reserved ranges: `192.0.0/24`,
    /// `192.0.2/24`, `198.18/15`, `198.51.100/24`, `203.0.113/24`, `240/4`, `2001:db8::/32`,
    /// `100::/64`, Teredo `2001::/32`, and the deprecated IPv4-compatible IPv6 form.
    case reserved

    /// Why `address` is not public, or `nil` when it is. An IPv6 address that carries an IPv4
    /// one (mapped, compatible, NAT64, 6to4) is judged by that IPv4 address.
    public static func of(_ address: IPAddress) -> AddressCategory? {
        switch address {
        case .v4(let a, let b, let c, let d):
            return ipv4(a, b, c, d)
        case .v6(let bytes):
            if bytes.allSatisfy({ $0 == 0 }) { return .unspecified }
            if bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] == 1 { return .loopback }
            if bytes == metadataV6 { return .metadata }
            let compatible = bytes[0..<12].allSatisfy { $0 == 0 }
            if let inner = address.embeddedIPv4 {
                // The deprecated compatible form has no legitimate use: refused even when its
                // IPv4 address is public.
                return of(inner) ?? (compatible ? .reserved : nil)
            }
            if bytes[0] & 0xFE == 0xFC { return .uniqueLocal }
            if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return .linkLocal }
            if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0xC0 { return .uniqueLocal }
            if bytes[0] == 0xFF { return .multicast }
            if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x0D, bytes[3] == 0xB8 { return .reserved }
            if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0, bytes[3] == 0 { return .reserved }
            if bytes[0] == 0x01, bytes[1..<8].allSatisfy({ $0 == 0 }) { return .reserved }
            return nil
        }
    }

    /// `fd00:ec2::254`, the IPv6 address of EC2's metadata service.
    private static let metadataV6: [UInt8] = [0xFD, 0x00, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54]

    private static func ipv4(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> AddressCategory? {
        switch (a, b, c, d) {
        case (169, 254, 169, 254), (100, 100, 100, 200): .metadata
        case (0, _, _, _): .unspecified
        case (127, _, _, _): .loopback
        case (10, _, _, _), (172, 16...31, _, _), (192, 168, _, _): .privateNetwork
        case (100, 64...127, _, _): .sharedAddressSpace
        case (169, 254, _, _): .linkLocal
        case (255, 255, 255, 255): .broadcast
        case (224...239, _, _, _): .multicast
        case (240...255, _, _, _): .reserved
        case (192, 0, 0, _), (192, 0, 2, _), (198, 18...19, _, _), (198, 51, 100, _), (203, 0, 113, _): .reserved
        default: nil
        }
    }
}
