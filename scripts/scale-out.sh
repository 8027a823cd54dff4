#!/usr/bin/env bash
# Two card-server replicas behind nginx (load balancer + shared HTTP cache), on loopback.
#
#   scripts/scale-out.sh            # 10 s per wrk run
#   scripts/scale-out.sh --quick    # 3 s per wrk run
#
# Builds card-server (release), starts two replicas and nginx with the configuration
# Examples/card-server/deploy/nginx.conf.template filled in under .build/scale-out/nginx (its own
# pid, logs, temp folders and cache; nginx runs as the current user, no system file touched),
# then shows:
#   (a) distinct requests spread over both replicas (counted per upstream in nginx's access log);
#   (b) the same requests again, answered by nginx's cache (X-Cache-Status HIT, no upstream),
#       once more with both replicas paused (SIGSTOP) to prove it, and a rendered image's
#       content-hash URL served through nginx whichever replica rendered it;
#   (c) wrk throughput of a cache hit through nginx vs the same request to one replica directly.
# Everything it started is stopped on exit. Environment: DURATION, ROUNDS, CONNECTIONS, KEEP_LOGS, SERVER_SCRATCH
# (card-server's --scratch-path, default Examples/card-server/.build).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        -h | --help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "scale-out: unknown argument $arg (--quick)" >&2; exit 2 ;;
    esac
done
if [[ $quick -eq 1 ]]; then duration=${DURATION:-3}; rounds=${ROUNDS:-1}; else duration=${DURATION:-10}; rounds=${ROUNDS:-2}; fi
connections=${CONNECTIONS:-32}
server_scratch=${SERVER_SCRATCH:-Examples/card-server/.build}
out=$PWD/.build/scale-out
prefix=$out/nginx
template=Examples/card-server/deploy/nginx.conf.template
assets=Examples/ReferenceCard/Inputs

scripts/install-deps.sh nginx wrk jq curl python3 procps coreutils >&2
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

echo "scale-out: building card-server (release)" >&2
swift build -c release --package-path Examples/card-server --scratch-path "$server_scratch" --product card-server >&2
server_bin=$(swift build -c release --package-path Examples/card-server --scratch-path "$server_scratch" --show-bin-path)/card-server

# ---- processes: every one started here is stopped on any exit ----
# shellcheck source=scripts/lib/processes.sh
source scripts/lib/processes.sh
pids=()
paused=()
cleanup() {
    local pid
    for pid in "${paused[@]}"; do kill -CONT "$pid" 2>/dev/null || true; done
    paused=()
    # Last started first: nginx before the replicas.
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do stop_pid "${pids[i]}"; done
    pids=()
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM


rm -rf "$prefix"
mkdir -p "$prefix/logs" "$prefix/temp" "$prefix/cache"

# ---- two replicas ----
replica_ports=()
replica_pids=()
for n in 1 2; do
    port=$(free_port)
    : >"$out/replica-$n.log"
    # Appended (O_APPEND), so that the log can be cut back after the wrk rounds.
    "$server_bin" --host 127.0.0.1 --port "$port" --assets "$assets" >>"$out/replica-$n.log" 2>&1 &
    pid=$!
    pids+=("$pid")
    wait_health "http://127.0.0.1:$port" "$pid" || { echo "scale-out: replica $n did not start" >&2; cat "$out/replica-$n.log" >&2; exit 1; }
    replica_ports+=("$port")
    replica_pids+=("$pid")
    echo "scale-out: replica $n on 127.0.0.1:$port (pid $pid)" >&2
done

# ---- nginx ----
nginx_port=$(free_port)
user_line=""
[[ $(id -u) -eq 0 ]] && user_line="user $(id -un);"  # else nginx would drop to nobody for its workers
sed -e "s|@PREFIX@|$prefix|g" -e "s|@PORT@|$nginx_port|g" -e "s|@WORKERS@|2|g" \
    -e "s|@UPSTREAM1@|127.0.0.1:${replica_ports[0]}|g" -e "s|@UPSTREAM2@|127.0.0.1:${replica_ports[1]}|g" \
    -e "s|@USER_LINE@|$user_line|g" "$template" >"$prefix/nginx.conf"
"$nginx_bin" -t -q -p "$prefix/" -c "$prefix/nginx.conf" -e "$prefix/logs/error.log"
"$nginx_bin" -p "$prefix/" -c "$prefix/nginx.conf" -e "$prefix/logs/error.log" &
pids+=("$!")
lb="http://127.0.0.1:$nginx_port"
wait_health "$lb" "${pids[-1]}" || { echo "scale-out: nginx did not start" >&2; cat "$prefix/logs/error.log" >&2; exit 1; }
echo "scale-out: nginx on $lb (pid ${pids[-1]}), config $prefix/nginx.conf" >&2
access=$prefix/logs/access.log

# fetch URL [curl options]: prints "status cache-status" of one GET through nginx.
fetch() {
    local url=$1; shift
    curl -sS --max-time 30 -o /dev/null -D - "$@" "$url" | tr -d '\r' |
        awk 'NR == 1 { status = $2 } tolower($1) == "x-cache-status:" { cache = $2 } END { print status, (cache == "" ? "-" : cache) }'
}
# log_since LINE: the access log's lines after LINE.
log_since() { tail -n +"$(($1 + 1))" "$access"; }
log_lines() { wc -l <"$access"; }
# per_upstream: "upstream count" of log lines on stdin (nginx's upstream=… field; "-": none).
per_upstream() { sed -n 's/.* upstream=\(.*\) upstream_status=.*/\1/p' | sort | uniq -c | awk '{ $1 = $1; print }'; }
# metrics_total PORT: the sum of card-server's *request*_total counters (scrapes and health checks
# left out), if it serves GET /metrics; else n/a.
metrics_total() {
    local text
    text=$(curl -fsS --max-time 5 "http://127.0.0.1:$1/metrics" 2>/dev/null) || { echo "n/a"; return 0; }
    awk '!/^#/ && $1 ~ /request/ && $1 ~ /_total/ && $1 !~ /metrics|health/ { s += $NF; n++ } END { if (n) printf "%d\n", s; else print "n/a" }' <<<"$text"
}
# replica_requests N: the request lines in replica N's log (card-server logs one per request at info).
replica_requests() { grep -c 'path=' "$out/replica-$1.log" || true; }

urls=()
for q in $(seq 50 73); do urls+=("/cards/live/0?quality=$q"); done

echo
echo "## (a) ${#urls[@]} distinct template URLs through nginx (cache misses, round-robin)"
start=$(log_lines)
for url in "${urls[@]}"; do fetch "$lb$url" -H 'Accept: image/webp' >/dev/null; done
log_since "$start" | per_upstream | while read -r count upstream; do
    name=$upstream
    [[ "$upstream" == "127.0.0.1:${replica_ports[0]}" ]] && name="replica 1 ($upstream)"
    [[ "$upstream" == "127.0.0.1:${replica_ports[1]}" ]] && name="replica 2 ($upstream)"
    echo "  $count requests → $name"
done
echo "  cache: $(log_since "$start" | grep -o 'cache=[A-Z-]*' | sort | uniq -c | awk '{ printf "%s %s  ", $1, $2 }')"

echo
echo "## (b) the same ${#urls[@]} URLs again, then with both replicas paused"
metrics_before="$(metrics_total "${replica_ports[0]}") / $(metrics_total "${replica_ports[1]}")"
logs_before="$(replica_requests 1) / $(replica_requests 2)"
start=$(log_lines)
for url in "${urls[@]}"; do fetch "$lb$url" -H 'Accept: image/webp' >/dev/null; done
# Other spellings of Accept that mean WebP share the entry (the key holds the normalised header).
fetch "$lb${urls[0]}" -H 'Accept: image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' >/dev/null
fetch "$lb${urls[0]}" >/dev/null
hits=$(log_since "$start" | grep -c 'cache=HIT' || true)
contacted=$(log_since "$start" | grep 'cache=HIT' | grep -vc 'upstream=- ' || true)
echo "  $hits of $((${#urls[@]} + 2)) answered from nginx's cache (HIT; two with other spellings of Accept that mean WebP); upstream contacted for $contacted of them"
metrics_after="$(metrics_total "${replica_ports[0]}") / $(metrics_total "${replica_ports[1]}")"
echo "  replicas' request log lines (replica 1 / replica 2): before $logs_before, after $(replica_requests 1) / $(replica_requests 2)"
echo "  replicas' requests_total in GET /metrics: before $metrics_before, after $metrics_after"
png=$(fetch "$lb${urls[0]}" -H 'Accept: image/png')
echo "  Accept: image/png on the same URL is another entry: $png (then $(fetch "$lb${urls[0]}" -H 'Accept: image/png'))"
kill -STOP "${replica_pids[@]}"
paused=("${replica_pids[@]}")
start=$(log_lines)
for url in "${urls[@]}"; do fetch "$lb$url" -H 'Accept: image/webp' --max-time 5 >/dev/null || true; done
kill -CONT "${replica_pids[@]}"
paused=()
echo "  replicas paused (SIGSTOP): $(log_since "$start" | grep -c ' 200 .*cache=HIT') of ${#urls[@]} still 200 + HIT from nginx"

echo
echo "## (b') POST /render through nginx, then its Content-Location through nginx"
body=$out/body.json
jq -c . Examples/element-cards/reference-card.json >"$body"
start=$(log_lines)
locations=()
for n in 1 2 3 4; do
    sed "s/\"1.2万 watching\"/\"scale-out $n watching\"/" "$body" >"$out/body-$n.json"
    locations+=("$(curl -sS --max-time 30 -o /dev/null -D - -H 'Content-Type: application/json' --data-binary "@$out/body-$n.json" "$lb/render" |
        tr -d '\r' | awk 'tolower($1) == "content-location:" { print $2 }')")
done
for location in "${locations[@]}"; do
    first=$(fetch "$lb$location")
    second=$(fetch "$lb$location")
    echo "  $location: GET through nginx $first, again $second"
done
echo "  POSTs per upstream: $(log_since "$start" | grep '"POST ' | per_upstream | sed 's/^\([0-9]*\) /\1 × /' | tr '\n' ' ')"
echo "  image GETs that nginx had to ask both replicas for (404 then 200): $(log_since "$start" | grep -c 'upstream_status=404, 200' || true)"

echo
echo "## (c) cache hits: wrk -t1 -c$connections -d${duration}s through nginx vs one replica directly, $rounds interleaved rounds"
echo "  ($(nproc) cores shared by wrk, nginx and the replicas; load average $(cut -d' ' -f1-3 /proc/loadavg))"
# Both sides primed: nginx's cache, and replica 1's stored encoding (a cold start of 32 identical
# requests would measure a burst of identical renders instead).
fetch "$lb/cards/live/0" -H 'Accept: image/webp' >/dev/null
curl -fsS --max-time 30 -o /dev/null -H 'Accept: image/webp' "http://127.0.0.1:${replica_ports[0]}/cards/live/0"
# Interleaved rounds (nginx, direct, nginx, direct, ...): the shared machine's drift hits both.
# nginx's access log and the replica's request log stay on, as deployed; their lines of these
# rounds (hundreds of MB) are dropped afterwards unless KEEP_LOGS=1.
log_sizes=("$(stat -c %s "$access")" "$(stat -c %s "$out/replica-1.log")")
for round in $(seq "$rounds"); do
    for target in nginx direct; do
        url="$lb/cards/live/0"
        [[ $target == direct ]] && url="http://127.0.0.1:${replica_ports[0]}/cards/live/0"
        timeout $((duration + 60)) wrk --latency -t1 -c "$connections" -d "${duration}s" -s scripts/wrk/get.lua "$url" -- "Accept: image/webp" \
            >"$out/wrk-$target-$round.txt" 2>&1 || { cat "$out/wrk-$target-$round.txt" >&2; exit 1; }
        grep '^WRK_JSON ' "$out/wrk-$target-$round.txt" | sed 's/^WRK_JSON //' >"$out/wrk-$target-$round.json"
    done
done
if [[ "${KEEP_LOGS:-0}" != 1 ]]; then
    # The writers append (O_APPEND), so cutting the files back to their earlier size is safe.
    truncate -s "${log_sizes[0]}" "$access"
    truncate -s "${log_sizes[1]}" "$out/replica-1.log"
fi
python3 - "$out" "$rounds" <<'PY'
import json, sys
out, rounds = sys.argv[1], int(sys.argv[2])
runs = {t: [json.load(open(f"{out}/wrk-{t}-{r}.json")) for r in range(1, rounds + 1)] for t in ("nginx", "direct")}
def total(xs):
    return sum(x["requests"] for x in xs) / sum(x["duration_s"] for x in xs)
print("| target | req/s (all rounds) | per round | p50 ms | p99 ms (worst round) | errors |")
print("|---|---:|---|---:|---:|---|")
for label, t in (("nginx, cache HIT", "nginx"), ("one replica directly (stored bytes)", "direct")):
    xs = runs[t]
    print(f"| {label} | {total(xs):.0f} | {', '.join('%.0f' % x['rps'] for x in xs)} | "
          f"{sorted(x['p50_ms'] for x in xs)[len(xs) // 2]:.3f} | {max(x['p99_ms'] for x in xs):.3f} | "
          f"{sum(x['non_2xx_3xx'] for x in xs)} non-2xx/3xx, {sum(x['socket_errors'] for x in xs)} socket |")
ratios = [n["rps"] / d["rps"] for n, d in zip(runs["nginx"], runs["direct"])]
print(f"\nnginx / direct: **{total(runs['nginx']) / total(runs['direct']):.2f}×** the requests per second "
      f"(rounds: {', '.join('%.2f' % r for r in ratios)})")
PY
echo
echo "scale-out: config $prefix/nginx.conf, logs $prefix/logs/, raw wrk output $out/wrk-*.txt" >&2
