// AsyncLayerKit re-exports the layers below it, so `import AsyncLayerKit` is all an app needs:
// the Canvas (drawing, text, codecs), Flexbox (the layout engine) and the DisplayLoop (the loop,
// its actor, transactions).
@_exported public import Canvas
@_exported public import DisplayLoop
@_exported public import Flexbox
