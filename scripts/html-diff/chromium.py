#!/usr/bin/env python3
"""The oracle: loads HTML cards in headless Chromium and records what it laid out and drew.

  chromium.py CARD.html [...] [--out DIR]       prints each card's record; PNGs into DIR
  chromium.py --check-repeatable CARD.html ...  renders every card in two browsers, compares bytes

Per card (README.md, "The data"): `boxes` (getBoundingClientRect of every element: html, body
and every element inside body but script/style/template/link/meta/title/noscript/iframe/object/
embed and their contents, and the descendants of an inline svg), `tags`, `lines` and `lineTexts`
(for every text node in body that is not only ASCII white space: its line boxes, counted from
Range.getClientRects), and a screenshot at device scale factor 2 of the card's W×H CSS px.

One browser process for all cards, driven over the DevTools protocol on a pipe
(`--remote-debugging-pipe`: NUL-terminated JSON on its fds 3 and 4), as in scripts/paint-diff.
The page background is Chromium's default, opaque white. The generic families are fontconfig's
(`fc-match serif | sans-serif | monospace`; Chromium's own standard/serif/sans-serif on Linux are
Times New Roman and Arial, which fontconfig maps to Liberation fonts that scripts/install-deps.sh
does not install); the default sizes stay Chromium's (16px, 13px for monospace).
"""

import argparse
import base64
import fcntl
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--font-render-hinting=none",
         "--disable-lcd-text", "--force-color-profile=srgb", "--force-device-scale-factor=2",
         "--disable-extensions", "--no-first-run", "--no-default-browser-check", "--mute-audio",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-pipe"]
SCALE = 2
DEFAULT_SIZE = (600, 400)
EXCLUDED = ["script", "style", "template", "link", "meta", "title", "noscript", "iframe", "object", "embed"]


def fc_match(pattern, fmt="%{family[0]}"):
    try:
        return subprocess.run(["fc-match", "-f", fmt, pattern], capture_output=True, text=True).stdout.strip()
    except OSError:
        return ""


def generic_families():
    """Chromium's generic families set to what fontconfig answers for the generic names."""
    families = {}
    for key, generic in (("standard", "serif"), ("serif", "serif"), ("sansSerif", "sans-serif"), ("fixed", "monospace")):
        name = fc_match(generic)
        if name:
            families[key] = name
    return families


def fonts_resolution():
    """fc-match's answers for the names the README records."""
    return {name: fc_match(name, "%{file}: %{family[0]} %{style[0]}")
            for name in ("serif", "sans-serif", "monospace", "Times New Roman", "Arial", "DejaVu Sans",
                         "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans CJK SC", "Noto Color Emoji")}


def card_meta(html, name, default=None):
    m = re.search(r'<meta\s+name="%s"\s+content="([^"]*)"' % re.escape(name), html)
    return m.group(1) if m else default


def card_size(html):
    size = card_meta(html, "card-size")
    if not size:
        return DEFAULT_SIZE
    w, h = size.lower().split("x")
    return int(w), int(h)


# Resolves once the fonts are loaded, every image decoded and two frames have been produced.
SETTLE = """
(async () => {
  await document.fonts.ready;
  await Promise.all([...document.images].map(i => i.decode().catch(() => null)));
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return [...document.images].every(i => i.complete);
})()
"""

# The measurements: see README.md for the exact definitions.
MEASURE = """
(() => {
  const EXCLUDED = new Set(%s);
  const q = v => Math.round(v * 64) / 64;
  const boxes = [], tags = [], lines = [], lineTexts = [];
  const box = e => { const r = e.getBoundingClientRect(); boxes.push([q(r.x), q(r.y), q(r.width), q(r.height)]); tags.push(e.localName); };
  const countLines = t => {
    const range = document.createRange();
    range.selectNodeContents(t);
    // One text node has one font: each of its fragments is its primary font's content area on
    // its line's baseline, so fragments on one line share their top (lines closer than the font
    // is tall overlap, and only the top tells them apart).
    const tops = new Set();
    for (const r of range.getClientRects()) {
      if (r.width > 0) tops.add(q(r.top));
    }
    return tops.size;
  };
  const walk = (node, inSvg) => {
    for (const n of node.childNodes) {
      if (n.nodeType === Node.ELEMENT_NODE) {
        if (EXCLUDED.has(n.localName)) continue;
        if (inSvg) continue;
        box(n);
        walk(n, n.namespaceURI === "http://www.w3.org/2000/svg");
      } else if (n.nodeType === Node.TEXT_NODE && !inSvg) {
        if (/^[ \\t\\n\\f\\r]*$/.test(n.data)) continue;
        lines.push(countLines(n));
        lineTexts.push(n.data.slice(0, 40));
      }
    }
  };
  box(document.documentElement);
  box(document.body);
  walk(document.body, false);
  return {boxes, tags, lines, lineTexts};
})()
""" % json.dumps(EXCLUDED)


class Browser:
    """One headless Chromium driven over the DevTools pipe, with one tab attached."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="html-diff-profile-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()
        # The child must see the pipes as its fds 3 and 4: bash (dash stops at fd 9) moves them there and execs
        # Chromium. Above 10 first, so that neither is already 3 or 4 when the other is moved.
        r, w = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10), fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
        os.close(to_child_r)
        os.close(from_child_w)
        command = ["bash", "-c", f'exec chromium "$@" 3<&{r} 4>&{w} {r}<&- {w}>&-', "chromium",
                   *FLAGS, f"--user-data-dir={self.profile}", "about:blank"]
        self.proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, pass_fds=(r, w))
        os.close(r)
        os.close(w)
        self._buffer = b""
        self._next_id = 0
        self._events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)
        self.call("Page.setFontFamilies", {"fontFamilies": generic_families()}, session=True)
        self.call("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}}, session=True)

    def _read_message(self):
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=False):
        """Sends a command and waits for its reply (events read meanwhile are kept)."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read_message()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self._events.append(reply)

    def wait_event(self, method):
        while True:
            for i, event in enumerate(self._events):
                if event["method"] == method:
                    del self._events[i]
                    return event
            self._events.append(self._read_message())

    def evaluate(self, expression):
        reply = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                          session=True)
        if "exceptionDetails" in reply:
            raise RuntimeError(f"evaluate: {reply['exceptionDetails']}")
        return reply.get("result", {}).get("value")

    def card(self, html, width, height):
        """Loads the card in a width × height viewport at scale 2: its measurements and PNG bytes."""
        with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as f:
            f.write(html)
            path = f.name
        try:
            self.call("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": SCALE, "mobile": False}, session=True)
            self._events.clear()
            self.call("Page.navigate", {"url": "file://" + path}, session=True)
            self.wait_event("Page.loadEventFired")
            if not self.evaluate(SETTLE):
                raise RuntimeError("the page did not settle (an image failed to load?)")
            measured = self.evaluate(MEASURE)
            shot = self.call("Page.captureScreenshot",
                             {"format": "png", "fromSurface": True, "captureBeyondViewport": False,
                              "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}}, session=True)
            return measured, base64.b64decode(shot["data"])
        finally:
            os.unlink(path)

    def close(self):
        try:
            self.call("Browser.close")
        except RuntimeError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_child)
        os.close(self._from_child)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def png_size(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def recompress(data):
    """The PNG with its image data deflated at level 9 and ancillary chunks dropped: same pixels,
    fewer bytes."""
    chunks, pos, idat = [], 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IDAT":
            idat += body
        elif kind in (b"IHDR", b"PLTE", b"tRNS"):
            chunks.append([kind, body])
    raw = zlib.decompress(idat)
    out = [data[:8]]

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    out += [chunk(kind, body) for kind, body in chunks]
    out.append(chunk(b"IDAT", zlib.compress(raw, 9)))
    out.append(chunk(b"IEND", b""))
    return b"".join(out)


def version():
    return subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()


def render_cards(cards, png_dir=None, browser=None, log=None):
    """Fills boxes/tags/lines/lineTexts of every card ({id, html, width, height, …}); writes
    <id>.png into png_dir when given."""
    own = browser is None
    browser = browser or Browser()
    try:
        for card in cards:
            measured, data = browser.card(card["html"], card["width"], card["height"])
            if png_size(data) != (card["width"] * SCALE, card["height"] * SCALE):
                raise RuntimeError(f"{card['id']}: screenshot is {png_size(data)}")
            card.update(measured)
            if png_dir:
                os.makedirs(png_dir, exist_ok=True)
                with open(os.path.join(png_dir, card["id"] + ".png"), "wb") as f:
                    f.write(recompress(data))
            if log:
                log(card["id"])
    finally:
        if own:
            browser.close()
    return cards


def load_card_file(path):
    html = open(path, encoding="utf-8").read()
    w, h = card_size(html)
    return {"id": os.path.splitext(os.path.basename(path))[0], "group": card_meta(html, "card-group", "misc"),
            "width": w, "height": h, "html": html}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cards", nargs="+")
    ap.add_argument("--out", help="folder for <id>.png")
    ap.add_argument("--check-repeatable", action="store_true")
    args = ap.parse_args()
    cards = [load_card_file(p) for p in args.cards]
    if args.check_repeatable:
        with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
            first = render_cards([dict(c) for c in cards], a)
            second = render_cards([dict(c) for c in cards], b)
            differ = [c["id"] for c in cards
                      if open(os.path.join(a, c["id"] + ".png"), "rb").read() != open(os.path.join(b, c["id"] + ".png"), "rb").read()]
            data_differ = [x["id"] for x, y in zip(first, second) if x != y]
        print(f"{len(cards) - len(differ)} of {len(cards)} PNGs byte-identical" + (f"; differ: {differ}" if differ else "")
              + (f"; measurements differ: {data_differ}" if data_differ else ""))
        sys.exit(1 if differ or data_differ else 0)
    for card in render_cards(cards, args.out):
        print(json.dumps({k: card[k] for k in ("id", "group", "width", "height", "boxes", "tags", "lines", "lineTexts")}))


if __name__ == "__main__":
    main()
