#!/usr/bin/env bash
# The reference feed card against plain C, and the encoder table (BENCHMARKS.md).
#
# Builds the C program of the shared peer benchmark (../shared/bench/peers/c-cairo-pango/card.c)
# into .build/bench/, builds card-bench in release mode, then runs interleaved rounds of both and
# prints Markdown tables with ratios measured in this run.
#
#   scripts/bench-card.sh                 # 5 rounds
#   ROUNDS=3 COUNT=500 scripts/bench-card.sh
set -euo pipefail
cd "$(dirname "$0")/.."

peers=${PEERS_DIR:-../shared/bench/peers}
rounds=${ROUNDS:-5}
count=${COUNT:-1000}
if [ ! -f "$peers/c-cairo-pango/card.c" ]; then
    echo "bench-card: $peers/c-cairo-pango/card.c not found; set PEERS_DIR to the shared bench/peers folder" >&2
    exit 1
fi

mkdir -p .build/bench
card_c=.build/bench/card-c
if [ ! -x "$card_c" ] || [ "$card_c" -ot "$peers/c-cairo-pango/card.c" ]; then
    echo "building $card_c from $peers/c-cairo-pango/card.c" >&2
    # The flags of the C benchmark's own build.sh, with the binary kept out of the shared folder.
    gcc -O2 -Wall -o "$card_c" "$peers/c-cairo-pango/card.c" \
        $(pkg-config --cflags --libs pangocairo cairo libwebp libpng) -ljpeg -lpthread -lm
fi

swift build -c release --package-path Examples --product card-bench 2>&1 | grep -v "prohibited flag" >&2
bench=$(swift build -c release --package-path Examples --show-bin-path 2>/dev/null)/card-bench

echo "## Feed card vs plain C"
echo
echo "Command: \`scripts/bench-card.sh\` (ROUNDS=$rounds, COUNT=$count), $(date -u +%Y-%m-%d)."
echo "Versions: $(pkg-config --modversion cairo | sed 's/^/cairo /'), $(pkg-config --modversion pango | sed 's/^/pango /'), $(pkg-config --modversion libwebp | sed 's/^/libwebp /'), $(swift --version 2>/dev/null | head -1)."
echo
echo "| mode | C cards/s (median) | AsyncLayerKit cards/s (median) | time ratio ours/C (median of rounds) | range |"
echo "|---|---:|---:|---:|---:|"
for run in render:1:canvas render:2:canvas png:1:canvas webp:1:canvas render:1:elements render:2:elements; do
    mode=${run%%:*}
    rest=${run#*:}
    threads=${rest%%:*}
    source=${rest#*:}
    n=$((count * threads))
    [ "$mode" != render ] && n=$((count / 10))
    line=$("$bench" compare --c-binary "$card_c" --root "$peers" --mode "$mode" --threads "$threads" \
        --source "$source" --rounds "$rounds" --count "$n" --runs 3 --warmup 20 --json)
    python3 - "$mode" "$threads" "$source" "$line" <<'PY'
import json, sys
mode, threads, source, r = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
label = {"render": "render only", "png": "render + PNG (C: libpng at zlib 6; ours: .fast)", "webp": "render + WebP q80 (C: method 4; ours: the default, method 2)"}[mode]
if threads > 1:
    label += f", {threads} threads"
if source == "elements":
    label = "element tree (layout + draw, images decoded once, no cache): " + label
print(f"| {label} | {r['median_c_cps']:.1f} | {r['median_ours_cps']:.1f} | **{r['median_ratio']:.3f}** | {r['min_ratio']:.3f}–{r['max_ratio']:.3f} |")
PY
done
echo
echo "## Encoders (the rendered card 0, 750×520 px)"
echo
"$bench" encoders --rounds "$rounds" --iterations 5 --markdown
