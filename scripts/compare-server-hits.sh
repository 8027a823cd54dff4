#!/usr/bin/env bash
# card-server's cache hits, this checkout against another one (a baseline), in interleaved pairs:
# each round starts the baseline's server, then this one's, on loopback, warms each with one
# request and runs wrk on GET /cards/live/0 (WebP) as the hit-render row of scripts/bench-server.sh.
#
#   scripts/compare-server-hits.sh /path/to/baseline/checkout     # ROUNDS (3), DURATION (10 s)
#
# Builds both servers in release mode first (each in its own package's .build).
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=${1:?usage: scripts/compare-server-hits.sh BASELINE_CHECKOUT}
rounds=${ROUNDS:-3}
duration=${DURATION:-10}
scripts/install-deps.sh wrk curl >&2
swift build -c release --package-path Examples/card-server --product card-server >&2
swift build -c release --package-path "$baseline/Examples/card-server" --product card-server >&2
new=$(swift build -c release --package-path Examples/card-server --show-bin-path)/card-server
old=$(swift build -c release --package-path "$baseline/Examples/card-server" --show-bin-path)/card-server
export CARD_SERVER_LOG_LEVEL=warning
# shellcheck source=scripts/lib/processes.sh
source scripts/lib/processes.sh
pid=""
trap '[[ -n "$pid" ]] && stop_pid "$pid"' EXIT
hits() {
    local bin=$1 port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$bin" --host 127.0.0.1 --port "$port" --assets Examples/ReferenceCard/Inputs >/dev/null 2>&1 &
    pid=$!
    local url="http://127.0.0.1:$port/cards/live/0"
    for _ in $(seq 1 200); do curl -fs -o /dev/null -H 'Accept: image/webp' "$url" && break; sleep 0.1; done
    wrk -t 1 -c 32 -d "${duration}s" -s scripts/wrk/get.lua "$url" -- "Accept: image/webp" | awk '/Requests\/sec/ { print $2 }'
    stop_pid "$pid"
    pid=""
}
echo "| round | baseline req/s | this checkout req/s | ratio |"
echo "|---|---:|---:|---:|"
for round in $(seq 1 "$rounds"); do
    o=$(hits "$old")
    n=$(hits "$new")
    echo "| $round | $o | $n | $(python3 -c "print(f'{$n / $o:.3f}')") |"
done
