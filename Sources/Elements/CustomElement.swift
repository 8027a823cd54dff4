public import Canvas

/// A host-defined element that draws itself into the Canvas (an avatar with a badge, a chart).
///
/// It is a value: `Sendable` so a tree can cross tasks, `Hashable` so the tree stays its own cache
/// key, and `Codable` so the tree has a canonical encoding for its ``Element/contentHash()`` and a
/// JSON form (decoding needs the type registered in ``ElementDecodingOptions/customTypes``).
public protocol CustomElement: Sendable, Hashable, Codable {
    /// The name under which this type appears in JSON (`"customType"`); unique per host.
    static var typeName: String { get }
    /// Draws the element into `context`, whose origin is the element's top-left corner and which
    /// is already clipped to the element's shape when it has rounded corners. Synchronous: all
    /// inputs must already be in the value (no I/O mid-context).
    func draw(in context: GraphicsContext, size: Size) throws
}

/// A type-erased ``CustomElement``, hashed and compared by its concrete type and value.
public struct AnyCustomElement: Hashable, Sendable {
    /// The wrapped value.
    public let base: any CustomElement

    /// Wraps a custom element.
    public init(_ base: some CustomElement) {
        self.base = base
    }

    /// The wrapped type's ``CustomElement/typeName``.
    public var typeName: String { type(of: base).typeName }

    /// Equal when both wrap the same type with equal values.
    public static func == (lhs: AnyCustomElement, rhs: AnyCustomElement) -> Bool {
        func open<T: CustomElement>(_ l: T) -> Bool { (rhs.base as? T) == l }
        return open(lhs.base)
    }

    /// Hashes the type name and the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        hasher.combine(base)
    }

    /// Draws the wrapped element.
    func draw(in context: GraphicsContext, size: Size) throws {
        try base.draw(in: context, size: size)
    }
}
