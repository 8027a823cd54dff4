public import Canvas

/// Where each item of a vertical list lies along the scrollable axis: an offset and a length
/// (height) per item, in points, usually from a pre-layout pass.
///
/// Items are in list order: offsets never decrease, and neither do item ends (offset + length).
/// Gaps between items (spacing, section insets) are allowed. With that order, the items that
/// overlap any interval of the axis are one contiguous index range, found with two binary
/// searches — ``indices(overlapping:)`` costs O(log n), whatever the list's size.
///
/// ```swift
/// let items = try ItemExtents(lengths: heights, spacing: 8)   // a feed laid out top to bottom
/// items.indices(overlapping: 1200..<2000)                       // the rows a viewport shows
/// ```
public struct ItemExtents: Sendable, Hashable, CustomStringConvertible {
    /// Each item's start along the axis, in points.
    public let offsets: [Double]
    /// Each item's length along the axis (its height), in points.
    public let lengths: [Double]
    // offsets[i] + lengths[i], kept so the binary search reads one array.
    private let ends: [Double]

    /// Creates the extents from each item's offset and length.
    ///
    /// - Throws: ``ItemExtentsError`` when the arrays differ in length, a value is not finite, a
    ///   length is negative, or an offset or an end is smaller than the previous item's.
    public init(offsets: [Double], lengths: [Double]) throws(ItemExtentsError) {
        guard offsets.count == lengths.count else {
            throw .countMismatch(offsets: offsets.count, lengths: lengths.count)
        }
        var ends: [Double] = []
        ends.reserveCapacity(offsets.count)
        for index in offsets.indices {
            let offset = offsets[index], length = lengths[index]
            guard offset.isFinite, length.isFinite else { throw .notFinite(index: index) }
            guard length >= 0 else { throw .negativeLength(index: index) }
            let end = offset + length
            if index > 0, offset < offsets[index - 1] || end < ends[index - 1] {
                throw .outOfOrder(index: index)
            }
            ends.append(end)
        }
        self.offsets = offsets
        self.lengths = lengths
        self.ends = ends
    }

    /// Creates the extents of items stacked from `origin` downwards, `spacing` points apart.
    ///
    /// - Throws: ``ItemExtentsError`` for a length that is negative or not finite, or a spacing
    ///   or origin that is not finite or (spacing) negative.
    public init(lengths: [Double], spacing: Double = 0, origin: Double = 0) throws(ItemExtentsError) {
        guard spacing.isFinite, spacing >= 0, origin.isFinite else { throw .invalidSpacing(spacing) }
        var offsets: [Double] = []
        offsets.reserveCapacity(lengths.count)
        var position = origin
        for (index, length) in lengths.enumerated() {
            guard length.isFinite else { throw .notFinite(index: index) }
            guard length >= 0 else { throw .negativeLength(index: index) }
            offsets.append(position)
            position += length + spacing
        }
        try self.init(offsets: offsets, lengths: lengths)
    }

    /// Creates the extents from laid-out frames, using each frame's `minY` and `height` (the
    /// list scrolls vertically; `x` and `width` play no part).
    public init(frames: [Rect]) throws(ItemExtentsError) {
        try self.init(offsets: frames.map(\.minY), lengths: frames.map(\.height))
    }

    /// The empty list.
    public static let empty = ItemExtents()

    private init() {
        offsets = []
        lengths = []
        ends = []
    }

    /// The number of items.
    public var count: Int { offsets.count }

    /// Where the last item ends (0 for an empty list): the content's length along the axis.
    public var contentLength: Double { ends.last ?? 0 }

    /// The start and end of item `index` along the axis.
    public func span(of index: Int) -> Range<Double> {
        offsets[index]..<ends[index]
    }

    /// The items that overlap `interval` by more than nothing: those with
    /// `offset < interval.upperBound` and `offset + length > interval.lowerBound`.
    ///
    /// An item that only touches the interval's edge is not in it, so the item just above a
    /// viewport is not visible. An empty interval overlaps nothing; the empty result is `0..<0`.
    ///
    /// - Complexity: O(log n), two binary searches.
    public func indices(overlapping interval: Range<Double>) -> Range<Int> {
        guard interval.lowerBound < interval.upperBound else { return 0..<0 }
        // First item whose end is past the lower bound (ends never decrease).
        let first = partition(ends) { $0 > interval.lowerBound }
        // First item that starts at or after the upper bound (offsets never decrease).
        let pastLast = partition(offsets) { $0 >= interval.upperBound }
        return first < pastLast ? first..<pastLast : 0..<0
    }

    /// `"100 items over 10000.0 pt"`: the size, not every offset.
    public var description: String { "\(count) items over \(contentLength) pt" }

    /// The item under the point `offset` along the axis — the first item that ends after it
    /// (UIKit's `indexPathForRowAtPoint:`, except that a point in a gap between two items gives
    /// the item after the gap) — or `nil` past the last item.
    ///
    /// - Complexity: O(log n).
    public func index(at offset: Double) -> Int? {
        let index = partition(ends) { $0 > offset }
        return index < count ? index : nil
    }

    /// The first index whose value satisfies `predicate`, for a predicate that is false then true
    /// along the (sorted) array; `values.count` if none does.
    private func partition(_ values: [Double], _ predicate: (Double) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = low + (high - low) / 2
            if predicate(values[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

/// Why ``ItemExtents`` refused its input.
public enum ItemExtentsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There are not as many offsets as lengths.
    case countMismatch(offsets: Int, lengths: Int)
    /// The offset or length of item `index` is NaN or infinite.
    case notFinite(index: Int)
    /// The length of item `index` is negative.
    case negativeLength(index: Int)
    /// Item `index` starts or ends before the item above it.
    case outOfOrder(index: Int)
    /// The spacing is negative or not finite, or the origin is not finite.
    case invalidSpacing(Double)

    /// A one-line description.
    public var description: String {
        switch self {
        case .countMismatch(let offsets, let lengths): "\(offsets) offsets but \(lengths) lengths"
        case .notFinite(let index): "item \(index): offset or length is not a finite number"
        case .negativeLength(let index): "item \(index): negative length"
        case .outOfOrder(let index): "item \(index) starts or ends before the item above it"
        case .invalidSpacing(let spacing): "spacing \(spacing) (or the origin) is negative or not finite"
        }
    }
}
