/// A FIFO queue per ``RenderPriority`` lane, served highest lane first without starving the rest:
/// the anti-starvation rule of <doc:RenderLanesArticle> ("Lanes, and how they avoid starvation"),
/// as a pure value with no threads or locks, so the rule is tested on its own. Removal and promotion
/// are O(1) (stale ids are skipped lazily); a *group*'s entries (one task's jobs, see
/// `RenderLaneBinding`) are promoted together.
struct LaneQueue<Element> {
    fileprivate struct Entry {
        var lane: RenderPriority
        var element: Element
        var group: UInt64?
    }

    /// The number of consecutive bypasses after which a waiting lower lane is served (K ≥ 1).
    let starvationLimit: Int
    private var entries: [UInt64: Entry] = [:]
    private var fifos: [[UInt64]] = Array(repeating: [], count: RenderPriority.servingOrder.count)
    private var heads: [Int] = Array(repeating: 0, count: RenderPriority.servingOrder.count)
    private var laneCounts: [Int] = Array(repeating: 0, count: RenderPriority.servingOrder.count)
    private var bypassed: [Int] = Array(repeating: 0, count: RenderPriority.servingOrder.count)
    private var groups: [UInt64: Set<UInt64>] = [:]

    /// Creates an empty queue; `starvationLimit` is clamped to at least 1.
    init(starvationLimit: Int) {
        self.starvationLimit = max(starvationLimit, 1)
    }

    /// The number of queued elements in every lane.
    var count: Int { entries.count }

    /// Whether no element is queued.
    var isEmpty: Bool { entries.isEmpty }

    /// The number of queued elements in `lane`.
    func count(in lane: RenderPriority) -> Int { laneCounts[lane.index] }

    /// The lane `id` waits in, or `nil` when it is not queued.
    func lane(of id: UInt64) -> RenderPriority? { entries[id]?.lane }

    /// The number of queued elements of `group`.
    func count(inGroup group: UInt64) -> Int { groups[group]?.count ?? 0 }

    /// Appends `element` to the tail of `lane`, as a member of `group` if one is given. Ids must
    /// be unique among queued elements.
    mutating func append(_ element: Element, id: UInt64, lane: RenderPriority, group: UInt64? = nil) {
        precondition(entries[id] == nil, "duplicate LaneQueue id \(id)")
        entries[id] = Entry(lane: lane, element: element, group: group)
        fifos[lane.index].append(id)
        laneCounts[lane.index] += 1
        if let group { groups[group, default: []].insert(id) }
    }

    /// Removes and returns the element `id` if it is still queued.
    mutating func remove(id: UInt64) -> Element? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        didLeave(entry.lane)
        leaveGroup(entry.group, id: id)
        return entry.element
    }

    /// Moves a queued element to the tail of a *higher* lane; returns whether it moved.
    /// A lane equal to or lower than the current one leaves the element where it is.
    @discardableResult
    mutating func promote(id: UInt64, to lane: RenderPriority) -> Bool {
        guard let old = entries[id]?.lane, lane > old else { return false }
        entries[id]?.lane = lane
        didLeave(old)
        fifos[lane.index].append(id)
        laneCounts[lane.index] += 1
        return true
    }

    /// Moves every queued element of `group` that waits in a lane lower than `lane` to the tail
    /// of `lane`, in their queue order; returns how many moved.
    @discardableResult
    mutating func promote(group: UInt64, to lane: RenderPriority) -> Int {
        guard let members = groups[group] else { return 0 }
        // Ids grow with arrival, so sorting keeps the group's own FIFO order in the new lane.
        var moved = 0
        for id in members.sorted() where promote(id: id, to: lane) { moved += 1 }
        return moved
    }

    /// Removes and returns the next element by the serving rule, with its lane and whether the
    /// anti-starvation rule chose it over a higher non-empty lane.
    mutating func popNext() -> (id: UInt64, lane: RenderPriority, element: Element, overrode: Bool)? {
        guard !entries.isEmpty else { return nil }
        let highest = laneCounts.firstIndex { $0 > 0 }!
        var chosen = highest
        for index in highest + 1..<laneCounts.count where laneCounts[index] > 0 && bypassed[index] >= starvationLimit {
            chosen = index
            break
        }
        for index in chosen + 1..<laneCounts.count where laneCounts[index] > 0 {
            bypassed[index] += 1
        }
        bypassed[chosen] = 0
        while true {
            let id = fifos[chosen][heads[chosen]]
            heads[chosen] += 1
            if let entry = entries[id], entry.lane.index == chosen {
                entries[id] = nil
                didLeave(entry.lane)
                leaveGroup(entry.group, id: id)
                return (id, entry.lane, entry.element, chosen != highest)
            }
        }
    }

    /// Bookkeeping after element `id` of `group` leaves the queue.
    private mutating func leaveGroup(_ group: UInt64?, id: UInt64) {
        guard let group else { return }
        groups[group]?.remove(id)
        if groups[group]?.isEmpty == true { groups[group] = nil }
    }

    /// Bookkeeping after an element leaves `lane`: counts, reset of an emptied lane, compaction.
    private mutating func didLeave(_ lane: RenderPriority) {
        let index = lane.index
        laneCounts[index] -= 1
        if laneCounts[index] == 0 {
            bypassed[index] = 0
            fifos[index].removeAll(keepingCapacity: true)
            heads[index] = 0
        } else if heads[index] > 1024 && heads[index] * 2 > fifos[index].count {
            fifos[index].removeFirst(heads[index])
            heads[index] = 0
        }
    }
}

extension LaneQueue: Sendable where Element: Sendable {}
extension LaneQueue.Entry: Sendable where Element: Sendable {}
