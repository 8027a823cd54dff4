#!/usr/bin/env python3
"""Scores a renderer's answers for the HTML cards against Chromium's (README.md, "Metrics").

  compare.py OURS.json PNG_DIR [--corpus Tests/HTMLTests/ChromiumCards] [--json REPORT.json]
  compare.py --self-check        Chromium against itself (100 %/100 %/1.0), then a perturbed copy

OURS.json: {"<id>": {"boxes": [[x, y, w, h], …], "lines": [n, …]}, …} (tags and lineTexts are
optional and only used in messages); PNG_DIR/<id>.png: our picture at scale 2 (2W×2H). A card
missing from OURS.json or PNG_DIR counts as failing: its elements and texts as not matching.

- elements: % of Chromium's elements whose four edges (left, top, right, bottom) are within 1 CSS
  px of ours, pairing elements by index in document order, over all cards; a card whose element
  count differs is reported (the extra or missing elements count as not matching).
- lines: % of Chromium's texts whose line count equals ours, paired by index, over all cards.
- SSIM: per card, on the luma of both pictures composited on white (0.299 R + 0.587 G + 0.114 B
  of the straight-alpha colour over white), 8×8 windows at a stride of 4, K1 0.01, K2 0.03, L 255,
  the mean over windows: Tests/PaintCorpus/ImageComparison.swift's `ssim` exactly.
Targets: elements ≥ 98 %, lines ≥ 98 % (per card and overall), SSIM ≥ 0.97 per card.

numpy (and Pillow, for reading PNGs) make it fast; without them it runs on the standard library
(png.py), about a minute per card.
"""

import argparse
import copy
import json
import os
import shutil
import sys
import tempfile

import png as pngmod

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_CORPUS = os.path.join(ROOT, "Tests", "HTMLTests", "ChromiumCards")
TOLERANCE = 1.0
TARGET_ELEMENTS, TARGET_LINES, TARGET_SSIM = 0.98, 0.98, 0.97
WINDOW, STRIDE = 8, 4

try:
    import numpy as np
except ImportError:
    np = None
try:
    from PIL import Image
except ImportError:
    Image = None


def read_rgba(path):
    """(width, height, straight-alpha RGBA bytes)."""
    if Image is not None:
        im = Image.open(path).convert("RGBA")
        return im.width, im.height, im.tobytes()
    return pngmod.decode_rgba(open(path, "rb").read())


def luma_over_white(rgba):
    """Luma over white from straight-alpha RGBA: the premultiplied luma plus 255 - alpha, as
    RGBAImage.lumaOverWhite computes it from premultiplied bytes (premultiplying rounds like
    the Swift decoder: to nearest)."""
    if np is not None:
        a = np.frombuffer(rgba, dtype=np.uint8).reshape(-1, 4).astype(np.float64)
        alpha = a[:, 3:4]
        pre = np.where(alpha == 255, a[:, :3], np.floor(a[:, :3] * alpha / 255 + 0.5))
        return 0.299 * pre[:, 0] + 0.587 * pre[:, 1] + 0.114 * pre[:, 2] + 255 - alpha[:, 0]
    out = []
    for i in range(0, len(rgba), 4):
        r, g, b, al = rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]
        if al != 255:
            r, g, b = (int(c * al / 255 + 0.5) for c in (r, g, b))
        out.append(0.299 * r + 0.587 * g + 0.114 * b + 255 - al)
    return out


def ssim(x, y, width, height):
    """Mean SSIM over 8×8 windows at a stride of 4 (ImageComparison.ssim)."""
    if width < WINDOW or height < WINDOW:
        return 1.0 if list(x) == list(y) else 0.0
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    n = WINDOW * WINDOW
    if np is not None:
        X = np.asarray(x, dtype=np.float64).reshape(height, width)
        Y = np.asarray(y, dtype=np.float64).reshape(height, width)

        def sat(p):
            t = np.zeros((height + 1, width + 1))
            t[1:, 1:] = p.cumsum(0).cumsum(1)
            return t

        rows = np.arange(0, height - WINDOW + 1, STRIDE)
        cols = np.arange(0, width - WINDOW + 1, STRIDE)
        R, C = np.meshgrid(rows, cols, indexing="ij")

        def wsum(t):
            return t[R + WINDOW, C + WINDOW] - t[R, C + WINDOW] - t[R + WINDOW, C] + t[R, C]

        sx, sy, sxx, syy, sxy = (wsum(sat(p)) for p in (X, Y, X * X, Y * Y, X * Y))
        mx, my = sx / n, sy / n
        vx = np.maximum(0, sxx / n - mx * mx)
        vy = np.maximum(0, syy / n - my * my)
        cov = sxy / n - mx * my
        s = ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
        return float(s.mean())
    total, windows = 0.0, 0
    for r in range(0, height - WINDOW + 1, STRIDE):
        for c in range(0, width - WINDOW + 1, STRIDE):
            sx = sy = sxx = syy = sxy = 0.0
            for dr in range(WINDOW):
                base = (r + dr) * width + c
                for k in range(base, base + WINDOW):
                    a, b = x[k], y[k]
                    sx += a; sy += b; sxx += a * a; syy += b * b; sxy += a * b
            mx, my = sx / n, sy / n
            vx, vy = max(0.0, sxx / n - mx * mx), max(0.0, syy / n - my * my)
            cov = sxy / n - mx * my
            total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
            windows += 1
    return total / windows


def png_ssim(expected_path, ours_path):
    """SSIM of two PNGs, or (None, reason) when ours is missing or of another size."""
    if not os.path.exists(ours_path):
        return None, "no PNG"
    w1, h1, a = read_rgba(expected_path)
    w2, h2, b = read_rgba(ours_path)
    if (w1, h1) != (w2, h2):
        return None, f"PNG is {w2}×{h2}, expected {w1}×{h1}"
    return ssim(luma_over_white(a), luma_over_white(b), w1, h1), None


def edges_within(e, g, tol=TOLERANCE):
    """Whether the left, top, right and bottom edges of box g are within tol of e's."""
    return (abs(e[0] - g[0]) <= tol and abs(e[1] - g[1]) <= tol
            and abs(e[0] + e[2] - g[0] - g[2]) <= tol and abs(e[1] + e[3] - g[1] - g[3]) <= tol)


def score_card(card, ours, png_dir, corpus, with_ssim=True):
    """The per-card result: element and text counts matched, SSIM, and the reasons it misses."""
    exp_boxes, exp_lines = card["boxes"], card["lines"]
    res = {"id": card["id"], "group": card["group"], "elements": len(exp_boxes), "elementsOK": 0,
           "texts": len(exp_lines), "textsOK": 0, "ssim": None, "reasons": []}
    if ours is None:
        res["reasons"].append("no output for this card")
    else:
        got_boxes, got_lines = ours.get("boxes", []), ours.get("lines", [])
        if len(got_boxes) != len(exp_boxes):
            res["reasons"].append(f"element count {len(got_boxes)}, expected {len(exp_boxes)}"
                                  + first_tag_mismatch(card["tags"], ours.get("tags")))
        first = None
        for i, (e, g) in enumerate(zip(exp_boxes, got_boxes)):
            if edges_within(e, g):
                res["elementsOK"] += 1
            elif first is None:
                first = i
        if first is not None:
            res["firstElement"] = {"index": first, "tag": card["tags"][first], "expected": exp_boxes[first],
                                   "got": got_boxes[first]}
        if len(got_lines) != len(exp_lines):
            res["reasons"].append(f"text count {len(got_lines)}, expected {len(exp_lines)}")
        firstline = None
        for i, (e, g) in enumerate(zip(exp_lines, got_lines)):
            if e == g:
                res["textsOK"] += 1
            elif firstline is None:
                firstline = i
        if firstline is not None:
            res["firstText"] = {"index": firstline, "text": card["lineTexts"][firstline],
                                "expected": exp_lines[firstline], "got": got_lines[firstline]}
    if with_ssim:
        value, why = png_ssim(os.path.join(corpus, "png", card["id"] + ".png"), os.path.join(png_dir, card["id"] + ".png"))
        res["ssim"] = value
        if why:
            res["reasons"].append(why)
    e_ratio = res["elementsOK"] / res["elements"] if res["elements"] else 1.0
    t_ratio = res["textsOK"] / res["texts"] if res["texts"] else 1.0
    if e_ratio < TARGET_ELEMENTS:
        f = res.get("firstElement")
        res["reasons"].append(f"elements {100 * e_ratio:.1f} %" + (
            f"; first: #{f['index']} <{f['tag']}> expected {fmt_box(f['expected'])} got {fmt_box(f['got'])}" if f else ""))
    if t_ratio < TARGET_LINES:
        f = res.get("firstText")
        res["reasons"].append(f"lines {100 * t_ratio:.1f} %" + (
            f"; first: #{f['index']} {f['text']!r} expected {f['expected']} got {f['got']}" if f else ""))
    if res["ssim"] is not None and res["ssim"] < TARGET_SSIM:
        res["reasons"].append(f"SSIM {res['ssim']:.4f}")
    res["passes"] = not res["reasons"]
    return res


def first_tag_mismatch(expected, got):
    if not got:
        return ""
    for i, (e, g) in enumerate(zip(expected, got)):
        if e != g:
            return f" (first differing tag: #{i} expected <{e}> got <{g}>)"
    shorter = min(len(expected), len(got))
    extra = expected[shorter:] or got[shorter:]
    return f" ({'missing' if len(expected) > len(got) else 'extra'} from #{shorter}: {' '.join('<%s>' % t for t in extra[:5])})"


def fmt_box(b):
    return "[" + ", ".join(f"{v:g}" for v in b) + "]"


def compare(cards, ours, png_dir, corpus, with_ssim=True, log=None):
    results = []
    for card in cards:
        results.append(score_card(card, ours.get(card["id"]), png_dir, corpus, with_ssim))
        if log:
            log(results[-1])
    elements = sum(r["elements"] for r in results)
    texts = sum(r["texts"] for r in results)
    summary = {
        "cards": len(results),
        "elements": elements, "elementsOK": sum(r["elementsOK"] for r in results),
        "texts": texts, "textsOK": sum(r["textsOK"] for r in results),
        "cardsPassing": sum(r["passes"] for r in results),
        "minSSIM": min((r["ssim"] for r in results if r["ssim"] is not None), default=None),
    }
    summary["elementsPercent"] = 100 * summary["elementsOK"] / elements if elements else 100.0
    summary["linesPercent"] = 100 * summary["textsOK"] / texts if texts else 100.0
    return summary, results


def print_report(summary, results, out=sys.stdout):
    groups = {}
    for r in results:
        g = groups.setdefault(r["group"], [0, 0, 0, 0, 0, 0])
        g[0] += 1; g[1] += r["passes"]; g[2] += r["elementsOK"]; g[3] += r["elements"]; g[4] += r["textsOK"]; g[5] += r["texts"]
    print(f"{'group':<12} {'cards':>5} {'pass':>5} {'elements':>9} {'lines':>7}", file=out)
    for name, (n, p, eo, e, to, t) in sorted(groups.items()):
        print(f"{name:<12} {n:>5} {p:>5} {100 * eo / max(e, 1):>8.1f}% {100 * to / max(t, 1):>6.1f}%", file=out)
    failing = [r for r in results if not r["passes"]]
    if failing:
        print(f"\n{len(failing)} cards below target (elements ≥ 98 %, lines ≥ 98 %, SSIM ≥ 0.97):", file=out)
        for r in failing:
            print(f"  {r['id']}: " + "; ".join(r["reasons"]), file=out)
    ms = summary["minSSIM"]
    print(f"\nelements within 1 px: {summary['elementsOK']} of {summary['elements']} ({summary['elementsPercent']:.2f} %)"
          f"\ntexts with the same line count: {summary['textsOK']} of {summary['texts']} ({summary['linesPercent']:.2f} %)"
          f"\nlowest SSIM: {'n/a' if ms is None else f'{ms:.4f}'}"
          f"\ncards passing: {summary['cardsPassing']} of {summary['cards']}", file=out)


def load_corpus(corpus):
    return json.load(open(os.path.join(corpus, "cards.json"), encoding="utf-8"))


def self_check(corpus):
    """Chromium's own answers as ours: everything passes; then a copy with one card's boxes moved
    2 px, one text's line count changed and one PNG's pixels shifted: exactly those flagged."""
    cards = load_corpus(corpus)
    ours = {c["id"]: {"boxes": c["boxes"], "lines": c["lines"], "tags": c["tags"]} for c in cards}
    summary, results = compare(cards, ours, os.path.join(corpus, "png"), corpus)
    ok = (summary["elementsOK"] == summary["elements"] and summary["textsOK"] == summary["texts"]
          and summary["cardsPassing"] == len(cards) and all(abs(r["ssim"] - 1) < 1e-6 for r in results))
    print(f"identical: elements {summary['elementsPercent']:.2f} %, lines {summary['linesPercent']:.2f} %, "
          f"min SSIM {summary['minSSIM']:.6f}, passing {summary['cardsPassing']} of {len(cards)}: {'OK' if ok else 'FAILED'}")
    perturbed = copy.deepcopy(ours)
    target, line_target, drop_target, png_target = "block-margin-siblings", "text-line-clamp", "flex-row", "realistic-pricing"
    perturbed[target]["boxes"] = [[x + 2, y, w, h] for x, y, w, h in perturbed[target]["boxes"]]
    perturbed[line_target]["lines"][0] += 1
    perturbed[drop_target]["boxes"] = perturbed[drop_target]["boxes"][:-1]
    perturbed[drop_target]["tags"] = perturbed[drop_target]["tags"][:-1]
    del perturbed["elements-lists"]
    with tempfile.TemporaryDirectory() as d:
        for c in cards:
            shutil.copy(os.path.join(corpus, "png", c["id"] + ".png"), d)
        # the pricing card's picture moved 6 device pixels right (Pillow-free: shift the rows)
        w, h, rgba = pngmod.decode_rgba(open(os.path.join(corpus, "png", png_target + ".png"), "rb").read())
        shift = 6 * 4
        rows = [b"\xff" * shift + rgba[y * w * 4:(y + 1) * w * 4 - shift] for y in range(h)]
        open(os.path.join(d, png_target + ".png"), "wb").write(pngmod.encode(b"".join(rows), w, h))
        summary2, results2 = compare(cards, perturbed, d, corpus)
    flagged = {r["id"]: r["reasons"] for r in results2 if not r["passes"]}
    expected = {target, line_target, drop_target, png_target, "elements-lists"}
    ok2 = set(flagged) == expected
    print(f"perturbed: flagged {sorted(flagged)}; expected {sorted(expected)}: {'OK' if ok2 else 'FAILED'}")
    for k, v in sorted(flagged.items()):
        print(f"  {k}: " + "; ".join(v))
    return ok and ok2


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ours", nargs="?")
    ap.add_argument("png_dir", nargs="?")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--json", help="write the per-card results and the summary here")
    ap.add_argument("--no-ssim", action="store_true", help="boxes and lines only")
    ap.add_argument("--self-check", action="store_true")
    args = ap.parse_args()
    if np is None or Image is None:
        print("note: numpy/Pillow not found; the standard-library SSIM takes about a minute a card", file=sys.stderr)
    if args.self_check:
        sys.exit(0 if self_check(args.corpus) else 1)
    if not args.ours or (not args.png_dir and not args.no_ssim):
        ap.error("OURS.json and PNG_DIR are required (or --no-ssim)")
    cards = load_corpus(args.corpus)
    ours = json.load(open(args.ours, encoding="utf-8"))
    summary, results = compare(cards, ours, args.png_dir, args.corpus, with_ssim=not args.no_ssim)
    print_report(summary, results)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": summary, "cards": results}, f, indent=1, ensure_ascii=False)
    sys.exit(0 if summary["cardsPassing"] == summary["cards"] else 1)


if __name__ == "__main__":
    main()
