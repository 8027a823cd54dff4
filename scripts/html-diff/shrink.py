#!/usr/bin/env python3
"""Shrinks an HTML card on which our layout and Chromium's differ to a small one that still differs.

Each round makes every one-step simplification of the current card (drop an element inside
<body>, put an element's children in its place, drop one declaration of a style attribute, drop
one rule of a <style>, drop the second half of a text's words), lays them all out in Chromium (one
browser) and with ours (one `html-corpus compare` run over all of them), and keeps the first that
still differs: an element more than 1 px off on some edge, or a text on another number of lines
(SSIM is not judged). It stops when no simplification differs.

  shrink.py CARD                          CARD: an id in Tests/HTMLTests/ChromiumCards/cards.json
                                          (random-102), or an .html file
  shrink.py CARD --save OUT.html          also writes the small card
  shrink.py CARD --corpus .build/debug/html-corpus
  shrink.py CARD --lines                  differs only where a text's line count does (keeps a
                                          wrapping difference from shrinking into another one)

Prints the small card and, for it, what differs (html-corpus's --detail lines).
"""

import argparse
import html
import json
import os
import re
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

import chromium

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
RAW = {"style", "script"}


class Node:
    def __init__(self, tag=None, attrs=None, text=None):
        self.tag, self.attrs, self.text, self.children = tag, list(attrs or []), text, []

    def serialize(self):
        if self.tag is None:
            return self.text
        if self.tag == "#doctype":
            return f"<!{self.text}>"
        attrs = "".join(f' {k}' if v is None else f' {k}="{html.escape(v, quote=True)}"' for k, v in self.attrs)
        if self.tag in VOID:
            return f"<{self.tag}{attrs}>"
        inner = "".join(c.serialize() for c in self.children)
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>"


class TreeBuilder(HTMLParser):
    """A tree of the card as written (the cards are well formed; no error recovery here)."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.root = Node("#document")
        self.stack = [self.root]

    def handle_decl(self, decl):
        self.stack[-1].children.append(Node("#doctype", text=decl))

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs)
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node(tag, attrs))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(Node(text=data))

    def handle_entityref(self, name):
        self.stack[-1].children.append(Node(text=f"&{name};"))

    def handle_charref(self, name):
        self.stack[-1].children.append(Node(text=f"&#{name};"))


def parse(text):
    builder = TreeBuilder()
    builder.feed(text)
    builder.close()
    return builder.root


def serialize(root):
    return "".join(c.serialize() for c in root.children)


def walk(node, path=()):
    yield path, node
    for i, child in enumerate(node.children):
        yield from walk(child, path + (i,))


def at(root, path):
    node = root
    for i in path:
        node = node.children[i]
    return node


def split_rules(css):
    """Top-level rules of a style sheet (an @media block is one)."""
    rules, depth, start = [], 0, 0
    for i, ch in enumerate(css):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                rules.append(css[start:i + 1])
                start = i + 1
    return rules


def candidates(text):
    """Every one-step simplification of the card's source."""
    root = parse(text)
    body_paths = [p for p, n in walk(root) if n.tag == "body"]
    body = body_paths[0] if body_paths else None
    for path, node in list(walk(root)):
        inside = body is not None and len(path) > len(body) and path[:len(body)] == body
        if inside and node.tag not in (None, "#doctype"):
            copy = parse(text)
            parent = at(copy, path[:-1])
            del parent.children[path[-1]]
            yield serialize(copy)
            if node.children:
                copy = parse(text)
                parent = at(copy, path[:-1])
                parent.children[path[-1]:path[-1] + 1] = at(parse(text), path).children
                yield serialize(copy)
        if node.tag not in (None, "#doctype"):
            for index, (key, value) in enumerate(node.attrs):
                if key == "style" and value:
                    declarations = [d for d in value.split(";") if d.strip()]
                    for drop in range(len(declarations)):
                        copy = parse(text)
                        kept = "; ".join(d.strip() for j, d in enumerate(declarations) if j != drop)
                        at(copy, path).attrs[index] = (key, kept)
                        yield serialize(copy)
                elif key == "class":
                    copy = parse(text)
                    del at(copy, path).attrs[index]
                    yield serialize(copy)
        if node.tag == "style" and node.children:
            rules = split_rules(node.children[0].text or "")
            for drop in range(len(rules)):
                copy = parse(text)
                at(copy, path).children[0].text = "\n" + "\n".join(r.strip() for j, r in enumerate(rules) if j != drop) + "\n"
                yield serialize(copy)
        if inside and node.tag is None and node.text:
            words = node.text.split()
            if len(words) > 1:
                copy = parse(text)
                at(copy, path).text = (" " if node.text[:1].isspace() else "") + " ".join(words[:len(words) // 2]) + \
                    (" " if node.text[-1:].isspace() else "")
                yield serialize(copy)


def verdicts(texts, browser, corpus, lines_only=False):
    """For each card source: the html-corpus --detail lines when it differs, else None."""
    cards = []
    for i, text in enumerate(texts):
        width, height = chromium.card_size(text)
        card = {"id": f"c{i}", "group": "shrink", "width": width, "height": height, "html": text}
        measured, _ = browser.card(text, width, height)
        card.update(measured)
        cards.append(card)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(cards, f)
        path = f.name
    try:
        out = subprocess.run([corpus, "compare", path, "--detail"], capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    results, current, lines = {}, None, []
    for line in out.splitlines():
        m = re.match(r"(c\d+): elements (\d+)/(\d+), lines (\d+)/(\d+)", line)
        if m:
            if current is not None:
                results[current] = lines
            current, lines = m.group(1), []
            differs = m.group(4) != m.group(5) or (not lines_only and m.group(2) != m.group(3))
            if not differs:
                results[current] = None
                current = None
            continue
        if current is not None and line.strip().startswith("✗"):
            lines.append(line.strip())
    if current is not None:
        results[current] = lines
    return [results.get(f"c{i}") for i in range(len(texts))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("card")
    parser.add_argument("--save")
    parser.add_argument("--corpus", default=os.path.join(ROOT, ".build", "debug", "html-corpus"))
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--lines", action="store_true")
    args = parser.parse_args()
    if os.path.exists(args.card):
        text = open(args.card, encoding="utf-8").read()
    else:
        cards = json.load(open(os.path.join(ROOT, "Tests", "HTMLTests", "ChromiumCards", "cards.json"), encoding="utf-8"))
        text = next(c["html"] for c in cards if c["id"] == args.card)
    with chromium.Browser() as browser:
        verdict = verdicts([text], browser, args.corpus, args.lines)[0]
        if verdict is None:
            sys.exit("the card does not differ: nothing to shrink")
        for round in range(args.rounds):
            kept = False
            options = list(dict.fromkeys(candidates(text)))
            # A batch at a time: the first (largest) simplifications usually differ still.
            for start in range(0, len(options), 16):
                batch = options[start:start + 16]
                for option, result in zip(batch, verdicts(batch, browser, args.corpus, args.lines)):
                    if result:
                        text, verdict, kept = option, result, True
                        break
                if kept:
                    break
            print(f"round {round + 1}: {len(text)} bytes", file=sys.stderr)
            if not kept:
                break
    print(text)
    print("\n".join(verdict))
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
