import AsyncLayerKit

/// The feed cells' trees, laid out and hashed once each: a repeated template request is then one
/// lookup, not a layout-cache call and a hash walk of the tree (which cost more than serving the
/// stored bytes they lead to). Bounded by the bundled feed: one entry per item.
actor TemplateTrees {
    /// A cell ready to render.
    struct Entry: Sendable {
        let tree: HashedElement
        let size: Size
        let layout: LayoutResult
    }

    private var entries: [String: Entry] = [:]

    /// The entry of `id`, if made before.
    func entry(for id: String) -> Entry? { entries[id] }

    /// Keeps `entry` for `id` (the first one made wins; concurrent makers make equal entries).
    func insert(_ entry: Entry, for id: String) {
        if entries[id] == nil { entries[id] = entry }
    }
}
