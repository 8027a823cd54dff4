/// The CSS properties that are inherited by default (each property's "Inherited: yes" in its
/// specification), for the box builder, which resolves inheritance. Custom properties are
/// inherited too, but the cascade resolves those itself.
public let inheritedProperties: Set<String> = [
    // CSS Color, Fonts, Inline and Text.
    "color", "font", "font-family", "font-size", "font-style", "font-weight", "font-stretch", "font-variant",
    "font-variant-caps", "font-variant-ligatures", "font-variant-numeric", "font-variant-east-asian",
    "font-variant-position", "font-variant-alternates", "font-feature-settings", "font-variation-settings",
    "font-kerning", "font-size-adjust", "font-synthesis", "font-optical-sizing", "font-palette",
    "line-height", "letter-spacing", "word-spacing", "text-align", "text-align-last", "text-indent",
    "text-transform", "white-space", "white-space-collapse", "text-wrap", "text-wrap-mode", "text-wrap-style",
    "word-break", "overflow-wrap", "word-wrap", "line-break", "hyphens", "hyphenate-character", "tab-size",
    "text-shadow", "text-rendering", "text-justify", "text-underline-position", "text-underline-offset",
    "text-decoration-skip-ink", "text-emphasis", "text-emphasis-style", "text-emphasis-color",
    "text-emphasis-position", "-webkit-text-stroke", "-webkit-text-stroke-width", "-webkit-text-stroke-color",
    "-webkit-text-fill-color", "text-size-adjust", "-webkit-font-smoothing", "font-smooth",
    // Writing modes.
    "direction", "writing-mode", "text-orientation", "text-combine-upright",
    // Visibility, lists, tables, cursors, quotes.
    "visibility", "list-style", "list-style-type", "list-style-position", "list-style-image",
    "border-collapse", "border-spacing", "caption-side", "empty-cells", "cursor", "quotes",
    "orphans", "widows", "image-rendering", "color-scheme", "accent-color", "caret-color",
    "paint-order", "pointer-events", "print-color-adjust", "forced-color-adjust",
]
