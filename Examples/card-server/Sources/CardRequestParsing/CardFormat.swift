public import AsyncLayerKit

/// The formats the server encodes, chosen by the request's `Accept` header.
public enum CardFormat: String, Sendable, CaseIterable {
    /// WebP (the default, for `*/*`, `image/*` or no `Accept`).
    case webp
    /// PNG.
    case png
    /// JPEG.
    case jpeg

    /// The media type (`Content-Type`).
    public var mediaType: String {
        switch self {
        case .webp: "image/webp"
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        }
    }

    /// The extension of content-hash URLs.
    public var fileExtension: String {
        switch self {
        case .webp: "webp"
        case .png: "png"
        case .jpeg: "jpg"
        }
    }

    /// The format of a content-hash URL's extension.
    public init?(fileExtension: String) {
        switch fileExtension {
        case "webp": self = .webp
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        default: return nil
        }
    }

    /// The encoder's options at `quality` (ignored by PNG).
    public func encodingOptions(quality: Int) -> EncodingOptions {
        switch self {
        case .webp: .webp(quality: Double(quality))
        case .png: .png()
        case .jpeg: .jpeg(quality: quality)
        }
    }

    /// The default quality: WebP 80, JPEG 85, PNG 0 (lossless; not part of its ETag's meaning).
    public var defaultQuality: Int {
        switch self {
        case .webp: 80
        case .png: 0
        case .jpeg: 85
        }
    }

    /// The best format for an `Accept` header: the highest `q`, ties broken by the server's
    /// order (WebP, PNG, JPEG); `nil` when none is acceptable (406). No header: WebP.
    public static func negotiate(accept: String?) -> CardFormat? {
        guard let accept, !HTTPText.trimmed(accept[...]).isEmpty else { return .webp }
        var quality: [CardFormat: Double] = [:]
        var specificity: [CardFormat: Int] = [:]  // 2: exact type, 1: image/*, 0: */*
        for range in HTTPText.split(accept[...], at: ",") {
            let parts = HTTPText.split(range, at: ";").map { HTTPText.asciiLowercased(HTTPText.trimmed($0)) }
            guard let type = parts.first, !type.isEmpty else { continue }
            var q = 1.0
            for parameter in parts.dropFirst() where parameter.utf8.starts(with: "q=".utf8) {
                // A weight that is not a qvalue (`0` to `1`, three decimals at most) excludes the range.
                q = HTTPText.qvalue(parameter.utf8.dropFirst(2)) ?? 0
            }
            for format in allCases {
                let level: Int
                if HTTPText.same(type, format.mediaType) {
                    level = 2
                } else if HTTPText.same(type, "image/*") {
                    level = 1
                } else if HTTPText.same(type, "*/*") {
                    level = 0
                } else {
                    continue
                }
                // The most specific range that matches a format sets its quality (RFC 9110 §12.5.1).
                if level > specificity[format] ?? -1 {
                    specificity[format] = level
                    quality[format] = q
                }
            }
        }
        var best: (format: CardFormat, q: Double)?
        for format in allCases {
            guard let q = quality[format], q > 0 else { continue }
            if best == nil || q > best!.q { best = (format, q) }
        }
        return best?.format
    }
}
