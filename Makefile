# The two commands: `make run` (set up, then serve the games to a browser) and `make test` (set up,
# then pass the tests).
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-slow lint typecheck bench setup clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/herna serve

test: lint typecheck
	$(VENV)/bin/pytest -q -n 2

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# the long runs, including tournaments on a local Ray instance (the `ray` extra, ~250 MB)
test-slow: $(STAMP)
	$(PY) -m pip install -q -e '.[dev,ray]'
	$(VENV)/bin/pytest -q -n 2 -m slow

bench: $(STAMP)
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
