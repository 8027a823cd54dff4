#!/usr/bin/env bash
# Installs the Debian packages AsyncLayerKit needs, if any are missing.
#
#   scripts/install-deps.sh            # the library's packages (every make target runs this)
#   scripts/install-deps.sh wrk nginx  # only the packages named (the server benchmarks ask for these)
#
# Fast when everything is present (one dpkg-query). Otherwise runs
# `apt-get update` and `apt-get install -y --no-install-recommends ...` as root,
# or through `sudo -n` (no password prompt). If neither is possible it prints
# the exact command to run and exits non-zero.
set -euo pipefail

DEFAULT_PACKAGES=(
    libcairo2-dev
    libpango1.0-dev
    libwebp-dev
    libturbojpeg0-dev
    libpng-dev
    libdeflate-dev
    librsvg2-dev
    libxml2-dev
    libcurl4-openssl-dev
    pkg-config
    fonts-noto-cjk
    fonts-noto-color-emoji
    fonts-dejavu-core
)
if [[ $# -gt 0 ]]; then
    PACKAGES=("$@")
else
    PACKAGES=("${DEFAULT_PACKAGES[@]}")
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
    if [[ "$status" != "installed" ]]; then
        missing+=("$pkg")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "deps: all ${#PACKAGES[@]} Debian packages present"
    exit 0
fi

echo "deps: missing: ${missing[*]}"

if [[ $(id -u) -eq 0 ]]; then
    run() { "$@"; }
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    run() { sudo -n "$@"; }
else
    echo "deps: not root, and sudo cannot run without a password; install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
run apt-get update
run apt-get install -y --no-install-recommends "${missing[@]}"
# New fonts must be visible to fontconfig before the first render.
if [[ $# -eq 0 ]] && command -v fc-cache >/dev/null 2>&1; then
    run fc-cache -f >/dev/null 2>&1 || true
fi
echo "deps: installed ${missing[*]}"
