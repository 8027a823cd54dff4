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
#    (Examples/.build-asan-release): the reference card rendered LEAK_CHECK_RENDERS times with
#    images, texts and a shadow, through every encoder, then exit with detect_leaks=1; any leak
#    LeakSanitizer reports fails the step (exit code 23). Suppressions: scripts/test-asan.supp.
#
# UBSan: Swift on Linux refuses `-sanitize=undefined` ("unsupported option ... for target
# x86_64-unknown-linux-gnu"), so there is none here; Swift's own checks (overflow, bounds) trap
# in every build.
#
# The suites run with detect_leaks=0: what the test runners keep at exit is theirs; the leak
# verdict is step 3's, over a process that does only the library's work.
set -euo pipefail
cd "$(dirname "$0")/.."

steps=${ASAN_STEPS:-library examples leak-check}
renders=${LEAK_CHECK_RENDERS:-10000}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0:halt_on_error=1}
mkdir -p .build

for step in $steps; do
    case "$step" in
        library)
            echo "==> asan: the library's tests (.build-asan)"
            swift test --sanitize=address --scratch-path .build-asan
            ;;
        examples)
            echo "==> asan: the examples' tests (Examples/.build-asan)"
            swift test --package-path Examples --sanitize=address --scratch-path Examples/.build-asan
            ;;
        leak-check)
            echo "==> asan: leak-check, $renders renders (Examples/.build-asan-release)"
            swift build -c release --package-path Examples --sanitize=address --scratch-path Examples/.build-asan-release \
                --product leak-check 2>&1 | { grep -v "prohibited flag" || true; }
            bin=$(swift build -c release --package-path Examples --sanitize=address --scratch-path Examples/.build-asan-release --show-bin-path)
            status=0
            ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" \
            LSAN_OPTIONS="suppressions=$PWD/scripts/test-asan.supp:print_suppressions=1:report_objects=1" \
                "$bin/leak-check" --renders "$renders" 2>&1 | tee .build/leak-check.log || status=$?
            if [[ $status -ne 0 ]] || grep -q "ERROR: LeakSanitizer" .build/leak-check.log; then
                echo "asan: leak-check failed (exit $status; see .build/leak-check.log)" >&2
                exit 1
            fi
            echo "asan: leak-check: 0 leaks reported by LeakSanitizer over $renders renders"
            ;;
        *) echo "test-asan: unknown step $step (library examples leak-check)" >&2; exit 2 ;;
    esac
done
