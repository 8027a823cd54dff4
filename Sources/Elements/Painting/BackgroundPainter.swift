internal import Canvas

/// Paints an element's background layers (CSS Backgrounds 3 §3): each layer, last first, tiled
/// from its position in its origin box and clipped to its clip box.
struct BackgroundPainter {
    let context: GraphicsContext
    let lengths: LengthContext
    let currentColor: Color

    /// The most tiles one layer draws one by one; past it the layer is filled with its average
    /// colour, which is what tiles that small look like (a bound for hostile sizes).
    static let maximumTiles = 4_096

    /// Paints `layers` (first on top) in `box`; `bitmap(i)` is the decoded picture of layer `i`
    /// when it is a `url()` (a layer whose picture is missing draws nothing, as in CSS).
    func paint(_ layers: [BackgroundLayer], in box: BoxGeometry, bitmap: (Int) -> Bitmap? = { _ in nil }) {
        let gradients = GradientPainter(context: context, lengths: lengths, currentColor: currentColor)
        for (index, layer) in layers.enumerated().reversed() {
            let area = box.rect(layer.origin)
            let clip = box.rect(layer.clip)
            guard clip.width > 0, clip.height > 0, area.width >= 0, area.height >= 0 else { continue }
            var picture: Bitmap?
            if case .image = layer.image {
                guard let decoded = bitmap(index), decoded.width > 0, decoded.height > 0 else { continue }
                picture = decoded
            }
            var tile = tileSize(layer.size, in: area, natural: picture?.size)
            guard tile.width > 0, tile.height > 0 else { continue }
            // `round` rescales the tile to a whole number of tiles across the area.
            if layer.repeatX == .round { tile.width = area.width / max(1, (area.width / tile.width).rounded()) }
            if layer.repeatY == .round { tile.height = area.height / max(1, (area.height / tile.height).rounded()) }
            let x = area.minX + layer.position.x.resolved(lengths, percentOf: area.width - tile.width)
            let y = area.minY + layer.position.y.resolved(lengths, percentOf: area.height - tile.height)
            let columns = Self.axisTiles(layer.repeatX, start: x, size: tile.width, area: area.minX...area.maxX, clip: clip.minX...clip.maxX)
            let rows = Self.axisTiles(layer.repeatY, start: y, size: tile.height, area: area.minY...area.maxY, clip: clip.minY...clip.maxY)
            context.withSavedGState {
                context.clip(to: box.shape(layer.clip))
                // A picture repeated edge to edge on both axes is one repeating pattern, sampled
                // across the seams as Chromium's repeating shader is (one tile on an axis, or
                // tiles spaced apart, are drawn one by one, clamped at their edges, as Chromium does).
                // `space` with no room left between its tiles is a plain repeat.
                func contiguous(_ starts: [Double], _ size: Double) -> Bool { starts.count > 1 && abs(starts[1] - starts[0] - size) < 1e-6 }
                let wrapsX = layer.repeatX != .noRepeat && contiguous(columns, tile.width)
                let wrapsY = layer.repeatY != .noRepeat && contiguous(rows, tile.height)
                if let picture, wrapsX, wrapsY {
                    context.drawTiled(picture, tile: Rect(x: x, y: y, width: tile.width, height: tile.height), in: clip)
                    return
                }
                if columns.count * rows.count > Self.maximumTiles {
                    let average = picture.map(Self.averageColor) ?? GradientPainter.averageColor(of: layer.image, lengths: lengths, currentColor: currentColor)
                    context.paint(.color(average))
                    return
                }
                for row in rows {
                    for column in columns {
                        let rect = Rect(x: column, y: row, width: tile.width, height: tile.height)
                        if let picture {
                            context.draw(picture, in: rect)
                            continue
                        }
                        context.withSavedGState {
                            context.clip(to: rect)
                            gradients.paint(layer.image, in: rect)
                        }
                    }
                }
            }
        }
    }

    /// The size of one tile (CSS Backgrounds 3 §3.9). A gradient has no size of its own: `auto`,
    /// `cover` and `contain` give the area's size. A picture of `natural` size keeps its ratio:
    /// `cover` and `contain` scale it to cover or fit the area, `auto` is its natural size or the
    /// side its ratio gives from the other.
    private func tileSize(_ size: BackgroundSize, in area: Rect, natural: Size?) -> Size {
        guard let natural, natural.width > 0, natural.height > 0 else {
            switch size {
            case .cover, .contain:
                return area.size
            case .size(let w, let h):
                return Size(width: w?.resolved(lengths, percentOf: area.width) ?? area.width,
                            height: h?.resolved(lengths, percentOf: area.height) ?? area.height)
            }
        }
        let ratio = natural.width / natural.height
        switch size {
        case .cover, .contain:
            let sx = area.width / natural.width, sy = area.height / natural.height
            let s = size == .cover ? max(sx, sy) : min(sx, sy)
            return Size(width: natural.width * s, height: natural.height * s)
        case .size(let w, let h):
            let width = w?.resolved(lengths, percentOf: area.width)
            let height = h?.resolved(lengths, percentOf: area.height)
            switch (width, height) {
            case (let width?, let height?): return Size(width: width, height: height)
            case (let width?, nil): return Size(width: width, height: width / ratio)
            case (nil, let height?): return Size(width: height * ratio, height: height)
            case (nil, nil): return natural
            }
        }
    }

    /// The mean colour of a picture's pixels (for tiles too small to draw one by one).
    static func averageColor(of bitmap: Bitmap) -> Color {
        var sums = (0.0, 0.0, 0.0, 0.0)
        bitmap.withUnsafeBytes { bytes in
            var i = 0
            while i + 3 < bytes.count {
                sums.0 += Double(bytes[i + 2])
                sums.1 += Double(bytes[i + 1])
                sums.2 += Double(bytes[i])
                sums.3 += Double(bytes[i + 3])
                i += 4
            }
        }
        guard sums.3 > 0 else { return .clear }
        // Premultiplied sums: the colour is their ratio to the alpha sum.
        let count = Double(bitmap.width * bitmap.height)
        return Color(red: sums.0 / sums.3, green: sums.1 / sums.3, blue: sums.2 / sums.3, alpha: sums.3 / 255 / count)
    }

    /// The starts of the tiles along one axis under `mode`: `space` fits as many whole tiles
    /// as the area holds, the first and last at its edges and the gaps shared out (one tile: at
    /// its position; none fits: none), continuing with that step over the clip.
    static func axisTiles(_ mode: BackgroundRepeat, start: Double, size: Double, area: ClosedRange<Double>, clip: ClosedRange<Double>) -> [Double] {
        guard mode == .space else {
            return tiles(start: start, size: size, step: size, repeats: mode != .noRepeat, from: clip.lowerBound, to: clip.upperBound)
        }
        let length = area.upperBound - area.lowerBound
        let count = (length / size).rounded(.down)
        guard count >= 1 else { return [] }
        guard count >= 2 else { return tiles(start: start, size: size, step: size, repeats: false, from: clip.lowerBound, to: clip.upperBound) }
        let step = size + (length - count * size) / (count - 1)
        return tiles(start: area.lowerBound, size: size, step: step, repeats: true, from: clip.lowerBound, to: clip.upperBound)
    }

    /// The starts of the tiles along one axis that meet `from...to`, `step` apart (at most
    /// maximumTiles + 1).
    static func tiles(start: Double, size: Double, step: Double, repeats: Bool, from: Double, to: Double) -> [Double] {
        guard repeats else { return start < to && start + size > from ? [start] : [] }
        let first = start - ((start - from) / step).rounded(.up) * step
        var result: [Double] = []
        var position = first
        while position < to, result.count <= maximumTiles {
            if position + size > from { result.append(position) }
            position += step
        }
        return result
    }
}

extension GradientPainter {
    /// The average colour of a gradient's ramp (for tiles too small to draw one by one).
    static func averageColor(of image: BackgroundImage, lengths: LengthContext, currentColor: Color) -> Color {
        let stops: [ColorStop] = switch image {
        case .linear(let g): g.stops
        case .radial(let g): g.stops
        case .conic(let g): g.stops
        case .image: []
        }
        return GradientStops(stops, length: 100, context: lengths, currentColor: currentColor).averageColor
    }
}
