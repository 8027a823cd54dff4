#!/usr/bin/env python3
"""The bench's font, LayoutBlock: every printable ASCII glyph is a 1 em square box (advance 1 em,
ascent 0.8 em, descent 0.2 em, no line gap), the space an empty 1 em advance. At 10 px with a
10 px line height, a text is 10 px per character and 10 px per line with its baseline 8 px down:
Chromium and the engine's test measurer (FlexboxCorpus.BlockTextMeasurer) measure it alike.
Like the Ahem font of the CSS test suites, made here with fontTools (PyPI) so nothing is downloaded.

  font.py DIR    writes DIR/LayoutBlock.ttf and DIR/fonts.conf (FONTCONFIG_FILE for Chromium)
"""

import os
import sys

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen


def build(path):
    printable = [chr(c) for c in range(0x21, 0x7F)]
    names = [".notdef", "space"] + [f"g{ord(c):02x}" for c in printable]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    cmap = {0x20: "space"}
    cmap.update({ord(c): f"g{ord(c):02x}" for c in printable})
    fb.setupCharacterMap(cmap)

    def square():
        pen = TTGlyphPen(None)
        pen.moveTo((0, -200))
        pen.lineTo((0, 800))
        pen.lineTo((1000, 800))
        pen.lineTo((1000, -200))
        pen.closePath()
        return pen.glyph()

    fb.setupGlyf({n: (TTGlyphPen(None).glyph() if n in (".notdef", "space") else square()) for n in names})
    fb.setupHorizontalMetrics({n: (1000, 0) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200, lineGap=0)
    fb.setupNameTable({"familyName": "LayoutBlock", "styleName": "Regular"})
    fb.setupOS2(version=4, sTypoAscender=800, sTypoDescender=-200, sTypoLineGap=0,
                usWinAscent=800, usWinDescent=200, fsSelection=0x40 | 0x80)
    fb.setupPost()
    fb.save(path)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    build(os.path.join(out, "LayoutBlock.ttf"))
    with open(os.path.join(out, "fonts.conf"), "w") as f:
        f.write(f"""<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>{os.path.abspath(out)}</dir>
  <cachedir>{os.path.abspath(out)}/cache</cachedir>
</fontconfig>
""")


if __name__ == "__main__":
    main()
