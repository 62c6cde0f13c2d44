"""Abuse limits of the tournament pages and of ruleset files (issue 14, item 4): the login
is throttled per client address and per account without locking the rightful referee out,
unknown names are throttled like known ones, the password hashing is bounded, the
new-tournament form never reads a path on the server, and a ruleset file is size-checked
before it is read (the CLI too)."""

from __future__ import annotations

import hashlib
import re
import resource
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.tournament import store
from stolik.web.app import create_app
from stolik.web.league import auth

PASSWORD = "haslo-sedziego"
EXAMPLES = Path(__file__).parent / "data" / "examples"


def csrf_of(html: str) -> str:
    """The first CSRF token of a page's forms."""
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m, "no CSRF field on the page"
    return m.group(1)


def browser(app: FastAPI, address: str) -> TestClient:
    """A browser at client ``address``."""
    return TestClient(app, client=(address, 50000))


def try_login(c: TestClient, name: str, password: str) -> int:
    """One login attempt; its HTTP status (303: logged in)."""
    csrf = csrf_of(c.get("/t/login").text)
    resp = c.post("/t/login", data={"name": name, "password": password, "csrf": csrf,
                                    "next": "/t/admin/"}, follow_redirects=False)
    return resp.status_code


def app_with_referee(db: Database) -> FastAPI:
    auth.add_referee(db, "ala", PASSWORD)
    return create_app(db)


def test_guessing_from_one_address_does_not_lock_the_referee_out(db: Database) -> None:
    """Wrong passwords for "ala" from one address stop that address (429, Retry-After),
    not the rightful referee at another address: he gets in after at most the backoff
    the answer names (here 1 s), and the guesser stays stopped."""
    app = app_with_referee(db)
    with browser(app, "10.0.0.66") as bad, browser(app, "10.0.0.7") as ala:
        assert [try_login(bad, "ala", f"guess-{i}") for i in range(5)] == [400] * 5
        assert try_login(bad, "ala", PASSWORD) == 429  # this address: held
        first = ala.post("/t/login", data={"name": "ala", "password": PASSWORD,
                                           "csrf": csrf_of(ala.get("/t/login").text)},
                         follow_redirects=False)
        if first.status_code == 429:  # the account's backoff: a wait, never a lock
            wait = int(first.headers["Retry-After"])
            assert 1 <= wait <= 30
            time.sleep(wait)
            assert try_login(ala, "ala", PASSWORD) == 303
        else:
            assert first.status_code == 303
        assert auth.referee_of(db, ala.cookies.get(auth.COOKIE)) is not None
        assert try_login(bad, "ala", PASSWORD) == 429


def test_known_browser_is_not_held_by_a_distributed_guess(db: Database) -> None:
    """Guesses for "ala" from many addresses put the account on a backoff; a browser
    that has logged in as "ala" before passes it at once, a new one is told to wait."""
    app = app_with_referee(db)
    with browser(app, "10.0.1.1") as ala, browser(app, "10.0.1.2") as fresh:
        assert try_login(ala, "ala", PASSWORD) == 303
        ala.post("/t/logout", data={"csrf": csrf_of(ala.get("/t/admin/").text)})
        for n in range(4):
            with browser(app, f"10.9.9.{n}") as bad:
                for i in range(5):
                    try_login(bad, "ala", f"x{i}")
        assert try_login(fresh, "ala", PASSWORD) == 429
        assert try_login(ala, "ala", PASSWORD) == 303


def test_unknown_names_are_throttled_per_address(db: Database) -> None:
    """Tries with made-up names count against the address like any other failure: the
    21st from one address is refused without hashing; another address is untouched."""
    app = app_with_referee(db)
    with browser(app, "10.0.2.1") as bad, browser(app, "10.0.2.2") as other:
        codes = [try_login(bad, f"nobody-{i}", "whatever1") for i in range(21)]
        assert codes[:20] == [400] * 20 and codes[20] == 429
        assert try_login(other, "nobody-x", "whatever1") == 400
        assert try_login(other, "ala", PASSWORD) == 303


def test_hashing_is_bounded(db: Database) -> None:
    """With every hashing slot and queue place taken, a login is refused at once (503)
    and costs no hash."""
    app = app_with_referee(db)
    with browser(app, "10.0.3.1") as c:
        csrf = csrf_of(c.get("/t/login").text)
        app.state.league_hash_gate = gate = auth.HashGate(slots=1, queue=0, wait=5.0)
        with gate:
            t0 = time.perf_counter()
            resp = c.post("/t/login", data={"name": "ala", "password": PASSWORD,
                                            "csrf": csrf}, follow_redirects=False)
            assert resp.status_code == 503 and time.perf_counter() - t0 < 2.0
        assert try_login(c, "ala", PASSWORD) == 303


def test_login_hashes_once_for_unknown_names(db: Database,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """An unknown name costs one scrypt, like a known one (it was two: a fresh dummy hash,
    then its check) — so neither its time nor its cost tells the names apart."""
    auth.add_referee(db, "ala", PASSWORD)
    auth.login(db, "nobody", "x")  # any dummy hash is made by now
    calls: list[int] = []
    real = hashlib.scrypt

    def counting(*args: Any, **kwargs: Any) -> bytes:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hashlib, "scrypt", counting)  # the module auth calls
    assert auth.login(db, "ala", "wrong-pass") is None
    known = len(calls)
    assert auth.login(db, "someone-else", "wrong-pass") is None
    assert (known, len(calls) - known) == (1, 1)


# ------------------------------------------------------------ the ruleset of a tournament


def referee(db: Database) -> tuple[TestClient, str]:
    app = app_with_referee(db)
    c = TestClient(app)
    assert try_login(c, "ala", PASSWORD) == 303
    return c, csrf_of(c.get("/t/admin/").text)


def form(csrf: str, slug: str, **extra: str) -> dict[str, str]:
    return {"csrf": csrf, "slug": slug, "name": slug, "rounds": "2", "minutes": "40",
            "break_minutes": "5", **extra}


def test_a_typed_ruleset_is_never_a_server_path(db: Database, tmp_path: Path) -> None:
    """The form takes a shipped ruleset id only: /dev/zero, a server file, even a valid
    ruleset .toml on the server disk are refused in one line, quickly, unread."""
    own = tmp_path / "own.toml"
    own.write_text(resources.files("stolik.games.baska").joinpath(
        "rulesets/pucka-2019.toml").read_text(encoding="utf-8"), encoding="utf-8")
    c, csrf = referee(db)
    with c:
        for i, path in enumerate(["/etc/passwd", str(own), "/dev/zero"]):
            t0 = time.perf_counter()
            resp = c.post("/t/admin/new", data=form(csrf, f"t{i}", ruleset=path))
            assert time.perf_counter() - t0 < 2.0
            assert resp.status_code == 400
            error = re.search(r'id="error">([^<]*)<', resp.text)
            assert error and "wybierz jeden z" in error.group(1)  # Polish page (issue 25.2)
            assert "root:" not in resp.text
        assert store.list_tournaments(db) == []
        ok = c.post("/t/admin/new", data=form(csrf, "shipped", ruleset="linia"),
                    follow_redirects=False)
        assert ok.status_code == 303
        assert [t.ruleset for t in store.list_tournaments(db)] == ["linia"]


def test_an_uploaded_ruleset_is_bounded_and_kept(db: Database) -> None:
    """A ruleset file uploaded with the form is parsed and kept with the tournament; one
    over 64 KiB, or not a ruleset, is refused in one line with nothing created."""
    text = resources.files("stolik.games.baska").joinpath(
        "rulesets/pucka-2019.toml").read_text(encoding="utf-8")
    text = text.replace('id = "pucka-2019"', 'id = "nasz-klub"', 1)
    c, csrf = referee(db)
    with c:
        big = c.post("/t/admin/new", data=form(csrf, "big"),
                     files={"ruleset_file": ("big.toml", b"#" * (65 * 1024))})
        assert big.status_code == 400 and "64 KiB" in big.text
        broken = c.post("/t/admin/new", data=form(csrf, "broken"),
                        files={"ruleset_file": ("bad.toml", b"id = 3\n")})
        assert broken.status_code == 400 and "bad.toml" in broken.text
        assert store.list_tournaments(db) == []
        ok = c.post("/t/admin/new", data=form(csrf, "own"),
                    files={"ruleset_file": ("nasz.toml", text.encode())},
                    follow_redirects=False)
        assert ok.status_code == 303, ok.text
        assert [t.ruleset for t in store.list_tournaments(db)] == ["nasz-klub"]
        page = c.get("/t/own/admin/")
        assert page.status_code == 200


def _no_more_than_1gb() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_a_record_naming_dev_zero_is_one_line(tmp_path: Path) -> None:
    """A record whose ruleset is /dev/zero (or a huge file) is refused before any byte
    is read: one line, exit 1, at once — it used to read until memory ran out (here: a
    1 GiB limit and 60 s)."""
    src = (EXAMPLES / "plain-bez-bitki.toml").read_text(encoding="utf-8")
    huge = tmp_path / "huge.toml"
    with huge.open("wb") as f:
        f.truncate(8 << 20)  # 8 MiB, sparse: nothing to write
    for target in ("/dev/zero", str(huge)):
        rec = tmp_path / "rec.toml"
        rec.write_text(src.replace('ruleset = "pucka-2019"', f'ruleset = "{target}"', 1),
                       encoding="utf-8")
        t0 = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "stolik", "check", str(rec)],
                             capture_output=True, text=True, timeout=60,
                             preexec_fn=_no_more_than_1gb)
        assert time.perf_counter() - t0 < 15.0
        assert run.returncode == 1
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and target in lines[0], run.stderr[-500:]
        assert "not a regular file" in lines[0] or "KiB" in lines[0]
