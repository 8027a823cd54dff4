/// How a measure function is constrained on one axis (Yoga's measure modes).
public enum MeasureMode: Hashable, Sendable {
    /// The size must be exactly the given length.
    case exactly
    /// The size may be at most the given length.
    case atMost
    /// No constraint; the length is meaningless (`.infinity`).
    case undefined
}

/// A width and a height in points.
public struct FlexSize: Hashable, Sendable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Zero by zero.
    public static let zero = FlexSize(width: 0, height: 0)
}

/// Sizes the leaves the engine cannot size itself — texts, images — and gives their baselines.
///
/// The engine calls it only for nodes added with `measured: true`, and may call it several times
/// per node with different constraints (it does not cache; a measurer may). A measurer cannot
/// fail: one that meets an error records it, answers a size, and reports the error after layout.
public protocol FlexMeasurer {
    /// The content size of `node` (inside its padding and border) under the given constraints.
    /// A returned non-finite or negative size is treated as 0.
    mutating func measure(_ node: FlexTree.NodeID, width: Double, widthMode: MeasureMode,
                          height: Double, heightMode: MeasureMode) -> FlexSize

    /// The distance from the top of `node`'s content box to its first baseline when laid out at
    /// `size` (content box), or `nil` when it has none (its bottom edge is used, as CSS does).
    mutating func baseline(_ node: FlexTree.NodeID, size: FlexSize) -> Double?

    /// Whether `node` is a replaced box (an image) rather than a block with inline content (a
    /// text). It matters only in block flow (``Display/block``): an `auto` width there fills the
    /// containing block for a text (CSS 2.1 §10.3.3), and is the measured max-content width for a
    /// replaced box (§10.3.4; its height then follows from `aspect-ratio` or the measurer). No
    /// by default.
    mutating func isReplaced(_ node: FlexTree.NodeID) -> Bool
}

extension FlexMeasurer {
    /// No baseline: the node's content-box bottom edge is used.
    public mutating func baseline(_ node: FlexTree.NodeID, size: FlexSize) -> Double? { nil }

    /// No: every measured node is a block with inline content.
    public mutating func isReplaced(_ node: FlexTree.NodeID) -> Bool { false }
}

/// A measurer for trees without measured leaves: every measured node is 0 × 0.
public struct NoMeasurer: FlexMeasurer {
    /// Creates the measurer.
    public init() {}
    /// Zero.
    public mutating func measure(_ node: FlexTree.NodeID, width: Double, widthMode: MeasureMode,
                                 height: Double, heightMode: MeasureMode) -> FlexSize { .zero }
}
