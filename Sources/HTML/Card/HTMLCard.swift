public import Canvas
public import Elements
internal import Flexbox

/// A card written in HTML and CSS, read as a browser reads it: parsed (libxml2, browsers' error
/// recovery), styled (the user-agent sheet, `<style>` sheets and `style` attributes cascaded),
/// and mapped onto an element tree that draws the same as a JSON or Swift card with the same
/// values.
///
/// ```swift
/// let card = try HTMLCard(html: "<h1 style='color: teal'>Hello</h1>", width: 600, height: 315)
/// let image = try await renderer.render(card.root, size: card.size, scale: 2)
/// ```
///
/// ``root`` is the canvas: a box of the card's size painted with the root element's background
/// (or `<body>`'s, CSS 2.1 §14.2), holding `<html>`'s box. ``warnings`` lists what was ignored or
/// drawn otherwise than a browser would; ``HTMLOptions/strict`` makes the first an error.
public struct HTMLCard: Sendable {
    /// The parsed document.
    public let tree: HTMLTree
    /// The element tree to render: the canvas, `<html>`'s box inside it.
    public let root: Element
    /// The card's size in CSS px (the viewport).
    public let size: Size
    /// What was ignored, or drawn otherwise than a browser would, in document order.
    public let warnings: [StyleWarning]
    /// The fonts the card's `@font-face` rules load (`data:` URLs), `nil` when none: give them
    /// to the renderer (``/Elements/ElementRenderer/fonts``, over a service's own with
    /// ``/Canvas/FontSet/overlaid(by:)``) and to ``/Elements/ElementLayout``.
    public let fonts: FontSet?
    /// Where each box of ``root`` came from.
    let origin: BoxOrigin
    /// Each inline element's border and padding above and below its text (px, by node index).
    let verticalEdges: [Int: (top: Double, bottom: Double)]
    /// Inline elements whose border box reaches into their parent's frame: the parent, by node index.
    let framedByChild: [Int: Int]

    /// Reads `html` as a card `width` × `height` CSS px; a size left out is the one the document
    /// declares with `<meta name="card-size" content="600x400">`.
    ///
    /// - Throws: ``HTMLError``: a document over its limits, no size or a bad one, a layout the
    ///   HTML path does not do (`display: grid`), a warning in strict mode.
    public init(html: String, width: Double? = nil, height: Double? = nil, options: HTMLOptions = HTMLOptions()) throws(HTMLError) {
        let tree = try HTMLParser.parse(html, limits: options.limits)
        let declared = Self.declaredSize(of: tree)
        guard let width = width ?? declared?.width, let height = height ?? declared?.height else { throw .missingSize }
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw .badSize("\(width) × \(height) is not a size in 0 < size ≤ 16384 px")
        }
        let styles = try CardStyles.cascade(tree, viewport: Size(width: width, height: height), options: options)
        var builder = BoxBuilder(tree: tree, cascaded: styles.cascaded, styleIDs: styles.styleIDs, genericFamilies: options.genericFamilies)
        let background = builder.takeCanvasBackground()
        let html = try builder.build()
        var canvasProperties = BoxBuilder.camelCased(background)
        if background.isEmpty, let color = options.canvasBackground { canvasProperties["backgroundColor"] = color.hexString }
        canvasProperties["display"] = "block"
        canvasProperties["position"] = "static"
        canvasProperties["width"] = "\(width)px"
        canvasProperties["height"] = "\(height)px"
        let canvas: (layout: FlexStyle, style: ElementStyle)
        do {
            canvas = try StyleMemo.box(canvasProperties)
        } catch {
            builder.warn(HTMLTree.NodeID(0), PropertyTable.kebabCase(error.property), error.message)
            canvasProperties = canvasProperties.filter { ["display", "position", "width", "height"].contains($0.key) }
            canvas = (try? StyleDictionary.element(canvasProperties)) ?? (FlexStyle(), ElementStyle())
        }
        var fontWarnings: [StyleWarning] = []
        let fonts = CardFonts.fontSet(styles.fontFaces, limits: options.fontLimits) { path, reason in
            fontWarnings.append(StyleWarning(path: path, property: "src", reason: reason))
        }
        let warnings = styles.warnings + fontWarnings + builder.warnings
        if options.strict, let first = warnings.first { throw .warning(first) }
        self.tree = tree
        self.size = Size(width: width, height: height)
        self.root = Element(.view, layout: canvas.layout, style: canvas.style, children: [html.element])
        self.origin = BoxOrigin(node: nil, children: [html.origin])
        self.verticalEdges = builder.verticalEdges
        self.framedByChild = builder.framedByChild
        self.warnings = warnings
        self.fonts = fonts
    }

    /// The size `<meta name="card-size" content="600x400">` declares, if any.
    public static func declaredSize(of tree: HTMLTree) -> Size? {
        for node in tree.nodes where node.isElement("meta") && node.attribute("name")?.lowercased() == "card-size" {
            let parts = (node.attribute("content") ?? "").lowercased().split(separator: "x").map { Double(String($0).trimmingCharacters(in: " ")) }
            guard parts.count == 2, let w = parts[0], let h = parts[1] else { continue }
            return Size(width: w, height: h)
        }
        return nil
    }

    /// The border box of every reported element (``HTMLTree/reportedElements``: `<html>`,
    /// `<body>` and the elements inside it that can draw), in document order, from a layout of
    /// ``root`` at ``size``.
    public func frames(in layout: LayoutResult) -> [HTMLElementFrame] {
        let reader = HTMLFrameReader(tree: tree, origin: origin, layout: layout, verticalEdges: verticalEdges, framedByChild: framedByChild)
        return tree.reportedElements.map { id in
            HTMLElementFrame(node: id, tag: tree[id].name, frame: reader.frames[id.index] ?? Rect(x: 0, y: 0, width: 0, height: 0))
        }
    }

    /// The number of lines of every reported text (``HTMLTree/reportedTexts``), in document order.
    public func textLines(in layout: LayoutResult) -> [HTMLTextLines] {
        let reader = HTMLFrameReader(tree: tree, origin: origin, layout: layout, verticalEdges: verticalEdges, framedByChild: framedByChild)
        return tree.reportedTexts.map { HTMLTextLines(node: $0, lines: reader.lineCount(of: $0)) }
    }
}
