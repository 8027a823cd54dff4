// AsyncLayerKit is the umbrella: `import AsyncLayerKit` is all a server or an app needs. It
// re-exports every layer: the Canvas (drawing, text, codecs), Flexbox (the layout engine), the
// DisplayLoop (the loop, its actor, transactions), Elements (element trees: model, JSON and CSS,
// DSL, layout, paint, hashing), HTML (cards written in HTML and CSS) and Rendering (lanes, caches, the render service, layers, ranges,
// pre-layout). The import graph is checked by scripts/check-imports.sh.
@_exported public import Canvas
@_exported public import DisplayLoop
@_exported public import Elements
@_exported public import Flexbox
@_exported public import HTML
@_exported public import Rendering
