# Task runner. `make` or `make help` lists the targets; each `## ` comment is its description.
# Every target installs what it needs first, so a fresh clone needs only python3, pip and make.

.DEFAULT_GOAL := help
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

PYTHON ?= python3
# `uv` when on PATH, otherwise the copy `pip install uv` put into $(PYTHON).
UV = $(shell command -v uv 2>/dev/null || echo "$(PYTHON) -m uv")
HOST ?= 127.0.0.1
PORT ?= 8000
# Extra pytest arguments, e.g. `make test PYTEST_ARGS="tests/engine -x"`.
PYTEST_ARGS ?=
# One pytest-xdist worker per core. `loadgroup` keeps each `xdist_group` on one worker (the tests
# that start and kill private servers, see tests/conftest.py); `PYTEST_WORKERS=0` runs serially.
PYTEST_WORKERS ?= auto
PYTEST_PARALLEL = -n $(PYTEST_WORKERS) --dist loadgroup
# What `make test-fast` leaves out: browser tests and tests that start servers of their own.
FAST_MARKS = not e2e and not multiprocess and not faults
# The sampling tests draw a share of their samples unless GUNSHI_TEST_PROFILE=ci (set by .ci/run):
# see tests/sampling.py. `make test GUNSHI_TEST_PROFILE=ci` runs what CI runs.
export GUNSHI_TEST_PROFILE ?= dev

.PHONY: help uv install setup dev test test-fast screenshots lint format typecheck ci messages check-messages clean

help: ## Show this help
	@grep -E '^[a-zA-Z_-]+:.*?## ' $(MAKEFILE_LIST) | \
		awk 'BEGIN {FS = ":.*?## "}; {printf "  %-15s %s\n", $$1, $$2}'

uv: ## Install uv with pip if it is missing
	@command -v uv >/dev/null 2>&1 || $(PYTHON) -m uv --version >/dev/null 2>&1 || \
		$(PYTHON) -m pip install --quiet --root-user-action=ignore uv

install: uv ## Create .venv with the locked dependencies (uv sync --locked), compiled to bytecode
	$(UV) sync --locked --compile-bytecode

setup: install ## Install, migrate the database and load the demo data
	$(UV) run python manage.py migrate --noinput
	$(UV) run python manage.py load_demo

# Beside the server, a Celery worker for the post-game analysis jobs (queue "analysis", one job
# at a time); without REDIS_URL its broker is the directory .celery-broker/ (config/settings/
# local.py). It stops with the server.
ANALYSIS_WORKER = celery -A config worker -Q analysis -n analysis@%h -P solo --concurrency 1 \
	--without-gossip --without-mingle --without-heartbeat -l warning

# The computer opponent's worker (queue `bot`) runs beside the server on the same broker; without
# Redis it sends the computer's decisions over the server's socket (COMPUTER_SERVER_URL).
BOT_WORKER = celery -A config worker -Q bot -n bot@%h -P solo \
	--without-gossip --without-mingle --without-heartbeat -l warning

dev: setup ## Set up, then serve the site (ASGI) at http://127.0.0.1:8000/ with its two workers
	$(UV) run $(ANALYSIS_WORKER) & analysis=$$!; \
	COMPUTER_SERVER_URL=http://$(HOST):$(PORT) $(UV) run $(BOT_WORKER) & bot=$$!; \
	trap 'kill $$analysis $$bot 2>/dev/null || true' EXIT INT TERM; \
	$(UV) run python manage.py runserver $(HOST):$(PORT)

# The test runs keep bytecode caches (__pycache__, git-ignored) even where PYTHONDONTWRITEBYTECODE
# is set: every xdist worker, and every server and manage.py process the browser tests start,
# would otherwise compile the project and the rewritten test modules from source again.
PYTEST = PYTHONDONTWRITEBYTECODE= $(UV) run pytest

test: install ## Install, then run the whole test suite in parallel (fails when no test ran)
	$(PYTEST) $(PYTEST_PARALLEL) $(PYTEST_ARGS)

test-fast: install ## Everyday run: the suite without browser, multi-process and fault tests
	$(PYTEST) $(PYTEST_PARALLEL) -m "$(FAST_MARKS)" $(PYTEST_ARGS)

screenshots: install ## The browser tests, writing their pictures to artifacts/screenshots/
	GUNSHI_SCREENSHOTS=1 $(PYTEST) $(PYTEST_PARALLEL) -m e2e $(PYTEST_ARGS)

lint: install ## ruff check, ruff format --check, import contracts
	$(UV) run ruff check .
	$(UV) run ruff format --check .
	$(UV) run lint-imports

format: install ## Apply ruff fixes and formatting to the whole tree
	$(UV) run ruff check --fix .
	$(UV) run ruff format .

typecheck: install ## mypy --strict on the pure packages (engine, junqi, clock, pairing, standings, ratings, opponent) and games
	$(UV) run mypy --strict engine junqi clock games tournaments/pairing tournaments/standings ratings opponent

ci: lint typecheck test ## Lint, type-check and test (what .ci/run does on the embedded default)

messages: install ## Extract translatable strings into locale/*/django.po and compile the .mo files
	$(UV) run python -m scripts.i18n extract
	$(UV) run python -m scripts.i18n compile

check-messages: install ## Fail when a catalogue is incomplete or a .mo file is stale
	$(UV) run python -m scripts.i18n check

clean: ## Remove caches and collected static files (keeps .venv and db.sqlite3)
	rm -rf .pytest_cache .mypy_cache .ruff_cache .import_linter_cache .hypothesis htmlcov staticfiles
	find . -path ./.venv -prune -o -name __pycache__ -type d -print0 | xargs -0 rm -rf
