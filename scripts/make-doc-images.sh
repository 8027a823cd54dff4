#!/usr/bin/env bash
# Regenerates the pictures of the DocC catalogs (DocC/<Module>.docc/Resources/*@2x.png). The PNGs
# are committed; run this only after changing a picture's source, and look at the result.
#
# The library draws them all: Examples/doc-diagrams builds each diagram from Canvas paths, labels
# and element trees laid out by the Flexbox engine, and renders the Layout article's small JSON
# trees (scripts/doc-images/layout-<concept>.json, and Examples/element-cards/product-card.json for
# layout-product-card@2x.png) as render-card does, at scale 2.
# `ONLY="turn-phases ranges-viewport" scripts/make-doc-images.sh` redraws just those. The Elements
# catalog's images-by-url@2x.png is drawn by Examples/remote-images' `remote-images-bench picture`
# (ONLY="images-by-url" for it alone).
#
# It builds doc-diagrams with SwiftPM (SWIFT, and SCRATCH_PATH for a scratch path of your own, as in
# scripts/build-docs.sh), from the Examples package once the examples live in one (Examples/Package.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT

SWIFT=${SWIFT:-swift}
swiftpm=()
[[ -n "${SCRATCH_PATH:-}" ]] && swiftpm=(--scratch-path "$SCRATCH_PATH")
[[ -f Examples/Package.swift ]] && swiftpm+=(--package-path Examples)
"$SWIFT" build "${swiftpm[@]}" --product doc-diagrams >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
products=$("$SWIFT" build "${swiftpm[@]}" --show-bin-path)
only=()
for name in ${ONLY:-}; do [[ "$name" == images-by-url ]] || only+=(--only "$name"); done
if [[ -z "${ONLY:-}" || ${#only[@]} -gt 0 ]]; then
    "$products/doc-diagrams" --repository . "${only[@]}"
fi

# The Elements catalog's picture of images by URL comes from the remote-images package (libcurl; an
# origin it starts on loopback), which the examples package does not depend on.
if [[ -z "${ONLY:-}" || " ${ONLY} " == *" images-by-url "* ]]; then
    "$SWIFT" build --package-path Examples/remote-images --product remote-images-bench >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
    remote=$("$SWIFT" build --package-path Examples/remote-images --show-bin-path)
    "$remote/remote-images-bench" picture DocC/Elements.docc/Resources/images-by-url@2x.png
fi
