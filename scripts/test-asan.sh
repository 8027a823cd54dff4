#!/usr/bin/env bash
# The tests under AddressSanitizer, then the LeakSanitizer exit check (RELIABILITY.md, "Sanitizers"):
#
#   scripts/test-asan.sh                        # suites + 10,000 renders
#   LEAK_CHECK_RENDERS=500 scripts/test-asan.sh # a shorter leak check
#   ASAN_STEPS=leak-check scripts/test-asan.sh  # only the leak check (library, examples, leak-check)
#
# 1. The library's suite (`swift test --sanitize=address`, scratch path .build-asan).
# 2. The examples' suite (Examples/.build-asan).
# 3. leak-check (Examples/leak-check), built with -sanitize=address in release mode
#    (Examples/.build-asan-release; LEAK_CHECK_CONFIG=debug: the examples' Examples/.build-asan,
#    much slower): the reference card rendered LEAK_CHECK_RENDERS times with
#    images, texts and a shadow, through every encoder, then exit with detect_leaks=1; any leak
#    LeakSanitizer reports fails the step (exit code 23). Suppressions: scripts/test-asan.supp.
#
# UBSan: Swift on Linux refuses `-sanitize=undefined` ("unsupported option ... for target
# x86_64-unknown-linux-gnu"), so there is none here; Swift's own checks (overflow, bounds) trap
# in every build.
#
# The suites run one test at a time (--no-parallel), as under TSan: in parallel on a loaded 2-core
# machine the sanitized CPU-bound tests hold the cooperative pool long enough for the tests that
# wait for work to pass their 60 s limits (seen: 122 such issues in one parallel run at load 25).
#
# The suites run with detect_leaks=0: what the test runners keep at exit is theirs; the leak
# verdict is step 3's, over a process that does only the library's work.
set -euo pipefail
cd "$(dirname "$0")/.."

steps=${ASAN_STEPS:-library examples leak-check}
renders=${LEAK_CHECK_RENDERS:-10000}
suppressed_max=${LEAK_SUPPRESSED_MAX:-1048576}
config=${LEAK_CHECK_CONFIG:-release}
# The debug build shares the examples' suite's scratch path: one build for both steps.
if [[ $config == debug ]]; then scratch=Examples/.build-asan; else scratch=Examples/.build-asan-$config; fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0:halt_on_error=1}
mkdir -p .build

for step in $steps; do
    case "$step" in
        library)
            echo "==> asan: the library's tests (.build-asan)"
            swift test --sanitize=address --scratch-path .build-asan --no-parallel
            ;;
        examples)
            echo "==> asan: the examples' tests (Examples/.build-asan)"
            swift test --package-path Examples --sanitize=address --scratch-path Examples/.build-asan --no-parallel
            ;;
        leak-check)
            echo "==> asan: leak-check, $renders renders ($config, $scratch)"
            swift build -c "$config" --package-path Examples --sanitize=address --scratch-path "$scratch" \
                --product leak-check 2>&1 | { grep -v "prohibited flag" || true; }
            bin=$(swift build -c "$config" --package-path Examples --sanitize=address --scratch-path "$scratch" --show-bin-path)
            status=0
            ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:fast_unwind_on_malloc=0" \
            LSAN_OPTIONS="suppressions=$PWD/scripts/test-asan.supp:print_suppressions=1:report_objects=1" \
                "$bin/leak-check" --renders "$renders" 2>&1 | tee .build/leak-check.log || status=$?
            if [[ $status -ne 0 ]] || grep -q "ERROR: LeakSanitizer" .build/leak-check.log; then
                echo "asan: leak-check failed (exit $status; see .build/leak-check.log)" >&2
                exit 1
            fi
            # The suppressed (process-lifetime) bytes, from LSan's "Suppressions used" table: bounded.
            suppressed=$(awk '/Suppressions used:/ { table = 1; next } table && /^-+$/ { table = 0 }
                              table && $1 ~ /^[0-9]+$/ { bytes += $2 } END { print bytes + 0 }' .build/leak-check.log)
            if (( suppressed > suppressed_max )); then
                echo "asan: leak-check: $suppressed bytes suppressed as process-lifetime, over $suppressed_max" >&2
                exit 1
            fi
            echo "asan: leak-check: 0 leaks over $renders renders ($suppressed bytes of Pango's font maps suppressed, at most $suppressed_max)"
            ;;
        *) echo "test-asan: unknown step $step (library examples leak-check)" >&2; exit 2 ;;
    esac
done
