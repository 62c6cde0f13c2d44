"""Engine errors carry a code and parameters (issue 9.9), translated where a person reads
them: the WebSocket's error events (``?lang=``), the terminal's refusals; ``str(error)``
stays the English text the logs, the CLI and older tests know."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stolik.db import open_database
from stolik.errors import IllegalMove
from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.state import Deal
from stolik.games.baska.terminal import Lang, Problem, read_action
from stolik.i18n import Msg, translate
from stolik.web.app import create_app

RS = load_ruleset("pucka-2019")


def test_an_illegal_card_carries_its_code_and_parameters() -> None:
    """RULES §3: a card that does not follow (or beat) is refused; the error keeps the
    English line and says it in Polish by its code."""
    d = Deal.from_text(RS, 3, ["AC AS JD QC", "TC QS QH AH", "JC JS JH TS", "TH AD TD QD"])
    for _ in range(4):
        d.call("pass")
    d.play("AC")  # seat 0 leads ♣ fele
    seat = d.to_act
    assert seat is not None
    illegal = [c for c in d.view(seat).hand if d.why_not_card(c)]
    assert illegal, "this layout must leave seat 1 a card it may not play"
    with pytest.raises(IllegalMove) as e:
        d.play(illegal[0])
    err = e.value
    assert err.code in ("err-must-follow", "err-must-beat", "err-must-beat-no-group",
                        "err-must-trump")
    assert err.params["seat"] == seat and "allowed" in err.params
    assert str(err) == err.message and not str(err).startswith("err-")
    pl = translate(err, "pl")
    assert pl.startswith(f"miejsce {seat} musi") and "zagraj" in pl and "RULES §3" in pl
    assert translate(err, "en") == str(err)


@pytest.mark.parametrize(("call", "code"), [("AH", "err-auction-open"),
                                            ("banana", "err-unknown-call")])
def test_refusals_of_the_auction_in_both_languages(call: str, code: str) -> None:
    """The same refusal in Polish and English, by one code."""
    d = Deal.from_text(RS, 3, ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    with pytest.raises(IllegalMove) as e:
        if call == "AH":
            d.play(call)
        else:
            d.call(call)
    assert e.value.code == code
    pl, en = translate(e.value, "pl"), translate(e.value, "en")
    assert pl != en and "RULES §" in pl and "RULES §" in en


def test_contract_names_in_translated_errors_are_the_glossarys() -> None:
    """A refused call names Zoło as the buttons do; the English ``str`` keeps the id."""
    d = Deal.from_text(RS, 3, ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    d.call("gran")
    why = d.why_not_call(d.parse_call("wesele"))
    assert isinstance(why, Msg) and "wesele" in why
    assert "Wesele" in translate(why, "pl") and "Gran" in translate(why, "pl")


def test_the_polish_terminal_says_engine_refusals_in_polish() -> None:
    """``stolik play`` (Polish by default) printed the engine's English reason."""
    d = Deal.from_text(RS, 3, ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    v = d.view(0)

    def said(text: str, lang: Lang) -> str:
        action = read_action(text, v, RS, lang, why=lambda m: d.why_not_call(m)
                             if isinstance(m, Call) else d.why_not_card(m))
        assert isinstance(action, Problem)
        return action.message

    pl, en = said("wesele", "pl"), said("wesele", "en")
    assert re.match(r"Nie można: miejsce \d nie może zgłosić gry Wesele — potrzebuje na "
                    r"ręce QC QS \(RULES §4\)", pl), pl
    assert re.match(r"Not allowed: seat \d may not call Wesele — it needs QC QS in hand "
                    r"\(RULES §4\)", en), en
    bad = said("banana", "pl")
    assert "nieznana zapowiedź" in bad and "unknown call" not in bad


# ------------------------------------------------------------------ the WebSocket


def _until(ws: Any, pred: Any) -> dict[str, Any]:
    for _ in range(500):
        m: dict[str, Any] = ws.receive_json()
        if pred(m):
            return m
    raise AssertionError("no such message")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_websocket_errors_in_the_pages_language(tmp_path: Path, lang: str) -> None:
    """Under ``?lang=pl`` an illegal move's error event was English; now each client
    reads it in its own language (the code stays the protocol's)."""
    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    app = create_app(db, bot_delay=0, client_seeds=True)
    with TestClient(app) as c:
        r = c.post("/play/api/tables", json={"name": "Ala", "deals": 1, "seed": 7})
        assert r.status_code == 200, r.text
        tid = r.json()["id"]
        with c.websocket_connect(f"/play/ws/{tid}?lang={lang}") as ws:
            _until(ws, lambda m: m["type"] == "state" and m["deal"]["phase"] == "auction"
                   and m["deal"]["to_act"] == 0)
            ws.send_json({"type": "move", "move": "AH", "id": 1})
            err = _until(ws, lambda m: m["type"] == "error")
            ws.send_json({"type": "move", "move": "banana", "id": 2})
            unknown = _until(ws, lambda m: m["type"] == "error")
            ws.send_json({"type": "fly"})
            protocol = _until(ws, lambda m: m["type"] == "error")
    assert err["code"] == "illegal" and unknown["code"] == "illegal"
    if lang == "pl":
        # the rule's words, no citation (issue 25.8): RULES §3 stays the referee's
        assert err["message"] == "przed końcem licytacji nie gra się kart"
        assert unknown["message"].startswith("nieznana zapowiedź 'banana'")
        assert protocol["message"] == "nieznany typ wiadomości"
    else:
        assert err["message"] == "no card may be played before the auction closes"
        assert unknown["message"].startswith("unknown call 'banana'")
        assert protocol["message"].startswith("unknown message type 'fly'")


def test_the_terminal_refuses_a_bad_card_in_polish() -> None:
    """A mistyped card (RULES §1's way of writing cards) in the Polish terminal."""
    d = Deal.from_text(RS, 3, ["AC AS JD QC", "TC QS QH AH", "JC JS JH TS", "TH AD TD QD"])
    for _ in range(4):
        d.call("pass")
    v = d.view(0)
    pl = read_action("ZZ", v, RS, "pl")
    en = read_action("ZZ", v, RS, "en")
    assert isinstance(pl, Problem) and isinstance(en, Problem)
    assert pl.message == ("Nie można: 'ZZ' to nie karta Baśki: napisz A, T/10, Q/D albo J/W, "
                          "potem C, S, H albo D (np. AH, TD)")
    assert en.message.startswith("Not allowed: 'ZZ' is not a Baśka card")


def test_a_record_error_names_the_place_and_the_rule_in_either_language() -> None:
    """A deal record's illegal call (RULES §4, §11): the one English line of old for the
    CLI, the same error in Polish for a page, the file's name kept in front."""
    from stolik.errors import RecordError
    from stolik.games.baska.record import parse_record, replay

    doc = {"ruleset": "pucka-2019", "deal": [{
        "dealer": 3, "hands": ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"],
        "auction": ["1 pass", "1 pass"], "play": []}]}
    with pytest.raises(RecordError) as e:
        replay(parse_record(doc))
    err = e.value.with_source("gra.toml")
    assert re.match(r"gra\.toml: deal 1, auction entry 2: seat 1 may not call now — it is "
                    r"seat \d's turn \(RULES §4\)$", str(err)), str(err)
    assert err.code == "err-record-at"
    assert re.match(r"gra\.toml: rozdanie 1, zapowiedź 2: miejsce 1 nie może teraz "
                    r"licytować — ruch ma miejsce \d \(RULES §4\)$", translate(err, "pl"))
    assert translate(err, "en") == str(err)


def test_every_refusal_at_the_table_is_a_translated_message() -> None:
    """Over many random positions, every reason the engine gives for an illegal call,
    card or revoke (RULES §3, §4, §7, §8) carries a code both catalogs translate, and the
    Polish text differs from the English one."""
    import random as rnd

    from stolik.games.baska.calls import Call as C
    from stolik.i18n import has

    rng = rnd.Random(9)
    codes: set[str] = set()
    for name in ("pucka-2019", "mester-sport", "linia"):
        rs = load_ruleset(name)
        for _ in range(40):
            d = Deal.random(rs, rng.randrange(4), rng)
            while not d.is_over:
                seat = d.to_act
                assert seat is not None
                if d.phase == "auction":
                    cands = [C("pass"), *(C("contract", c.id) for c in rs.ladder),
                             *(C("double", level=k) for k in range(1, len(rs.doublings) + 1))]
                    whys = [d.why_not_call(c, s) for c in cands for s in range(4)]
                    legal = d.legal_calls()
                    d.call(rng.choice(legal))
                else:
                    whys = [d.why_not_card(c, s) for c in range(16) for s in range(4)]
                    whys += [d.why_not_revoke(s) for s in range(4)]
                    d.play(rng.choice(d.legal_cards()))
                for why in whys:
                    if why is None:
                        continue
                    assert isinstance(why, Msg), why
                    codes.add(why.code)
                    assert has("pl", why.code) and has("en", why.code)
                    assert translate(why, "pl") != str(why), why
    assert len(codes) >= 12, codes


def _limited_app(tmp_path: Path, **limits: Any) -> Any:
    import dataclasses

    from stolik.web.play.ratelimit import PlayLimits

    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    return create_app(db, bot_delay=5.0,
                      play_limits=dataclasses.replace(PlayLimits.unlimited(), **limits))


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", "za dużo stolików w grze z twojego adresu (1): najpierw skończ albo opuść"),
    ("en", "too many tables in play from your address (1): finish or leave one first")])
def test_the_lobbys_limit_refusal_in_the_pages_language(tmp_path: Path, lang: str,
                                                        words: str) -> None:
    """The 429 line of a lobby form over the play limits (issue 14.4) was English on a
    Polish page."""
    with TestClient(_limited_app(tmp_path, tables_per_client=1)) as c:
        form = {"name": "Ala", "seat0": "me", "deals": "2"}
        assert c.post(f"/play/tables?lang={lang}", data=form,
                      follow_redirects=False).status_code == 303
        refused = c.post(f"/play/tables?lang={lang}", data=form, follow_redirects=False)
        assert refused.status_code == 429
        assert words in refused.text, refused.text


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", "za dużo połączeń z twojego adresu (1)"),
    ("en", "too many connections from your address (1)")])
def test_the_connection_limit_in_the_sockets_language(tmp_path: Path, lang: str,
                                                      words: str) -> None:
    """A WebSocket over the limit is told why in its own language (not a generic line)."""
    with TestClient(_limited_app(tmp_path, connections_per_client=1)) as c:
        tid = c.post("/play/api/tables", json={"name": "Ala", "deals": 2, "bots": [
            None, "heuristic", "heuristic", "heuristic"]}).json()["id"]
        with c.websocket_connect(f"/play/ws/{tid}?lang={lang}") as ws:
            assert ws.receive_json()["type"] == "hello"
            with c.websocket_connect(f"/play/ws/{tid}?lang={lang}") as extra:
                msg = extra.receive_json()
                assert msg["code"] == "too-many" and msg["message"] == words, msg


@pytest.mark.parametrize(("lang", "form", "words"), [
    ("pl", {"deals": "0"}, "seria ma od 1 do 64 rozdań, nie 0"),
    ("en", {"deals": "0"}, "a series has 1 to 64 deals, not 0"),
    ("pl", {"ruleset": "nope"}, "nieznany regulamin &#39;nope&#39;: regulaminy to"),
    ("en", {"ruleset": "nope"}, "unknown ruleset &#39;nope&#39;: rulesets are"),
    ("pl", {"game": "szachy"}, "nieznana gra &#39;szachy&#39;: gry to"),
    ("en", {"game": "szachy"}, "unknown game &#39;szachy&#39;: games are")])
def test_a_refused_table_is_explained_in_the_pages_language(
        tmp_path: Path, lang: str, form: dict[str, str], words: str) -> None:
    """The create-table refusal's detail (a series' length, RULES §9; an unknown
    ruleset or game) was English under the page's translated heading."""
    with TestClient(_limited_app(tmp_path)) as c:
        page = c.post(f"/play/tables?lang={lang}", data={"name": "Ala", "seat0": "me",
                                                         **form})
        assert page.status_code == 400
        assert words in page.text, page.text


@pytest.mark.parametrize(("query", "body", "words"), [
    ("", {"deals": 0}, "deals: a series has 1 to 64 deals"),
    ("?lang=en", {"deals": 0}, "deals: a series has 1 to 64 deals"),
    ("?lang=pl", {"deals": 0}, "deals: seria ma od 1 do 64 rozdań"),
    ("?lang=pl", {"bots": ["heuristic"] * 4, "seat": 7},
     "seat: miejsce 7 nie jest miejscem człowieka (miejsca to 0–3)"),
    ("?lang=pl", [1], "wyślij obiekt JSON"),
    ("?lang=pl", {"ruleset": "nope"}, "nieznany regulamin 'nope': regulaminy to"),
    ("?lang=pl", {"seed": 5}, "seed: stolik z miejscem człowieka jest rozdawany z tajnego")])
def test_the_json_apis_errors_in_the_language_asked(tmp_path: Path, query: str, body: Any,
                                                    words: str) -> None:
    """``POST /play/api/tables`` answers its 400 ``{"error": ...}`` in ``?lang=``'s
    language, English by default (issue 13: a bad field is named; RULES §9 lengths,
    RULES §3 seeds)."""
    with TestClient(_limited_app(tmp_path)) as c:
        r = c.post(f"/play/api/tables{query}", json=body)
        assert r.status_code == 400
        assert r.json()["error"].startswith(words), r.json()


@pytest.mark.parametrize(("lang", "words"), [
    ("", "nope: no such tournament"), ("pl", "nope: nie ma takiego turnieju")])
def test_the_live_jsons_error_in_the_language_asked(tmp_path: Path, lang: str,
                                                    words: str) -> None:
    """The league's live.json names a missing tournament in ``?lang=``'s language."""
    with TestClient(_limited_app(tmp_path)) as c:
        r = c.get(f"/t/nope/live.json?lang={lang}")
        assert r.status_code == 404 and r.json()["error"].startswith(words), r.json()
