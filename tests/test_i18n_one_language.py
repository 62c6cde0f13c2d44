"""One language per screen (issue 25.2): every page and terminal screen, rendered in each
language (pl, en, cs), holds no text of another catalog — no English leftovers on a Polish
or Czech page ("Reopen", "0 deals", Baśka's ``tournament sheet`` half English, Mariáš's
record word "pass" in the Czech bidding line) — and writes numbers the locale's way (a
decimal comma in pl/cs: "+1,46", not "+1.46").

How a leftover is found: :func:`foreign_phrases` collects every catalog text of the other
two languages, cut at its ``{fields}``, markup and rule citations, and keeps the phrases
that are distinctive — two words or more, ten characters or more, and not found anywhere
in the screen language's own catalog (so a game term or a proper noun every language
shares is never one); none may appear in the rendered text. :data:`ENGLISH_WORDS` is a
cheap second check of words found on the pages before this issue.

Runs in seconds: a bounded sample of screens; ``STOLIK_ONE_LANGUAGE_FULL=1`` plays more
deals and more tables.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from stolik.db import Database, open_database
from stolik.i18n import LANGS
from stolik.i18n_catalogs import read
from stolik.tournament import store
from stolik.tournament.file import load_tournament
from stolik.web.app import create_app
from stolik.web.league import auth

FULL = os.environ.get("STOLIK_ONE_LANGUAGE_FULL") == "1"
DEALS = 4 if FULL else 2
SAMPLE = Path(__file__).parent / "data" / "tournament-sample.toml"
PASSWORD = "heslo-rozhodciho"

_CUT = re.compile(r"\{[^{}]*\}|<[^<>]*>|\([^()]*§[^()]*\)|\S*§\s*\S+|\n")


@cache
def _texts(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in read(lang):
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        out.update({f"{key}#{i}": s for i, s in enumerate(strings) if isinstance(s, str)})
    return out


@cache
def foreign_phrases(lang: str) -> dict[str, str]:
    """Phrases of the other catalogs that ``lang``'s never says: phrase → its message id."""
    mine = _texts(lang)
    blob = "\n".join(mine.values()).casefold()
    found: dict[str, str] = {}
    for other in LANGS:
        if other == lang:
            continue
        for key, text in _texts(other).items():
            if text == mine.get(key):
                continue
            for frag in _CUT.split(text):
                frag = frag.strip(" ,.:;—–-·()[]!?\"'…")
                if (len(frag) >= 10 and " " in frag
                        and len(re.findall(r"[^\W\d_]{2,}", frag)) >= 2
                        and frag.casefold() not in blob):
                    found.setdefault(frag, f"{other}:{key}")
    return found


ENGLISH_WORDS = ("Reopen", "Enter scores", "Close the round", "Blank sheets", "deals",
                 "players", "first dealer", "only totals", "table result", "place points",
                 "table points", "entered/confirmed", "does not count", "sitting out",
                 "expected payout", "not started", "round", "table", "pass")
"""English words found on Polish and Czech screens before issue 25.2 (whole words)."""

COMMAND_WORDS = ("look", "take", "lay", "hint", "claim", "quit", "help", "sheet")
"""The terminal's English command and dubel words: a Polish or Czech screen names its own
(``podglądam 1 #1``, ``biorę``, ``odkładam``, ``pomoc``, ``koniec``; issue 25.2: Betel's
dubel words and the prompt's "(pomoc: help)" stayed English); the prompt takes them all."""

_DOT_DECIMAL = re.compile(r"(?<![\w.,§/:-])[+\-−]?\d+\.\d{1,2}(?![\d.])")
"""A number with a decimal point (``+1.46``), not a date (``23.11.2026``), a version or a
rule's section (``§4.7``)."""


def leftovers(text: str, lang: str) -> list[str]:
    """What in ``text`` (a screen in ``lang``) belongs to another language."""
    found = [f"{phrase!r} ({key})" for phrase, key in foreign_phrases(lang).items()
             if phrase in text and re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text)]
    if lang != "en":
        found += [f"English {w!r}" for w in ENGLISH_WORDS
                  if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
        found += [f"decimal point {m.group(0)!r}" for m in _DOT_DECIMAL.finditer(text)]
    return found


DATA_KEYS = frozenset({"type", "event", "move", "moves", "id", "code"})
"""Keys of a table's messages whose strings are record words for the page's script (a
legal move's ``move``), not text a person reads."""


def _strings(x: Any) -> Iterator[str]:
    if isinstance(x, dict):
        for k, v in x.items():
            if k == "calls" and isinstance(v, list) and v and isinstance(v[0], list):
                yield from (c[2] for c in v if len(c) > 2 and isinstance(c[2], str))
            elif k not in DATA_KEYS:  # an auction entry: seat, record word, its label
                yield from _strings(v)
    elif isinstance(x, list):
        for v in x:
            yield from _strings(v)
    elif isinstance(x, str):
        yield x


def visible(page: str) -> str:
    """A page's words: its text without markup, scripts, styles and ``<code>`` (data as
    stored: the audit log's values before and after), plus the strings of its JSON data
    (the texts ``play.js`` shows), not their keys."""
    data: list[str] = []
    for m in re.finditer(r'(?is)<script[^>]*application/json[^>]*>(.*?)</script>', page):
        data += _strings(json.loads(m.group(1)))
    page = re.sub(r"(?is)<(style|script|code)[^>]*>.*?</\1>", " ", page)
    page = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"[ \t]+", " ", html.unescape(page)) + "\n" + "\n".join(data)


def test_the_guard_finds_english_leftovers() -> None:
    """The check itself can fail: the Czech referee page's words of before (issue 25.2)."""
    said = leftovers("Kolo 1 · Reopen · Enter scores · 0 deals · +1.46", "cs")
    assert any("Reopen" in x for x in said) and any("deals" in x for x in said)
    assert any("decimal point '+1.46'" in x for x in said)
    assert leftovers("Kolo 1 · +1,46 · 23.11.2026 · MARIAS §4.7", "cs") == []
    assert any("Wynik stolika" in x for x in leftovers("Výsledek: Wynik stolika", "cs"))


# ------------------------------------------------------------------ the web pages


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """A Baśka tournament with its deals (the sample, 5 rounds closed) and a Mariáš money
    tournament, round 1 drawn, table 1 entered deal by deal; a referee account."""
    folder = tmp_path_factory.mktemp("onelang")
    db = open_database(f"sqlite:///{folder}/stolik.db", migrate=True)
    auth.add_referee(db, "ala", PASSWORD)
    store.import_tournament(db, load_tournament(SAMPLE), "puck", who="ala")
    store.create_tournament(db, "brno", name="Mariáš Brno", ruleset="ctyrka", who="ala",
                            seed=3)
    for i in range(1, 9):
        store.add_player(db, "brno", f"p{i}", f"Hráč {i}", who="ala")
    store.seat_round(db, "brno", who="ala")
    from stolik.games.marias.record import record_document, series_record
    from stolik.games.marias.ruleset import load_ruleset
    from stolik.games.marias.simulate import simulate

    rs = load_ruleset("ctyrka")
    first = store.tournament_of(db, "brno", complete=True).rounds[0].tables[0]
    sim = simulate(rs, 4, seed=8, first_dealer=first.first_dealer)
    store.enter_deals(db, "brno", 1, 1, record_document(series_record(rs, sim.records))["deal"],
                      who="ala")
    try:
        yield db
    finally:
        db.dispose()


@pytest.fixture(scope="module")
def web(database: Database) -> FastAPI:
    """The application, its rate limits out of the way: one test client plays nine tables
    and asks nine hints in a minute (the limits drop a message past them unanswered)."""
    from stolik.web.play.ratelimit import PlayLimits

    limits = PlayLimits(tables_per_minute=1000.0, table_burst=1000, hint_rate=1000.0,
                        hint_burst=1000, flood_penalty_s=0.0)
    return create_app(database, bot_delay=0, client_seeds=True, rate=10000.0, burst=10000,
                      play_limits=limits)


PAGES = {"puck": ("/t/{s}/", "/t/{s}/player/p01", "/t/{s}/print/seating/1",
                  "/t/{s}/print/sheet/2/3", "/t/{s}/print/sheets/1", "/t/{s}/print/standings",
                  "/t/{s}/admin/", "/t/{s}/admin/audit", "/t/{s}/admin/round/2/table/3"),
         "brno": ("/t/{s}/", "/t/{s}/player/p1", "/t/{s}/print/seating/1",
                  "/t/{s}/print/sheet/1/1", "/t/{s}/print/sheets/1", "/t/{s}/print/standings",
                  "/t/{s}/admin/", "/t/{s}/admin/audit", "/t/{s}/admin/round/1/table/1",
                  "/t/{s}/admin/round/1/table/2")}
"""Each tournament's pages (Mariáš's in Czech especially), the referee's among them."""


def _login(c: TestClient) -> None:
    page = c.get("/t/login")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf
    r = c.post("/t/login", data={"name": "ala", "password": PASSWORD, "csrf": csrf.group(1),
                                 "next": "/t/admin/"}, follow_redirects=False)
    assert r.status_code == 303


def _answer(ws: Any, kind: str) -> dict[str, Any]:
    """The answer of type ``kind`` to a request (states sent meanwhile are skipped)."""
    for _ in range(50):
        msg = ws.receive_json()
        if msg["type"] in (kind, "error"):
            assert msg["type"] == kind, msg
            return dict(msg)
    raise AssertionError(f"no {kind} answer")


def _table_messages(c: TestClient, game: str, lang: str) -> list[str]:
    """A table of ``game`` with the person at seat 1 and bots, played by the first legal
    move through ``DEALS`` deals: the texts of every state message — the auction, the
    play, the end of each deal, the sheet — a hint and the first deal's review (Baśka's
    numbers "+6,80"), and the table page after it."""
    bots = ["heuristic"] * (2 if game == "betel" else 3)
    made = c.post("/play/api/tables", json={"game": game, "name": "Ala", "seed": 5,
                                            "deals": DEALS, "hints": True,
                                            "bots": [None, *bots]})
    assert made.status_code == 200, made.text
    tid = made.json()["id"]
    texts: list[str] = []
    asked: set[str] = set()  # a hint on the first turn, the review of the first deal
    acted = -1  # the table's version last acted on: a state sent again is not answered
    with c.websocket_connect(f"/play/ws/{tid}?lang={lang}") as ws:
        for _ in range(2000):
            msg = ws.receive_json()
            texts += _strings(msg)
            if msg["type"] != "state":
                continue
            if msg["over"]:
                break
            if msg["version"] <= acted:
                continue
            acted = msg["version"]
            d = msg["deal"]
            if msg["waiting_next"] and 0 not in msg["ready"]:
                if "review" not in asked:
                    asked.add("review")
                    ws.send_json({"type": "review"})
                    texts += _strings(_answer(ws, "review"))
                ws.send_json({"type": "next"})
            elif d["to_act"] == 0 and d["legal"]:
                if "hint" not in asked and len(d["legal"]) > 1:
                    asked.add("hint")
                    ws.send_json({"type": "hint"})
                    texts += _strings(_answer(ws, "hint"))
                ws.send_json({"type": "move", "move": d["legal"][0]["move"]})
    assert asked == {"hint", "review"}, (game, asked)
    texts.append(visible(c.get(f"/play/t/{tid}", params={"lang": lang}).text))
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_speaks_one_language(web: FastAPI, lang: str) -> None:
    """The home page, the lobby, a table of each game through whole deals (its WebSocket
    messages), the history, the tournament index, both tournaments' pages and the
    referee's: no phrase of another catalog, no English leftover, no decimal point."""
    found: dict[str, list[str]] = {}
    with TestClient(web) as c:
        _login(c)
        for game in ("baska", "marias", "betel"):
            said = [x for t in _table_messages(c, game, lang) for x in leftovers(t, lang)]
            if said:
                found[f"table {game}"] = sorted(set(said))
        urls = ["/", "/play/", "/play/history", "/t/", "/t/admin/"] + [
            p.format(s=s) for s, pages in PAGES.items() for p in pages]
        for url in urls:
            r = c.get(url, params={"lang": lang})
            assert r.status_code == 200, (url, r.status_code)
            said = leftovers(visible(r.text), lang)
            if said:
                found[url] = said
    assert not found, found


# ------------------------------------------------------------------ the terminal


SAY = {"pl": ("podpowiedź", "pomoc", "zapis", "koniec"), "cs": ("rada", "pomoc", "lístek", "konec"),
       "en": ("hint", "help", "sheet", "quit")}
"""The prompt's commands hint, help, sheet and quit as each language's help names them."""


@pytest.mark.parametrize("game", ["baska", "marias", "betel"])
@pytest.mark.parametrize("lang", LANGS)
def test_stolik_play_speaks_one_language(tmp_path: Path, game: str, lang: str) -> None:
    """``stolik play --lang`` for each game, scripted: a hint, the help, then the first
    option at every turn through ``DEALS`` deals, the sheet; and ``stolik replay`` and
    ``stolik check`` of the record it saved ("ok, 2 deals" was English) — no text of
    another language (Mariáš's "pass", Betel's dubel words, Baśka's hint numbers "+6.80")."""
    out = tmp_path / "s.toml"
    args = ["play", "--game", game, "--deals", str(DEALS), "--opponents", "random",
            "--seed", "3", "--lang", lang, "--ascii", "--out", str(out)]
    if game != "betel":
        args.append("--no-analysis")
    turn = "pas\n1\n" if game == "betel" else "1\n"  # Betel's numbers are the box's
    hint, help_, sheet, quit_ = SAY[lang]  # the commands in the screen's words
    look = "podglądam 1 #2\n" if game == "betel" else ""  # a dubel card (BETEL §3)
    script = (f"{hint}\n{help_}\n{look}" + turn * 60 + f"{sheet}\n" + turn * 400
              + f"{quit_}\n")
    played = CliRunner().invoke(cli_app, args, input=script, env={"STOLIK_LANG": None})
    assert played.exit_code == 0, played.output
    replayed = CliRunner().invoke(cli_app, ["replay", str(out), "--lang", lang, "--ascii"],
                                  env={"STOLIK_LANG": None})
    assert replayed.exit_code == 0, replayed.output
    checked = CliRunner().invoke(cli_app, ["check", str(out), "--lang", lang],
                                 env={"STOLIK_LANG": None})
    assert checked.exit_code == 0 and str(out) in checked.stdout, checked.output
    said = leftovers(played.stdout + played.stderr, lang) + leftovers(
        replayed.stdout + checked.stdout, lang)
    if lang != "en":
        said += [f"English command {w!r}" for w in COMMAND_WORDS
                 if re.search(rf"(?<![\w-]){w}(?![\w-])", played.stdout)]
    assert not said, sorted(set(said))


@pytest.mark.parametrize("lang", LANGS)
def test_the_organisers_commands_speak_one_language(database: Database, tmp_path: Path,
                                                    lang: str) -> None:
    """``tournament sheet`` (a Baśka table with its deals and events; a Mariáš money
    sheet), ``standings``, ``money``, and ``report`` and ``season`` of a tournament file in
    ``--lang`` — and ``money`` and ``sheet`` in Polish by default like the other
    organiser's commands (``money``, ``report`` and ``season`` were English)."""
    url = database.engine.url.render_as_string(hide_password=False)

    def run(*args: str, env_lang: str | None = None, with_lang: bool = True) -> str:
        argv = ["tournament", *args, "--db", url, *(["--lang", lang] if with_lang else [])]
        r = CliRunner().invoke(cli_app, argv, env={"STOLIK_WHO": "ala", "STOLIK_DB": None,
                                                   "STOLIK_LANG": env_lang})
        assert r.exit_code == 0, (args, r.output)
        return r.stdout + r.stderr

    said: dict[str, list[str]] = {}
    for args in (("sheet", "puck", "2", "3"), ("sheet", "puck", "4", "1"),
                 ("standings", "puck"), ("standings", "brno"), ("sheet", "brno", "1", "1"),
                 ("money", "show", "brno", "1", "1")):
        found = leftovers(run(*args), lang)
        if found:
            said[" ".join(args)] = found
    refused = CliRunner().invoke(cli_app, [  # neither totals nor --clear: one line
        "tournament", "sheet", "totals", "puck", "1", "1", "--db", url, "--lang", lang],
        env={"STOLIK_WHO": "ala", "STOLIK_DB": None, "STOLIK_LANG": None})
    assert refused.exit_code == 1 and refused.stderr.count("\n") == 1, refused.output
    if leftovers(refused.stderr, lang) or (lang != "en" and "give" in refused.stderr):
        said["sheet totals"] = [refused.stderr]
    for file_args in (("report", str(SAMPLE)), ("season", str(SAMPLE), str(SAMPLE))):
        r = CliRunner().invoke(cli_app, ["tournament", *file_args, "--lang", lang],
                               env={"STOLIK_LANG": None})
        assert r.exit_code == 0, r.output
        found = leftovers(r.stdout, lang)
        if found:
            said[file_args[0]] = found
    assert not said, said
    if lang == "pl":  # no --lang, no STOLIK_LANG: Polish
        for args in (("money", "show", "brno", "1", "1"), ("sheet", "puck", "2", "3")):
            assert not leftovers(run(*args, with_lang=False), "pl"), args


@pytest.mark.parametrize(("lang", "players"), [
    ("pl", ("20 graczy", "8 graczy")), ("cs", ("20 hráčů", "8 hráčů")),
    ("en", ("20 players", "8 players"))])
def test_counts_take_the_catalogs_plural_form(web: FastAPI, lang: str,
                                              players: tuple[str, str]) -> None:
    """The referee's tournament list says "8 graczy" (it said "8 gracze": a count before
    the column's word) and a tournament's page its deals per round in the plural form the
    catalog's Plural-Forms choose (issue 25.2; Czech has three forms)."""
    from stolik.i18n import trn

    with TestClient(web) as c:
        _login(c)
        home = visible(c.get("/t/admin/", params={"lang": lang}).text)
        assert all(p in home for p in players), home
        deals = store.tournament_info(web.state.db, "puck").deals_per_round
        page = visible(c.get("/t/puck/admin/", params={"lang": lang}).text)
        assert trn(lang, "sheet-deals", "sheet-deals-n", deals) in page, page


REFUSALS = (
    ("/t/admin/new", {"slug": "x1", "name": "X", "ruleset": "pucka-2019", "date": "jutro"}),
    ("/t/admin/new", {"slug": "x2", "name": "X", "ruleset": "pucka-2019", "rounds": "99"}),
    ("/t/admin/new", {"slug": "x3", "name": "X", "ruleset": "nic-takiego"}),
    ("/t/brno/admin/players", {"csv": "p9"}),
)
"""Forms the referee gets wrong: a date, a number out of range, a ruleset not on offer, a
CSV line without a name."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_referees_refusals_speak_one_language(web: FastAPI, lang: str) -> None:
    """Each refusal is one line in the page's language (issue 25.2: "date: YYYY-MM-DD",
    "rounds: 1–50", "choose one of", "CSV line 1" were English on every page)."""
    with TestClient(web) as c:
        _login(c)
        found: dict[str, list[str]] = {}
        for url, data in REFUSALS:
            csrf = re.search(r'name="csrf" value="([^"]+)"',
                             c.get("/t/admin/", params={"lang": lang}).text)
            assert csrf
            r = c.post(url, params={"lang": lang}, data={"csrf": csrf.group(1), **data})
            assert r.status_code == 400, (url, data, r.status_code)
            line = re.search(r'<p class="error" role="alert" id="error">(.*?)</p>', r.text,
                             re.S)
            assert line, (url, data)
            said = leftovers(html.unescape(line.group(1)), lang)
            if lang != "en":
                said += [w for w in ("not", "choose", "line", "rounds") if re.search(
                    rf"\b{w}\b", line.group(1))]
            if said:
                found[f"{url} {data}"] = said
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_run_page_refuses_in_one_language(tmp_path: Path, lang: str) -> None:
    """The first-run page (no referee yet) refuses a short password and two passwords that
    differ in the page's language (issue 25.2: "the password must have at least 8
    characters", "the two passwords differ" were English on every page)."""
    app = create_app(open_database(f"sqlite:///{tmp_path}/first.db", migrate=True))
    with TestClient(app) as c:
        page = c.get("/t/setup", params={"lang": lang})
        token = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert token
        for pw, pw2 in (("x", "x"), ("dlouhé-heslo-1", "dlouhé-heslo-2")):
            r = c.post("/t/setup", params={"lang": lang}, data={
                "name": "ala", "password": pw, "password2": pw2, "csrf": token.group(1)})
            assert r.status_code == 400
            line = re.search(r'id="error">(.*?)</p>', r.text, re.S)
            assert line
            said = leftovers(html.unescape(line.group(1)), lang)
            if lang != "en":
                said += [w for w in ("password", "differ") if w in line.group(1)]
            assert not said, (lang, line.group(1), said)
