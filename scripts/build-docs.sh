#!/usr/bin/env bash
# Builds the DocC catalog in DocC/ into .build/docs, failing on any DocC warning.
#
# The catalog sits at the top level (DocC/AsyncLayerKit.docc), not inside a target, so this does
# by hand what a DocC plugin would: dump the symbol graphs of the package, keep the documented
# modules' graphs, and run `docc convert` with --warnings-as-errors.
set -euo pipefail

cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
CATALOG=DocC/AsyncLayerKit.docc
OUTPUT=.build/docs
GRAPHS=.build/docs-symbol-graphs
# The modules whose API the catalog documents (DisplayLoop and AsyncLayerKit join later).
MODULES=(Canvas)

# docc ships with the Swift toolchain, beside the swift driver.
DOCC=${DOCC:-}
if [[ -z "$DOCC" ]]; then
    if command -v docc >/dev/null 2>&1; then
        DOCC=$(command -v docc)
    else
        DOCC="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/docc"
    fi
fi
if [[ ! -x "$DOCC" ]]; then
    echo "docs: docc not found (looked in PATH and beside $SWIFT); set DOCC=/path/to/docc" >&2
    exit 1
fi

start=$(date +%s)

# 1. Symbol graphs (public API only). The dump builds the package in the default .build if needed.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! "$SWIFT" package dump-symbol-graph --minimum-access-level public >"$log" 2>&1; then
    cat "$log" >&2
    echo "docs: swift package dump-symbol-graph failed" >&2
    exit 1
fi
dumped=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
if [[ -z "$dumped" || ! -d "$dumped" ]]; then
    cat "$log" >&2
    echo "docs: could not find where the symbol graphs were written" >&2
    exit 1
fi

rm -rf "$GRAPHS"
mkdir -p "$GRAPHS"
for module in "${MODULES[@]}"; do
    # Module.symbols.json, plus Module@Other.symbols.json for extensions to other modules' types.
    shopt -s nullglob
    files=("$dumped/$module.symbols.json" "$dumped/$module@"*.symbols.json)
    shopt -u nullglob
    if [[ ! -f "$dumped/$module.symbols.json" ]]; then
        echo "docs: no symbol graph for module $module in $dumped" >&2
        exit 1
    fi
    cp "${files[@]}" "$GRAPHS/"
done

# 2. Convert. --warnings-as-errors makes any warning fail; the grep is a second guard in case a
# docc version reports a warning without failing.
rm -rf "$OUTPUT"
docc_log=$(mktemp)
trap 'rm -f "$log" "$docc_log"' EXIT
status=0
"$DOCC" convert "$CATALOG" \
    --additional-symbol-graph-dir "$GRAPHS" \
    --output-path "$OUTPUT" \
    --fallback-display-name AsyncLayerKit \
    --fallback-bundle-identifier org.asynclayerkit.AsyncLayerKit \
    --warnings-as-errors >"$docc_log" 2>&1 || status=$?
if grep -q '[^[:space:]]' "$docc_log"; then cat "$docc_log"; fi
if [[ $status -ne 0 ]] || grep -qE '(^|[ :])(warning|error):' "$docc_log"; then
    echo "docs: FAILED (docc reported warnings or errors; exit status $status)" >&2
    exit 1
fi

echo "docs: built $OUTPUT in $(( $(date +%s) - start ))s with no warnings (modules: ${MODULES[*]})"
