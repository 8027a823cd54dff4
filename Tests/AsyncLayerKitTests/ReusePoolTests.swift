import AsyncLayerKit
import Testing

@Suite struct ReusePoolTests {
    actor Cell {
        let id: Int
        var text = ""
        var preparedCount = 0
        init(id: Int) { self.id = id }
        func prepare() { text = ""; preparedCount += 1 }
        func set(_ text: String) { self.text = text }
    }

    @Test func dequeueHandsBackPreparedItemsByIdentifier() async {
        let pool = ReusePool<Cell>(idleLimit: 4) { await $0.prepare() }
        #expect(await pool.dequeue("card") == nil)  // empty: the caller makes a new one
        let cell = Cell(id: 1)
        await cell.set("old item")
        await pool.enqueue(cell, for: "card")
        #expect(await pool.dequeue("banner") == nil)  // another identifier
        let reused = await pool.dequeue("card")
        #expect(reused === cell)
        #expect(await reused?.text == "")            // prepared for reuse: no previous item shows
        #expect(await reused?.preparedCount == 1)
        #expect(await pool.reuses == 1)
    }

    @Test(arguments: [0, 1, 3])
    func theIdleCapDropsExtras(limit: Int) async {
        let pool = ReusePool<Cell>(idleLimit: limit)
        for i in 0..<5 { await pool.enqueue(Cell(id: i), for: "card") }
        #expect(await pool.idleCount(for: "card") == limit)
        #expect(await pool.drops == 5 - limit)
        await pool.removeAll()
        #expect(await pool.idleCount(for: "card") == 0)
    }

    @Test func concurrentUseNeverHandsOutAnItemTwice() async {
        let pool = ReusePool<Cell>(idleLimit: 64)
        for i in 0..<64 { await pool.enqueue(Cell(id: i), for: "card") }
        let ids = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<128 { group.addTask { await pool.dequeue("card")?.id } }
            return await group.reduce(into: [Int]()) { if let id = $1 { $0.append(id) } }
        }
        #expect(ids.count == 64 && Set(ids).count == 64)
    }
}
