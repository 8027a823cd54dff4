internal import Flexbox

/// Refuses a `style` key no property reads, naming it and suggesting the key that was probably
/// meant: CSS ignores unknown properties, but a silently dropped `widht` is a bug a client
/// should hear about.
enum StyleKeyCheck {
    /// Every key of a schema-2 `style` object.
    static let known: Set<String> = Set(FlexStyle.cssKeys + ElementStyle.cssKeys)

    /// Version 1 names (and close CSS relatives) mapped to what replaces them.
    static let renamed: [String: String] = [
        "cornerRadius": "borderRadius",
        "shadow": "boxShadow", "hidden": "visibility: hidden", "clipsToBounds": "overflow: hidden",
        "grow": "flexGrow", "shrink": "flexShrink", "spacing": "gap", "insetInline": "insetInlineStart and insetInlineEnd",
        "marginInline": "marginInlineStart and marginInlineEnd", "paddingInline": "paddingInlineStart and paddingInlineEnd",
    ]

    /// Throws for the first unknown key (in sorted order, so the error is the same on every run).
    static func check(_ container: KeyedDecodingContainer<StyleKey>) throws {
        guard let key = container.allKeys.map(\.stringValue).filter({ !known.contains($0) && !CSSVariables.isCustomProperty($0) }).sorted().first else { return }
        throw DecodingError.dataCorruptedError(forKey: StyleKey(key), in: container,
                                               debugDescription: "unknown style property\(suggestion(for: key).map { ": did you mean \($0)?" } ?? "")")
    }

    /// The property `key` was probably meant to be, if one is close.
    static func suggestion(for key: String) -> String? {
        if let renamed = renamed[key] { return renamed }
        // kebab-case CSS (`justify-content`) to camelCase.
        let parts = key.split(separator: "-")
        if parts.count > 1 {
            let camel = parts[0].lowercased() + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
            if known.contains(camel) { return camel }
        }
        let lower = key.lowercased()
        let bound = max(2, key.count / 3)
        let scored = known.compactMap { name in editDistance(lower, name.lowercased(), atMost: bound).map { (name, $0) } }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }
        return scored?.0
    }

    /// Edit distance between two short strings, counting a swap of neighbours as one edit
    /// (optimal string alignment), so `widht` is one edit from `width`; `nil` when it is above
    /// `bound`. Strings whose lengths differ by more than `bound` cost nothing: a hostile
    /// megabyte-long key is refused without a table of its length times the candidate's.
    static func editDistance(_ a: String, _ b: String, atMost bound: Int) -> Int? {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard abs(a.count - b.count) <= bound else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        // Three rows of the (a.count + 1) × (b.count + 1) table: the one before last, the last, this one.
        var before = [Int](repeating: 0, count: b.count + 1)
        var last = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], before[j - 2] + 1)
                }
            }
            (before, last, row) = (last, row, before)
        }
        return last[b.count] <= bound ? last[b.count] : nil
    }
}
