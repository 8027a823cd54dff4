import AsyncLayerKitTesting
import ExampleTestSupport
import Foundation

/// The reference card's element-tree goldens, in `Tests/ReferenceCardTests/Golden/`.
let goldenImages = GoldenImages(testFile: #filePath)

/// The Canvas card's goldens, `reference-card-0` and `-1`: kept with the library's Canvas tests,
/// whose codec tests use them as real pictures (`Tests/CanvasTests/Golden/`).
let canvasGoldenImages = GoldenImages(directory: ExampleFolders.root.appendingPathComponent("Tests/CanvasTests/Golden"))
