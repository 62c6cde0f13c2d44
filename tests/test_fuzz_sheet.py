"""Hostile paper-sheet lines typed at ``stolik tournament sheet add`` (issue 9.16): the
``KEY=VALUE`` words of ``src/stolik/games/baska/tournament.py`` with wrong keys, wrong values,
huge numbers, look-alike letters, non-UTF-8 bytes (surrogate escapes). The deal is entered
(exit 0), or refused in one line on stderr with exit status 1, no traceback and nothing
written to the database.

``STOLIK_FUZZ_EXAMPLES`` sets the number of cases (100 in CI; ``make fuzz`` runs 20,000).
"""

from __future__ import annotations

import collections
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from stolik.cli import app

EXAMPLES = int(os.environ.get("STOLIK_FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 100,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SECONDS = 20.0
runner = CliRunner()
COUNTS: collections.Counter[str] = collections.Counter()


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory,
            request: pytest.FixtureRequest) -> Iterator[Path]:
    """A SQLite tournament with round 1 started (four players at table 1)."""
    folder = tmp_path_factory.mktemp("sheet-fuzz")
    path = folder / "t.db"
    csv = folder / "players.csv"
    csv.write_text("id,name\np1,Ala\np2,Bo\np3,Cela\np4,Darek\n", encoding="utf-8")
    for args in (["new", "t1", "--name", "T", "--ruleset", "pucka-2019", "--rounds", "2"],
                 ["players", "import", "t1", str(csv)], ["seat", "t1"],
                 ["round", "start", "t1", "1"]):
        result = runner.invoke(app, ["tournament", *args, "--db", str(path)],
                               env={"STOLIK_WHO": "ref", "STOLIK_DB": None})
        assert result.exit_code == 0, result.stderr
    yield path
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None and COUNTS:
        with capture.global_and_fixture_disabled():
            reporter.write_line("\nfuzz sheet lines: " + ", ".join(
                f"{k} {v}" for k, v in sorted(COUNTS.items())))


def snapshot(path: Path) -> dict[str, list[str]]:
    """Every row of every table (the database is small)."""
    with sqlite3.connect(path) as con:
        tables = [str(r[0]) for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: sorted(repr(row) for row in con.execute(f'SELECT * FROM "{t}"'))
                for t in tables}


KEYS = ["contract", "declarer", "starzy", "partner", "level", "points", "tricks", "revoke",
        "first_double", "Contract", "contract ", "kontrakt", "", "\u212aontract"]
VALUES = ["gran", "zolo", "zwykla", "cicha", "wesele", "baszka", "gran-du", "zolo-du", "mester",
          "0", "1", "2", "3", "4", "5", "-1", "61", "104", "105", "0,2", "[1,3]", "1,1", "0,",
          ",", "[]", "[[[[0]]]]", "9" * 25, "9" * 5000, "-" + "9" * 19, "1e400", "nan", "٣",
          "𝟑", "1_0", " 2", "2 ", "\u212a", "\udc80\udcff", "\x00", "\x1b[2J", "opposing",
          "declaring", "x" * 3000, "=", "true", "0x10", "[" * 2000 + "]" * 2000]


def word() -> st.SearchStrategy[str]:
    free = st.text(max_size=12)
    return st.one_of(
        st.builds(lambda k, v: f"{k}={v}", st.sampled_from(KEYS) | free,
                  st.sampled_from(VALUES) | free | st.integers(-(2**70), 2**70).map(str)),
        st.sampled_from(["contract", "=", "==", "contract==gran", "--", "-x"]),
    )


VALID = [["contract=gran", "declarer=2", "points=61"],
         ["contract=zwykla", "starzy=0,2", "points=70", "tricks=3"],
         ["contract=zolo", "declarer=1", "level=1", "points=40"],
         ["contract=baszka", "declarer=3"],
         ["contract=wesele", "declarer=1", "partner=3", "points=80", "tricks=3"]]


@st.composite
def sheet_words(draw: st.DrawFn) -> list[str]:
    """A valid line with some words replaced or added, or hostile words alone."""
    if draw(st.booleans()):
        return draw(st.lists(word(), min_size=1, max_size=6))
    words = list(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.integers(0, len(words)))
        if i < len(words) and draw(st.booleans()):
            key = words[i].partition("=")[0]
            words[i] = f"{key}={draw(st.sampled_from(VALUES) | st.text(max_size=6))}"
        else:
            words.insert(i, draw(word()))
    return words


@FUZZ
@given(words=sheet_words())
def test_fuzz_sheet_add(db_path: Path, words: list[str]) -> None:
    before = snapshot(db_path)
    start = time.perf_counter()
    result = runner.invoke(app, ["tournament", "sheet", "add", "t1", "1", "1", "--db",
                                 str(db_path), "--", *words],
                           env={"STOLIK_WHO": "ref", "STOLIK_DB": None})
    seconds = time.perf_counter() - start
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"sheet add {words!r}: traceback instead of one line") \
            from result.exception
    assert seconds < SECONDS, seconds
    if result.exit_code == 0:
        COUNTS["entered"] += 1
        return
    COUNTS["refused"] += 1
    assert result.exit_code == 1, (result.exit_code, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("stolik: "), result.stderr
    assert lines[0].isprintable() and "Traceback" not in result.stderr
    assert snapshot(db_path) == before, f"sheet add {words!r} wrote to the database"
