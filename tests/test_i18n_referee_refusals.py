"""The refusals an organiser or a referee gets speak one language (issue 25.2; earlier
reviews found English fragments in them): ``stolik tournament …`` with ``--lang pl`` /
``--lang cs`` and the referee's web pages under ``?lang=`` — no phrase of another catalog
(:func:`test_i18n_one_language.leftovers`) and none of the English words these refusals
said before: "Baśka keeps no money sheet at its tables", "(No such file or directory)",
"unknown round action", "minutes:", "round: 1–None", "seat 4:", "Licitovaný mariáš (three
players) … league"."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from stolik.db import Database
from stolik.tournament import store
from stolik.web.app import create_app
from test_i18n_czech import database
from test_i18n_one_language import SAMPLE, _login, leftovers
from test_web_league_money import error_line

__all__ = ["database"]  # test_i18n_czech's tournaments, a fixture

ENGLISH = ("keeps", "money sheet", "hold", "No such", "file or directory", "unknown",
           "action", "seat", "minutes", "round", "None", "three players", "league", "must",
           "player", "table", "not", "allowed", "key", "Invalid", "Expecting")
"""English words the refusals below said on Polish and Czech screens (whole words)."""


def english(text: str, lang: str) -> list[str]:
    """What in ``text`` (a refusal in ``lang``, Polish or Czech) is English."""
    return [*leftovers(text, lang),
            *(f"English {w!r}" for w in ENGLISH
              if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text))]


@pytest.fixture(scope="module")
def tournaments(database: Database) -> Database:
    """A Baśka (``puck``) and a Mariáš (``brno``) tournament with round 1 drawn
    (:mod:`test_i18n_czech`'s), and a licitovaný one (``lic``) likewise."""
    store.create_tournament(database, "lic", name="Licitovaný", ruleset="licitovany",
                            who="ala", seed=3)
    for i in range(1, 7):
        store.add_player(database, "lic", f"p{i}", f"Hráč {i}", who="ala")
    store.seat_round(database, "lic", who="ala")
    return database


# ------------------------------------------------------------------ the organiser's commands


COMMANDS = (
    ("money", "show", "puck", "1", "1"),  # a Baśka table keeps no money sheet
    ("sheet", "record", "puck", "1", "1", "{missing}"),  # a deal-record file not there
    ("import", "{missing}"),  # a tournament file not there
    ("restore", "{junk}"),  # a file that is no backup (no JSON)
    ("sheet", "add", "puck", "1", "1", "contract=gran", "declarer=1", "points=500"),
    ("sheet", "add", "puck", "1", "1", "contract=gran", "declarer=1", "points=61", "level=1",
     "first_double=bogus"),  # a sheet line's numbers and words as the engine checks them
)
"""Commands refused in one line: their refusals were English whatever ``--lang`` said."""


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_the_organisers_refusals_speak_one_language(tournaments: Database, tmp_path: Path,
                                                    lang: str) -> None:
    """Each command is refused (exit 1, one line on stderr) in ``--lang`` and, for the
    first, in ``STOLIK_LANG`` — with no English word."""
    url = tournaments.engine.url.render_as_string(hide_password=False)
    missing = str(tmp_path / "nie-ma.toml")
    junk = tmp_path / "kopia.json"
    junk.write_text("to nie kopia\n", encoding="utf-8")
    found: dict[str, list[str]] = {}
    for args in COMMANDS:
        for by_env in (False, True):
            argv = ["tournament", *(a.format(missing=missing, junk=junk) for a in args),
                    "--db", url, *([] if by_env else ["--lang", lang])]
            r = CliRunner().invoke(cli_app, argv, env={
                "STOLIK_WHO": "ala", "STOLIK_DB": None, "STOLIK_LANG": lang if by_env else None})
            assert r.exit_code == 1 and r.stderr.count("\n") == 1, (args, r.output)
            said = english(r.stderr.replace(missing, "FILE").replace(str(junk), "FILE"), lang)
            if said:
                found[" ".join(args) + (" (STOLIK_LANG)" if by_env else "")] = said
    assert not found, found


# ------------------------------------------------------------------ the referee's pages


T = "/admin/round/1/table/1"
FORMS: tuple[tuple[str, dict[str, str]], ...] = (
    ("/t/puck/admin/round/1/bogus", {}),  # no such clock action
    ("/t/puck/admin/round/1/extend", {"minutes": "abc"}),
    ("/t/puck/admin/round/1/extend", {"minutes": "9999"}),
    ("/t/puck/admin/draw", {"round": "0"}),
    ("/t/puck/admin/draw", {"round": "1", "seed": "abc"}),
    (f"/t/puck{T}/totals", {"total0": "1", "total1": "2", "total2": "3"}),
    (f"/t/puck{T}/totals", {"total0": "1", "total1": "2", "total2": "3", "total3": "x"}),
    (f"/t/lic{T}/deal", {"bidding": "hra"}),  # licitovaný: no deal entry on the web yet
)
"""Forms the referee gets wrong, each refused on its page with one line."""


@pytest.fixture(scope="module")
def web(tournaments: Database) -> FastAPI:
    """The application over the tournaments."""
    return create_app(tournaments)


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_the_referees_refusals_speak_one_language(web: FastAPI, lang: str) -> None:
    """Each form's refusal is one line in the page's language, with no English word."""
    found: dict[str, list[str]] = {}
    with TestClient(web) as c:
        _login(c)
        token = re.search(r'name="csrf" value="([^"]+)"', c.get("/t/admin/").text)
        assert token
        for url, data in FORMS:
            r = c.post(url, params={"lang": lang}, data={"csrf": token.group(1), **data})
            assert r.status_code == 400, (url, data, r.status_code)
            said = english(html.unescape(error_line(r.text)), lang)
            if said:
                found[f"{url} {data}"] = said
    assert not found, found


# ------------------------------------------------------------------ tournament files


SEATS = 'seats = ["p12", "p06", "p18", "p20"]'
FILES = {
    "unknown player": (SEATS, SEATS.replace("p20", "zz")),
    "seated twice": (SEATS, SEATS.replace("p20", "p01")),
    "date": ("date = 2026-11-21", 'date = "jutro"'),
    "first dealer": ("first_dealer = 2", "first_dealer = 9"),
    "totals": ("totals = [1, -21, 10, 10]", "totals = [1, 2]"),
    "totals' sum": ("totals = [1, -21, 10, 10]", "totals = [1, -21, 10, 11]"),
    "late": ("late = { p15 = 7 }", "late = { zz = 7 }"),
    "format": ("format = 2", "format = 7"),
    "TOML": ("format = 2", "format = ["),  # the parser's words: "Invalid value"
    "seats": (SEATS, SEATS.replace(', "p20"', "")),
}
"""The sample tournament file spoilt in one place each (a player not entered, one seated
twice, a date, a first dealer, totals, a late player not at the table, the format, three seats):
``report`` and ``import`` refused each in English whatever ``--lang`` said."""


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_a_tournament_files_refusal_speaks_one_language(tournaments: Database,
                                                        tmp_path: Path, lang: str) -> None:
    """``tournament report FILE`` and ``tournament import FILE`` of each spoilt file: one
    line in ``--lang``, with no English word (the file's own keys stay as written)."""
    url = tournaments.engine.url.render_as_string(hide_password=False)
    text = SAMPLE.read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    for name, (was, now) in FILES.items():
        assert was in text, name
        path = tmp_path / "t.toml"
        path.write_text(text.replace(was, now, 1), encoding="utf-8")
        for args in (["report", str(path)], ["import", str(path), "--db", url]):
            r = CliRunner().invoke(cli_app, ["tournament", *args, "--lang", lang],
                                   env={"STOLIK_WHO": "ala", "STOLIK_DB": None,
                                        "STOLIK_LANG": None})
            assert r.exit_code == 1 and r.stderr.count("\n") == 1, (name, args, r.output)
            said = english(r.stderr.replace(str(path), "FILE"), lang)
            if said:
                found[f"{args[0]}: {name}"] = said
    assert not found, found
