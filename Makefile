# Two entry points: `make demo` and `make test`. Both set everything up first.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test setup dot browser lint typecheck pytest wheel-check bench clean

$(STAMP): pyproject.toml
	@command -v $(PY) >/dev/null 2>&1 || { echo "need $(PY) on PATH"; exit 2; }
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev,bench,dask]'
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

demo: setup
	$(BIN)/mcn validate examples/*.mcn
	$(BIN)/mcn replay examples/annotated-4p.mcn --to 2
	$(BIN)/mcn tree examples/annotated-4p.mcn -o build/annotated-4p.svg
	@echo "wrote build/annotated-4p.svg"
	$(BIN)/mcn html examples/annotated-4p.mcn -o build/annotated-4p.html

lint: $(STAMP)
	$(BIN)/ruff check mcn tests bench
	$(BIN)/ruff format --check mcn tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: setup
	$(BIN)/pytest -n 2

wheel-check: setup
	bash .ci/wheel-check

test: lint typecheck pytest wheel-check

bench: setup
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
