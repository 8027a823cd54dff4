import LayerKitSupport
import Canvas

extension ElementRenderer {
    /// Loads (named sources, through ``imageLoader``) and decodes (at each element's display size,
    /// aspect-fill or aspect-fit for the scaling content modes) every visible image, concurrently.
    ///
    /// An image with a ``ImageContent/placeholder`` (or an inline image with one) that fails to
    /// load or decode is left out of the result, and the painter draws its placeholder instead.
    ///
    /// - Throws: ``ElementError/noImageLoader(name:)``, ``ElementError/imageLoadFailed(name:detail:)``,
    ///   ``ElementError/canvas(_:)`` for a bad or oversized image (unless the image has a
    ///   placeholder), ``ElementError/cancelled``.
    public func resolveImages(_ root: Element, layout: LayoutResult, scale: Double) async throws(ElementError) -> ResolvedImages {
        let tree = try Self.traversal(of: root, matching: layout)
        return try await resolveImages(tree, layout: layout, scale: scale, deadline: limits.maxRenderDuration.map { RenderDeadline(limit: $0) })
    }

    /// The image stage: the images of the drawn elements (not hidden, not under `display: none`);
    /// with an image store, first looks every image up in **one** call to the store (each call may
    /// wait for another render using it), so only missing images go further. Names the loader
    /// caches ``ImageNameCaching/byContent`` are not looked up by name: their bytes are loaded
    /// first, then their decoded picture is looked up by the bytes' digest.
    func resolveImages(_ tree: ElementTraversal, layout: LayoutResult, scale: Double, deadline: RenderDeadline?) async throws(ElementError) -> ResolvedImages {
        var jobs: [ImageJob] = []
        for index in tree.drawnIndices {
            if case .image(var image) = tree.elements[index].kind {
                // CSS object-fit decides the size to decode for, as the content mode it replaces.
                if let fit = tree.elements[index].style.objectFit { image.contentMode = fit.contentMode }
                jobs.append(ImageJob(id: .element(index), content: image, box: layout.nodes[index].contentFrame.size))
            }
            // url() layers, decoded at their natural size (the painter scales each tile).
            let style = tree.elements[index].style
            for (mask, layers) in [(false, style.backgroundLayers), (true, style.maskLayers)] {
                for (layer, entry) in layers.enumerated() {
                    guard case .image(let source) = entry.image else { continue }
                    jobs.append(ImageJob(id: .layer(LayerImageID(element: index, layer: layer, mask: mask)),
                                         content: ImageContent(source, contentMode: .center), box: layout.nodes[index].frame.size))
                }
            }
            if case .text(let text) = tree.elements[index].kind, !text.runs.isEmpty, let laid = layout.nodes[index].text {
                // Each inline image that was laid out (not cut by a clamp), decoded for its box.
                for area in laid.attachments where area.segment < text.runs.count {
                    guard case .image(let image) = text.runs[area.segment].content else { continue }
                    jobs.append(ImageJob(id: .inline(InlineImageID(element: index, run: area.segment)),
                                         content: ImageContent(image.source, contentMode: .scaleToFill, placeholder: image.placeholder),
                                         box: area.rect.size))
                }
            }
        }
        // The emoji folder's files (named with EmojiImages.folderImageNamePrefix), then the host's.
        let loader = emojiImages.map { $0.imageLoader(over: imageLoader) } ?? imageLoader
        let pixelLimits = limits.pixels
        let cache = self.images
        var resolved = ResolvedImages()
        // Each job's cache key, computed once (hashing encoded bytes is not free).
        var keyed = jobs.map { (job: $0, key: cache == nil ? nil : $0.cacheKey(scale: scale, loader: loader)) }
        // No lookup when nothing has a key yet (only in-memory bitmaps, or names cached by content).
        if let cache, keyed.contains(where: { $0.key != nil }) {
            let known = await cache.decodedImages(for: keyed.compactMap(\.key))
            keyed = keyed.filter { entry in
                if let key = entry.key, let bitmap = known[key] {
                    resolved.store(bitmap, for: entry.job.id)
                    return false
                }
                return true
            }
        }
        jobs = keyed.map(\.job)
        if jobs.isEmpty {
            if Task.isCancelled { throw .cancelled }
            try deadline?.check()
            return resolved
        }
        let executor = imageExecutor, toResolve = keyed
        // Every load and decode runs in a task that prefers the lanes (a child task here; the
        // cache's shared decode in a task of its own, told the executor explicitly).
        let resolveAll: @Sendable () async throws -> [(ImageJob.ID, Bitmap?)] = {
            try await withThrowingTaskGroup(of: (ImageJob.ID, Bitmap?).self) { group in
                for (job, key) in toResolve {
                    group.addTask(executorPreference: executor) {
                        do {
                            return (job.id, try await job.resolve(loader: loader, cache: cache, key: key, executor: executor, scale: scale, limits: pixelLimits))
                        } catch where job.drawsPlaceholder(after: error) {
                            // Left out: the painter draws the placeholder in its box.
                            return (job.id, nil)
                        }
                    }
                }
                var results: [(ImageJob.ID, Bitmap?)] = []
                for try await result in group { results.append(result) }
                return results
            }
        }
        do {
            // A loader that hangs cannot hold the render past its deadline: the deadline fires
            // from its own timer thread and the render returns without waiting for the loads.
            let results = if let deadline { try await deadline.race(executor: executor, resolveAll) } else { try await resolveAll() }
            for (id, bitmap) in results {
                if let bitmap { resolved.store(bitmap, for: id) }
            }
        } catch let error as ElementError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .imageLoadFailed(name: "", detail: "\(error)")
        }
        if Task.isCancelled { throw .cancelled }
        try deadline?.check()
        return resolved
    }
}

extension ResolvedImages {
    /// Keeps `bitmap` as the picture of `id`.
    fileprivate mutating func store(_ bitmap: Bitmap, for id: ImageJob.ID) {
        switch id {
        case .element(let index): bitmaps[index] = bitmap
        case .inline(let inline): inlineBitmaps[inline] = bitmap
        case .layer(let layer): layerBitmaps[layer] = bitmap
        }
    }
}

/// One image to load and decode.
private struct ImageJob: Sendable {
    /// Whose picture: an image element's, or an inline image's.
    enum ID: Hashable, Sendable {
        case element(Int)
        case inline(InlineImageID)
        case layer(LayerImageID)
    }

    let id: ID
    let content: ImageContent
    let box: Size

    /// Whether `error`, which resolving this image threw, is one its placeholder stands in for:
    /// any load or decode failure, but not cancellation (of the render, or by its deadline).
    func drawsPlaceholder(after error: any Error) -> Bool {
        guard content.placeholder != nil, !Task.isCancelled, !(error is CancellationError) else { return false }
        switch error as? ElementError {
        case .cancelled?, .deadlineExceeded?: return false
        default: return true
        }
    }

    /// The cache key of this image at `scale`, looked up before anything is loaded; `nil` when
    /// nothing is cached for it (an empty box, an in-memory bitmap drawn as it is), or when it is
    /// known only once its bytes are loaded (a name `loader` caches ``ImageNameCaching/byContent``).
    func cacheKey(scale: Double, loader: (any ElementImageLoader)?) -> DecodedImageKey? {
        guard !box.isEmpty else { return nil }
        let target = decodeTarget(scale: scale)
        let source: DecodedImageKey.Source
        switch content.source {
        case .bitmap(let image):
            // Drawn as it is, unless it is blurred: then the blurred copy is made once and cached.
            guard content.blurRadius != 0 else { return nil }
            source = .bitmap(image.digest)
        case .named(let name):
            if loader?.caching(forName: name) == .byContent { return nil }
            source = .named(name)
        case .encoded(let bytes):
            source = .encoded(Self.digest(bytes))
        }
        // The scale is part of every key: an SVG is drawn at its natural size times the scale even
        // for `.original` (a raster image at `.original` is the same at any scale, so this only
        // costs one decode per scale for it).
        return DecodedImageKey(source: source, target: target, scale: scale, blurRadius: content.blurRadius)
    }

    /// The digest encoded bytes are cached by: their length and content, hashed.
    private static func digest(_ bytes: [UInt8]) -> ContentHash {
        var hasher = StableHasher()
        hasher.combine(UInt64(bytes.count))
        hasher.combine(bytes)
        return hasher.finalize()
    }

    /// The decoded image: the element's own bitmap, or from the cache (a decode of the same
    /// source at the same size, finished or in flight), or loaded and decoded now. `key` is this
    /// job's ``cacheKey(scale:)``, computed once by the caller (`nil` without a cache).
    func resolve(loader: (any ElementImageLoader)?, cache: (any DecodedImageStore)?, key: DecodedImageKey?,
                 executor: (any TaskExecutor)?, scale: Double, limits: PixelLimits) async throws -> Bitmap? {
        guard !box.isEmpty else { return nil }
        let target = decodeTarget(scale: scale)
        if case .bitmap(let image) = content.source, content.blurRadius == 0 { return image.bitmap }
        if let cache, key == nil, case .named(let name) = content.source, let loader, loader.caching(forName: name) == .byContent {
            return try await resolveByContent(name, loader: loader, cache: cache, executor: executor, target: target, scale: scale, limits: limits)
        }
        guard let cache, let key else {
            return try await loadAndDecode(loader: loader, target: target, scale: scale, limits: limits)
        }
        do {
            return try await cache.decodedImage(for: key, priority: nil, executor: executor) {
                try await loadAndDecode(loader: loader, target: target, scale: scale, limits: limits)
            }
        } catch is CancellationError {
            throw ElementError.cancelled
        }
    }

    /// A name whose bytes may change: the bytes loaded every time, then the decoded picture of
    /// those bytes from the cache (a counted lookup, then a decode shared with concurrent renders
    /// of the same bytes), or decoded now and kept.
    private func resolveByContent(_ name: String, loader: any ElementImageLoader, cache: any DecodedImageStore, executor: (any TaskExecutor)?,
                                  target: DecodeTarget, scale: Double, limits: PixelLimits) async throws -> Bitmap {
        let bytes = try await load(name, loader: loader)
        try Task.checkCancellation()
        let key = DecodedImageKey(source: .encoded(Self.digest(bytes)), target: target, scale: scale, blurRadius: content.blurRadius)
        if let known = await cache.decodedImages(for: [key])[key] { return known }
        do {
            return try await cache.decodedImage(for: key, priority: nil, executor: executor) {
                try decode(bytes, target: target, scale: scale, limits: limits)
            }
        } catch is CancellationError {
            throw ElementError.cancelled
        }
    }

    /// The bytes of the image called `name`, its loader's failure made an ``ElementError``.
    private func load(_ name: String, loader: any ElementImageLoader) async throws(ElementError) -> [UInt8] {
        do {
            return try await loader.imageBytes(named: name)
        } catch is CancellationError {
            throw .cancelled
        } catch let error as ElementError {
            throw error
        } catch {
            throw .imageLoadFailed(name: name, detail: (error as? FolderImageLoaderError)?.reason ?? "\(error)")
        }
    }

    /// What to decode for: the display size for the scaling content modes, else the image's own.
    private func decodeTarget(scale: Double) -> DecodeTarget {
        switch content.contentMode {
        case .aspectFill, .scaleToFill: .fill(box, scale: scale)
        case .aspectFit: .fit(box, scale: scale)
        default: .original
        }
    }

    private func loadAndDecode(loader: (any ElementImageLoader)?, target: DecodeTarget, scale: Double, limits: PixelLimits) async throws -> Bitmap {
        let bytes: [UInt8]
        switch content.source {
        case .bitmap(let image):
            do { return try content.applyingEffects(to: image.bitmap, box: box) } catch { throw ElementError.canvas(error) }
        case .encoded(let encoded):
            bytes = encoded
        case .named(let name):
            guard let loader else { throw ElementError.noImageLoader(name: name) }
            bytes = try await load(name, loader: loader)
        }
        try Task.checkCancellation()
        return try decode(bytes, target: target, scale: scale, limits: limits)
    }

    private func decode(_ bytes: [UInt8], target: DecodeTarget, scale: Double, limits: PixelLimits) throws(ElementError) -> Bitmap {
        RenderWorkProbe.record(.imageDecode, {
            if case .named(let name) = content.source { return name }
            return ""
        }())
        do {
            let options: DecodeOptions
            if ImageFormat.sniff(bytes) == .svg {
                options = try svgOptions(bytes, target: target, scale: scale, limits: limits)
            } else {
                options = DecodeOptions(target: target, limits: limits, scale: target == .original ? 1 : scale)
            }
            return try content.applyingEffects(to: ImageDecoder.decode(bytes, options: options), box: box)
        } catch {
            throw ElementError.canvas(error)
        }
    }

    /// How an SVG is drawn so that it stays sharp. For the box-sized targets the box's pixels.
    /// At its natural size (`.original`: a centred image, a `url()` layer) its size in points stays
    /// its intrinsic size in CSS px, drawn at the render scale; a layer, which the painter may
    /// stretch up to cover its box (`background-size: cover`, `contain`, lengths), is drawn denser,
    /// up to the pixels of that cover (at most 16 pixels a point).
    private func svgOptions(_ bytes: [UInt8], target: DecodeTarget, scale: Double, limits: PixelLimits) throws(CanvasError) -> DecodeOptions {
        guard target == .original, case .layer = id else { return DecodeOptions(target: target, limits: limits, scale: scale) }
        let info = try ImageDecoder.info(of: bytes)
        guard info.width > 0, info.height > 0 else { return DecodeOptions(target: target, limits: limits, scale: scale) }
        let cover = max(1, box.width / Double(info.width), box.height / Double(info.height))
        let density = min(16, scale * (cover.isFinite ? cover : 1))
        return DecodeOptions(target: .original, limits: limits, scale: density)
    }
}
