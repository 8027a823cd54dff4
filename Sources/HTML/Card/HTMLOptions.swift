public import Canvas

/// How an HTML card is read: its limits, whether a warning is an error, what the canvas is
/// filled with, and which fonts the generic families name.
public struct HTMLOptions: Hashable, Sendable {
    /// The document's bounds.
    public var limits = HTMLLimits()
    /// The style sheets' and the cascade's bounds.
    public var styleLimits = StyleLimits()
    /// Whether anything ignored or drawn otherwise than a browser would (a ``StyleWarning``)
    /// fails the card with ``HTMLError/warning(_:)``, as Satori's `onStyleError` lets a caller do.
    public var strict = false
    /// The canvas behind the root element when neither `<html>` nor `<body>` has a background
    /// (CSS 2.1 §14.2): white, as in a browser; `nil` leaves it transparent.
    public var canvasBackground: Color? = .white
    /// The families CSS's generic names stand for, as Chromium on Linux maps them (the
    /// fonts fontconfig then picks, Liberation on a Debian machine with `fonts-liberation`).
    public var genericFamilies: [String: String] = ["serif": "Times New Roman", "sans-serif": "Arial"]

    /// The defaults.
    public init() {}
}
