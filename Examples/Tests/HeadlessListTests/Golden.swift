import AsyncLayerKitTesting

/// Pixel comparison (no goldens of its own: the tests compare bitmaps with each other).
let goldenImages = GoldenImages(testFile: #filePath)
