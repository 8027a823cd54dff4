import AsyncLayerKit

/// The diagrams' colours: ink and muted greys, and one stroke/fill pair per role (the reference
/// card's pink for bitmaps and layers, blue for the loop and contexts, green for what succeeds,
/// orange for limits and text, red for what fails or is dropped, purple for completions).
enum Palette {
    static let ink = Color(red: 0.13, green: 0.15, blue: 0.19)
    static let muted = Color(red: 0.40, green: 0.43, blue: 0.49)
    static let grid = Color(red: 0.80, green: 0.83, blue: 0.88)
    static let card = Color(red: 0.93, green: 0.36, blue: 0.61)
    static let cardFill = Color(red: 0.99, green: 0.91, blue: 0.95)
    static let blue = Color(red: 0.16, green: 0.45, blue: 0.85)
    static let blueFill = Color(red: 0.90, green: 0.94, blue: 1.00)
    static let green = Color(red: 0.13, green: 0.55, blue: 0.35)
    static let greenFill = Color(red: 0.90, green: 0.97, blue: 0.93)
    static let orange = Color(red: 0.85, green: 0.47, blue: 0.10)
    static let orangeFill = Color(red: 1.00, green: 0.95, blue: 0.88)
    static let red = Color(red: 0.80, green: 0.18, blue: 0.20)
    static let redFill = Color(red: 1.00, green: 0.92, blue: 0.92)
    static let purple = Color(red: 0.45, green: 0.30, blue: 0.75)
    static let purpleFill = Color(red: 0.95, green: 0.92, blue: 1.00)
    static let greyFill = Color(red: 0.95, green: 0.95, blue: 0.96)
    static let paleFill = Color(red: 0.97, green: 0.97, blue: 0.98)
    static let waitFill = Color(red: 0.90, green: 0.91, blue: 0.93)
}

/// A font of the diagrams: DejaVu Sans or DejaVu Sans Mono at a size in points.
struct Font {
    var family: String
    var size: Double
    var weight: FontWeight

    static func sans(_ size: Double) -> Font { Font(family: "DejaVu Sans", size: size, weight: .regular) }
    static func bold(_ size: Double) -> Font { Font(family: "DejaVu Sans", size: size, weight: .bold) }
    static func mono(_ size: Double) -> Font { Font(family: Markup.monoFamily, size: size, weight: .regular) }
    static func monoBold(_ size: Double) -> Font { Font(family: Markup.monoFamily, size: size, weight: .bold) }

    /// The text style of this font in `color`.
    func style(_ color: Color, alignment: TextAlignment = .left) -> TextStyle {
        TextStyle(fontFamily: family, size: size, weight: weight, color: color, alignment: alignment)
    }
}

/// Where a label sits relative to its x (or within its width, when it has one).
enum Align {
    case left, center, right

    var textAlignment: TextAlignment {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        }
    }
}
