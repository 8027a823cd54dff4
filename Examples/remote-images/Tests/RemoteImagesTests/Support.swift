import AsyncLayerKit
import OriginServer
@testable import RemoteImages

/// An 8×8 PNG of one opaque colour.
func solidPNG(red: UInt8, green: UInt8, blue: UInt8, size: Int = 8) throws -> [UInt8] {
    let pixel = [blue, green, red, 255]
    let pixels = (0..<(size * size)).flatMap { _ in pixel }
    return try ImageEncoder.encode(Bitmap(width: size, height: size, premultipliedBGRA: pixels), as: .png())
}

/// A policy for an origin on 127.0.0.1, loopback allowed (as only a test allows it).
func loopbackPolicy(maxRedirects: Int = 3, maxBytes: Int = 1 << 20, totalTimeout: Duration = .seconds(10)) -> RemoteImagePolicy {
    RemoteImagePolicy(allowedHosts: ["127.0.0.1"], allowLoopback: true, maxRedirects: maxRedirects,
                      maxBytes: maxBytes, connectTimeout: .seconds(5), totalTimeout: totalTimeout)
}

/// The error `body` throws as a ``RemoteImageError``, or `nil` when it throws none or another.
func remoteError(_ body: () async throws(RemoteImageError) -> FetchedImage) async -> RemoteImageError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
