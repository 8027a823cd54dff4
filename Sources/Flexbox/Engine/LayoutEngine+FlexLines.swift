/// §9.3 and §9.7: collecting items into flex lines and resolving their flexible lengths.
extension LayoutEngine {
    /// Collects items `first..<end` into lines (one when `multiLine` is false) no longer than
    /// `available` (outer hypothetical sizes plus gaps; an item alone always fits), pushing them
    /// onto the line stack from `lineFirst`. Returns the number of lines.
    func collectLines(_ first: Int, _ end: Int, lineFirst: Int, multiLine: Bool, available: Double, gap: Double) -> Int {
        var count = 0
        var start = first
        while start < end {
            var used = 0.0
            var j = start
            while j < end {
                let add = items.buffer[j].outerHypothetical + (j > start ? gap : 0)
                if multiLine, j > start, used + add > available + 1e-7 { break }
                used += add
                j += 1
            }
            lines.buffer[lineFirst + count] = FlexLine(first: start, end: j)
            count += 1
            start = j
        }
        return count
    }

    /// The sum of a line's outer hypothetical main sizes and the gaps between them.
    func hypotheticalLength(_ line: FlexLine, gap: Double) -> Double {
        var sum = 0.0
        for i in line.first..<line.end { sum += items.buffer[i].outerHypothetical }
        return sum + gap * Double(Swift.max(0, line.end - line.first - 1))
    }

    /// §9.7 Resolving flexible lengths for one line in `innerMain`: grow if the hypothetical sizes
    /// leave space, else shrink. Items whose factor is 0, or whose hypothetical size already moved
    /// their flex base size the other way, are frozen at their hypothetical size; then, until
    /// every item is frozen, the remaining free space is shared (grow ∝ flex-grow, shrink ∝
    /// flex-shrink × inner flex base size; a factor sum below 1 shares only that fraction of the
    /// initial free space), each size is clamped by its min/max, and the min violators (total
    /// violation > 0), max violators (< 0) or all items (0) are frozen. Each round freezes at
    /// least one item, so the loop ends. Sets every item's `target`.
    func resolveFlexibleLengths(_ line: FlexLine, innerMain: Double, gap: Double, _ x: ItemContext) {
        let range = line.first..<line.end
        let used = hypotheticalLength(line, gap: gap)
        let growing = used < innerMain
        if !growing, used > innerMain {
            for i in range where items.buffer[i].automaticMinimumPending { resolveAutomaticMinimum(&items.buffer[i], x) }
        }
        var unfrozen = 0
        for i in range {
            let item = items.buffer + i
            let factor = growing ? styles[item.pointee.node].flexGrow : styles[item.pointee.node].flexShrink
            items.buffer[i].target = item.pointee.hypothetical
            let frozen = !(factor > 0) || (growing ? item.pointee.basis > item.pointee.hypothetical : item.pointee.basis < item.pointee.hypothetical)
                || innerMain.isNaN
            items.buffer[i].frozen = frozen
            if !frozen { unfrozen += 1 }
        }
        guard unfrozen > 0 else { return }
        let gaps = gap * Double(Swift.max(0, range.count - 1))
        func remainingFreeSpace() -> Double {
            var free = innerMain - gaps
            for i in range {
                let item = items.buffer + i
                free -= (item.pointee.frozen ? item.pointee.target : item.pointee.basis) + item.pointee.marginMainStart + item.pointee.marginMainEnd
            }
            return free
        }
        let initialFree = remainingFreeSpace()
        while unfrozen > 0 {
            var free = remainingFreeSpace()
            var sumFactors = 0.0, sumScaledShrink = 0.0
            for i in range where !items.buffer[i].frozen {
                let item = items.buffer + i
                if growing {
                    sumFactors += styles[item.pointee.node].flexGrow
                } else {
                    sumFactors += styles[item.pointee.node].flexShrink
                    sumScaledShrink += styles[item.pointee.node].flexShrink * (item.pointee.basis - item.pointee.pbMain)
                }
            }
            if sumFactors < 1 {
                let scaled = initialFree * sumFactors
                if abs(scaled) < abs(free) { free = scaled }
            }
            var totalViolation = 0.0
            for i in range where !items.buffer[i].frozen {
                let item = items.buffer + i
                var size = item.pointee.basis
                if growing {
                    if sumFactors > 0 { size += free * styles[item.pointee.node].flexGrow / sumFactors }
                } else if sumScaledShrink > 0 {
                    size += free * styles[item.pointee.node].flexShrink * (item.pointee.basis - item.pointee.pbMain) / sumScaledShrink
                }
                let clamped = size.clamped(min: item.pointee.minMain, max: item.pointee.maxMain)
                items.buffer[i].violation = clamped - size
                items.buffer[i].target = clamped
                totalViolation += clamped - size
            }
            for i in range where !items.buffer[i].frozen {
                let v = items.buffer[i].violation
                if totalViolation == 0 || (totalViolation > 0 && v > 0) || (totalViolation < 0 && v < 0) {
                    items.buffer[i].frozen = true
                    unfrozen -= 1
                }
            }
        }
    }
}
