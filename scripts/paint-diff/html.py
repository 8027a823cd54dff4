#!/usr/bin/env python3
"""Translates a paint case's element document (our JSON, version 2) into an HTML page, mechanically.

  html.py cases.json ID > page.html

A view is a <div> with the engine's defaults where they differ from CSS's (`display: flex;
position: relative; box-sizing: border-box`; the engine's flexDirection is row, as CSS's, and its
borders are drawn only where a colour is given, so every box starts from `border: 0 solid
transparent`). A text with a legacy text style is a block <div> in that style's font (the engine's
old defaults: sans-serif 15px, weight 400, black, the font's own line height). An image is an <img>
from its base64 bytes, its content mode as `object-fit`/`object-position`. A gradient element is a
<div> whose background is the same gradient, positioned on the border box.

Style keys are CSS property names in camelCase: each becomes its kebab-case name (`WebkitX` →
`-webkit-x`), and for length properties a bare number (a JSON number, or a number inside a string
such as "3 8" or "40 / 20") becomes px. Shorthands are written before their longhands, since the
engine lets a longhand win whatever the JSON order. The only value forms that are not CSS text are
the engine's own objects (a boxShadow `{offset, radius, color}`), translated to what the engine
draws (see shadow_css).

The canvas is a W×H box at the page's origin, a one-cell grid, so the root fills it unless its
style gives it a size, as the engine lays the root out in the canvas. The page's background is
transparent (chromium.py screenshots with a transparent default background): the engine's bitmap
starts transparent too, so alpha is compared as well as colour.

Text in the CSS form (no `text.style`): a block <div> with its `style` keys as CSS and nothing
else; views carry their text keys too, so inheritance happens in the browser as the JSON nests it.
The page's root is `font-family: sans-serif; font-size: 16px` (CSS's initial values with
sans-serif; rem is 16px). lineHeight and tabSize keep bare numbers (a multiple, a count of spaces);
lineClamp and WebkitLineClamp become -webkit-line-clamp in a vertical -webkit-box with overflow
hidden, what Chromium needs to clamp (it does not know the unprefixed line-clamp).
"""

import json
import math
import re
import sys

# This module shadows the standard library's `html` for the scripts beside it; its escape() is
# the same function, so anything that imports `html` for it still works.


def escape(text, quote=True):
    """The standard library's html.escape: &, <, > and (with quote) both quotes as references."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;").replace("'", "&#x27;") if quote else text


# Properties whose bare numbers are px (CSS lengths). Others (opacity, zIndex, flexGrow, order,
# aspectRatio, fontWeight, colours, keywords, gradients) are written as they are.
LENGTH_PROPERTIES = {
    "width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight",
    "margin", "marginTop", "marginRight", "marginBottom", "marginLeft", "marginInlineStart", "marginInlineEnd",
    "padding", "paddingTop", "paddingRight", "paddingBottom", "paddingLeft", "paddingInlineStart", "paddingInlineEnd",
    "borderWidth", "borderTopWidth", "borderRightWidth", "borderBottomWidth", "borderLeftWidth",
    "borderInlineStartWidth", "borderInlineEndWidth",
    "inset", "top", "right", "bottom", "left", "insetInlineStart", "insetInlineEnd",
    "gap", "rowGap", "columnGap", "flexBasis",
    "borderRadius", "borderTopLeftRadius", "borderTopRightRadius", "borderBottomRightRadius", "borderBottomLeftRadius",
    "outlineWidth", "outlineOffset", "fontSize", "letterSpacing", "wordSpacing", "textIndent",
    "textDecorationThickness", "textUnderlineOffset", "WebkitTextStroke", "WebkitTextStrokeWidth",
    "backgroundSize", "backgroundPosition", "maskSize", "maskPosition", "perspective",
}
# Not lengths although they take them: lineHeight (a bare number is a multiple of the font size) and
# tabSize (a bare number counts spaces), as in CSS.

# -webkit-line-clamp (Chromium does not know the unprefixed line-clamp) clamps only in a legacy
# -webkit-box laid out vertically, and the lines after the clamp are only hidden by overflow: hidden;
# written for a text that has lineClamp or WebkitLineClamp, which both mean CSS's line-clamp:
# N lines, an ellipsis at the end of the last, the rest not drawn.
LINE_CLAMP = ["display: -webkit-box", "-webkit-box-orient: vertical", "overflow: hidden"]

# A bare number inside a length value: not part of a word, a hex colour, a percentage or a unit.
BARE_NUMBER = re.compile(r"(?<![\w.#%\x00-])(-?(?:\d+\.?\d*|\.\d+))(?![\w.%(])")


CONTENT_MODES = {
    "scaleToFill": ("fill", None), "aspectFit": ("contain", None), "aspectFill": ("cover", None),
    "center": ("none", "center"), "top": ("none", "top"), "bottom": ("none", "bottom"),
    "left": ("none", "left"), "right": ("none", "right"), "topLeft": ("none", "left top"),
    "topRight": ("none", "right top"), "bottomLeft": ("none", "left bottom"), "bottomRight": ("none", "right bottom"),
}

STYLE_SHEET = """
html { font-family: sans-serif; font-size: 16px; }
html, body { margin: 0; padding: 0; background: transparent; }
main { position: absolute; left: 0; top: 0; display: grid; overflow: hidden;
       grid-template-columns: minmax(0, 1fr); grid-template-rows: minmax(0, 1fr); }
.v, .t, .i, .g { position: relative; box-sizing: border-box; border: 0 solid transparent; min-width: auto; }
.v, .g { display: flex; flex-direction: row; }
.t { display: block; }
.i { display: block; object-fit: cover; }
"""


def kebab(name):
    """camelCase → kebab-case; a leading capital (WebkitLineClamp) is a vendor prefix. A custom
    property (`--brandColor`) keeps its case-sensitive name."""
    if name.startswith("--"):
        return name
    return re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name)  # "WebkitX" gives "-webkit-x"


def number(value):
    """A JSON number as CSS writes it (no trailing .0)."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def shadow_css(shadow, blur_scale=1):
    """The engine's shadow object {offset: {width, height}, radius, color} as CSS offsets, blur and
    colour. Its radius is a box-shadow blur radius (a Gaussian of σ = radius / 2); drop-shadow()'s
    blur length is σ itself (measured: drop-shadow(20px 0 4px) draws box-shadow's 20px 0 8px), so
    the filter form passes blur_scale 0.5."""
    offset = shadow.get("offset", {"width": 0, "height": 2})
    radius = shadow.get("radius", 8) * blur_scale
    color = shadow.get("color", "#0000001F")
    return f"{number(offset.get('width', 0))}px {number(offset.get('height', 0))}px {number(radius)}px {color}"


COLOR_FUNCTION = re.compile(r"(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color-mix)\(", re.I)


MATH_FACTOR = re.compile(r"([*/]\s*)(-?(?:\d+\.?\d*|\.\d+))(?![\w.%(])|(?<![\w.#%-])(-?(?:\d+\.?\d*|\.\d+))(\s*[*/])")


def lengths_px(value):
    """Bare numbers in a length value as px, except inside colour functions (`rgba(200, 0, 0, .5)`
    in a `-webkit-text-stroke` keeps its numbers) and a factor of a product or quotient inside a
    math function (`calc(30px * 2)`, as the decoder reads it)."""
    if re.search(r"(calc|min|max|clamp)\(", value) and re.search(r"[*/]", value):
        # Mark the factors, convert the rest, unmark.
        marked = MATH_FACTOR.sub(lambda m: (m.group(1) + "\x00" + m.group(2)) if m.group(2) else ("\x00" + m.group(3) + m.group(4)), value)
        return re.sub(r"\x00", "", lengths_px_plain(marked))
    return lengths_px_plain(value)


def lengths_px_plain(value):
    out, i = [], 0
    for m in COLOR_FUNCTION.finditer(value):
        if m.start() < i:
            continue
        out.append(BARE_NUMBER.sub(lambda n: n.group(1) + ("px" if float(n.group(1)) != 0 else ""), value[i:m.start()]))
        depth, j = 0, m.end() - 1
        while j < len(value):
            depth += {"(": 1, ")": -1}.get(value[j], 0)
            j += 1
            if depth == 0:
                break
        out.append(value[m.start():j])
        i = j
    out.append(BARE_NUMBER.sub(lambda n: n.group(1) + ("px" if float(n.group(1)) != 0 else ""), value[i:]))
    return "".join(out)


def value_css(key, value):
    """One style value as CSS text."""
    if isinstance(value, bool):
        raise ValueError(f"{key}: a boolean is not a CSS value")
    if isinstance(value, (int, float)):
        return number(value) + ("px" if key in LENGTH_PROPERTIES and value != 0 else "")
    if isinstance(value, str):
        return lengths_px(value) if key in LENGTH_PROPERTIES else value
    raise ValueError(f"{key}: {type(value).__name__} values have no CSS form here")


def order_key(item):
    """Shorthands before longhands: by how many words the camelCase name has, `inset` first."""
    key = item[0]
    words = len(re.findall(r"[A-Z]", key)) + 1
    return (0 if key == "inset" else 1, words)


def style_css(style):
    """The declarations of a `style` object, shorthands first."""
    decls = []
    for key, value in sorted(style.items(), key=order_key):
        if key in ("lineClamp", "WebkitLineClamp"):
            decls.append(f"-webkit-line-clamp: {value_css(key, value)}")
            continue
        if key == "boxShadow" and isinstance(value, dict):
            shadow = value
            # The engine shadows the background's shape when there is a background (box-shadow),
            # and everything the element draws when there is none (a drop shadow of the group).
            if "backgroundColor" in style:
                decls.append(f"box-shadow: {shadow_css(shadow)}")
            else:
                decls.append(f"filter: drop-shadow({shadow_css(shadow, 0.5)})")
            continue
        decls.append(f"{kebab(key)}: {value_css(key, value)}")
    return decls


def text_css(text_style):
    """The text style object (fontFamily, size, weight, italic, color, lineHeight, letterSpacing,
    alignment, underline, strikethrough) as CSS, with the engine's defaults."""
    family = text_style.get("fontFamily", "sans-serif")
    families = ", ".join(f.strip() if f.strip() in ("sans-serif", "serif", "monospace") else f'"{f.strip()}"'
                         for f in family.split(","))
    decls = [f"font-family: {families}", f"font-size: {number(text_style.get('size', 15))}px",
             f"font-weight: {text_style.get('weight', 400)}", f"color: {text_style.get('color', '#000000')}"]
    if text_style.get("italic"):
        decls.append("font-style: italic")
    if "lineHeight" in text_style:
        decls.append(f"line-height: {number(text_style['lineHeight'])}px")
    if text_style.get("letterSpacing"):
        decls.append(f"letter-spacing: {number(text_style['letterSpacing'])}px")
    alignment = text_style.get("alignment", "natural")
    decls.append("text-align: " + {"natural": "start", "justified": "justify"}.get(alignment, alignment))
    lines = [name for flag, name in (("underline", "underline"), ("strikethrough", "line-through")) if text_style.get(flag)]
    if lines:
        decls.append("text-decoration-line: " + " ".join(lines))
    return decls


def gradient_css(gradient, style):
    """A gradient element's paint as a CSS background image on its border box, which needs the
    element's size: its style must give `width` and `height` in px.

    Linear: CSS's gradient line goes through the box's centre at the angle of start → end, and is
    as long as the box's projection on it; the start and end points are projected onto it, and
    each stop's location is placed between them, so any start and end give the engine's picture.
    Radial: a circle of radius × min(width, height) around the centre."""
    w, h = style.get("width"), style.get("height")
    if not isinstance(w, (int, float)) or not isinstance(h, (int, float)):
        raise ValueError("a gradient element needs a numeric width and height for its HTML form")
    stops = gradient["stops"]
    if gradient.get("kind", "linear") == "radial":
        c = gradient.get("center", {"x": 0.5, "y": 0.5})
        radius = gradient.get("radius", 0.5) * min(w, h)
        parts = [f"{s['color']} {number(round(s['location'] * 100, 4))}%" for s in stops]
        return [f"background-image: radial-gradient(circle {number(round(radius, 4))}px at {number(c['x'] * w)}px "
                f"{number(c['y'] * h)}px, {', '.join(parts)})"]
    s = gradient.get("start", {"x": 0.5, "y": 0})
    e = gradient.get("end", {"x": 0.5, "y": 1})
    vx, vy = (e["x"] - s["x"]) * w, (e["y"] - s["y"]) * h
    theta = math.atan2(vx, -vy)  # CSS angles: 0deg points up, clockwise
    ux, uy = math.sin(theta), -math.cos(theta)
    length = abs(w * ux) + abs(h * uy)

    def position(p):
        return ((p["x"] * w - w / 2) * ux + (p["y"] * h - h / 2) * uy) / length + 0.5

    t0, t1 = position(s), position(e)
    parts = [f"{st['color']} {number(round((t0 + st['location'] * (t1 - t0)) * 100, 4))}%" for st in stops]
    return [f"background-image: linear-gradient({number(round(math.degrees(theta), 4))}deg, {', '.join(parts)})"]


def element_html(element):
    """One element and its subtree."""
    kind = element.get("type")
    style = element.get("style", {})
    decls = style_css(style)
    children = "".join(element_html(c) for c in element.get("children", []))
    if kind == "view":
        return f'<div class="v" style="{escape("; ".join(decls))}">{children}</div>'
    if kind == "text":
        text = element["text"]
        body = text["text"] if isinstance(text["text"], str) else "".join(seg["text"] for seg in text["text"]["segments"])
        if "style" in text:
            # The legacy form: the text style object, with the engine's old defaults.
            decls = text_css(text["style"]) + decls
        elif "lineClamp" in style or "WebkitLineClamp" in style:
            decls = LINE_CLAMP + decls
        if text.get("maxLines", 0) > 0:
            decls += ["display: -webkit-box", "-webkit-box-orient: vertical", f"-webkit-line-clamp: {text['maxLines']}",
                      "overflow: hidden"]
        return f'<div class="t" style="{escape("; ".join(decls))}">{escape(body)}</div>'
    if kind == "image":
        image = element["image"]
        source = image["source"]
        if "base64" not in source:
            raise ValueError("only base64 images have an HTML form here")
        data = source["base64"]
        mime = "image/png" if data.startswith("iVBOR") else "image/jpeg" if data.startswith("/9j/") else "image/webp"
        fit, position = CONTENT_MODES[image.get("contentMode", "aspectFill")]
        pre = [f"object-fit: {fit}"] + ([f"object-position: {position}"] if position else [])
        if image.get("blur"):
            pre.append(f"filter: blur({number(image['blur'])}px)")
        return (f'<img class="i" alt="" src="data:{mime};base64,{data}" '
                f'style="{escape("; ".join(pre + decls))}">')
    if kind == "gradient":
        pre = gradient_css(element["gradient"], style) + ["background-origin: border-box"]
        return f'<div class="g" style="{escape("; ".join(pre + decls))}">{children}</div>'
    raise ValueError(f"element type {kind!r} has no HTML form")


def page(document):
    """The whole page for one document."""
    size = document["size"]
    return ("<!DOCTYPE html><html><head><meta charset=utf-8><style>" + STYLE_SHEET + "</style></head><body>"
            + f'<main style="width: {number(size["width"])}px; height: {number(size["height"])}px">'
            + element_html(document["root"]) + "</main></body></html>")


def main():
    cases = json.load(open(sys.argv[1]))
    case = next(c for c in cases if c["id"] == sys.argv[2])
    sys.stdout.write(page(case["document"]))


if __name__ == "__main__":
    main()
