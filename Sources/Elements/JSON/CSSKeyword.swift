/// Parsing and writing CSS keywords for the layout enums (their raw values are the CSS keywords).
enum CSSKeyword {
    /// The case of `Keyword` whose CSS keyword `value` is (ASCII case-insensitive), or an error
    /// listing the accepted keywords.
    static func parse<Keyword: RawRepresentable & CaseIterable>(_ value: CSSValue, as _: Keyword.Type) throws(CSSValueError) -> Keyword
    where Keyword.RawValue == String {
        let accepted = Keyword.allCases.map(\.rawValue)
        let message = "\(value) is not one of \(accepted.joined(separator: ", "))"
        guard let word = try value.single(expected: "one keyword: expected one of \(accepted.joined(separator: ", "))").keyword,
              let keyword = Keyword(rawValue: word) else {
            throw CSSValueError(message: message)
        }
        return keyword
    }
}
