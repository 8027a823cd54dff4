#!/usr/bin/env python3
"""The measurements behind the thresholds: pairs of pictures that are the same picture (sub-pixel
moves, which only change antialiasing) and pairs that are not (a wrong colour, a missing border,
another radius), both sides drawn by Chromium, scored by `paint-corpus score`.

  measure.py            prints a markdown table: pair, SSIM, differing pixels at several channel/blend
                        tolerances, max difference, the verdict of the standard thresholds
  measure.py --text     the same for text in the CSS form (cases.py's light 240×120 page): sub-pixel
                        moves, baseline shifts, spacing, weights, decorations

Needs Chromium and the paint-corpus binary (built on the first run, or PAINT_CORPUS=path).
"""

import copy
import os
import struct
import subprocess
import tempfile
import zlib

import cases as hand
import chromium
from engine import paint_corpus_binary

BASE = {"backgroundColor": "#3366CC"}
# The (channel, blend) tolerances measured; the verdict is the standard thresholds' (the first).
TOLERANCES = [(24, 48), (24, 24), (16, 32), (32, 64)]
STANDARD = TOLERANCES[0]


def box_case(case_id, style, children=None, width=100, height=60):
    return {"id": case_id, "group": "measure", "note": "", "document": hand.box(style, width, height, children)}


def text_case(case_id, string, text_style=None, style=None):
    return {"id": case_id, "group": "measure", "note": "", "document": hand.doc(hand.centred(hand.text(string, text_style, style)))}


# (name, expected verdict, case A, case B)
PAIRS = []


def pair(name, same, a, b):
    PAIRS.append((name, same, a, b))


def moved(style, dx, dy):
    return dict(style, transform=f"translate({dx}px, {dy}px)")


rounded = {"backgroundColor": "#3366CC", "borderRadius": 12}
bordered = {"backgroundColor": "#FFCC00", "borderWidth": 3, "borderColor": "#E33", "borderRadius": 14}
shadowed = {"backgroundColor": "#FFFFFF", "boxShadow": "4px 6px 8px rgba(0,0,0,0.5)"}
gradient = {"backgroundImage": "linear-gradient(45deg, #E33, #FE3, #33E)"}
for name, style in [("square box", BASE), ("rounded box", rounded), ("rounded border", bordered), ("blurred shadow", shadowed),
                    ("gradient", gradient)]:
    for dx, dy in [(0.25, 0), (0.5, 0.5), (0.3, 0.7)]:
        # Up to half a CSS px (a device pixel) is the layout bench's tolerance: the same picture.
        pair(f"{name} moved {dx}, {dy} px", dy <= 0.5, box_case("a", moved(style, 0, 0)), box_case("b", moved(style, dx, dy)))
pair("text moved 0.25 px", True, text_case("a", "Paint bench", None, {"transform": "translate(0px, 0px)"}),
     text_case("b", "Paint bench", None, {"transform": "translate(0.25px, 0px)"}))
pair("text moved 0.5, 0.5 px", True, text_case("a", "Paint bench", None, {"transform": "translate(0px, 0px)"}),
     text_case("b", "Paint bench", None, {"transform": "translate(0.5px, 0.5px)"}))
pair("rotated box, 0.1° more", True, box_case("a", dict(BASE, transform="rotate(20deg)")), box_case("b", dict(BASE, transform="rotate(20.1deg)")))
pair("shadow blur 8 vs 9 px", True, box_case("a", shadowed), box_case("b", dict(shadowed, boxShadow="4px 6px 9px rgba(0,0,0,0.5)")))
pair("colour 8 levels off (#3366CC, #3366D4)", True, box_case("a", BASE), box_case("b", {"backgroundColor": "#3366D4"}))

pair("colour 40 levels off (#3366CC, #3366F4)", False, box_case("a", BASE), box_case("b", {"backgroundColor": "#3366F4"}))
pair("wrong colour (#3366CC, #CC3366)", False, box_case("a", BASE), box_case("b", {"backgroundColor": "#CC3366"}))
pair("1 px border missing", False, box_case("a", dict(BASE, borderWidth=1, borderColor="#E33")), box_case("b", dict(BASE, borderWidth=1)))
pair("border 2 vs 3 px", False, box_case("a", dict(BASE, borderWidth=2, borderColor="#E33")), box_case("b", dict(BASE, borderWidth=3, borderColor="#E33")))
pair("radius 12 vs 10", False, box_case("a", rounded), box_case("b", dict(rounded, borderRadius=10)))
pair("radius 12 vs 16", False, box_case("a", rounded), box_case("b", dict(rounded, borderRadius=16)))
pair("box 1 px wider, centred (0.5 px each side)", True, box_case("a", BASE), box_case("b", BASE, width=101))
left = {"justifyContent": "flex-start", "paddingLeft": 20}
pair("box 1 px wider on one side", False, {"id": "a", "group": "", "note": "", "document": hand.box(BASE, 100, 60, None, left)},
     {"id": "b", "group": "", "note": "", "document": hand.box(BASE, 101, 60, None, left)})
pair("shadow missing", False, box_case("a", shadowed), box_case("b", {"backgroundColor": "#FFFFFF"}))
pair("shadow blur 8 vs 12 px", False, box_case("a", shadowed), box_case("b", dict(shadowed, boxShadow="4px 6px 12px rgba(0,0,0,0.5)")))
pair("shadow offset 1 px more", False, box_case("a", shadowed), box_case("b", dict(shadowed, boxShadow="5px 7px 8px rgba(0,0,0,0.5)")))
pair("gradient stop 50 % vs 55 %", False, box_case("a", {"backgroundImage": "linear-gradient(90deg, #E33 50%, #33E 50%)"}),
     box_case("b", {"backgroundImage": "linear-gradient(90deg, #E33 55%, #33E 55%)"}))
pair("opacity 0.5 vs 0.6", False, box_case("a", dict(BASE, opacity=0.5)), box_case("b", dict(BASE, opacity=0.6)))
pair("text #000 vs #555", False, text_case("a", "Paint bench"), text_case("b", "Paint bench", {"color": "#555"}))
pair("text missing a full stop", False, text_case("a", "Paint bench."), text_case("b", "Paint bench"))
pair("text bold vs regular", False, text_case("a", "Paint bench"), text_case("b", "Paint bench", {"weight": 700}))
pair("dashed vs solid border", False, box_case("a", dict(BASE, borderWidth=3, borderColor="#E33")),
     box_case("b", dict(BASE, borderWidth=3, borderColor="#E33", borderStyle="dashed")))


# MARK: text, in the CSS form, on the text cases' page (240×120: 0.05 % is 57 of 115,200 pixels)
TEXT_PAIRS = []


def text_pair(name, same, a_style, b_style, string=hand.SENTENCE, width=220, size=16, b_string=None):
    """Two texts on cases.py's light page, the same but for a_style / b_style (and b_string)."""
    def one(style, text):
        return {"id": "", "group": "measure", "note": "", "document": hand.sheet([hand.ctext(text, dict({"fontSize": size}, **style), width)])}
    TEXT_PAIRS.append((name, same, one(a_style, string), one(b_style, b_string or string)))


moved_text = {"transform": "translate(0px, 0px)"}
text_pair("moved 0.25 px right (sub-pixel glyph positions)", True, moved_text, {"transform": "translate(0.25px, 0px)"})
text_pair("moved 0.5 px right", True, moved_text, {"transform": "translate(0.5px, 0px)"})
text_pair("moved 0.5, 0.5 px", True, moved_text, {"transform": "translate(0.5px, 0.5px)"})
text_pair("moved 0.5, 0.5 px, one short line", True, moved_text, {"transform": "translate(0.5px, 0.5px)"}, hand.SHORT)
text_pair("moved 0.25 px right, five lines", True, moved_text, {"transform": "translate(0.25px, 0px)"}, hand.PARAGRAPH, 200)
text_pair("baseline 0.5 px lower, five lines", True, {}, {"marginTop": 0.5}, hand.PARAGRAPH, 200)
text_pair("moved 0.5, 0.5 px, five lines", True, moved_text, {"transform": "translate(0.5px, 0.5px)"}, hand.PARAGRAPH, 200)
text_pair("moved 0.5, 0.5 px, 11 px, seven lines", True, moved_text, {"transform": "translate(0.5px, 0.5px)"},
          hand.PARAGRAPH + " " + hand.PARAGRAPH, 200, 11)
text_pair("baseline 0.5 px lower (one device pixel)", True, {}, {"marginTop": 0.5})
text_pair("baseline 1 px lower (two device pixels)", False, {}, {"marginTop": 1})
text_pair("baseline 1 px lower, one short line", False, {}, {"marginTop": 1}, hand.SHORT)
text_pair("letter-spacing 0.01 px (0.4 px at the line's end)", True, {}, {"letterSpacing": "0.01px"})
text_pair("letter-spacing 0.5 px", False, {}, {"letterSpacing": "0.5px"})
text_pair("letter-spacing 0.5 px, 5 letters", False, {}, {"letterSpacing": "0.5px"}, "Paint")
text_pair("word-spacing 1 px", False, {}, {"wordSpacing": "1px"})
text_pair("font-size 16 vs 16.5 px", False, {}, {"fontSize": 16.5})
text_pair("kerning off", False, {}, {"fontFeatureSettings": '"kern" 0'}, "AVATAR Type Wave To")
text_pair("weight 400 vs 700, 16 px", False, {}, {"fontWeight": 700})
text_pair("weight 400 vs 700, 16 px, one short line", False, {}, {"fontWeight": 700}, hand.SHORT)
text_pair("weight 400 vs 700, 11 px", False, {}, {"fontWeight": 700}, size=11)
text_pair("weight 400 vs 700, 11 px, one short line", False, {}, {"fontWeight": 700}, hand.SHORT, size=11)
text_pair("weight 400 vs 200 (Book vs ExtraLight), 16 px", False, {}, {"fontWeight": 200})
text_pair("weight 400 vs 200, 11 px, one short line", False, {}, {"fontWeight": 200}, hand.SHORT, size=11)
text_pair("italic vs normal", False, {}, {"fontStyle": "italic"})
text_pair("DejaVu Serif vs Sans", False, {}, {"fontFamily": "DejaVu Serif"})
text_pair("colour #000 vs #444", False, {}, {"color": "#444"})
text_pair("a missing full stop", False, {}, {}, b_string=hand.SENTENCE[:-1])
text_pair("a missing comma", False, {}, {}, "Crème brûlée, café au lait", b_string="Crème brûlée café au lait")
text_pair("a missing accent (é vs e)", False, {}, {}, "Crème brûlée, café au lait", b_string="Crème brûlée, cafe au lait")
text_pair("a dotless i (ı for i)", False, {}, {}, b_string=hand.SENTENCE.replace("quick", "quıck"))
text_pair("one letter wrong (o for a)", False, {}, {}, b_string=hand.SENTENCE.replace("lazy", "lozy"))
text_pair("ellipsis … vs three full stops", False, {}, {}, "The quick brown…", b_string="The quick brown...")
underlined = {"textDecorationLine": "underline"}
text_pair("underline missing", False, underlined, {})
text_pair("underline missing, one short line", False, underlined, {}, hand.SHORT)
# (a length offset is measured from the baseline, not from the auto position: 1px is auto's place here)
text_pair("underline 0.5 px lower", True, dict(underlined, textUnderlineOffset="1px"), dict(underlined, textUnderlineOffset="1.5px"))
text_pair("underline 1 px lower", False, dict(underlined, textUnderlineOffset="1px"), dict(underlined, textUnderlineOffset="2px"))
text_pair("underline 1 vs 2 px thick", False, dict(underlined, textDecorationThickness=1), dict(underlined, textDecorationThickness=2))
text_pair("underline solid vs wavy", False, underlined, dict(underlined, textDecorationStyle="wavy"))
text_pair("underline solid vs dashed", False, underlined, dict(underlined, textDecorationStyle="dashed"))
text_pair("line-height 19 vs 20 px, 3 lines", False, {}, {"lineHeight": "20px"}, hand.PARAGRAPH, 200)
text_pair("ellipsis vs clip", False, {"overflow": "hidden", "whiteSpace": "nowrap", "textOverflow": "ellipsis"},
          {"overflow": "hidden", "whiteSpace": "nowrap", "textOverflow": "clip"}, width=150)
text_pair("text-shadow 1px 1px #D33 missing", False, {"textShadow": "1px 1px 0 #D33"}, {})


# MARK: the text rule's figures: the comparer's differing-pixel mask, ported from
# Tests/PaintCorpus/ImageComparison.swift (differingMask), to see where the differing pixels lie.

def read_rgba(path):
    """(width, height, [premultiplied (r, g, b, a)]) of an 8-bit RGB or RGBA PNG."""
    data, pos, idat = open(path, "rb").read(), 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, _, colour_type = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
    raw, bpp = zlib.decompress(idat), 4 if colour_type == 6 else 3
    stride, pixels, previous, i = width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = previous[x], previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        for x in range(width):
            px = line[x * bpp:x * bpp + bpp]
            alpha = px[3] if bpp == 4 else 255
            pixels.append(tuple((px[k] * alpha + 127) // 255 for k in range(3)) + (alpha,))
    return width, height, pixels


def differing_mask(a, b, w, h, tolerance=24, blend=48):
    """ImageComparison.differingMask: a pixel differs when nothing in the other picture's 3×3
    neighbourhood, nor a blend of two of its pixels, is within the tolerances, in either direction."""
    def difference(p, q):
        return max(abs(p[0] - q[0]), abs(p[1] - q[1]), abs(p[2] - q[2]), abs(p[3] - q[3]))

    def found(target, other, x, y):
        near = []
        for yy in range(max(0, y - 1), min(h - 1, y + 1) + 1):
            for xx in range(max(0, x - 1), min(w - 1, x + 1) + 1):
                q = other[yy * w + xx]
                if difference(target, q) <= tolerance:
                    return True
                near.append(q)
        for n, p in enumerate(near):
            for q in near[n + 1:]:
                dot = length = contrast = 0.0
                for c in range(4):
                    d = p[c] - q[c]
                    dot, length, contrast = dot + (target[c] - q[c]) * d, length + d * d, max(contrast, abs(d))
                if length > 0:
                    t = min(1, max(0, dot / length))
                    if max(abs(target[c] - (q[c] + t * (p[c] - q[c]))) for c in range(4)) <= min(blend, max(tolerance, contrast / 3)):
                        return True
        return False

    return [difference(a[i], b[i]) > tolerance and (not found(a[i], b, i % w, i // w) or not found(b[i], a, i % w, i // w))
            for i in range(w * h)]


def worst_window(mask, w, h, k=16):
    """The most differing pixels in any k×k window."""
    table = [[0] * (w + 1) for _ in range(h + 1)]
    for y in range(h):
        run = 0
        for x in range(w):
            run += mask[y * w + x]
            table[y + 1][x + 1] = table[y][x + 1] + run
    return max(table[y + k][x + k] - table[y][x + k] - table[y + k][x] + table[y][x] for y in range(h - k + 1) for x in range(w - k + 1))


def solid_blocks(mask, w, h, k=3):
    """How many k×k squares of the mask differ in every pixel (blobs, not scattered edge pixels)."""
    rows = [sum(mask[y * w + x:y * w + x + k]) == k for y in range(h) for x in range(w - k + 1)]
    span = w - k + 1
    return sum(all(rows[(y + j) * span + x] for j in range(k)) for y in range(h - k + 1) for x in range(span))


TEXT_RULE = "SSIM ≥ 0.90, pixels ≤ 0.05 %, no 3×3 block"


def text_rule_passes(ssim, fraction, blocks):
    return ssim >= 0.90 and fraction <= 0.0005 and blocks == 0


def main():
    import sys
    text = "--text" in sys.argv[1:]
    pairs = TEXT_PAIRS if text else PAIRS
    binary = paint_corpus_binary()
    rows = []
    with tempfile.TemporaryDirectory() as tmp, chromium.Browser() as browser:
        for i, (name, same, a, b) in enumerate(pairs):
            a, b = copy.deepcopy(a), copy.deepcopy(b)
            a["id"], b["id"] = f"p{i}a", f"p{i}b"
            chromium.render([a, b], tmp, browser=browser)
            if text:
                pa, pb = os.path.join(tmp, a["id"] + ".png"), os.path.join(tmp, b["id"] + ".png")
                out = subprocess.run([binary, "score", pa, pb], capture_output=True, text=True, check=True).stdout.split()
                fields = dict(f.split("=", 1) for f in out if "=" in f)
                w, h, ia = read_rgba(pa)
                _, _, ib = read_rgba(pb)
                mask = differing_mask(ia, ib, w, h)
                blocks = solid_blocks(mask, w, h)
                ssim = float(fields["ssim"].rstrip(","))
                rule = "passes" if text_rule_passes(ssim, sum(mask) / (w * h), blocks) else "fails"
                rows.append(f"| {name} | {'same' if same else 'different'} | {ssim:.4f} | {fields['pixels']} | {sum(mask)} | "
                            f"{worst_window(mask, w, h)} | {blocks} | {fields['max']} | {out[-1]}{'' if (out[-1] == 'passes') == same else ' ✗'} | "
                            f"{rule}{'' if (rule == 'passes') == same else ' ✗'} |")
                continue
            cells = {}
            for tolerance in TOLERANCES:
                out = subprocess.run([binary, "score", os.path.join(tmp, a["id"] + ".png"), os.path.join(tmp, b["id"] + ".png"),
                                      "--tolerance", str(tolerance[0]), "--blend-tolerance", str(tolerance[1])],
                                     capture_output=True, text=True, check=True).stdout.split()
                cells[tolerance] = dict(f.split("=", 1) for f in out if "=" in f)
                if tolerance == STANDARD:
                    verdict = out[-1]
            fields = cells[STANDARD]
            ok = (verdict == "passes") == same
            rows.append(f"| {name} | {'same' if same else 'different'} | {fields['ssim'].rstrip(',')} | "
                        + " | ".join(cells[t]["pixels"] for t in TOLERANCES) + f" | {fields['max']} | {verdict}{'' if ok else ' ✗'} |")
    if text:
        print("| pair | should be | SSIM | pixels | differing pixels | most in a 16×16 window | 3×3 blocks | max channel diff "
              f"| verdict | text rule ({TEXT_RULE}) |")
        print("|---|---|---|---|---|---|---|---|---|---|")
    else:
        print("| pair | should be | SSIM | " + " | ".join(f"pixels @{t[0]}/{t[1]}" for t in TOLERANCES) + " | max channel diff | verdict |")
        print("|---|---|---|" + "---|" * len(TOLERANCES) + "---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
