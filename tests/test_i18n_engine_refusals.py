"""The Mariáš and Betel engines' refusals are catalog messages (issue 9.9), as Baśka's are:
each keeps its English ``str`` (logs, records, the tests of old) and the spec section it
cites, and is said in the reader's language where a person reads it — ``stolik check``
(``STOLIK_LANG``), a Mariáš tournament's deal entry page, a web table's refusal of a
move, the terminal table (a lay-down refused as too early, MARIAS §4.7; Betel's score
sheet). Mariáš's are in Czech too: a Czech referee enters deals on the Czech pages."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from stolik.db import Database, open_database
from stolik.errors import IllegalMove, RecordError
from stolik.games.betel import record as brecord
from stolik.games.betel.ruleset import load_ruleset as betel_ruleset
from stolik.games.betel.simulate import simulate as betel_simulate
from stolik.games.betel.state import Deal as BetelDeal
from stolik.games.marias.calls import NIC, PASS, Call
from stolik.games.marias.record import parse_record, replay
from stolik.games.marias.state import Deal as MariasDeal
from stolik.i18n import Msg, has, translate
from stolik.records import dumps_toml
from stolik.web.app import create_app
from test_i18n_errors import _until
from test_marias_terminal import play as marias_play
from test_marias_terminal import script as marias_script
from test_web_league_marias_deals import T1, app, deals, first_dealer, form_of, referee
from test_web_league_money import error_line, post

__all__ = ["app", "referee"]  # the deal pages' fixtures

BRS = betel_ruleset("gps-2022")
runner = CliRunner()


def _marias_out_of_turn(dealer: int) -> dict[str, Any]:
    """A Mariáš deal whose first approval is said by the chooser, not by the seat on his
    left (seed §5, MARIAS §4.2): seat ``chooser`` speaks out of turn."""
    doc = dict(deals(1, dealer)[0])
    chooser = (dealer + 1) % 4
    doc["bidding"] = [f"{chooser} dobry", *doc["bidding"][1:]]
    return doc


# ------------------------------------------------------------------ the engines' messages


def test_a_marias_refusal_keeps_its_english_and_says_it_in_polish_and_czech() -> None:
    """MARIAS §4: an out-of-turn call in a record; ``str`` stays the English line, the
    code and its parameters say it in Polish and Czech, the place included."""
    dealer = 2
    with pytest.raises(RecordError) as e:
        replay(parse_record({"game": "marias", "deal": [_marias_out_of_turn(dealer)]}))
    err = e.value.with_source("m.toml")
    assert str(err) == ("m.toml: deal 1, bidding entry 1: seat 3 speaks out of turn: seat 0 "
                        "is to speak (seed §5, MARIAS §4)")
    assert translate(err, "en") == str(err)
    assert translate(err, "pl") == ("m.toml: rozdanie 1, licytacja, wpis 1: miejsce 3 mówi "
                                    "poza kolejnością: mówić ma miejsce 0 (seed §5, MARIAS §4)")
    assert translate(err, "cs") == ("m.toml: hra 1, hlášení, zápis 1: místo 3 mluví mimo "
                                    "pořadí: na řadě je místo 0 (seed §5, MARIAS §4)")


def _marias_calls() -> list[Call]:
    return [Call("dobry"), Call("betl"), Call("durch"), Call("cerveny-sam"), Call("hra"),
            Call("sto"), Call("hra", sedma=True), Call("sedma"), NIC, PASS,
            Call("sto-proti"), Call("sedma-proti"), Call("forgot"),
            *(Call("raise", component=c, level=k) for c in ("hra", "sedma", "betl")
              for k in (1, 2, 5)),
            Call("choose", card=0, called=1), Call("choose", card=5, called=20)]


def test_every_marias_refusal_is_a_message_of_three_catalogs() -> None:
    """Over random deals, every reason the engine gives for a refused call or card
    (MARIAS §1–§4, §4.7, §8) is a :class:`Msg` that Polish, English and Czech translate,
    Polish unlike English, and the rule it cites is kept."""
    from stolik.games.marias.ruleset import load_ruleset

    rs = load_ruleset("ctyrka")
    rng = random.Random(5)
    codes: set[str] = set()

    def check(why: object) -> None:
        assert isinstance(why, Msg), why
        codes.add(why.code)
        for lang in ("pl", "en", "cs"):
            assert has(lang, why.code), (lang, why.code)
        pl = translate(why, "pl")
        assert pl != str(why) and translate(why, "en") == str(why), why
        assert re.findall(r"§[\d.]+", pl) == re.findall(r"§[\d.]+", str(why)), (pl, why)

    for _ in range(12):
        d = MariasDeal.random(rs, rng.randrange(4), rng)
        while not d.is_over:
            tries: list[Any] = [*_marias_calls(), *range(32), "banana", "ZZ"]
            for m in tries:
                probe = d.clone()
                try:
                    probe.move(m) if not isinstance(m, int) else probe.play(m)
                except IllegalMove as e:
                    check(e.message)
            for seat in range(4):
                try:
                    d.clone().claim(seat) if d.phase != "play" else None
                except IllegalMove as e:
                    check(e.message)
            d.move(rng.choice(d.legal_moves()))
        for m in (PASS, 0):
            try:
                d.clone().move(m)
            except IllegalMove as e:
                check(e.message)
    assert len(codes) >= 12, codes


def test_every_betel_refusal_is_a_message_of_both_catalogs() -> None:
    """The same for Betel (BETEL §1, §3, §4, §6): Polish and English, the rule kept."""
    rng = random.Random(3)
    codes: set[str] = set()
    words = ["pas", "kontra", "take", "look 2", "look 1 #1", "look 1", "lay AS KS", "x y",
             "", *(c.call for c in BRS.contracts[::4])]
    for _ in range(10):
        d = BetelDeal.random(BRS, rng.randrange(3), rng)
        while not d.is_over:
            for m in [*(words if d.phase == "auction" else ()), *range(32)]:
                probe = d.clone()
                try:
                    probe.play(m) if isinstance(m, int) else probe.move(m)
                except IllegalMove as e:
                    why = e.message
                    assert isinstance(why, Msg), why
                    codes.add(why.code)
                    assert has("pl", why.code) and has("en", why.code)
                    pl = translate(why, "pl")
                    assert pl != str(why) and translate(why, "en") == str(why), why
                    assert re.findall(r"§\d", pl) == re.findall(r"§\d", str(why)), (pl, why)
            d.move(rng.choice(d.legal_moves()))
    assert len(codes) >= 12, codes


# ------------------------------------------------------------------ stolik check


def _betel_out_of_turn(tmp_path: Path) -> Path:
    """A Betel record whose first call is made by the wrong seat (BETEL §3)."""
    sim = betel_simulate(BRS, 1, seed=4)
    doc = brecord.record_document(brecord.series_record(BRS, sim.records))
    first = doc["deal"][0]["auction"][0]
    seat, rest = first.split(" ", 1)
    doc["deal"][0]["auction"][0] = f"{(int(seat) + 1) % 3} {rest}"
    path = tmp_path / "b.toml"
    path.write_text(dumps_toml(doc), encoding="utf-8")
    return path


def _marias_record(tmp_path: Path) -> Path:
    path = tmp_path / "m.toml"
    path.write_text(dumps_toml({"game": "marias", "ruleset": "ctyrka",
                                "deal": [_marias_out_of_turn(1)]}), encoding="utf-8")
    return path


@pytest.mark.parametrize(("game", "lang", "words"), [
    ("marias", "pl", "m.toml: rozdanie 1, licytacja, wpis 1: miejsce 2 mówi poza kolejnością: "
                     "mówić ma miejsce 3 (seed §5, MARIAS §4)"),
    ("marias", "en", "m.toml: deal 1, bidding entry 1: seat 2 speaks out of turn: seat 3 is "
                     "to speak (seed §5, MARIAS §4)"),
    ("marias", "cs", "m.toml: hra 1, hlášení, zápis 1: místo 2 mluví mimo pořadí: na řadě je "
                     "místo 3 (seed §5, MARIAS §4)"),
    ("betel", "pl", r"b.toml: rozdanie 1, zapowiedź 1: miejsce \d mówi poza kolejnością: "
                    r"mówić ma miejsce \d \(BETEL §3\)"),
    ("betel", "en", r"b.toml: deal 1, auction entry 1: seat \d speaks out of turn: seat \d "
                    r"is to speak \(BETEL §3\)"),
])
def test_stolik_check_says_the_refusal_in_stolik_lang(tmp_path: Path, game: str, lang: str,
                                                      words: str) -> None:
    """``stolik check`` (RULES §11's one line, exit status 1) in the language of
    ``STOLIK_LANG``; English when it is ``en``: a Mariáš call out of turn (MARIAS §4) and a
    Betel auction entry by the wrong seat (BETEL §3: the dealer speaks first, then
    clockwise; BETEL §6: the refusal names the deal, the entry and the rule)."""
    path = _marias_record(tmp_path) if game == "marias" else _betel_out_of_turn(tmp_path)
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp_path)  # the file's name as the line starts with it
        result = runner.invoke(cli_app, ["check", path.name], env={"STOLIK_LANG": lang})
    assert result.exit_code == 1
    line = result.stderr.strip()
    if game == "marias":
        assert line == f"stolik: {words}", line
    else:
        assert re.fullmatch(f"stolik: {words}", line), line


# ------------------------------------------------------------------ the deal entry page


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", r"rozdanie odrzucone: rozdanie 1, licytacja, wpis 1: miejsce (\d) mówi poza "
           r"kolejnością: mówić ma miejsce (\d)"),
    ("en", r"the deal is refused: deal 1, bidding entry 1: seat (\d) speaks out of turn: "
           r"seat (\d) is to speak"),
    ("cs", r"hra odmítnuta: hra 1, hlášení, zápis 1: místo (\d) mluví mimo pořadí: na řadě "
           r"je místo (\d)"),
])
def test_the_deal_page_says_the_engines_refusal_in_its_language(
        referee: TestClient, sqlite_db: Database, lang: str, words: str) -> None:
    """A Mariáš deal refused by the engine (seed §5, MARIAS §4) on the deal entry page:
    the whole line in the page's language, seats as the page numbers them (1–4), the
    rule's words without its citation (issue 25.8)."""
    dealer = first_dealer(sqlite_db)
    form = form_of(_marias_out_of_turn(dealer))
    code, html = post(referee, f"{T1}/deal", lang, **form)
    assert code == 400
    line = error_line(html)
    m = re.fullmatch(words, line)
    assert m, line
    chooser = (dealer + 1) % 4
    assert (int(m.group(1)), int(m.group(2))) == (chooser + 1, (chooser + 1) % 4 + 1)


# ------------------------------------------------------------------ a web table


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_marias_tables_refusal_in_the_sockets_language(tmp_path: Path, lang: str) -> None:
    """A move the Mariáš engine refuses at a web table (MARIAS §4.1, §11) is answered in
    the WebSocket's language (``why_not``)."""
    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    with TestClient(create_app(db, bot_delay=0, client_seeds=True)) as c:
        r = c.post("/play/api/tables", json={"game": "marias", "name": "Ala", "deals": 1,
                                              "seed": 3, "bots": [None, "random", "random",
                                                                  "random"]})
        assert r.status_code == 200, r.text
        with c.websocket_connect(f"/play/ws/{r.json()['id']}?lang={lang}") as ws:
            state = _until(ws, lambda m: m["type"] == "state" and m["deal"]["to_act"] == 0
                           and m["deal"]["phase"] != "play")
            ws.send_json({"type": "move", "move": "banana", "id": 1})
            err = _until(ws, lambda m: m["type"] == "error")
    choice = state["deal"]["phase"] == "choice"
    expected = {("pl", True): "nie można odczytać wyboru 'banana': napisz",
                ("pl", False): "nieznana zapowiedź 'banana': zapowiedzi to",
                ("en", True): "cannot read choice 'banana': write",
                ("en", False): "unknown call 'banana': calls are"}[lang, choice]
    assert err["code"] == "illegal" and err["message"].startswith(expected), err
    assert "§" not in err["message"]  # no citation at a table (issue 25.8)


# ------------------------------------------------------------------ the terminal


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", r"Nie można: miejsce \d: za wcześnie na wyłożenie kart — trzeba by sprawdzić "
           r"ponad [\d,]+ (układów niewidzianych kart|pozycji); grajcie dalej\n"),
    ("en", r"Not allowed: seat \d: too early to lay the cards down — more than [\d,]+ "
           r"(layouts of the unseen cards|positions) would have to be checked; play on\n"),
])
def test_the_marias_terminal_says_a_refused_lay_down_in_its_language(
        tmp_path: Path, lang: str, words: str) -> None:
    """``stolik play --game marias``: a lay-down at the first card is too early to judge
    (MARIAS §4.7) — the engine's refusal in the screen's language, in the rule's words
    without its citation (issue 25.8), and play goes on."""
    text, _ = marias_script(4, 0, 1, ("random",) * 3, pick=3, claim=True)
    code, out, err, _ = marias_play(tmp_path, "--deals", "1", "--seed", "4", "--seat", "1",
                                    "--opponents", "random", "--lang", lang, "--ascii",
                                    input=text)
    assert code == 0, err
    assert re.search(words, out), out[-3000:]


@pytest.mark.parametrize(("lang", "heads", "other"), [
    ("en", ("dealer", "contract", "declarer", "tricks", "total"), ("rozdaje", "razem")),
    ("pl", ("rozdaje", "kontrakt", "gra", "bitki", "razem"), ("dealer", "total")),
])
def test_the_betel_sheet_in_the_terminals_language(tmp_path: Path, lang: str,
                                                   heads: tuple[str, ...],
                                                   other: tuple[str, ...]) -> None:
    """``stolik play --game betel --lang en`` printed the score sheet's headings and
    words in Polish (BETEL §5's sheet)."""
    result = CliRunner().invoke(cli_app, ["play", "--game", "betel", "--seed", "2", "--deals",
                                          "1", "--opponents", "random", "--lang", lang,
                                          "--ascii", "--out", str(tmp_path / "b.toml")],
                                input="1\n5\n" * 200)  # a look, pas (issue 25.6)
    assert result.exit_code == 0
    sheet = result.stdout.split("gps-2022]")[-1]
    for w in heads:
        assert re.search(rf"\b{w}\b", sheet), (w, sheet)
    for w in other:
        assert not re.search(rf"\b{w}\b", sheet), (w, sheet)
