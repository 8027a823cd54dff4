import Canvas
import Flexbox

// The rewrite of texts: each grapheme the set has a picture for becomes an inline image run.
//
// Where it happens, and why there: on the element tree, before anything is measured or hashed
// downstream of it. A text's measured layout is cached by its content (`TextContent`, runs
// included), so a text whose emoji became image runs is a different cache entry from the same
// text drawn by the fonts, and neither can be served for the other. A document's own map
// (`ElementDocument.graphemeImages`) is applied by `ElementDocument.resolvedRoot(limits:)`,
// before the caller hashes the tree: the content hash then covers the pictures the tree chose,
// and changes with them. A renderer's set (`ElementRenderer.emojiImages`, the render service's
// configuration) is applied in `ElementRenderer.render(_:size:scale:)`, after the service looked
// its cache up by the tree's hash: like the service's image loader, its set is fixed for the
// service's life, so one service's cache never holds two drawings of one key.

extension EmojiImages {
    /// `root` with every text's graphemes that have a picture (``image(for:)``) drawn as inline
    /// images (``splitRuns(of:)``); the subtrees with nothing to change are kept as they are,
    /// and `root` itself when nothing changes. Applying a set twice changes nothing more.
    ///
    /// The walk uses no recursion, so a tree of any depth is safe.
    public func applied(to root: Element) -> Element {
        guard !isEmpty else { return root }
        let matcher = Matcher(self)
        var stack = [(element: matcher.rewritten(root) ?? root, next: 0, changed: false)]
        while true {
            let top = stack.count - 1
            let next = stack[top].next
            if next < stack[top].element.children.count {
                let child = stack[top].element.children[next]
                if let rewritten = matcher.rewritten(child) {
                    stack.append((rewritten, 0, true))
                } else {
                    stack.append((child, 0, false))
                }
                continue
            }
            let done = stack.removeLast()
            guard let parent = stack.indices.last else { return done.element }
            if done.changed {
                stack[parent].element.children[stack[parent].next] = done.element
                stack[parent].changed = true
            }
            stack[parent].next += 1
        }
    }

    /// The runs of `text` with each grapheme that has a picture (``image(for:)``) made an image
    /// run of 1em at its run's font size (``InlineImage`` with ``verticalAlign``): the words
    /// before and after it stay runs of their own, and every piece keeps its run's properties,
    /// background and link. `nil` when the text has no such grapheme (it stays as it is).
    ///
    /// A text written as an ``/Canvas/AttributedText`` (a plain string, or segments) becomes runs,
    /// each segment's family, size, weight, italic, colour, letter spacing, background and link
    /// kept; a text whose segments override decorations or hold attachments has no run form and
    /// is left to the fonts. At most ``TextContent/maxRuns`` runs come out: the graphemes past
    /// that are left to the fonts.
    public func splitRuns(of text: TextContent) -> [InlineRun]? {
        guard !isEmpty else { return nil }
        return Matcher(self).splitRuns(of: text)
    }

    /// A segment as a run with the same properties, or `nil` when a run cannot say what it
    /// says (an attachment; a decoration switched on or off, which a run would set for the
    /// whole decoration rather than change; a size the CSS clamp would change).
    static func run(of segment: AttributedText.Segment) -> InlineRun? {
        guard segment.attachment == nil else { return nil }
        let o = segment.style
        guard o.underline == nil, o.strikethrough == nil, o.overline == nil, o.decorationStyle == nil, o.decorationColor == nil else {
            return nil
        }
        var style = TextProperties()
        if let family = o.fontFamily { style.fontFamily = [family] }
        if let size = o.size {
            guard size.isFinite, size >= 0.01, size <= TextStyle.maxFontSize else { return nil }
            style.fontSize = .points(size)
        }
        if let weight = o.weight { style.fontWeight = .weight(weight.rawValue) }
        if let italic = o.italic { style.fontStyle = italic ? .italic : .normal }
        if let color = o.color { style.color = .color(color) }
        if let spacing = o.letterSpacing { style.letterSpacing = .points(spacing) }
        return InlineRun(segment.text, style: style, backgroundColor: o.backgroundColor.map { .color($0) }, link: segment.link)
    }

    /// One piece of a split string.
    enum Piece: Hashable {
        case text(Substring)
        case image(ImageSource)
    }

    /// A set prepared for one rewrite: what a string must contain before its graphemes are
    /// looked up one by one.
    struct Matcher {
        let set: EmojiImages
        /// The non-ASCII scalars of the map's keys.
        private let keyScalars: Set<Unicode.Scalar>
        /// Whether a key of the map is all ASCII (then every string is looked at).
        private let asciiKeys: Bool
        /// Whether every grapheme is looked up (a key that is not emoji alone).
        private let textKeys: Bool
        /// Whether the folder has files.
        private let hasFolder: Bool

        init(_ set: EmojiImages) {
            self.set = set
            keyScalars = set.keys.scalars
            asciiKeys = set.keys.hasASCIIKey
            textKeys = set.keys.hasTextKey
            hasFolder = !set.folderFiles.isEmpty
        }

        /// `element` with its text rewritten, or `nil` when it is not a text or nothing changes.
        func rewritten(_ element: Element) -> Element? {
            guard case .text(var content) = element.kind, let runs = splitRuns(of: content) else { return nil }
            content.runs = runs
            content.text = AttributedText(segments: [])
            var copy = element
            copy.kind = .text(content)
            return copy
        }

        func splitRuns(of text: TextContent) -> [InlineRun]? {
            var budget = TextContent.maxRuns - max(text.runs.count, text.text.segments.count)
            if !text.runs.isEmpty {
                var result: [InlineRun]?
                for (index, run) in text.runs.enumerated() {
                    guard case .text(let string) = run.content, let pieces = pieces(of: string, budget: &budget) else {
                        result?.append(run)
                        continue
                    }
                    if result == nil { result = Array(text.runs[..<index]) }
                    for piece in pieces { result?.append(self.run(piece, like: run)) }
                }
                return result
            }
            let segments = text.text.segments
            let split = segments.map { pieces(of: $0.text, budget: &budget) }
            guard split.contains(where: { $0 != nil }) else { return nil }
            var result: [InlineRun] = []
            for (segment, pieces) in zip(segments, split) {
                guard let run = EmojiImages.run(of: segment) else { return nil }
                guard let pieces else {
                    result.append(run)
                    continue
                }
                for piece in pieces { result.append(self.run(piece, like: run)) }
            }
            return result
        }

        /// A piece as a run with `run`'s properties, background and link.
        private func run(_ piece: Piece, like run: InlineRun) -> InlineRun {
            var copy = run
            switch piece {
            case .text(let text): copy.content = .text(String(text))
            case .image(let source): copy.content = .image(InlineImage(source, verticalAlign: set.verticalAlign))
            }
            return copy
        }

        /// `string` cut around its graphemes that have pictures, or `nil` when it has none. Each
        /// picture uses 2 of `budget` (the runs a split may add at most).
        ///
        /// The walk is over scalars, and only a scalar that may be part of a picture's grapheme
        /// (``isCandidate(_:)``) has its grapheme found (the `Character` holding it: String's
        /// Character operations round a scalar's index down to its grapheme's start) and looked
        /// up; breaking every grapheme of a long text costs several times the scalar walk. A map
        /// with a key that is not emoji alone (a letter, which other scalars may spell) walks
        /// every grapheme.
        func pieces(of string: String, budget: inout Int) -> [Piece]? {
            guard mayHavePictures(string) else { return nil }
            var pieces: [Piece] = []
            var start = string.startIndex
            func take(_ first: String.Index, _ next: String.Index, _ character: Character) {
                guard budget >= 2, let source = set.image(for: character) else { return }
                if start < first { pieces.append(.text(string[start..<first])) }
                pieces.append(.image(source))
                budget -= 2
                start = next
            }
            if textKeys {
                var index = string.startIndex
                for character in string {
                    let next = string.utf8.index(index, offsetBy: character.utf8.count)
                    take(index, next, character)
                    index = next
                }
            } else {
                let scalars = string.unicodeScalars
                var index = scalars.startIndex
                while index < scalars.endIndex {
                    guard isCandidate(scalars[index]) else {
                        index = scalars.index(after: index)
                        continue
                    }
                    let next = string.index(after: index)
                    let first = string.index(before: next)
                    take(first, next, string[first])
                    index = next
                }
            }
            guard !pieces.isEmpty else { return nil }
            if start < string.endIndex { pieces.append(.text(string[start...])) }
            return pieces
        }

        /// Whether a grapheme holding `scalar` may have a picture: the scalar is one of a key's,
        /// or for the folder may start or mark an emoji (``mayBeEmoji(_:)``).
        func isCandidate(_ scalar: Unicode.Scalar) -> Bool {
            guard scalar.value >= 0xA9 else { return false }
            if !keyScalars.isEmpty, keyScalars.contains(scalar) { return true }
            return hasFolder && Self.mayBeEmoji(scalar)
        }

        /// Whether `string` may hold a grapheme with a picture: one pass over its bytes, for the
        /// common all-ASCII text, which never does (a keycap needs U+20E3) unless a key is ASCII.
        func mayHavePictures(_ string: String) -> Bool {
            if asciiKeys { return true }
            return string.utf8.withContiguousStorageIfAvailable { $0.contains { $0 >= 0x80 } } ?? string.utf8.contains { $0 >= 0x80 }
        }

        /// Whether `scalar` may start or mark an emoji: U+FE0F, U+20E3, or an `Emoji` scalar.
        /// No `Emoji` scalar lies in U+00AA…U+203B (but ®) or in U+3300…U+1EFFF (CJK, Hangul,
        /// the private use area), so those are passed without a property lookup.
        static func mayBeEmoji(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            if value == 0xFE0F || value == 0x20E3 || value == 0xA9 || value == 0xAE { return true }
            if value < 0x203C || (0x3300..<0x1F000).contains(value) { return false }
            return scalar.properties.isEmoji
        }
    }
}
