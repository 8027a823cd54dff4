#!/usr/bin/env python3
"""The hand-made paint cases: a few per property, each one element document (our JSON, version 2).

  cases.py > cases.json          (prints the list; corpus.py adds the random ones)

A case is {id, group, note, document}. Most put one box of 100×60 CSS px in the middle of a
160×100 transparent canvas, so the property under test is the only thing drawn; shapes have hard
edges where they can. Values are CSS text (the engine's future syntax): whatever the decoder does
not read yet is a failure "unsupported: …" until it does. A few cases use the engine's own forms
(the boxShadow object, an image's contentMode, the gradient element) to check what it draws today.
"""

import base64
import json
import struct
import sys
import zlib

W, H = 160, 100
FONT = "DejaVu Sans"


def doc(root, width=W, height=H):
    return {"version": 2, "size": {"width": width, "height": height}, "root": root}


def view(style=None, children=None):
    element = {"type": "view"}
    if style:
        element["style"] = style
    if children:
        element["children"] = children
    return element


def text(string, text_style=None, style=None):
    element = {"type": "text", "text": {"text": string, "style": dict({"fontFamily": FONT, "size": 16}, **(text_style or {}))}}
    if style:
        element["style"] = style
    return element


def centred(child, root_style=None):
    """The canvas's root: centres one child."""
    return view(dict({"justifyContent": "center", "alignItems": "center"}, **(root_style or {})), [child])


def box(style, width=100, height=60, children=None, root_style=None):
    """One box of width × height with `style`, centred."""
    return doc(centred(view(dict({"width": width, "height": height}, **style), children), root_style))


def png(width, height, pixel):
    """A PNG (RGBA, 8 bits) of pixel(x, y) → (r, g, b, a), deflated: for data URIs."""
    raw = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def quadrants(x, y, w=40, h=24):
    """Four flat colours, one per quadrant: red, green / blue, yellow."""
    left, top = x < w // 2, y < h // 2
    return (220, 40, 40, 255) if left and top else (40, 160, 60, 255) if top else (40, 70, 200, 255) if left else (240, 200, 40, 255)


QUADRANTS = base64.b64encode(png(40, 24, quadrants)).decode()


def image(style, content_mode=None, source=QUADRANTS):
    element = {"type": "image", "image": {"source": {"base64": source}}, "style": style}
    if content_mode:
        element["image"]["contentMode"] = content_mode
    return element


CASES = []


def case(group, note, document):
    n = sum(1 for c in CASES if c["group"] == group) + 1
    CASES.append({"id": f"{group}-{n}", "group": group, "note": note, "document": document})


# MARK: backgroundColor (hex: what the decoder reads today)
for value, note in [("#3366CC", "opaque hex"), ("#E33", "three-digit hex"), ("#3366CC80", "hex with alpha"),
                    ("#0A08", "four-digit hex with alpha"), ("#000000", "black"), ("#FFFFFF", "white on transparent")]:
    case("backgroundColor", note, box({"backgroundColor": value}))
case("backgroundColor", "nested boxes", box({"backgroundColor": "#223344", "padding": 10}, children=[view({"flexGrow": 1, "backgroundColor": "#FFCC00"})]))
case("backgroundColor", "with a solid border", box({"backgroundColor": "#99CCFF", "borderWidth": 6, "borderColor": "#003366"}))

# MARK: colours in every syntax
for value in ["rgb(51, 102, 204)", "rgba(51, 102, 204, 0.5)", "rgb(51 102 204 / 50%)", "hsl(210 60% 40%)",
              "hsla(10, 80%, 50%, 0.7)", "hwb(200 10% 20%)", "lab(52% 40 -60)", "lch(60% 50 30)",
              "oklab(0.6 0.1 -0.12)", "oklch(0.7 0.15 150)", "rebeccapurple", "tomato", "transparent",
              "color-mix(in srgb, red 30%, blue)", "#3366cc"]:
    case("colors", value, box({"backgroundColor": value}))

# MARK: linear gradients
for value in ["linear-gradient(#E33, #33E)", "linear-gradient(to right, #E33, #33E)", "linear-gradient(45deg, #E33, #FE3, #33E)",
              "linear-gradient(to top left, #0A0, #FFF)", "linear-gradient(90deg, #E33 50%, #33E 50%)",
              "linear-gradient(90deg, #E33 0 25%, #FE3 25% 50%, #3A3 50% 75%, #33E 75%)",
              "linear-gradient(to right, transparent, #33E)", "linear-gradient(to right, #E33 20px, #33E 80px)",
              "linear-gradient(to right, #E33, 30%, #33E)", "linear-gradient(0.125turn, #E33, #33E)",
              "linear-gradient(to bottom, rgba(255,0,0,0.8), rgba(0,0,255,0.2))", "linear-gradient(in oklab to right, #E33, #33E)"]:
    case("backgroundImage-linear", value, box({"backgroundImage": value}))

# MARK: radial gradients
for value in ["radial-gradient(#E33, #33E)", "radial-gradient(circle, #E33, #33E)", "radial-gradient(circle 30px, #E33 50%, #33E 50%)",
              "radial-gradient(ellipse closest-side, #FE3, #3A3)", "radial-gradient(circle farthest-corner at 20% 30%, #FFF, #333)",
              "radial-gradient(circle at right bottom, #33E 20px, transparent 21px)",
              "radial-gradient(40px 20px at center, #E33 99%, #FFF 100%)", "radial-gradient(closest-corner at 30px 20px, #E33, #33E)"]:
    case("backgroundImage-radial", value, box({"backgroundImage": value}))

# MARK: conic gradients
for value in ["conic-gradient(#E33, #33E)", "conic-gradient(from 90deg, #E33, #FE3, #33E)",
              "conic-gradient(#E33 0 25%, #FE3 0 50%, #3A3 0 75%, #33E 0)", "conic-gradient(at 30% 40%, #E33, #33E, #E33)",
              "conic-gradient(from 45deg at 70% 50%, #000 90deg, #FFF 90deg 180deg, #000 180deg)",
              "conic-gradient(red, yellow, lime, aqua, blue, magenta, red)"]:
    case("backgroundImage-conic", value, box({"backgroundImage": value}))

# MARK: repeating gradients
for value in ["repeating-linear-gradient(45deg, #E33 0 10px, #FFF 10px 20px)",
              "repeating-linear-gradient(to right, #33E, #33E 5px, transparent 5px, transparent 15px)",
              "repeating-radial-gradient(circle, #E33 0 6px, #FE3 6px 12px)",
              "repeating-conic-gradient(#000 0 25%, #FFF 0 50%)", "repeating-linear-gradient(#3A3 0 4px, #FFF 4px 8px)",
              "repeating-conic-gradient(from 10deg, #E33 0 10deg, #33E 10deg 20deg)"]:
    case("backgroundImage-repeating", value, box({"backgroundImage": value}))

# MARK: background shorthand, size, position, repeat, clip, origin
stripes = "linear-gradient(90deg, #E33 50%, #33E 50%)"
for style, note in [
    ({"background": "#3A3"}, "shorthand colour"),
    ({"background": f"{stripes}"}, "shorthand image"),
    ({"background": f"{stripes} no-repeat 10px 10px / 40px 20px, #EEE"}, "shorthand: image, position, size, colour"),
    ({"backgroundImage": stripes, "backgroundSize": "20px 20px"}, "size, repeated"),
    ({"backgroundImage": stripes, "backgroundSize": "30px 20px", "backgroundRepeat": "no-repeat"}, "no-repeat"),
    ({"backgroundImage": stripes, "backgroundSize": "30px 20px", "backgroundRepeat": "repeat-x"}, "repeat-x"),
    ({"backgroundImage": stripes, "backgroundSize": "30px 20px", "backgroundRepeat": "space"}, "space"),
    ({"backgroundImage": stripes, "backgroundSize": "30px 20px", "backgroundRepeat": "round"}, "round"),
    ({"backgroundImage": stripes, "backgroundSize": "30px 20px", "backgroundRepeat": "no-repeat", "backgroundPosition": "center"}, "position center"),
    ({"backgroundImage": stripes, "backgroundSize": "30px 20px", "backgroundRepeat": "no-repeat", "backgroundPosition": "right 5px bottom 5px"}, "position from right bottom"),
    ({"backgroundColor": "#3A3", "borderWidth": 8, "borderColor": "#33E8", "padding": 8, "backgroundClip": "padding-box"}, "clip padding-box"),
    ({"backgroundColor": "#3A3", "borderWidth": 8, "borderColor": "#33E8", "padding": 8, "backgroundClip": "content-box"}, "clip content-box"),
    ({"backgroundColor": "#3A3", "borderWidth": 8, "borderColor": "#33E8"}, "default clip border-box under a translucent border"),
    ({"backgroundImage": stripes, "backgroundSize": "20px 20px", "borderWidth": 8, "borderColor": "#0008", "backgroundOrigin": "border-box"}, "origin border-box"),
    ({"backgroundImage": stripes, "backgroundSize": "contain", "backgroundRepeat": "no-repeat"}, "size contain"),
    ({"backgroundImage": stripes, "backgroundSize": "cover"}, "size cover"),
]:
    case("background", note, box(style))

# MARK: borders: widths and colours per side
for style, note in [
    ({"borderWidth": 4, "borderColor": "#E33"}, "uniform"),
    ({"borderWidth": "2 6 10 14", "borderColor": "#E33"}, "per-side widths"),
    ({"borderTopWidth": 10, "borderColor": "#33E"}, "top only"),
    ({"borderWidth": 8, "borderColor": "#E33 #3A3 #33E #FE3"}, "per-side colours"),
    ({"borderWidth": 8, "borderTopColor": "#E33", "borderRightColor": "#3A3", "borderBottomColor": "#33E", "borderLeftColor": "#FE3"}, "colour longhands"),
    ({"borderWidth": "4 12", "borderColor": "#E33 #33E"}, "two widths, two colours"),
    ({"border": "5px solid #3A3"}, "border shorthand"),
    ({"borderWidth": 6, "borderColor": "#E338"}, "translucent border"),
    ({"borderWidth": 10, "borderColor": "#E33 #33E", "borderRadius": 20}, "two colours round the corners"),
    ({"borderWidth": "10 2", "borderColor": "#222", "borderRadius": 16}, "unequal widths with a radius"),
    ({"borderLeft": "12px solid #E33", "borderBottom": "3px solid #33E"}, "side shorthands"),
]:
    case("border", note, box(style))

# MARK: border styles
for style, note in [
    ({"borderWidth": 4, "borderColor": "#E33", "borderStyle": "dashed"}, "dashed"),
    ({"borderWidth": 4, "borderColor": "#E33", "borderStyle": "dotted"}, "dotted"),
    ({"borderWidth": 9, "borderColor": "#E33", "borderStyle": "double"}, "double"),
    ({"borderWidth": 8, "borderColor": "#3A3", "borderStyle": "groove"}, "groove"),
    ({"borderWidth": 8, "borderColor": "#3A3", "borderStyle": "ridge"}, "ridge"),
    ({"borderWidth": 8, "borderColor": "#3A3", "borderStyle": "inset"}, "inset"),
    ({"borderWidth": 8, "borderColor": "#3A3", "borderStyle": "outset"}, "outset"),
    ({"borderWidth": 4, "borderColor": "#33E", "borderStyle": "solid dashed dotted double"}, "one style per side"),
    ({"borderWidth": 3, "borderColor": "#33E", "borderStyle": "dashed", "borderRadius": 16}, "dashed with a radius"),
    ({"borderWidth": 6, "borderColor": "#33E", "borderStyle": "dotted", "borderRadius": 30}, "dotted round"),
    ({"borderWidth": 6, "borderColor": "#33E", "borderStyle": "none"}, "none: nothing drawn"),
    ({"borderWidth": 6, "borderColor": "#33E", "borderStyle": "hidden"}, "hidden: nothing drawn"),
]:
    case("borderStyle", note, box(style))

# MARK: border radius
for style, note in [
    ({"backgroundColor": "#33E", "borderRadius": 12}, "uniform"),
    ({"backgroundColor": "#33E", "borderRadius": "0 10 20 30"}, "four corners"),
    ({"backgroundColor": "#33E", "borderRadius": "50%"}, "50 %: an ellipse"),
    ({"backgroundColor": "#33E", "borderRadius": "40px / 20px"}, "elliptical corners"),
    ({"backgroundColor": "#33E", "borderRadius": "10px 30px / 20px 5px"}, "elliptical per corner"),
    ({"backgroundColor": "#33E", "borderTopLeftRadius": 24, "borderBottomRightRadius": "30px 10px"}, "longhands, one elliptical"),
    ({"backgroundColor": "#33E", "borderRadius": 100}, "larger than the box: clamped to a pill"),
    ({"backgroundColor": "#33E", "borderRadius": "60 60 0 0"}, "radii that overlap: scaled down together"),
    ({"backgroundColor": "#FE3", "borderRadius": 20, "borderWidth": 6, "borderColor": "#E33"}, "with a border"),
    ({"backgroundColor": "#FE3", "borderRadius": 20, "overflow": "hidden"}, "clips its child"),
    ({"backgroundColor": "#3A3", "borderRadius": 30}, "radius 30 on 60 high: a pill"),
    ({"backgroundColor": "#3A3", "borderRadius": "28 16", "height": 29}, "overflowing radii on a 29 px high box: all scaled by one factor"),
]:
    if note == "clips its child":
        case("borderRadius", note, box(style, children=[view({"width": 60, "height": 60, "backgroundColor": "#33E"})]))
    else:
        case("borderRadius", note, box(style))

# MARK: outline
for style, note in [
    ({"backgroundColor": "#DDD", "outline": "3px solid #E33"}, "solid"),
    ({"backgroundColor": "#DDD", "outlineWidth": 4, "outlineStyle": "solid", "outlineColor": "#33E", "outlineOffset": 4}, "offset"),
    ({"backgroundColor": "#DDD", "outline": "4px solid #33E", "outlineOffset": -10}, "negative offset"),
    ({"backgroundColor": "#DDD", "outline": "3px dashed #3A3"}, "dashed"),
    ({"backgroundColor": "#DDD", "outline": "3px solid #E33", "borderRadius": 16}, "follows the radius"),
    ({"backgroundColor": "#DDD", "outline": "6px double #E33", "outlineOffset": 2}, "double"),
]:
    case("outline", note, box(style))

# MARK: box shadows
engine_shadow = {"offset": {"width": 4, "height": 6}, "radius": 8, "color": "#00000080"}
case("boxShadow", "the engine's shadow object, with a background", box({"backgroundColor": "#FFF", "boxShadow": engine_shadow}))
case("boxShadow", "the engine's shadow object, hard", box({"backgroundColor": "#3A3", "boxShadow": {"offset": {"width": 6, "height": 6}, "radius": 0, "color": "#E33"}}))
case("boxShadow", "the engine's shadow object, rounded", box({"backgroundColor": "#FFF", "borderRadius": 16, "boxShadow": engine_shadow}))
for style, note in [
    ({"backgroundColor": "#FFF", "boxShadow": "4px 6px 8px rgba(0,0,0,0.5)"}, "offset and blur"),
    ({"backgroundColor": "#3A3", "boxShadow": "6px 6px 0 #E33"}, "hard"),
    ({"backgroundColor": "#3A3", "boxShadow": "0 0 0 6px #E33"}, "spread as a ring"),
    ({"backgroundColor": "#3A3", "boxShadow": "10px 10px 0 -4px #E33"}, "negative spread"),
    ({"backgroundColor": "#3A3", "boxShadow": "-6px -6px 0 #E33, 6px 6px 0 #33E"}, "two shadows"),
    ({"backgroundColor": "#FFF", "boxShadow": "inset 0 0 0 6px #33E"}, "inset ring"),
    ({"backgroundColor": "#FFF", "boxShadow": "inset 6px 6px 8px rgba(0,0,0,0.6)"}, "inset blurred"),
    ({"backgroundColor": "#FFF", "borderRadius": 20, "boxShadow": "0 0 0 5px #E33, 0 0 12px 10px rgba(0,0,255,0.4)"}, "rounded, ring and glow"),
    ({"boxShadow": "6px 6px 0 #E33"}, "no background: the shadow outside the box only"),
    ({"backgroundColor": "#FFF", "boxShadow": "0 2px 8px #0000001F"}, "the card default"),
]:
    case("boxShadow", note, box(style))
case("boxShadow", "the engine's shadow object under a translucent background: CSS does not draw it under the box",
     box({"backgroundColor": "#3366CC80", "boxShadow": {"offset": {"width": 6, "height": 6}, "radius": 4, "color": "#E33"}}))
case("boxShadow", "the engine's shadow object without a background: the border's shadow",
     box({"borderWidth": 4, "borderColor": "#33E", "boxShadow": {"offset": {"width": 4, "height": 4}, "radius": 6, "color": "#000000A0"}}))

# MARK: opacity
case("opacity", "0.5", box({"backgroundColor": "#33E", "opacity": 0.5}))
case("opacity", "percentage", box({"backgroundColor": "#33E", "opacity": "25%"}))
case("opacity", "a group: overlapping children at 0.5", box({"opacity": 0.5}, children=[
    view({"width": 60, "height": 60, "backgroundColor": "#E33"}), view({"width": 60, "height": 60, "marginLeft": -20, "backgroundColor": "#33E"})]))
case("opacity", "nested", box({"backgroundColor": "#E33", "opacity": 0.6, "padding": 10}, children=[view({"flexGrow": 1, "backgroundColor": "#33E", "opacity": 0.5})]))
case("opacity", "0: nothing drawn", box({"backgroundColor": "#33E", "opacity": 0}))
case("opacity", "with a border and radius", box({"backgroundColor": "#FE3", "opacity": 0.7, "borderWidth": 6, "borderColor": "#E33", "borderRadius": 14}))

# MARK: mix-blend-mode, over a striped backdrop (three flat views, so only the property under test is new)


def over_stripes(style, colours=("#EE3333", "#33AA33", "#3333EE")):
    """Three vertical stripes filling the canvas, and a 90×50 box with `style` over their middle."""
    stripes = [view({"flexGrow": 1, "backgroundColor": c}) for c in colours]
    top = view(dict({"position": "absolute", "left": 35, "top": 25, "width": 90, "height": 50}, **style))
    return doc(view({}, stripes + [top]))


for mode in ["multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn", "difference",
             "exclusion", "hue", "saturation", "color", "luminosity"]:
    case("mixBlendMode", mode, over_stripes({"backgroundColor": "#80C0FF", "mixBlendMode": mode}))

# MARK: filters
photo = [view({"width": 50, "height": 60, "backgroundColor": "#E33"}), view({"width": 50, "height": 60, "backgroundColor": "#FE3"})]
for value in ["blur(3px)", "brightness(1.5)", "contrast(0.5)", "grayscale(1)", "sepia(0.8)", "saturate(3)",
              "hue-rotate(90deg)", "invert(1)", "opacity(0.4)", "drop-shadow(4px 4px 0 #33E)", "drop-shadow(2px 4px 6px rgba(0,0,0,0.6))",
              "grayscale(0.5) blur(1px)", "brightness(0.7) contrast(1.4) saturate(1.2)"]:
    case("filter", value, box({"filter": value}, children=photo))

# MARK: backdrop filters, over the stripes
for value in ["blur(4px)", "grayscale(1)", "invert(1)", "brightness(0.5)", "blur(2px) saturate(2)"]:
    case("backdropFilter", value, over_stripes({"backgroundColor": "#FFFFFF40", "backdropFilter": value}))

# MARK: clip-path
for value in ["inset(10px)", "inset(5px 20px round 10px)", "circle(25px)", "circle(40% at 30% 50%)", "ellipse(40px 20px at 50% 50%)",
              "polygon(50% 0, 100% 100%, 0 100%)", "polygon(0 0, 100% 0, 100% 50%, 50% 100%, 0 50%)"]:
    case("clipPath", value, box({"backgroundColor": "#33E", "clipPath": value}))

# MARK: mask-image
for style, note in [
    ({"maskImage": "linear-gradient(to right, #000, transparent)"}, "linear fade"),
    ({"maskImage": "linear-gradient(#000 50%, transparent 50%)"}, "hard half"),
    ({"maskImage": "radial-gradient(circle, #000 20px, transparent 21px)"}, "radial hole"),
    ({"maskImage": "linear-gradient(90deg, #000 50%, transparent 50%)", "maskSize": "20px 20px"}, "sized and repeated"),
    ({"WebkitMaskImage": "linear-gradient(to bottom, #000, transparent)"}, "the prefixed name"),
]:
    case("maskImage", note, box(dict({"backgroundColor": "#E33"}, **style)))

# MARK: transforms
for style, note in [
    ({"transform": "translate(10px, 5px)"}, "translate"),
    ({"transform": "translate(20%, -10%)"}, "translate by percentages"),
    ({"transform": "rotate(45deg)"}, "rotate"),
    ({"transform": "rotate(90deg)"}, "rotate a quarter"),
    ({"transform": "scale(0.5)"}, "scale"),
    ({"transform": "scale(1.2, 0.6)"}, "scale per axis"),
    ({"transform": "skewX(20deg)"}, "skew"),
    ({"transform": "matrix(1, 0.2, -0.2, 1, 5, 5)"}, "matrix"),
    ({"transform": "rotate(30deg)", "transformOrigin": "0 0"}, "rotate about the top left"),
    ({"transform": "scale(0.5)", "transformOrigin": "right bottom"}, "scale towards the bottom right"),
    ({"transform": "translateX(10px) rotate(-20deg) scale(0.8)"}, "a list"),
    ({"rotate": "15deg"}, "the rotate property"),
]:
    case("transform", note, box(dict({"backgroundColor": "#33E", "borderTopWidth": 8, "borderColor": "#E33"}, **style), width=80, height=50))

# MARK: images: content modes (the engine's) and object-fit/object-position (CSS)
for mode in ["scaleToFill", "aspectFit", "aspectFill", "center", "topLeft", "bottomRight"]:
    case("objectFit", f"contentMode {mode}", doc(centred(image({"width": 100, "height": 40}, mode))))
for style, note in [
    ({"objectFit": "contain"}, "object-fit contain"),
    ({"objectFit": "cover", "objectPosition": "left top"}, "cover from the top left"),
    ({"objectFit": "none", "objectPosition": "10px 5px"}, "none at an offset"),
    ({"objectFit": "scale-down"}, "scale-down"),
    ({"objectFit": "cover", "borderRadius": 20}, "cover, rounded"),
]:
    case("objectFit", note, doc(centred(image(dict({"width": 100, "height": 40}, **style)))))
case("objectFit", "an image at its own size", doc(centred(image({"width": 40, "height": 24}, "scaleToFill"))))

# MARK: text colour and text shadows
case("text", "black DejaVu Sans 16", doc(centred(text("Paint bench"))))
case("text", "coloured", doc(centred(text("Paint bench", {"color": "#E33"}))))
case("text", "translucent colour", doc(centred(text("Paint bench", {"color": "#33E8", "size": 20}))))
case("text", "bold 20", doc(centred(text("Bold Hg", {"weight": 700, "size": 20}))))
case("text", "on a background", doc(centred(view({"backgroundColor": "#222", "padding": 6}, [text("Dark", {"color": "#FFF"})]))))
case("text", "colour from the style's color", doc(centred(text("Styled", {}, {"color": "#3A3"}))))
for value in ["2px 2px 0 #E33", "0 0 4px #33E", "1px 1px 0 #E33, -1px -1px 0 #33E", "3px 3px 2px rgba(0,0,0,0.5)"]:
    case("textShadow", value, doc(centred(text("Shadow", {"size": 22}, {"textShadow": value}))))

# MARK: the engine's gradient element
for gradient, note in [
    ({"kind": "linear", "stops": [{"location": 0, "color": "#EE3333"}, {"location": 1, "color": "#3333EE"}]}, "linear, top to bottom"),
    ({"kind": "linear", "stops": [{"location": 0, "color": "#EE3333"}, {"location": 1, "color": "#3333EE"}],
      "start": {"x": 0, "y": 0.5}, "end": {"x": 1, "y": 0.5}}, "linear, left to right"),
    ({"kind": "linear", "stops": [{"location": 0, "color": "#EE3333"}, {"location": 0.5, "color": "#FFEE33"}, {"location": 1, "color": "#3333EE"}],
      "start": {"x": 0, "y": 0}, "end": {"x": 1, "y": 1}}, "linear, diagonal, three stops"),
    ({"kind": "radial", "stops": [{"location": 0, "color": "#FFFFFF"}, {"location": 1, "color": "#3333EE"}]}, "radial"),
    ({"kind": "linear", "stops": [{"location": 0, "color": "#EE3333FF"}, {"location": 1, "color": "#3333EE00"}],
      "start": {"x": 0, "y": 0.5}, "end": {"x": 1, "y": 0.5}}, "linear to transparent"),
]:
    case("gradientElement", note, doc(centred({"type": "gradient", "gradient": gradient, "style": {"width": 100, "height": 60}})))
case("gradientElement", "rounded", doc(centred({"type": "gradient", "style": {"width": 100, "height": 60, "borderRadius": 16},
                                               "gradient": {"stops": [{"location": 0, "color": "#EE3333"}, {"location": 1, "color": "#3333EE"}]}})))

# MARK: visibility, z-index, overflow
case("visibility", "hidden", box({"backgroundColor": "#33E", "visibility": "hidden"}))
case("visibility", "hidden parent, visible child", box({"backgroundColor": "#33E", "visibility": "hidden"}, children=[view({"width": 40, "height": 40, "backgroundColor": "#E33", "visibility": "visible"})]))
case("zIndex", "a later sibling under an earlier one", box({}, children=[
    view({"width": 60, "height": 60, "backgroundColor": "#E33", "zIndex": 2}), view({"width": 60, "height": 60, "marginLeft": -20, "backgroundColor": "#33E"})]))
case("overflow", "hidden clips children", box({"backgroundColor": "#DDD", "overflow": "hidden"}, children=[view({"width": 140, "height": 30, "backgroundColor": "#33E"})]))
case("overflow", "visible lets children out", box({"backgroundColor": "#DDD"}, children=[view({"width": 140, "height": 30, "backgroundColor": "#33E"})]))
case("overflow", "hidden with a border clips at the padding box", box({"backgroundColor": "#DDD", "overflow": "hidden", "borderWidth": 8, "borderColor": "#E338", "borderRadius": 20},
                                                                     children=[view({"width": 140, "height": 60, "backgroundColor": "#33E"})]))


# MARK: CSS text properties (the text step): a text in the CSS form, {"type": "text", "text": {"text": …}},
# no text.style: its properties are CSS properties in `style`, on the text or on any view above it,
# and the inherited ones inherit. Each text has an explicit width (so wrapping and alignment do
# not depend on how either side measures a shrink-to-fit box) and an auto height, and sits at the
# top left of a light page (a column, padding 10); defaults are CSS's initial values in sans-serif.
TW, TH = 240, 120
PAPER = "#F7F5F0"
SHORT = "Paint the words"
SENTENCE = "The quick brown fox jumps over the lazy dog."
PARAGRAPH = "Typography is the craft of arranging type to make written language legible, readable and appealing."
ACCENTS = "Crème brûlée à la française, señor Müller"


def ctext(string, style=None, width=220):
    """A text in the CSS form: no text.style; width (CSS px) unless None."""
    element = {"type": "text", "text": {"text": string}}
    style = dict({"width": width} if width is not None else {}, **(style or {}))
    if style:
        element["style"] = style
    return element


def sheet(children, root_style=None, width=TW, height=TH):
    """A light page: the root view, a column with padding 10 and a gap of 6, its children at the top left."""
    root = dict({"flexDirection": "column", "alignItems": "flex-start", "padding": 10, "gap": 6, "backgroundColor": PAPER},
                **(root_style or {}))
    return doc(view(root, children), width, height)


def tcase(group, note, style, string=SENTENCE, width=220, root_style=None, size=(TW, TH)):
    """One text with `style` on a light page."""
    case(group, note, sheet([ctext(string, style, width)], root_style, *size))


# color
for value, note in [("#B03A2E", "hex"), ("rgb(30 60 150)", "rgb, space syntax"), ("hsl(140 60% 28%)", "hsl"),
                    ("rgba(0, 0, 0, 0.5)", "translucent black"), ("darkslateblue", "named")]:
    tcase("color", note, {"color": value})
case("color", "inherited from a view", sheet([view({"color": "#1B7F4A"}, [ctext(SENTENCE)])]))

# fontFamily (installed: the DejaVu faces; the generics are fontconfig's, DejaVu here)
for value, note in [("DejaVu Serif", "DejaVu Serif"), ("DejaVu Sans Mono", "DejaVu Sans Mono"), ("serif", "the serif generic"),
                    ("monospace", "the monospace generic"), ('"DejaVu Serif", sans-serif', "a quoted list: the first installed"),
                    ("NoSuchFamily, DejaVu Sans Mono", "a missing family: the next one"), ("sans-serif", "sans-serif, the default, written")]:
    tcase("fontFamily", note, {"fontFamily": value})
tcase("fontFamily", "per-character fallback: CJK in DejaVu Sans comes from another face", {"fontFamily": "DejaVu Sans"}, "Tokyo 東京 and Seoul 서울")

# fontSize
for value, note in [(12, "a number: px"), ("24px", "px"), ("1.5em", "em of the parent's 16px: 24px"), ("1.25rem", "rem: 20px"),
                    ("150%", "percentage: 24px"), ("large", "keyword large: 18px"), ("x-small", "keyword x-small: 10px")]:
    tcase("fontSize", note, {"fontSize": value})
case("fontSize", "2em of a view's 11px: 22px", sheet([view({"fontSize": 11}, [ctext(SHORT, {"fontSize": "2em"})])]))

# fontWeight (DejaVu Sans has ExtraLight 200, Book 400 and Bold 700: CSS's matching picks among them)
for value, note in [(700, "700"), ("bold", "bold"), (300, "300: the ExtraLight face"), (100, "100: the ExtraLight face"),
                    (600, "600: the Bold face"), (500, "500: the Book face"), (900, "900: the Bold face")]:
    tcase("fontWeight", note, {"fontWeight": value, "fontSize": 20}, SHORT)
case("fontWeight", "bolder than an inherited 400: 700", sheet([view({"fontSize": 20}, [ctext(SHORT, {"fontWeight": "bolder"})])]))
case("fontWeight", "lighter than an inherited bold: 400", sheet([view({"fontSize": 20, "fontWeight": "bold"}, [ctext(SHORT, {"fontWeight": "lighter"})])]))

# fontStyle
tcase("fontStyle", "italic: DejaVu Sans Oblique", {"fontStyle": "italic", "fontSize": 20}, SHORT)
tcase("fontStyle", "oblique", {"fontStyle": "oblique", "fontSize": 20}, SHORT)
tcase("fontStyle", "italic DejaVu Serif: a true italic", {"fontStyle": "italic", "fontSize": 20, "fontFamily": "DejaVu Serif"}, SHORT)
tcase("fontStyle", "bold italic", {"fontStyle": "italic", "fontWeight": 700, "fontSize": 20}, SHORT)
case("fontStyle", "normal inside an italic view", sheet([view({"fontStyle": "italic", "fontSize": 20, "flexDirection": "column"},
                                                              [ctext(SHORT), ctext(SHORT, {"fontStyle": "normal"})])]))

# fontFeatureSettings (DejaVu Sans: liga, dlig, aalt and salt change these strings; its case forms do not)
for value, string, note in [('"liga" 0', "office fluffy file flow", "ligatures off: fi, ffl drawn apart"),
                            ('"kern" 0', "AVATAR Type Wave To", "kerning off: wider"),
                            ('"dlig" 1', "fox: ct st sp Th", "discretionary ligatures on: st joined"),
                            ('"aalt" 1', "aefgjly 0123", "all alternates: another a and y"),
                            ('"salt" 1', "aefgjly 0123 .", "stylistic alternates"),
                            ('"liga" 0, "kern" 0', "office AVATAR Wave", "two features off")]:
    tcase("fontFeatureSettings", note, {"fontFeatureSettings": value, "fontSize": 18}, string)

# lineHeight: the text's background shows its box, as high as its lines
lined = {"backgroundColor": "#DCE6F2"}
for value, note in [("normal", "normal: the font's ascent + descent"), (1.5, "a number: 1.5 × 16px"), ("24px", "24px"),
                    ("150%", "150 %: 24px"), ("2em", "2em: 32px"), (1, "1: lines as high as the font size")]:
    tcase("lineHeight", note, dict(lined, lineHeight=value), SENTENCE, 150)
case("lineHeight", "an inherited number scales with the text's own size: 1.5 × 20px",
     sheet([view({"fontSize": 10, "lineHeight": 1.5}, [ctext(SENTENCE, dict(lined, fontSize=20), 200)])]))
case("lineHeight", "an inherited percentage is the view's length: 150 % of 10px = 15px",
     sheet([view({"fontSize": 10, "lineHeight": "150%"}, [ctext(SENTENCE, dict(lined, fontSize=20), 200)])]))

# letterSpacing
for value, string, note in [(2, SENTENCE, "a number: 2px"), ("0.1em", SHORT, "0.1em: 1.6px"), ("-1px", SENTENCE, "negative"),
                            ("3px", PARAGRAPH, "3px, wrapping"), ("4px", "office fluffy", "spacing turns the optional ligatures off")]:
    tcase("letterSpacing", note, {"letterSpacing": value}, string)
case("letterSpacing", "em computed on the view: 0.5em of 10px stays 5px at 20px",
     sheet([view({"fontSize": 10, "letterSpacing": "0.5em"}, [ctext(SHORT, {"fontSize": 20})])]))

# wordSpacing
for value, string, note in [(8, SENTENCE, "a number: 8px"), ("0.5em", SENTENCE, "0.5em"), ("-2px", SENTENCE, "negative"),
                            ("10px", PARAGRAPH, "10px, wrapping")]:
    tcase("wordSpacing", note, {"wordSpacing": value}, string)
case("wordSpacing", "inherited from a view", sheet([view({"wordSpacing": "6px"}, [ctext(SENTENCE)])]))

# textAlign (the text box is 220 wide; a background shows it)
boxed = {"backgroundColor": "#E8E4DA"}
for value in ["left", "right", "center"]:
    tcase("textAlign", value, dict(boxed, textAlign=value), SHORT)
tcase("textAlign", "justify: every line but the last", dict(boxed, textAlign="justify"), PARAGRAPH, 200)
tcase("textAlign", "center, several lines", dict(boxed, textAlign="center"), PARAGRAPH, 200)
case("textAlign", "start in an rtl view: Hebrew at the right",
     sheet([view({"direction": "rtl"}, [ctext("שלום עולם, מה שלומך היום?", dict(boxed, textAlign="start"))])]))
case("textAlign", "end in an rtl view: the left",
     sheet([view({"direction": "rtl"}, [ctext("שלום עולם, מה שלומך היום?", dict(boxed, textAlign="end"))])]))
tcase("textAlign", "end in ltr: Arabic at the right (the direction is the element's, not the text's)",
      dict(boxed, textAlign="end"), "مرحبا بالعالم")

# textIndent
for value, string, note in [(20, SENTENCE, "a number: 20px"), ("2em", PARAGRAPH, "2em, first line only"),
                            ("-10px", PARAGRAPH, "negative: the first line hangs out to the left"),
                            ("10%", SENTENCE, "10 % of the text's width (200): 20px")]:
    tcase("textIndent", note, dict(boxed, textIndent=value), string, 200)
tcase("textIndent", "with center: the first line centred in what the indent leaves", dict(boxed, textIndent=40, textAlign="center"), PARAGRAPH, 200)
case("textIndent", "inherited from a view", sheet([view({"textIndent": 30}, [ctext(PARAGRAPH, boxed, 200)])]))

# textTransform
for value, string in [("uppercase", SENTENCE), ("lowercase", "HELLO World, GOOD Morning"), ("capitalize", "the quick brown fox jumps"),
                      ("uppercase", "Crème brûlée in der Straße")]:
    tcase("textTransform", f"{value}: {string}", {"textTransform": value}, string)
case("textTransform", "none inside an uppercase view", sheet([view({"textTransform": "uppercase", "flexDirection": "column"},
                                                                   [ctext(SHORT), ctext(SHORT, {"textTransform": "none"})])]))

# textDecoration (the shorthand)
for value, note in [("underline", "underline"), ("overline", "overline"), ("line-through", "line-through"),
                    ("underline overline", "two lines"), ("underline wavy #D33", "wavy red underline"),
                    ("underline dotted", "dotted"), ("line-through 3px #33E", "a thick blue line-through")]:
    tcase("textDecoration", note, {"textDecoration": value, "fontSize": 20}, SHORT)
case("textDecoration", "on a view: propagated to the text (not inherited), in the view's colour",
     sheet([view({"textDecoration": "underline", "color": "#D33", "fontSize": 20}, [ctext(SHORT, {"color": "#222"})])]))

# textDecorationLine, textDecorationColor, textDecorationStyle, textDecorationThickness
for value in ["underline", "overline", "line-through", "underline line-through"]:
    tcase("textDecorationLine", value, {"textDecorationLine": value, "fontSize": 20}, SHORT)
tcase("textDecorationLine", "underline, wrapping: every line", {"textDecorationLine": "underline"}, PARAGRAPH, 200)
for value, line, note in [("#D33", "underline", "red underline"), ("rgba(0, 0, 255, 0.5)", "line-through", "translucent blue line-through"),
                          ("currentColor", "overline", "currentColor: the text's green")]:
    tcase("textDecorationColor", note, {"textDecorationLine": line, "textDecorationColor": value, "color": "#1B7F4A", "fontSize": 20}, SHORT)
case("textDecorationColor", "not inherited: the view's red is not the text's underline colour",
     sheet([view({"textDecorationColor": "#D33", "fontSize": 20}, [ctext(SHORT, {"textDecorationLine": "underline"})])]))
for value in ["solid", "double", "dotted", "dashed", "wavy"]:
    tcase("textDecorationStyle", value, {"textDecorationLine": "underline", "textDecorationStyle": value, "fontSize": 20}, SHORT)
tcase("textDecorationStyle", "wavy line-through", {"textDecorationLine": "line-through", "textDecorationStyle": "wavy", "textDecorationColor": "#33E", "fontSize": 20}, SHORT)
for value, note in [(1, "a number: 1px"), ("3px", "3px"), ("0.2em", "0.2em: 4px"), ("from-font", "from-font"), ("10%", "10 % of 1em: 2px")]:
    tcase("textDecorationThickness", note, {"textDecorationLine": "underline", "textDecorationThickness": value, "fontSize": 20}, SHORT)

# whiteSpace
SPACED = "Keep   these  spaces\nand   this\n  line break, please."
for value, note in [("normal", "normal: spaces and breaks collapse"), ("pre", "pre: kept, no wrapping"),
                    ("pre-wrap", "pre-wrap: kept, wrapping"), ("pre-line", "pre-line: breaks kept, spaces collapse")]:
    tcase("whiteSpace", note, {"whiteSpace": value}, SPACED, 150)
tcase("whiteSpace", "nowrap: one line past the box", {"whiteSpace": "nowrap"}, PARAGRAPH, 150)
tcase("whiteSpace", "pre with a tab: 8 spaces", {"whiteSpace": "pre"}, "Name:\tAda\nRole:\tengineer", 200)

# wordBreak
LONG_URL = "See https://example.com/documents/typography/line-breaking for more."
for value, string, note in [("normal", LONG_URL, "normal: the URL overflows"), ("break-all", LONG_URL, "break-all: breaks anywhere"),
                            ("break-all", SENTENCE, "break-all on words: lines filled to the edge"),
                            ("keep-all", "한국어 문장은 단어 사이에서만 줄을 바꿉니다", "keep-all: Korean breaks at spaces only"),
                            ("normal", "한국어 문장은 단어 사이에서만 줄을 바꿉니다", "normal: Korean breaks between syllables")]:
    tcase("wordBreak", note, {"wordBreak": value}, string, 130)

# overflowWrap
LONG_WORD = "The word pneumonoultramicroscopicsilicovolcanoconiosis is long."
for value, note in [("normal", "normal: the long word overflows"), ("break-word", "break-word: the long word breaks"),
                    ("anywhere", "anywhere: the long word breaks")]:
    tcase("overflowWrap", note, {"overflowWrap": value}, LONG_WORD, 130)
case("overflowWrap", "inherited from a view", sheet([view({"overflowWrap": "anywhere"}, [ctext(LONG_WORD, None, 130)])]))

# textOverflow (with overflow: hidden and whiteSpace: nowrap, as CSS needs)
clipped = {"overflow": "hidden", "whiteSpace": "nowrap"}
tcase("textOverflow", "ellipsis", dict(clipped, textOverflow="ellipsis"), SENTENCE, 150)
tcase("textOverflow", "clip", dict(clipped, textOverflow="clip"), SENTENCE, 150)
tcase("textOverflow", "ellipsis, but the text fits: none", dict(clipped, textOverflow="ellipsis"), SHORT, 150)
tcase("textOverflow", "ellipsis in bold serif", dict(clipped, textOverflow="ellipsis", fontFamily="DejaVu Serif", fontWeight=700), SENTENCE, 150)
case("textOverflow", "nowrap inherited from a view", sheet([view({"whiteSpace": "nowrap"}, [ctext(SENTENCE, {"overflow": "hidden", "textOverflow": "ellipsis"}, 150)])]))

# lineClamp and WebkitLineClamp (the same thing: N lines, an ellipsis ending the last)
for key in ["lineClamp", "WebkitLineClamp"]:
    tcase(key, "2 lines", {key: 2}, PARAGRAPH, 200)
    tcase(key, "1 line", {key: 1}, PARAGRAPH, 200)
    tcase(key, "3 lines, centred", {key: 3, "textAlign": "center"}, PARAGRAPH, 200)
    tcase(key, "more lines than the text has: no ellipsis", {key: 4}, SENTENCE, 200)
    tcase(key, "2 lines of 1.5", {key: 2, "lineHeight": 1.5, "backgroundColor": "#DCE6F2"}, PARAGRAPH, 200)

# textWrap (the headline wraps to 197, 195 and 20 px wide lines at 200)
HEADLINE = "Balanced headlines read better than ragged ones do"
for value, note in [("wrap", "wrap: a lone word on the last line"), ("nowrap", "nowrap: one line"),
                    ("balance", "balance: three lines of about the same length"), ("pretty", "pretty: no lone word on the last line")]:
    tcase("textWrap", note, {"textWrap": value, "backgroundColor": "#E8E4DA"}, HEADLINE, 200)
tcase("textWrap", "balance, a paragraph", {"textWrap": "balance", "backgroundColor": "#E8E4DA"}, PARAGRAPH, 200)
tcase("textWrap", "pretty, a paragraph", {"textWrap": "pretty", "backgroundColor": "#E8E4DA"},
      "Good typesetting keeps the last line of a paragraph from being short", 200)

# tabSize (tabs kept by whiteSpace: pre)
TABS = "a\tbb\tccc\td\n1\t22\t333\t4"
for value, note in [(4, "4 spaces"), (2, "2 spaces"), ("40px", "40px"), (8, "8, the initial value")]:
    tcase("tabSize", note, {"whiteSpace": "pre", "tabSize": value, "fontFamily": "DejaVu Sans Mono"}, TABS)
case("tabSize", "inherited from a view", sheet([view({"tabSize": 3}, [ctext(TABS, {"whiteSpace": "pre-wrap"})])]))

# textShadow in the CSS form (textShadow-1…4 above are the legacy form)
for value in ["1px 1px 0 #D33", "0 0 3px #33E", "2px 2px 0 rgba(0,0,0,0.3), -2px -2px 0 #3A3"]:
    tcase("textShadow", value, {"textShadow": value, "fontSize": 22}, SHORT)
case("textShadow", "inherited from a view", sheet([view({"textShadow": "2px 2px 0 #D33", "fontSize": 22}, [ctext(SHORT)])]))
case("textShadow", "none inside a shadowed view", sheet([view({"textShadow": "2px 2px 0 #D33", "fontSize": 22, "flexDirection": "column"},
                                                              [ctext(SHORT), ctext(SHORT, {"textShadow": "none"})])]))

# WebkitTextStroke and its longhands
for value, style, note in [("1px #222", {"color": "#FFFFFF"}, "white text outlined in black"),
                           ("2px #33E", {"fontWeight": 700}, "2px blue on bold black"),
                           ("0.5px #D33", {}, "a hairline"), ("1 #222", {"color": "transparent"}, "a number: outline only")]:
    tcase("WebkitTextStroke", note, dict(style, WebkitTextStroke=value, fontSize=28), SHORT)
case("WebkitTextStroke", "inherited from a view", sheet([view({"WebkitTextStroke": "1px #D33", "fontSize": 28}, [ctext(SHORT)])]))
for value in [1, "2px", "thin"]:
    tcase("WebkitTextStrokeWidth", f"{value} in #D33", {"WebkitTextStrokeWidth": value, "WebkitTextStrokeColor": "#D33", "fontSize": 28}, SHORT)
for value in ["#D33", "rgba(0, 0, 255, 0.5)"]:
    tcase("WebkitTextStrokeColor", f"{value}, 1px", {"WebkitTextStrokeWidth": 1, "WebkitTextStrokeColor": value, "color": "#F0C040", "fontSize": 28}, SHORT)
case("WebkitTextStrokeColor", "inherited from a view, the width set on the text",
     sheet([view({"WebkitTextStrokeColor": "#D33", "fontSize": 28}, [ctext(SHORT, {"WebkitTextStrokeWidth": 1, "color": "#F0C040"})])]))

# textInheritance: through 1–3 views, overriding on the way
case("textInheritance", "one view: colour, size, weight",
     sheet([view({"color": "#1B4F9A", "fontSize": 20, "fontWeight": 700}, [ctext(SHORT)])]))
case("textInheritance", "two views: family, then size; the text sets the weight",
     sheet([view({"fontFamily": "DejaVu Serif"}, [view({"fontSize": 22}, [ctext(SHORT, {"fontWeight": "bold"})])])]))
case("textInheritance", "three views: colour overridden in the second, size in the third",
     sheet([view({"color": "#D33", "fontSize": 12}, [view({"color": "#1B7F4A"}, [view({"fontSize": 20}, [ctext(SHORT)])])])]))
case("textInheritance", "em of em: 10px, 2em = 20px, 1.5em = 30px",
     sheet([view({"fontSize": 10}, [view({"fontSize": "2em"}, [ctext(SHORT, {"fontSize": "1.5em"})])])]))
case("textInheritance", "percentages of percentages: 150 % of 50 % of 16px = 12px",
     sheet([view({"fontSize": "50%"}, [view({"fontSize": "150%"}, [ctext(SENTENCE)])])]))
case("textInheritance", "rem is the page's 16px, whatever the views say",
     sheet([view({"fontSize": 30}, [ctext(SHORT, {"fontSize": "1rem"})])]))
case("textInheritance", "siblings: one overrides, one inherits",
     sheet([view({"fontSize": 18, "color": "#1B4F9A", "fontStyle": "italic", "flexDirection": "column", "gap": 4},
                 [ctext(SHORT), ctext(SHORT, {"color": "#D33", "fontStyle": "normal"})])]))
case("textInheritance", "alignment and transform from the root, spacing from the middle view",
     sheet([view({"letterSpacing": 2}, [ctext(SHORT, {"backgroundColor": "#E8E4DA"})])], {"textAlign": "center", "textTransform": "uppercase"}))
case("textInheritance", "non-inherited properties stay on the view: its textOverflow does not reach the text",
     sheet([view({"textOverflow": "ellipsis", "whiteSpace": "nowrap"}, [ctext(SENTENCE, {"overflow": "hidden"}, 150)])]))


# MARK: layout lengths in every unit (em, rem, vw, vh, vmin, vmax, pt, calc(), min(), max(), clamp())
FILL, INNER = "#3366CC", "#F3A712"
for note, style in [
        ("width calc(100% - 40px)", {"width": "calc(100% - 40px)", "height": 40}),
        ("width 50vw, height 30vh", {"width": "50vw", "height": "30vh"}),
        ("width 6rem, height 2.5rem", {"width": "6rem", "height": "2.5rem"}),
        ("width min(80%, 100px)", {"width": "min(80%, 100px)", "height": 40}),
        ("width max(30%, 90px)", {"width": "max(30%, 90px)", "height": 40}),
        ("width clamp(40px, 50%, 70px)", {"width": "clamp(40px, 50%, 70px)", "height": 40}),
        ("a product and a sum: calc(2 * 30px + 10%)", {"width": "calc(30px * 2 + 10%)", "height": 40}),
        ("nested calc", {"width": "calc(100% - calc(1em + 10px))", "height": 40}),
        ("absolute units: 60pt × 0.5in", {"width": "60pt", "height": "0.5in"}),
        ("vmin and vmax", {"width": "40vmax", "height": "30vmin"}),
        ("a negative calc() width is 0", {"width": "calc(20px - 50px)", "height": 40, "padding": 8}),
]:
    case("layoutUnits", note, doc(view({"alignItems": "flex-start"}, [view(dict({"backgroundColor": FILL}, **style))])))
case("layoutUnits", "padding 1em at font size 20px",
     doc(view({}, [view({"fontSize": 20, "padding": "1em", "backgroundColor": FILL}, [view({"width": 30, "height": 20, "backgroundColor": INNER})])])))
case("layoutUnits", "em inherited from the root's font size: width 8em at 10px",
     doc(view({"fontSize": 10, "alignItems": "flex-start"}, [view({"width": "8em", "height": "3em", "backgroundColor": FILL})])))
case("layoutUnits", "em of the element's own font size (fontSize 2em, width 4em)",
     doc(view({"fontSize": 10, "alignItems": "flex-start"}, [view({"fontSize": "2em", "width": "4em", "height": "2em", "backgroundColor": FILL})])))
case("layoutUnits", "margin calc(10% + 5px) and 0.5rem",
     doc(view({"alignItems": "flex-start"}, [view({"marginLeft": "calc(10% + 5px)", "marginTop": "0.5rem", "width": 60, "height": 40, "backgroundColor": FILL})])))
case("layoutUnits", "gap 1em in a row at font size 10px",
     doc(view({"fontSize": 10, "gap": "1em", "alignItems": "flex-start"}, [view({"width": 30, "height": 30, "backgroundColor": c}) for c in (FILL, INNER, "#2E933C")])))
case("layoutUnits", "flexBasis calc(50% - 10px) beside a growing sibling",
     doc(view({"alignItems": "stretch"}, [view({"flexBasis": "calc(50% - 10px)", "flexShrink": 0, "backgroundColor": FILL}),
                                        view({"flexGrow": 1, "backgroundColor": INNER})])))
case("layoutUnits", "absolute child: top calc(50% - 10px), left 2em",
     doc(view({}, [view({"position": "absolute", "top": "calc(50% - 10px)", "left": "2em", "width": 40, "height": 20, "backgroundColor": FILL})])))
case("layoutUnits", "height calc(100% - 20px) in a row",
     doc(view({"alignItems": "flex-start"}, [view({"width": 50, "height": "calc(100% - 20px)", "backgroundColor": FILL})])))
case("layoutUnits", "maxWidth calc(100% - 3em) on a growing box",
     doc(view({}, [view({"flexGrow": 1, "maxWidth": "calc(100% - 3em)", "backgroundColor": FILL})])))
case("layoutUnits", "padding calc(5% + 2px) round a child",
     doc(view({"alignItems": "flex-start"}, [view({"padding": "calc(5% + 2px)", "backgroundColor": FILL}, [view({"width": 40, "height": 20, "backgroundColor": INNER})])])))
case("layoutUnits", "auto margins centre a calc() width",
     doc(view({"alignItems": "center"}, [view({"width": "calc(50% + 1em)", "height": 30, "margin": "0 auto", "backgroundColor": FILL})])))
case("layoutUnits", "a column's row gap calc(4px + 1vh)",
     doc(view({"flexDirection": "column", "rowGap": "calc(4px + 1vh)", "alignItems": "flex-start"}, [view({"width": 60, "height": 20, "backgroundColor": c}) for c in (FILL, INNER, "#2E933C")])))
case("layoutUnits", "a percentage gap in a column of auto height is 0; calc(10px + 20%) keeps its 10px",
     doc(view({"alignItems": "flex-start"}, [view({"flexDirection": "column", "gap": "calc(10px + 20%)", "backgroundColor": "#DDD"},
                                                 [view({"width": 60, "height": 20, "backgroundColor": c}) for c in (FILL, INNER)])])))

# MARK: custom properties (--name) and var()
def vbox(root_style, style, children=None):
    return doc(centred(view(dict({"width": 100, "height": 60}, **style), children), root_style))
case("customProperties", "a colour from the root", vbox({"--accent": "#E4572E"}, {"backgroundColor": "var(--accent)"}))
case("customProperties", "an undefined property's fallback", vbox({}, {"backgroundColor": "var(--missing, #3366CC)"}))
case("customProperties", "a property built from another: calc(var(--base) * 2)",
     doc(view({"--base": "24px", "--double": "calc(var(--base) * 2)", "alignItems": "flex-start"},
              [view({"width": "var(--double)", "height": "var(--base)", "backgroundColor": "#29335C"})])))
case("customProperties", "a middle view overrides the root's value for its subtree",
     doc(view({"--c": "#C03221", "gap": 8, "alignItems": "center", "justifyContent": "center"},
              [view({"width": 40, "height": 40, "backgroundColor": "var(--c)"}),
               view({"--c": "#2E933C", "padding": 6, "backgroundColor": "#DDD"}, [view({"width": 40, "height": 40, "backgroundColor": "var(--c)"})])])))
case("customProperties", "undefined without a fallback: the declaration is unset (no background)",
     vbox({}, {"backgroundColor": "var(--nope)", "borderWidth": 4, "borderColor": "#333"}))
case("customProperties", "a shorthand of two references", doc(view({"--v": "6px", "--h": "20px", "alignItems": "flex-start"},
     [view({"padding": "var(--v) var(--h)", "backgroundColor": "#669BBC"}, [view({"width": 40, "height": 20, "backgroundColor": "#F3A712"})])])))
case("customProperties", "a gradient from three references",
     vbox({"--angle": "120deg", "--from": "#f06", "--to": "#48f"}, {"backgroundImage": "linear-gradient(var(--angle), var(--from), var(--to))"}))
case("customProperties", "a shadow and a radius from references",
     vbox({"--r": "14px", "--shadow": "0 4px 10px rgba(0, 0, 0, 0.4)"}, {"backgroundColor": "#FFF", "borderRadius": "var(--r)", "boxShadow": "var(--shadow)"}))
case("customProperties", "a cycle makes both undefined: the fallback draws",
     vbox({"--a": "var(--b)", "--b": "var(--a)"}, {"backgroundColor": "var(--a, #2E933C)"}))
case("customProperties", "names are case-sensitive: --Accent is not --accent",
     vbox({"--Accent": "#C03221", "--accent": "#3366CC"}, {"backgroundColor": "var(--accent)"}))
case("customProperties", "a fallback holding a reference", vbox({"--second": "#8E5572"}, {"backgroundColor": "var(--first, var(--second))"}))
case("customProperties", "text colour and size from references, inherited",
     sheet([ctext(SHORT, {"fontSize": "var(--size)"})], {"--size": "20px", "--ink": "#1B4F9A", "color": "var(--ink)"}))

# MARK: url() pictures in backgroundImage, background and maskImage (data: URIs: the page needs no server)
def small_tile(x, y):
    return (30, 90, 200, 255) if (x // 5 + y // 5) % 2 == 0 else (250, 250, 250, 255)


TILE = "data:image/png;base64," + base64.b64encode(png(10, 10, small_tile)).decode()
PICTURE = "data:image/png;base64," + QUADRANTS


def disc(x, y):
    inside = (x - 15.5) ** 2 + (y - 15.5) ** 2 <= 15 ** 2
    return (0, 0, 0, 255) if inside else (0, 0, 0, 0)


DISC = "data:image/png;base64," + base64.b64encode(png(32, 32, disc)).decode()
for note, style in [
        ("a picture at its natural size, no-repeat", {"backgroundImage": f"url({PICTURE})", "backgroundRepeat": "no-repeat"}),
        ("a quoted url(), tiled (the initial repeat)", {"backgroundImage": f'url("{TILE}")'}),
        ("cover, centred", {"backgroundImage": f"url({PICTURE})", "backgroundSize": "cover", "backgroundPosition": "center"}),
        ("contain, centred, no-repeat", {"backgroundImage": f"url({PICTURE})", "backgroundSize": "contain", "backgroundPosition": "center", "backgroundRepeat": "no-repeat"}),
        ("50% wide, auto height from the ratio", {"backgroundImage": f"url({PICTURE})", "backgroundSize": "50% auto", "backgroundRepeat": "no-repeat"}),
        ("repeat-x at the bottom", {"backgroundImage": f"url({TILE})", "backgroundRepeat": "repeat-x", "backgroundPosition": "left bottom"}),
        ("space", {"backgroundImage": f"url({TILE})", "backgroundRepeat": "space"}),
        ("round", {"backgroundImage": f"url({TILE})", "backgroundSize": "13px 13px", "backgroundRepeat": "round"}),
        ("space with room between the tiles", {"backgroundImage": f"url({TILE})", "backgroundSize": "13px 13px", "backgroundRepeat": "space"}),
        ("a picture over a gradient", {"backgroundImage": f"url({PICTURE}), linear-gradient(90deg, #f06, #48f)", "backgroundRepeat": "no-repeat, repeat", "backgroundPosition": "right 8px top 6px, 0 0"}),
        ("the background shorthand", {"background": f"url({PICTURE}) center / 30px 18px no-repeat #DDE"}),
        ("origin content-box with padding and a border", {"backgroundImage": f"url({TILE})", "backgroundOrigin": "content-box", "backgroundClip": "content-box", "padding": 10, "borderWidth": 4, "borderColor": "#333"}),
        ("rounded corners clip the picture", {"backgroundImage": f"url({PICTURE})", "backgroundSize": "cover", "borderRadius": 20}),
]:
    case("backgroundImageURL", note, box(style))
case("backgroundImageURL", "a mask picture: a disc cut out of a gradient",
     box({"backgroundImage": "linear-gradient(135deg, #E4572E, #29335C)", "maskImage": f"url({DISC})", "maskSize": "60px 60px", "maskRepeat": "no-repeat", "maskPosition": "center"}))
case("backgroundImageURL", "a tiled mask",
     box({"backgroundColor": "#2E933C", "maskImage": f"url({DISC})", "maskSize": "20px 20px"}))

# MARK: text, the fourth step's cases (appended so earlier ids stay): Chromium's wave for each line
# at two sizes, letter and word spacing on one space, a word longer than a centred line, the
# indent of right-aligned and centred lines, a text's own glyphs under overflow: hidden.
for line in ["overline", "line-through", "underline"]:
    for size in [16, 20]:
        if (line, size) in [("underline", 20)]:
            continue  # textDecorationStyle-5
        tcase("textDecorationStyle", f"wavy {line} at {size}px", {"textDecorationLine": line, "textDecorationStyle": "wavy", "fontSize": size}, SHORT)
tcase("wordSpacing", "with letter spacing: a space gets both", {"wordSpacing": "6px", "letterSpacing": "3px"}, SENTENCE, 220)
tcase("textAlign", "centre: a word longer than the line starts at the start", {"textAlign": "center", "fontSize": 20},
      "A pneumonoultramicroscopicsilicovolcanoconiosis case", 160)
tcase("textIndent", "with right: the indent at the start, the line at the right", {"textIndent": 30, "textAlign": "right"}, PARAGRAPH, 200)
tcase("textIndent", "centred, letter-spaced: each line centred with its last letter's spacing", {"textIndent": 20, "textAlign": "center", "letterSpacing": "2px"}, PARAGRAPH, 200)
tcase("letterSpacing", "centred lines broken at spaces", {"textAlign": "center", "letterSpacing": "0.2em", "wordSpacing": "4px"}, PARAGRAPH, 200)
tcase("textOverflow", "clip: overflow hidden cuts the text's own glyphs at its box",
      {"overflow": "hidden", "whiteSpace": "nowrap", "textOverflow": "clip", "letterSpacing": "3px"}, PARAGRAPH, 150)


def all_cases():
    """Every hand-made case, in order."""
    return list(CASES)


if __name__ == "__main__":
    json.dump(CASES, sys.stdout, indent=1)
    print()
