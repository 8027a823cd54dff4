/// A selector's specificity (Selectors Level 4, §17): ids, then classes, attributes and
/// pseudo-classes, then types, compared in that order.
public struct Specificity: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Id selectors.
    public var a: Int
    /// Class, attribute and pseudo-class selectors.
    public var b: Int
    /// Type selectors.
    public var c: Int

    /// A specificity `(a, b, c)`.
    public init(_ a: Int, _ b: Int, _ c: Int) {
        self.a = a
        self.b = b
        self.c = c
    }

    /// `(0, 0, 0)`: `*`, `:where()`.
    public static let zero = Specificity(0, 0, 0)

    /// Component-wise sum.
    public static func + (x: Specificity, y: Specificity) -> Specificity {
        Specificity(x.a + y.a, x.b + y.b, x.c + y.c)
    }

    /// Lexicographic: `a`, then `b`, then `c`.
    public static func < (x: Specificity, y: Specificity) -> Bool {
        (x.a, x.b, x.c) < (y.a, y.b, y.c)
    }

    /// `(a,b,c)`.
    public var description: String { "(\(a),\(b),\(c))" }
}
