"""Our side for the bench's Python scripts: runs `paint-corpus` (Tests/paint-corpus) on cases and
Chromium's PNGs, and reads its verdicts."""

import json
import os
import re
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def paint_corpus_binary():
    """Builds paint-corpus (debug) once per process and returns its path; PAINT_CORPUS names a
    prebuilt one instead (a copy, so a long shrink is not disturbed by rebuilding)."""
    if not hasattr(paint_corpus_binary, "path") and os.environ.get("PAINT_CORPUS"):
        paint_corpus_binary.path = os.environ["PAINT_CORPUS"]
    if not hasattr(paint_corpus_binary, "path"):
        subprocess.run(["swift", "build", "--product", "paint-corpus"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
        paint_corpus_binary.path = os.path.join(out, "paint-corpus")
    return paint_corpus_binary.path


LINE = re.compile(r"^(?P<id>[^:\s]+): (?P<result>.*)$")


def compare(cases, png_dir, diff_out=None):
    """Our verdict per case against the PNGs in png_dir: {id: "passed [...]" | reason}, and the
    per-group table paint-corpus prints."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(cases, f)
        path = f.name
    try:
        command = [paint_corpus_binary(), "compare", path, "--pngs", png_dir] + (["--diff-out", diff_out] if diff_out else [])
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    verdicts, table = {}, []
    ids = {c["id"] for c in cases}
    for line in out.splitlines():
        m = LINE.match(line)
        if m and m.group("id") in ids:
            verdicts[m.group("id")] = m.group("result")
        else:
            table.append(line)
    return verdicts, "\n".join(table)
