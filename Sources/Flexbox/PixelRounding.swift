/// How a layout's frames are rounded once the algorithm has placed them.
///
/// Layout works in unrounded points. ``pixelGrid(scale:)`` then snaps every edge to the grid of
/// one device pixel, as Yoga and browsers do, so adjacent boxes share an edge with no seam;
/// ``unrounded`` keeps the exact values (a layout compared with another engine's, a layout that
/// will be scaled again).
public enum PixelRounding: Hashable, Sendable {
    /// Frames as computed, in fractional points.
    case unrounded
    /// Edges rounded to the grid of `scale` pixels per point (sizes follow from the rounded
    /// edges; a measured leaf never shrinks below its content). A non-finite or non-positive
    /// scale means ``unrounded``; the scale is capped at 1000.
    case pixelGrid(scale: Double)

    /// Whole points: ``pixelGrid(scale:)`` at 1 pixel per point (the default).
    public static let wholePoints = PixelRounding.pixelGrid(scale: 1)

    /// The grid the engine rounds to: pixels per point, 0 for none.
    var gridScale: Double {
        guard case .pixelGrid(let scale) = self, scale.isFinite, scale > 0 else { return 0 }
        return Swift.min(scale, 1000)
    }
}
