import LayerKitSupport

/// Runs work that recurses once per tree level on a thread with a stack sized for the depth.
///
/// The engine recurses through each level of the tree (a few frames per level); a 1000-level
/// chain would overflow a default thread stack (512 KB to 8 MB). Deep trees are therefore laid
/// out on one short-lived thread whose stack fits them, joined before the call returns: the call
/// stays synchronous and pure. Shallow trees run inline.
enum DeepStack {
    /// Trees up to this depth run on the caller's stack.
    static let inlineDepth = 48
    /// Stack reserved per tree level (generous: unoptimized builds use large frames).
    static let bytesPerLevel = 64 * 1024

    /// Runs `body` inline, or on a thread with room for `depth` levels (inline if one cannot start).
    static func run<T>(depth: Int, _ body: () -> T) -> T {
        guard depth > inlineDepth else { return body() }
        return OSThread.run(stackSize: 1 << 20 + depth * bytesPerLevel, body) ?? body()
    }
}
