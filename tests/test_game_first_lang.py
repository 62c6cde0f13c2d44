"""Each game speaks its players' language first (mission; issue 25.1): a screen whose
language nobody chose — no ``--lang``, ``STOLIK_LANG``, ``?lang=``, cookie, nor a Czech or
Polish browser — speaks the game's ``lang`` (``game.toml``): Mariáš Czech, Baśka and Betel
Polish. An English browser gets that language too (the EN link one click away); a Polish
browser on a Mariáš page gets Polish, a Czech one on a Baśka page Czech.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from stolik.db import open_database
from stolik.games import game
from stolik.tournament import store
from stolik.web.app import create_app


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    """A Mariáš money tournament ``brno`` and a Baśka one ``puck``."""
    folder = tmp_path_factory.mktemp("first-lang")
    db = open_database(f"sqlite:///{folder}/stolik.db", migrate=True)
    store.create_tournament(db, "brno", name="Mariáš Brno", ruleset="ctyrka", who="ala",
                            seed=3)
    store.create_tournament(db, "puck", name="Turniej Pucki", ruleset="pucka-2019",
                            who="ala", seed=3, rounds=3, deals=8)
    try:
        yield create_app(db)
    finally:
        db.dispose()


def test_each_game_names_its_players_language() -> None:
    assert (game("marias").lang, game("baska").lang, game("betel").lang) == ("cs", "pl", "pl")


@pytest.mark.parametrize(("slug", "accept", "lang"), [
    ("brno", None, "cs"), ("brno", "en-GB,en;q=0.9", "cs"), ("brno", "pl-PL,pl", "pl"),
    ("puck", None, "pl"), ("puck", "en-GB,en;q=0.9", "pl"), ("puck", "cs-CZ,cs", "cs"),
])
def test_a_tournament_page_speaks_its_games_language_first(
        web: FastAPI, slug: str, accept: str | None, lang: str) -> None:
    with TestClient(web) as c:
        headers = {"Accept-Language": accept} if accept else {}
        page = c.get(f"/t/{slug}/", headers=headers).text
        assert f'<html lang="{lang}"' in page
        chosen = c.get(f"/t/{slug}/", params={"lang": "en"}).text  # a choice wins
        assert '<html lang="en"' in chosen


def _refusal(c: TestClient, tid: str, query: str) -> str:
    """The text of the refusal of a move nobody may make, on a connection ``?query``."""
    with c.websocket_connect(f"/play/ws/{tid}{query}") as ws:
        ws.receive_json()  # hello
        ws.send_json({"type": "move", "move": "no-such-move", "id": 7})
        for _ in range(50):
            m = ws.receive_json()
            if m["type"] == "error" and m.get("ack") == 7:
                return str(m["message"])
    raise AssertionError("no refusal")


@pytest.mark.parametrize(("name", "lang", "other"), [
    ("marias", "cs", "pl"), ("baska", "pl", "cs"), ("betel", "pl", "cs")])
def test_a_table_speaks_its_games_language_first(web: FastAPI, name: str, lang: str,
                                                  other: str) -> None:
    """The table page and its connection's words (a refusal), with no language chosen."""
    with TestClient(web) as c:
        bots = [None] + ["random"] * (game(name).seats - 1)
        r = c.post("/play/api/tables", json={"game": name, "name": "Ala", "deals": 1,
                                             "bots": bots})
        assert r.status_code == 200, r.text
        tid = r.json()["id"]
        c.cookies.delete("lang")
        assert f'<html lang="{lang}"' in c.get(f"/play/t/{tid}").text
        unchosen = _refusal(c, tid, "")
        assert unchosen == _refusal(c, tid, f"?lang={lang}")
        assert unchosen != _refusal(c, tid, f"?lang={other}")


@pytest.mark.parametrize(("name", "said", "not_said"), [
    ("marias", "Jste na tahu", "Twój ruch"), ("betel", "Twój ruch", "Jste na tahu")])
def test_the_terminal_speaks_its_games_language_first(tmp_path: Path, name: str, said: str,
                                                      not_said: str) -> None:
    """``stolik play --game marias`` with no --lang nor STOLIK_LANG is Czech; Betel Polish."""
    args = ["play", "--game", name, "--deals", "1", "--seed", "1", "--opponents", "random",
            "--no-analysis", "--ascii", "--out", str(tmp_path / "r.toml")]
    result = CliRunner().invoke(cli_app, args, input="q\nkonec\n", env={"STOLIK_LANG": None})
    assert result.exit_code == 0, result.output
    assert said in result.stdout and not_said not in result.stdout, result.stdout[-800:]
