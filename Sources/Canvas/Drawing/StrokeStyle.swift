/// How a path's outline is drawn: width, dashes, caps and joins.
public struct StrokeStyle: Hashable, Sendable, Codable {
    /// The shape at the open ends of a stroke.
    public enum LineCap: String, Hashable, Sendable, Codable {
        /// Ends exactly at the end point.
        case butt
        /// A half circle past the end point.
        case round
        /// A half square past the end point.
        case square
    }

    /// The shape where two segments meet.
    public enum LineJoin: String, Hashable, Sendable, Codable {
        /// A sharp corner, bevelled past ``StrokeStyle/miterLimit``.
        case miter
        /// A rounded corner.
        case round
        /// A cut-off corner.
        case bevel
    }

    /// The stroke width in points.
    public var lineWidth: Double
    /// Lengths of alternating dashes and gaps in points; empty for a solid line.
    public var dash: [Double]
    /// How far into the dash pattern the stroke starts.
    public var dashPhase: Double
    /// The end caps.
    public var lineCap: LineCap
    /// The corner joins.
    public var lineJoin: LineJoin
    /// The ratio past which a miter join becomes a bevel.
    public var miterLimit: Double

    /// Creates a stroke style.
    public init(
        lineWidth: Double = 1,
        dash: [Double] = [],
        dashPhase: Double = 0,
        lineCap: LineCap = .butt,
        lineJoin: LineJoin = .miter,
        miterLimit: Double = 10
    ) {
        self.lineWidth = lineWidth
        self.dash = dash
        self.dashPhase = dashPhase
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
    }
}
