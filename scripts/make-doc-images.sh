#!/usr/bin/env bash
# Regenerates the diagrams of the DocC catalogs (DocC/<Module>.docc/Resources/*@2x.png) from
# scripts/doc-images/diagrams.c, with Cairo and Pango (already project dependencies). The PNGs are
# committed; run this only after changing the drawing code, and look at the result.
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
