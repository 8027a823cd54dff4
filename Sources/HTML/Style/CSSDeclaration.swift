/// One declaration as written (`color: red !important`), after CSS Syntax Level 3 parsing.
public struct CSSDeclaration: Hashable, Sendable, CustomStringConvertible {
    /// The property name, ASCII-lowercased; a custom property (`--Accent`) is kept as written.
    public var name: String
    /// The value's source text, trimmed, without `!important`.
    public var value: String
    /// Whether the declaration ends in `!important`.
    public var important: Bool
    /// The 1-based line it starts on in its sheet (for warnings); not part of equality.
    public var line: Int

    /// A declaration.
    public init(name: String, value: String, important: Bool = false, line: Int = 0) {
        self.name = name
        self.value = value
        self.important = important
        self.line = line
    }

    /// Whether this is a custom property (`--name`).
    public var isCustomProperty: Bool { name.hasPrefix("--") }

    /// Equal name, value and importance (the line is only where it was written).
    public static func == (a: CSSDeclaration, b: CSSDeclaration) -> Bool {
        a.name == b.name && a.value == b.value && a.important == b.important
    }

    /// Hashes name, value and importance.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(value)
        hasher.combine(important)
    }

    /// `name: value` with `!important` when it is.
    public var description: String { "\(name): \(value)\(important ? " !important" : "")" }
}
