#!/usr/bin/env python3
"""Converts Yoga's generated gentest C++ tests into our layout conformance data.

Yoga's `gentest/fixtures/*.html` are rendered in Chrome; the resulting layouts are emitted as
`tests/generated/*.cpp`. This script reads those generated tests (not the HTML: the expected
frames are in the C++) and writes, into Tests/FlexboxTests/YogaFixtures/:

  <YogaTestFile>.json   one per generated test file: every test, either as a case (in scope,
                        possibly disabled) or as a skipped entry with the reason it is out of scope
  manifest.json         the Yoga commit and per-file counts (the Swift tests check the data against it)
  SKIPPED.md            the out-of-scope tests and why, for humans

Every statement of a test must be understood: an unknown setter or call aborts the conversion,
so a newer Yoga never loses properties silently. See README.md for the format and how to rerun.
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import OrderedDict

# --- Yoga enums → our FlexStyle raw values (Sources/Flexbox/FlexStyle+Keywords.swift) ----------

FLEX_DIRECTION = {
    "YGFlexDirectionRow": "row", "YGFlexDirectionRowReverse": "row-reverse",
    "YGFlexDirectionColumn": "column", "YGFlexDirectionColumnReverse": "column-reverse",
}
WRAP = {"YGWrapNoWrap": "nowrap", "YGWrapWrap": "wrap", "YGWrapWrapReverse": "wrap-reverse"}
JUSTIFY = {
    "YGJustifyFlexStart": "flex-start", "YGJustifyCenter": "center", "YGJustifyFlexEnd": "flex-end",
    "YGJustifySpaceBetween": "space-between", "YGJustifySpaceAround": "space-around",
    "YGJustifySpaceEvenly": "space-evenly",
}
ALIGN = {
    "YGAlignAuto": "auto", "YGAlignFlexStart": "flex-start", "YGAlignCenter": "center",
    "YGAlignFlexEnd": "flex-end", "YGAlignStretch": "stretch", "YGAlignBaseline": "baseline",
    "YGAlignSpaceBetween": "space-between", "YGAlignSpaceAround": "space-around",
    "YGAlignSpaceEvenly": "space-evenly",
}
POSITION = {"YGPositionTypeRelative": "relative", "YGPositionTypeAbsolute": "absolute",
            "YGPositionTypeStatic": "static"}
DISPLAY = {"YGDisplayFlex": "flex", "YGDisplayNone": "none"}
OVERFLOW = {"YGOverflowVisible": "visible", "YGOverflowHidden": "hidden", "YGOverflowScroll": "scroll"}
BOX_SIZING = {"YGBoxSizingBorderBox": "border-box", "YGBoxSizingContentBox": "content-box"}
EDGE = {
    "YGEdgeLeft": "left", "YGEdgeTop": "top", "YGEdgeRight": "right", "YGEdgeBottom": "bottom",
    "YGEdgeStart": "start", "YGEdgeEnd": "end", "YGEdgeHorizontal": "horizontal",
    "YGEdgeVertical": "vertical", "YGEdgeAll": "all",
}
GUTTER = {"YGGutterColumn": "column", "YGGutterRow": "row", "YGGutterAll": "all"}

# Values a test may use that this engine does not implement: the test is out of scope.
OUT_OF_SCOPE_VALUES = {
    "YGDisplayContents": "display: contents",
}
# Setter suffixes for the intrinsic sizing keywords (width: max-content, …): the engine has
# max-content and fit-content (as {"maxContent": true}, {"fitContent": true}), not stretch.
KEYWORD_SUFFIXES = {"MaxContent": "maxContent", "FitContent": "fitContent"}
UNSUPPORTED_KEYWORD_SUFFIXES = {"Stretch": "stretch"}

# The generated tests set only what differs from Yoga's defaults (yoga/style/Style.h), and Yoga's
# defaults are not CSS's (gentest/test-template.html gives every div the Yoga defaults in Chrome).
# So every node starts from these, spelled out, over our FlexStyle (which has CSS defaults).
YOGA_DEFAULTS = OrderedDict([
    ("display", "flex"),
    ("position", "relative"),
    ("boxSizing", "border-box"),
    ("overflow", "visible"),
    ("flexDirection", "column"),       # CSS: row
    ("flexWrap", "nowrap"),
    ("justifyContent", "flex-start"),
    ("alignItems", "stretch"),
    ("alignContent", "flex-start"),    # CSS: stretch (normal)
    ("alignSelf", "auto"),
    ("flexGrow", 0),
    ("flexShrink", 0),                 # CSS: 1
    ("flexBasis", {"auto": True}),
    # min-width/min-height stay CSS `auto` (the automatic minimum size): the expected frames are
    # Chrome's, and the template does not set min-width/min-height, so Chrome used `auto`. Yoga's
    # own default errata (MinSizeUndefinedInsteadOfAuto) approximates it by 0; see README.md.
    ("minWidth", {"auto": True}),
    ("minHeight", {"auto": True}),
])

NODE_NEW = re.compile(r"^YGNodeRef (\w+) = YGNodeNewWithConfig\(config\);$")
INSERT = re.compile(r"^YGNodeInsertChild\((\w+), (\w+), (\d+)\);$")
STYLE_SET = re.compile(r"^YGNodeStyleSet(\w+)\((\w+)((?:, [^,)]+)*)\);$")
CALC = re.compile(r"^YGNodeCalculateLayout\(root, YGUndefined, YGUndefined, YGDirection(LTR|RTL)\);$")
ASSERT = re.compile(r"^ASSERT_FLOAT_EQ\((-?[0-9.]+)f?, YGNodeLayoutGet(Left|Top|Width|Height)\((\w+)\)\);$")
CONTEXT = re.compile(r'^YGNodeSetContext\((\w+), \(void\*\)"((?:[^"\\]|\\.)*)"\);$')
MEASURE = re.compile(r"^YGNodeSetMeasureFunc\((\w+), &facebook::yoga::test::IntrinsicSizeMeasure\);$")
EXPERIMENT = re.compile(r"^YGConfigSetExperimentalFeatureEnabled\(config, YGExperimentalFeature(\w+), true\);$")
IGNORED = {
    "YGConfigRef config = YGConfigNew();", "YGNodeFreeRecursive(root);", "YGConfigFree(config);",
    "GTEST_SKIP();",
}
TEST_START = re.compile(r"^TEST\(YogaTest, (\w+)\) \{$", re.M)


class ConversionError(Exception):
    pass


def number(text):
    """A C++ float literal as a JSON number (an int when integral)."""
    text = text.strip()
    if text.endswith("f"):
        text = text[:-1]
    value = float(text)
    return int(value) if value.is_integer() else value


def length(kind, value):
    """Our Dimension/FlexBasis encoding: {"points": v} | {"percent": v} | {"auto": true}."""
    if kind == "auto":
        return {"auto": True}
    return {kind: number(value)}


class Node:
    def __init__(self, name):
        self.name = name
        self.style = OrderedDict(YOGA_DEFAULTS)
        self.edges = {"margin": {}, "padding": {}, "border": {}, "inset": {}}
        self.gaps = {}
        self.children = {}
        self.parent = None
        self.text = None
        self.measured = False
        self.frames = {"ltr": {}, "rtl": {}}


def apply_setter(node, prop, args, out_of_scope):
    """Applies one `YGNodeStyleSet<prop>(node, args…)` to `node` (or records why it is out of scope)."""
    for suffix, keyword in UNSUPPORTED_KEYWORD_SUFFIXES.items():
        if prop.endswith(suffix) and prop != "AlignSelf":
            out_of_scope.add("intrinsic sizing keyword (%s)" % keyword)
            return
    for suffix, keyword in KEYWORD_SUFFIXES.items():
        base = prop[:-len(suffix)]
        if prop.endswith(suffix) and base in ("Width", "Height", "MinWidth", "MinHeight", "MaxWidth", "MaxHeight", "FlexBasis"):
            key = base[0].lower() + base[1:]
            node.style[key] = {keyword: True}
            return
    if prop.startswith("Grid"):
        out_of_scope.add("grid")
        return
    if args and args[-1] in OUT_OF_SCOPE_VALUES:
        out_of_scope.add(OUT_OF_SCOPE_VALUES[args[-1]])
        return

    enums = {
        "FlexDirection": ("flexDirection", FLEX_DIRECTION), "FlexWrap": ("flexWrap", WRAP),
        "JustifyContent": ("justifyContent", JUSTIFY), "AlignItems": ("alignItems", ALIGN),
        "AlignSelf": ("alignSelf", ALIGN), "AlignContent": ("alignContent", ALIGN),
        "PositionType": ("position", POSITION), "Display": ("display", DISPLAY),
        "Overflow": ("overflow", OVERFLOW), "BoxSizing": ("boxSizing", BOX_SIZING),
    }
    sizes = {"Width": "width", "Height": "height", "MinWidth": "minWidth", "MinHeight": "minHeight",
             "MaxWidth": "maxWidth", "MaxHeight": "maxHeight", "FlexBasis": "flexBasis"}
    edge_props = {"Margin": "margin", "Padding": "padding", "Border": "border", "Position": "inset"}

    if prop in enums:
        key, table = enums[prop]
        if args[0] not in table:
            raise ConversionError("unknown %s value %s" % (prop, args[0]))
        value = table[args[0]]
        if key in ("alignItems", "alignContent") and value == "auto":
            raise ConversionError("auto is not a %s value" % key)
        node.style[key] = value
        return
    if prop in ("FlexGrow", "FlexShrink"):
        node.style["flexGrow" if prop == "FlexGrow" else "flexShrink"] = number(args[0])
        return
    if prop == "AspectRatio":
        ratio = number(args[0])
        # Yoga (Style::setAspectRatio) treats 0 and infinity as undefined; so does CSS for 0.
        if ratio == 0:
            node.style.pop("aspectRatio", None)
        else:
            node.style["aspectRatio"] = ratio
        return
    for base, key in sizes.items():
        for suffix, kind in (("", "points"), ("Percent", "percent"), ("Auto", "auto")):
            if prop == base + suffix:
                node.style[key] = length(kind, args[0] if args else None)
                return
    for base, key in edge_props.items():
        for suffix, kind in (("", "points"), ("Percent", "percent"), ("Auto", "auto")):
            if prop == base + suffix:
                if args[0] not in EDGE:
                    raise ConversionError("unknown edge %s" % args[0])
                if key == "border":
                    if kind != "points":
                        raise ConversionError("border is points only")
                    node.edges[key][EDGE[args[0]]] = number(args[1])
                else:
                    node.edges[key][EDGE[args[0]]] = length(kind, args[1] if len(args) > 1 else None)
                return
    for suffix, kind in (("", "points"), ("Percent", "percent")):
        if prop == "Gap" + suffix:
            node.gaps[GUTTER[args[0]]] = length(kind, args[1])
            return
    raise ConversionError("unknown setter YGNodeStyleSet%s" % prop)


def resolve_edges(values):
    """Yoga's per-edge fallbacks (Style::computeLeftEdge…): left ← horizontal ← all, top ← vertical
    ← all; start/end kept, as our Edges resolves them over left/right by direction."""
    out = OrderedDict()
    for edge, chain in (("top", ("top", "vertical", "all")), ("left", ("left", "horizontal", "all")),
                        ("bottom", ("bottom", "vertical", "all")), ("right", ("right", "horizontal", "all"))):
        for key in chain:
            if key in values:
                out[edge] = values[key]
                break
    for edge in ("start", "end"):
        if edge in values:
            out[edge] = values[edge]
    return out


def finish_style(node):
    style = OrderedDict(node.style)
    for key, values in node.edges.items():
        resolved = resolve_edges(values)
        if resolved:
            style[key] = resolved
    # Yoga's Style::computeColumnGap/computeRowGap: the specific gutter, else `all`.
    for gutter, key in (("row", "rowGap"), ("column", "columnGap")):
        value = node.gaps.get(gutter, node.gaps.get("all"))
        if value is not None:
            style[key] = value
    return style


def parse_test(name, body, file_stem):
    nodes = OrderedDict()
    out_of_scope = set()
    experiments = []
    direction = None
    disabled = False
    for raw in body.splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line == "GTEST_SKIP();":
            disabled = True
        if line in IGNORED:
            continue
        m = NODE_NEW.match(line)
        if m:
            nodes[m.group(1)] = Node(m.group(1))
            continue
        m = INSERT.match(line)
        if m:
            parent, child, index = nodes[m.group(1)], nodes[m.group(2)], int(m.group(3))
            if index in parent.children or child.parent is not None:
                raise ConversionError("%s: bad insert %s" % (name, line))
            parent.children[index] = child
            child.parent = parent
            continue
        m = STYLE_SET.match(line)
        if m:
            args = [a.strip() for a in m.group(3).split(",")[1:]]
            try:
                apply_setter(nodes[m.group(2)], m.group(1), args, out_of_scope)
            except ConversionError as error:
                raise ConversionError("%s: %s (%s)" % (name, error, line))
            continue
        m = CONTEXT.match(line)
        if m:
            nodes[m.group(1)].text = bytes(m.group(2), "utf-8").decode("unicode_escape")
            continue
        m = MEASURE.match(line)
        if m:
            nodes[m.group(1)].measured = True
            continue
        m = EXPERIMENT.match(line)
        if m:
            experiments.append(m.group(1))
            continue
        m = CALC.match(line)
        if m:
            direction = m.group(1).lower()
            continue
        m = ASSERT.match(line)
        if m:
            if direction is None:
                raise ConversionError("%s: assertion before layout" % name)
            node = nodes[m.group(3)]
            field = m.group(2).lower()
            if field in node.frames[direction]:
                raise ConversionError("%s: %s %s asserted twice" % (name, m.group(3), field))
            node.frames[direction][field] = number(m.group(1))
            continue
        raise ConversionError("%s: unknown statement: %s" % (name, line))

    if "root" not in nodes:
        raise ConversionError("%s: no root" % name)
    order = []

    def visit(node):
        order.append(node)
        for index in sorted(node.children):
            visit(node.children[index])

    visit(nodes["root"])
    if len(order) != len(nodes):
        raise ConversionError("%s: %d nodes not in the root's tree" % (name, len(nodes) - len(order)))
    for node in order:
        if node.measured != (node.text is not None):
            raise ConversionError("%s: %s has a measure function without a text or vice versa" % (name, node.name))
        if node.measured and node.children:
            raise ConversionError("%s: measured node %s has children" % (name, node.name))

    def encode(node):
        out = OrderedDict([("id", node.name), ("style", finish_style(node))])
        if node.measured:
            out["measure"] = node.text
        out["children"] = [encode(node.children[i]) for i in sorted(node.children)]
        return out

    expected = OrderedDict()
    for direction in ("ltr", "rtl"):
        frames = []
        for node in order:
            frame = node.frames[direction]
            if sorted(frame) != ["height", "left", "top", "width"]:
                raise ConversionError("%s: %s lacks %s assertions in %s" % (name, node.name, direction, sorted(frame)))
            frames.append([frame["left"], frame["top"], frame["width"], frame["height"]])
        expected[direction] = frames

    case = OrderedDict([
        ("name", name), ("file", file_stem), ("disabled", disabled), ("experiments", experiments),
        ("nodeCount", len(order)), ("tree", encode(nodes["root"])), ("expected", expected),
    ])
    return case, sorted(out_of_scope)


def convert_file(file_stem, source):
    tests = []
    starts = list(TEST_START.finditer(source))
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(source)
        chunk = source[match.end():end]
        close = chunk.rfind("\n}")
        if close < 0:
            raise ConversionError("%s: unterminated test" % match.group(1))
        tests.append((match.group(1), chunk[:close]))
    # An independent count of the tests in the source, so a parsing slip cannot drop one silently.
    raw_count = source.count("TEST(")
    if raw_count != len(tests):
        raise ConversionError("%s: %d TEST( in the source, %d parsed" % (file_stem, raw_count, len(tests)))
    cases, skipped = [], []
    for name, body in tests:
        case, reasons = parse_test(name, body, file_stem)
        if reasons:
            skipped.append(OrderedDict([("name", name), ("disabled", case["disabled"]), ("reasons", reasons)]))
        else:
            cases.append(case)
    return OrderedDict([
        ("yogaFile", "tests/generated/%s.cpp" % file_stem),
        ("sourceTestCount", raw_count),
        ("cases", cases),
        ("skipped", skipped),
    ])


def dumps(value, indent=0, width=110):
    """Deterministic JSON: a value goes on one line when it fits, else one member per line."""
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if len(flat) + indent <= width or not isinstance(value, (dict, list)) or not value:
        return flat
    pad, inner = " " * indent, " " * (indent + 2)
    if isinstance(value, list):
        items = [inner + dumps(v, indent + 2, width) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    items = [inner + json.dumps(k) + ": " + dumps(v, indent + 2, width) for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + pad + "}"


class YogaSource:
    """Reads files from a Yoga checkout, or from a git directory at a commit."""

    def __init__(self, path, commit):
        self.path = path
        if os.path.isdir(os.path.join(path, "tests", "generated")):
            self.git = None
            self.commit = commit or subprocess.run(
                ["git", "-C", path, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip() or "unknown"
        else:
            self.git = path
            self.commit = subprocess.run(["git", "--git-dir", path, "rev-parse", commit or "HEAD"],
                                         capture_output=True, text=True, check=True).stdout.strip()

    def list_generated(self):
        if self.git is None:
            names = os.listdir(os.path.join(self.path, "tests", "generated"))
        else:
            out = subprocess.run(["git", "--git-dir", self.git, "ls-tree", "--name-only", self.commit,
                                  "tests/generated/"], capture_output=True, text=True, check=True).stdout
            names = [os.path.basename(n) for n in out.split()]
        return sorted(n for n in names if n.endswith(".cpp"))

    def read(self, rel):
        if self.git is None:
            with open(os.path.join(self.path, rel), encoding="utf-8") as handle:
                return handle.read()
        return subprocess.run(["git", "--git-dir", self.git, "show", "%s:%s" % (self.commit, rel)],
                              capture_output=True, text=True, check=True).stdout


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, "..", ".."))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("yoga", help="a facebook/yoga checkout, or its git directory")
    parser.add_argument("--commit", help="the commit to read from a git directory (default HEAD)")
    parser.add_argument("--out", default=os.path.join(root, "Tests", "FlexboxTests", "YogaFixtures"))
    args = parser.parse_args()

    source = YogaSource(args.yoga, args.commit)
    os.makedirs(args.out, exist_ok=True)
    manifest = OrderedDict([("yogaCommit", source.commit), ("files", OrderedDict())])
    skipped_lines = []
    totals = OrderedDict((k, 0) for k in ("sourceTests", "cases", "enabled", "disabled", "skipped", "nodes"))
    for filename in source.list_generated():
        stem = filename[:-4]
        data = convert_file(stem, source.read("tests/generated/" + filename))
        data["yogaCommit"] = source.commit
        data.move_to_end("yogaCommit", last=False)
        with open(os.path.join(args.out, stem + ".json"), "w", encoding="utf-8") as handle:
            handle.write(dumps(data) + "\n")
        disabled = sum(1 for c in data["cases"] if c["disabled"])
        counts = OrderedDict([
            ("sourceTests", data["sourceTestCount"]), ("cases", len(data["cases"])),
            ("enabled", len(data["cases"]) - disabled), ("disabled", disabled),
            ("skipped", len(data["skipped"])), ("nodes", sum(c["nodeCount"] for c in data["cases"])),
        ])
        manifest["files"][stem] = counts
        for key in totals:
            totals[key] += counts[key]
        for entry in data["skipped"]:
            skipped_lines.append("| %s | %s | %s | %s |" % (
                stem, entry["name"], ", ".join(entry["reasons"]), "yes" if entry["disabled"] else ""))
    manifest["totals"] = totals
    reasons = OrderedDict()
    for line in skipped_lines:
        for reason in line.split(" | ")[2].split(", "):
            reasons[reason] = reasons.get(reason, 0) + 1
    manifest["skippedByReason"] = OrderedDict(sorted(reasons.items()))
    with open(os.path.join(args.out, "manifest.json"), "w", encoding="utf-8") as handle:
        handle.write(dumps(manifest) + "\n")
    with open(os.path.join(args.out, "SKIPPED.md"), "w", encoding="utf-8") as handle:
        handle.write("# Yoga tests out of scope\n\n")
        handle.write("Generated by `scripts/yoga-fixtures/convert.py` from facebook/yoga %s.\n" % source.commit)
        handle.write("A test is out of scope when it uses a feature this engine does not implement; a test\n"
                     "with several such features lists them all. %d of %d tests.\n\n" % (totals["skipped"], totals["sourceTests"]))
        for reason, count in manifest["skippedByReason"].items():
            handle.write("- %s: %d\n" % (reason, count))
        handle.write("\n| File | Test | Reason | Disabled in Yoga |\n|---|---|---|---|\n")
        handle.write("\n".join(skipped_lines) + "\n")
    print("yoga %s: %d tests in %d files → %d cases (%d enabled, %d disabled), %d out of scope" % (
        source.commit[:10], totals["sourceTests"], len(manifest["files"]), totals["cases"],
        totals["enabled"], totals["disabled"], totals["skipped"]))


if __name__ == "__main__":
    try:
        main()
    except ConversionError as error:
        sys.exit("convert.py: %s" % error)
