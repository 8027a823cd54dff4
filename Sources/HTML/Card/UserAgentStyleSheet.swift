/// The user-agent style sheet: the HTML standard's rendering defaults (§15, "Rendering") for the
/// elements the HTML path draws, as Chromium applies them (its `html.css`), so a card without a
/// style sheet of its own looks as it does in a browser.
enum UserAgentStyleSheet {
    static let text = """
    html, address, blockquote, body, center, dialog, div, figure, figcaption, footer, form, header, hr, legend,
    listing, main, p, plaintext, pre, search, xmp, article, aside, h1, h2, h3, h4, h5, h6, hgroup, nav, section,
    dir, dd, dl, dt, menu, ol, ul, details, summary, fieldset, optgroup { display: block; }
    li { display: list-item; }
    head, link, meta, script, style, title, template, base, basefont, datalist, noscript, param, rp, area, map,
    source, track, iframe, object, embed, noembed, noframes, [hidden] { display: none; }
    table { display: table; }
    html { font-size: medium; line-height: normal; color: black; }
    body { margin: 8px; }
    p, dl, multicol { margin-top: 1em; margin-bottom: 1em; }
    blockquote, figure { margin: 1em 40px; }
    dd { margin-inline-start: 40px; }
    address, cite, dfn, em, i, var { font-style: italic; }
    b, strong { font-weight: bolder; }
    code, kbd, pre, samp, tt, listing, xmp, plaintext { font-family: monospace; }
    pre, listing, xmp, plaintext { white-space: pre; margin-top: 1em; margin-bottom: 1em; }
    h1 { font-size: 2em; margin-top: 0.67em; margin-bottom: 0.67em; font-weight: bold; }
    h2 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; font-weight: bold; }
    h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; font-weight: bold; }
    h4 { font-size: 1em; margin-top: 1.33em; margin-bottom: 1.33em; font-weight: bold; }
    h5 { font-size: 0.83em; margin-top: 1.67em; margin-bottom: 1.67em; font-weight: bold; }
    h6 { font-size: 0.67em; margin-top: 2.33em; margin-bottom: 2.33em; font-weight: bold; }
    small { font-size: smaller; }
    big { font-size: larger; }
    sub { vertical-align: sub; font-size: smaller; }
    sup { vertical-align: super; font-size: smaller; }
    u, ins { text-decoration: underline; }
    s, strike, del { text-decoration: line-through; }
    mark { background-color: yellow; color: black; }
    center { text-align: center; }
    a[href] { color: #0000ee; text-decoration: underline; }
    hr { color: gray; border-style: inset; border-width: 1px; margin: 0.5em auto; overflow: hidden; }
    ol, ul, menu, dir { padding-inline-start: 40px; margin-top: 1em; margin-bottom: 1em; }
    ul, menu, dir { list-style-type: disc; }
    ol { list-style-type: decimal; }
    ul ul, ol ul, ul menu, ol menu { list-style-type: circle; }
    ul ol ul, ul ul ul, ol ol ul, ol ul ul { list-style-type: square; }
    ul ul, ul ol, ol ul, ol ol { margin-top: 0; margin-bottom: 0; }
    img { display: inline; }
    [dir=rtl i] { direction: rtl; }
    [dir=ltr i] { direction: ltr; }
    """
}
