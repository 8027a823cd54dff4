#!/usr/bin/env bash
# The libFuzzer targets of the Fuzz/ package, built with AddressSanitizer, each run for a while
# from its committed seed corpus (Fuzz/Corpus/<target>/, which also holds every input that once
# crashed a target: a regression there fails the run at once).
#
#   scripts/fuzz.sh                             # every target, FUZZ_SECONDS (default 60) each
#   FUZZ_TARGET=image-png FUZZ_SECONDS=600 scripts/fuzz.sh
#   FUZZ_MAX_LEN=1048576 FUZZ_TARGET=element-document scripts/fuzz.sh   # large inputs
#   FUZZ_RUNS=2000000 FUZZ_SECONDS=3600 FUZZ_TARGET=image-webp scripts/fuzz.sh  # stop at 2M inputs
#
# libFuzzer's inputs stay under 4 KiB by default, which finds no cost that grows with size;
# FUZZ_MAX_LEN lets them grow (a run whose slowest input took over a second says so).
# The inputs libFuzzer finds interesting are kept in Fuzz/.build/corpus/<target>/ (not committed),
# so a later run starts where the last one stopped. A crash, a timeout (FUZZ_TIMEOUT seconds for
# one input, default 10), an allocation over FUZZ_MALLOC_MB (default 64 MiB: 4 times the largest
# bitmap the image targets' limits allow) or a leak stops the target, leaves the input in
# Fuzz/.build/artifacts/<target>/ and fails the script. Each target's executions are appended to
# Fuzz/.build/fuzz-results.tsv (date, commit, target, seconds, executions, corpus, outcome).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
only=${FUZZ_TARGET:-all}
timeout=${FUZZ_TIMEOUT:-10}
malloc_mb=${FUZZ_MALLOC_MB:-64}
max_len=${FUZZ_MAX_LEN:-}
runs=${FUZZ_RUNS:-}
targets=(element-document feed-page image-png image-jpeg image-webp image-svg font-data folder-names card-request css-stylesheet html-card)

if [[ $only != all ]]; then
    [[ " ${targets[*]} " == *" $only "* ]] || { echo "FUZZ_TARGET=$only: not one of: ${targets[*]}" >&2; exit 2; }
    targets=("$only")
fi

# SwiftPM's --sanitize=fuzzer links the executables without an entry point of their own (libFuzzer
# has `main`); the one `-sanitize=fuzzer,address` after it is what swiftc compiles with: given as
# two flags (`--sanitize` twice), swiftc keeps only the last, and the code has no coverage counters.
flags=(-c release --package-path Fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
echo "==> swift build ${flags[*]}"
swift build "${flags[@]}" 2>&1 | grep -v -e "prohibited flag" -e "Cannot export local symbol" >&2
bin=$(swift build "${flags[@]}" --show-bin-path 2>/dev/null)

# libFuzzer reports a crash itself: the Swift runtime's backtracer would only slow it down.
export SWIFT_BACKTRACE=enable=no
# fontconfig's process-wide caches are never freed (see the file); every other leak still fails a run.
export LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
results=Fuzz/.build/fuzz-results.tsv
[[ -f $results ]] || printf 'date\tcommit\ttarget\tseconds\texecutions\tcorpus\toutcome\tmax_len\tslowest_s\n' > "$results"

failed=()
total=0
for target in "${targets[@]}"; do
    # A large-input pass keeps its own corpus: its inputs would raise every later run's max_len.
    work=Fuzz/.build/corpus/$target${max_len:+-large}
    artifacts=Fuzz/.build/artifacts/$target
    log=Fuzz/.build/fuzz-$target${max_len:+-large}.log
    mkdir -p "$work" "$artifacts"
    options=(-max_total_time="$seconds" -timeout="$timeout" -malloc_limit_mb="$malloc_mb" -rss_limit_mb=2048
             -print_final_stats=1 -artifact_prefix="$artifacts/")
    [[ -f Fuzz/Dictionaries/$target.dict ]] && options+=(-dict="Fuzz/Dictionaries/$target.dict")
    # -len_control=0: inputs may grow to max_len at once, not step by step over millions of runs.
    [[ -n $runs ]] && options+=(-runs="$runs")
    [[ -n $max_len ]] && options+=(-max_len="$max_len" -len_control=0 -report_slow_units=1)
    echo "==> fuzz $target: ${seconds}s"
    status=0
    "$bin/$target" "${options[@]}" "$work" "Fuzz/Corpus/$target" > "$log" 2>&1 || status=$?
    # A run that died early prints no stats: 0 executions (awk reads no line), not a script error.
    executions=$(awk '/^stat::number_of_executed_units:/ {s += $2} END {print s + 0}' "$log")
    corpus=$(find "$work" -type f | wc -l)
    # libFuzzer prints "Slowest unit: N s:" when an input took longer than -report_slow_units.
    slowest=$(awk '/Slowest unit:/ {s = $3} END {print s + 0}' "$log")
    outcome=ok
    if (( status != 0 )); then
        outcome="failed ($status): $(grep -m1 -E '^==[0-9]+==ERROR|^SUMMARY|fuzz property failed|ALARM|out-of-memory|malloc\(' "$log" || echo "see $log")"
        failed+=("$target")
        echo "---- $target: the end of $log ----"
        tail -n 40 "$log"
        ls -1 "$artifacts" | sed "s|^|artifact: $artifacts/|"
    fi
    total=$((total + executions))
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$commit" "$target" "$seconds" "$executions" "$corpus" "$outcome" "${max_len:-default}" "$slowest" >> "$results"
    printf 'fuzz %-16s %12s executions in %ss, corpus %s, slowest input %ss: %s\n' "$target" "$executions" "$seconds" "$corpus" "$slowest" "$outcome"
done

echo "fuzz summary: ${#targets[@]} targets, $total executions, ${#failed[@]} failing${failed[*]:+: ${failed[*]}}"
(( ${#failed[@]} == 0 ))
