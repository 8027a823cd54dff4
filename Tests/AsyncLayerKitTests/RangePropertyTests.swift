import AsyncLayerKit
import AsyncLayerKitTesting
import Testing

@Suite struct RangePropertyTests {
    /// Random lists, viewports, velocities and events: the sets nest, and the previous sets with
    /// the entered runs added and the left runs removed are the new sets.
    @Test(arguments: [1 as UInt64, 2, 3, 0xC0FFEE])
    func setsNestAndChangesReplay(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let count = Int.random(in: 0...300, using: &random)
            let heights = (0..<count).map { _ in Double(Int.random(in: 0...240, using: &random)) }
            let spacing = Double(Int.random(in: 0...12, using: &random))
            let items = try ItemExtents(lengths: heights, spacing: spacing)
            var configuration = RangeConfiguration()
            configuration.velocityLookahead = [0, 0.1, 0.25, 1][Int.random(in: 0...3, using: &random)]
            var controller = RangeController(items: items, configuration: configuration)
            var previous = RangeSets.empty
            var offset = 0.0
            for _ in 0..<200 {
                switch Int.random(in: 0..<40, using: &random) {
                case 0: controller.didReceiveMemoryWarning()
                case 1: controller.setContainerVisible(Bool.random(using: &random))
                case 2: controller.scheduledDisplaysDidFinish()
                case 3: controller.didEnterBackground()
                case 4: controller.willEnterForeground()
                case 5: controller.setMode(RangeMode.allCases.randomElement(using: &random)!)
                default: break
                }
                let jump = Int.random(in: 0..<10, using: &random) == 0
                offset = jump
                    ? Double.random(in: -500...(items.contentLength + 500), using: &random)
                    : offset + Double.random(in: -300...300, using: &random)
                let height = Double.random(in: 0...900, using: &random)
                let velocity = Int.random(in: 0..<4, using: &random) == 0 ? 0 : Double.random(in: -9000...9000, using: &random)
                let update = controller.update(
                    viewport: Rect(x: 0, y: offset, width: 320, height: height), velocity: velocity)
                let sets = update.sets
                #expect(update.previous == previous)
                // visible ⊆ display ⊆ preload
                #expect(sets.visible.isEmpty || (sets.display.contains(sets.visible.lowerBound)
                    && sets.display.contains(sets.visible.upperBound - 1)))
                #expect(sets.display.isEmpty || (sets.preload.contains(sets.display.lowerBound)
                    && sets.preload.contains(sets.display.upperBound - 1)))
                // Visible is exactly the items overlapping the viewport (a linear scan), when shown.
                if controller.modeState.isEffectivelyVisible {
                    let scan = (0..<items.count).filter {
                        items.offsets[$0] < offset + height && items.offsets[$0] + items.lengths[$0] > offset
                    }
                    #expect(Array(sets.visible) == (height > 0 ? scan : []))
                } else {
                    #expect(sets.visible.isEmpty)
                }
                // Replay the changes on the previous sets.
                for kind in RangeKind.allCases {
                    let change = update.change(kind)
                    var replayed = Set(previous[kind])
                    for run in change.entered {
                        #expect(replayed.isDisjoint(with: run))
                        replayed.formUnion(run)
                    }
                    for run in change.left {
                        #expect(replayed.isSuperset(of: run))
                        replayed.subtract(run)
                    }
                    #expect(replayed == Set(sets[kind]))
                    #expect(change.entered.count <= 2 && change.left.count <= 2)
                }
                previous = sets
            }
        }
    }

    /// The binary search gives what a linear scan gives, for random lists and intervals.
    @Test(arguments: [7 as UInt64, 8, 9])
    func binarySearchMatchesALinearScan(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let count = Int.random(in: 0...60, using: &random)
            let heights = (0..<count).map { _ in Double(Int.random(in: 0...50, using: &random)) }
            let items = try ItemExtents(lengths: heights, spacing: Double(Int.random(in: 0...5, using: &random)))
            for _ in 0..<20 {
                let a = Double(Int.random(in: -20...(Int(items.contentLength) + 20), using: &random))
                let b = a + Double(Int.random(in: 0...200, using: &random))
                let scan = a < b ? (0..<count).filter { items.offsets[$0] < b && items.offsets[$0] + items.lengths[$0] > a } : []
                let found = items.indices(overlapping: a..<b)
                #expect(Array(found) == scan)
                let under = (0..<count).first { items.offsets[$0] + items.lengths[$0] > a }
                #expect(items.index(at: a) == under)
            }
        }
    }

    @Test func extentsRefuseBadInput() {
        #expect(throws: ItemExtentsError.countMismatch(offsets: 2, lengths: 1)) {
            try ItemExtents(offsets: [0, 10], lengths: [10])
        }
        #expect(throws: ItemExtentsError.negativeLength(index: 1)) { try ItemExtents(lengths: [10, -1]) }
        #expect(throws: ItemExtentsError.notFinite(index: 0)) { try ItemExtents(lengths: [.nan]) }
        #expect(throws: ItemExtentsError.outOfOrder(index: 1)) {
            try ItemExtents(offsets: [100, 50], lengths: [10, 10])
        }
        #expect(throws: ItemExtentsError.invalidSpacing(-1)) { try ItemExtents(lengths: [1], spacing: -1) }
        let frames = try? ItemExtents(frames: [Rect(x: 0, y: 0, width: 10, height: 40), Rect(x: 0, y: 48, width: 10, height: 40)])
        #expect(frames?.offsets == [0, 48])
        #expect(frames?.contentLength == 88)
        #expect(ItemExtents.empty.indices(overlapping: 0..<100) == 0..<0)
    }

    @Test func changesBetweenRanges() {
        #expect(RangeChange(from: 0..<0, to: 3..<6).entered == [3..<6])
        #expect(RangeChange(from: 3..<6, to: 0..<0).left == [3..<6])
        #expect(RangeChange(from: 3..<6, to: 4..<8).entered == [6..<8])
        #expect(RangeChange(from: 3..<6, to: 4..<8).left == [3..<4])
        #expect(RangeChange(from: 4..<6, to: 2..<9).entered == [2..<4, 6..<9])
        #expect(RangeChange(from: 2..<9, to: 4..<6).left == [2..<4, 6..<9])
        #expect(RangeChange(from: 0..<3, to: 10..<12).left == [0..<3])
        #expect(RangeChange(from: 3..<3, to: 7..<7).isEmpty)
    }
}
