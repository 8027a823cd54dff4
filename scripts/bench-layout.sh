#!/usr/bin/env bash
# The Flexbox engine's figures (BENCHMARKS.md, "Layout"), in one command:
#
#  1. Synthetic trees (100 / 1,000 / 10,000 nodes, deep, chains of 1,000 levels, wide) laid out by the engine alone:
#     `layout-bench synthetic`, interleaved rounds, one process per shape.
#  2. The reference card's layout as a share of its cold render, the stack layout of $OLD_COMMIT
#     (before the engine) against this checkout: layout-bench is built twice, once in a copy of
#     $OLD_COMMIT's tree exported under .build/bench/ with this checkout's Examples/layout-bench
#     added, and the two binaries run in interleaved rounds (alternating which goes first).
#  3. The reference card end to end as an element tree (layout + draw) vs the C program, as the
#     `--source elements` rows of scripts/bench-card.sh, with card-bench built from $OLD_COMMIT
#     (stacks) and from this checkout (engine) in the same rounds (skipped with SKIP_C=1).
#
#   scripts/bench-layout.sh                   # ROUNDS=7 synthetic, CARD_ROUNDS=7 card, C_ROUNDS=5
#   ROUNDS=3 CARD_ROUNDS=3 SKIP_C=1 scripts/bench-layout.sh
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-7}
card_rounds=${CARD_ROUNDS:-7}
card_count=${CARD_COUNT:-300}
c_rounds=${C_ROUNDS:-5}
c_count=${C_COUNT:-1000}
old_commit=${OLD_COMMIT:-02bf7e3}
peers=${PEERS_DIR:-../shared/bench/peers}

swift build -c release --package-path Examples --product layout-bench 2>&1 | grep -v "prohibited flag" >&2
new_bin=$(swift build -c release --package-path Examples --show-bin-path 2>/dev/null)/layout-bench

# The old tree: exported once per commit (git archive: no worktree is registered), the bench
# source refreshed from this checkout on every run.
old_root=.build/bench/layout-old-$old_commit
if [ ! -f "$old_root/Package.swift" ]; then
    echo "exporting $old_commit into $old_root" >&2
    mkdir -p "$old_root"
    git archive "$old_commit" | tar -x -C "$old_root"
fi
rm -rf "$old_root/Examples/layout-bench"
cp -R Examples/layout-bench "$old_root/Examples/layout-bench"
[ -f Examples/Package.resolved ] && cp Examples/Package.resolved "$old_root/"
if ! grep -q '"layout-bench"' "$old_root/Package.swift"; then
    # The layout-bench target (in this checkout, a target of Examples/Package.swift), appended to
    # the old manifest's targets: the old tree is one package, examples included.
    python3 - "$old_root/Package.swift" <<'PY'
import sys
old = open(sys.argv[1]).read()
block = """
        .executableTarget(
            name: "layout-bench",
            dependencies: ["Flexbox", "AsyncLayerKit", "ReferenceCard", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/layout-bench",
            swiftSettings: swiftSettings
        ),"""
at = old.rindex("\n    ]\n)")
open(sys.argv[1], "w").write(old[:at] + block + old[at:])
PY
fi
# LAYOUT_BENCH_STACKS: the bench source's switch for the pre-engine element API, if it needs one.
(cd "$old_root" && swift build -c release --product layout-bench -Xswiftc -DLAYOUT_BENCH_STACKS 2>&1 | grep -v "prohibited flag" >&2)
old_bin=$(cd "$old_root" && swift build -c release -Xswiftc -DLAYOUT_BENCH_STACKS --show-bin-path 2>/dev/null)/layout-bench

echo "### Synthetic trees, engine only"
echo
echo "Command: \`scripts/bench-layout.sh\` (ROUNDS=$rounds), $(date -u +%Y-%m-%d), $(git rev-parse --short HEAD), $(swift --version 2>/dev/null | head -1)."
echo "Load average (1, 5, 15 min) at the start, on $(nproc) cores: $(cut -d' ' -f1-3 /proc/loadavg)."
echo
# One process per shape (the growth ratios compare sizes of one shape, interleaved in its process),
# so a shape on which the engine's time is unbounded stops only its own run (exit 3).
for trees in "nested:100 nested:1000 nested:10000" "deep:1000 deep:10000" "wide:1000 wide:10000" \
    "column-chain:250 column-chain:500 column-chain:1000" "chain:10 chain:20" "chain:1000"; do
    echo "**${trees%%:*}** (\`layout-bench synthetic --rounds $rounds --tree $trees\`)"
    echo
    # shellcheck disable=SC2086
    "$new_bin" synthetic --rounds "$rounds" --max-layout-seconds "${MAX_LAYOUT_SECONDS:-30}" --tree $trees || echo "(exit $?)"
    echo
done

echo "### The reference card: layout as a share of the cold render, stacks ($old_commit) vs the engine ($(git rev-parse --short HEAD))"
echo
echo "Command: \`scripts/bench-layout.sh\` → $card_rounds rounds, each \`layout-bench card --rounds 1 --count $card_count\` of both builds, alternating which goes first."
echo
lines=()
for ((r = 0; r < card_rounds; r++)); do
    if ((r % 2 == 0)); then order="old new"; else order="new old"; fi
    for who in $order; do
        if [ "$who" = old ]; then bin=$old_bin; else bin=$new_bin; fi
        lines+=("$("$bin" card --rounds 1 --count "$card_count" --label "$who" --json)")
    done
done
python3 - "$old_commit" "${lines[@]}" <<'PY'
import json, statistics, sys
old_commit, rows = sys.argv[1], [json.loads(l) for l in sys.argv[2:]]
by = {"old": [r for r in rows if r["label"] == "old"], "new": [r for r in rows if r["label"] == "new"]}
def col(who, key): return [r[key][0] for r in by[who]]
def cell(v, scale=1, fmt="{:.4f}"): return f"{fmt.format(statistics.median(v) * scale)} ({fmt.format(min(v) * scale)}–{fmt.format(max(v) * scale)})"
print("| build | layout ms per card | cold render ms per card (layout + draw) | layout share of the cold render |")
print("|---|---:|---:|---:|")
names = {"old": f"stack layout ({old_commit})", "new": "Flexbox engine (this checkout)"}
for who in ("old", "new"):
    print(f"| {names[who]} | {cell(col(who, 'layout_ms'))} | {cell(col(who, 'cold_ms'))} | **{cell(col(who, 'share'), 100, '{:.1f}')} %** |")
ratio_l = [n / o for n, o in zip(col("new", "layout_ms"), col("old", "layout_ms"))]
ratio_c = [n / o for n, o in zip(col("new", "cold_ms"), col("old", "cold_ms"))]
print()
print(f"Per round, engine ÷ stacks: layout time **{statistics.median(ratio_l):.2f}×** ({min(ratio_l):.2f}–{max(ratio_l):.2f}), "
      f"cold render **{statistics.median(ratio_c):.2f}×** ({min(ratio_c):.2f}–{max(ratio_c):.2f}); medians (ranges) of {len(ratio_l)} rounds.")
PY
echo

if [ "${SKIP_C:-0}" = 1 ]; then exit 0; fi
if [ ! -f "$peers/c-cairo-pango/card.c" ]; then
    echo "bench-layout: $peers/c-cairo-pango/card.c not found; set PEERS_DIR, or SKIP_C=1" >&2
    exit 1
fi
mkdir -p .build/bench
card_c=.build/bench/card-c
if [ ! -x "$card_c" ] || [ "$card_c" -ot "$peers/c-cairo-pango/card.c" ]; then
    # As scripts/bench-card.sh builds it.
    gcc -O2 -Wall -o "$card_c" "$peers/c-cairo-pango/card.c" \
        $(pkg-config --cflags --libs pangocairo cairo libwebp libpng) -ljpeg -lpthread -lm
fi
swift build -c release --package-path Examples --product card-bench 2>&1 | grep -v "prohibited flag" >&2
card_bench=$(swift build -c release --package-path Examples --show-bin-path 2>/dev/null)/card-bench
(cd "$old_root" && swift build -c release --product card-bench -Xswiftc -DLAYOUT_BENCH_STACKS 2>&1 | grep -v "prohibited flag" >&2)
old_card_bench=$(dirname "$old_bin")/card-bench
echo "### The reference card end to end (element tree: layout + draw) vs plain C, stacks and engine in one run"
echo
echo "Command: \`scripts/bench-layout.sh\` → $c_rounds rounds; each round runs the C program, \`card-bench run --source elements\` built from $old_commit (stacks) and from this checkout (engine), once each, the order rotating (--mode render --count $c_count×threads --runs 3 --warmup 20; as the \`--source elements\` rows of \`scripts/bench-card.sh\`). Ratios are time per card over C's, per round. Load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "| threads | C cards/s | stacks cards/s | engine cards/s | stacks ÷ C (time) | engine ÷ C (time) | engine ÷ stacks (time) |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for threads in 1 2; do
    n=$((c_count * threads))
    common=(--mode render --count "$n" --runs 3 --warmup 20 --threads "$threads")
    out=()
    for ((r = 0; r < c_rounds; r++)); do
        order=(c old new)
        order=("${order[@]:$((r % 3))}" "${order[@]:0:$((r % 3))}")
        for who in "${order[@]}"; do
            case $who in
                c) line=$("$card_c" "${common[@]}" --root "$peers" --skip-sizes | tail -1) ;;
                old) line=$("$old_card_bench" run --source elements "${common[@]}" | tail -1) ;;
                new) line=$("$card_bench" run --source elements "${common[@]}" | tail -1) ;;
            esac
            out+=("$who $r $line")
        done
    done
    python3 - "$threads" "${out[@]}" <<'PY'
import json, statistics, sys
threads, rows = sys.argv[1], sys.argv[2:]
cps = {}
for row in rows:
    who, r, line = row.split(" ", 2)
    cps.setdefault(who, {})[int(r)] = json.loads(line)["median_cps"]
rounds = sorted(cps["c"])
def ratio(a, b):  # time ratio a/b = cps b / cps a, per round
    v = [cps[b][r] / cps[a][r] for r in rounds]
    return f"**{statistics.median(v):.3f}** ({min(v):.3f}–{max(v):.3f})"
med = {w: statistics.median(cps[w].values()) for w in cps}
print(f"| {threads} | {med['c']:.1f} | {med['old']:.1f} | {med['new']:.1f} | {ratio('old', 'c')} | {ratio('new', 'c')} | {ratio('new', 'old')} |")
PY
done
