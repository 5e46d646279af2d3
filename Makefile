# The two commands: `make run` (set up, then serve the games to a browser) and `make test` (set up,
# then pass the tests).
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-deps test-slow lint typecheck bench fuzz leaks setup clean compile crash load

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,research]'
	touch $(STAMP)

setup: $(STAMP) compile

run: $(STAMP) compile
	$(VENV)/bin/herna serve

# The whole suite on the compiled Alhambra core, then again on its pure Python form
# (HERNA_PURE=1), which is what runs where nothing was compiled: every test passes on both.
test: test-deps lint typecheck compile
	$(VENV)/bin/pytest -q -n 2
	HERNA_PURE=1 $(VENV)/bin/pytest -q -n 2

# Alhambra's hot core compiled with mypyc beside its sources (src/herna/native.py says which
# modules and how the compiled or the pure form is chosen at import). Rebuilt only when those
# sources changed. Without a C compiler: a warning, and herna runs as pure Python (with CI=true
# an error).
compile: $(STAMP)
	@HERNA_PURE=1 $(PY) -c 'import sys, herna.native as n; sys.exit(n.main(["build"]))'

# What the tests need beyond .venv: PostgreSQL 15's server (the storage tests start their own
# throw-away cluster), Chromium (the browser tests) and jemalloc (`herna serve` runs under it
# where the system has it: docs/OPERATING.md). Installed with apt-get as root, once;
# a no-op when present; otherwise it says what to install (in CI those tests then fail).
PG_BIN := $(firstword $(wildcard /usr/lib/postgresql/15/bin/initdb /usr/lib/postgresql/*/bin/initdb))
CHROMIUM := $(firstword $(shell command -v chromium chromium-browser 2>/dev/null))
JEMALLOC := $(firstword $(wildcard /usr/lib/*/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2))
test-deps:
	@missing=""; \
	test -n "$(PG_BIN)" || missing="$$missing postgresql"; \
	test -n "$(CHROMIUM)" || missing="$$missing chromium"; \
	test -n "$(JEMALLOC)" || missing="$$missing libjemalloc2"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing$$missing (apt-get)"; \
		DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
			$$missing >/dev/null; \
	else \
		echo "make test-deps: missing$$missing; install with: sudo apt-get install$$missing" \
		     "(without them the PostgreSQL, browser and jemalloc tests skip, or fail when CI=true)"; \
	fi

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# the long runs, including tournaments on a local Ray instance (the `ray` extra, ~250 MB)
test-slow: $(STAMP)
	$(PY) -m pip install -q -e '.[dev,research,ray]'
	$(VENV)/bin/pytest -q -n 2 -m slow

# The SIGKILL harness: a real herna serve killed KILLS times during bursts of moves, on SQLite,
# then on a throw-away PostgreSQL cluster (tests/server/crashkit.py; a few kills run in `make test`)
KILLS ?= 50
crash: $(STAMP) test-deps
	$(PY) tests/server/crashkit.py --kills $(KILLS)
	$(PY) tests/server/crashkit.py --kills $(KILLS) --postgresql

bench: $(STAMP)
	$(PY) benchmarks/run.py

# One `herna serve` against two on one PostgreSQL database under Locust (the `load` extra,
# installed here, not by `make test`): actions/s, move -> push p99 and CPU per action of each
# (benchmarks/process_bench.py; figures in BENCHMARKS.md). `make load USERS="200 600"`
USERS ?= 200
PROCESSES ?= 1 2
LOAD_SECONDS ?= 90
load: $(STAMP) test-deps
	$(PY) -m pip install -q -e '.[dev,research,load]'
	timeout 3600 $(PY) benchmarks/process_bench.py --users $(USERS) --processes $(PROCESSES) \
		--seconds $(LOAD_SECONDS)

# Hostile input (issue 23): N seeded requests (SEED) at a server this command starts on
# 127.0.0.1 (its database: FUZZ_DB, a SQLite file or postgresql:// URL; default a temporary
# SQLite file), then a summary by endpoint and status and every failure with a reproduction.
# Fails if anything broke the contract (herna/testing/fuzz.py). `make fuzz N=100000 SEED=1`
N ?= 100000
SEED ?= 1
FUZZ_DB ?=
fuzz: $(STAMP)
	$(PY) -m herna.testing.fuzz -n $(N) --seed $(SEED) $(if $(FUZZ_DB),--db '$(FUZZ_DB)')

# The leak audit (issue 23): whole games of each title at every player count (people at one
# screen, friends, bots, spectators, play again) against a server this command starts on
# 127.0.0.1; every byte sent to each seat (HTTP, WebSocket, close reasons, info-level logs) is
# searched for what that seat may not know (herna/testing/leaks.py). Fails on any finding.
# `make leaks ROUNDS=2 LEAKS_SEED=7`; a small set runs in `make test` (tests/server/test_leaks.py)
ROUNDS ?= 1
LEAKS_SEED ?= 1
leaks: $(STAMP) compile
	$(PY) -m herna.testing.leaks --rounds $(ROUNDS) --seed $(LEAKS_SEED)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build src/herna/native.json
	find src -name '*.so' -delete
