#!/usr/bin/env python3
"""Regenerates the committed Chromium corpus (Tests/FlexboxTests/ChromiumCorpus/): generate.py's
cases for seeds 1…COUNT (mixed profile: every fourth is a card), laid out by Chromium, in files of
300 cases, with MANIFEST.json (Chromium's version, the command, counts). `make test` reads them
through ChromiumConformanceTests without Chromium.

  corpus.py [--count 2400] [--out Tests/FlexboxTests/ChromiumCorpus]
"""

import argparse
import json
import os
import subprocess
import sys

import chromium
import generate

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PER_FILE = 300


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=2400)
    ap.add_argument("--out", default=os.path.join(ROOT, "Tests", "FlexboxTests", "ChromiumCorpus"))
    args = ap.parse_args()
    cases = [generate.make_case(seed, "card" if seed % 4 == 0 else "random") for seed in range(1, args.count + 1)]
    laid = chromium.lay_out(cases)
    os.makedirs(args.out, exist_ok=True)
    for old in os.listdir(args.out):
        if old.startswith("corpus-") and old.endswith(".json"):
            os.unlink(os.path.join(args.out, old))
    files = {}
    for i in range(0, len(laid), PER_FILE):
        name = f"corpus-{i // PER_FILE:02d}.json"
        chunk = laid[i:i + PER_FILE]
        with open(os.path.join(args.out, name), "w") as f:
            f.write("[\n" + ",\n".join(json.dumps(c, separators=(",", ":")) for c in chunk) + "\n]\n")
        files[name] = {"cases": len(chunk), "nodes": sum(len(c["frames"]) for c in chunk)}
    manifest = {
        "chromium": chromium.version(),
        "command": f"scripts/layout-diff/corpus.py --count {args.count}",
        "generator": f"scripts/layout-diff/generate.py, seeds 1…{args.count}, card profile when seed % 4 == 0",
        "tolerance": 0.5,
        "files": files,
        "totals": {
            "cases": len(laid),
            "cards": sum(1 for c in laid if c["profile"] == "card"),
            "rtl": sum(1 for c in laid if c["direction"] == "rtl"),
            "nodes": sum(len(c["frames"]) for c in laid),
            "textLeaves": sum(json.dumps(c["tree"]).count('"text":') for c in laid),
        },
    }
    with open(os.path.join(args.out, "MANIFEST.json"), "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    print(json.dumps(manifest["totals"]), file=sys.stderr)


if __name__ == "__main__":
    main()
