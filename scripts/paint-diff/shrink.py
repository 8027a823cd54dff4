#!/usr/bin/env python3
"""Shrinks a paint case on which the renderer and Chromium differ to a minimal one that still differs.

Each round makes every one-step simplification of the current document (drop an element, put a
child in its parent's place, drop a style property, keep one item of a list such as a shadow list,
drop one argument of a function such as a gradient's stop, keep the first of several values,
round a number), renders them all in Chromium (one browser) and with the renderer (one
paint-corpus run), and keeps the first that still differs ("differs: …"; a candidate the decoder
refuses or that matches is never kept); it stops when none does.

  shrink.py CASES.json ID… [--save OUT.json]
      prints each minimal case's document on one line, with its verdict (and saves them, for
      `paint-corpus compare` and montage.py)
"""

import argparse
import copy
import json
import re
import sys
import tempfile

import chromium
import engine


def elements(element, path=()):
    yield path, element
    for i, child in enumerate(element.get("children", [])):
        yield from elements(child, path + (i,))


def at(element, path):
    for i in path:
        element = element["children"][i]
    return element


def split_top(text, separator=","):
    """Splits at separators outside parentheses."""
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == separator and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    parts.append(current.strip())
    return parts


def simpler_values(value):
    """One-step simplifications of a style value."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value != round(value):
            yield round(value)
        return
    if not isinstance(value, str):
        return
    items = split_top(value)
    if len(items) > 1:  # a list: shadows, backgrounds, transforms are space lists (below)
        for i in range(len(items)):
            yield ", ".join(items[:i] + items[i + 1:])
        return
    m = re.fullmatch(r"([\w-]+)\((.*)\)", value.strip())
    if m:  # one function: drop one argument
        args = split_top(m.group(2))
        if len(args) > 2:
            for i in range(len(args)):
                yield f"{m.group(1)}({', '.join(args[:i] + args[i + 1:])})"
        return
    words = split_top(value, " ")
    if len(words) > 1 and "(" not in value:
        yield words[0]
    functions = re.findall(r"[\w-]+\([^()]*\)", value)
    if len(functions) > 1:  # a transform list
        for f in functions:
            yield f
    for number in set(re.findall(r"-?\d+\.\d+", value)):
        yield value.replace(number, str(round(float(number))))


def candidates(case):
    root = case["document"]["root"]
    for path, element in list(elements(root)):
        for i in range(len(element.get("children", []))):
            c = copy.deepcopy(case)
            del at(c["document"]["root"], path)["children"][i]
            yield c
        if path:
            for child in element.get("children", []):
                c = copy.deepcopy(case)
                at(c["document"]["root"], path[:-1])["children"][path[-1]] = copy.deepcopy(child)
                yield c
        for key in list(element.get("style", {})):
            c = copy.deepcopy(case)
            del at(c["document"]["root"], path)["style"][key]
            yield c
        for key, value in list(element.get("style", {}).items()):
            for simpler in simpler_values(value):
                c = copy.deepcopy(case)
                at(c["document"]["root"], path)["style"][key] = simpler
                yield c


def verdicts(cases, browser):
    with tempfile.TemporaryDirectory() as pngs:
        chromium.render(cases, pngs, browser=browser)
        found, _ = engine.compare(cases, pngs)
    return found


def shrink(case, browser):
    current = copy.deepcopy(case)
    verdict = verdicts([current], browser).get(current["id"], "")
    if not verdict.startswith("differs"):
        return current, verdict
    while True:
        options = []
        for i, c in enumerate(candidates(current)):
            c["id"] = f"{case['id']}-s{i}"
            options.append(c)
        found = verdicts(options, browser) if options else {}
        better = next((c for c in options if found.get(c["id"], "").startswith("differs")), None)
        if better is None:
            return current, verdict
        verdict = found[better["id"]]
        current = dict(better, id=case["id"])
        print(f"  {verdict}: {json.dumps(current['document']['root'])}", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases")
    ap.add_argument("ids", nargs="+")
    ap.add_argument("--save")
    args = ap.parse_args()
    cases = {c["id"]: c for c in json.load(open(args.cases))}
    results = []
    with chromium.Browser() as browser:
        for case_id in args.ids:
            minimal, verdict = shrink(cases[case_id], browser)
            results.append(dict(minimal, note=f"shrunk from {case_id}: {verdict}"))
            print(f"{case_id}: {verdict}\n  {json.dumps(minimal['document']['root'])}")
    if args.save:
        with open(args.save, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
