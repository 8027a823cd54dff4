-- POST /render with a tree that differs on every request: card-server cache misses.
--
--   wrk -t1 -c1 -d10s --latency -s scripts/wrk/miss.lua http://127.0.0.1:PORT/render -- BODY_FILE [SALT] [PLACEHOLDER]
--
-- BODY_FILE is a JSON element document containing PLACEHOLDER (default __N__); every request
-- replaces it with SALT, the wrk thread's number and a counter, so no two requests (of this run,
-- nor of another run with another SALT) name the same image. Counts responses by status; done()
-- prints one line `WRK_JSON {...}` for scripts/bench-server.sh.

local threads = {}
local counter = 0
local body, prefix, placeholder
n2xx, n304, n503, nother = 0, 0, 0, 0

function setup(thread)
    thread:set("thread_number", #threads + 1)
    table.insert(threads, thread)
end

function init(args)
    local file = assert(io.open(assert(args[1], "miss.lua: the body file is the first argument"), "rb"))
    body = file:read("*a")
    file:close()
    placeholder = args[3] or "__N__"
    assert(body:find(placeholder, 1, true), "miss.lua: the body does not contain " .. placeholder)
    prefix = (args[2] or "w") .. "t" .. tostring(thread_number or 1) .. "-"
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
    wrk.headers["Accept"] = "image/webp"
end

function request()
    counter = counter + 1
    -- plain find + sub: the placeholder is text, not a Lua pattern
    local i, j = body:find(placeholder, 1, true)
    local varied = body:sub(1, i - 1) .. prefix .. counter .. body:sub(j + 1)
    return wrk.format(nil, nil, nil, varied)
end

function response(status, headers, response_body)
    if status == 503 then n503 = n503 + 1
    elseif status == 304 then n304 = n304 + 1
    elseif status >= 200 and status < 300 then n2xx = n2xx + 1
    else nother = nother + 1 end
end

function done(summary, latency, requests)
    local c2, c3, c5, co = 0, 0, 0, 0
    for _, thread in ipairs(threads) do
        c2 = c2 + thread:get("n2xx")
        c3 = c3 + thread:get("n304")
        c5 = c5 + thread:get("n503")
        co = co + thread:get("nother")
    end
    local seconds = summary.duration / 1e6
    local e = summary.errors
    io.write(string.format(
        'WRK_JSON {"requests":%d,"duration_s":%.3f,"rps":%.1f,"p50_ms":%.3f,"p90_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,' ..
        '"non_2xx_3xx":%d,"socket_errors":%d,"bytes":%d,"s2xx":%d,"s304":%d,"s503":%d,"sother":%d}\n',
        summary.requests, seconds, summary.requests / seconds,
        latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
        e.status, e.connect + e.read + e.write + e.timeout, summary.bytes, c2, c3, c5, co))
end
