public import Canvas
import Flexbox

// Paint modifiers. Each returns a copy with its `style` (an `ElementStyle`) changed; the border's
// widths are layout (`FlexStyle.border`), its colour paint.

extension Element {
    /// Sets the background colour (`backgroundColor`).
    public func background(_ color: Color) -> Element { with { $0.style.background = color } }
    /// Rounds every corner by `radius` (`borderRadius`).
    public func cornerRadius(_ radius: Double) -> Element { with { $0.style.cornerRadii = CornerRadii(all: radius) } }
    /// Rounds each corner by its own radius.
    public func cornerRadii(_ radii: CornerRadii) -> Element { with { $0.style.cornerRadii = radii } }
    /// Gives every edge a border `width` points wide (taking part in layout, as CSS's
    /// `border-width`) drawn in `color`.
    public func border(width: Double, color: Color) -> Element {
        with { e in
            e.layout.border = Edges(all: width)
            e.style.borderColor = color
        }
    }
    /// A border in SwiftUI's argument order: `.border(.gray, width: 1)`.
    public func border(_ color: Color, width: Double = 1) -> Element { border(width: width, color: color) }
    /// Casts a drop shadow from the background.
    public func shadow(_ shadow: Shadow) -> Element { with { $0.style.shadow = shadow } }
    /// A drop shadow in SwiftUI's terms: blur `radius`, offset `x`, `y` (``/Canvas/Shadow``).
    public func shadow(color: Color = Color.black.withAlpha(0.33), radius: Double, x: Double = 0, y: Double = 0) -> Element {
        shadow(Shadow(offset: Size(width: x, height: y), radius: radius, color: color))
    }
    /// Sets the group opacity.
    public func opacity(_ opacity: Double) -> Element { with { $0.style.opacity = opacity } }
    /// Clips the children to the element's rounded shape (`overflow: hidden`).
    public func clipped(_ clips: Bool = true) -> Element { with { $0.layout.overflow = clips ? .hidden : .visible } }
    /// Sets the paint order among siblings (see ``ElementStyle/zIndex``).
    public func zIndex(_ index: Int) -> Element { with { $0.style.zIndex = index } }
    /// Hides the element (`visibility: hidden`): it keeps its place in layout.
    public func hidden(_ hidden: Bool = true) -> Element { with { $0.style.isHidden = hidden } }
    /// Adds background layers (`backgroundImage`): gradients drawn over the background colour,
    /// the first on top.
    ///
    /// ```swift
    /// view.backgroundLayers([BackgroundLayer(.linear(LinearGradient(.angle(135), stops: [
    ///     ColorStop(.color(pink)), ColorStop(.color(blue)),
    /// ])))])
    /// ```
    public func backgroundLayers(_ layers: [BackgroundLayer]) -> Element { with { $0.style.backgroundLayers = layers } }
    /// One gradient filling the background (`backgroundImage: linear-gradient(…)`).
    public func background(_ image: BackgroundImage) -> Element { backgroundLayers([BackgroundLayer(image)]) }
    /// A border of `width` points on every edge in one style and colour (`border: 2px dashed red`).
    public func border(width: Double, style: BorderLineStyle, color: Color) -> Element {
        with { e in
            e.layout.border = Edges(all: width)
            e.style.border = BorderSides(all: BorderSide(color: .color(color), style: style))
        }
    }
    /// Each side's colour and line; the widths are layout's (``/Flexbox/FlexStyle/border``).
    public func border(_ sides: BorderSides) -> Element { with { $0.style.border = sides } }
    /// CSS box shadows (`boxShadow`), the first on top.
    public func boxShadow(_ shadows: BoxShadow...) -> Element { with { $0.style.boxShadows = shadows } }
}
