/// First baselines (§8.5): a measured leaf's from the measurer, a container's from its first
/// baseline-aligned item on the first line (else its first item), else the bottom of the box.
extension LayoutEngine {
    /// The distance from the top of `n`'s border box to its first baseline.
    func baseline(_ n: Int) -> Double {
        if isMeasured[n] {
            let size = nodes[n], pb = boxes[n]
            let content = FlexSize(width: Swift.max(0, size.measuredWidth - pb.paddingAndBorder(.left) - pb.paddingAndBorder(.right)),
                                   height: Swift.max(0, size.measuredHeight - pb.paddingAndBorder(.top) - pb.paddingAndBorder(.bottom)))
            if let b = measurer.pointee.baseline(FlexTree.NodeID(n), size: content), b.isFinite {
                return pb.paddingAndBorder(.top) + Swift.min(Swift.max(b, -StyleSanitizer.maxMagnitude), StyleSanitizer.maxMagnitude)
            }
            return size.measuredHeight
        }
        var chosen = -1
        for c in children(n) {
            if nodes[c].lineIndex > 0 { break }
            if !isInFlow(c) { continue }
            if childAlignment(n, c) == .baseline {
                chosen = c
                break
            }
            if chosen == -1 { chosen = c }
        }
        if chosen == -1 { return nodes[n].measuredHeight }
        return baseline(chosen) + nodes[chosen][position: .top]
    }

    /// Whether a row container aligns any item by baseline.
    func isBaselineLayout(_ n: Int) -> Bool {
        if styles[n].display == .overlay { return false }
        if styles[n].flexDirection == .column || styles[n].flexDirection == .columnReverse { return false }
        if styles[n].alignItems == .baseline { return true }
        for c in children(n) where styles[c].position != .absolute && styles[c].alignSelf == .baseline {
            return true
        }
        return false
    }
}
