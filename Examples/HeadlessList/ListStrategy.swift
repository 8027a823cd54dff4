import AsyncLayerKit

/// How a ``HeadlessList`` gets its cells' contents: the four strategies scroll-sim compares, each
/// adding one idea of the iOS toolbox to the one before it.
///
/// | Strategy | Draws | Adds |
/// |---|---|---|
/// | ``synchronous`` | on the loop, in the frame | — (the UIKit baseline) |
/// | ``asyncDisplay`` | off the loop, one ``ElementLayer`` per cell | YYAsyncLayer: render off the loop, superseded renders cancelled |
/// | ``fastScrollSkipping`` | as ``asyncDisplay`` | VVebo: rows a long fling passes over are not drawn; what is visible when the motion stops is |
/// | ``ranges`` | as ``fastScrollSkipping`` | Texture: the preload range prefetches images, the display range pre-renders into the cache, leaving a range cancels, work that would finish after its item left is not started |
public enum ListStrategy: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// (1) The loop lays out and draws each cell it must show, inside the frame's turn.
    case synchronous
    /// (2) Each cell is an ``ElementLayer``: rendered off the loop, a reused cell's render in flight
    /// cancelled.
    case asyncDisplay = "async"
    /// (3) ``asyncDisplay`` plus ``FastScrollSkipper``.
    case fastScrollSkipping = "skipping"
    /// (4) ``fastScrollSkipping`` plus a ``RangeController``.
    case ranges

    /// Whether cells are drawn on the loop.
    public var drawsOnLoop: Bool { self == .synchronous }
    /// Whether long flings skip the rows they pass over.
    public var skipsFastScrolls: Bool { self == .fastScrollSkipping || self == .ranges }
    /// Whether the display and preload ranges work ahead of the viewport.
    public var usesRanges: Bool { self == .ranges }

    /// The strategy's number in the scroll simulation's reports, 1 to 4.
    public var number: Int {
        switch self {
        case .synchronous: 1
        case .asyncDisplay: 2
        case .fastScrollSkipping: 3
        case .ranges: 4
        }
    }

    /// A short label: `1 sync`, `2 async`, `3 +skipping`, `4 +ranges`.
    public var description: String {
        switch self {
        case .synchronous: "1 sync"
        case .asyncDisplay: "2 async"
        case .fastScrollSkipping: "3 +skipping"
        case .ranges: "4 +ranges"
        }
    }
}
