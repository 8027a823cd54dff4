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

    /// Allocates `byteCount` zeroed bytes (transparent black pixels), 64-byte aligned.
    init(byteCount: Int) {
        self.byteCount = byteCount
        bytes = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: 64)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: max(byteCount, 1))
    }

    deinit {
        bytes.deallocate()
    }
}
