#!/usr/bin/env bash
# Builds the DocC catalogs in DocC/ — one per documented module — into one combined archive,
# .build/docs, failing on any DocC warning.
#
# The catalogs sit at the top level (DocC/<Module>.docc), not inside the targets, so this does by
# hand what `swift package generate-documentation --enable-experimental-combined-documentation`
# would: dump the package's symbol graphs once, convert each catalog with its own module's graphs
# (`docc convert --warnings-as-errors`, into .build/docs-archives/<Module>.doccarchive), letting
# a module link to the modules it depends on (`--dependency` on their archives), and merge the
# archives into one site with a synthesized landing page (`docc merge`).
#
# Links across modules: each archive holds only its own module, so a link from one module's
# catalog or doc comments to another module's symbol is written absolute, ``/DisplayLoop/DisplayActor``
# or ``/Canvas/Bitmap`` (a relative ``DisplayActor`` does not resolve in AsyncLayerKit, even though
# it re-exports DisplayLoop); it resolves through `--dependency` and works in the merged site.
#
# Environment: SWIFT (the swift driver), DOCC (the docc binary), SCRATCH_PATH (a SwiftPM scratch
# path for the symbol-graph dump; default: SwiftPM's own, .build).
set -euo pipefail

cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SCRATCH_PATH=${SCRATCH_PATH:-}
OUTPUT=.build/docs
ARCHIVES=.build/docs-archives
GRAPHS=.build/docs-symbol-graphs
# The documented modules, each after the modules it links to, and what it links to. A module's
# archive holds only its own symbols: AsyncLayerKit re-exports Canvas, Flexbox and DisplayLoop, but its
# symbol graph has only the symbols it declares, and links to theirs resolve in their archives.
MODULES=(Canvas Flexbox DisplayLoop Elements HTML Rendering AsyncLayerKit AsyncLayerKitTesting)
declare -A DEPENDENCIES=(
    [Canvas]=""
    [Flexbox]=""
    [DisplayLoop]=""
    [Elements]="Canvas Flexbox"
    [HTML]="Canvas Flexbox Elements"
    [Rendering]="Canvas Flexbox DisplayLoop Elements"
    [AsyncLayerKit]="Canvas Flexbox DisplayLoop Elements HTML Rendering"
    [AsyncLayerKitTesting]="Canvas Flexbox DisplayLoop Elements HTML Rendering AsyncLayerKit"
)

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

start=$EPOCHREALTIME
elapsed() { awk -v now="$EPOCHREALTIME" -v then="$1" 'BEGIN { printf "%.1f", now - then }'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. Symbol graphs (public API only), once for the whole package. The dump builds the package if
# needed. It also tries the test-discovery modules (AsyncLayerKitPackageTests, …), which exist only
# once the tests were built, and then exits non-zero: that failure is ignored as long as every
# documented module's graph was written by this run. Extension blocks give extensions of other
# modules' types (AsyncLayerKitTesting's DisplayLoop.drive and Trait.mainDisplayLoop) pages of
# their own, under the archive's "Extended Modules".
scratch=()
[[ -n "$SCRATCH_PATH" ]] && scratch=(--scratch-path "$SCRATCH_PATH")
touch "$tmp/marker"
dump_status=0
"$SWIFT" package "${scratch[@]}" dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols >"$tmp/dump.log" 2>&1 \
    || dump_status=$?
dumped=$(sed -n 's/^Files written to //p' "$tmp/dump.log" | tail -n 1)
if [[ -z "$dumped" || ! -d "$dumped" ]]; then
    cat "$tmp/dump.log" >&2
    echo "docs: swift package dump-symbol-graph failed (exit status $dump_status)" >&2
    exit 1
fi
for module in "${MODULES[@]}"; do
    if [[ -z "$(find "$dumped/$module.symbols.json" -newer "$tmp/marker" 2>/dev/null)" ]] \
        || grep -q "Failed to emit symbol graph for '$module'" "$tmp/dump.log"; then
        cat "$tmp/dump.log" >&2
        echo "docs: swift package dump-symbol-graph did not write the graph of $module" >&2
        exit 1
    fi
done
timings="symbol graphs $(elapsed "$start")s"

rm -rf "$GRAPHS" "$ARCHIVES" "$OUTPUT"
mkdir -p "$ARCHIVES"
failed=0
for module in "${MODULES[@]}"; do
    t=$EPOCHREALTIME
    # Module.symbols.json, plus Module@Other.symbols.json for extensions to other modules' types.
    mkdir -p "$GRAPHS/$module"
    shopt -s nullglob
    cp "$dumped/$module.symbols.json" "$dumped/$module@"*.symbols.json "$GRAPHS/$module/"
    shopt -u nullglob

    dependencies=()
    for dependency in ${DEPENDENCIES[$module]}; do
        dependencies+=(--dependency "$ARCHIVES/$dependency.doccarchive")
    done

    # 2. Convert. --warnings-as-errors makes any warning fail; the grep is a second guard in case
    # a docc version reports a warning without failing.
    status=0
    "$DOCC" convert "DocC/$module.docc" \
        --additional-symbol-graph-dir "$GRAPHS/$module" \
        --output-path "$ARCHIVES/$module.doccarchive" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.asynclayerkit.$module" \
        --enable-experimental-external-link-support \
        "${dependencies[@]}" \
        --warnings-as-errors >"$tmp/$module.log" 2>&1 || status=$?
    if grep -q '[^[:space:]]' "$tmp/$module.log"; then cat "$tmp/$module.log"; fi
    if [[ $status -ne 0 ]] || grep -qE '(^|[ :])(warning|error):' "$tmp/$module.log"; then
        echo "docs: $module FAILED (docc reported warnings or errors; exit status $status)" >&2
        failed=1
        break
    fi
    timings+=", $module $(elapsed "$t")s"
done
if [[ $failed -ne 0 ]]; then
    exit 1
fi

# 3. One site: the module archives under a synthesized landing page.
t=$EPOCHREALTIME
archives=()
for module in "${MODULES[@]}"; do archives+=("$ARCHIVES/$module.doccarchive"); done
if ! "$DOCC" merge "${archives[@]}" \
    --synthesized-landing-page-name AsyncLayerKit \
    --output-path "$OUTPUT" >"$tmp/merge.log" 2>&1 \
    || grep -qE '(^|[ :])(warning|error):' "$tmp/merge.log"; then
    cat "$tmp/merge.log" >&2
    echo "docs: docc merge FAILED" >&2
    exit 1
fi
timings+=", merge $(elapsed "$t")s"

echo "docs: built $OUTPUT in $(elapsed "$start")s with no warnings (modules: ${MODULES[*]}; $timings)"

# 4. The public API lists (api/<Module>.txt, committed): a change to the public surface must be
# committed with them, so it shows in review. `API_UPDATE=1` rewrites them instead of checking.
if [[ "${API_UPDATE:-0}" == 1 ]]; then
    python3 scripts/api-list.py
elif ! python3 scripts/api-list.py --check; then
    echo "docs: the public API changed: review it, then run API_UPDATE=1 make docs and commit api/" >&2
    exit 1
fi
