import AsyncLayerKitTesting

/// The Canvas tests' reviewed PNGs, in `Tests/CanvasTests/Golden/`.
let goldenImages = GoldenImages(testFile: #filePath)
