/// A string made of segments, each with optional style overrides and an optional link; ranges
/// reported back are UTF-16 offsets. See <doc:CanvasBasics> ("Text").
///
/// ```swift
/// var text = AttributedText("Live from ")
/// text.append("the Bund", style: .init(weight: .bold), link: "https://example.com/bund")
/// ```
public struct AttributedText: Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    /// One piece of text with the same style changes and the same link.
    public struct Segment: Hashable, Sendable, Codable {
        /// The text of the segment.
        public var text: String
        /// Changes to the base ``TextStyle`` for this segment.
        public var style: TextStyleOverrides
        /// The link value (a URL, an identifier…) hit testing reports for this segment, or `nil`.
        public var link: String?
        /// An inline box (an emoji picture, an icon) laid out in the line in place of the text,
        /// which is then one U+FFFC; ``TextLayout/attachments`` says where it landed.
        public var attachment: TextAttachment?

        /// Creates a segment.
        public init(_ text: String, style: TextStyleOverrides = .none, link: String? = nil) {
            self.text = text
            self.style = style
            self.link = link
        }

        /// A segment holding an inline box (its text is U+FFFC, the object replacement character;
        /// a no-break space for a box that keeps to its neighbours).
        public init(attachment: TextAttachment, style: TextStyleOverrides = .none, link: String? = nil) {
            self.text = attachment.character
            self.style = style
            self.link = link
            self.attachment = attachment
        }

        private enum CodingKeys: String, CodingKey {
            case text, style, link, attachment
        }

        /// Decodes a segment; `style` and `link` may be missing.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                try c.decode(String.self, forKey: .text),
                style: try c.decodeIfPresent(TextStyleOverrides.self, forKey: .style) ?? .none,
                link: try c.decodeIfPresent(String.self, forKey: .link)
            )
            if let attachment = try c.decodeIfPresent(TextAttachment.self, forKey: .attachment) {
                self.attachment = attachment
                self.text = attachment.character
            }
        }
    }

    /// A run of text carrying a link value, as reported by ``links``.
    ///
    /// Adjacent segments with the same link value form one link, even when their styles differ.
    public struct Link: Hashable, Sendable, Codable {
        /// The link value of the segments.
        public var value: String
        /// The UTF-16 offsets of the linked text in ``AttributedText/string``.
        public var range: Range<Int>
    }

    /// Adds an inline box at the end.
    public mutating func append(_ attachment: TextAttachment, style: TextStyleOverrides = .none, link: String? = nil) {
        segments.append(Segment(attachment: attachment, style: style, link: link))
    }

    /// The segments, in order. Empty segments are allowed and ignored.
    public var segments: [Segment]

    /// Creates an attributed text from segments.
    public init(segments: [Segment]) {
        self.segments = segments
    }

    /// Creates an attributed text of one plain segment.
    public init(_ string: String) {
        self.segments = string.isEmpty ? [] : [Segment(string)]
    }

    /// Creates an attributed text of one plain segment from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Adds a segment at the end.
    public mutating func append(_ text: String, style: TextStyleOverrides = .none, link: String? = nil) {
        segments.append(Segment(text, style: style, link: link))
    }

    /// The whole text, every segment joined.
    public var string: String {
        segments.map(\.text).joined()
    }

    /// Whether the text has no characters.
    public var isEmpty: Bool {
        segments.allSatisfy(\.text.isEmpty)
    }

    /// The length of ``string`` in UTF-8 bytes (the unit of ``TextLayoutOptions/maxUTF8Bytes``).
    public var utf8Count: Int {
        segments.reduce(0) { $0 + $1.text.utf8.count }
    }

    /// The linked parts of the text, in order, adjacent segments with equal values merged.
    public var links: [Link] {
        var result: [Link] = []
        var offset = 0
        var previousLink: String?
        for segment in segments {
            let length = segment.text.utf16.count
            defer { offset += length }
            guard length > 0 else { continue }
            if let value = segment.link {
                if previousLink == value, let last = result.indices.last {
                    result[last].range = result[last].range.lowerBound..<(offset + length)
                } else {
                    result.append(Link(value: value, range: offset..<(offset + length)))
                }
            }
            previousLink = segment.link
        }
        return result
    }

    /// The text at `range` (UTF-16 offsets into ``string``), clamped to the string. A bound that
    /// falls inside a surrogate pair moves to the end of that character.
    public func substring(utf16Range range: Range<Int>) -> Substring {
        let whole = string
        let map = UTF16OffsetMap(utf8: Array(whole.utf8))
        let lower = map.byteOffset(utf16: max(0, range.lowerBound))
        let upper = max(lower, map.byteOffset(utf16: max(0, range.upperBound)))
        let utf8 = whole.utf8
        return whole[utf8.index(utf8.startIndex, offsetBy: lower)..<utf8.index(utf8.startIndex, offsetBy: upper)]
    }
}
