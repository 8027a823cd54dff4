#!/usr/bin/env python3
"""Tries the engine on fresh random trees against Chromium, away from the committed corpus (use
seeds the corpus does not: it is seeds 1…2400), and prints each differing case and the figure.

  explore.py --count 300 --seed 100000 [--profile mixed] [--save cases.json]
"""

import argparse
import json
import sys

import chromium
import engine
import generate


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--profile", choices=["random", "card", "block", "mixed"], default="mixed")
    ap.add_argument("--save", help="write the cases with Chromium's frames here (for shrink.py)")
    ap.add_argument("--quiet", action="store_true", help="print only the figure")
    args = ap.parse_args()
    cases = []
    for seed in range(args.seed, args.seed + args.count):
        profile = args.profile if args.profile != "mixed" else ("card" if seed % 4 == 0 else "random")
        cases.append(generate.make_case(seed, profile))
    laid = chromium.lay_out(cases)
    if args.save:
        with open(args.save, "w") as f:
            json.dump(laid, f)
    mine = engine.lay_out(laid)
    matched = 0
    for c, m in zip(laid, mine):
        diff = engine.differing_nodes(m, c["frames"])
        if not diff:
            matched += 1
        elif not args.quiet:
            i = diff[0]
            print(f"{c['id']}: {len(diff)} nodes differ; node {i}: chromium {c['frames'][i]} engine {m and m[i]}")
    print(f"matched {matched} of {len(laid)} trees ({100 * matched / len(laid):.1f} %)")


if __name__ == "__main__":
    sys.exit(main())
