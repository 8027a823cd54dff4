/// What a length property accepts: the one statement of the rules that the engine's sanitizer
/// repairs silently and that a document decoder (an element tree's JSON, its CSS) reports as an
/// error. Magnitude is not part of it: a finite value past ±1e9 is valid and clamped by the
/// engine.
public enum LengthRule: Sendable {
    /// `width`, `height`, `min-*`, `max-*`: a finite length or percentage ≥ 0, `auto`, or a
    /// size keyword. The engine lays a rejected value out as `auto`.
    case size
    /// `margin-*`, `top`/`right`/`bottom`/`left`: a finite length or percentage of any sign, or
    /// `auto`. The engine lays a rejected value out as unset.
    case offset
    /// `padding-*`, `row-gap`, `column-gap`: a finite length or percentage ≥ 0. The engine lays a
    /// rejected value out as unset (0).
    case spacing

    /// Whether the property accepts `value`.
    public func accepts(_ value: Length) -> Bool {
        switch (self, value) {
        case (.size, .auto), (.size, .minContent), (.size, .maxContent), (.size, .fitContent): true
        case (.size, .points(let v)), (.size, .percent(let v)): v.isFinite && v >= 0
        case (.offset, .auto): true
        case (.offset, .minContent), (.offset, .maxContent), (.offset, .fitContent): false
        case (.offset, .points(let v)), (.offset, .percent(let v)): v.isFinite
        case (.spacing, .points(let v)), (.spacing, .percent(let v)): v.isFinite && v >= 0
        // A calc() may be negative for one containing block and not another: CSS clamps it when used.
        case (_, .calc(let e)): e.isFinite
        case (.spacing, _): false
        }
    }

    /// What the property expects, for an error about `value` (`a finite length ≥ 0`, `a finite
    /// percentage`, `a length or auto`).
    public func expected(for value: Length) -> String {
        let unit = if case .percent = value { "percentage" } else { "length" }
        switch (self, value) {
        case (.offset, .minContent), (.offset, .maxContent), (.offset, .fitContent): return "a length or auto"
        case (.offset, _): return "a finite \(unit)"
        case (.size, _), (.spacing, _): return "a finite \(unit) ≥ 0"
        }
    }

    /// Whether a flex factor (`flex-grow`, `flex-shrink`) or a border width is valid: finite and
    /// ≥ 0. The engine lays a rejected factor out as 0 and a rejected border as unset.
    public static func acceptsFactor(_ value: Double) -> Bool { value.isFinite && value >= 0 }

    /// Whether an `aspect-ratio` is valid: finite and > 0. The engine lays a rejected one out as none.
    public static func acceptsAspectRatio(_ value: Double) -> Bool { value.isFinite && value > 0 }
}
