"""Minimal PNG reading and writing, standard library only (compare.py uses Pillow when it is
installed and falls back to this, which is slow: a few seconds for a 1200×800 picture)."""

import struct
import zlib


def _chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def encode(pixels, width, height, channels=4):
    """PNG bytes of 8-bit RGBA (channels 4) or RGB (3) pixels, rows packed."""
    ctype = {3: 2, 4: 6}[channels]
    stride = width * channels
    raw = b"".join(b"\0" + bytes(pixels[y * stride:(y + 1) * stride]) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, ctype, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def unfilter(raw, width, height, bpp):
    """The pixel bytes of non-interlaced 8-bit image data (filter byte per row)."""
    stride = width * bpp
    out = bytearray(stride * height)
    prev = bytearray(stride)
    pos = 0
    for y in range(height):
        ft = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if ft == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif ft == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif ft == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ft == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    return out


def decode_rgba(data):
    """(width, height, RGBA bytes straight alpha) of an 8-bit non-interlaced PNG (grey, RGB,
    palette, grey+alpha, RGBA)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, palette, trns = 8, b"", None, None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            trns = body
        elif kind == b"IDAT":
            idat += body
    if depth != 8 or interlace:
        raise ValueError("only 8-bit non-interlaced PNGs are read without Pillow")
    bpp = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    px = unfilter(zlib.decompress(idat), width, height, bpp)
    n = width * height
    out = bytearray(n * 4)
    if ctype == 6:
        out[:] = px
    elif ctype == 2:
        out[0::4], out[1::4], out[2::4] = px[0::3], px[1::3], px[2::3]
        out[3::4] = b"\xff" * n
    elif ctype == 0:
        out[0::4] = out[1::4] = out[2::4] = px
        out[3::4] = b"\xff" * n
    elif ctype == 4:
        out[0::4] = out[1::4] = out[2::4] = px[0::2]
        out[3::4] = px[1::2]
    else:
        for i, k in enumerate(px):
            out[i * 4:i * 4 + 3] = palette[k * 3:k * 3 + 3]
            out[i * 4 + 3] = trns[k] if trns and k < len(trns) else 255
    return width, height, bytes(out)
