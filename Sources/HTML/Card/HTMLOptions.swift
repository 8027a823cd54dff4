public import Canvas

/// How an HTML card is read: its limits, whether a warning is an error, what the canvas is
/// filled with, and which fonts the generic families name.
public struct HTMLOptions: Hashable, Sendable {
    /// The document's bounds.
    public var limits = HTMLLimits()
    /// The style sheets' and the cascade's bounds.
    public var styleLimits = StyleLimits()
    /// The bounds of each `@font-face` font.
    public var fontLimits = FontLimits.default
    /// Whether anything ignored or drawn otherwise than a browser would (a ``StyleWarning``)
    /// fails the card with ``HTMLError/warning(_:)``, as Satori's `onStyleError` lets a caller do.
    public var strict = false
    /// The canvas behind the root element when neither `<html>` nor `<body>` has a background
    /// (CSS 2.1 §14.2): white, as in a browser; `nil` leaves it transparent.
    public var canvasBackground: Color? = .white
    /// Families to put before CSS's generic names (`["sans-serif": "Arial"]` makes `sans-serif`
    /// read `"Arial", sans-serif`). Empty by default: generic families resolve through fontconfig
    /// (DejaVu Serif, Sans and Sans Mono on Debian), which the conformance bench makes Chromium
    /// use too; Chromium's own defaults on Linux are Times New Roman and Arial (Liberation).
    public var genericFamilies: [String: String] = [:]

    /// The defaults.
    public init() {}
}
