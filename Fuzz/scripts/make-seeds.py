#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora into Fuzz/Corpus/<target>/ (small files, committed).

Run from the repository root: python3 Fuzz/scripts/make-seeds.py. The PNGs are written here with
zlib; the JPEGs and WebPs come from those PNGs through cjpeg/jpegtran (Debian's
libjpeg-turbo-progs) and cwebp (webp). Only regenerating the seeds needs those tools; fuzzing
reads the committed files. Files libFuzzer adds to a corpus while it runs are not committed.
"""
import json
import os
import struct
import subprocess
import tempfile
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CORPUS = os.path.join(ROOT, "Fuzz", "Corpus")


def write(target, name, data):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def minified(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return json.dumps(json.load(f), ensure_ascii=False, separators=(",", ":"))


# ---- element documents: both schema versions ----
write("element-document", "v2-rtl-card.json", minified("Examples/element-cards/rtl-card.json"))
write("element-document", "v1-reference-card.json", minified("Tests/ElementJSONFixtures/reference-card-v1.json"))
write("element-document", "v2-small.json", json.dumps({
    "version": 2, "size": {"width": 120, "height": 40},
    "root": {"type": "view", "style": {"flexDirection": "row", "padding": "4 8", "gap": 4, "backgroundColor": "#FF0000",
                                        "boxShadow": {"offset": {"x": 0, "y": 2}, "blur": 4, "color": "#00000080"}},
             "children": [
                 {"type": "text", "text": {"text": "Hi", "maxLines": 1, "style": {"size": 12, "weight": 700}}},
                 {"type": "image", "image": {"source": {"named": "avatar"}}, "style": {"width": 20, "height": 20}},
                 {"type": "gradient", "gradient": {"kind": "linear", "start": {"x": 0, "y": 0}, "end": {"x": 0, "y": 1},
                                                   "stops": [{"location": 0, "color": "#000000"}, {"location": 1, "color": "#FFFFFF"}]}},
             ]},
}, separators=(",", ":")))
# CSS paint: the example cards written with it, and one view with every paint property, so the
# fuzzer starts inside the CSS tokenizer and every value grammar.
for card in ("gradient-hero", "ticket", "ribbon", "glass-panel", "neon-title", "article-card", "post-card", "arabic-offer"):
    write("element-document", "v2-css-" + card + ".json", minified("Examples/element-cards/" + card + ".json"))
write("element-document", "v2-css-every-property.json", json.dumps({
    "version": 2, "size": {"width": 200, "height": 120},
    "root": {"type": "view", "style": {
        "background": "radial-gradient(circle closest-side at right 10px top, oklch(70% 0.2 30) 20%, 40%, transparent) no-repeat center / 50% auto padding-box, repeating-conic-gradient(from 0.25turn in oklab, red 0 10deg, #0f08 10deg 20deg), #eee",
        "backgroundClip": "content-box", "borderRadius": "10% 20px / calc(5px + 1em) 3px",
        "border": "thick groove hsl(120deg 50% 50% / .5)", "borderLeftStyle": "dotted", "borderTopColor": "color-mix(in lch, red 30%, blue)",
        "boxShadow": "inset 0 0 0 2px currentColor, 1px 2px 3px -4px lab(50 20 -30)",
        "transform": "translate(10%, -2px) rotate(-0.1rad) skew(5deg, 0) scale(1.5, .5) matrix(1, 0, 0, 1, 2, 3)", "transformOrigin": "left 10px bottom",
        "filter": "blur(2px) drop-shadow(0 1px 2px #0008) hue-rotate(45deg) saturate(200%)", "backdropFilter": "blur(4px) invert(1)",
        "mixBlendMode": "soft-light", "isolation": "isolate",
        "clipPath": "path(evenodd, 'M0 0 h 100 v 50 a 20 10 0 0 1 -100 0 z')",
        "maskImage": "linear-gradient(to bottom right, black, transparent)", "maskSize": "20px 20px", "maskRepeat": "repeat-x",
        "outline": "2px dashed rgb(0 0 0 / 50%)", "outlineOffset": "-1px",
        "opacity": "50%", "padding": 4},
             "children": [{"type": "image", "image": {"source": {"named": "avatar"}},
                           "style": {"width": 40, "height": 40, "objectFit": "scale-down", "objectPosition": "right 4px top", "clipPath": "polygon(50% 0, 100% 100%, 0 100%)"}}]},
}, separators=(",", ":")))
# CSS text: every text property on a view, inherited by a paragraph of runs with an inline image.
write("element-document", "v2-css-every-text-property.json", json.dumps({
    "version": 2, "size": {"width": 200, "height": 120},
    "root": {"type": "view", "style": {
        "color": "currentColor", "fontFamily": "'DejaVu Serif', Georgia, ui-monospace, serif", "fontSize": "clamp(10px, 2vw, 1.2rem)",
        "fontWeight": "bolder", "fontStyle": "oblique 12deg", "fontFeatureSettings": "\"tnum\", \"liga\" off, \"ss01\" 2",
        "lineHeight": "120%", "letterSpacing": "0.05em", "wordSpacing": "normal", "textAlign": "justify", "textIndent": "-1em",
        "textTransform": "capitalize", "textDecoration": "underline overline wavy rgb(200 0 0 / 50%) from-font",
        "whiteSpace": "pre-line", "wordBreak": "break-all", "overflowWrap": "anywhere", "wordWrap": "break-word",
        "textWrap": "balance", "tabSize": 4, "textShadow": "0 1px 2px black, -1px 0 currentColor",
        "WebkitTextStroke": "thin hwb(120 10% 10%)", "WebkitTextStrokeWidth": "0.5px", "WebkitTextStrokeColor": "teal"},
             "children": [{"type": "text", "style": {"lineClamp": 2, "WebkitLineClamp": "none", "textOverflow": "ellipsis", "backgroundClip": "text",
                                                     "background": "linear-gradient(red, blue)"},
                           "text": {"text": [{"text": "Runs\tand "},
                                             {"text": "bold", "style": {"fontWeight": 700, "backgroundColor": "#ff0", "textDecorationLine": "line-through"}, "link": "x"},
                                             {"image": {"named": "avatar"}, "style": {"width": "1.2em", "height": "1em", "verticalAlign": "super"}},
                                             {"text": " end"}]}}]},
}, separators=(",", ":")))
write("element-document", "v1-stack.json", json.dumps({
    "version": 1,
    "root": {"type": "stack", "stack": {"axis": "vertical", "spacing": 4, "alignment": "leading"},
             "style": {"background": "#FFFFFF", "cornerRadius": {"topLeft": 4, "topRight": 4}, "opacity": 0.5},
             "children": [
                 {"type": "text", "text": {"text": "one"}, "frame": {"x": 0, "y": 0, "width": 40, "height": 10}},
                 {"type": "stack", "stack": {"axis": "overlay"}, "style": {"cornerRadius": 3, "clipsToBounds": True},
                  "children": [{"type": "view", "style": {"hidden": True}}]},
             ]},
}, separators=(",", ":")))

# ---- feed pages ----
write("feed-page", "two-items.json", json.dumps({
    "version": 1, "next": "page-2",
    "items": [
        {"id": "a", "kind": "mock", "texts": ["hello", "世界"], "images": ["photo-01"]},
        {"id": "b", "kind": "liveCard", "liveCard": {"tag": "LIVE", "nickname": "n", "viewers": "1.2万 watching",
                                                     "title": "t", "category": "c", "cover": "cover", "avatar": "avatar"}},
    ],
}, ensure_ascii=False, separators=(",", ":")))
write("feed-page", "empty.json", '{"version":1,"items":[]}')
write("feed-page", "no-kind.json", '{"version":1,"items":[{"id":"x","texts":["t"]}]}')


# ---- PNG, written by hand so every colour type and bit depth has a seed ----
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(width, height, depth, colour, rows, extra=b"", interlace=0):
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    raw = b"".join(b"\x00" + row for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


pngs = {
    "rgba8.png": png(4, 3, 8, 6, [b"".join(bytes((x * 60, y * 80, 128, 200 + x)) for x in range(4)) for y in range(3)]),
    "rgb8.png": png(3, 3, 8, 2, [b"".join(bytes((x * 80, y * 80, 40)) for x in range(3)) for y in range(3)]),
    "grey16.png": png(2, 2, 16, 0, [struct.pack(">HH", 0, 65535), struct.pack(">HH", 4096, 32768)]),
    "grey-alpha8.png": png(2, 2, 8, 4, [bytes((10, 255, 200, 128)), bytes((90, 0, 30, 64))]),
    "palette-trns.png": png(4, 2, 2, 3, [bytes((0b00011011,)), bytes((0b11100100,))],
                            extra=chunk(b"PLTE", bytes((255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255))) + chunk(b"tRNS", bytes((0, 128)))),
    "rgba16-gamma.png": png(2, 1, 16, 6, [struct.pack(">8H", 65535, 0, 0, 32768, 0, 65535, 0, 65535)],
                            extra=chunk(b"gAMA", struct.pack(">I", 45455))),
    "grey1-adam7.png": png(1, 1, 1, 0, [b"\x80"], interlace=1),
}
for name, data in pngs.items():
    write("image-png", name, data)

with tempfile.TemporaryDirectory() as tmp:
    # A 16×12 RGB picture (PPM for cjpeg, PNG for cwebp).
    w, h = 16, 12
    pixels = b"".join(bytes(((x * 16) & 255, (y * 20) & 255, ((x + y) * 8) & 255)) for y in range(h) for x in range(w))
    ppm = os.path.join(tmp, "p.ppm")
    with open(ppm, "wb") as f:
        f.write(b"P6 %d %d 255\n" % (w, h) + pixels)
    pgm = os.path.join(tmp, "g.pgm")
    with open(pgm, "wb") as f:
        f.write(b"P5 %d %d 255\n" % (w, h) + bytes(pixels[i] for i in range(0, len(pixels), 3)))

    def run(*args):
        return subprocess.run(args, check=True, capture_output=True).stdout

    write("image-jpeg", "baseline-420.jpg", run("cjpeg", "-quality", "50", "-sample", "2x2", ppm))
    write("image-jpeg", "baseline-444.jpg", run("cjpeg", "-quality", "50", "-sample", "1x1", ppm))
    write("image-jpeg", "grey.jpg", run("cjpeg", "-quality", "50", "-grayscale", pgm))
    write("image-jpeg", "progressive.jpg", run("cjpeg", "-quality", "50", "-progressive", ppm))
    write("image-jpeg", "restart.jpg", run("cjpeg", "-quality", "50", "-restart", "1", ppm))
    # EXIF orientation 6 (rotate 90°): an APP1 segment right after SOI.
    tiff = b"MM\x00\x2a\x00\x00\x00\x08" + struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0) + b"\x00\x00\x00\x00"
    app1 = b"Exif\x00\x00" + tiff
    baseline = run("cjpeg", "-quality", "50", ppm)
    write("image-jpeg", "exif-orientation-6.jpg", baseline[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + baseline[2:])

    rgba = os.path.join(tmp, "a.png")
    with open(rgba, "wb") as f:
        f.write(png(w, h, 8, 6, [b"".join(bytes(((x * 16) & 255, (y * 20) & 255, 90, (x * 16) & 255)) for x in range(w)) for y in range(h)]))
    out = os.path.join(tmp, "o.webp")
    for name, args in {"lossy.webp": ["-q", "50", "-noalpha"], "lossy-alpha.webp": ["-q", "50"],
                       "lossless.webp": ["-lossless"], "alpha-filtered.webp": ["-q", "50", "-alpha_filter", "best", "-alpha_q", "50"]}.items():
        run("cwebp", "-quiet", *args, rgba, "-o", out)
        with open(out, "rb") as f:
            write("image-webp", name, f.read())

# ---- folder image names ----
for name, text in {"plain": "avatar", "with-extension": "photos/cover.png", "nested": "a/b/c",
                   "link-inside": "inner/b", "link-outside": "out/passwd", "parent": "../x", "hidden": ".git/config",
                   "unicode": "café/bild", "trailing-slash": "sub/"}.items():
    write("folder-names", name, text)

# ---- card-server request parts: Accept headers, If-None-Match values, image names ----
for name, text in {
    "accept-browser": "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",
    "accept-png-only": "image/png;q=1, image/webp;q=0",
    "accept-none": "text/html",
    "if-none-match-list": 'W/"abc", "0123456789abcdef0123456789abcdef-375x200@2-q80.webp"',
    "if-none-match-star": "*",
    "name-webp": "0123456789abcdef0123456789abcdef-375x200@2-q80.webp",
    "name-png": "0123456789abcdef0123456789abcdef-375x200.5@1.5.png",
    "name-jpeg": "0123456789abcdef0123456789abcdef-10x10@3-q100.jpeg",
}.items():
    write("card-request", name, text)


# ---- dictionaries: the JSON targets' keys and keyword values, from their seeds ----
def tokens(value, found):
    if isinstance(value, dict):
        for key, inner in value.items():
            found.add(key)
            tokens(inner, found)
    elif isinstance(value, list):
        for inner in value:
            tokens(inner, found)
    elif isinstance(value, str) and len(value) <= 24 and value.isascii() and value.isprintable():
        found.add(value)


for target in ("element-document", "feed-page"):
    found = set()
    folder = os.path.join(CORPUS, target)
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            tokens(json.load(f), found)
    if target == "element-document":
        # The CSS value grammars' words, which the seeds' long strings hold but the rule above skips.
        found |= {"calc(", "min(", "max(", "clamp(", "var(", "linear-gradient(", "radial-gradient(", "conic-gradient(",
                  "repeating-linear-gradient(", "rgb(", "rgba(", "hsl(", "hwb(", "lab(", "lch(", "oklab(", "oklch(",
                  "color-mix(", "url(", "path(", "polygon(", "circle(", "ellipse(", "inset(", "translate(", "rotate(",
                  "scale(", "skew(", "matrix(", "blur(", "drop-shadow(", "/", ",", "deg", "turn", "rad", "px", "em",
                  "rem", "vw", "vh", "%", " at ", "from ", "to ", " in ", "closest-side", "farthest-corner",
                  "currentColor", "transparent", "inset", "dashed", "dotted", "double", "groove", "evenodd"}
    lines = ['"%s"' % json.dumps(t)[1:-1].replace('"', '\\"') for t in sorted(found)]
    lines += ['"{"', '"}"', '"["', '"]"', '":"', '","', '"true"', '"false"', '"null"', '"-1e309"', '"1e400"', '"\\\\u0000"']
    os.makedirs(os.path.join(ROOT, "Fuzz", "Dictionaries"), exist_ok=True)
    with open(os.path.join(ROOT, "Fuzz", "Dictionaries", target + ".dict"), "w") as f:
        f.write("# libFuzzer dictionary: the keys and keywords of " + target + "'s seeds (Fuzz/scripts/make-seeds.py).\n")
        f.write("\n".join(lines) + "\n")
