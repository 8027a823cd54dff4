// AsyncLayerKit re-exports the layers below it, so `import AsyncLayerKit` is all an app needs:
// the Canvas (drawing, text, codecs) and the DisplayLoop (the loop, its actor, transactions).
@_exported public import Canvas
@_exported public import DisplayLoop
