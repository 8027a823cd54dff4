/// Encoded images by content-hash name, for `GET /images/{name}.{ext}`: bounded in count, the
/// oldest dropped first. An actor: requests add and read concurrently.
actor ImageStore {
    private var images: [String: [UInt8]] = [:]
    private var order: [String] = []
    private var head = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = max(0, capacity) }

    func insert(_ bytes: [UInt8], for name: String) {
        guard capacity > 0, images[name] == nil else { return }
        images[name] = bytes
        order.append(name)
        while order.count - head > capacity {
            images[order[head]] = nil
            head += 1
        }
        if head > capacity { order.removeFirst(head); head = 0 }
    }

    func bytes(for name: String) -> [UInt8]? { images[name] }

    /// The images held.
    var count: Int { images.count }
}
