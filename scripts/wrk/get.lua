-- GET the URL given to wrk again and again (card-server cache hits, 304s, nginx hits).
--
--   wrk -t1 -c32 -d10s --latency -s scripts/wrk/get.lua URL -- [Header: value]...
--
-- Every argument after `--` is a request header ("If-None-Match: \"name.webp\"", "Accept: image/png").
-- No response() callback (so wrk does not parse headers beyond what it needs): statuses are wrk's
-- own count of non-2xx/3xx. done() prints one line `WRK_JSON {...}` for scripts/bench-server.sh.

local request_bytes

function init(args)
    local headers = {}
    for _, arg in ipairs(args) do
        local name, value = arg:match("^([^:]+):%s*(.*)$")
        if name then headers[name] = value end
    end
    request_bytes = wrk.format("GET", nil, headers)
end

function request()
    return request_bytes
end

function done(summary, latency, requests)
    local seconds = summary.duration / 1e6
    local e = summary.errors
    io.write(string.format(
        'WRK_JSON {"requests":%d,"duration_s":%.3f,"rps":%.1f,"p50_ms":%.3f,"p90_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,' ..
        '"non_2xx_3xx":%d,"socket_errors":%d,"bytes":%d}\n',
        summary.requests, seconds, summary.requests / seconds,
        latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
        e.status, e.connect + e.read + e.write + e.timeout, summary.bytes))
end
