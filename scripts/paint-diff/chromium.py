#!/usr/bin/env python3
"""The oracle: renders paint cases in headless Chromium, one PNG per case.

  chromium.py cases.json OUT_DIR        writes OUT_DIR/<id>.png for every case

One browser process for all cases, driven over the DevTools protocol on a pipe
(`--remote-debugging-pipe`: NUL-terminated JSON commands on its fd 3, replies and events on its
fd 4), so no websocket package is needed. Each case's page (html.py) is written to a temporary
file and loaded into one tab whose viewport is the case's canvas (W×H CSS px at device scale
factor 2); once the load event has fired, the fonts are ready, the images decoded and two frames
painted, the viewport is captured: a PNG of exactly 2W×2H pixels with a transparent background
(`Emulation.setDefaultBackgroundColorOverride` with alpha 0), so alpha is compared too.

The generic families are set to fontconfig's (Page.setFontFamilies from `fc-match`: DejaVu here,
where Chromium's own sans-serif and serif would be Liberation Sans and Serif through Arial and Times
New Roman), and the fixed font size to 16 like the standard one, as the engine's Pango has them.

Flags: the repeatable-screenshot set of the project notes (CSS.md §2). The same case rendered twice
gives byte-identical PNGs (`chromium.py --check-repeatable cases.json` checks it).
"""

import argparse
import base64
import fcntl
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

import html as page_html  # scripts/paint-diff/html.py

FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--font-render-hinting=none",
         "--disable-lcd-text", "--force-color-profile=srgb", "--force-device-scale-factor=2",
         "--disable-extensions", "--no-first-run", "--no-default-browser-check", "--mute-audio",
         "--remote-debugging-pipe"]
SCALE = 2


def generic_families():
    """The generic families as fontconfig resolves them (`fc-match`), which is what the engine's
    Pango draws: Chromium's own defaults on Linux are Arial and Times New Roman, which fontconfig
    turns into Liberation Sans and Liberation Serif, not the DejaVu faces that sans-serif and serif
    mean to fontconfig here. Set on the page with Page.setFontFamilies."""
    families = {}
    for key, generic in (("sansSerif", "sans-serif"), ("serif", "serif"), ("fixed", "monospace")):
        try:
            name = subprocess.run(["fc-match", "-f", "%{family[0]}", generic], capture_output=True, text=True).stdout.strip()
        except OSError:
            name = ""
        if name:
            families[key] = name
    if "sansSerif" in families:
        families["standard"] = families["sansSerif"]
    return families

# Resolves once the fonts are loaded, every image decoded and two frames have been produced.
SETTLE = """
(async () => {
  await document.fonts.ready;
  await Promise.all([...document.images].map(i => i.decode().catch(() => null)));
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return [...document.images].every(i => i.complete);
})()
"""


class Browser:
    """One headless Chromium driven over the DevTools pipe, with one tab attached."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="paint-diff-profile-")
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
        self.call("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}}, session=True)
        # sans-serif, serif and monospace as fontconfig means them, and 16px for monospace too
        # (Chromium's default fixed size is 13px: `monospace` at a keyword size would shrink).
        self.call("Page.setFontFamilies", {"fontFamilies": generic_families()}, session=True)
        self.call("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 16}}, session=True)

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
        """Waits for an event of the attached tab."""
        while True:
            for i, event in enumerate(self._events):
                if event["method"] == method:
                    del self._events[i]
                    return event
            self._events.append(self._read_message())

    def screenshot(self, page, width, height):
        """The page rendered in a width × height viewport at scale 2, as PNG bytes."""
        with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
            f.write(page)
            path = f.name
        try:
            self.call("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": SCALE, "mobile": False}, session=True)
            self._events.clear()
            self.call("Page.navigate", {"url": "file://" + path}, session=True)
            self.wait_event("Page.loadEventFired")
            settled = self.call("Runtime.evaluate", {"expression": SETTLE, "awaitPromise": True, "returnByValue": True},
                                session=True)
            if not settled.get("result", {}).get("value"):
                raise RuntimeError(f"the page did not settle: {settled}")
            shot = self.call("Page.captureScreenshot", {"format": "png", "fromSurface": True}, session=True)
            return base64.b64decode(shot["data"])
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
    """The width and height from a PNG's IHDR."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def recompress(data):
    """The PNG with its image data deflated at level 9 (Chromium writes it fast): the same pixels,
    fewer bytes for the committed corpus. Ancillary chunks are dropped."""
    chunks, pos, idat = [], 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IDAT":
            idat += body
        elif kind in (b"IHDR", b"PLTE", b"tRNS"):
            chunks.append((kind, body))
    out = [data[:8]]

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    out += [chunk(kind, body) for kind, body in chunks]
    out.append(chunk(b"IDAT", zlib.compress(zlib.decompress(idat), 9)))
    out.append(chunk(b"IEND", b""))
    return b"".join(out)


def render(cases, out_dir, browser=None, log=None):
    """Writes <id>.png for every case into out_dir; returns {id: error} for cases that have no page."""
    os.makedirs(out_dir, exist_ok=True)
    failures = {}
    own = browser is None
    browser = browser or Browser()
    try:
        for case in cases:
            doc = case["document"]
            try:
                page = page_html.page(doc)
            except (ValueError, KeyError) as error:
                failures[case["id"]] = f"no HTML form: {error}"
                continue
            w, h = doc["size"]["width"], doc["size"]["height"]
            data = browser.screenshot(page, w, h)
            if png_size(data) != (w * SCALE, h * SCALE):
                raise RuntimeError(f"{case['id']}: screenshot is {png_size(data)}, expected {(w * SCALE, h * SCALE)}")
            with open(os.path.join(out_dir, case["id"] + ".png"), "wb") as f:
                f.write(recompress(data))
            if log:
                log(case["id"])
    finally:
        if own:
            browser.close()
    return failures


def version():
    """Chromium's version line."""
    return subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases")
    ap.add_argument("out", nargs="?")
    ap.add_argument("--check-repeatable", action="store_true",
                    help="render every case twice (two browser processes) and compare the PNGs byte for byte")
    args = ap.parse_args()
    cases = json.load(open(args.cases))
    if args.check_repeatable:
        with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
            render(cases, a)
            render(cases, b)
            differ = [c["id"] for c in cases if os.path.exists(os.path.join(a, c["id"] + ".png"))
                      and open(os.path.join(a, c["id"] + ".png"), "rb").read() != open(os.path.join(b, c["id"] + ".png"), "rb").read()]
        print(f"{len(cases) - len(differ)} of {len(cases)} cases byte-identical" + (f"; differ: {differ}" if differ else ""))
        sys.exit(1 if differ else 0)
    if not args.out:
        ap.error("OUT_DIR is required")
    failures = render(cases, args.out)
    for case_id, error in failures.items():
        print(f"{case_id}: {error}", file=sys.stderr)


if __name__ == "__main__":
    main()
