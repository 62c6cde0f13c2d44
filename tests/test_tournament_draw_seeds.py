"""Tournament draws (RULES §10, seed 000 §7w) come from fresh randomness unless a seed is
given: two tournaments no longer seat alike, and the seed each draw used is stored and
shown (the CLI's ``seat``, the referee's page) so that ``--seed`` draws it again."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stolik.cli import app
from stolik.db import Database
from stolik.tournament import store
from stolik.tournament.store import StoreError
from stolik.web.app import create_app

WHO = "ref"
PLAYERS = [f"p{i}" for i in range(1, 17)]


def new(db: Database, slug: str, **options: Any) -> None:
    store.create_tournament(db, slug, name=slug, ruleset="pucka-2019", who=WHO, **options)
    for c in PLAYERS:
        store.add_player(db, slug, c, f"Gracz {c}", who=WHO)


def test_every_tournament_draws_afresh_and_keeps_the_seed(db: Database) -> None:
    """Without a seed, three tournaments of the same 16 players draw round 1 with three
    different seeds (before: all seed 0, the same tables); each seed is stored, and drawing
    with it again gives the same tables."""
    plans, seeds = [], []
    for slug in ("a", "b", "c"):
        new(db, slug)
        assert store.tournament_info(db, slug).seed is None
        plans.append(store.seat_round(db, slug, who=WHO))
        seeds.append(store.round_seeds(db, slug)[1])
    assert len(set(seeds)) == 3
    assert len({p.tables for p in plans}) > 1
    new(db, "again")
    assert store.seat_round(db, "again", who=WHO, seed=seeds[0]) == plans[0]
    assert store.round_seeds(db, "again") == {1: seeds[0]}


def test_a_tournament_seed_still_reproduces_every_draw(db: Database) -> None:
    """``seed`` given: round N is drawn with seed·1000+N, the same in every tournament."""
    new(db, "x", seed=5)
    new(db, "y", seed=5)
    for _ in range(2):
        assert store.seat_round(db, "x", who=WHO) == store.seat_round(db, "y", who=WHO)
    assert store.round_seeds(db, "x") == {1: 5001, 2: 5002}
    with pytest.raises(StoreError, match="a seed is a whole number 0 to 2147483647"):
        store.seat_round(db, "x", who=WHO, seed=10**20)
    with pytest.raises(StoreError, match="a seed is a whole number"):
        new(db, "z", seed=-1)


def test_the_cli_prints_the_seed_of_a_draw(db_url: str) -> None:
    """``stolik tournament seat`` prints the seed it drew with; ``--seed`` with it draws
    the same tables."""
    runner = CliRunner()

    def run(*args: str) -> str:
        r = runner.invoke(app, ["tournament", *args, "--db", db_url],  # English lines
                          env={"STOLIK_WHO": WHO, "STOLIK_DB": None, "STOLIK_LANG": "en"})
        assert r.exit_code == 0, r.stderr
        return r.stdout

    run("new", "t", "--name", "T", "--ruleset", "pucka-2019")
    for c in PLAYERS[:8]:
        run("players", "add", "t", c, f"Gracz {c}")
    out = run("seat", "t")
    line = next(x for x in out.splitlines() if x.startswith("seed "))
    seed = line.split()[1]
    again = run("seat", "t", "--round", "1", "--seed", seed)
    assert again.replace(line, "") == out.replace(line, "")
    assert "fresh draws" in run("info", "t")


def test_the_referee_page_shows_each_rounds_seed(db: Database) -> None:
    """The referee's tournament page names the seed of each drawn round."""
    from stolik.web.league import auth

    new(db, "w")
    store.seat_round(db, "w", who=WHO)
    seed = store.round_seeds(db, "w")[1]
    auth.add_referee(db, "ref", "a long password 1")
    with TestClient(create_app(db)) as c:
        page = c.get("/t/login")
        csrf = page.text.split('name="csrf" value="')[1].split('"')[0]
        r = c.post("/t/login", data={"name": "ref", "password": "a long password 1",
                                     "csrf": csrf, "next": "/t/admin/"},
                   follow_redirects=False)
        assert r.status_code == 303, r.text
        text = c.get("/t/w/admin/").text
    assert f"seed {seed}" in text or f"ziarno {seed}" in text
