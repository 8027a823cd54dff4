#!/usr/bin/env python3
"""Mixed loopback traffic against a running card-server, sampled every second; then the verdict.

    scripts/soak.py --base http://127.0.0.1:PORT --pid PID --seconds 600 --out DIR \
        --body FILE --budget-bytes N

Started by scripts/soak.sh, which builds and starts the server. The traffic, each kind on threads
of its own, every loop bounded by the deadline and a request count:
  hit        GET /cards/live/{i} (WebP, PNG, JPEG): stored encodings after the first render
  stored     GET /images/{name} of a Content-Location seen before
  not-mod    the same two with If-None-Match: 304
  miss       POST /render of the reference card with a viewer count of its own, GET with a new ?scale=
  bad        invalid JSON (400), a body over the limit (413), too deep (422), Accept none of ours
             (406), an unknown card or image (404), a bad ?quality= (400)
  disconnect a POST of a new card, the socket closed 0-40 ms later without reading the answer
  burst      every 15 s, 64 new renders at once: 200 or 503 (the admission limit)
Every second: RSS (VmRSS) and open fds of the server from /proc, the lanes' gauges and the cache
bytes from GET /metrics. After the traffic stops: until the gauges are 0 (at most 30 s).

Pass: every status one of the documented (200 304 400 404 406 413 415 422 503) and the one its kind
expects; no transport error on a kept connection; mean RSS of the last third of the traffic at most
the first third's + the budget (the render caches' byte budget + admission limit x one render's
working set); the fds after traffic back within 4 of those before it; both gauges 0 after it.
Writes samples.tsv, summary.json and summary.md into --out; exits 1 on a failed check.
"""
import argparse
import http.client
import json
import os
import random
import re
import socket
import statistics
import sys
import threading
import time
import urllib.parse

DOCUMENTED = {200, 304, 400, 404, 406, 413, 415, 422, 503}
FORMATS = ["image/webp", "image/png", "image/jpeg"]


class Recorder:
    """Statuses per kind, the unexpected ones, transport errors: shared by the traffic threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}
        self.unexpected = []
        self.transport_errors = []
        self.locations = []
        self.etags = []

    def record(self, kind, status, allowed):
        with self.lock:
            per_kind = self.counts.setdefault(kind, {})
            per_kind[status] = per_kind.get(status, 0) + 1
            if status not in allowed or status not in DOCUMENTED:
                if len(self.unexpected) < 50:
                    self.unexpected.append({"kind": kind, "status": status, "allowed": sorted(allowed)})
                self.unexpected_count = getattr(self, "unexpected_count", 0) + 1

    def error(self, kind, error):
        with self.lock:
            if len(self.transport_errors) < 50:
                self.transport_errors.append({"kind": kind, "error": repr(error)})
            self.transport_error_count = getattr(self, "transport_error_count", 0) + 1

    def remember(self, location, etag):
        with self.lock:
            if location and len(self.locations) < 64 and location not in self.locations:
                self.locations.append(location)
            if etag and len(self.etags) < 64 and etag not in self.etags:
                self.etags.append(etag)

    def known(self):
        with self.lock:
            return list(self.locations), list(self.etags)


class Client:
    """One kept connection; a request on a connection the server closed is sent again on a new one."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.conn = None

    def request(self, method, path, body=None, headers=None):
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            try:
                self.conn.request(method, path, body=body, headers=headers or {})
                response = self.conn.getresponse()
                data = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.close()
                return response.status, response.getheader("Content-Location"), response.getheader("ETag"), data
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError, http.client.CannotSendRequest):
                # A kept connection the server had closed (idle, or after `Connection: close`): once more.
                self.close()
                if attempt == 2:
                    raise

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--seconds", type=int, default=600)
    parser.add_argument("--out", required=True)
    parser.add_argument("--body", required=True, help="the reference card JSON with __N__ in its viewer count")
    parser.add_argument("--budget-bytes", type=int, required=True)
    parser.add_argument("--max-body-bytes", type=int, default=1 << 20)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()

    url = urllib.parse.urlparse(args.base)
    host, port = url.hostname, url.port
    template = open(args.body, encoding="utf-8").read()
    recorder = Recorder()
    stop = threading.Event()
    deadline = time.monotonic() + args.seconds
    unique = iter(range(1, 1 << 62))
    unique_lock = threading.Lock()

    def next_unique():
        with unique_lock:
            return next(unique)

    def card_body():
        return template.replace("__N__", f"soak {next_unique()}").encode()

    def loop(kind, step, pause=0.0, limit=2_000_000):
        """Runs `step(client, rng)` until the deadline (or `limit` times), recording errors."""
        def run():
            rng = random.Random(f"{args.seed}-{kind}-{threading.get_ident()}")
            client = Client(host, port)
            for _ in range(limit):
                if stop.is_set() or time.monotonic() >= deadline:
                    break
                try:
                    step(client, rng)
                except (OSError, http.client.HTTPException) as error:
                    recorder.error(kind, error)
                    client.close()
                if pause:
                    stop.wait(pause)
            client.close()
        return run

    render_ok = {200, 503}

    def hit(client, rng):
        accept = rng.choice(FORMATS)
        status, location, etag, _ = client.request("GET", f"/cards/live/{rng.randrange(live_cards)}", headers={"Accept": accept})
        recorder.record("hit", status, render_ok)
        if status == 200:
            recorder.remember(location, etag)

    def stored(client, rng):
        locations, etags = recorder.known()
        if not locations:
            return
        location = rng.choice(locations)
        status, _, _, _ = client.request("GET", location)
        # Evicted from the caches since: 404 (the name is still valid).
        recorder.record("stored", status, {200, 404})

    def not_modified(client, rng):
        locations, etags = recorder.known()
        if not etags:
            return
        etag = rng.choice(etags)
        name = etag.strip('"')
        if rng.random() < 0.5:
            status, _, _, _ = client.request("GET", f"/images/{name}", headers={"If-None-Match": etag})
            recorder.record("not-modified", status, {304})
        else:
            status, _, _, _ = client.request("GET", f"/cards/live/{rng.randrange(live_cards)}",
                                             headers={"If-None-Match": ", ".join(etags[:8]), "Accept": rng.choice(FORMATS)})
            # The live card's tag is among the 8 only for the formats seen first.
            recorder.record("not-modified", status, {200, 304, 503})

    def miss(client, rng):
        if rng.random() < 0.7:
            status, location, etag, _ = client.request("POST", "/render", body=card_body(),
                                                        headers={"Content-Type": "application/json", "Accept": rng.choice(FORMATS)})
        else:
            scale = 1 + next_unique() % 1000 / 1000
            status, location, etag, _ = client.request("GET", f"/cards/live/{rng.randrange(live_cards)}?scale={scale:.3f}",
                                                        headers={"Accept": rng.choice(FORMATS)})
        recorder.record("miss", status, render_ok)

    deep = ('{"version":2,"size":{"width":10,"height":10},"root":' + '{"type":"view","children":[' * 40 + '{"type":"view"}'
            + ']}' * 40 + '}').encode()
    bad_cases = [
        ("POST", "/render", b'{"size": {"width": 10', {"Content-Type": "application/json"}, {400}),
        ("POST", "/render", b'[1, 2, 3]', {"Content-Type": "application/json"}, {400}),
        ("POST", "/render", None, {"Content-Type": "application/json"}, {413}),
        ("POST", "/render", deep, {"Content-Type": "application/json"}, {400, 422}),
        ("GET", "/cards/live/0", None, {"Accept": "text/html"}, {406}),
        ("GET", "/cards/live/99", None, {}, {404}),
        ("GET", "/cards/nothing/1", None, {}, {404}),
        ("GET", "/images/0000000000000000.webp", None, {}, {404}),
        ("GET", "/cards/live/0?quality=0", None, {"Accept": "image/webp"}, {400}),
        ("GET", "/cards/live/0?scale=-1", None, {}, {400}),
    ]
    oversized = b'{"pad":"' + b"x" * (args.max_body_bytes + 1024) + b'"}'

    def bad(client, rng):
        method, path, body, headers, allowed = rng.choice(bad_cases)
        if method == "POST" and body is None:
            body = oversized
        status, _, _, _ = client.request(method, path, body=body, headers=headers)
        recorder.record("bad", status, allowed)
        if method == "POST":
            client.close()  # the server may stop reading a refused body: a clean connection next

    disconnects = {"sent": 0}

    def disconnect(client, rng):
        body = card_body()
        head = (f"POST /render HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
                f"Accept: {rng.choice(FORMATS)}\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        with socket.create_connection((host, port), timeout=10) as sock:
            sock.sendall(head + body)
            time.sleep(rng.uniform(0, 0.04))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # RST
        with recorder.lock:
            disconnects["sent"] += 1

    bursts = {"count": 0}

    def burst_loop():
        rng = random.Random(f"{args.seed}-burst")
        while not stop.is_set():
            if stop.wait(15) or time.monotonic() >= deadline - 5:
                break
            threads = []
            for _ in range(64):
                def one():
                    client = Client(host, port)
                    try:
                        status, _, _, _ = client.request("POST", "/render", body=card_body(),
                                                          headers={"Content-Type": "application/json", "Accept": "image/webp"})
                        recorder.record("burst", status, render_ok)
                    except (OSError, http.client.HTTPException) as error:
                        recorder.error("burst", error)
                    finally:
                        client.close()
                threads.append(threading.Thread(target=one, daemon=True))
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
            bursts["count"] += 1

    samples = []
    gauge_re = re.compile(r"^(card_server_lanes_queued|card_server_lanes_running|card_server_cache_bytes|card_server_stored_images)\s+([0-9.e+]+)$", re.M)

    def sample(phase):
        with open(f"/proc/{args.pid}/status", encoding="ascii") as status:
            rss_kib = int(re.search(r"^VmRSS:\s+(\d+)", status.read(), re.M).group(1))
        fds = len(os.listdir(f"/proc/{args.pid}/fd"))
        conn = http.client.HTTPConnection(host, port, timeout=10)
        try:
            conn.request("GET", "/metrics")
            text = conn.getresponse().read().decode()
        finally:
            conn.close()
        gauges = {name: float(value) for name, value in gauge_re.findall(text)}
        row = {"t": round(time.monotonic() - started, 1), "phase": phase, "rss_kib": rss_kib, "fds": fds,
               "queued": gauges.get("card_server_lanes_queued", -1), "running": gauges.get("card_server_lanes_running", -1),
               "cache_bytes": gauges.get("card_server_cache_bytes", -1), "stored_images": gauges.get("card_server_stored_images", -1)}
        samples.append(row)
        return row

    # How many live cards the server has: the first index answered 404.
    probe = Client(host, port)
    live_cards = next(i for i in range(64) if probe.request("GET", f"/cards/live/{i}", headers={"Accept": "image/webp"})[0] == 404)
    probe.close()
    if live_cards == 0:
        print("soak: the server has no live card", file=sys.stderr)
        return 1

    started = time.monotonic()
    time.sleep(1)
    before = sample("before")
    workers = ([loop("hit", hit)] * 2 + [loop("stored", stored), loop("not-modified", not_modified)]
               + [loop("miss", miss)] * 2 + [loop("bad", bad, pause=0.01), loop("disconnect", disconnect, pause=0.02)])
    threads = [threading.Thread(target=w, daemon=True) for w in workers] + [threading.Thread(target=burst_loop, daemon=True)]
    for thread in threads:
        thread.start()
    next_tick = time.monotonic()
    while time.monotonic() < deadline:
        next_tick += 1
        sample("traffic")
        time.sleep(max(0, next_tick - time.monotonic()))
    stop.set()
    for thread in threads:
        thread.join(90)
    # After the traffic: until both gauges are 0 (renders of disconnected clients finish or stop).
    settled = None
    for _ in range(30):
        time.sleep(1)
        row = sample("after")
        if row["queued"] == 0 and row["running"] == 0:
            settled = row
            break
    after = samples[-1]

    traffic = [s for s in samples if s["phase"] == "traffic"]
    third = max(1, len(traffic) // 3)
    first_mib = statistics.mean(s["rss_kib"] for s in traffic[:third]) / 1024
    last_mib = statistics.mean(s["rss_kib"] for s in traffic[-third:]) / 1024
    budget_mib = args.budget_bytes / (1 << 20)
    requests = sum(sum(c.values()) for c in recorder.counts.values())
    unexpected = getattr(recorder, "unexpected_count", 0)
    transport = getattr(recorder, "transport_error_count", 0)
    checks = {
        "statuses documented and as expected": unexpected == 0,
        "no transport errors": transport == 0,
        "RSS plateau: last third <= first third + budget": last_mib <= first_mib + budget_mib,
        "fds back within 4 after traffic": after["fds"] <= before["fds"] + 4,
        "gauges back to 0 after traffic": settled is not None,
    }
    summary = {
        "seconds": args.seconds, "requests": requests, "per_kind": recorder.counts,
        "disconnects": disconnects["sent"], "bursts": bursts["count"],
        "unexpected_count": unexpected, "unexpected": recorder.unexpected,
        "transport_error_count": transport, "transport_errors": recorder.transport_errors,
        "rss_mib": {"before": before["rss_kib"] / 1024, "first_third_mean": first_mib, "last_third_mean": last_mib,
                    "max": max(s["rss_kib"] for s in samples) / 1024, "after": after["rss_kib"] / 1024, "budget": budget_mib},
        "fds": {"before": before["fds"], "max": max(s["fds"] for s in samples), "after": after["fds"]},
        "gauges_after": {"queued": after["queued"], "running": after["running"],
                         "settled_after_s": None if settled is None else round(settled["t"] - traffic[-1]["t"], 1)},
        "cache_bytes_max": max(s["cache_bytes"] for s in samples),
        "checks": checks, "passed": all(checks.values()),
    }
    with open(os.path.join(args.out, "samples.tsv"), "w", encoding="utf-8") as tsv:
        columns = list(samples[0].keys())
        tsv.write("\t".join(columns) + "\n")
        for s in samples:
            tsv.write("\t".join(str(s[c]) for c in columns) + "\n")
    with open(os.path.join(args.out, "summary.json"), "w", encoding="utf-8") as out:
        json.dump(summary, out, indent=2, sort_keys=True)
    lines = [
        f"soak: {args.seconds} s, {requests} requests ({requests / args.seconds:.0f}/s), {disconnects['sent']} disconnects mid-request, {bursts['count']} bursts of 64",
        "statuses: " + "; ".join(f"{kind} " + " ".join(f"{code}×{n}" for code, n in sorted(c.items())) for kind, c in sorted(recorder.counts.items())),
        f"RSS MiB: before {before['rss_kib'] / 1024:.0f}, first third {first_mib:.0f}, last third {last_mib:.0f}, max {summary['rss_mib']['max']:.0f}, after {after['rss_kib'] / 1024:.0f} (budget {budget_mib:.0f})",
        f"fds: before {before['fds']}, max {summary['fds']['max']}, after {after['fds']}",
        f"gauges after traffic: queued {after['queued']:.0f}, running {after['running']:.0f}"
        + (f" (0 within {summary['gauges_after']['settled_after_s']} s)" if settled else " (never 0 within 30 s)"),
        f"unexpected statuses: {unexpected}, transport errors: {transport}",
    ] + [f"{'PASS' if ok else 'FAIL'} {name}" for name, ok in checks.items()]
    with open(os.path.join(args.out, "summary.md"), "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    if recorder.unexpected:
        print("first unexpected:", json.dumps(recorder.unexpected[:5]))
    if recorder.transport_errors:
        print("first transport errors:", json.dumps(recorder.transport_errors[:5]))
    return 0 if summary["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
