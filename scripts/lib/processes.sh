# shellcheck shell=bash
# Shared by scripts/bench-server.sh and scripts/scale-out.sh (sourced, not run): starting and
# stopping the processes a benchmark owns, on loopback.

# stop_pid PID: TERM, up to 10 s, then KILL (with its children, such as nginx's workers).
stop_pid() {
    local pid=$1 children
    children=$(pgrep -P "$pid" || true)
    kill -TERM "$pid" 2>/dev/null || return 0
    for _ in $(seq 100); do
        kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
        sleep 0.1
    done
    # shellcheck disable=SC2086 # a list of pids
    kill -KILL "$pid" $children 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

# free_port: a loopback port nothing listens on now.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# wait_health URL PID: until URL/health answers (up to 15 s); fails at once if PID exits.
wait_health() {
    for _ in $(seq 150); do
        curl -fsS --max-time 1 "$1/health" >/dev/null 2>&1 && return 0
        kill -0 "$2" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}
