#!/usr/bin/env bash
# card-server attacked by schemathesis (PyPI) on loopback, from the OpenAPI document it serves.
# RELIABILITY.md, "card-server under schemathesis".
#
#   scripts/fuzz-server.sh              # 100 examples per operation (FUZZ_SERVER_EXAMPLES)
#   FUZZ_SERVER_EXAMPLES=20 scripts/fuzz-server.sh
#
# Installs schemathesis (pinned, SCHEMATHESIS_VERSION) into a venv under .build/, builds
# card-server (FUZZ_SERVER_CONFIG: debug, the build `make test` made, or release), starts it on a
# free loopback port with the reference card's assets and the example HTML templates, and runs every schemathesis check against
# `GET /openapi.json` with a fixed seed (FUZZ_SERVER_SEED) and the settings in
# Examples/card-server/schemathesis.toml (which refusals of schema-valid input are documented). Passes when schemathesis finds nothing
# (no response outside the document, no 5xx it does not describe), the server is still running
# at the end (no crash) and its log has no 5xx but the documented 503. Reports, the server's log
# and its /metrics go to .build/fuzz-server/; the last lines printed are the figures.
set -euo pipefail
cd "$(dirname "$0")/.."

examples=${FUZZ_SERVER_EXAMPLES:-100}
seed=${FUZZ_SERVER_SEED:-20261123}
config=${FUZZ_SERVER_CONFIG:-debug}
version=${SCHEMATHESIS_VERSION:-4.32.5}
venv=.build/schemathesis-venv
out=.build/fuzz-server
assets=Examples/ReferenceCard/Inputs
# The example HTML templates, so that GET /og/{template} renders (no signing key: schemathesis's
# requests are unsigned; the signature's 403s are covered by card-server's tests).
templates=Examples/card-server/templates

scripts/install-deps.sh curl >&2
mkdir -p "$out"
rm -rf "$out"/report "$out"/*.log "$out"/*.txt

# ---- schemathesis, in its own venv (never the system's Python) ----
if [[ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != *"$version"* ]]; then
    echo "fuzz-server: installing schemathesis $version into $venv" >&2
    python3 -m venv "$venv" || { scripts/install-deps.sh python3-venv >&2 && python3 -m venv "$venv"; }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version" >&2
fi

echo "fuzz-server: building card-server ($config)" >&2
swift build -c "$config" --package-path Examples/card-server --product card-server >&2
server_bin=$(swift build -c "$config" --package-path Examples/card-server --show-bin-path)/card-server

# ---- the server: every process started here is stopped on any exit ----
# shellcheck source=scripts/lib/processes.sh
source scripts/lib/processes.sh
server_pid=""
cleanup() {
    [[ -n "$server_pid" ]] && stop_pid "$server_pid"
    server_pid=""
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for attempt in 1 2 3; do
    port=$(free_port)
    # info: one line per request, so the log shows every status the server answered.
    CARD_SERVER_LOG_LEVEL=info "$server_bin" --host 127.0.0.1 --port "$port" --assets "$assets" --html-templates "$templates" >"$out/server.log" 2>&1 &
    server_pid=$!
    base="http://127.0.0.1:$port"
    wait_health "$base" "$server_pid" && break
    echo "fuzz-server: card-server did not answer /health (attempt $attempt)" >&2
    stop_pid "$server_pid"
    server_pid=""
done
[[ -n "$server_pid" ]] || exit 1
echo "fuzz-server: card-server on $base (pid $server_pid); schemathesis $version, $examples examples per operation, seed $seed" >&2

# ---- the attack ----
start=$SECONDS
status=0
# From $out, where schemathesis keeps its cache (.schemathesis/), out of the source tree.
root=$PWD
(cd "$out" && "$root/$venv/bin/schemathesis" --config-file "$root/Examples/card-server/schemathesis.toml" \
    run "$base/openapi.json" \
    --checks all \
    --max-examples "$examples" \
    --seed "$seed" \
    --workers 2 \
    --request-timeout 30 \
    --report junit,ndjson --report-dir report \
    --no-color) 2>&1 | tee "$out/schemathesis.log" || status=$?
elapsed=$((SECONDS - start))

# ---- what the server went through ----
alive=yes
kill -0 "$server_pid" 2>/dev/null || alive=no
[[ $alive == yes ]] && curl -fsS --max-time 10 "$base/metrics" >"$out/metrics.txt" || true
requests=$(grep -c ' status=' "$out/server.log" || true)
by_status=$(grep -o ' status=[0-9]*' "$out/server.log" | sort | uniq -c | awk '{ sub(" status=", "", $2); printf "%s×%s ", $2, $1 }')
undocumented_5xx=$(grep -o ' status=5[0-9]*' "$out/server.log" | grep -vc 'status=503' || true)
cases=$(grep -oE '[0-9]+ generated' "$out/schemathesis.log" | tail -n 1 | grep -oE '[0-9]+' || true)

echo "---- fuzz-server figures ----"
echo "schemathesis $version, --checks all, $examples examples per operation, seed $seed, ${elapsed}s"
echo "schemathesis exit: $status; test cases generated: ${cases:-?}"
echo "server requests: $requests ($by_status)"
echo "server alive at the end: $alive; 5xx other than 503: $undocumented_5xx"
[[ $status -eq 0 && $alive == yes && $undocumented_5xx -eq 0 ]]
