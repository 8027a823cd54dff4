#!/usr/bin/env python3
"""Random HTML cards from a seed, reproducible: nested block, inline and flex structures with
random supported properties and values, random Latin (sometimes CJK) text, and a <style> sheet
of random selectors that target the generated classes.

  generate.py SEED [SEED ...]          prints each card's HTML
  generate.py --out DIR 1 2 3          writes DIR/random-<seed>.html

A card is `random-<seed>`, group `random`; its size is 400x300 (four in five) or 600x400.
Python's random.Random(seed) drives everything, so the same seed gives the same HTML.
"""

import argparse
import os
import random

from images import IMAGES

WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et "
         "dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea "
         "commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur "
         "card render swift layout pixel glyph baseline margin border flex").split()
CJK = "漢字かな文章日本語中文测试卡片布局排版字体行高"
FONTS = ['"DejaVu Sans", sans-serif', '"DejaVu Serif", serif', '"DejaVu Sans Mono", monospace']
COLORS = ["#0f172a", "#1e40af", "#b91c1c", "#15803d", "#7c3aed", "#c2410c", "#0e7490", "#374151"]
# Flat colours only: gradients are covered by the hand-written paint cards, and a smooth gradient
# costs ten times the PNG bytes of a flat card.
BGS = ["#f1f5f9", "#fef3c7", "#dbeafe", "#dcfce7", "#fce7f3", "#ede9fe", "#ffedd5", "#e0f2fe", "transparent"]
# Mostly small: the corpus must stay small (a 2× screenshot of antialiased text costs bytes).
SIZES = [(400, 300)] * 4 + [(600, 400)]
INLINE_TAGS = ["span", "b", "i", "em", "strong", "a", "small", "code", "u", "s"]
BLOCK_TAGS = ["div", "div", "div", "p", "section", "h2", "h3", "ul"]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.classes = []
        self.count = 0
        self.cjk = self.r.random() < 0.2

    def cls(self):
        name = f"c{len(self.classes)}"
        self.classes.append(name)
        return name

    def text(self, lo=1, hi=12):
        r = self.r
        n = r.randint(lo, hi)
        if self.cjk and r.random() < 0.4:
            return "".join(r.choice(CJK) for _ in range(n * 2))
        words = [r.choice(WORDS) for _ in range(n)]
        if words and r.random() < 0.3:
            words[0] = words[0].capitalize()
        return " ".join(words)

    def length(self, lo, hi, pct=True):
        r = self.r
        k = r.random()
        if pct and k < 0.15:
            return f"{r.choice([10, 20, 25, 33, 50, 60, 75, 100])}%"
        if k < 0.22:
            return f"{r.choice([0.5, 1, 1.5, 2])}em"
        return f"{r.randint(lo, hi)}px"

    def box_props(self, in_flex):
        r = self.r
        p = []
        if r.random() < 0.5:
            p.append(f"background: {r.choice(BGS)}")
        if r.random() < 0.5:
            p.append(f"padding: {r.randint(0, 16)}px" + (f" {r.randint(0, 20)}px" if r.random() < 0.5 else ""))
        if r.random() < 0.45:
            m = [r.randint(-8, 24) for _ in range(4)]
            p.append(r.choice([f"margin: {m[0]}px", f"margin: {m[0]}px {m[1]}px", f"margin: {m[0]}px {m[1]}px {m[2]}px {m[3]}px",
                               f"margin-top: {m[0]}px", f"margin-bottom: {m[2]}px"]))
        if r.random() < 0.3:
            p.append(f"border: {r.randint(1, 5)}px {r.choice(['solid', 'solid', 'dashed', 'dotted'])} {r.choice(COLORS)}")
        if r.random() < 0.2:
            p.append(f"border-radius: {r.randint(2, 16)}px")
        if r.random() < 0.3:
            p.append(f"width: {self.length(60, 360)}")
        if r.random() < 0.12:
            p.append(f"height: {r.randint(20, 120)}px")
        if r.random() < 0.08:
            p.append("margin-left: auto; margin-right: auto")
        if r.random() < 0.1:
            p.append(f"box-sizing: border-box")
        if in_flex and r.random() < 0.5:
            p.append(r.choice(["flex: 1", "flex: 2", "flex: 0 0 80px", "flex-grow: 1", "flex-shrink: 0", "align-self: center",
                               "align-self: flex-end", f"order: {r.randint(-1, 2)}"]))
        return p

    def text_props(self):
        r = self.r
        p = []
        if r.random() < 0.35:
            p.append(f"font-size: {r.choice([11, 12, 13, 14, 15, 16, 18, 20, 24, 28])}px")
        if r.random() < 0.3:
            p.append(f"color: {r.choice(COLORS)}")
        if r.random() < 0.2:
            p.append(f"font-weight: {r.choice(['bold', 'normal', '700'])}")
        if r.random() < 0.1:
            p.append("font-style: italic")
        if r.random() < 0.2:
            p.append(f"line-height: {r.choice(['1', '1.2', '1.5', '2', '20px', '150%', 'normal'])}")
        if r.random() < 0.2:
            p.append(f"text-align: {r.choice(['left', 'center', 'right', 'justify'])}")
        if r.random() < 0.07:
            p.append(f"letter-spacing: {r.choice([1, 2, -0.5])}px")
        if r.random() < 0.05:
            p.append(f"text-transform: {r.choice(['uppercase', 'capitalize'])}")
        if r.random() < 0.04:
            p.append("white-space: nowrap")
        return p

    def inline(self, depth):
        r = self.r
        k = r.random()
        if k < 0.08:
            uri = IMAGES[r.choice(["avatar", "icon", "checker"])]
            size = r.choice([16, 20, 24, 32])
            va = r.choice(["", "", f"; vertical-align: {r.choice(['middle', 'top', 'bottom', '-4px', 'text-bottom'])}"])
            return f'<img src="{uri}" style="width: {size}px; height: {size}px{va}" alt="">'
        if k < 0.12:
            return "<br>"
        tag = r.choice(INLINE_TAGS if depth == 0 else INLINE_TAGS[:5] + INLINE_TAGS[6:])  # no <a> in an <a>
        attrs = ""
        style = []
        if r.random() < 0.4:
            attrs += f' class="{self.cls()}"'
        if r.random() < 0.15:
            style.append("display: inline-block")
            style += self.box_props(False)
        elif r.random() < 0.3:
            style += [s for s in self.text_props() if not s.startswith("text-align")]
            if r.random() < 0.3:
                style.append(f"background: {r.choice(BGS[:8])}; padding: 0 {r.randint(0, 6)}px")
            if r.random() < 0.1:
                style.append(f"vertical-align: {r.choice(['super', 'sub', 'middle', '3px'])}")
            if r.random() < 0.05:
                style.append(f"position: relative; top: {r.randint(-6, 6)}px")
        if style:
            attrs += f' style="{"; ".join(style)}"'
        inner = self.text(1, 6)
        if depth < 2 and r.random() < 0.25:
            inner += " " + self.inline(depth + 1) + " " + self.text(0, 3)
        self.count += 1
        return f"<{tag}{attrs}>{inner}</{tag}>"

    def inline_content(self):
        parts = [self.text(0, 6)]
        for _ in range(self.r.randint(0, 3)):
            parts.append(self.inline(0))
            parts.append(self.text(0, 6))
        return " ".join(p for p in parts if p)

    def block(self, depth, in_flex=False):
        r = self.r
        self.count += 1
        kind = r.random()
        tag = r.choice(BLOCK_TAGS) if depth > 0 else "div"
        style = self.box_props(in_flex) + self.text_props()
        attrs = ""
        if r.random() < 0.6:
            attrs += f' class="{self.cls()}"'
        if r.random() < 0.03:
            attrs += f' id="n{self.seed}x{self.count}"'
        if tag == "ul":
            items = "".join(f"<li>{self.inline_content()}</li>" for _ in range(r.randint(1, 4)))
            return f"<ul{attrs}>{items}</ul>"
        if tag in ("p", "h2", "h3"):
            if r.random() < 0.08:
                style += [f"display: -webkit-box", "-webkit-box-orient: vertical", f"-webkit-line-clamp: {r.randint(1, 3)}", "overflow: hidden"]
            return f'<{tag}{attrs} style="{"; ".join(style)}">{self.inline_content()}</{tag}>'
        if depth >= 3 or self.count > 40 or kind < 0.25:
            return f'<{tag}{attrs} style="{"; ".join(style)}">{self.inline_content()}</{tag}>'
        flex = kind < 0.55
        if flex:
            style.append(f"display: {r.choice(['flex', 'flex', 'inline-flex'])}")
            if r.random() < 0.4:
                style.append("flex-direction: column")
            if r.random() < 0.3:
                style.append("flex-wrap: wrap")
            if r.random() < 0.5:
                style.append(f"gap: {r.randint(2, 16)}px")
            if r.random() < 0.4:
                style.append(f"justify-content: {r.choice(['center', 'space-between', 'flex-end', 'space-around'])}")
            if r.random() < 0.4:
                style.append(f"align-items: {r.choice(['center', 'flex-start', 'flex-end', 'baseline', 'stretch'])}")
        elif r.random() < 0.1:
            style.append("position: relative")
        children = []
        for _ in range(r.randint(1, 4)):
            c = r.random()
            if c < 0.2 and not flex:
                children.append(self.inline_content())
            elif c < 0.28:
                children.append(f'<div style="position: absolute; {r.choice(["top", "bottom"])}: {r.randint(0, 40)}px; '
                                f'{r.choice(["left", "right"])}: {r.randint(0, 60)}px; background: {r.choice(BGS[:8])}; '
                                f'padding: 4px{"; z-index: " + str(r.randint(-1, 3)) if r.random() < 0.5 else ""}">{self.text(1, 3)}</div>')
            else:
                children.append(self.block(depth + 1, flex))
        return f'<{tag}{attrs} style="{"; ".join(style)}">{"".join(children)}</{tag}>'

    def sheet(self):
        r = self.r
        rules = []
        cl = self.classes or ["none"]
        for _ in range(r.randint(2, 8)):
            c = r.choice(cl)
            sel = r.choice([f".{c}", f"div.{c}", f".{c} span", f".{c} > *", f".{c} + div", f".{c} ~ p", f"p:first-child",
                            f"li:nth-child(2n+1)", f".{c} :last-child", f"div:not(.{c})", f"[class^=c{r.randint(0, 9)}]",
                            f"body > div > .{c}", f"b, strong"])
            decls = r.sample(self.text_props() + self.box_props(False) or ["color: #111"], k=1) + \
                    (["background: " + r.choice(BGS)] if r.random() < 0.4 else [])
            if r.random() < 0.1:
                decls[0] += " !important"
            rules.append(f"{sel} {{ {'; '.join(decls)} }}")
        if r.random() < 0.2:
            rules.append(f"@media (max-width: {r.choice([500, 700, 1000])}px) {{ .{r.choice(cl)} {{ color: #be123c; padding: 6px }} }}")
        return "\n".join(rules)


def card_html(seed):
    g = Gen(seed)
    w, h = g.r.choice(SIZES)
    font = g.r.choice(FONTS)
    if g.cjk:
        font = font.replace('", ', '", "Noto Sans CJK SC", ', 1)
    body_style = [f"font-family: {font}"]
    if g.r.random() < 0.3:
        body_style.append("margin: 0")
    if g.r.random() < 0.3:
        body_style.append(f"padding: {g.r.randint(8, 32)}px")
    blocks = "\n".join(g.block(0) for _ in range(g.r.randint(1, 4)))
    sheet = g.sheet()
    return f"""<!DOCTYPE html>
<html{' lang="ja"' if g.cjk else ''}>
<head>
<meta charset="utf-8">
<meta name="card-size" content="{w}x{h}">
<meta name="card-group" content="random">
<style>
body {{ {'; '.join(body_style)} }}
{sheet}
</style>
</head>
<body>
{blocks}
</body>
</html>
"""


def cards(seeds):
    import chromium
    out = []
    for s in seeds:
        html = card_html(s)
        w, h = chromium.card_size(html)
        out.append({"id": f"random-{s}", "group": "random", "width": w, "height": h, "html": html})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("seeds", nargs="+", type=int)
    ap.add_argument("--out")
    args = ap.parse_args()
    for s in args.seeds:
        html = card_html(s)
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            open(os.path.join(args.out, f"random-{s}.html"), "w").write(html)
        else:
            print(html)


if __name__ == "__main__":
    main()
