"""No spec references in what players read (issue 25.8): the web pages, the tables'
WebSocket events and the printable sheets of every game say the rule's words, never
"(MARIAS §7)", "(seed 002 §10)", "(RULES §10)", and no ruleset is named "(seed 002)".
The rule applied: whatever the web application says — pages, a table's events (refusals,
hints, reviews, the end of a deal), the printed sheets, its JSON errors — cites no spec
(:class:`stolik.web.app.PlayerText`); the terminal's commands (record and ruleset checks,
the organiser's commands, ``--help``) keep their citations for the referee.

Played here in Polish, English and Czech: a table of each game over the API and the
WebSocket (a refused move, a hint, the deal to its end, the review) with the home page,
the lobby, the table's page and the history; a Baśka tournament and a Mariáš money
tournament, each page the referee and the players read, the printable sheets, and refused
entries whose rule the engine cites ("seed 002 §10": nothing after the hand-in).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stolik import i18n_catalogs
from stolik.db import Database, open_database
from stolik.games import find_ruleset, games
from stolik.i18n import LANGS, Msg, tr, translate
from stolik.i18n_cite import player_text, uncite
from stolik.tournament import store
from stolik.web.app import create_app
from stolik.web.league import auth

CITATION = re.compile(r"§|\bseed \d{3}\b")
"""What a citation leaves in a text: a section sign, or a seed's number (seed 002)."""

SEATS = {"baska": 4, "marias": 4, "betel": 3}
"""Seats at a table (RULES §1, MARIAS §1, BETEL §1)."""


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON message."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def cited(texts: Any) -> list[str]:
    """The texts that cite a spec."""
    return [t for t in strings(texts) if CITATION.search(t)]


def page_cited(html: str) -> list[str]:
    """The lines of a page that cite a spec."""
    return [line.strip() for line in html.splitlines() if CITATION.search(line)]


# ---------------------------------------------------------------- the catalogs


def test_every_catalog_text_loses_its_citations_for_a_player() -> None:
    """Each message of each catalog (en, pl, cs), as a player reads it, cites nothing and
    keeps its fields (but a citation's own section number); the same message still cites
    its rule for the referee."""
    assert LANGS == ("pl", "en", "cs")
    for lang in LANGS:
        kept = 0
        for m in i18n_catalogs.read(lang):
            if not m.id:
                continue
            for text in (m.string if isinstance(m.string, tuple | list) else (m.string,)):
                out = uncite(str(text))
                assert not CITATION.search(out), (lang, m.id, out)
                lost = set(re.findall(r"\{(\w+)", str(text))) - set(re.findall(r"\{(\w+)", out))
                assert lost <= {"section"}, (lang, m.id, lost)  # RULES §{section} goes whole
                kept += CITATION.search(str(text)) is not None
        assert kept > 300, (lang, kept)  # the referee's texts keep their citations


def test_the_switch_is_what_says_it() -> None:
    """``tr`` and ``translate`` cite for the referee and not within ``player_text``;
    a record error's rule cited after its message (``suffix``) goes too."""
    m = Msg("err-auction-over", "the auction is over (RULES §4)")
    assert translate(m, "cs").endswith("(RULES §4)")
    with player_text():
        assert [translate(m, lang) for lang in LANGS] == [
            "licytacja jest skończona", "the auction is over", "licitace skončila"]
        assert tr("pl", "err-mt-nothing-to-sign") == uncite(tr("pl", "err-mt-nothing-to-sign"))
    assert "MARIAS §7" in tr("en", "err-mt-nothing-to-sign")


def test_no_ruleset_shown_to_players_is_named_by_its_source() -> None:
    """The shipped rulesets' names say no "(seed 002)"; their source stays on ``stolik
    rules show`` (labelled "zdroj"/"source")."""
    for spec in games():
        for rid in spec.rulesets():
            name = find_ruleset(rid)[1].name
            assert not CITATION.search(name) and "seed" not in name, (rid, name)


def test_a_dead_doubling_in_a_review_is_said_without_its_rule() -> None:
    """Baśka's review says a doubling that did not count (RULES §4) from its own word
    table, outside the catalogs: a player reads "martwa: nie liczy się", the referee's
    text keeps the rule."""
    from stolik.games.baska.analysis import Review
    from stolik.games.baska.calls import parse_call
    from stolik.games.baska.ruleset import load_ruleset

    kontra = parse_call("kontra", load_ruleset("pucka-2019"))
    r = Review(index=2, seat=0, phase="auction", trick=0, move=kontra, move_text="kontra",
               forced=True, exact=(), exact_best=kontra, exact_loss=0.0, seen=(),
               seen_best=kontra, seen_loss=0.0, layouts=0, dead=True)
    assert "(RULES §4)" in r.text("pl")
    with player_text():
        said = [r.text(lang) for lang in LANGS]
    assert said == ["licytacja: zgłoszono kontra (martwa: nie liczy się) — ruch wymuszony.",
                    "auction: called kontra (dead: it does not count) — a forced move.",
                    "licitace: hlášeno kontra (mrtvá: nepočítá se) — vynucený tah."], said


# ---------------------------------------------------------------- the tables


def _turn(ws: Any, seat: int, state: dict[str, Any], refused: list[str],
          asked: list[str]) -> None:
    """One step of the person at ``seat``: a refused move first (a card of the hand before
    the play, a card that may not be played in it), a hint once, then the first legal
    move; the next deal when the table waits."""
    d = state["deal"]
    if state.get("waiting_next") and seat not in state.get("ready", []):
        ws.send_json({"type": "next"})
        return
    if d.get("to_act") != seat or not d.get("legal"):
        return
    legal = [x["move"] for x in d["legal"]]
    wrong = [c for c in (d.get("hand") or []) if isinstance(c, str) and c not in legal]
    if wrong and len(refused) < 2 and (not refused or d.get("phase") == "play"):
        refused.append(wrong[0])
        ws.send_json({"type": "move", "move": wrong[0], "id": len(refused)})
    if not asked:
        asked.append("hint")
        ws.send_json({"type": "hint"})
    ws.send_json({"type": "move", "move": legal[0]})


def play_a_table(c: TestClient, game: str, lang: str) -> list[dict[str, Any]]:
    """A one-deal table of ``game`` (the person at seat 1, random bots, hints on), played
    over the WebSocket in ``lang``: every message received, the review's last."""
    bots = [None] + ["random"] * (SEATS[game] - 1)
    r = c.post("/play/api/tables", json={"game": game, "name": "Ala", "seed": 3,
                                         "hints": True, "deals": 1, "bots": bots})
    assert r.status_code == 200, r.text
    tid = r.json()["id"]
    got: list[dict[str, Any]] = []
    refused: list[str] = []
    asked: list[str] = []
    with c.websocket_connect(f"/play/ws/{tid}?lang={lang}") as ws:
        for _ in range(2000):
            msg = ws.receive_json()
            got.append(msg)
            if msg["type"] != "state":
                continue
            if msg["over"]:
                ws.send_json({"type": "review"})
                while (msg := ws.receive_json())["type"] != "review":
                    got.append(msg)
                got.append(msg)
                break
            _turn(ws, 0, msg, refused, asked)
        else:
            pytest.fail("the table never ended")
    assert {m["type"] for m in got} >= {"state", "hint", "review", "error"}, \
        {m["type"] for m in got}
    for path in ("/", "/play/", f"/play/t/{tid}", "/play/history"):
        page = c.get(f"{path}?lang={lang}")
        assert page.status_code == 200, path
        got.append({"page": path, "lines": page_cited(page.text)})
    return got


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_table_cites_no_spec(tmp_path: Any, game: str, lang: str) -> None:
    """A refused move, a hint, the end of the deal and its review, and the table's pages
    say the rule's words only — and the refusals are there (the engine cites a rule in
    each: RULES §3, MARIAS §4, BETEL §4)."""
    app = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True),
                     bot_delay=0, client_seeds=True)
    with TestClient(app) as c:
        got = play_a_table(c, game, lang)
    errors = [m["message"] for m in got if m.get("type") == "error"]
    assert errors and all(e for e in errors)
    assert cited(got) == [], cited(got)


# ---------------------------------------------------------------- the league pages

PASSWORD = "heslo-rozhodciho"


def _csrf(html: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m, "no CSRF field on the page"
    return m.group(1)


def _error_line(html: str) -> str:
    m = re.search(r'<p class="error" role="alert" id="error">(.*?)</p>', html, re.S)
    assert m, "no error line on the page"
    return m.group(1)


@pytest.fixture
def league(sqlite_db: Database) -> FastAPI:
    """A Baśka tournament (``puck``) and a Mariáš money tournament (``brno``), each with
    its first round seated: four players at a table."""
    auth.add_referee(sqlite_db, "ala", PASSWORD)
    for slug, ruleset in (("puck", "pucka-2019"), ("brno", "ctyrka")):
        store.create_tournament(sqlite_db, slug, name=slug.title(), ruleset=ruleset,
                                who="ala", seed=3)
        for i in range(1, 5):
            store.add_player(sqlite_db, slug, f"p{i}", f"Hráč {i}", who="ala")
        store.seat_round(sqlite_db, slug, who="ala")
    return create_app(sqlite_db)


@pytest.mark.parametrize("lang", LANGS)
def test_league_pages_and_printed_sheets_cite_no_spec(league: FastAPI, lang: str) -> None:
    """Every page of both tournaments — the list, the live pages, a player's page, the
    printable seating, sheets (blank too) and standings, the referee's pages, the table
    pages and the audit log — and the refusals of a handed-in money sheet (seed 002 §10)
    and of a Baśka sheet line, in ``lang``: no citation."""
    with TestClient(league) as c:
        login = c.get("/t/login")
        assert c.post("/t/login", data={"name": "ala", "password": PASSWORD,
                                        "csrf": _csrf(login.text), "next": "/t/admin/"},
                      follow_redirects=False).status_code == 303
        csrf = _csrf(c.get("/t/admin/").text)

        def post(url: str, **data: str) -> tuple[int, str]:
            r = c.post(f"{url}?lang={lang}", data={"csrf": csrf, **data},
                       follow_redirects=False)
            return r.status_code, r.text

        brno, puck = "/t/brno/admin/round/1/table/1", "/t/puck/admin/round/1/table/1"
        assert post(f"{brno}/money/final", final0="50", final1="50", final2="50",
                    final3="50")[0] == 303
        assert post(f"{brno}/money/hand-in")[0] == 303
        refusals = [post(f"{brno}/money/final", final0="60", final1="40", final2="50",
                         final3="50"),
                    post(f"{brno}/deal", dealer="1"),
                    post(f"{puck}/deal", contract="gran", declarer="9")]
        assert all(code == 400 for code, _ in refusals), [code for code, _ in refusals]
        lines = [_error_line(html) for _, html in refusals]
        pages = ["/t/", "/t/admin/"]
        for slug in ("brno", "puck"):
            pages += [f"/t/{slug}/", f"/t/{slug}/player/p1", f"/t/{slug}/print/seating/1",
                      f"/t/{slug}/print/sheets/1", f"/t/{slug}/print/sheets/1?blank=1",
                      f"/t/{slug}/print/sheet/1/1", f"/t/{slug}/print/standings",
                      f"/t/{slug}/admin/", f"/t/{slug}/admin/audit",
                      f"/t/{slug}/admin/round/1/table/1"]
        shown: dict[str, list[str]] = {"refusals": cited(lines)}
        for path in pages:
            r = c.get(f"{path}{'&' if '?' in path else '?'}lang={lang}")
            assert r.status_code == 200, (path, r.status_code)
            shown[path] = page_cited(r.text)
        live = c.get(f"/t/brno/live.json?lang={lang}").json()
        shown["live.json"] = cited(live)
    assert all(line for line in lines), lines
    assert {k: v for k, v in shown.items() if v} == {}


def test_an_error_that_stops_the_standings_is_shown_without_its_rule(
        league: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the standings cannot be computed (a yellow-card ban, seed 000 §7t), the live
    page, its JSON and a player's page say why — in the rule's words."""
    from stolik.tournament.model import TournamentError

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise TournamentError("player 'p1' is banned by a yellow card (seed 000 §7t)")

    monkeypatch.setattr(store, "result_of", refuse)
    with TestClient(league) as c:
        live = c.get("/t/puck/?lang=pl").text
        js = c.get("/t/puck/live.json").json()
        player = c.get("/t/puck/player/p1?lang=en").text
    assert "banned by a yellow card" in js["error"]
    assert cited(js) == [] and page_cited(live) == [] and page_cited(player) == []
