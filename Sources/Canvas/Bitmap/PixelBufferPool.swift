#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayerKitSupport

/// Freed pixel buffers kept for the next bitmap of the same byte count, so a feed's same-sized
/// bitmaps skip the kernel's page faults; why, and what it measured, is in <doc:CanvasBasics>
/// ("Ownership"). Buffers come and go in `PixelStorage`'s init and deinit on any thread, so the
/// free lists sit behind the package's one ``Lock``, not an actor.
final class PixelBufferPool: Sendable {
    /// The pool every bitmap uses.
    static let shared = PixelBufferPool(byteLimit: 64 << 20)

    /// Smaller buffers are left to malloc, which reuses them well on its own.
    static let minimumByteCount = 128 * 1024

    private struct State {
        /// Free buffers by byte count, as addresses (most recently freed last).
        var free: [Int: [UInt]] = [:]
        /// Every free buffer, oldest first: the eviction order.
        var order: [(byteCount: Int, address: UInt)] = []
        var heldBytes = 0
        var byteLimit: Int
        var reused = 0

        /// Drops the oldest buffers until at most `limit` bytes are held; returns them to free.
        mutating func evict(downTo limit: Int) -> [UInt] {
            var evicted: [UInt] = []
            while heldBytes > limit, !order.isEmpty {
                let oldest = order.removeFirst()
                if let index = free[oldest.byteCount]?.firstIndex(of: oldest.address) {
                    free[oldest.byteCount]?.remove(at: index)
                }
                heldBytes -= oldest.byteCount
                evicted.append(oldest.address)
            }
            return evicted
        }
    }

    private let state: Lock<State>

    init(byteLimit: Int) {
        state = Lock(State(byteLimit: max(0, byteLimit)))
    }

    private func locked<R: Sendable>(_ body: (inout State) -> R) -> R {
        state.withLock { body(&$0) }
    }

    /// A zeroed buffer of `byteCount` bytes that was freed before, or `nil`.
    func take(byteCount: Int) -> UnsafeMutableRawPointer? {
        guard byteCount >= Self.minimumByteCount else { return nil }
        let address = locked { state -> UInt? in
            guard let address = state.free[byteCount]?.popLast() else { return nil }
            if let index = state.order.lastIndex(where: { $0.address == address }) { state.order.remove(at: index) }
            state.heldBytes -= byteCount
            state.reused += 1
            return address
        }
        guard let address, let buffer = UnsafeMutableRawPointer(bitPattern: address) else { return nil }
        memset(buffer, 0, byteCount)
        return buffer
    }

    /// Keeps `buffer` for a later bitmap of the same size, evicting the oldest kept buffers to
    /// stay within the limit; frees what it does not keep. The caller gives up `buffer` either way.
    func recycle(_ buffer: UnsafeMutableRawPointer, byteCount: Int) {
        guard byteCount >= Self.minimumByteCount else {
            free(buffer)
            return
        }
        let address = UInt(bitPattern: buffer)
        let evicted = locked { state -> [UInt] in
            guard byteCount <= state.byteLimit else { return [address] }
            let evicted = state.evict(downTo: state.byteLimit - byteCount)
            state.free[byteCount, default: []].append(address)
            state.order.append((byteCount, address))
            state.heldBytes += byteCount
            return evicted
        }
        release(evicted)
    }

    /// The bytes held for reuse now.
    var heldBytes: Int { locked { $0.heldBytes } }

    /// Buffers handed out again since the start.
    var reusedCount: Int { locked { $0.reused } }

    /// The most bytes held; lowering it frees the oldest buffers at once.
    var byteLimit: Int {
        get { locked { $0.byteLimit } }
        set {
            let limit = max(0, newValue)
            release(locked { state -> [UInt] in
                state.byteLimit = limit
                return state.evict(downTo: limit)
            })
        }
    }

    /// Frees every buffer held (the limit stays).
    func removeAll() {
        release(locked { $0.evict(downTo: 0) })
    }

    private func release(_ addresses: [UInt]) {
        for address in addresses { free(UnsafeMutableRawPointer(bitPattern: address)) }
    }
}
