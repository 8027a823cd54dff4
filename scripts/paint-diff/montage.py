#!/usr/bin/env python3
"""Puts the pictures `paint-corpus compare --diff-out DIR` wrote side by side, for looking at them:
one row per case, Chromium | ours | the differing pixels in red, composited on white.

  montage.py DIR ID… [-o montage.png]        (default: every case with a diff in DIR)

Reads and writes PNGs with zlib only (8-bit RGB or RGBA, non-interlaced: what Chromium and the
library write).
"""

import argparse
import os
import struct
import sys
import zlib


def read_png(path):
    """(width, height, rows of RGB bytes composited on white)."""
    data = open(path, "rb").read()
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour_type = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour_type not in (2, 6) or body[12] != 0:
                raise ValueError(f"{path}: only 8-bit RGB/RGBA, non-interlaced")
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    bpp = 4 if colour_type == 6 else 3
    stride = width * bpp
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = previous[x]
            c = previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        out = bytearray()
        for x in range(width):
            px = line[x * bpp:x * bpp + bpp]
            alpha = px[3] / 255 if bpp == 4 else 1
            out += bytes(round(px[ch] * alpha + 255 * (1 - alpha)) for ch in range(3))
        rows.append(bytes(out))
    return width, height, rows


def write_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + r for r in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("ids", nargs="*")
    ap.add_argument("-o", "--out", default="montage.png")
    args = ap.parse_args()
    ids = args.ids or sorted(n[:-len(".diff.png")] for n in os.listdir(args.dir) if n.endswith(".diff.png"))
    rows, width, gap = [], None, 4
    for case_id in ids:
        images = [read_png(os.path.join(args.dir, f"{case_id}.{kind}.png")) for kind in ("chromium", "ours", "diff")]
        w, h = images[0][0], images[0][1]
        if width is None:
            width = 3 * (w + gap)
        if 3 * (w + gap) != width:
            sys.exit(f"{case_id}: another canvas size; montage one size at a time")
        for y in range(h):
            rows.append(b"".join(im[2][y] + b"\0\0\0" * gap for im in images))
        rows += [b"\0\0\0" * width] * gap
    if not rows:
        sys.exit("nothing to put together")
    write_png(args.out, width, len(rows), rows)
    print(args.out)


if __name__ == "__main__":
    main()
