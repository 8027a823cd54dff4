/// Limits on an SVG document, checked before librsvg builds or draws anything, so that a hostile
/// document (an entity bomb, a deep nesting, megabytes of elements) is refused cheaply.
///
/// The byte count is checked first, then one libxml2 SAX pass counts the elements (entity
/// expansions included) and their nesting depth, stopping as soon as either is over. The pixel
/// size an SVG is drawn at is checked against ``PixelLimits`` like any output bitmap.
///
/// ```swift
/// // Icons only: small documents, few elements.
/// let options = DecodeOptions(target: .fit(width: 64, height: 64), svgLimits: SVGLimits(maxBytes: 64 << 10, maxElementCount: 500))
/// ```
public struct SVGLimits: Hashable, Sendable, Codable {
    /// The largest document accepted, in bytes; also the most text its entities may expand to.
    /// Default: 4 MiB.
    public var maxBytes: Int
    /// The most elements accepted, counting each element an entity reference expands to.
    /// Default: 20 000; at most 1 000 000 (librsvg's own ceiling).
    public var maxElementCount: Int
    /// The deepest nesting of elements accepted (the root `<svg>` is depth 1). Default: 256, which
    /// is also the ceiling: librsvg parses with libxml2's default limits, which stop at 256.
    public var maxDepth: Int

    /// Which limit a document went over.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// ``SVGLimits/maxBytes``.
        case bytes
        /// ``SVGLimits/maxElementCount``.
        case elements
        /// ``SVGLimits/maxDepth``.
        case depth
    }

    /// librsvg's ceiling on loaded elements.
    public static let elementCountCeiling = 1_000_000
    /// libxml2's ceiling on nesting without `XML_PARSE_HUGE` (which librsvg does not set).
    public static let depthCeiling = 256

    /// Creates limits; each value is at least 1, and the element count and depth are lowered to
    /// their ceilings (``elementCountCeiling``, ``depthCeiling``).
    public init(maxBytes: Int = 4 << 20, maxElementCount: Int = 20_000, maxDepth: Int = 256) {
        self.maxBytes = max(1, maxBytes)
        self.maxElementCount = min(max(1, maxElementCount), Self.elementCountCeiling)
        self.maxDepth = min(max(1, maxDepth), Self.depthCeiling)
    }

    /// The defaults: 4 MiB, 20 000 elements, depth 256.
    public static let `default` = SVGLimits()

    /// The value of the limit `kind`.
    public func value(of kind: Kind) -> Int {
        switch kind {
        case .bytes: maxBytes
        case .elements: maxElementCount
        case .depth: maxDepth
        }
    }
}
