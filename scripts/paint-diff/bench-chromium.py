#!/usr/bin/env python3
"""The cost of each CSS paint effect in headless Chromium, beside card-bench's own figure.

`card-bench effects --json DIR` writes one element document per effect (a 1200×630 card with a
1000×430 panel, plain or with one effect); this script turns each into its HTML page (html.py)
and times Chromium drawing it at scale 2: a navigation to the page and a screenshot
(`Page.captureScreenshot`, which rasterises and encodes a PNG), in interleaved rounds, one
browser for all. It prints the median per card and its ratio to the plain card's median; the
plain card's time is mostly Chromium's fixed cost per page (navigation, layout, PNG encoding),
so the ratios say what each effect adds on top of it.

  swift run -c release --package-path Examples card-bench effects --json /tmp/effects
  python3 scripts/paint-diff/bench-chromium.py /tmp/effects --rounds 5 --iterations 5
"""

import argparse
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import chromium  # noqa: E402
import html as page_html  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", help="card-bench effects --json's folder")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--iterations", type=int, default=5)
    args = ap.parse_args()
    files = sorted(f for f in os.listdir(args.folder) if f.endswith(".json"))
    cards = []
    for name in files:
        with open(os.path.join(args.folder, name), encoding="utf-8") as f:
            doc = json.load(f)
        cards.append((name[:-5].split("-", 1)[1].replace("-", " "), page_html.page(doc), doc["size"]["width"], doc["size"]["height"]))
    times = {name: [] for name, _, _, _ in cards}
    with chromium.Browser() as browser:
        for name, page, w, h in cards:  # one untimed pass: fonts, caches
            browser.screenshot(page, w, h)
        for _ in range(args.rounds):
            for name, page, w, h in cards:
                start = time.perf_counter()
                for _ in range(args.iterations):
                    browser.screenshot(page, w, h)
                times[name].append((time.perf_counter() - start) / args.iterations)
    plain = statistics.median(times[cards[0][0]])
    print(f"Chromium {chromium.version()}, {cards[0][2]}×{cards[0][3]} at scale 2, median of {args.rounds} interleaved rounds × {args.iterations}")
    print("| effect | ms per card (navigate + screenshot) | × plain fill |")
    print("|---|---:|---:|")
    for name, _, _, _ in cards:
        m = statistics.median(times[name])
        print(f"| {name} | {m * 1000:.1f} | {m / plain:.2f} |")


if __name__ == "__main__":
    main()
