import Canvas
import Flexbox

extension Edges where Value == Length {
    /// Four physical edges in points, from Canvas insets.
    init(_ insets: EdgeInsets) {
        self.init(top: .points(insets.top), left: .points(insets.left), bottom: .points(insets.bottom), right: .points(insets.right))
    }
}

extension ResolvedEdges {
    /// As Canvas insets.
    var insets: EdgeInsets { EdgeInsets(top: top, left: left, bottom: bottom, right: right) }
}
