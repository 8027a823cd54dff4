#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one owner of a bitmap's pixel memory.
///
/// The memory is allocated here and freed exactly once, in `deinit`. While a storage is being
/// filled (by a drawing context or a decoder) it is confined to the one thread that fills it;
/// once it is wrapped in a ``Bitmap`` nothing writes to it again.
final class PixelStorage: @unchecked Sendable {
    // @unchecked Sendable: `bytes` is written only before the storage is handed to a Bitmap
    // (by the single owner that created it), and is read-only from then on; the pointer and the
    // counts are immutable `let`s. Read-only memory shared between threads is race-free.
    let bytes: UnsafeMutableRawPointer
    let byteCount: Int

    /// Allocates `byteCount` zeroed bytes (transparent black pixels): a recycled buffer of the
    /// same size, zeroed (``PixelBufferPool``), or else `calloc`'s.
    ///
    /// `calloc` rather than allocate-then-fill: large blocks come from fresh, already-zero pages, so
    /// a new canvas costs no memset. Its 16-byte alignment is more than Cairo and pixman need (4).
    /// Sizes were checked against ``PixelLimits`` before this is called; should the system still
    /// refuse the memory, that is a typed error, not a crash.
    init(byteCount: Int) throws(CanvasError) {
        if let recycled = PixelBufferPool.shared.take(byteCount: byteCount) {
            bytes = recycled
        } else if let memory = calloc(max(byteCount, 1), 1) {
            bytes = memory
        } else {
            throw .outOfMemory(bytes: byteCount)
        }
        self.byteCount = byteCount
    }

    /// The memory goes back to the pool of recycled buffers, or is freed: either way exactly once.
    deinit {
        PixelBufferPool.shared.recycle(bytes, byteCount: byteCount)
    }
}
