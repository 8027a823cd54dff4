/// A pool of reusable items by reuse identifier, as an actor.
///
/// ``dequeue(_:)`` hands out an idle item (after ``prepareForReuse``) or `nil`, so the caller
/// makes a new one; ``enqueue(_:for:)`` takes an item back unless the identifier already holds
/// ``idleLimit`` idle items, in which case the item is dropped (and released off the actor's
/// caller, like any value the pool lets go).
public actor ReusePool<Item: Sendable> {
    /// The most idle items kept per identifier.
    public let idleLimit: Int
    /// Runs on every item as it is dequeued, before it is handed out (reset its state here).
    public let prepareForReuse: (@Sendable (Item) async -> Void)?

    private var idle: [String: [Item]] = [:]
    /// Items handed out from the pool (not made new).
    public private(set) var reuses = 0
    /// Items dropped because their identifier was full.
    public private(set) var drops = 0

    /// Creates a pool keeping at most `idleLimit` idle items per identifier.
    public init(idleLimit: Int = 16, prepareForReuse: (@Sendable (Item) async -> Void)? = nil) {
        self.idleLimit = max(0, idleLimit)
        self.prepareForReuse = prepareForReuse
    }

    /// An idle item for `identifier`, prepared for reuse, or `nil` when there is none.
    public func dequeue(_ identifier: String) async -> Item? {
        guard var items = idle[identifier], let item = items.popLast() else { return nil }
        idle[identifier] = items
        reuses += 1
        if let prepareForReuse {
            await prepareForReuse(item)
        }
        return item
    }

    /// Returns an item to the pool. Returns `false` when the identifier is full and the item was dropped.
    @discardableResult
    public func enqueue(_ item: Item, for identifier: String) -> Bool {
        var items = idle[identifier, default: []]
        guard items.count < idleLimit else {
            drops += 1
            return false
        }
        items.append(item)
        idle[identifier] = items
        return true
    }

    /// The idle items held for `identifier`.
    public func idleCount(for identifier: String) -> Int {
        idle[identifier]?.count ?? 0
    }

    /// Drops every idle item (for memory pressure).
    public func removeAll() {
        idle.removeAll()
    }
}
