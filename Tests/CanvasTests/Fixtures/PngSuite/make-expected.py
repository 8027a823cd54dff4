#!/usr/bin/env python3
"""Writes expected.bin.gz from lunapaint/pngsuite's json/ folder (its reference pixels).

Usage: make-expected.py PNGSUITE_CHECKOUT  (run in this folder; needs only the standard library)

One record per valid image (every PNG here whose name does not start with x), in name order:
name (8 ASCII bytes), width and height (2 bytes each, big-endian), bytes a sample (1 or 2),
then width x height x 4 samples (R, G, B, A, straight alpha, big-endian): the values as the file
stores them, before any gamma. gzip'd with a zero timestamp so the output is reproducible.
"""
import gzip, json, os, struct, sys

root = sys.argv[1]
out = bytearray()
for name in sorted(f[:-4] for f in os.listdir('.') if f.endswith('.png') and not f.startswith('x')):
    png = open(name + '.png', 'rb').read()
    width, height, depth = struct.unpack('>IIB', png[16:25])
    samples = json.load(open(os.path.join(root, 'json', name + '.json')))
    assert len(samples) == width * height * 4, name
    wide = depth == 16
    out += name.encode('ascii') + struct.pack('>HHB', width, height, 2 if wide else 1)
    out += struct.pack('>%d%s' % (len(samples), 'H' if wide else 'B'), *samples)
with open('expected.bin.gz', 'wb') as f:
    f.write(gzip.compress(bytes(out), compresslevel=9, mtime=0))
