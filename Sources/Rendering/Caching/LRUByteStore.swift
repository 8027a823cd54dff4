/// The bookkeeping of a least-recently-used cache with a byte budget: a dictionary into a doubly
/// linked list of slots, all O(1). A plain value with no locking; ``ElementCache`` owns one
/// inside an actor.
struct LRUByteStore<Key: Hashable, Value> {
    private struct Slot {
        var key: Key
        var value: Value?
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    private var slots: [Slot] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    /// The budget; inserting past it evicts the least recently used entries.
    var byteLimit: Int
    /// The sum of the entries' costs.
    private(set) var bytes = 0

    init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
    }

    var count: Int { index.count }

    /// The keys present, in no particular order.
    var keys: [Key] { Array(index.keys) }

    /// The value for `key`, marking it most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToNewest(slot)
        return slots[slot].value
    }

    /// Whether `key` is present, without touching its recency.
    func contains(_ key: Key) -> Bool {
        index[key] != nil
    }

    /// An entry taken out of the store.
    struct Removed {
        var key: Key
        var value: Value
        var cost: Int
    }

    /// What an insertion displaced; the caller decides where those values are released.
    struct InsertOutcome {
        /// The previous entry under the same key.
        var replaced: Removed?
        /// Least recently used entries pushed out to stay within the budget.
        var evicted: [Removed] = []
        /// Whether the value was not kept because it alone exceeds the budget.
        var rejected = false
    }

    /// Inserts or replaces `value` at `cost` bytes, then evicts until within the budget. A value
    /// costing more than the whole budget is not kept.
    mutating func insert(_ value: Value, cost: Int, for key: Key) -> InsertOutcome {
        let cost = max(0, cost)
        var outcome = InsertOutcome(replaced: remove(key))
        guard cost <= byteLimit else {
            outcome.rejected = true
            return outcome
        }
        let slot: Int
        let entry = Slot(key: key, value: value, cost: cost, newer: nil, older: newest)
        if let reused = free.popLast() {
            slots[reused] = entry
            slot = reused
        } else {
            slots.append(entry)
            slot = slots.count - 1
        }
        if let newest { slots[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
        index[key] = slot
        bytes += cost
        outcome.evicted = evict(downTo: byteLimit)
        return outcome
    }

    /// Removes `key`, returning its value.
    @discardableResult
    mutating func remove(_ key: Key) -> Removed? {
        guard let slot = index.removeValue(forKey: key) else { return nil }
        unlink(slot)
        bytes -= slots[slot].cost
        let value = slots[slot].value
        slots[slot].value = nil
        free.append(slot)
        return value.map { Removed(key: key, value: $0, cost: slots[slot].cost) }
    }

    /// Evicts least recently used entries until at most `limit` bytes remain.
    mutating func evict(downTo limit: Int) -> [Removed] {
        var evicted: [Removed] = []
        while bytes > max(0, limit), let oldest {
            if let value = remove(slots[oldest].key) { evicted.append(value) }
        }
        return evicted
    }

    private mutating func moveToNewest(_ slot: Int) {
        guard newest != slot else { return }
        unlink(slot)
        slots[slot].older = newest
        slots[slot].newer = nil
        if let newest { slots[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer, older = slots[slot].older
        if let newer { slots[newer].older = older } else { newest = older }
        if let older { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = nil
        slots[slot].older = nil
    }
}
