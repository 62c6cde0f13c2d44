# stolik — developer entry points.  Everything runs from the local .venv.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

# Lint only the source trees that exist (benchmarks/ may not yet).
LINT_PATHS := $(wildcard src tests benchmarks scripts)

.DEFAULT_GOAL := run
.PHONY: venv lock run test bench fuzz catalogs clean

# Two stamps: `make run` needs only the server's packages (requirements/run.lock), `make
# test` the whole locked set (requirements/dev.lock: the dev, openspiel and ray extras too).
# Both install exactly the pinned versions, every file checked against the lock's hashes, and
# re-install when a lock changes. `make lock` refreshes the locks with today's releases.
RUN_STAMP := $(VENV)/.stamp-run
DEV_STAMP := $(VENV)/.stamp-dev
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

venv: $(DEV_STAMP)

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): requirements/run.lock | $(VENV)/bin/python
	$(PIP) --require-hashes -r requirements/run.lock
	$(PIP) --no-deps --no-build-isolation -e .
	touch $(RUN_STAMP)

# The openspiel extra (OpenSpiel adapter, ismcts bot) adds ~20 s and ~185 MB; the ray
# extra (`stolik arena --ray`, issue 13) ~15 s and ~250 MB. Their tests skip without them.
$(DEV_STAMP): requirements/dev.lock | $(VENV)/bin/python
	$(PIP) --require-hashes -r requirements/dev.lock
	$(PIP) --no-deps --no-build-isolation -e .
	touch $(RUN_STAMP) $(DEV_STAMP)

# Refresh both locks from pyproject.toml (uv's resolver, hashes of every file); commit them.
lock: $(DEV_STAMP)
	$(BIN)/python scripts/lock.py

# The main job: the web server on http://127.0.0.1:8000 — play Baśka in the browser at
# /play/ (lobby, tables, bots), and the tournament pages. Ctrl+C stops it.
run: $(RUN_STAMP)
	$(BIN)/stolik serve

# The tests run in TEST_WORKERS processes (pytest-xdist), a test file per process at a time
# (module fixtures are built once); TEST_WORKERS=0 runs them in this one process.
TEST_WORKERS ?= 2

test: venv
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/mypy
	$(BIN)/pytest -q -n $(TEST_WORKERS) --dist loadfile

bench: venv
	$(BIN)/python benchmarks/run.py

# The long hostile-input campaign (issues 9.16, 24.10), every game: mutated records,
# rulesets, tournament files and sheet lines through the CLI, STOLIK_FUZZ_EXAMPLES cases per
# test (CI runs 100); the web fuzz and SIGKILL-after-ack at a table of each game (SQLite,
# and PostgreSQL with STOLIK_TEST_PG); the three-process Redis kill, odd ids through the
# relay and the message flood. It prints the counts of cases and outcomes; a failure shows
# the smallest input that breaks.
# With STOLIK_TEST_REDIS and STOLIK_TEST_PG set (.ci/run's servers), TAKEOVER_KILLS owners
# of each game are killed in the take-over window (issue 24.5; CI kills one).
FUZZ_EXAMPLES ?= 20000
TAKEOVER_KILLS ?= 15
fuzz: venv
	STOLIK_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) STOLIK_TAKEOVER_KILLS=$(TAKEOVER_KILLS) \
		$(BIN)/pytest -q -p no:cacheprovider \
		--hypothesis-show-statistics tests/test_fuzz_files.py tests/test_fuzz_sheet.py \
		tests/test_fuzz_files_marias_betel.py tests/test_web_fuzz.py tests/test_web_play_crash.py \
		tests/test_web_play_redis_window.py tests/test_web_play_redis.py \
		tests/test_web_play_flood.py tests/test_web_play_ids.py

# Message catalogs (issue 9.9): extract the ids from the sources (babel.cfg), merge them
# into src/stolik/locale/<lang>/LC_MESSAGES/stolik.po (new ids arrive untranslated, unused
# ones go), compile the .mo files the program reads (committed, so a clean checkout runs),
# then list what is still missing. tests/test_i18n.py fails until every catalog is complete.
catalogs: venv
	$(BIN)/python -m stolik.i18n_catalogs update compile check

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -name '__pycache__' -type d -prune -exec rm -rf {} +
	find . -name '*.egg-info' -type d -prune -exec rm -rf {} +
