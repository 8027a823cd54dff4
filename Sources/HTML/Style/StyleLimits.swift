/// Bounds on what the style engine reads and does, so that no stylesheet, however large or
/// contrived, makes parsing or the cascade take more than linear time and memory. Past a bound
/// the work stops with a ``StyleError`` naming it; nothing is silently truncated.
public struct StyleLimits: Hashable, Sendable {
    /// The longest stylesheet or `style` attribute, in UTF-8 bytes (default 1 MiB).
    public var maximumSheetBytes: Int
    /// The most rules (style rules and at-rules) one stylesheet may hold (default 10,000).
    public var maximumRules: Int
    /// The most complex selectors in one rule's selector list (default 256).
    public var maximumSelectorsPerRule: Int
    /// The most compound selectors in one complex selector (`a > b c` has 3; default 32).
    public var maximumCompoundsPerSelector: Int
    /// The most declarations in one stylesheet or `style` attribute, all rules together (default 100,000).
    public var maximumDeclarations: Int
    /// The deepest blocks (`{}`, `()`, `[]`), functions and selector arguments (`:not(:not(…))`)
    /// may nest (default 32).
    public var maximumNestingDepth: Int
    /// The most selector-matching steps (one compound selector tested against one element) the
    /// whole cascade may take (default 4,000,000).
    public var maximumMatchSteps: Int

    /// Limits; each parameter's default is a generous bound for a card.
    public init(maximumSheetBytes: Int = 1 << 20, maximumRules: Int = 10_000, maximumSelectorsPerRule: Int = 256,
                maximumCompoundsPerSelector: Int = 32, maximumDeclarations: Int = 100_000,
                maximumNestingDepth: Int = 32, maximumMatchSteps: Int = 4_000_000) {
        self.maximumSheetBytes = maximumSheetBytes
        self.maximumRules = maximumRules
        self.maximumSelectorsPerRule = maximumSelectorsPerRule
        self.maximumCompoundsPerSelector = maximumCompoundsPerSelector
        self.maximumDeclarations = maximumDeclarations
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumMatchSteps = maximumMatchSteps
    }
}
