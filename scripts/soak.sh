#!/usr/bin/env bash
# card-server soaked with mixed loopback traffic (RELIABILITY.md, "Soak"):
#
#   scripts/soak.sh                  # SOAK_SECONDS=600 by default
#   SOAK_SECONDS=60 scripts/soak.sh  # the CI run
#
# Builds card-server in release mode, starts it on a free loopback port with a 64 MiB cache budget
# and an admission limit of 16, then runs scripts/soak.py against it: hits, 304s, misses, bad
# bodies, clients that disconnect mid-render and bursts of 64 renders, with the server's RSS, open
# fds and lane gauges (GET /metrics) sampled every second. Fails when a status is outside the
# documented ones, RSS does not plateau (mean of the last third of the run over the first third's
# + the budget: the cache bytes + admission limit x 4 MiB, one render's bitmap and encode), the fds
# do not come back, or the gauges do not return to 0. Output: .build/soak/ (samples.tsv, summary.*,
# server.log).
#
# Environment: SOAK_SECONDS, SOAK_CACHE_BYTES (67108864), SOAK_ADMISSION (16), SOAK_CONFIG (release;
# debug reuses `make test-server`'s build, as CI does: the verdicts are about statuses, memory and
# fds, not speed), SERVER_SCRATCH (the --scratch-path of the build; default
# Examples/card-server/.build), SOAK_SERVER_BIN (a card-server binary built before: no build).
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in -h | --help) sed -n '2,19p' "$0"; exit 0 ;; esac

seconds=${SOAK_SECONDS:-600}
cache_bytes=${SOAK_CACHE_BYTES:-$((64 << 20))}
admission=${SOAK_ADMISSION:-16}
max_body=$((1 << 20))
config=${SOAK_CONFIG:-release}
server_scratch=${SERVER_SCRATCH:-Examples/card-server/.build}
out=.build/soak
assets=Examples/ReferenceCard/Inputs

scripts/install-deps.sh jq curl python3 >&2
mkdir -p "$out"
rm -f "$out"/*

if [[ -n "${SOAK_SERVER_BIN:-}" ]]; then
    server_bin=$SOAK_SERVER_BIN
else
    echo "soak: building card-server ($config)" >&2
    swift build -c "$config" --package-path Examples/card-server --scratch-path "$server_scratch" --product card-server >&2
    server_bin=$(swift build -c "$config" --package-path Examples/card-server --scratch-path "$server_scratch" --show-bin-path)/card-server
fi

# shellcheck source=scripts/lib/processes.sh
source scripts/lib/processes.sh
server_pid=""
cleanup() { [[ -n "$server_pid" ]] && stop_pid "$server_pid"; server_pid=""; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port=$(free_port)
CARD_SERVER_LOG_LEVEL=warning "$server_bin" --host 127.0.0.1 --port "$port" --assets "$assets" \
    --cache-bytes "$cache_bytes" --admission-limit "$admission" --max-body-bytes "$max_body" >"$out/server.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
wait_health "$base" "$server_pid" || { echo "soak: card-server did not start; log:" >&2; tail -n 20 "$out/server.log" >&2; exit 1; }
echo "soak: card-server on $base (pid $server_pid), ${seconds} s of traffic; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

body=$out/body.json
jq -c . Examples/element-cards/reference-card.json | sed 's/"1.2万 watching"/"__N__ watching"/' >"$body"
grep -q '__N__ watching' "$body" || { echo "soak: placeholder not found in the reference card" >&2; exit 1; }

status=0
timeout $((seconds + 300)) python3 scripts/soak.py --base "$base" --pid "$server_pid" --seconds "$seconds" --out "$out" \
    --body "$body" --budget-bytes $((cache_bytes + admission * (4 << 20))) --max-body-bytes "$max_body" || status=$?
kill -0 "$server_pid" 2>/dev/null || { echo "soak: card-server exited during the run; log:" >&2; tail -n 20 "$out/server.log" >&2; status=1; }
echo "soak: load after $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exit $status
