import Canvas

extension ImageContent {
    /// The image with this content's effects applied (today the blur), done once, right after the
    /// image is decoded, so the result is what gets cached and drawn.
    ///
    /// The blur is meant in the points the image is drawn at. A decoded image is already at its
    /// display size, so its own points are those; an in-memory bitmap may be drawn larger or
    /// smaller than its natural size, so its radius is divided by that factor (for `scaleToFill`,
    /// which stretches unevenly, the geometric mean of the two).
    ///
    /// - Parameter box: The element's content box, in points.
    func applyingEffects(to bitmap: Bitmap, box: Size) throws(CanvasError) -> Bitmap {
        guard blurRadius != 0 else { return bitmap }
        guard blurRadius.isFinite, blurRadius > 0, blurRadius <= Bitmap.maxBlurRadius else {
            return try bitmap.blurred(radius: blurRadius) // throws, naming the radius as given
        }
        let natural = bitmap.size
        let sx = box.width / natural.width, sy = box.height / natural.height
        var drawnScale: Double
        switch contentMode {
        case .aspectFill: drawnScale = max(sx, sy)
        case .aspectFit: drawnScale = min(sx, sy)
        case .scaleToFill: drawnScale = (sx * sy).squareRoot()
        default: drawnScale = 1
        }
        if !(drawnScale.isFinite && drawnScale > 0) { drawnScale = 1 }
        return try bitmap.blurred(radius: min(blurRadius / drawnScale, Bitmap.maxBlurRadius))
    }
}
