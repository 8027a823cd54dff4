#!/usr/bin/env python3
"""Shrinks a tree on which the engine and Chromium differ to a minimal one that still differs.

Each round makes every one-step simplification of the current tree (drop a subtree, put a child in
its parent's place, drop a property, round a length, drop a word), lays them all out in Chromium
(one page) and in the engine, and keeps the first that still differs; it stops when none does.
A candidate that no longer differs is never kept, so the result differs for the same reason or a
simpler one.

  shrink.py CASES.json ID… [--save OUT.json]
      prints each minimal case on one line, with its differing nodes (and saves them, with
      Chromium's frames, for `flex-corpus compare`)
"""

import copy
import json
import re
import sys

import chromium
import engine


def nodes(tree, path=()):
    yield path, tree
    for i, c in enumerate(tree.get("children", [])):
        yield from nodes(c, path + (i,))


def at(tree, path):
    for i in path:
        tree = tree["children"][i]
    return tree


def candidates(case):
    tree = case["tree"]
    for path, node in list(nodes(tree)):
        kids = node.get("children", [])
        for i in range(len(kids)):
            c = copy.deepcopy(case)
            del at(c["tree"], path)["children"][i]
            yield c
        if path:
            for i, child in enumerate(kids):
                c = copy.deepcopy(case)
                parent = at(c["tree"], path[:-1])
                parent["children"][path[-1]] = copy.deepcopy(child)
                yield c
        for key in list(node.get("style", {})):
            c = copy.deepcopy(case)
            del at(c["tree"], path)["style"][key]
            yield c
        for key, value in node.get("style", {}).items():
            m = re.fullmatch(r"(-?\d+(?:\.\d+)?)(px|%)", value)
            if m and "." in m.group(1):
                c = copy.deepcopy(case)
                at(c["tree"], path)["style"][key] = f"{round(float(m.group(1)))}{m.group(2)}"
                yield c
        if "text" in node and " " in node["text"]:
            words = node["text"].split(" ")
            for i in range(len(words)):
                c = copy.deepcopy(case)
                at(c["tree"], path)["text"] = " ".join(words[:i] + words[i + 1:])
                yield c
    if case["direction"] == "rtl":
        c = copy.deepcopy(case)
        c["direction"] = "ltr"
        yield c
    if case["viewport"].get("height") is not None and "height" not in tree.get("style", {}):
        c = copy.deepcopy(case)
        c["viewport"]["height"] = None
        yield c


def differs(cases):
    laid = chromium.lay_out(cases)
    mine = engine.lay_out(laid)
    return [(c, engine.differing_nodes(m, c["frames"])) for c, m in zip(laid, mine)]


def shrink(case, log=sys.stderr):
    [(current, diff)] = differs([case])
    if not diff:
        raise SystemExit(f"{case['id']}: the engine matches Chromium; nothing to shrink")
    rounds = 0
    while True:
        rounds += 1
        options = list(candidates(current))
        found = None
        for start in range(0, len(options), 300):
            for c, d in differs(options[start:start + 300]):
                if d:
                    found = (c, d)
                    break
            if found:
                break
        if not found:
            return current, diff, rounds
        current, diff = found
        print(f"round {rounds}: {sum(1 for _ in nodes(current['tree']))} nodes", file=log)


def compact(node):
    """A one-line view of a tree: {css} [children] or {css} "text"."""
    style = ", ".join(f"{k}: {v}" for k, v in node.get("style", {}).items())
    if "text" in node:
        return "{" + style + "} " + json.dumps(node["text"])
    kids = node.get("children", [])
    return "{" + style + "}" + (" [" + ", ".join(compact(c) for c in kids) + "]" if kids else "")


def summary(case, mine):
    vp = case["viewport"]
    lines = [f"{case['id']} {case['direction']} viewport {vp['width']}x{vp['height']}: {compact(case['tree'])}"]
    for i in engine.differing_nodes(mine, case["frames"]):
        lines.append(f"  node {i}: chromium {case['frames'][i]} engine {[round(v, 3) for v in mine[i]]}")
    return "\n".join(lines)


def main():
    args = sys.argv[1:]
    save = None
    if "--save" in args:
        i = args.index("--save")
        save = args[i + 1]
        del args[i:i + 2]
    cases = json.load(open(args[0]))
    ids = args[1:]
    shrunk = []
    for wanted in ids:
        case = next(c for c in cases if c["id"] == wanted)
        case = {k: v for k, v in case.items() if k != "frames"}
        try:
            result, diff, rounds = shrink(case, log=open("/dev/null", "w"))
        except SystemExit as matched:  # this case matches now; go on with the others
            print(matched, flush=True)
            continue
        mine = engine.lay_out([result])[0]
        print(summary(result, mine), flush=True)
        shrunk.append(result)
    if save:
        # The minimal trees with Chromium's frames, for `flex-corpus compare` while debugging.
        json.dump(shrunk, open(save, "w"), indent=1)


if __name__ == "__main__":
    main()
