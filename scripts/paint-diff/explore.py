#!/usr/bin/env python3
"""Tries the renderer on fresh random paint cases against Chromium, away from the committed corpus
(use seeds the corpus does not: it is seeds 1…100), and prints each difference and the figure.

  explore.py --count 100 --seed 100000 [--profile engine|css|text|units] [--save cases.json] [--diff-out DIR]

--profile text draws generate.py's text cases (random-text-<seed>; the corpus has seeds 1…40);
--profile units its units cases (random-units-<seed>; the corpus has seeds 1…40).

--save keeps the cases (for shrink.py); --diff-out writes ours, Chromium's and the diff PNG of
every case there (montage.py puts them side by side). Cases the decoder refuses are counted apart:
they say what the decoder does not read yet, not how well it paints.
"""

import argparse
import collections
import json
import sys
import tempfile

import chromium
import engine
import generate


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--profile", choices=["engine", "css", "text", "units"],
                    help="only seeds of this profile (engine: seed % 3 == 0); text: the text profile's cases")
    ap.add_argument("--save", help="write the cases here (for shrink.py)")
    ap.add_argument("--diff-out", help="write ours, Chromium's and the diff PNG of every case here")
    ap.add_argument("--quiet", action="store_true", help="print only the figure")
    args = ap.parse_args()
    cases, seed = [], args.seed
    while len(cases) < args.count:
        if args.profile == "text":
            cases.append(generate.make_text_case(seed))
        elif args.profile == "units":
            cases.append(generate.make_units_case(seed))
        elif args.profile is None or (args.profile == "engine") == (seed % 3 == 0):
            cases.append(generate.make_case(seed))
        seed += 1
    if args.save:
        with open(args.save, "w") as f:
            json.dump(cases, f, indent=1)
    with tempfile.TemporaryDirectory() as pngs:
        chromium.render(cases, pngs)
        verdicts, _ = engine.compare(cases, pngs, args.diff_out)
    counts = collections.Counter()
    for c in cases:
        verdict = verdicts.get(c["id"], "no verdict")
        kind = "passed" if verdict.startswith("passed") else verdict.split(":")[0]
        counts[kind] += 1
        if kind != "passed" and not args.quiet and kind != "unsupported":
            print(f"{c['id']}: {verdict}")
    if not args.quiet:
        reasons = collections.Counter(v.split(": ", 2)[-1] for v in verdicts.values() if v.startswith("unsupported"))
        for reason, n in reasons.most_common(8):
            print(f"unsupported ×{n}: {reason}")
    painted = counts["passed"] + counts["differs"]
    print(f"passed {counts['passed']} of {len(cases)} cases ({100 * counts['passed'] / len(cases):.1f} %); "
          f"{counts['unsupported']} unsupported; of the {painted} the decoder reads, "
          f"{100 * counts['passed'] / max(1, painted):.1f} % match")


if __name__ == "__main__":
    sys.exit(main())
