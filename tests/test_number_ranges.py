"""Numbers a person types never reach a column past its range (RULES §10, seed 000 §7p–t).

An ``Integer`` column is 4 bytes on PostgreSQL, which refuses a query comparing or writing
a number past 2**31 - 1 (the web answered 500, CI's fuzz run: ``6c51114``); SQLite's driver
overflows past 2**63, and a number SQLite stores may still break the clock (a round
extended by 10**12 minutes ends past the year 9999: every page showing it failed). Each
such number is refused with the usual one line — by the store, so the web (a 400 page)
and the CLI (one line on stderr, exit 1) say it alike — before any database sees it.

Every test runs on SQLite and, with ``STOLIK_TEST_PG``, on PostgreSQL (the ``db`` and
``db_url`` fixtures of ``tests/conftest.py``).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from stolik.db import Database
from stolik.tournament import store
from stolik.tournament.file import load_tournament
from stolik.tournament.store_core import MAX_DEALS_PER_ROUND, MAX_NUMBER, MAX_ROUND_MINUTES
from stolik.web.app import create_app
from stolik.web.league import auth

SLUG = "nr"
PASSWORD = "haslo-sedziego"
HUGE = [2**31, 2**63]
"""Past PostgreSQL's ``Integer``, past SQLite's."""


def _tournament(db: Database) -> tuple[str, ...]:
    """A tournament of 8 players, round 1 drawn; the players of table 1 by seat."""
    store.create_tournament(db, SLUG, name="Liczby", ruleset="pucka-2019", who="ref",
                            rounds=2, deals=4, seed=1)
    for i in range(1, 9):
        store.add_player(db, SLUG, f"p{i}", f"Gracz {i}", who="ref")
    return store.seat_round(db, SLUG, who="ref").tables[0]


def _refused(action: object, *words: str) -> str:
    with pytest.raises(store.StoreError) as e:
        action()  # type: ignore[operator]
    for w in words:
        assert w in str(e.value), str(e.value)
    return str(e.value)


# ------------------------------------------------------------------- the store


@pytest.mark.parametrize("event_id", HUGE)
def test_an_event_id_past_the_column_is_no_event(db: Database, event_id: int) -> None:
    """``event remove`` / the web's remove button with an id no row can have: 'no event'
    (PostgreSQL's id column is 4 bytes: 2**31 reached the query and failed)."""
    seats = _tournament(db)
    store.add_event(db, SLUG, 1, 1, seats[0], "late", 3, who="ref")
    _refused(lambda: store.remove_event(db, SLUG, event_id, who="ref"), f"no event {event_id}")
    assert len(store.events_of(db, SLUG)) == 1


@pytest.mark.parametrize("value", HUGE)
@pytest.mark.parametrize("kind", ["late", "left"])
def test_an_event_number_past_the_column_is_refused(db: Database, kind: str,
                                                    value: int) -> None:
    """Minutes late, deals played before leaving (seed 000 §7q–r): a number past the
    column is refused, nothing stored; the largest the column holds is taken."""
    seats = _tournament(db)
    _refused(lambda: store.add_event(db, SLUG, 1, 1, seats[0], kind, value, who="ref"),
             f"0 to {MAX_NUMBER}, not {value}")
    assert store.events_of(db, SLUG) == []
    store.add_event(db, SLUG, 1, 1, seats[1], "late", MAX_NUMBER, who="ref")
    assert [e.value for e in store.events_of(db, SLUG)] == [MAX_NUMBER]


@pytest.mark.parametrize("minutes", [MAX_ROUND_MINUTES, *HUGE])
def test_a_round_lasts_at_most_a_day(db: Database, minutes: int) -> None:
    """An extension (seed 000 §7p) or a length (seed 002 §1) that makes the round longer
    than :data:`MAX_ROUND_MINUTES` is refused, and the clock still reads; one up to it
    is taken."""
    _tournament(db)
    store.start_round(db, SLUG, 1, who="ref", at=datetime.datetime(2026, 11, 21, 10))
    _refused(lambda: store.extend_round(db, SLUG, 1, minutes, who="ref"),
             f"at most {MAX_ROUND_MINUTES}")
    assert store.round_clock(db, SLUG, 1).extra_minutes == 0
    store.extend_round(db, SLUG, 1, MAX_ROUND_MINUTES - 40, who="ref")
    assert store.round_clock(db, SLUG, 1).limit == datetime.datetime(2026, 11, 22, 10)
    store.seat_round(db, SLUG, 2, who="ref")
    if minutes > MAX_ROUND_MINUTES:
        _refused(lambda: store.set_round_length(db, SLUG, 2, minutes, who="ref"),
                 f"1 to {MAX_ROUND_MINUTES}, not {minutes}")
    store.set_round_length(db, SLUG, 2, MAX_ROUND_MINUTES, who="ref")
    assert store.round_clock(db, SLUG, 2).extra_minutes == MAX_ROUND_MINUTES - 40


def test_a_round_starts_before_the_calendar_ends(db: Database) -> None:
    """A start (``round start --at``) whose limit would be past the year 9999 is refused;
    the round stays unstarted and its clock reads (it failed on every page after)."""
    _tournament(db)
    late = datetime.datetime(9999, 12, 31, 23, 0)
    _refused(lambda: store.start_round(db, SLUG, 1, who="ref", at=late), "9999-12-29")
    assert store.round_clock(db, SLUG, 1).started_at is None
    store.start_round(db, SLUG, 1, who="ref", at=datetime.datetime(9999, 12, 29))
    assert store.round_clock(db, SLUG, 1).break_end is not None


@pytest.mark.parametrize(("key", "value", "words"), [
    ("rounds", 2**31, f"rounds: a whole number 1 to {MAX_NUMBER}"),
    ("rounds", 10**20, "not 100000000000000000000"),
    ("deals", -1, f"deals per round: a whole number 0 to {MAX_DEALS_PER_ROUND}, not -1"),
    ("deals", 2**31, "deals per round"),
    ("minutes", 10**20, f"minutes per round: a whole number 1 to {MAX_ROUND_MINUTES}"),
    ("minutes", 0, "minutes per round"),
    ("break_minutes", -1, "minutes of break: a whole number 0"),
    ("break_minutes", 2**63, "minutes of break"),
])
def test_a_new_tournament_with_a_number_out_of_range(db: Database, key: str, value: int,
                                                     words: str) -> None:
    """``tournament new``'s numbers (rounds, deals, minutes, break): one past its range is
    refused and nothing is created."""
    numbers: dict[str, Any] = {key: value}
    _refused(lambda: store.create_tournament(db, "x", name="X", ruleset="pucka-2019",
                                             who="ref", **numbers), words)
    assert store.list_tournaments(db) == []


def test_a_tournament_file_with_a_number_past_the_column(db: Database,
                                                         tmp_path: Path) -> None:
    """``tournament import`` of a file whose late minutes PostgreSQL's column does not hold
    (the file's reader takes up to 2**63 - 1): refused, naming the round and table,
    nothing stored."""
    path = tmp_path / "big.json"
    path.write_text(json.dumps({
        "ruleset": "pucka-2019", "name": "T",
        "player": [{"id": f"p{i}", "name": f"G {i}"} for i in range(1, 5)],
        "round": [{"table": [{"seats": ["p1", "p2", "p3", "p4"],
                              "late": {"p2": 2**40}}]}]}), encoding="utf-8")
    t = load_tournament(path)
    _refused(lambda: store.import_tournament(db, t, "big", who="ref"),
             "round 1, table 1: minutes late: a whole number 0 to")
    assert store.list_tournaments(db) == []


# ----------------------------------------------------------------------- the web


@pytest.fixture
def referee(db: Database) -> Iterator[tuple[TestClient, str, tuple[str, ...]]]:
    """A logged-in referee's browser over the tournament, its CSRF token, table 1's
    players."""
    import re

    seats = _tournament(db)
    auth.add_referee(db, "ala", PASSWORD)
    with TestClient(create_app(db), raise_server_exceptions=False) as client:
        page = client.get("/t/login")
        token = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert token
        r = client.post("/t/login", data={"name": "ala", "password": PASSWORD,
                                          "csrf": token.group(1), "next": "/t/admin/"},
                        follow_redirects=False)
        assert r.status_code == 303
        csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/t/admin/").text)
        assert csrf
        yield client, csrf.group(1), seats


@pytest.mark.parametrize("huge", [2**31, 2**63])
def test_web_event_numbers_past_the_column(db: Database, huge: int,
                                           referee: tuple[TestClient, str, tuple[str, ...]]
                                           ) -> None:
    """The table page's event form (minutes late) and an event's remove button with a
    number past the column: a 400 page saying so, never a 500."""
    client, csrf, seats = referee
    base = f"/t/{SLUG}/admin/round/1/table/1"
    r = client.post(base + "/event", data={"csrf": csrf, "player": seats[0], "kind": "late",
                                           "value": str(huge)})
    assert r.status_code == 400, (r.status_code, r.text[:300])
    assert f"nie {huge}" in r.text  # the page's language: Polish
    r = client.post(base + f"/event/{huge}/remove", data={"csrf": csrf})
    assert r.status_code == 400, (r.status_code, r.text[:300])
    assert store.events_of(db, SLUG) == []


def test_web_extensions_stop_at_a_day(db: Database,
                                      referee: tuple[TestClient, str, tuple[str, ...]]
                                      ) -> None:
    """The clock's extend form takes up to 600 minutes a time; the round's length stops
    at :data:`MAX_ROUND_MINUTES` whatever the number of extensions."""
    client, csrf, _seats = referee
    url = f"/t/{SLUG}/admin/round/1/extend"
    codes = [client.post(url, data={"csrf": csrf, "minutes": "600"},
                         follow_redirects=False).status_code for _ in range(3)]
    assert codes == [303, 303, 400]
    assert store.round_clock(db, SLUG, 1).extra_minutes == 1200


# ----------------------------------------------------------------------- the CLI


def _cli(url: str, *args: str | int | Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli_app, ["tournament", *(str(a) for a in args), "--db", url],
                                env={"STOLIK_WHO": "ref", "STOLIK_DB": None,
                                     "STOLIK_LANG": "en"})  # English lines (issue 25.1)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a traceback
    return result.exit_code, result.stderr


def _cli_error(url: str, *args: str | int | Path) -> str:
    code, err = _cli(url, *args)
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1 and lines[0].startswith("stolik: "), (code, err)
    return lines[0]


@pytest.mark.parametrize("huge", [2**31, 10**20])
def test_cli_numbers_past_the_columns(db_url: str, huge: int, tmp_path: Path) -> None:
    """``stolik tournament`` with a number past a column: one line on stderr, exit 1, no
    traceback, nothing written — and the round's clock still reads afterwards."""
    (tmp_path / "p.csv").write_text("".join(f"p{i},G {i}\n" for i in range(1, 5)), "utf-8")
    assert _cli(db_url, "new", "t", "--name", "T", "-r", "pucka-2019", "--rounds", 2)[0] == 0
    assert _cli(db_url, "players", "import", "t", tmp_path / "p.csv")[0] == 0
    assert _cli(db_url, "seat", "t")[0] == 0
    assert "minutes late" in _cli_error(db_url, "event", "add", "t", 1, 1, "p1", "late", huge)
    assert "no event" in _cli_error(db_url, "event", "remove", "t", huge)
    assert "at most" in _cli_error(db_url, "round", "extend", "t", 1, huge)
    assert "length" in _cli_error(db_url, "round", "length", "t", 1, huge)
    assert "starts by" in _cli_error(db_url, "round", "start", "t", 1, "--at",
                                     "9999-12-31T23:59")
    for option in ("--rounds", "--deals", "--minutes", "--break"):
        assert "not " + str(huge) in _cli_error(db_url, "new", "u", "--name", "U", "-r",
                                                "pucka-2019", option, huge)
    code, err = _cli(db_url, "round", "clock", "t", 1)
    assert code == 0 and "Traceback" not in err
    assert _cli(db_url, "info", "t")[0] == 0


@pytest.mark.parametrize("port", ["65536", "99999999999999999999", "-1"])
def test_serve_refuses_a_port_past_tcps(port: str, monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    """``stolik serve --port`` past TCP's 0–65535: a usage error naming the option (it said
    it was serving, and hung, at 99999999). No server starts."""
    import uvicorn

    def started(*args: object, **kw: object) -> None:
        raise AssertionError(f"a server started on port {kw.get('port')}")

    monkeypatch.setattr(uvicorn, "run", started)
    result = CliRunner().invoke(cli_app, ["serve", "--port", port, "--db",
                                          str(tmp_path / "s.db")])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert "Invalid value for '--port'" in result.output, result.output


def test_cli_restore_of_a_backup_with_a_number_no_column_holds(db_url: str,
                                                               tmp_path: Path) -> None:
    """``tournament restore`` of a backup file edited to hold 2**64 in an integer column:
    one line, exit 1, no traceback (SQLite's driver raised OverflowError), nothing
    restored."""
    from stolik.db import open_database

    source = open_database(f"sqlite:///{tmp_path}/src.db", migrate=True)
    try:
        _tournament(source)
        store.backup(source, tmp_path / "b.json")
    finally:
        source.dispose()
    doc = json.loads((tmp_path / "b.json").read_text("utf-8"))
    doc["tables"]["tournament"][0]["rounds"] = 2**64
    (tmp_path / "b.json").write_text(json.dumps(doc), "utf-8")
    line = _cli_error(db_url, "restore", tmp_path / "b.json")
    assert "b.json" in line or "refused" in line, line
    assert _cli(db_url, "list")[1].startswith("stolik: no tournaments yet")
