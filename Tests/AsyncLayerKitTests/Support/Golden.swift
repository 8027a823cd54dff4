import AsyncLayerKitTesting

/// The AsyncLayerKit tests' reviewed PNGs, in `Tests/AsyncLayerKitTests/Golden/`.
let goldenImages = GoldenImages(testFile: #filePath)
