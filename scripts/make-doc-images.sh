#!/usr/bin/env bash
# Regenerates the pictures of the DocC catalogs (DocC/<Module>.docc/Resources/*@2x.png). The PNGs
# are committed; run this only after changing a picture's source, and look at the result.
#
# - The diagrams are drawn by scripts/doc-images/diagrams.c with Cairo and Pango (already project
#   dependencies).
# - The Layout article's pictures (layout-<concept>@2x.png) are rendered by the library itself:
#   render-card draws each small JSON tree scripts/doc-images/layout-<concept>.json at scale 2.
#   layout-product-card@2x.png is Examples/element-cards/product-card.json.
#   That step builds render-card with SwiftPM (SWIFT, and SCRATCH_PATH for a scratch path of your
#   own, as in scripts/build-docs.sh).
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
"$bin/diagrams" DocC

SWIFT=${SWIFT:-swift}
scratch=()
[[ -n "${SCRATCH_PATH:-}" ]] && scratch=(--scratch-path "$SCRATCH_PATH")
"$SWIFT" build "${scratch[@]}" --product render-card >"$bin/swift-build.log" 2>&1 || { cat "$bin/swift-build.log" >&2; exit 1; }
products=$("$SWIFT" build "${scratch[@]}" --show-bin-path)
for concept in direction wrap justify align grow-shrink absolute aspect-ratio rtl; do
    "$products/render-card" "scripts/doc-images/layout-$concept.json" --assets Examples/ReferenceCard/Inputs \
        --scale 2 -o "DocC/AsyncLayerKit.docc/Resources/layout-$concept@2x.png"
done
# The article's opening picture: the product example card, as `make cards` renders it.
"$products/render-card" Examples/element-cards/product-card.json --assets Examples/ReferenceCard/Inputs \
    --scale 2 -o DocC/AsyncLayerKit.docc/Resources/layout-product-card@2x.png
