"""The engine's side for the bench's Python scripts: runs `flex-corpus` (Tests/flex-corpus) on cases
and compares its frames with Chromium's at the same 0.5 px tolerance as FlexboxCorpus."""

import json
import os
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOLERANCE = 0.5


def binary():
    """Builds flex-corpus (debug) once per process and returns its path; FLEX_CORPUS names a
    prebuilt one instead (a copy, so a long shrink is not disturbed by rebuilding)."""
    if not hasattr(binary, "path") and os.environ.get("FLEX_CORPUS"):
        binary.path = os.environ["FLEX_CORPUS"]
    if not hasattr(binary, "path"):
        subprocess.run(["swift", "build", "--product", "flex-corpus"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
        binary.path = os.path.join(out, "flex-corpus")
    return binary.path


def lay_out(cases):
    """The engine's frames for each case (a list, None where the reader refused the case)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(cases, f)
        path = f.name
    try:
        out = subprocess.run([binary(), "layout", path], check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    return [o.get("frames") for o in json.loads(out)]


def same_edges(a, b):
    return (abs(a[0] - b[0]) <= TOLERANCE and abs(a[1] - b[1]) <= TOLERANCE
            and abs(a[0] + a[2] - b[0] - b[2]) <= TOLERANCE and abs(a[1] + a[3] - b[1] - b[3]) <= TOLERANCE)


def differing_nodes(engine_frames, chromium_frames):
    """Pre-order indices of rendered nodes whose edges differ (all of them when the engine refused)."""
    if engine_frames is None:
        return list(range(len(chromium_frames)))
    return [i for i, (e, c) in enumerate(zip(engine_frames, chromium_frames))
            if c is not None and not same_edges(e, c)]
