import Canvas

/// The numeric checks of one element: every size, weight, inset, radius, width and opacity is a
/// finite number in its range, so that layout and drawing never see NaN or a negative size.
/// `position` names the element by its pre-order index (the root is element 0).
enum ElementValidation {
    static func check(_ element: Element, position: Int) throws(ElementError) {
        func fail(_ what: String, _ value: Double, _ expected: String) throws(ElementError) -> Never {
            throw .invalidLayout("element \(position): \(what) \(value) is not \(expected)")
        }
        func nonNegative(_ what: String, _ value: Double?) throws(ElementError) {
            if let value, !(value.isFinite && value >= 0) { try fail(what, value, "a finite number ≥ 0") }
        }
        func finite(_ what: String, _ value: Double) throws(ElementError) {
            if !value.isFinite { try fail(what, value, "finite") }
        }
        let l = element.layout
        try nonNegative("width", l.width)
        try nonNegative("height", l.height)
        try nonNegative("minWidth", l.minWidth)
        try nonNegative("maxWidth", l.maxWidth)
        try nonNegative("minHeight", l.minHeight)
        try nonNegative("maxHeight", l.maxHeight)
        try nonNegative("grow", l.grow)
        try nonNegative("shrink", l.shrink)
        for (name, inset) in [("padding.top", l.padding.top), ("padding.left", l.padding.left),
                              ("padding.bottom", l.padding.bottom), ("padding.right", l.padding.right)] {
            try nonNegative(name, inset)
        }
        if let frame = element.frame {
            try finite("frame.x", frame.minX)
            try finite("frame.y", frame.minY)
            try nonNegative("frame.width", frame.width)
            try nonNegative("frame.height", frame.height)
        }
        let s = element.style
        let r = s.cornerRadii
        for (name, radius) in [("cornerRadius.topLeft", r.topLeft), ("cornerRadius.topRight", r.topRight),
                               ("cornerRadius.bottomRight", r.bottomRight), ("cornerRadius.bottomLeft", r.bottomLeft)] {
            try nonNegative(name, radius)
        }
        try nonNegative("border.width", s.border?.width)
        if let shadow = s.shadow {
            try nonNegative("shadow.radius", shadow.radius)
            try finite("shadow.offset.width", shadow.offset.width)
            try finite("shadow.offset.height", shadow.offset.height)
        }
        if !(s.opacity.isFinite && s.opacity >= 0 && s.opacity <= 1) { try fail("opacity", s.opacity, "in 0...1") }
        switch element.kind {
        case .stack(let stack):
            try nonNegative("stack.spacing", stack.spacing)
        case .image(let image):
            if !(image.blurRadius.isFinite && image.blurRadius >= 0 && image.blurRadius <= Bitmap.maxBlurRadius) {
                try fail("image.blur", image.blurRadius, "in 0...\(Int(Bitmap.maxBlurRadius))")
            }
        case .text(let text):
            if text.maxLines < 0 { try fail("text.maxLines", Double(text.maxLines), "0 or more") }
        case .gradient(.linear(_, let start, let end)):
            try finite("gradient.start.x", start.x); try finite("gradient.start.y", start.y)
            try finite("gradient.end.x", end.x); try finite("gradient.end.y", end.y)
        case .gradient(.radial(_, let center, let radius)):
            try finite("gradient.center.x", center.x); try finite("gradient.center.y", center.y)
            try nonNegative("gradient.radius", radius)
        default:
            break
        }
    }
}
