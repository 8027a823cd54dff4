/// CSS Fonts 4 §5.2's choice of one face among a family's faces for a text's `font-style` and
/// `font-weight` (fontconfig would take the nearest weight, which differs: 400 among 100 and 600
/// is 100 in CSS, 600 in fontconfig).
enum FontMatching {
    /// The index in `faces` of the face for `weight` and `italic`, or `nil` when `faces` is empty.
    ///
    /// Style first: an italic request takes the italic faces if there are any, a normal one the
    /// normal faces if there are any (else the other kind). Then weight: a face whose range holds
    /// the weight; else, for 400 to 500, heavier faces up to 500, then lighter faces from the
    /// heaviest down, then faces over 500 from the lightest up; below 400, lighter faces from the
    /// heaviest down, then heavier from the lightest up; above 500, heavier from the lightest up,
    /// then lighter from the heaviest down. Ties keep the first face.
    static func select(_ faces: [(weight: ClosedRange<Int>, italic: Bool)], weight: Int, italic: Bool) -> Int? {
        guard !faces.isEmpty else { return nil }
        var candidates = faces.indices.filter { faces[$0].italic == italic }
        if candidates.isEmpty { candidates = Array(faces.indices) }
        if let exact = candidates.first(where: { faces[$0].weight.contains(weight) }) { return exact }
        func lightest(_ indices: [Int]) -> Int? { indices.min { faces[$0].weight.lowerBound < faces[$1].weight.lowerBound } }
        func heaviest(_ indices: [Int]) -> Int? { indices.max { faces[$0].weight.upperBound < faces[$1].weight.upperBound } }
        let heavier = candidates.filter { faces[$0].weight.lowerBound > weight }
        let lighter = candidates.filter { faces[$0].weight.upperBound < weight }
        if (400...500).contains(weight) {
            if let near = lightest(heavier.filter { faces[$0].weight.lowerBound <= 500 }) { return near }
            if let below = heaviest(lighter) { return below }
            return lightest(heavier)
        }
        if weight < 400 { return heaviest(lighter) ?? lightest(heavier) }
        return lightest(heavier) ?? heaviest(lighter)
    }
}
