public import Canvas
public import Elements

extension ElementRenderer {
    /// A renderer that keeps its measured texts and decoded images in `cache` and loads and
    /// decodes its images on `lanes`, but keeps no finished render: how ``ElementRenderService``
    /// equips the pure stage, for a caller that wants only those two kept (a benchmark of the
    /// drawing itself). Most callers want the service, which also keeps and shares renders.
    ///
    /// - Parameters:
    ///   - limits: What a tree may ask for.
    ///   - imageLoader: Resolves named images.
    ///   - fonts: The fonts texts may use besides the system's (``/Elements/ElementRenderer/fonts``).
    ///   - emojiImages: Pictures drawn in place of graphemes; `nil`: the fonts draw them.
    ///   - cache: Keeps decoded images and measured texts; `nil`: nothing is kept.
    ///   - lanes: Where image loads and decodes run; `nil`: the cooperative pool.
    public init(limits: ElementLimits = .default, imageLoader: (any ElementImageLoader)? = nil, fonts: FontSet? = nil,
                emojiImages: EmojiImages? = nil, cache: ElementCache? = nil, lanes: RenderLanes? = nil) {
        self.init(limits: limits, imageLoader: imageLoader, fonts: fonts, emojiImages: emojiImages)
        self.cache = cache
        self.imageExecutor = lanes?.executor
    }

    /// The cache this renderer keeps texts and images in (both stores), if it is an ``ElementCache``.
    package var cache: ElementCache? {
        get { texts as? ElementCache }
        set {
            texts = newValue
            images = newValue
        }
    }
}
