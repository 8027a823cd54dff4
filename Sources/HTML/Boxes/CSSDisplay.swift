/// A `display` value as the box builder reads it (CSS Display 3, the values the HTML path lays out).
enum CSSDisplay: Hashable, Sendable {
    case block, inline, inlineBlock, flex, inlineFlex, none, contents, listItem, flowRoot, webkitBox
    /// `table` and its parts: laid out as blocks, with a warning.
    case table

    /// Parses a computed `display` (one or two keywords). `nil`: not a value the builder knows;
    /// `grid` and `inline-grid` throw, since laying a grid out as a block would draw a wrong card.
    static func parse(_ text: String) throws(UnsupportedDisplay) -> CSSDisplay? {
        let words = text.lowercased().split(separator: " ").map(String.init)
        switch words {
        case ["block"], ["block", "flow"], ["flow"]: return .block
        case ["inline"], ["inline", "flow"]: return .inline
        case ["inline-block"], ["inline", "flow-root"]: return .inlineBlock
        case ["flex"], ["block", "flex"]: return .flex
        case ["inline-flex"], ["inline", "flex"]: return .inlineFlex
        case ["none"]: return CSSDisplay.none
        case ["contents"]: return .contents
        case ["list-item"], ["block", "list-item"], ["list-item", "block"], ["block", "flow", "list-item"]: return .listItem
        case ["flow-root"], ["block", "flow-root"]: return .flowRoot
        case ["-webkit-box"], ["-webkit-inline-box"]: return .webkitBox
        case ["grid"], ["inline-grid"], ["block", "grid"], ["inline", "grid"]: throw UnsupportedDisplay(value: text)
        case ["table"], ["inline-table"], ["table-row"], ["table-cell"], ["table-row-group"], ["table-header-group"],
             ["table-footer-group"], ["table-column"], ["table-column-group"], ["table-caption"]: return .table
        default: return nil
        }
    }

    /// Whether the box takes part in an inline formatting context.
    var isInlineLevel: Bool { self == .inline || self == .inlineBlock || self == .inlineFlex }

    /// The block-level equivalent (CSS Display 3 §2.7): what a flex item, an absolutely
    /// positioned box or the root becomes.
    var blockified: CSSDisplay {
        switch self {
        case .inline, .inlineBlock: .block
        case .inlineFlex: .flex
        default: self
        }
    }

    /// Whether the box lays its children out as flex items.
    var isFlexContainer: Bool { self == .flex || self == .inlineFlex }
}

/// `display: grid` (and its variants): the HTML path does not lay grids out yet.
struct UnsupportedDisplay: Error {
    let value: String
}
