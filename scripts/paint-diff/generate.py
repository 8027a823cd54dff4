#!/usr/bin/env python3
"""Random paint cases from a seed, following the CSS grammars: for exploring inputs nobody wrote.

  generate.py --count 20 --seed 1000 > cases.json

The group is `random-css` or `random-engine` (the profile, below).

Each case (`random-<seed>`) is a 160×100 canvas with one to three boxes, some nested, each with a
random subset of paint properties: colours in every syntax (hex, rgb/rgba, hsl, hwb, lab, lch,
oklab, oklch, named), linear/radial/conic gradients and their repeating forms with 2–5 stops,
per-side border widths, colours and styles, radii (elliptical too), shadow lists (inset, spread),
outlines, opacity, transforms with origins, and now and then a filter, clip-path or blend mode.

One seed in three uses the `engine` profile: only the forms the decoder reads today (hex colours,
border widths with one colour, plain radii, opacity, the engine's shadow object), so the random
part of the corpus also exercises the painter as it is. The same seed always gives the same case.

The `text` profile (`--profile text`, cases `random-text-<seed>`, group `random-text`) is a text
in the CSS form under one to three nested views on a light 240×120 page: each view carries a random
set of the inherited text properties, the text a random set of all of them (decorations, text
overflow, line clamps too), so inheritance, overriding and em sizes meet in combinations nobody
wrote. It keeps to what is unambiguous in CSS: never both whiteSpace and textWrap in one case (both
set the wrap mode), no weights under 400 (with an italic, CSS's matching takes the Oblique face at
400 where a nearest-weight matcher takes ExtraLight), textOverflow only with the text's own
overflow: hidden and whiteSpace: nowrap, lineClamp only where lines wrap.

The `units` profile (`--profile units`, cases `random-units-<seed>`, group `random-units`) is a
flex tree of coloured views whose layout lengths (sizes, min/max, padding, margins, gaps, flex
bases, insets of an absolute child) are in every unit: px, %, em (some views set a font size in
px, em or rem), rem, vw, vh, vmin, vmax, pt, and calc() sums and products, min(), max() and
clamp() nesting them.
"""

import argparse
import json
import random
import sys

NAMED = ["red", "tomato", "gold", "teal", "navy", "orchid", "black", "white", "rebeccapurple", "coral", "seagreen", "slateblue"]
STYLES = ["solid", "dashed", "dotted", "double", "groove", "ridge", "inset", "outset"]
SIDES = ["top", "right", "bottom", "left", "center"]


def num(value, digits=2):
    """A number as CSS writes it."""
    value = round(value, digits)
    return str(int(value)) if float(value).is_integer() else str(value)


def hex_colour(r, alpha=True):
    """#RRGGBB or, one time in three, #RRGGBBAA (upper case, as the engine writes)."""
    rgb = [r.randrange(256) for _ in range(3)]
    text = "#" + "".join(f"{c:02X}" for c in rgb)
    if alpha and r.random() < 0.3:
        text += f"{r.choice([0x40, 0x80, 0xC0, 0xFF]):02X}"
    return text


def colour(r):
    """A colour in one of CSS's syntaxes."""
    kind = r.choice(["hex", "hex", "rgb", "rgba", "rgb-space", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "named"])
    a = r.choice([1, 1, 1, 0.5, 0.8])
    if kind == "hex":
        return hex_colour(r)
    if kind == "rgb":
        return f"rgb({r.randrange(256)}, {r.randrange(256)}, {r.randrange(256)})"
    if kind == "rgba":
        return f"rgba({r.randrange(256)}, {r.randrange(256)}, {r.randrange(256)}, {num(a)})"
    if kind == "rgb-space":
        return f"rgb({r.randrange(256)} {r.randrange(256)} {r.randrange(256)} / {num(a * 100)}%)"
    if kind == "hsl":
        return f"hsl({r.randrange(360)} {r.randrange(20, 100)}% {r.randrange(20, 80)}%" + (f" / {num(a)})" if a < 1 else ")")
    if kind == "hwb":
        return f"hwb({r.randrange(360)} {r.randrange(0, 40)}% {r.randrange(0, 40)}%)"
    if kind == "lab":
        return f"lab({r.randrange(20, 90)}% {r.randrange(-80, 80)} {r.randrange(-80, 80)})"
    if kind == "lch":
        return f"lch({r.randrange(20, 90)}% {r.randrange(0, 100)} {r.randrange(360)})"
    if kind == "oklab":
        return f"oklab({num(r.uniform(0.3, 0.9))} {num(r.uniform(-0.2, 0.2), 3)} {num(r.uniform(-0.2, 0.2), 3)})"
    if kind == "oklch":
        return f"oklch({num(r.uniform(0.3, 0.9))} {num(r.uniform(0, 0.25), 3)} {r.randrange(360)})"
    return r.choice(NAMED)


def stops(r, unit="%", count=None):
    """2–5 colour stops, some with positions (increasing), now and then a hard stop."""
    count = count or r.randint(2, 5)
    out, position = [], 0
    for i in range(count):
        c = colour(r)
        if r.random() < 0.5:
            position = min(100, position + r.randrange(0, 60))
            out.append(f"{c} {position}{unit}")
            if r.random() < 0.2:
                out.append(f"{colour(r)} {position}{unit}")
        else:
            out.append(c)
    return ", ".join(out)


def position(r):
    """A <position>: keywords, percentages or px."""
    kind = r.randrange(3)
    if kind == 0:
        # A horizontal keyword and a vertical one, in either order (CSS refuses "top top").
        x = r.choice(["left", "center", "right"])
        y = r.choice(["top", "center", "bottom"])
        return f"{x} {y}" if r.random() < 0.5 or "center" in (x, y) else f"{y} {x}"
    if kind == 1:
        return f"{r.randrange(0, 101)}% {r.randrange(0, 101)}%"
    return f"{r.randrange(0, 100)}px {r.randrange(0, 60)}px"


def gradient(r):
    """A gradient of any kind, repeating one time in five."""
    kind = r.choice(["linear", "linear", "radial", "conic"])
    repeating = r.random() < 0.2
    prefix = "repeating-" if repeating else ""
    unit = "px" if repeating else "%"
    if kind == "linear":
        head = r.choice([f"{r.randrange(360)}deg", "to right", "to bottom right", "to top", f"{num(r.uniform(0, 1))}turn", None])
    elif kind == "radial":
        shape = r.choice(["circle", "ellipse", f"circle {r.randrange(5, 60)}px", f"{r.randrange(5, 60)}px {r.randrange(5, 40)}px",
                          "closest-side", "farthest-corner", None])
        at = f"at {position(r)}" if r.random() < 0.5 else None
        head = " ".join(p for p in (shape, at) if p) or None
    else:
        parts = [f"from {r.randrange(360)}deg" if r.random() < 0.5 else None, f"at {position(r)}" if r.random() < 0.5 else None]
        head = " ".join(p for p in parts if p) or None
        unit = "deg" if repeating else "%"
    body = stops(r, unit, count=r.randint(2, 4))
    if repeating and unit in ("px", "deg"):
        step = r.randrange(5, 20)
        body = ", ".join(f"{colour(r)} {i * step}{unit} {(i + 1) * step}{unit}" for i in range(r.randint(2, 3)))
    return f"{prefix}{kind}-gradient({head + ', ' if head else ''}{body})"


def shadow(r):
    """One box-shadow: [inset] x y [blur [spread]] colour."""
    parts = ["inset"] if r.random() < 0.25 else []
    parts += [f"{r.randrange(-10, 11)}px", f"{r.randrange(-10, 11)}px"]
    if r.random() < 0.7:
        parts.append(f"{r.randrange(0, 16)}px")
        if r.random() < 0.4:
            parts.append(f"{r.randrange(-6, 10)}px")
    parts.append(colour(r))
    return " ".join(parts)


def transform(r):
    """One to three transform functions."""
    functions = []
    for _ in range(r.randint(1, 3)):
        kind = r.choice(["translate", "rotate", "scale", "skew", "matrix"])
        if kind == "translate":
            functions.append(f"translate({r.randrange(-20, 21)}px, {r.randrange(-15, 16)}px)")
        elif kind == "rotate":
            functions.append(f"rotate({r.randrange(-180, 181)}deg)")
        elif kind == "scale":
            functions.append(f"scale({num(r.uniform(0.5, 1.3))}, {num(r.uniform(0.5, 1.3))})")
        elif kind == "skew":
            functions.append(f"skew{r.choice('XY')}({r.randrange(-30, 31)}deg)")
        else:
            functions.append(f"matrix({num(r.uniform(0.7, 1.2))}, {num(r.uniform(-0.3, 0.3))}, {num(r.uniform(-0.3, 0.3))}, "
                             f"{num(r.uniform(0.7, 1.2))}, {r.randrange(-10, 11)}, {r.randrange(-10, 11)})")
    return " ".join(functions)


def css_style(r, width, height):
    """A random set of paint properties in CSS syntax."""
    style = {}
    if r.random() < 0.6:
        style["backgroundColor"] = colour(r)
    if r.random() < 0.4:
        style["backgroundImage"] = ", ".join(gradient(r) for _ in range(r.choice([1, 1, 1, 2])))
        if r.random() < 0.3:
            style["backgroundSize"] = f"{r.randrange(10, 60)}px {r.randrange(10, 40)}px"
            style["backgroundRepeat"] = r.choice(["repeat", "no-repeat", "repeat-x", "repeat-y", "space", "round"])
            style["backgroundPosition"] = position(r)
    if r.random() < 0.6:
        widths = [r.randrange(0, 11) for _ in range(r.choice([1, 1, 2, 4]))]
        style["borderWidth"] = " ".join(str(w) for w in widths)
        style["borderColor"] = " ".join(colour(r) for _ in range(r.choice([1, 1, 2, 4])))
        if r.random() < 0.6:
            style["borderStyle"] = " ".join(r.choice(STYLES) for _ in range(r.choice([1, 1, 4])))
    if r.random() < 0.5:
        radii = " ".join(f"{r.randrange(0, 40)}" for _ in range(r.choice([1, 2, 4])))
        if r.random() < 0.3:
            radii += " / " + " ".join(f"{r.randrange(0, 30)}" for _ in range(r.choice([1, 2])))
        if r.random() < 0.2:
            radii = f"{r.randrange(10, 51)}%"
        style["borderRadius"] = radii
    if r.random() < 0.35:
        style["boxShadow"] = ", ".join(shadow(r) for _ in range(r.randint(1, 3)))
    if r.random() < 0.2:
        style["outline"] = f"{r.randrange(1, 6)}px {r.choice(STYLES[:4])} {colour(r)}"
        if r.random() < 0.5:
            style["outlineOffset"] = r.randrange(-4, 8)
    if r.random() < 0.2:
        style["opacity"] = num(r.uniform(0.2, 1))
    if r.random() < 0.25:
        style["transform"] = transform(r)
        if r.random() < 0.4:
            style["transformOrigin"] = position(r)
    if r.random() < 0.08:
        style["filter"] = r.choice([f"blur({r.randrange(1, 4)}px)", f"grayscale({num(r.random())})", f"hue-rotate({r.randrange(360)}deg)",
                                    f"drop-shadow({r.randrange(-5, 6)}px {r.randrange(-5, 6)}px {r.randrange(0, 5)}px {colour(r)})"])
    if r.random() < 0.08:
        style["clipPath"] = r.choice([f"inset({r.randrange(0, 15)}px round {r.randrange(0, 15)}px)", f"circle({r.randrange(10, 50)}% at {position(r)})",
                                      "polygon(50% 0, 100% 50%, 50% 100%, 0 50%)", f"ellipse({r.randrange(20, 50)}% {r.randrange(20, 50)}%)"])
    if r.random() < 0.06:
        style["mixBlendMode"] = r.choice(["multiply", "screen", "overlay", "difference", "exclusion", "darken", "lighten"])
    return style


def engine_style(r, width, height):
    """A random set of the paint properties the decoder reads today."""
    style = {}
    if r.random() < 0.8:
        style["backgroundColor"] = hex_colour(r)
    if r.random() < 0.5:
        widths = [r.randrange(0, 9) for _ in range(r.choice([1, 1, 2, 4]))]
        style["borderWidth"] = widths[0] if len(widths) == 1 else " ".join(str(w) for w in widths)
        style["borderColor"] = hex_colour(r)
    if r.random() < 0.5:
        radii = [r.randrange(0, 30) for _ in range(r.choice([1, 1, 2, 4]))]
        style["borderRadius"] = radii[0] if len(radii) == 1 else " ".join(str(x) for x in radii)
    if r.random() < 0.3 and "backgroundColor" in style:
        style["boxShadow"] = {"offset": {"width": r.randrange(-6, 7), "height": r.randrange(-6, 7)},
                              "radius": r.randrange(0, 10), "color": hex_colour(r)}
    if r.random() < 0.25:
        style["opacity"] = round(r.uniform(0.2, 1), 2)
    return style


def make_case(seed):
    """The case of `seed`."""
    r = random.Random(seed)
    profile = "engine" if seed % 3 == 0 else "css"
    make = engine_style if profile == "engine" else css_style
    boxes = []
    for _ in range(r.randint(1, 3)):
        w, h = r.randrange(24, 90), r.randrange(20, 64)
        style = dict({"width": w, "height": h}, **make(r, w, h))
        children = []
        if r.random() < 0.3:
            cw, ch = r.randrange(8, max(9, w - 4)), r.randrange(8, max(9, h - 4))
            children.append({"type": "view", "style": dict({"width": cw, "height": ch}, **make(r, cw, ch))})
            style.update({"justifyContent": "center", "alignItems": "center"})
            if profile == "engine" and r.random() < 0.5:
                style["overflow"] = "hidden"
        boxes.append({"type": "view", "style": style, **({"children": children} if children else {})})
    root = {"type": "view", "style": {"justifyContent": r.choice(["center", "space-around", "space-evenly"]), "alignItems": "center",
                                      "gap": r.randrange(0, 12)}, "children": boxes}
    if r.random() < 0.3:
        root["style"]["backgroundColor"] = hex_colour(r, alpha=False)
    return {"id": f"random-{seed}", "group": f"random-{profile}", "note": f"generate.py seed {seed}, {profile} profile",
            "document": {"version": 2, "size": {"width": 160, "height": 100}, "root": root}}


# MARK: the text profile

DARK = ["#1B1B1B", "#333", "#1B4F9A", "#7A1F1F", "#1B5E3A", "rgb(60 40 110)", "hsl(200 70% 22%)", "darkslateblue",
        "oklch(0.35 0.08 30)", "rgba(0, 0, 0, 0.75)"]
ACCENT = ["#D33", "#33E", "#2A2", "#E80", "rgba(200, 0, 0, 0.5)", "teal", "hsl(280 60% 45%)"]
LIGHT = ["#F7F5F0", "#FFFFFF", "#EEF3F8", "#FBF3E4", "#F0F0F0"]
FAMILIES = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "sans-serif", "serif", "monospace", '"DejaVu Serif", serif',
            "NoSuchFamily, DejaVu Sans"]
TEXTS = ["The quick brown fox jumps over the lazy dog.",
         "Typography is the craft of arranging type to make written language legible.",
         "Crème brûlée, café au lait and a naïve façade",
         "Office files flow: fluffy waffles at five",
         "AVATAR Wave Type: kerning pairs",
         "Keep   these   spaces\nand this break",
         "Name:\tAda\nRole:\tengineer",
         "A pneumonoultramicroscopicsilicovolcanoconiosis case",
         "Short words, long lines and one more sentence to wrap over several lines of text.",
         "Ärger über Öl: straße, Åland, Øre"]


def text_properties(r, inherited_only, state):
    """A random set of text properties in CSS syntax. `state` keeps what one case has chosen already
    (the wrap-mode property in use)."""
    style = {}

    def maybe(p, key, value):
        if r.random() < p:
            style[key] = value() if callable(value) else value

    maybe(0.35, "color", lambda: r.choice(DARK))
    maybe(0.25, "fontFamily", lambda: r.choice(FAMILIES))
    maybe(0.35, "fontSize", lambda: r.choice([r.randrange(10, 25), f"{r.randrange(10, 25)}px", f"{num(r.uniform(0.8, 1.3), 2)}em",
                                              f"{r.randrange(80, 131)}%", "1.25rem", r.choice(["small", "medium", "large", "x-large"])]))
    maybe(0.25, "fontWeight", lambda: r.choice([400, 700, "bold", "normal", 600, 800, 900, "bolder"]))
    maybe(0.15, "fontStyle", lambda: r.choice(["normal", "italic", "oblique"]))
    maybe(0.08, "fontFeatureSettings", lambda: r.choice(['"liga" 0', '"kern" 0', '"dlig" 1', '"liga" 0, "kern" 0']))
    maybe(0.2, "lineHeight", lambda: r.choice(["normal", num(r.uniform(1, 2), 2), f"{r.randrange(14, 31)}px", f"{r.randrange(100, 201)}%",
                                               f"{num(r.uniform(1, 2), 1)}em"]))
    maybe(0.15, "letterSpacing", lambda: r.choice([r.randrange(-1, 5), f"{num(r.uniform(-0.05, 0.25), 2)}em", f"{r.randrange(0, 4)}px"]))
    maybe(0.1, "wordSpacing", lambda: r.choice([r.randrange(-2, 11), f"{num(r.uniform(0, 0.6), 1)}em"]))
    maybe(0.2, "textAlign", lambda: r.choice(["left", "right", "center", "justify", "start", "end"]))
    maybe(0.1, "textIndent", lambda: r.choice([r.randrange(-10, 31), f"{num(r.uniform(0.5, 2), 1)}em", f"{r.randrange(5, 21)}%"]))
    maybe(0.12, "textTransform", lambda: r.choice(["none", "uppercase", "lowercase", "capitalize"]))
    if state.get("wrap") in (None, "whiteSpace") and r.random() < 0.12:
        state["wrap"] = "whiteSpace"
        style["whiteSpace"] = r.choice(["normal", "nowrap", "pre", "pre-wrap", "pre-line"])
    if state.get("wrap") in (None, "textWrap") and r.random() < 0.1:
        state["wrap"] = "textWrap"
        style["textWrap"] = r.choice(["wrap", "nowrap", "balance", "pretty"])
    maybe(0.08, "wordBreak", lambda: r.choice(["normal", "break-all", "keep-all"]))
    maybe(0.08, "overflowWrap", lambda: r.choice(["normal", "break-word", "anywhere"]))
    maybe(0.05, "tabSize", lambda: r.choice([2, 4, 8, "30px"]))
    maybe(0.1, "textShadow", lambda: ", ".join(f"{r.randrange(-3, 4)}px {r.randrange(-3, 4)}px {r.randrange(0, 4)}px {r.choice(ACCENT)}"
                                               for _ in range(r.choice([1, 1, 2]))))
    if r.random() < 0.08:
        if r.random() < 0.5:
            style["WebkitTextStroke"] = f"{r.choice(['0.5px', '1px', 1, '1.5px'])} {r.choice(ACCENT)}"
        else:
            style["WebkitTextStrokeWidth"] = r.choice(["0.5px", 1, "2px", "thin"])
            style["WebkitTextStrokeColor"] = r.choice(ACCENT)
    if inherited_only:
        return style
    if r.random() < 0.3:
        if r.random() < 0.4:
            parts = [r.choice(["underline", "overline", "line-through", "underline overline"])]
            if r.random() < 0.5:
                parts.append(r.choice(["solid", "double", "dotted", "dashed", "wavy"]))
            if r.random() < 0.5:
                parts.append(r.choice(ACCENT))
            style["textDecoration"] = " ".join(parts)
        else:
            style["textDecorationLine"] = r.choice(["underline", "overline", "line-through", "underline line-through"])
            maybe(0.5, "textDecorationStyle", lambda: r.choice(["solid", "double", "dotted", "dashed", "wavy"]))
            maybe(0.5, "textDecorationColor", lambda: r.choice(ACCENT + ["currentColor"]))
            maybe(0.4, "textDecorationThickness", lambda: r.choice([1, "2px", "0.1em", "from-font", "auto"]))
    if state.get("wrap") is None and r.random() < 0.2:
        state["wrap"] = "whiteSpace"
        style.update({"overflow": "hidden", "whiteSpace": "nowrap", "textOverflow": r.choice(["ellipsis", "ellipsis", "clip"])})
    elif state.get("wrap") != "textWrap" and style.get("whiteSpace") in (None, "normal", "pre-wrap", "pre-line") and r.random() < 0.2:
        style[r.choice(["lineClamp", "WebkitLineClamp"])] = r.randint(1, 3)
    return style


def make_text_case(seed):
    """The text-profile case of `seed`: a text under one to three nested views."""
    r = random.Random(f"text-{seed}")
    state = {}
    views = [text_properties(r, True, state) for _ in range(r.randint(1, 3))]
    if r.random() < 0.3:
        views[r.randrange(len(views))]["backgroundColor"] = r.choice(LIGHT)
    leaf_style = dict({"width": r.randrange(90, 221)}, **text_properties(r, False, state))
    # A clamp needs lines that wrap: none under a nowrap or pre from the text or a view.
    if leaf_style.get("whiteSpace") in ("nowrap", "pre") or any(v.get("whiteSpace") in ("nowrap", "pre") for v in views):
        leaf_style.pop("lineClamp", None)
        leaf_style.pop("WebkitLineClamp", None)
    element = {"type": "text", "text": {"text": r.choice(TEXTS)}, "style": leaf_style}
    for style in reversed(views):
        element = {"type": "view", "style": style, "children": [element]} if style else {"type": "view", "children": [element]}
    root = {"type": "view", "style": {"flexDirection": "column", "alignItems": "flex-start", "padding": 8,
                                      "backgroundColor": r.choice(LIGHT)}, "children": [element]}
    return {"id": f"random-text-{seed}", "group": "random-text", "note": f"generate.py seed {seed}, text profile",
            "document": {"version": 2, "size": {"width": 240, "height": 120}, "root": root}}


# MARK: the units profile

def unit_length(r, kind, depth=0):
    """A random length in any unit or math function. `kind` is "size" (never negative as written),
    "spacing" (padding, gap: never negative) or "offset" (margins, insets: any sign)."""
    signed = kind == "offset"
    def simple():
        unit = r.choice(["px", "%", "em", "rem", "vw", "vh", "vmin", "vmax", "pt"])
        top = {"px": 60, "%": 60, "em": 5, "rem": 4, "vw": 40, "vh": 50, "vmin": 40, "vmax": 30, "pt": 45}[unit]
        value = r.uniform(-top / 3 if signed else 0, top)
        return num(value, 1) + unit
    roll = r.random()
    if depth >= 2 or roll < 0.45:
        return simple()
    if roll < 0.7:
        a, b = unit_length(r, kind, depth + 1), simple()
        return f"calc({a} {r.choice(['+', '-'])} {b})"
    if roll < 0.78:
        return f"calc({simple()} * {num(r.uniform(0.3, 2.5), 2)})"
    if roll < 0.86:
        return f"min({unit_length(r, kind, depth + 1)}, {simple()})"
    if roll < 0.94:
        return f"max({unit_length(r, kind, depth + 1)}, {simple()})"
    return f"clamp({simple()}, {unit_length(r, kind, depth + 1)}, {simple()})"


UNIT_FILLS = ["#E4572E", "#29335C", "#F3A712", "#669BBC", "#2E933C", "#A8C686", "#8E5572", "#C03221"]


def unit_view(r, depth, fills):
    """A view whose layout lengths use random units; children below it up to `depth`."""
    style = {"backgroundColor": fills.pop(0) if fills else hex_colour(r, alpha=False)}
    if r.random() < 0.35:
        style["fontSize"] = r.choice([num(r.uniform(8, 24), 1) + "px", num(r.uniform(0.6, 1.6), 2) + "em", num(r.uniform(0.6, 1.5), 2) + "rem"])
    for key, kind, p in [("width", "size", 0.7), ("height", "size", 0.7), ("minWidth", "size", 0.1), ("maxWidth", "size", 0.15),
                         ("minHeight", "size", 0.1), ("maxHeight", "size", 0.1), ("padding", "spacing", 0.35),
                         ("margin", "offset", 0.25), ("marginLeft", "offset", 0.1), ("flexBasis", "size", 0.15)]:
        if r.random() < p:
            style[key] = unit_length(r, kind)
    children = []
    if depth > 0 and r.random() < 0.6:
        if r.random() < 0.5:
            style["flexDirection"] = r.choice(["row", "column"])
        if r.random() < 0.4:
            style["gap"] = unit_length(r, "spacing")
        for _ in range(r.randint(1, 3)):
            children.append(unit_view(r, depth - 1, fills))
        if r.random() < 0.2:
            child = unit_view(r, 0, fills)
            child["style"]["position"] = "absolute"
            for key in r.sample(["top", "right", "bottom", "left"], 2):
                child["style"][key] = unit_length(r, "offset")
            children.append(child)
    element = {"type": "view", "style": style}
    if children:
        element["children"] = children
    return element


def make_units_case(seed):
    """The units-profile case of `seed`: nested views sized in every unit."""
    r = random.Random(f"units-{seed}")
    width, height = r.choice([(200, 120), (160, 100), (240, 140)])
    fills = list(UNIT_FILLS)
    r.shuffle(fills)
    root = {"type": "view", "style": {"flexDirection": r.choice(["row", "column"]), "alignItems": r.choice(["flex-start", "center", "stretch"]),
                                      "backgroundColor": "#F4F1EA"},
            "children": [unit_view(r, 2, fills) for _ in range(r.randint(1, 3))]}
    if r.random() < 0.4:
        root["style"]["padding"] = unit_length(r, "spacing")
    return {"id": f"random-units-{seed}", "group": "random-units", "note": f"generate.py seed {seed}, units profile",
            "document": {"version": 2, "size": {"width": width, "height": height}, "root": root}}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", choices=["paint", "text", "units"], default="paint",
                    help="paint: random-<seed> (css or engine by the seed); text: random-text-<seed>; units: random-units-<seed>")
    args = ap.parse_args()
    make = {"text": make_text_case, "units": make_units_case}.get(args.profile, make_case)
    json.dump([make(s) for s in range(args.seed, args.seed + args.count)], sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
