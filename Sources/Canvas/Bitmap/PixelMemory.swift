/// The pixel memory that bitmaps leave behind for the next ones.
///
/// A freed bitmap of at least 128 KiB keeps its memory for the next bitmap of the same byte
/// count, up to ``recycledByteLimit`` in all (64 MiB by default), the oldest freed first out.
/// Cards and cells come in a few sizes, so most renders reuse a buffer instead of asking the
/// kernel for fresh pages (page faults, zeroing, and unmaps that interrupt the other render
/// threads). The memory held this way is not part of any cache's budget: lower the limit, or call
/// ``releaseRecycled()`` under memory pressure.
public enum PixelMemory {
    /// The most bytes of freed pixel memory kept for reuse; 0 turns recycling off. Lowering it
    /// frees the oldest buffers at once.
    public static var recycledByteLimit: Int {
        get { PixelBufferPool.shared.byteLimit }
        set { PixelBufferPool.shared.byteLimit = newValue }
    }

    /// The bytes of freed pixel memory held for reuse now.
    public static var recycledBytes: Int { PixelBufferPool.shared.heldBytes }

    /// How many bitmaps were given a recycled buffer since the process started.
    public static var reusedBufferCount: Int { PixelBufferPool.shared.reusedCount }

    /// Frees all the pixel memory held for reuse (the limit stays).
    public static func releaseRecycled() {
        PixelBufferPool.shared.removeAll()
    }
}
