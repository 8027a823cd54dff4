/// How the lines of a paragraph are placed between the left edge of a layout and its maximum width.
///
/// Alignment needs a width to align in: with no ``TextLayoutOptions/maxWidth`` the lines are aligned
/// within the widest line.
public enum TextAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// Lines start at the left edge, whatever the writing direction.
    case left
    /// Lines end at the right edge, whatever the writing direction.
    case right
    /// Lines are centred.
    case center
    /// Every line but the last of a paragraph is stretched to the full width (the last is natural).
    case justified
    /// Left for left-to-right paragraphs, right for right-to-left ones (Arabic, Hebrew): CSS `start`.
    case natural
    /// Right for left-to-right paragraphs, left for right-to-left ones: CSS `end`.
    case end
}
