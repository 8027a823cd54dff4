/// Adjoining vertical margins in block flow (CSS 2.1 §8.3.1): however many collapse together,
/// they take the largest positive margin plus the most negative one (Chromium's "margin strut").
/// A value: joining is commutative, associative and idempotent, so a margin met twice (a box
/// collapsed through, seen from its top and from its bottom) counts once.
struct MarginStrut: Equatable {
    /// The largest positive margin among those collapsed, 0 when none.
    var positive = 0.0
    /// The most negative margin among those collapsed, 0 when none.
    var negative = 0.0

    /// No margin.
    init() {}

    /// One margin.
    @inline(__always) init(_ margin: Double) {
        if margin > 0 { positive = margin } else if margin < 0 { negative = margin }
    }

    /// The collapsed margin: the largest positive plus the most negative.
    @inline(__always) var sum: Double { positive + negative }

    /// These margins collapsed with `other`'s.
    @inline(__always) func joined(_ other: MarginStrut) -> MarginStrut {
        var result = self
        result.join(other)
        return result
    }

    /// Collapses `other`'s margins into these.
    @inline(__always) mutating func join(_ other: MarginStrut) {
        positive = Swift.max(positive, other.positive)
        negative = Swift.min(negative, other.negative)
    }
}
