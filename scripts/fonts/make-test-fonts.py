#!/usr/bin/env python3
"""Writes the test fonts of the font tests (Tests/CanvasTests/Fixtures/Fonts): fonts of our own,
made with fontTools' FontBuilder, so the tests carry no third-party font. Every glyph is a simple
shape that is easy to tell apart in a picture:

- "ALK Test" Regular (TTF; also as WOFF and WOFF2): each letter a hollow frame, 500 units tall
  for lower case, 700 for upper case and digits.
- "ALK Test" Bold (CFF, .otf): the same glyphs filled.
- "ALK Test" Italic (TTF): the frames slanted.
- "ALK Stars" (TTF): only a space and U+2605 BLACK STAR (a diamond), for fallback tests.

Run: python3 -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools brotli && /tmp/ft/bin/python scripts/fonts/make-test-fonts.py
"""
import os, sys
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "CanvasTests", "Fixtures", "Fonts")
LETTERS = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(ord("a"), ord("z") + 1)] + [chr(c) for c in range(ord("0"), ord("9") + 1)]


def rect(pen, x0, y0, x1, y1, slant=0.0, clockwise=True):
    points = [(x0, y0), (x0 + slant * y1, y1), (x1 + slant * y1, y1), (x1, y0)]
    if not clockwise:
        points.reverse()
    pen.moveTo(points[0])
    for p in points[1:]:
        pen.lineTo(p)
    pen.closePath()


def draw(pen, char, style):
    height = 500 if char.islower() else 700
    slant = 0.25 if style == "italic" else 0.0
    if style == "bold":
        rect(pen, 30, 0, 570, height)
    else:
        rect(pen, 50, 0, 550, height, slant, clockwise=True)
        rect(pen, 110, 60, 490, height - 60, slant, clockwise=False)


def build(family, style, glyph_chars, cff=False, weight=400, italic=False, extra=None):
    names = [".notdef", "space"] + ["g%04x" % ord(c) for c in glyph_chars] + [n for n, _, _ in (extra or [])]
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder(names)
    cmap = {32: "space"}
    cmap.update({ord(c): "g%04x" % ord(c) for c in glyph_chars})
    for name, code, _ in extra or []:
        cmap[code] = name
    fb.setupCharacterMap(cmap)
    metrics = {n: (600, 0) for n in names}
    metrics["space"] = (300, 0)
    if cff:
        charstrings = {}
        for name in names:
            pen = T2CharStringPen(600, None)
            if name.startswith("g"):
                draw(pen, chr(int(name[1:], 16)), style)
            elif name == ".notdef":
                rect(pen, 50, 0, 550, 700)
            charstrings[name] = pen.getCharString()
        fb.setupCFF(family.replace(" ", "") + "-" + style.capitalize(), {"FullName": family + " " + style.capitalize()}, charstrings, {})
    else:
        glyphs = {}
        for name in names:
            pen = TTGlyphPen(None)
            if name.startswith("g"):
                draw(pen, chr(int(name[1:], 16)), style)
            elif name == ".notdef":
                rect(pen, 50, 0, 550, 700)
            for extra_name, _, painter in extra or []:
                if name == extra_name:
                    painter(pen)
            glyphs[name] = pen.glyph()
        fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    subfamily = {"regular": "Regular", "bold": "Bold", "italic": "Italic"}[style]
    fb.setupNameTable({"familyName": family, "styleName": subfamily, "uniqueFontIdentifier": family + " " + subfamily,
                       "fullName": family + " " + subfamily, "psName": family.replace(" ", "") + "-" + subfamily,
                       "version": "Version 1.000"})
    fs_selection = (1 << 0 if italic else 0) | (1 << 5 if weight >= 700 else 0) | (1 << 6 if not italic and weight < 700 else 0)
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, usWeightClass=weight,
                fsSelection=fs_selection, sxHeight=500, sCapHeight=700)
    fb.setupPost()
    fb.font["head"].macStyle = (1 if weight >= 700 else 0) | (2 if italic else 0)
    return fb.font


def star(pen):
    pen.moveTo((300, -50)); pen.lineTo((50, 300)); pen.lineTo((300, 650)); pen.lineTo((550, 300)); pen.closePath()


def main():
    os.makedirs(OUT, exist_ok=True)
    regular = build("ALK Test", "regular", LETTERS)
    regular.save(os.path.join(OUT, "ALKTest-Regular.ttf"))
    for flavor in ("woff", "woff2"):
        font = TTFont(os.path.join(OUT, "ALKTest-Regular.ttf"))
        font.flavor = flavor
        font.save(os.path.join(OUT, "ALKTest-Regular." + flavor))
    build("ALK Test", "bold", LETTERS, cff=True, weight=700).save(os.path.join(OUT, "ALKTest-Bold.otf"))
    build("ALK Test", "italic", LETTERS, italic=True).save(os.path.join(OUT, "ALKTest-Italic.ttf"))
    build("ALK Stars", "regular", [], extra=[("star", 0x2605, star)]).save(os.path.join(OUT, "ALKStars-Regular.ttf"))
    for name in sorted(os.listdir(OUT)):
        print(name, os.path.getsize(os.path.join(OUT, name)))


if __name__ == "__main__":
    sys.exit(main())
