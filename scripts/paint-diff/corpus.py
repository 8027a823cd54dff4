#!/usr/bin/env python3
"""Regenerates the committed paint corpus (Tests/AsyncLayerKitTests/PaintCorpus/): the hand-made
cases (cases.py), generate.py's cases for seeds 1…COUNT, its text profile's for seeds
1…TEXT_COUNT (random-text-N) and its units profile's for seeds 1…UNITS_COUNT (random-units-N) in
cases.json, Chromium's <id>.png for
each beside it, and MANIFEST.json (Chromium's version, the command, the counts). `make test` reads
them through PaintConformanceTests without Chromium.

  corpus.py [--count 100] [--text-count 40] [--units-count 40] [--out Tests/AsyncLayerKitTests/PaintCorpus]

KNOWN-FAILURES.json is not written here: `UPDATE=1 make paint-conformance` rewrites it from a run.
"""

import argparse
import collections
import json
import os
import sys

import cases as hand_cases
import chromium
import generate

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--text-count", type=int, default=40)
    ap.add_argument("--units-count", type=int, default=40)
    ap.add_argument("--out", default=os.path.join(ROOT, "Tests", "AsyncLayerKitTests", "PaintCorpus"))
    args = ap.parse_args()
    cases = (hand_cases.all_cases() + [generate.make_case(seed) for seed in range(1, args.count + 1)]
             + [generate.make_text_case(seed) for seed in range(1, args.text_count + 1)]
             + [generate.make_units_case(seed) for seed in range(1, args.units_count + 1)])
    randoms = args.count + args.text_count + args.units_count
    os.makedirs(args.out, exist_ok=True)
    for old in os.listdir(args.out):
        if old.endswith(".png"):
            os.unlink(os.path.join(args.out, old))
    failures = chromium.render(cases, args.out)
    if failures:
        sys.exit(f"cases without a page: {failures}")
    with open(os.path.join(args.out, "cases.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(c, separators=(",", ":")) for c in cases) + "\n]\n")
    groups = collections.Counter(c["group"] for c in cases)
    manifest = {
        "chromium": chromium.version(),
        "command": f"scripts/paint-diff/corpus.py --count {args.count} --text-count {args.text_count} --units-count {args.units_count}",
        "cases": f"scripts/paint-diff/cases.py (hand-made), then generate.py seeds 1…{args.count},"
                 f" its text profile's seeds 1…{args.text_count} and its units profile's seeds 1…{args.units_count}",
        "scale": chromium.SCALE,
        "flags": chromium.FLAGS,
        "fontFamilies": chromium.generic_families(),
        "totals": {"cases": len(cases), "handMade": len(cases) - randoms, "random": randoms,
                   "bytes": sum(os.path.getsize(os.path.join(args.out, n)) for n in os.listdir(args.out) if n.endswith(".png"))},
        "groups": dict(groups),
    }
    with open(os.path.join(args.out, "MANIFEST.json"), "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    print(json.dumps(manifest["totals"]), file=sys.stderr)


if __name__ == "__main__":
    main()
