internal import Elements

/// What the box builder knows of each CSS property: its element-model name, whether it is
/// inherited, its initial value, and which ones the builder itself reads instead of handing them
/// to the element model.
enum PropertyTable {
    /// `margin-top` → `marginTop`, `-webkit-line-clamp` → `WebkitLineClamp` (the JSON style keys).
    static func camelCase(_ property: String) -> String {
        var out = ""
        var upper = false
        for character in property {
            if character == "-" {
                upper = true
                continue
            }
            out.append(upper ? Character(character.uppercased()) : character)
            upper = false
        }
        return out
    }

    /// The properties the builder reads itself: they shape the box tree rather than a box.
    static let builderProperties: Set<String> = [
        "display", "list-style-type", "list-style-position", "list-style-image", "overflow-x", "overflow-y",
        "vertical-align", "-webkit-box-orient", "float", "clear", "content", "unicode-bidi",
    ]

    /// CSS's inherited properties among those the builder or the element model read.
    static let inherited: Set<String> = [
        "color", "font-family", "font-size", "font-weight", "font-style", "font-feature-settings", "line-height",
        "letter-spacing", "word-spacing", "text-align", "text-indent", "text-transform", "white-space", "word-break",
        "overflow-wrap", "word-wrap", "text-wrap", "tab-size", "text-shadow", "-webkit-text-stroke-width",
        "-webkit-text-stroke-color", "direction", "visibility", "list-style-type", "list-style-position",
        "list-style-image", "font-variant", "font-stretch", "font-kerning", "text-rendering", "hyphens", "quotes",
        "cursor", "writing-mode", "text-align-last", "-webkit-text-fill-color",
    ]

    /// Initial values of the inherited properties, for `initial` (and `unset` at the root).
    static let initialValues: [String: String] = [
        "color": "black", "font-size": "medium", "font-weight": "normal", "font-style": "normal",
        "font-feature-settings": "normal", "line-height": "normal", "letter-spacing": "normal", "word-spacing": "0px",
        "text-align": "start", "text-indent": "0px", "text-transform": "none", "white-space": "normal",
        "word-break": "normal", "overflow-wrap": "normal", "word-wrap": "normal", "text-wrap": "wrap", "tab-size": "8",
        "text-shadow": "none", "-webkit-text-stroke-width": "0px", "-webkit-text-stroke-color": "currentcolor",
        "direction": "ltr", "visibility": "visible", "list-style-type": "disc", "list-style-position": "outside",
    ]

    /// Values that are the initial value of a property the element model does not read: declaring
    /// them changes nothing, so they are not reported (the `font` shorthand sets them all).
    static let harmlessValues: [String: Set<String>] = [
        "font-variant": ["normal"], "font-stretch": ["normal", "100%"], "font-kerning": ["auto", "normal"],
        "text-rendering": ["auto", "optimizelegibility", "geometricprecision", "optimizespeed"],
        "font-variant-ligatures": ["normal"], "font-variant-caps": ["normal"], "font-variant-numeric": ["normal"],
        "font-variant-east-asian": ["normal"], "font-size-adjust": ["none"], "font-optical-sizing": ["auto"],
        "cursor": [], "pointer-events": [], "user-select": [], "-webkit-font-smoothing": [], "-moz-osx-font-smoothing": [],
        "transition": [], "transition-property": [], "transition-duration": [], "transition-timing-function": [],
        "transition-delay": [], "animation": [], "will-change": [], "hyphens": ["manual", "none"], "quotes": [],
        "list-style-image": ["none"], "unicode-bidi": ["normal", "isolate", "embed", "bidi-override", "plaintext", "isolate-override"],
        "float": ["none"], "clear": ["none"], "content": ["normal", "none"], "writing-mode": ["horizontal-tb"],
        "text-align-last": ["auto"], "text-decoration-skip-ink": ["auto"], "text-underline-offset": ["auto"],
        "text-underline-position": ["auto"], "-webkit-box-orient": ["vertical", "horizontal"], "table-layout": [],
        "border-collapse": [], "border-spacing": [], "caption-side": [], "empty-cells": [], "resize": [], "appearance": [],
        "-webkit-appearance": [], "outline-color": [], "scroll-behavior": [], "overscroll-behavior": [], "touch-action": [],
        "print-color-adjust": [], "-webkit-print-color-adjust": [], "color-scheme": ["normal", "light"], "forced-color-adjust": [],
        "contain": ["none"], "content-visibility": ["visible"], "break-inside": [], "break-before": [], "break-after": [],
        "page-break-inside": [], "orphans": [], "widows": [], "text-size-adjust": [], "-webkit-text-size-adjust": [],
    ]

    /// The element-model name of a CSS property, when the model reads it.
    static func modelName(_ property: String) -> String? {
        modelNames[property]
    }

    /// CSS name → model name for every property the model reads (each model name's CSS
    /// spelling, `marginTop` ← `margin-top`), and the aliases: one lookup per property.
    private static let modelNames: [String: String] = {
        var table: [String: String] = [:]
        for name in StyleDictionary.knownProperties where camelCase(kebabCase(name)) == name {
            table[kebabCase(name)] = name
        }
        return table.merging(aliases) { _, alias in alias }
    }()

    /// CSS names the model spells otherwise.
    private static let aliases: [String: String] = [
        "-webkit-text-fill-color": "color",
    ]

    /// Whether `value` is a CSS-wide keyword.
    static func isWideKeyword(_ value: String) -> Bool {
        guard (5...12).contains(value.utf8.count) else { return false }  // "unset" … "revert-layer"
        return switch HTMLTree.asciiLowercased(value) {
        case "inherit", "initial", "unset", "revert", "revert-layer": true
        default: false
        }
    }
}
