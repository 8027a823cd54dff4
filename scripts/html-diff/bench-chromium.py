#!/usr/bin/env python3
"""HTML cards to PNG: headless Chromium against AsyncLayerKit, cards per second, one at a time and two.

Issue 27's third performance figure: the same card as HTML through us and through headless
Chromium on this machine, screenshot to PNG, cards per second, single and two at once.

Chromium's side, per card drawn: the card's HTML written into the open page as a new document
(`document.open(); document.write(html); document.close()`, what Puppeteer's `page.setContent`
does; with --navigate, a navigation to the card's temporary file as a new document,
`file://…?n=<serial>`, and the load event: about 30 % slower), `document.fonts.ready`, and
`Page.captureScreenshot` of its W×H CSS px at device scale 2 (a PNG of 2W×2H px, base64 over the
DevTools pipe, decoded here): what a service that screenshots HTML with a warm headless browser
does per card. The browsers are chromium.py's (same flags and fonts) and are started once, before
the rounds. "1" is one browser drawing --count cards; "2" is two browser processes drawing
--count cards each at the same time (a thread each; the pipes' reads release the GIL), cards/s
being the total over the wall time. "screenshot only" takes --count screenshots of a page loaded
once: Chromium's floor (the page is laid out and painted; rasterising and the PNG remain).

chromium.py's records wait two animation frames and every image's decode before the screenshot;
this bench does not (a rendering service would not wait for frames it does not need), and checks
instead, before the rounds, that its screenshot of every card is pixel-identical to one taken
after that longer wait.

AsyncLayerKit's side (--ours, card-bench's path): `card-bench html --throughput --json --workers N`
on the card in a process of its own (warmed before timing), one worker and then two concurrent
workers (child tasks): each card is HTMLCard(html:), a fresh ElementRenderer at scale 2 (texts
measured, images decoded every time) and a PNG.

Every round measures each card in one block: ours with one worker and two, then Chromium with one
browser and two, then the screenshot floor. The machine may be shared: before a block the script
waits until other processes leave it quiet, and it redoes a block during which processes outside
its own tree (the browsers and card-bench are inside) used more than --max-foreign of the
machine's CPU time (/proc/stat's busy time less the tree's), so that "two at once" had two cores.
The header line says how many blocks were redone and how much the others used in the worst kept one.

  swift build -c release --package-path Examples --product card-bench
  python3 scripts/html-diff/bench-chromium.py --ours Examples/.build/release/card-bench --rounds 5 --count 10

Default cards: the four realistic cards card-bench html measures, then Examples/html-cards/*.html.
Prints, per card, the medians over the rounds and ours / Chromium (the median of the per-round
ratios, with their range) for one at a time and for two; the last row is the geometric mean of
the cards' median ratios.
"""

import argparse
import base64
import glob
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import chromium  # noqa: E402
import png  # noqa: E402

REALISTIC = [os.path.join(HERE, "cards", f"realistic-{name}.html") for name in ("tweet", "pricing", "og-blog", "receipt")]
DEFAULT_CARDS = REALISTIC + sorted(glob.glob(os.path.join(ROOT, "Examples", "html-cards", "*.html")))


class Page:
    """A card as Chromium loads it: its temporary file, size, and a serial for new documents."""

    def __init__(self, path):
        card = chromium.load_card_file(path)
        self.path = path
        self.id, self.width, self.height, self.html = card["id"], card["width"], card["height"], card["html"]
        with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as f:
            f.write(self.html)
            self.file = f.name
        self.serial = 0

    def next_serials(self, n):
        first = self.serial
        self.serial += n
        return first

    def close(self):
        os.unlink(self.file)


def prepare(browser, page):
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": page.width, "height": page.height, "deviceScaleFactor": chromium.SCALE, "mobile": False},
                 session=True)


# How each card is loaded: "content" (default) or "navigate" (--navigate).
MODE = {"load": "content"}


def load(browser, page, serial):
    """Loads the card as a new document and returns once its fonts are ready: by default written
    into the open page (document.open/write/close, as Puppeteer's page.setContent does), with
    --navigate by a navigation to its file (`file://…?n=<serial>`) and the load event."""
    if MODE["load"] == "navigate":
        browser._events.clear()
        browser.call("Page.navigate", {"url": f"file://{page.file}?n={serial}"}, session=True)
        browser.wait_event("Page.loadEventFired")
        browser.evaluate("document.fonts.ready.then(() => true)")
    else:
        browser.evaluate("document.open(); document.write(%s); document.close(); document.fonts.ready.then(() => true)"
                         % json.dumps(page.html))


def screenshot(browser, page):
    """The loaded card as PNG bytes (2W × 2H px)."""
    shot = browser.call("Page.captureScreenshot",
                        {"format": "png", "fromSurface": True, "captureBeyondViewport": False,
                         "clip": {"x": 0, "y": 0, "width": page.width, "height": page.height, "scale": 1}}, session=True)
    return base64.b64decode(shot["data"])


def draw_cards(browser, page, count, first_serial):
    """Loads and screenshots the card `count` times; the last PNG."""
    data = b""
    for i in range(count):
        load(browser, page, first_serial + i)
        data = screenshot(browser, page)
        if chromium.png_size(data) != (page.width * chromium.SCALE, page.height * chromium.SCALE):
            raise RuntimeError(f"{page.id}: screenshot is {chromium.png_size(data)}")
    return data


def check_screenshot(browser, page):
    """This bench's screenshot against chromium.py's (after image decodes and two frames): same
    pixels (the same bytes from the same encoder, else decoded with png.py, slowly)."""
    prepare(browser, page)
    fast = draw_cards(browser, page, 1, page.next_serials(1))
    _, settled = browser.card(page.html, page.width, page.height)
    if fast != settled and png.decode_rgba(fast) != png.decode_rgba(settled):
        raise RuntimeError(f"{page.id}: the screenshot without the settling wait differs from chromium.py's")
    return len(fast)


def one_browser(browser, page, count):
    prepare(browser, page)
    start = time.perf_counter()
    draw_cards(browser, page, count, page.next_serials(count))
    return count / (time.perf_counter() - start)


def two_browsers(browsers, page, count):
    """Cards/s of the browsers drawing `count` cards each at the same time."""
    for b in browsers:
        prepare(b, page)
    barrier = threading.Barrier(len(browsers) + 1)
    errors = []

    def work(b, serial):
        barrier.wait()
        try:
            draw_cards(b, page, count, serial)
        except Exception as e:  # noqa: BLE001 (raised below)
            errors.append(e)

    threads = [threading.Thread(target=work, args=(b, page.next_serials(count))) for b in browsers]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    if errors:
        raise errors[0]
    return len(browsers) * count / elapsed


def screenshot_only(browser, page, count):
    prepare(browser, page)
    load(browser, page, page.next_serials(1))
    start = time.perf_counter()
    for _ in range(count):
        screenshot(browser, page)
    return count / (time.perf_counter() - start)


def ours(binary, paths, count, workers):
    """card-bench html --throughput --json: {card id: cards/s}, {card id: PNG bytes}."""
    command = [binary, "html", "--throughput", "--json", "--count", str(count), "--workers", str(workers), *paths]
    out = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return {r["card"]: r["cards_per_second"] for r in rows}, {r["card"]: r["png_bytes"] for r in rows}


class CPUWatch:
    """How much of the machine processes outside this script's tree used: the busy jiffies of
    /proc/stat less those of this process and its descendants (the browsers and their children,
    card-bench; reaped children count through cutime/cstime). The machine may be shared: a
    measurement during which others used it is redone (--max-foreign)."""

    def __init__(self):
        self.tick = os.sysconf("SC_CLK_TCK")
        self.cpus = os.cpu_count()

    @staticmethod
    def busy():
        fields = [int(x) for x in open("/proc/stat").readline().split()[1:]]
        user, nice, system, idle, iowait, irq, softirq, steal = fields[:8]
        return user + nice + system + irq + softirq + steal

    @staticmethod
    def tree():
        """Jiffies used by this process and every descendant, alive or reaped."""
        parents, used = {}, {}
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                stat = open(f"/proc/{name}/stat").read()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            parents[int(name)] = int(fields[1])
            used[int(name)] = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
        mine, total = {os.getpid()}, 0
        changed = True  # a child's pid may be lower than its parent's: to a fixed point
        while changed:
            changed = False
            for pid, parent in parents.items():
                if parent in mine and pid not in mine:
                    mine.add(pid)
                    changed = True
        for pid in mine:
            total += used.get(pid, 0)
        return total

    def snapshot(self):
        return time.perf_counter(), self.busy(), self.tree()

    def foreign(self, start):
        """The share of the machine (0…1) others used since `start` (a snapshot)."""
        t0, busy0, tree0 = start
        t1, busy1, tree1 = self.snapshot()
        capacity = (t1 - t0) * self.tick * self.cpus
        return max(0.0, (busy1 - busy0) - (tree1 - tree0)) / capacity if capacity > 0 else 0.0

    def wait_quiet(self, limit, max_wait):
        """Waits until others use less than `limit` of the machine for three seconds in a row, at
        most `max_wait` seconds; the seconds waited."""
        started, quiet = time.perf_counter(), 0
        while quiet < 3 and time.perf_counter() - started < max_wait:
            start = self.snapshot()
            time.sleep(1)
            quiet = quiet + 1 if self.foreign(start) < limit else 0
        return time.perf_counter() - started


def median_range(values):
    return statistics.median(values), min(values), max(values)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cards", nargs="*", help="HTML cards (default: four realistic cards and Examples/html-cards/*.html)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--count", type=int, default=10, help="cards per browser (Chromium) and per worker (ours) in a measurement")
    ap.add_argument("--ours", help="card-bench's path: also measure AsyncLayerKit, interleaved")
    ap.add_argument("--max-foreign", type=float, default=0.05,
                    help="redo a card's block when processes outside this run used more than this share of the machine during it (0.05)")
    ap.add_argument("--retries", type=int, default=5, help="redos of a block at most; then it counts as contended (5)")
    ap.add_argument("--max-wait", type=float, default=120, help="seconds to wait for a quiet machine before a block (120)")
    ap.add_argument("--navigate", action="store_true", help="load each card by navigating to its file (slower) instead of writing it into the page")
    args = ap.parse_args()
    MODE["load"] = "navigate" if args.navigate else "content"
    paths = [os.path.abspath(p) for p in (args.cards or DEFAULT_CARDS)]
    pages = [Page(p) for p in paths]
    ids = [p.id for p in pages]
    if len(set(ids)) != len(ids):
        sys.exit(f"two cards share a name: {ids}")
    binary = os.path.abspath(args.ours) if args.ours else None
    results = {p.id: {"c1": [], "c2": [], "shot": [], "o1": [], "o2": [], "r1": [], "r2": []} for p in pages}
    png_bytes, our_bytes = {}, {}
    watch = CPUWatch()
    waited, redone, contended, worst = 0.0, 0, 0, 0.0
    load_before = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    browsers = [chromium.Browser(), chromium.Browser()]
    try:
        for page in pages:  # check the screenshot, and warm both browsers (fonts, caches, code)
            png_bytes[page.id] = check_screenshot(browsers[0], page)
            for b in browsers:
                prepare(b, page)
                draw_cards(b, page, 2, page.next_serials(2))
        for done_rounds in range(args.rounds):
            for page in pages:
                # One block per card and round: ours with one worker and two, Chromium with one
                # browser and two, the screenshot floor. Redone when others used the machine.
                for attempt in range(args.retries + 1):
                    waited += watch.wait_quiet(args.max_foreign / 2, args.max_wait)
                    start = watch.snapshot()
                    block = {}
                    if binary:
                        o1, sizes = ours(binary, [page.path], args.count, 1)
                        o2, _ = ours(binary, [page.path], args.count, 2)
                        block["o1"], block["o2"] = o1[page.id], o2[page.id]
                        our_bytes[page.id] = sizes[page.id]
                    block["c1"] = one_browser(browsers[0], page, args.count)
                    block["c2"] = two_browsers(browsers, page, args.count)
                    block["shot"] = screenshot_only(browsers[0], page, args.count)
                    foreign = watch.foreign(start)
                    print(f"round {done_rounds + 1} {page.id}: others used {100 * foreign:.1f} % of the machine"
                          + ("" if foreign <= args.max_foreign else ", redone" if attempt < args.retries else ", kept (contended)"),
                          file=sys.stderr, flush=True)
                    if foreign <= args.max_foreign or attempt == args.retries:
                        break
                    redone += 1
                if foreign > args.max_foreign:
                    contended += 1
                worst = max(worst, foreign)
                r = results[page.id]
                for key, value in block.items():
                    r[key].append(value)
                if binary:
                    r["r1"].append(block["o1"] / block["c1"])
                    r["r2"].append(block["o2"] / block["c2"])
    finally:
        for b in browsers:
            b.close()
        for p in pages:
            p.close()
    load_after = os.getloadavg()
    print(f"{chromium.version()}; {started}; cards loaded by {MODE['load']}; device scale 2; median of {args.rounds} interleaved rounds, "
          f"{args.count} cards per browser / worker; {os.cpu_count()} CPUs; load average {load_before[0]:.2f} before, "
          f"{load_after[0]:.2f} after; blocks redone because others used the machine: {redone}, still contended: {contended} "
          f"(others' share at most {100 * worst:.1f} % in a kept block; limit {100 * args.max_foreign:.0f} %), {waited:.0f} s waited for quiet")
    if binary:
        print("| card | size | Chromium 1 cards/s | Chromium 2 cards/s | Chromium screenshot only cards/s | "
              "ours 1 cards/s | ours 2 cards/s | ours / Chromium, 1 (range) | ours / Chromium, 2 (range) | PNG bytes Chromium / ours |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    else:
        print("| card | size | Chromium 1 cards/s | Chromium 2 cards/s | Chromium screenshot only cards/s | PNG bytes |")
        print("|---|---|---:|---:|---:|---:|")
    ratios1, ratios2 = [], []
    for page in pages:
        r = results[page.id]
        cells = [page.id, f"{page.width}×{page.height}", f"{statistics.median(r['c1']):.2f}", f"{statistics.median(r['c2']):.2f}",
                 f"{statistics.median(r['shot']):.2f}"]
        if binary:
            m1, lo1, hi1 = median_range(r["r1"])
            m2, lo2, hi2 = median_range(r["r2"])
            ratios1.append(m1)
            ratios2.append(m2)
            cells += [f"{statistics.median(r['o1']):.1f}", f"{statistics.median(r['o2']):.1f}",
                      f"**{m1:.1f}×** ({lo1:.1f}–{hi1:.1f})", f"**{m2:.1f}×** ({lo2:.1f}–{hi2:.1f})",
                      f"{png_bytes[page.id]} / {our_bytes.get(page.id, '-')}"]
        else:
            cells.append(str(png_bytes[page.id]))
        print("| " + " | ".join(cells) + " |")
    if binary:
        def geomean(values):
            return math.exp(sum(math.log(v) for v in values) / len(values))
        print(f"| **geometric mean, {len(pages)} cards** | | | | | | | **{geomean(ratios1):.1f}×** | **{geomean(ratios2):.1f}×** | |")


if __name__ == "__main__":
    main()
