#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address, as the guard sees the address curl is about to connect to.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// An IPv4 address, its 4 bytes in network order.
    case v4(UInt8, UInt8, UInt8, UInt8)
    /// An IPv6 address, its 16 bytes in network order.
    case v6([UInt8])

    /// Parses dotted IPv4 (`192.0.2.1`) or IPv6 text (`2001:db8::1`, `::ffff:10.0.0.1`); `nil`
    /// for anything else (a host name, a zone index, brackets).
    public init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            let bytes = withUnsafeBytes(of: &v4) { Array($0) }
            self = .v4(bytes[0], bytes[1], bytes[2], bytes[3])
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            self = .v6(withUnsafeBytes(of: &v6) { Array($0) })
            return
        }
        return nil
    }

    /// The address of a socket address (`sockaddr_in` or `sockaddr_in6`) of `length` bytes;
    /// `nil` for another family or a short buffer.
    init?(socketAddress: UnsafeRawPointer, length: Int) {
        guard length >= MemoryLayout<sa_family_t>.size else { return nil }
        let family = Int32(socketAddress.loadUnaligned(as: sa_family_t.self))
        if family == AF_INET, length >= MemoryLayout<sockaddr_in>.size {
            let address = socketAddress.loadUnaligned(as: sockaddr_in.self)
            let bytes = withUnsafeBytes(of: address.sin_addr) { Array($0) }
            self = .v4(bytes[0], bytes[1], bytes[2], bytes[3])
        } else if family == AF_INET6, length >= MemoryLayout<sockaddr_in6>.size {
            let address = socketAddress.loadUnaligned(as: sockaddr_in6.self)
            self = .v6(withUnsafeBytes(of: address.sin6_addr) { Array($0) })
        } else {
            return nil
        }
    }

    /// The address as text (`inet_ntop`).
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch self {
        case .v4(let a, let b, let c, let d):
            return "\(a).\(b).\(c).\(d)"
        case .v6(let bytes):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
            guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The IPv4 address an IPv6 address carries, for the forms that reach IPv4 hosts: mapped
    /// (`::ffff:a.b.c.d`), compatible (`::a.b.c.d`, deprecated), NAT64 (`64:ff9b::a.b.c.d`) and
    /// 6to4 (`2002:aabb:ccdd::/48`); `nil` for others.
    var embeddedIPv4: IPAddress? {
        guard case .v6(let b) = self else { return nil }
        let zeros10 = b[0..<10].allSatisfy { $0 == 0 }
        if zeros10, b[10] == 0xFF, b[11] == 0xFF { return .v4(b[12], b[13], b[14], b[15]) }
        if zeros10, b[10] == 0, b[11] == 0 { return .v4(b[12], b[13], b[14], b[15]) }
        if b[0] == 0x00, b[1] == 0x64, b[2] == 0xFF, b[3] == 0x9B, b[4..<12].allSatisfy({ $0 == 0 }) { return .v4(b[12], b[13], b[14], b[15]) }
        if b[0] == 0x20, b[1] == 0x02 { return .v4(b[2], b[3], b[4], b[5]) }
        return nil
    }

    /// Whether the address is in the IPv4 or IPv6 network of `prefix` leading bits of `base`.
    func isIn(_ base: IPAddress, prefix: Int) -> Bool {
        let (mine, theirs): ([UInt8], [UInt8])
        switch (self, base) {
        case (.v4(let a, let b, let c, let d), .v4(let e, let f, let g, let h)): (mine, theirs) = ([a, b, c, d], [e, f, g, h])
        case (.v6(let x), .v6(let y)): (mine, theirs) = (x, y)
        default: return false
        }
        var bits = prefix
        for (m, t) in zip(mine, theirs) where bits > 0 {
            let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
            if m & mask != t & mask { return false }
            bits -= 8
        }
        return true
    }
}

/// A network in CIDR form (`10.0.0.0/8`, `fd00::/8`): what ``RemoteImagePolicy/allowedPrivateNetworks``
/// lists.
public struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    /// The network's first address.
    public let base: IPAddress
    /// The number of leading bits that name the network (0...32 for IPv4, 0...128 for IPv6).
    public let prefixLength: Int

    /// Parses `address/prefix` (or a lone address: a network of one); `nil` when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let base = IPAddress(String(parts[0])) else { return nil }
        let bits: Int
        switch base {
        case .v4: bits = 32
        case .v6: bits = 128
        }
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        self.base = base
    }

    /// Whether `address` is in this network (an IPv6 address carrying an IPv4 one is tested by
    /// that IPv4 address too).
    public func contains(_ address: IPAddress) -> Bool {
        if address.isIn(base, prefix: prefixLength) { return true }
        if let inner = address.embeddedIPv4 { return inner.isIn(base, prefix: prefixLength) }
        return false
    }

    /// `base/prefixLength`.
    public var description: String { "\(base)/\(prefixLength)" }
}
