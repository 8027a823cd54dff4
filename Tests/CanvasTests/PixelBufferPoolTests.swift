#if canImport(Glibc)
import Glibc
#endif
@testable import Canvas
import Testing

/// Freed pixel buffers are reused for bitmaps of the same size, zeroed, within a byte limit.
@Suite struct PixelBufferPoolTests {
    static let size = 256 * 1024

    /// A malloc'd buffer of `byteCount` bytes filled with 0xAB.
    static func dirtyBuffer(_ byteCount: Int = size) -> UnsafeMutableRawPointer {
        let buffer = malloc(byteCount)!
        memset(buffer, 0xAB, byteCount)
        return buffer
    }

    static func isZero(_ buffer: UnsafeMutableRawPointer, _ byteCount: Int) -> Bool {
        UnsafeRawBufferPointer(start: buffer, count: byteCount).allSatisfy { $0 == 0 }
    }

    @Test func aRecycledBufferComesBackZeroedForTheSameSizeOnly() throws {
        let pool = PixelBufferPool(byteLimit: 4 * Self.size)
        let buffer = Self.dirtyBuffer()
        pool.recycle(buffer, byteCount: Self.size)
        #expect(pool.heldBytes == Self.size)
        #expect(pool.take(byteCount: Self.size * 2) == nil)  // another size: not this buffer
        let again = try #require(pool.take(byteCount: Self.size))
        #expect(again == buffer)
        #expect(Self.isZero(again, Self.size))
        #expect(pool.heldBytes == 0)
        #expect(pool.reusedCount == 1)
        free(again)
    }

    @Test func theLimitEvictsTheOldestAndSmallBuffersAreNotKept() throws {
        let pool = PixelBufferPool(byteLimit: 3 * Self.size)
        let buffers = (0..<5).map { _ in Self.dirtyBuffer() }
        for buffer in buffers { pool.recycle(buffer, byteCount: Self.size) }
        #expect(pool.heldBytes == 3 * Self.size)
        // The three newest are kept, the most recently freed handed out first.
        #expect(pool.take(byteCount: Self.size) == buffers[4])
        #expect(pool.take(byteCount: Self.size) == buffers[3])
        #expect(pool.take(byteCount: Self.size) == buffers[2])
        #expect(pool.take(byteCount: Self.size) == nil)
        for buffer in buffers[2...] { free(buffer) }

        pool.recycle(Self.dirtyBuffer(1024), byteCount: 1024)  // freed at once
        #expect(pool.heldBytes == 0)
        pool.recycle(Self.dirtyBuffer(8 * Self.size), byteCount: 8 * Self.size)  // over the whole limit
        #expect(pool.heldBytes == 0)
    }

    @Test func loweringTheLimitFreesAndRemoveAllEmpties() {
        let pool = PixelBufferPool(byteLimit: 4 * Self.size)
        for _ in 0..<4 { pool.recycle(Self.dirtyBuffer(), byteCount: Self.size) }
        #expect(pool.heldBytes == 4 * Self.size)
        pool.byteLimit = Self.size
        #expect(pool.heldBytes == Self.size)
        pool.byteLimit = 4 * Self.size
        pool.recycle(Self.dirtyBuffer(), byteCount: Self.size)
        pool.removeAll()
        #expect(pool.heldBytes == 0)
        #expect(pool.byteLimit == 4 * Self.size)
    }

    @Test func aNewBitmapIsTransparentEvenOnARecycledBuffer() throws {
        // 300 × 300 px = 360,000 bytes: recycled. Drawn red, dropped, then a new one of the
        // same size must read as transparent everywhere.
        let size = Size(width: 300, height: 300)
        let reusedBefore = PixelMemory.reusedBufferCount
        for _ in 0..<8 {
            let red = try Bitmap.render(size: size, scale: 1) { $0.fill(Rect(x: 0, y: 0, width: 300, height: 300), with: Color(red255: 255, green255: 0, blue255: 0)) }
            #expect(red.pixel(x: 150, y: 150)?.alpha == 255)
            let blank = try Bitmap.render(size: size, scale: 1) { _ in }
            #expect(blank.withUnsafeBytes { $0.allSatisfy { $0 == 0 } })
        }
        #expect(PixelMemory.reusedBufferCount > reusedBefore)
    }

    @Test func concurrentRendersNeverSeeAnotherBitmapsPixels() async throws {
        let size = Size(width: 256, height: 256)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for _ in 0..<40 {
                        let color = Color(red255: 40 * worker + 10, green255: 200, blue255: 0)
                        let drawn = try Bitmap.render(size: size, scale: 1) { $0.fill(Rect(x: 0, y: 0, width: 256, height: 256), with: color) }
                        let blank = try Bitmap.render(size: size, scale: 1) { _ in }
                        #expect(blank.withUnsafeBytes { $0.allSatisfy { $0 == 0 } })
                        #expect(drawn.pixel(x: 7, y: 9)?.green == 200)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
