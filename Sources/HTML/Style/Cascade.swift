internal import Elements

/// The cascade (CSS Cascade 4) of a document's sheets over its elements: selector matching,
/// `@media`, origin and importance, specificity, order of appearance, `style` attributes,
/// shorthand expansion, custom properties and `var()`.
///
/// Each element's candidate rules come from an index by the rightmost compound's id, class or
/// type, so an element tries only rules that can match it; matching is linear per attempt (see
/// the selector matcher), and every step counts against ``StyleLimits/maximumMatchSteps``.
public struct Cascade: Sendable {
    /// A sheet and its origin.
    public struct Source: Hashable, Sendable {
        /// The parsed sheet.
        public var sheet: StyleSheet
        /// Its origin.
        public var origin: StyleOrigin

        /// A sheet of `origin`.
        public init(_ sheet: StyleSheet, origin: StyleOrigin) {
            self.sheet = sheet
            self.origin = origin
        }
    }

    /// The sheets in cascade order: user-agent first, then the author's in document order.
    public var sources: [Source]
    /// The viewport `@media` is evaluated against.
    public var viewport: MediaViewport
    /// The bounds.
    public var limits: StyleLimits

    /// A cascade of `sources` for `viewport`.
    public init(sources: [Source], viewport: MediaViewport, limits: StyleLimits = StyleLimits()) {
        self.sources = sources
        self.viewport = viewport
        self.limits = limits
    }

    /// Cascades the sheets and each element's `style` attribute over `tree`.
    ///
    /// `validator(property, value)` says whether `value` is valid for the longhand or custom-less
    /// property `property` in the element model; an invalid declaration is ignored (so a
    /// lower-priority one wins) and reported. It is never asked about CSS-wide keywords.
    /// Throws when a limit is passed (a `style` attribute too long, too much matching work).
    public func run(on tree: HTMLTree, validator: (_ property: String, _ value: String) -> Bool) throws(StyleError) -> CascadeResult {
        // The preparer keeps the validator only while the rules are prepared.
        let prepared = withoutActuallyEscaping(validator) { validator in
            var preparer = DeclarationPreparer(validator: validator)
            return sources.map { PreparedRules($0, viewport: viewport, preparer: &preparer) }
        }
        return try run(on: tree, prepared: prepared, validator: validator)
    }

    /// ``run(on:validator:)`` with each source's rules already prepared (`prepared[i]` from
    /// `sources[i]` for ``viewport``, by a validator that answers as `validator` does): a sheet
    /// met on every card is prepared once.
    func run(on tree: HTMLTree, prepared: [PreparedRules], validator: (_ property: String, _ value: String) -> Bool) throws(StyleError) -> CascadeResult {
        try run(on: tree, prepared: prepared, sheetSerials: nil, validator: validator).result
    }

    /// ``run(on:prepared:validator:)``, sharing the cascaded values of elements that match only
    /// plain rules with other runs over the same prepared sheets (`sheetSerials`, ``StyleMemo``),
    /// and each element's shared style number (`nil`: values of its own).
    func run(on tree: HTMLTree, prepared: [PreparedRules], sheetSerials: [Int]?,
             validator: (_ property: String, _ value: String) -> Bool) throws(StyleError) -> (result: CascadeResult, styleIDs: [Int?]) {
        // The run keeps the validator only while it runs.
        try withoutActuallyEscaping(validator) { (validator) throws(StyleError) -> (result: CascadeResult, styleIDs: [Int?]) in
            var run = CascadeRun(tree: tree, prepared: prepared, limits: limits, sheetSerials: sheetSerials, validator: validator)
            try run.cascade()
            let result = CascadeResult(styles: run.styles, fontFaces: sources.flatMap(\.sheet.fontFaces),
                                       warnings: sources.flatMap(\.sheet.warnings) + run.warnings, matchSteps: run.matcher.steps)
            return (result, run.styleIDs)
        }
    }
}
