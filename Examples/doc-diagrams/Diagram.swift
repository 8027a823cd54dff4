import AsyncLayerKit

/// One picture of a DocC catalog: its catalog, its file name (`<name>@2x.png`), its size in
/// points and the code that draws it.
struct Diagram {
    /// The catalog it belongs to: `DocC/<catalog>.docc/Resources`.
    let catalog: String
    let name: String
    let size: Size
    let draw: (Sketch) -> Void

    /// Pictures are drawn in points at scale 2; DocC serves `name@2x.png` for `![alt](name.png)`.
    static let scale = 2.0

    /// Draws the picture on white.
    func render() throws -> Bitmap {
        var failure: (any Error)?
        let bitmap = try Bitmap.render(size: size, scale: Self.scale) { context in
            context.fill(context.bounds, with: .white)
            let sketch = Sketch(context)
            draw(sketch)
            failure = sketch.failure
        }
        if let failure { throw DiagramError("\(name): \(failure)") }
        return bitmap
    }
}
