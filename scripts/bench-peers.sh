#!/usr/bin/env bash
# AsyncLayerKit's element-tree card beside every peer of the shared feed-card benchmark, in ONE
# interleaved run of the peers' own run-all.sh (BENCHMARKS.md, "Element trees vs the peers").
#
# Needs the shared peers folder set up once (as root: ../shared/bench/peers/setup.sh installs
# Chromium, the CJK font and the Python peers into its .venv). This script copies that folder to
# .build/bench/peers-run (the shared copy is never written to), adds an `asynclayerkit` peer whose
# run.sh calls `card-bench run --source ...`, and runs run-all.sh there.
#
#   scripts/bench-peers.sh                      # every peer, 5 rounds (about 45 min on 2 cores)
#   ROUNDS=3 scripts/bench-peers.sh             # fewer rounds
#   scripts/bench-peers.sh c-cairo-pango skia   # only these peers (asynclayerkit is always added)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

peers=${PEERS_DIR:-../shared/bench/peers}
if [ ! -f "$peers/run-all.sh" ]; then
    echo "bench-peers: $peers/run-all.sh not found; set PEERS_DIR to the shared bench/peers folder" >&2
    exit 1
fi
peers=$(cd "$peers" && pwd)
if [ ! -x "$peers/.venv/bin/python" ]; then
    echo "bench-peers: $peers/.venv is missing; run $peers/setup.sh once (as root)" >&2
    exit 1
fi

swift build -c release --package-path Examples --product card-bench 2>&1 | grep -v "prohibited flag" >&2
bench=$(swift build -c release --package-path Examples --show-bin-path 2>/dev/null)/card-bench

run=.build/bench/peers-run
rm -rf "$run"
mkdir -p "$run"
# Everything but the virtualenv (used in place through PY), earlier results and builds.
tar -C "$peers" --exclude=./.venv --exclude=./out --exclude=./build -cf - . | tar -C "$run" -xf -
mkdir -p "$run/asynclayerkit"
cat > "$run/asynclayerkit/run.sh" <<EOF
#!/bin/sh
# AsyncLayerKit: the spec card as an element tree (ReferenceCard.element(for:)), same counts as C.
set -e
cd "\$(dirname "\$0")/.."
. common/lib.sh
B="$bench"
# Cold: layout + draw of each card's tree, images decoded once at start-up (as every peer does).
\$B run --source elements --mode render --count "\$(n 1000 20)" --warmup 50 --runs "\$RUNS"
# Render + WebP with the spec's encoder settings (q80, method 4), one thread and two.
\$B run --source elements --mode webp --count "\$(n 200 4)" --warmup 20 --runs "\$RUNS"
\$B run --source elements --mode webp --threads 2 --count "\$(n 200 4)" --warmup 20 --runs "\$RUNS"
# Encoder setting: WebP method 2 (3 % larger files than method 4, BENCHMARKS.md "Encoders").
\$B run --source elements --mode webp --threads 2 --webp-method 2 --count "\$(n 200 4)" --warmup 20 --runs "\$RUNS"
# Caches: ElementRenderService (render cache + shared renders) on two lanes; every card still encoded.
\$B run --source service --mode webp --threads 2 --webp-method 2 --count "\$(n 200 4)" --warmup 20 --runs "\$RUNS"
EOF
chmod +x "$run/asynclayerkit/run.sh"

list=${*:-"c-cairo-pango py-cairo-pango pillow skia blend2d resvg chromium"}
echo "machine: $(uname -srm); $(nproc) cores; $(date -u +%Y-%m-%d)" >&2
cd "$run"
PY="$peers/.venv/bin/python" ROUNDS=${ROUNDS:-5} ./run-all.sh $list asynclayerkit
echo
echo "Raw JSON lines: $root/$run/out/results.jsonl"
