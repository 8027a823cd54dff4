# AsyncLayerKit: the commands the README lists. Every target that builds first runs `deps`,
# which installs the Debian packages if any are missing (scripts/install-deps.sh).

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

SWIFT ?= swift
# The examples and benchmarks are a package of their own (Examples/Package.swift), beside the library.
EXAMPLES := --package-path Examples

.PHONY: help deps run cards test test-examples test-server test-remote-images test-tsan test-asan soak fuzz fuzz-server bench bench-layout bench-server scale-out docs clean layout-conformance paint-conformance html-conformance

help:
	@echo "make run        render the bundled sample feed into out/ (feed-demo; installs deps first)"
	@echo "make cards      render every example card in Examples/element-cards/ (JSON) and Examples/html-cards/ (HTML) into out/cards/ (render-card)"
	@echo "make test       build and run the tests: the library's, the examples', card-server's, remote-images' (installs deps first)"
	@echo "make test-examples  the examples package's tests (Examples/, its own .build there)"
	@echo "make test-server  the card-server example's tests (its own package, Hummingbird; .build there)"
	@echo "make test-remote-images  the images-by-URL loader's tests (Examples/remote-images, libcurl; loopback origins; .build there)"
	@echo "make test-tsan  run the library's and the examples' tests under the thread sanitizer (.build-tsan)"
	@echo "make test-asan  the library's and the examples' tests under AddressSanitizer, then leak-check (LSan, 10,000 renders; .build-asan)"
	@echo "make soak       card-server under mixed loopback traffic for SOAK_SECONDS (600): RSS, fds, gauges (scripts/soak.sh)"
	@echo "make layout-conformance  the flexbox engine against Yoga's fixtures and the Chromium corpus (UPDATE=1 rewrites the known failures)"
	@echo "make paint-conformance  the renderer against Chromium's pictures of the paint corpus, per group (UPDATE=1 rewrites the known failures)"
	@echo "make html-conformance  HTML cards against Chromium's boxes, line counts and pictures (UPDATE=1 rewrites the known failures)"
	@echo "make bench      feed card vs plain C, and the encoders (scripts/bench-card.sh)"
	@echo "make bench-layout  the Flexbox engine: synthetic trees, card layout share, elements vs C (scripts/bench-layout.sh)"
	@echo "make bench-server  card-server under wrk: hits, misses vs in-process, overload (installs wrk)"
	@echo "make fuzz-server  schemathesis (PyPI, venv in .build/) against card-server on loopback: FUZZ_SERVER_EXAMPLES per operation"
	@echo "make scale-out  two card-server replicas behind nginx: balancing and shared cache (installs nginx, wrk)"
	@echo "make fuzz      libFuzzer (+ASan) over every parser of untrusted input, FUZZ_SECONDS (60) each; FUZZ_TARGET=NAME for one (scripts/fuzz.sh)"
	@echo "make docs       build the DocC catalogs in DocC/ into one site in .build/docs; warnings fail"
	@echo "make deps       install the Debian packages if missing"
	@echo "make clean      remove build products and out/"

deps:
	@scripts/install-deps.sh

run: deps
	$(SWIFT) run -c release $(EXAMPLES) feed-demo

# One PNG per JSON card and per HTML card (at scale 2), named after it; the JSON cards' images come
# from the reference card's inputs, the HTML cards' are data: URIs. The HTML cards render with
# --strict: an example that draws otherwise than a browser would (a warning) fails the target.
# `--help` first: a smoke check that the help prints (it once crashed on a forced cast).
cards: deps
	@$(SWIFT) build $(EXAMPLES) --product render-card
	@bin=$$($(SWIFT) build $(EXAMPLES) --show-bin-path); mkdir -p out/cards; \
	"$$bin/render-card" --help >/dev/null; \
	for card in Examples/element-cards/*.json; do \
	  "$$bin/render-card" "$$card" --assets Examples/ReferenceCard/Inputs -o "out/cards/$$(basename "$$card" .json).png"; \
	done; \
	for card in Examples/html-cards/*.html; do \
	  "$$bin/render-card" "$$card" --strict -o "out/cards/$$(basename "$$card" .html).png"; \
	done

# Swift Testing prints its own lines as it goes; the full log also goes to .build/test.log and
# the summary (and any failures) is repeated at the end, even when a test fails. Then the examples'
# tests, card-server's and remote-images', each with its own summary; every package runs even when one fails.
test: deps
	@mkdir -p .build
	@echo "$(SWIFT) test"; status=0; \
	$(SWIFT) test 2>&1 | tee .build/test.log || status=$$?; \
	echo "---- test summary ----"; \
	grep -E '^[^ ]+ Test .* (failed|recorded an issue)' .build/test.log | grep -v 'Test run with' | head -n 20 || true; \
	grep -E 'Executed [1-9][0-9]* tests?|Test run with [0-9]+ tests?' .build/test.log \
	  || echo "no test summary: the build or the test runner failed (see .build/test.log)"; \
	examples=0; $(MAKE) --no-print-directory test-examples || examples=$$?; \
	server=0; $(MAKE) --no-print-directory test-server || server=$$?; \
	remote=0; $(MAKE) --no-print-directory test-remote-images || remote=$$?; \
	echo "==== make test: library $$status, examples $$examples, card-server $$server, remote-images $$remote (exit statuses) ===="; \
	for log in .build/test.log .build/test-examples.log .build/test-server.log .build/test-remote-images.log; do \
	  [ -f "$$log" ] || continue; \
	  { grep -E '^[^ ]+ Test .* (failed|recorded an issue)|unexpected signal|Fatal error|^error: |: error: ' "$$log" \
	    | grep -v 'Test run with' | head -n 12 | sed "s|^|$$log: |"; } || true; \
	done; \
	[ $$status -ne 0 ] && exit $$status; [ $$examples -ne 0 ] && exit $$examples; [ $$server -ne 0 ] && exit $$server; exit $$remote

# The examples, benchmarks and their helper libraries (Examples/Package.swift; ArgumentParser): the
# demos' measuring code, the reference card, the sample feed and the feed demo's job.
test-examples: deps
	@mkdir -p .build
	@echo "$(SWIFT) test $(EXAMPLES)"; status=0; \
	$(SWIFT) test $(EXAMPLES) 2>&1 | tee .build/test-examples.log || status=$$?; \
	echo "---- examples test summary ----"; \
	grep -E '^[^ ]+ Test .* (failed|recorded an issue)' .build/test-examples.log | grep -v 'Test run with' | head -n 20 || true; \
	grep -E 'Executed [1-9][0-9]* tests?|Test run with [0-9]+ tests?' .build/test-examples.log \
	  || echo "no test summary: the build or the test runner failed (see .build/test-examples.log)"; \
	exit $$status

# The HTTP server example is a package of its own (Examples/card-server, Hummingbird 2), so the
# library never inherits its dependencies; its first build and test run take about 3 minutes on 2 cores.
test-server: deps
	@mkdir -p .build
	@echo "$(SWIFT) test --package-path Examples/card-server"; status=0; \
	$(SWIFT) test --package-path Examples/card-server 2>&1 | tee .build/test-server.log || status=$$?; \
	echo "---- card-server test summary ----"; \
	grep -E '^[^ ]+ Test .* (failed|recorded an issue)' .build/test-server.log | grep -v 'Test run with' | head -n 20 || true; \
	grep -E 'Test run with [0-9]+ tests?' .build/test-server.log \
	  || echo "no test summary: the build or the test runner failed (see .build/test-server.log)"; \
	exit $$status

# The images-by-URL loader is a package of its own too (Examples/remote-images, over libcurl), so
# the library keeps no network code; its tests start HTTP origins on loopback, nothing leaves the machine.
test-remote-images: deps
	@mkdir -p .build
	@echo "$(SWIFT) test --package-path Examples/remote-images"; status=0; \
	$(SWIFT) test --package-path Examples/remote-images 2>&1 | tee .build/test-remote-images.log || status=$$?; \
	echo "---- remote-images test summary ----"; \
	grep -E '^[^ ]+ Test .* (failed|recorded an issue)' .build/test-remote-images.log | grep -v 'Test run with' | head -n 20 || true; \
	grep -E 'Test run with [0-9]+ tests?' .build/test-remote-images.log \
	  || echo "no test summary: the build or the test runner failed (see .build/test-remote-images.log)"; \
	exit $$status

# The engine's two conformance suites: Yoga's gentest fixtures (Tests/FlexboxTests/YogaFixtures,
# scripts/yoga-fixtures) and the Chromium corpus of random trees (Tests/FlexboxTests/ChromiumCorpus,
# scripts/layout-diff). Prints "Yoga conformance: P of N cases (X %)" and "Chromium conformance: P of
# N trees (X %)"; the runs' failures are in .build/yoga-conformance/REPORT.md and
# .build/chromium-conformance/REPORT.md. UPDATE=1 rewrites both committed KNOWN-FAILURES.md.
layout-conformance: deps
	@mkdir -p .build
	@status=0; \
	YOGA_CONFORMANCE_UPDATE=$(UPDATE) CHROMIUM_CONFORMANCE_UPDATE=$(UPDATE) \
	  $(SWIFT) test --filter 'YogaConformance|ChromiumConformance' 2>&1 | tee .build/layout-conformance.log || status=$$?; \
	echo "----"; \
	grep -h -E '^(Yoga|Chromium) conformance: [0-9]' .build/layout-conformance.log \
	  || echo "no figure: the build or the test runner failed (see .build/layout-conformance.log)"; \
	exit $$status

# The paint corpus (Tests/AsyncLayerKitTests/PaintCorpus, scripts/paint-diff): element documents
# rendered by the library and compared with Chromium's committed PNGs. Prints the per-group table
# and "Paint conformance: P of N cases (X %)"; the run's failures are in
# .build/paint-conformance/REPORT.json. UPDATE=1 rewrites the committed KNOWN-FAILURES.json.
paint-conformance: deps
	@mkdir -p .build
	@status=0; \
	PAINT_CONFORMANCE_UPDATE=$(UPDATE) \
	  $(SWIFT) test --filter PaintConformance 2>&1 | tee .build/paint-conformance.log || status=$$?; \
	echo "----"; \
	sed -n '/^group  *passed/,/^Paint conformance: [0-9]/p' .build/paint-conformance.log | grep -v '^\[' \
	  || echo "no table: the build or the test runner failed (see .build/paint-conformance.log)"; \
	exit $$status

# The HTML cards (Tests/HTMLTests/ChromiumCards, scripts/html-diff) against Chromium's frames, line
# counts and pictures; the cards below target must be those listed, and no total may fall.
html-conformance: deps
	@mkdir -p .build
	@status=0; \
	HTML_CONFORMANCE_UPDATE=$(UPDATE) \
	  $(SWIFT) test --filter HTMLConformance 2>&1 | tee .build/html-conformance.log || status=$$?; \
	echo "----"; \
	grep '^HTML conformance:' .build/html-conformance.log \
	  || echo "no figures: the build or the test runner failed (see .build/html-conformance.log)"; \
	exit $$status

# One test at a time: under the sanitizer the CPU-bound tests run 5-15x slower and, in parallel,
# hold both threads of the cooperative pool for tens of seconds, so the tests that wait for work
# (bounded at 10-20 s) time out; serially the whole suite takes about 2.5 minutes on 2 cores.
# The library's tests, then the examples' (their own scratch path, Examples/.build-tsan), then
# remote-images' (its transfer thread and curl callbacks; Examples/remote-images/.build-tsan).
test-tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --no-parallel
	$(SWIFT) test $(EXAMPLES) --sanitize=thread --scratch-path Examples/.build-tsan --no-parallel
	$(SWIFT) test --package-path Examples/remote-images --sanitize=thread --scratch-path Examples/remote-images/.build-tsan --no-parallel

# AddressSanitizer over both suites, then the LeakSanitizer exit check (scripts/test-asan.sh):
# LEAK_CHECK_RENDERS (10000) renders of the reference card, 0 leaks.
test-asan: deps
	scripts/test-asan.sh

# card-server soaked on loopback (scripts/soak.sh); SOAK_SECONDS, 600 by default.
SOAK_SECONDS ?= 600
soak: deps
	SOAK_SECONDS=$(SOAK_SECONDS) scripts/soak.sh

bench: deps
	scripts/bench-card.sh

bench-layout: deps
	scripts/bench-layout.sh

# The server benchmarks install wrk (and nginx) themselves, through install-deps.sh with a list:
# `make test` never needs them. BENCH_ARGS=--quick for a smoke run.
bench-server: deps
	scripts/bench-server.sh $(BENCH_ARGS)

scale-out: deps
	scripts/scale-out.sh $(BENCH_ARGS)

# card-server attacked from its own OpenAPI document (scripts/fuzz-server.sh; RELIABILITY.md).
fuzz-server: deps
	scripts/fuzz-server.sh

docs: deps
	scripts/build-docs.sh

# The fuzz targets are a package of their own (Fuzz/Package.swift, built with -sanitize=fuzzer,address
# into Fuzz/.build); each runs FUZZ_SECONDS from its seeds in Fuzz/Corpus/. Figures: RELIABILITY.md.
FUZZ_SECONDS ?= 60
FUZZ_TARGET ?= all
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGET=$(FUZZ_TARGET) scripts/fuzz.sh

clean:
	rm -rf .build .build-tsan out Examples/.build Examples/.build-tsan Examples/card-server/.build Examples/remote-images/.build Examples/remote-images/.build-tsan
