#!/usr/bin/env python3
"""The small images the hand-written cards embed as data: URIs (printed, to paste into a card;
generate.py uses them too). Deterministic: the same bytes every run."""

import base64
import math

import png


def data_uri(data, mime="image/png"):
    return f"data:{mime};base64," + base64.b64encode(data).decode()


def avatar(size=16):
    """A disc-ish gradient face: blue to violet, transparent corners."""
    px = bytearray()
    for y in range(size):
        for x in range(size):
            d = math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2)
            a = 255 if d < size / 2 - 0.5 else 0
            px += bytes((40 + 12 * x, 80 + 4 * y, 220 - 6 * x, a))
    return png.encode(px, size, size)


def photo(w=24, h=16):
    """A landscape: sky gradient, a sun, green hills."""
    px = bytearray()
    for y in range(h):
        for x in range(w):
            hill = h * 0.6 + 2.5 * math.sin(x / 3.0)
            if y > hill:
                c = (40, 120 + 3 * y, 60)
            elif math.hypot(x - w * 0.7, y - h * 0.3) < 2.6:
                c = (255, 210, 60)
            else:
                c = (110 + 4 * y, 170 + 3 * y, 235)
            px += bytes(c)
    return png.encode(px, w, h, channels=3)


def checker(n=8):
    """An opaque 8×8 checkerboard of two colours (orange and white)."""
    px = bytearray()
    for y in range(n):
        for x in range(n):
            px += bytes((240, 120, 40)) if (x + y) % 2 else bytes((255, 255, 255))
    return png.encode(px, n, n, channels=3)


ICON_SVG = ("data:image/svg+xml;base64," + base64.b64encode(
    b'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">'
    b'<circle cx="12" cy="12" r="10" fill="#1d9bf0"/><path d="M7 12l3 3 7-7" stroke="#fff" stroke-width="2.5" fill="none"/></svg>').decode())

LOGO_SVG = ("data:image/svg+xml;base64," + base64.b64encode(
    b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
    b'<rect width="40" height="40" rx="10" fill="#111827"/><path d="M10 28L20 10l10 18z" fill="#f59e0b"/></svg>').decode())

IMAGES = {"avatar": data_uri(avatar()), "photo": data_uri(photo()), "checker": data_uri(checker()),
          "icon": ICON_SVG, "logo": LOGO_SVG}

if __name__ == "__main__":
    for name, uri in IMAGES.items():
        print(f"{name} ({len(uri)} chars): {uri}")
