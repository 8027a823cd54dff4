#!/usr/bin/env python3
"""The public API of each library module as a sorted text list, one declaration per line.

Reads the symbol graphs `scripts/build-docs.sh` dumps (public symbols only) from
.build/docs-symbol-graphs/<Module>/ and writes api/<Module>.txt, or with --check compares them
with the committed lists and fails, printing the difference, when the public API changed. The
lists are committed so that a change to the public surface shows in review.

    scripts/api-list.py            # rewrite api/*.txt
    scripts/api-list.py --check    # exit 1 when they differ (make docs runs this)
"""
import difflib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
GRAPHS = ROOT / ".build" / "docs-symbol-graphs"
OUT = ROOT / "api"


def declaration(symbol):
    fragments = symbol.get("declarationFragments") or symbol.get("names", {}).get("subHeading", [])
    text = "".join(f["spelling"] for f in fragments)
    return " ".join(text.split())


def lines_for(module_dir):
    lines = set()
    for graph in sorted(module_dir.glob("*.symbols.json")):
        data = json.loads(graph.read_text())
        extended = graph.stem.split("@")[1].replace(".symbols", "") if "@" in graph.stem else None
        for symbol in data["symbols"]:
            path = ".".join(symbol["pathComponents"])
            if extended:
                path = f"{extended}:{path}"
            lines.add(f"{path}  |  {declaration(symbol)}")
    return sorted(lines)


def main():
    check = "--check" in sys.argv[1:]
    if not GRAPHS.is_dir():
        print(f"api-list: {GRAPHS} is missing: run scripts/build-docs.sh first", file=sys.stderr)
        return 2
    OUT.mkdir(exist_ok=True)
    changed = False
    for module_dir in sorted(p for p in GRAPHS.iterdir() if p.is_dir()):
        text = "\n".join(lines_for(module_dir)) + "\n"
        target = OUT / f"{module_dir.name}.txt"
        old = target.read_text() if target.exists() else ""
        if old == text:
            continue
        changed = True
        if check:
            diff = difflib.unified_diff(old.splitlines(), text.splitlines(), f"api/{target.name} (committed)",
                                        f"api/{target.name} (built)", lineterm="", n=0)
            print("\n".join(diff))
        else:
            target.write_text(text)
            print(f"api-list: wrote {target.relative_to(ROOT)}")
    if check and changed:
        print("api-list: the public API differs from api/*.txt; if the change is meant, run scripts/api-list.py and commit api/",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
