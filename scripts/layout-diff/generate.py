#!/usr/bin/env python3
"""Random flex trees in CSS terms, for the differential layout bench (see README.md).

A case is {id, profile, viewport: {width, height|null}, direction, tree}. A node is
{"style": {css-property: value, ...}, "children": [...]} or a text leaf {"style": {...}, "text": "..."}.
Property names and values are CSS's own (kebab-case, "12px", "50%", "auto", keywords), so the same
tree is an HTML page for Chromium (chromium.py) and a FlexTree for the engine (FlexboxCorpus).
A style leaves out what equals the engine's defaults, which the page's style sheet sets for every
div: display flex, position relative, box-sizing border-box (CSS defaults otherwise).

Profiles:
  random  every property the engine lays out, nesting up to 5 levels, text and fixed-size leaves
  card    card-shaped trees (header, avatar, text column, body, footer row) with random values
  block   CSS normal flow: block and flow-root containers with collapsing margins (negative,
          percent, auto), paddings, borders, widths, min/max, texts, empty blocks, flex containers
          inside blocks and blocks inside flex containers, absolute, relative and static boxes
Deterministic: the same seed gives the same cases.

  generate.py --count 100 --seed 7 [--profile random|card|mixed] > cases.json
"""

import argparse
import json
import random
import string

JUSTIFY = ["flex-start", "flex-end", "center", "space-between", "space-around", "space-evenly",
           "start", "end", "left", "right", "normal", "stretch"]
ALIGN_ITEMS = ["flex-start", "flex-end", "center", "baseline", "stretch", "start", "end",
               "self-start", "self-end", "normal"]
ALIGN_CONTENT = ["flex-start", "flex-end", "center", "space-between", "space-around", "space-evenly",
                 "stretch", "start", "end", "normal"]
SAFE_OK = {"flex-start", "flex-end", "center", "start", "end", "self-start", "self-end", "left", "right"}
PERCENTS = [0, 5, 10, 20, 25, 30, 33.3, 40, 50, 60, 75, 80, 100, 120]
RATIOS = ["1 / 1", "2 / 1", "1 / 2", "16 / 9", "3 / 4", "0.5", "1.5", "4 / 3"]
SIZE_KEYWORDS = ["min-content", "max-content", "fit-content"]


class Generator:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.nodes = 0
        self.max_nodes = 40

    # -- small helpers --------------------------------------------------------
    def p(self, probability):
        return self.r.random() < probability

    def pick(self, values):
        return self.r.choice(values)

    def px(self, low, high, fraction=0.15):
        v = self.r.randint(low, high)
        if self.p(fraction):
            v += self.pick([0.25, 0.5, 0.75, 0.3])
        return f"{v:g}px"

    def pct(self):
        return f"{self.pick(PERCENTS):g}%"

    def size(self, low=0, high=200, percent=0.25, keyword=0.07):
        if self.p(keyword):
            return self.pick(SIZE_KEYWORDS)
        return self.pct() if self.p(percent) else self.px(low, high)

    def words(self):
        count = self.r.randint(1, 6)
        return " ".join("".join(self.pick(string.ascii_lowercase) for _ in range(self.r.randint(1, 9)))
                        for _ in range(count))

    def alignment(self, values, safe=0.06):
        v = self.pick(values)
        if v in SAFE_OK and self.p(safe):
            v = self.pick(["safe", "unsafe"]) + " " + v
        return v

    # -- properties -----------------------------------------------------------
    def container_style(self, s, wraps_hint=0.3):
        s["flex-direction"] = self.pick(["row", "row", "row", "column", "column", "row-reverse", "column-reverse"])
        if self.p(wraps_hint):
            s["flex-wrap"] = self.pick(["wrap", "wrap", "wrap-reverse"])
        if self.p(0.45):
            s["justify-content"] = self.alignment(JUSTIFY)
        if self.p(0.45):
            s["align-items"] = self.alignment(ALIGN_ITEMS)
        if self.p(0.5 if "flex-wrap" in s else 0.15):
            s["align-content"] = self.alignment(ALIGN_CONTENT)
        if self.p(0.2):
            s["row-gap"] = self.pct() if self.p(0.2) else self.px(0, 16)
        if self.p(0.2):
            s["column-gap"] = self.pct() if self.p(0.2) else self.px(0, 16)

    def box_style(self, s):
        if self.p(0.25):
            for side in self.sides():
                s[f"padding-{side}"] = self.pick(["5%", "10%"]) if self.p(0.15) else self.px(0, 16)
        if self.p(0.18):
            for side in self.sides():
                s[f"border-{side}-width"] = self.px(1, 8, 0)
        if self.p(0.15):
            s["box-sizing"] = "content-box"
        if self.p(0.12):
            s["overflow"] = self.pick(["hidden", "hidden", "scroll"])

    def sides(self):
        all4 = ["top", "right", "bottom", "left"]
        if self.p(0.4):
            return all4
        chosen = [side for side in all4 if self.p(0.5)]
        if self.p(0.12):
            chosen.append(self.pick(["inline-start", "inline-end"]))
        return chosen or [self.pick(all4)]

    def item_style(self, s, parent_row):
        r = self
        if r.p(0.3):
            s["flex-grow"] = f"{r.pick([1, 1, 1, 2, 0.5, 0.3, 0.2, 3]):g}"
        if r.p(0.22):
            s["flex-shrink"] = f"{r.pick([0, 0, 0, 2, 0.5, 3, 0.25]):g}"
        if r.p(0.25):
            s["flex-basis"] = r.pick(["0px", "auto", "content"]) if r.p(0.3) else r.size(0, 180)
        main, cross = ("width", "height") if parent_row else ("height", "width")
        if r.p(0.4):
            s[main] = r.size(0, 180)
        if r.p(0.35):
            s[cross] = r.size(0, 140)
        for key in ["min-width", "min-height"]:
            if r.p(0.1):
                s[key] = r.size(0, 150, keyword=0.15)
        for key in ["max-width", "max-height"]:
            if r.p(0.1):
                s[key] = r.pick(["none"] + SIZE_KEYWORDS) if r.p(0.15) else r.size(0, 200, keyword=0)
        if r.p(0.07):
            s["aspect-ratio"] = r.pick(RATIOS)
        if r.p(0.25):
            for side in r.sides():
                s[f"margin-{side}"] = "auto" if r.p(0.25) else (r.pick(["5%", "10%", "-5%"]) if r.p(0.12) else r.px(-10, 16))
        if r.p(0.15):
            s["align-self"] = r.alignment(["auto"] + ALIGN_ITEMS)
        if r.p(0.07):
            s["order"] = str(r.pick([-1, 1, 2, 3, -2]))
        if r.p(0.025):
            s["display"] = "none"
        position = "relative"
        if r.p(0.08):
            position = "absolute"
        elif r.p(0.03):
            position = "static"
        if position != "relative":
            s["position"] = position
        if r.p(0.8 if position == "absolute" else 0.1):
            for side in r.sides():
                s[side if side in ("top", "right", "bottom", "left") else "inset-" + side] = (
                    "auto" if r.p(0.15) else (r.pct() if r.p(0.2) else r.px(-10, 40)))

    # -- trees ----------------------------------------------------------------
    def node(self, depth, parent_row, max_depth):
        self.nodes += 1
        s = {}
        self.item_style(s, parent_row)
        budget_left = self.nodes < self.max_nodes
        kind = "container" if depth < max_depth and budget_left and self.p(0.5 - 0.07 * depth) else \
            self.pick(["text", "text", "fixed", "empty"])
        if kind == "text":
            self.box_style(s)
            return {"style": s, "text": self.words()}
        if kind == "fixed":
            s.setdefault("width", self.px(0, 120))
            s.setdefault("height", self.px(0, 80))
            self.box_style(s)
            return {"style": s, "children": []}
        if kind == "empty":
            self.box_style(s)
            return {"style": s, "children": []}
        self.container_style(s)
        self.box_style(s)
        if self.p(0.04):
            s["direction"] = self.pick(["rtl", "ltr"])
        row = s["flex-direction"].startswith("row")
        count = self.r.randint(1, 5 if depth < 2 else 3)
        return {"style": s, "children": [self.node(depth + 1, row, max_depth) for _ in range(count)]}

    def root(self, viewport):
        s = {}
        self.container_style(s)
        self.box_style(s)
        if self.p(0.3):
            s["width"] = self.px(60, viewport["width"])
        if viewport["height"] is not None and self.p(0.5):
            s["height"] = self.px(40, viewport["height"])
        row = s["flex-direction"].startswith("row")
        count = self.r.randint(1, 6)
        max_depth = self.r.randint(2, 5)
        return {"style": s, "children": [self.node(1, row, max_depth) for _ in range(count)]}

    # -- block flow (the block profile) ----------------------------------------
    def block_margin(self):
        r = self
        if r.p(0.12):
            return r.pick(["5%", "10%", "-5%"])
        return r.px(-12, 20) if r.p(0.35) else r.px(0, 20)

    def block_item_style(self, s):
        """A block-level box's own properties: margins (collapsing: mostly vertical, some negative,
        percent, auto on the sides), widths and heights, min/max, insets."""
        r = self
        if r.p(0.7):
            for side in ["top", "bottom"]:
                if r.p(0.7):
                    s[f"margin-{side}"] = r.block_margin()
        if r.p(0.3):
            for side in r.pick([["left"], ["right"], ["left", "right"], ["inline-start"], ["inline-end"]]):
                s[f"margin-{side}"] = "auto" if r.p(0.4) else r.block_margin()
        if r.p(0.3):
            s["width"] = r.size(0, 220, percent=0.35, keyword=0.1)
        if r.p(0.15):
            s["height"] = r.size(0, 90, percent=0.3, keyword=0)
        if r.p(0.08):
            s["min-width"] = r.size(0, 150, keyword=0.1)
        if r.p(0.08):
            s["max-width"] = r.size(0, 200, keyword=0.1)
        if r.p(0.08):
            s["min-height"] = r.size(0, 60, keyword=0.1)
        if r.p(0.06):
            s["max-height"] = r.size(0, 80, keyword=0.1)
        if r.p(0.04):
            s["aspect-ratio"] = r.pick(RATIOS)
        if r.p(0.02):
            s["display"] = "none"
        position = "relative"
        if r.p(0.08):
            position = "absolute"
        elif r.p(0.08):
            position = "static"
        if position != "relative":
            s["position"] = position
        if r.p(0.6 if position == "absolute" else 0.1):
            for side in r.sides():
                s[side if side in ("top", "right", "bottom", "left") else "inset-" + side] = (
                    "auto" if r.p(0.15) else (r.pct() if r.p(0.2) else r.px(-10, 40)))

    def block_node(self, depth, max_depth):
        """A block-level child of a block container: a block or flow-root container, a text, a
        fixed-size or empty block (collapsing through), or a flex container."""
        self.nodes += 1
        s = {}
        budget_left = self.nodes < self.max_nodes
        roll = self.r.random()
        container = depth < max_depth and budget_left
        if container and roll < 0.38:
            kind = "block"
        elif container and roll < 0.5:
            kind = "flex"
        else:
            kind = self.pick(["text", "text", "text", "fixed", "empty", "empty"])
        if kind == "flex":
            s["display"] = "flex"
            self.block_item_style(s)
            self.container_style(s)
            self.box_style(s)
            row = s["flex-direction"].startswith("row")
            count = self.r.randint(1, 4)
            return {"style": s, "children": [self.flex_child(depth + 1, row, max_depth) for _ in range(count)]}
        s["display"] = "flow-root" if kind == "block" and self.p(0.1) else "block"
        self.block_item_style(s)
        if kind == "text":
            if self.p(0.3):
                self.box_style(s)
            return {"style": s, "text": self.words()}
        if kind == "fixed":
            s.setdefault("height", self.px(0, 50))
            self.box_style(s)
            return {"style": s, "children": []}
        if kind == "empty":
            if self.p(0.3):
                self.box_style(s)
            return {"style": s, "children": []}
        self.box_style(s)
        if self.p(0.04):
            s["direction"] = self.pick(["rtl", "ltr"])
        count = self.r.randint(1, 5 if depth < 2 else 3)
        return {"style": s, "children": [self.block_node(depth + 1, max_depth) for _ in range(count)]}

    def flex_child(self, depth, parent_row, max_depth):
        """An item of a flex container in the block profile: a flex tree, or a block container."""
        if depth < max_depth and self.nodes < self.max_nodes and self.p(0.4):
            self.nodes += 1
            s = {"display": self.pick(["block", "block", "flow-root"])}
            self.item_style(s, parent_row)
            self.box_style(s)
            count = self.r.randint(1, 3)
            return {"style": s, "children": [self.block_node(depth + 1, max_depth) for _ in range(count)]}
        return self.node(depth, parent_row, max_depth)

    def block_root(self, viewport):
        # The root establishes a block formatting context, as the engine's layout root does (a
        # plain block root would let its children's margins collapse into the page's wrapper).
        s = {"display": "flow-root" if self.p(0.5) else "block"}
        self.box_style(s)
        if s["display"] == "block" and s.get("overflow", "visible") == "visible":
            s["display"] = "flow-root"
        if self.p(0.3):
            s["width"] = self.px(60, viewport["width"])
        if viewport["height"] is not None and self.p(0.3):
            s["height"] = self.px(40, viewport["height"])
        count = self.r.randint(1, 6)
        max_depth = self.r.randint(2, 5)
        return {"style": s, "children": [self.block_node(1, max_depth) for _ in range(count)]}

    def card(self, viewport):
        """A card: a column with a header row (avatar, a text column), body text, media, a footer row."""
        r = self
        def text(extra=None):
            s = {}
            if r.p(0.3):
                r.item_style(s, False)
            s.update(extra or {})
            return {"style": s, "text": r.words()}
        avatar = {"style": {"width": r.px(16, 56, 0), "height": r.px(16, 56, 0), "flex-shrink": "0"}, "children": []}
        if r.p(0.3):
            avatar["style"]["aspect-ratio"] = "1 / 1"
            del avatar["style"]["height"]
        names = {"style": {"flex-direction": "column", "flex-grow": "1", "min-width": r.pick(["0px", "auto"])},
                 "children": [text(), text()]}
        header = {"style": {"align-items": r.pick(["center", "flex-start", "baseline"]),
                            "column-gap": r.px(0, 12, 0)}, "children": [avatar, names]}
        if r.p(0.5):
            header["children"].append(text({"flex-shrink": "0"}))
        media = {"style": {"height": r.px(40, 120, 0)} if r.p(0.5) else {"aspect-ratio": r.pick(RATIOS)},
                 "children": []}
        buttons = [text({"padding-left": r.px(2, 10, 0), "padding-right": r.px(2, 10, 0)}) for _ in range(r.r.randint(1, 4))]
        footer = {"style": {"justify-content": r.pick(["space-between", "flex-end", "space-around", "center"]),
                            "flex-wrap": r.pick(["nowrap", "wrap"])}, "children": buttons}
        children = [header, text(), media, footer]
        if r.p(0.3):
            badge = {"style": {"position": "absolute", "top": r.px(0, 10, 0), "right": r.px(0, 10, 0)},
                     "children": [text()]}
            children.append(badge)
        r.r.shuffle(children) if r.p(0.1) else None
        root = {"style": {"flex-direction": "column", "row-gap": r.px(0, 12, 0)}, "children": children}
        for side in ["top", "right", "bottom", "left"]:
            root["style"][f"padding-{side}"] = r.px(0, 16, 0)
        if r.p(0.3):
            root["style"]["width"] = r.px(min(120, viewport["width"]), viewport["width"], 0)
        # A few random properties anywhere, so no two cards follow the template exactly.
        stack = [root]
        while stack:
            n = stack.pop()
            if n is not root and r.p(0.15):
                r.item_style(n["style"], r.p(0.5))
            stack.extend(n.get("children", []))
        return root


def make_case(seed, profile):
    g = Generator(seed)
    viewport = {"width": g.r.randint(80, 600), "height": g.r.randint(60, 500) if g.p(0.6) else None}
    direction = "rtl" if g.p(0.3) else "ltr"
    tree = g.card(viewport) if profile == "card" else (g.block_root(viewport) if profile == "block" else g.root(viewport))
    return {"id": f"{profile}-{seed}", "profile": profile, "viewport": viewport, "direction": direction, "tree": tree}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1, help="the first case's seed; case i uses seed + i")
    ap.add_argument("--profile", choices=["random", "card", "block", "mixed"], default="mixed",
                    help="mixed: every fourth case is a card")
    args = ap.parse_args()
    cases = []
    for i in range(args.count):
        seed = args.seed + i
        profile = args.profile if args.profile != "mixed" else ("card" if seed % 4 == 0 else "random")
        cases.append(make_case(seed, profile))
    json.dump(cases, __import__("sys").stdout, indent=None, separators=(",", ":"))
    print()


if __name__ == "__main__":
    main()
