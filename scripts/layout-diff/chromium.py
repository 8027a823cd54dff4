#!/usr/bin/env python3
"""The oracle: lays out cases (generate.py's JSON) in headless Chromium and adds its frames.

Each batch of cases is one HTML page: every case's root sits in an absolutely positioned wrapper
of the viewport's size (height auto when the viewport has none), text in the LayoutBlock font
(font.py) at 10px/10px. A script reads every node's getBoundingClientRect() (border box, CSS px,
Chromium's 1/64 px layout units) relative to its case's root and writes them into the page, which
`chromium --dump-dom` prints. A node that is not rendered (display: none, or inside one) is null.

  chromium.py cases.json > cases-with-frames.json        (or - for stdin)

Frames are [x, y, width, height] per node in pre-order (the node, then its children in document
order), x/y relative to the root's border box. Needs Debian's `chromium` and fontTools (PyPI).
"""

import concurrent.futures
import html
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FONT_DIR = os.path.join(ROOT, ".build", "layout-diff", "font")
BATCH = 150

FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--font-render-hinting=none", "--disable-lcd-text", "--force-color-profile=srgb",
         "--disable-extensions", "--no-first-run", "--dump-dom"]

STYLE_SHEET = """
html, body { margin: 0; padding: 0; }
body { font: 10px/10px LayoutBlock; }
.case { position: absolute; left: 0; top: 0; }
.case div { display: flex; position: relative; box-sizing: border-box; }
.case div.t { display: block; }
#probe { position: absolute; left: 0; top: 0; white-space: nowrap; font: 10px/10px LayoutBlock; }
"""

SCRIPT = """
const out = {probe: null, cases: []};
const p = document.getElementById('probe').getBoundingClientRect();
out.probe = [p.width, p.height];
for (const c of document.querySelectorAll('.case')) {
  const root = c.firstElementChild;
  const r = root.getBoundingClientRect();
  const frames = [];
  for (const e of [root, ...root.querySelectorAll('div')]) {
    if (e.getClientRects().length === 0) { frames.push(null); continue; }
    const b = e.getBoundingClientRect();
    frames.push([b.left - r.left, b.top - r.top, b.width, b.height]);
  }
  out.cases.push(frames);
}
document.getElementById('OUT').textContent = JSON.stringify(out);
"""


def css(style):
    parts = []
    for key, value in style.items():
        parts.append(f"{key}: {value}")
        m = re.fullmatch(r"border-(top|right|bottom|left|inline-start|inline-end)-width", key)
        if m:
            parts.append(f"border-{m.group(1)}-style: solid")
    return "; ".join(parts)


def node_html(node, direction=None):
    style = dict(node.get("style", {}))
    if direction:
        style["direction"] = direction
    attrs = f' style="{html.escape(css(style))}"' if style else ""
    if "text" in node:
        return f'<div class="t"{attrs}>{html.escape(node["text"])}</div>'
    return f"<div{attrs}>" + "".join(node_html(c) for c in node.get("children", [])) + "</div>"


def page(cases):
    body = []
    for case in cases:
        vp = case["viewport"]
        height = f'{vp["height"]}px' if vp.get("height") is not None else "auto"
        direction = case.get("direction", "ltr")
        body.append(f'<div class="case" style="width: {vp["width"]}px; height: {height}">'
                    + node_html(case["tree"], direction if direction != "ltr" else None) + "</div>")
    return ("<!DOCTYPE html><html><head><meta charset=utf-8><style>" + STYLE_SHEET + "</style></head><body>"
            + '<div id="probe">abc de</div>' + "".join(body)
            + '<pre id="OUT"></pre><script>' + SCRIPT + "</script></body></html>")


def count_nodes(node):
    return 1 + sum(count_nodes(c) for c in node.get("children", []))


def ensure_font():
    if not os.path.exists(os.path.join(FONT_DIR, "fonts.conf")):
        subprocess.run([sys.executable, os.path.join(HERE, "font.py"), FONT_DIR], check=True)


def run_batch(cases):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "page.html")
        with open(path, "w") as f:
            f.write(page(cases))
        env = dict(os.environ, FONTCONFIG_FILE=os.path.join(FONT_DIR, "fonts.conf"))
        proc = subprocess.run(["chromium", *FLAGS, f"--user-data-dir={tmp}/profile", "file://" + path],
                              capture_output=True, text=True, env=env, timeout=300)
    m = re.search(r'<pre id="OUT">(.*?)</pre>', proc.stdout, re.S)
    if not m:
        raise RuntimeError("chromium printed no frames: " + proc.stderr[-2000:])
    out = json.loads(html.unescape(m.group(1)))
    if out["probe"] != [60, 10]:
        raise RuntimeError(f"the LayoutBlock font did not load: 'abc de' measured {out['probe']}, expected [60, 10]")
    if len(out["cases"]) != len(cases):
        raise RuntimeError("chromium laid out a different number of cases")
    results = []
    for case, frames in zip(cases, out["cases"]):
        if len(frames) != count_nodes(case["tree"]):
            raise RuntimeError(f"{case['id']}: {len(frames)} frames for {count_nodes(case['tree'])} nodes")
        results.append(dict(case, frames=[None if f is None else [round(v, 4) for v in f] for f in frames]))
    return results


def version():
    return subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()


def lay_out(cases, jobs=2):
    ensure_font()
    batches = [cases[i:i + BATCH] for i in range(0, len(cases), BATCH)]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        return [case for batch in pool.map(run_batch, batches) for case in batch]


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else "-"
    cases = json.load(sys.stdin if source == "-" else open(source))
    json.dump(lay_out(cases), sys.stdout, separators=(",", ":"))
    print()


if __name__ == "__main__":
    main()
