/// Any key of a JSON `style` object: the style codec reads whatever keys are there, so that it
/// can name an unknown one instead of ignoring it.
struct StyleKey: CodingKey, Hashable {
    /// The property name.
    let stringValue: String
    /// Never an index.
    var intValue: Int? { nil }

    /// The key named `stringValue`.
    init(_ stringValue: String) { self.stringValue = stringValue }
    /// The key named `stringValue`.
    init?(stringValue: String) { self.stringValue = stringValue }
    /// Style keys are never indices.
    init?(intValue: Int) { nil }
}
