# Two entry points: `make demo` and `make test`. Both set everything up first.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast setup fast dist dot browser compiler lint typecheck pytest wheel-check compiled wheel-compiled bench bench-compiled mutate mutate-changed clean

$(STAMP): pyproject.toml
	@command -v $(PY) >/dev/null 2>&1 || { echo "need $(PY) on PATH"; exit 2; }
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev,bench,dask,mutate,openspiel]'
	touch $(STAMP)

setup: $(STAMP) dot browser

# The Graphviz `dot` binary renders SVG/PNG/PDF; install it from Debian's packages when missing.
dot:
	@command -v dot >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null; \
	  else echo "warning: Graphviz 'dot' not found; install graphviz for SVG/PNG/PDF output"; fi; }

# Chromium and its driver run the HTML viewer's browser tests (tests/html/test_browser.py, driven
# by Selenium through /usr/bin/chromedriver); install them from Debian's packages when missing.
browser:
	@{ command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; } || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	  else echo "warning: chromium/chromedriver not found; the browser tests will be skipped"; fi; }

# The compiled build (mypyc) needs a C compiler and the Python headers; install them from
# Debian's packages when missing (python3-dev gives the headers of Debian's own Python; a
# pyenv or python:3.11 image Python ships its headers already).
compiler:
	@{ command -v "$$($(PY) -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])')" >/dev/null 2>&1 \
	  && $(PY) -c 'import os, sys, sysconfig; sys.exit(not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; } || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc python3-dev >/dev/null; \
	  else echo "warning: no C compiler or Python headers; the mypyc build will be pure Python"; fi; }

# The build a user runs: compiled with mypyc wherever a C compiler is present, pure otherwise
# (one line says which and why), in build/fast/venv; rebuilt only when its sources change.
FAST_MCN := build/fast/venv/bin/mcn
fast: setup compiler
	@bash .ci/fast-build

demo: fast
	$(FAST_MCN) validate examples/*.mcn
	$(FAST_MCN) replay examples/annotated-4p.mcn --to 2
	$(FAST_MCN) tree examples/annotated-4p.mcn -o build/annotated-4p.svg
	@echo "wrote build/annotated-4p.svg"
	$(FAST_MCN) html examples/annotated-4p.mcn -o build/annotated-4p.html
	@echo "wrote build/annotated-4p.html; run mcn as $(FAST_MCN) (or put build/fast/venv/bin on PATH)"

# What a release publishes: the sdist, the pure wheel and the compiled wheel for this platform.
dist: setup compiler
	rm -rf dist build/dist-compiled
	MCN_PURE=1 $(BIN)/python -m build --outdir dist
	$(BIN)/python -m build --outdir build/dist-compiled
	cp build/dist-compiled/*.whl dist/
	@ls -1 dist

lint: $(STAMP)
	$(BIN)/ruff check mcn tests bench
	$(BIN)/ruff format --check mcn tests bench
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

# The suite keeps compiled bytecode (and pytest's rewritten test modules) in __pycache__ even
# where the environment turns that off (PYTHONDONTWRITEBYTECODE): otherwise each worker, and
# each `python -m mcn` a test starts, compiles mcn and the tests again (collection alone:
# 8.4 s of CPU a worker instead of 3.2 s).
pytest: setup
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -n 2

# The inner loop of a change: every test but the slow ones (tests/README.md, "Slow tests").
test-fast: setup
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -n 2 -m "not slow"

wheel-check: setup
	bash .ci/wheel-check

# The mypyc-compiled wheel: built, wheel-checked, and the whole suite run against it.
compiled: fast
	bash .ci/compiled

wheel-compiled: setup compiler
	$(BIN)/python -m build --outdir dist  # sdist, then the compiled wheel from it

test: lint typecheck pytest wheel-check compiled

bench: setup
	$(BIN)/python bench/run.py

# The same benchmark on the compiled build: the mypyc wheel in a venv of its own (build/bench),
# bench/run.py run by that interpreter, so that it imports the installed, compiled package
# (bench/run.py puts only bench/ on sys.path) and times the `mcn` of that venv.
BENCH_VENV := build/bench
bench-compiled: setup compiler
	rm -rf $(BENCH_VENV) build/bench-dist
	$(BIN)/python -m build --outdir build/bench-dist  # compiled wheel from the sdist: the checkout stays untouched
	$(PY) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install -q "$$(ls build/bench-dist/*.whl)[dev,bench,dask,openspiel]"
	$(BENCH_VENV)/bin/python bench/run.py $(BENCH_ARGS)

# Mutation testing of the core modules with cosmic-ray (docs/testing.md, "Mutation testing"):
# every target of tests/mutation/targets.py, each against its own selection of tests, in a copy
# of the tree under build/mutate/. Too slow for every CI run (see docs/testing.md for the run
# times); run it periodically and after changing a core module. `make mutate MUTATE_ARGS=writer`
# runs one target; `make mutate-changed` only those whose modules differ from MUTATE_BASE.
MUTATE_ARGS ?=
MUTATE_BASE ?= main
mutate: $(STAMP)
	nice -n 10 $(BIN)/python -m tests.mutation.run --record $(MUTATE_ARGS)

mutate-changed: $(STAMP)
	nice -n 10 $(BIN)/python -m tests.mutation.run --record --changed $(MUTATE_BASE) $(MUTATE_ARGS)

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
