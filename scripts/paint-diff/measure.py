#!/usr/bin/env python3
"""The measurements behind the thresholds: pairs of pictures that are the same picture (sub-pixel
moves, which only change antialiasing) and pairs that are not (a wrong colour, a missing border,
another radius), both sides drawn by Chromium, scored by `paint-corpus score`.

  measure.py            prints a markdown table: pair, SSIM, differing pixels at several channel/blend
                        tolerances, max difference, the verdict of the standard thresholds

Needs Chromium and the paint-corpus binary (built on the first run, or PAINT_CORPUS=path).
"""

import copy
import os
import subprocess
import tempfile

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


def main():
    binary = paint_corpus_binary()
    rows = []
    with tempfile.TemporaryDirectory() as tmp, chromium.Browser() as browser:
        for i, (name, same, a, b) in enumerate(PAIRS):
            a, b = copy.deepcopy(a), copy.deepcopy(b)
            a["id"], b["id"] = f"p{i}a", f"p{i}b"
            chromium.render([a, b], tmp, browser=browser)
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
    print("| pair | should be | SSIM | " + " | ".join(f"pixels @{t[0]}/{t[1]}" for t in TOLERANCES) + " | max channel diff | verdict |")
    print("|---|---|---|" + "---|" * len(TOLERANCES) + "---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
