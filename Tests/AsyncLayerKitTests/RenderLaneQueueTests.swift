import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// The serving rule on its own, without threads.
@Suite struct RenderLaneQueueTests {
    @Test(arguments: [
        [RenderPriority.background, .utility, .userInitiated, .userInteractive],
        [.userInteractive, .userInitiated, .utility, .background],
        [.utility, .background, .userInteractive, .userInitiated],
    ])
    func servesHighestLaneFirst(arrival: [RenderPriority]) {
        var queue = LaneQueue<RenderPriority>(starvationLimit: 8)
        for (id, lane) in arrival.enumerated() { queue.append(lane, id: UInt64(id), lane: lane) }
        var served: [RenderPriority] = []
        while let next = queue.popNext() { served.append(next.element) }
        #expect(served == RenderPriority.servingOrder)
    }

    @Test(arguments: [1, 2, 8, 32])
    func aWaitingLowerLaneIsServedAfterKBypasses(limit: Int) {
        var queue = LaneQueue<String>(starvationLimit: limit)
        var id: UInt64 = 0
        queue.append("bg", id: id, lane: .background)
        // A sustained userInteractive stream: the lane is refilled before every pick.
        var picks: [String] = []
        for _ in 0..<(limit + 5) {
            id += 1
            queue.append("ui", id: id, lane: .userInteractive)
            picks.append(queue.popNext()!.element)
        }
        #expect(picks.firstIndex(of: "bg") == limit)
        #expect(picks.filter { $0 == "bg" }.count == 1)
    }

    @Test func everyStarvedLaneGetsThroughUnderASustainedStream() {
        var queue = LaneQueue<RenderPriority>(starvationLimit: 4)
        queue.append(.background, id: 1, lane: .background)
        queue.append(.utility, id: 2, lane: .utility)
        queue.append(.userInitiated, id: 3, lane: .userInitiated)
        var id: UInt64 = 10
        var served: [RenderPriority] = []
        for _ in 0..<40 {
            id += 1
            queue.append(.userInteractive, id: id, lane: .userInteractive)
            served.append(queue.popNext()!.element)
        }
        for lane in [RenderPriority.userInitiated, .utility, .background] {
            #expect(served.contains(lane), "\(lane) starved")
        }
        #expect(served.firstIndex(of: .background)! <= 4 + 3)
    }

    @Test func removeAndPromote() {
        var queue = LaneQueue<Int>(starvationLimit: 8)
        for index in 0..<5 { queue.append(index, id: UInt64(index), lane: .background) }
        queue.append(99, id: 99, lane: .utility)
        let removed = queue.remove(id: 2)
        let removedAgain = queue.remove(id: 2)
        let promoted = queue.promote(id: 4, to: .userInteractive)
        let demoted = queue.promote(id: 3, to: .background)
        let loweredAfterPromotion = queue.promote(id: 4, to: .utility)
        #expect(removed == 2)
        #expect(removedAgain == nil)
        #expect(promoted)
        #expect(!demoted)
        #expect(!loweredAfterPromotion)
        #expect(queue.count(in: .background) == 3)
        var served: [Int] = []
        while let next = queue.popNext() { served.append(next.element) }
        #expect(served == [4, 99, 0, 1, 3])
        #expect(queue.isEmpty)
    }

    /// The re-prioritise event of a group (the queued jobs of one escalated task): every queued
    /// member below the new lane moves to its tail in the group's own order, other entries and
    /// members already higher stay, and members that left are forgotten.
    @Test func promotingAGroupMovesEveryQueuedMember() {
        var queue = LaneQueue<String>(starvationLimit: 8)
        let group: UInt64 = 500
        queue.append("u0", id: 1, lane: .utility)
        queue.append("g0", id: 2, lane: .utility, group: group)
        queue.append("u1", id: 3, lane: .utility)
        queue.append("g1", id: 4, lane: .background, group: group)
        queue.append("g2", id: 5, lane: .userInteractive, group: group)
        queue.append("g3", id: 6, lane: .utility, group: group)
        queue.append("i0", id: 7, lane: .userInitiated)
        let removed = queue.remove(id: 6)
        #expect(removed == "g3")
        #expect(queue.count(inGroup: group) == 3)
        #expect(queue.promote(group: group, to: .userInitiated) == 2)  // g0 and g1; g2 is higher
        #expect(queue.promote(group: group, to: .userInitiated) == 0)
        #expect(queue.promote(group: 9, to: .userInteractive) == 0)  // no such group
        #expect(queue.count(in: .userInitiated) == 3)
        var served: [String] = []
        while let next = queue.popNext() { served.append(next.element) }
        #expect(served == ["g2", "i0", "g0", "g1", "u0", "u1"])
        #expect(queue.count(inGroup: group) == 0)
    }

    @Test(arguments: [
        (TaskPriority(rawValue: 33), RenderPriority.userInteractive),
        (.high, .userInitiated), (.medium, .userInitiated), (.low, .utility), (.background, .background),
    ])
    func taskPrioritiesMapToLanes(priority: TaskPriority, lane: RenderPriority) {
        #expect(RenderPriority(priority) == lane)
        #expect(RenderPriority(lane.taskPriority) == lane)
    }
}
