#!/usr/bin/env bash
# Regenerates the diagrams of the DocC catalogs (DocC/<Module>.docc/Resources/*@2x.png) from
# scripts/doc-images/diagrams.c, with Cairo and Pango (already project dependencies). The PNGs are
# committed; run this only after changing the drawing code, and look at the result.
#
# The Layout article's example (layout-example@2x.png) is rendered by the library itself:
# render-card draws scripts/doc-images/layout-example.json at two widths, and the diagram program
# frames the two renders side by side. That step builds render-card with SwiftPM (SWIFT, and
# SCRATCH_PATH for a scratch path of your own, as in scripts/build-docs.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
# shellcheck disable=SC2046
cc -std=c11 -O1 -Wall -Wextra -o "$bin/diagrams" scripts/doc-images/diagrams.c \
    $(pkg-config --cflags --libs pangocairo) -lm
for catalog in Canvas DisplayLoop AsyncLayerKit; do
    mkdir -p "DocC/$catalog.docc/Resources"
done

# The rendered layout example: the tree as committed (360 × 125 pt), and the same tree 280 pt wide,
# where its text wraps onto more lines and the row grows to 159 pt (ElementLayout's natural heights).
SWIFT=${SWIFT:-swift}
scratch=()
[[ -n "${SCRATCH_PATH:-}" ]] && scratch=(--scratch-path "$SCRATCH_PATH")
"$SWIFT" build "${scratch[@]}" --product render-card >"$bin/swift-build.log" 2>&1 || { cat "$bin/swift-build.log" >&2; exit 1; }
products=$("$SWIFT" build "${scratch[@]}" --show-bin-path)
example=scripts/doc-images/layout-example.json
sed 's/"size": {"width": 360, "height": 125}/"size": {"width": 280, "height": 159}/' "$example" >"$bin/layout-example-280.json"
if cmp -s "$example" "$bin/layout-example-280.json"; then
    echo "make-doc-images: $example no longer has the size this script narrows" >&2
    exit 1
fi
"$products/render-card" "$example" --assets Examples/ReferenceCard/Inputs --scale 2 -o "$bin/layout-example-360.png"
"$products/render-card" "$bin/layout-example-280.json" --assets Examples/ReferenceCard/Inputs --scale 2 -o "$bin/layout-example-280.png"

"$bin/diagrams" DocC "$bin"
