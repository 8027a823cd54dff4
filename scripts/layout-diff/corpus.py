#!/usr/bin/env python3
"""Regenerates the committed Chromium corpus (Tests/FlexboxTests/ChromiumCorpus/), laid out by
Chromium, with MANIFEST.json (Chromium's version, the commands, counts). `make test` reads them
through ChromiumConformanceTests without Chromium. Two parts:

  flex   generate.py's cases for seeds 1…COUNT (mixed profile: every fourth is a card), in files
         of 300 cases (corpus-NN.json)
  block  the block profile (CSS normal flow) for seeds 1…BLOCK_COUNT (block-NN.json)

  corpus.py [--count 2400] [--block-count 300] [--only flex|block] [--out Tests/FlexboxTests/ChromiumCorpus]

--only rewrites one part and keeps the other's files and manifest entries as they are.
"""

import argparse
import json
import os
import sys

import chromium
import generate

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PER_FILE = 300


def write_part(out, prefix, laid):
    """Writes `laid` as PREFIX-NN.json files (removing the part's old files); returns their entries."""
    for old in os.listdir(out):
        if old.startswith(prefix + "-") and old.endswith(".json"):
            os.unlink(os.path.join(out, old))
    files = {}
    for i in range(0, len(laid), PER_FILE):
        name = f"{prefix}-{i // PER_FILE:02d}.json"
        chunk = laid[i:i + PER_FILE]
        with open(os.path.join(out, name), "w") as f:
            f.write("[\n" + ",\n".join(json.dumps(c, separators=(",", ":")) for c in chunk) + "\n]\n")
        files[name] = {"cases": len(chunk), "nodes": sum(len(c["frames"]) for c in chunk)}
    return files


def totals(laid):
    return {
        "cases": len(laid),
        "cards": sum(1 for c in laid if c["profile"] == "card"),
        "rtl": sum(1 for c in laid if c["direction"] == "rtl"),
        "nodes": sum(len(c["frames"]) for c in laid),
        "textLeaves": sum(json.dumps(c["tree"]).count('"text":') for c in laid),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=2400)
    ap.add_argument("--block-count", type=int, default=300)
    ap.add_argument("--only", choices=["flex", "block"])
    ap.add_argument("--out", default=os.path.join(ROOT, "Tests", "FlexboxTests", "ChromiumCorpus"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    manifest_path = os.path.join(args.out, "MANIFEST.json")
    manifest = {}
    if args.only and os.path.exists(manifest_path):
        with open(manifest_path) as f:
            manifest = json.load(f)
    manifest["chromium"] = chromium.version()
    manifest["tolerance"] = 0.5
    if args.only != "block":
        cases = [generate.make_case(seed, "card" if seed % 4 == 0 else "random") for seed in range(1, args.count + 1)]
        laid = chromium.lay_out(cases)
        manifest["command"] = f"scripts/layout-diff/corpus.py --count {args.count}"
        manifest["generator"] = f"scripts/layout-diff/generate.py, seeds 1…{args.count}, card profile when seed % 4 == 0"
        manifest["files"] = write_part(args.out, "corpus", laid)
        manifest["totals"] = totals(laid)
        print(json.dumps(manifest["totals"]), file=sys.stderr)
    if args.only != "flex":
        cases = [generate.make_case(seed, "block") for seed in range(1, args.block_count + 1)]
        laid = chromium.lay_out(cases)
        manifest["block"] = {
            "command": f"scripts/layout-diff/corpus.py --only block --block-count {args.block_count}",
            "generator": f"scripts/layout-diff/generate.py --profile block, seeds 1…{args.block_count}",
            "files": write_part(args.out, "block", laid),
            "totals": totals(laid),
        }
        print(json.dumps(manifest["block"]["totals"]), file=sys.stderr)
    with open(manifest_path, "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
