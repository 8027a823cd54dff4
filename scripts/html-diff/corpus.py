#!/usr/bin/env python3
"""Rewrites the committed HTML conformance corpus (Tests/HTMLTests/ChromiumCards/): every card in
cards/*.html and generate.py's cards for seeds 1…COUNT, rendered by headless Chromium
(chromium.py): cards.json, png/<id>.png and MANIFEST.json. `make test` reads them without Chromium.

  corpus.py [--count 150] [--out Tests/HTMLTests/ChromiumCards] [--only ID ...]
"""

import argparse
import collections
import datetime
import glob
import json
import os
import sys

import chromium
import generate

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIELDS = ("id", "group", "width", "height", "html", "boxes", "tags", "lines", "lineTexts")


def all_cards(count):
    hand = [chromium.load_card_file(p) for p in sorted(glob.glob(os.path.join(HERE, "cards", "*.html")))]
    return hand + generate.cards(range(1, count + 1))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=150)
    ap.add_argument("--out", default=os.path.join(ROOT, "Tests", "HTMLTests", "ChromiumCards"))
    args = ap.parse_args()
    cards = all_cards(args.count)
    ids = [c["id"] for c in cards]
    dupes = [i for i, n in collections.Counter(ids).items() if n > 1]
    if dupes:
        sys.exit(f"duplicate ids: {dupes}")
    png_dir = os.path.join(args.out, "png")
    os.makedirs(png_dir, exist_ok=True)
    for old in os.listdir(png_dir):
        if old.endswith(".png"):
            os.unlink(os.path.join(png_dir, old))
    chromium.render_cards(cards, png_dir, log=lambda i: print(i, file=sys.stderr, end="\r"))
    with open(os.path.join(args.out, "cards.json"), "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps({k: c[k] for k in FIELDS}, ensure_ascii=False, separators=(",", ":"))
                                   for c in cards) + "\n]\n")
    groups = collections.Counter(c["group"] for c in cards)
    png_bytes = sum(os.path.getsize(os.path.join(png_dir, n)) for n in os.listdir(png_dir))
    manifest = {
        "chromium": chromium.version(),
        "date": datetime.date.today().isoformat(),
        "command": f"python3 scripts/html-diff/corpus.py --count {args.count}",
        "cards": f"scripts/html-diff/cards/*.html (hand-written), then generate.py seeds 1…{args.count} (random-N)",
        "scale": chromium.SCALE,
        "flags": chromium.FLAGS,
        "fontFamilies": chromium.generic_families(),
        "fontSizes": {"standard": 16, "fixed": 13},
        "fcMatch": chromium.fonts_resolution(),
        "background": "white (Chromium's default; the PNGs are opaque)",
        "totals": {"cards": len(cards), "handWritten": len(cards) - args.count, "random": args.count,
                   "elements": sum(len(c["boxes"]) for c in cards), "texts": sum(len(c["lines"]) for c in cards),
                   "pngBytes": png_bytes,
                   "cardsJsonBytes": os.path.getsize(os.path.join(args.out, "cards.json"))},
        "groups": dict(sorted(groups.items())),
    }
    with open(os.path.join(args.out, "MANIFEST.json"), "w") as f:
        json.dump(manifest, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(json.dumps(manifest["totals"]), file=sys.stderr)


if __name__ == "__main__":
    main()
