"""A Mariáš money tournament's table entered deal by deal on its page (issue 10 §3): the
form below the table sheet is the deal record's own fields (MARIAS §11) — the four hands,
the laid and the called card (or a forgotten choice), the bidding, the play, a renonc or
a claim — with the dealer and the chooser filled in by the page (MARIAS §4.1, §9); the
engine settles each deal; a refused deal is one line in the page's language naming the
rule, and nothing is written; each entry is audited; the table's running money is shown
after each deal, its sum zero (MARIAS §6, §7)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.games.marias.record import record_document, series_record
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.simulate import simulate
from stolik.tournament import store
from stolik.web.app import create_app
from stolik.web.league import auth
from stolik.web.league.money import money_writer
from test_web_league_money import PASSWORD, error_line, post, referee

__all__ = ["referee"]  # the logged-in browser, a fixture shared with the money pages' tests

SLUG = "brno-2"
T1 = f"/t/{SLUG}/admin/round/1/table/1"
LANGS = ("pl", "en")
RS = load_ruleset("ctyrka")


@pytest.fixture
def app(sqlite_db: Database) -> FastAPI:
    auth.add_referee(sqlite_db, "ala", PASSWORD)
    store.create_tournament(sqlite_db, SLUG, name="Mariáš Brno", ruleset="ctyrka",
                            who="ala", seed=3)
    for i in range(1, 5):
        store.add_player(sqlite_db, SLUG, f"p{i}", f"Hráč {i}", who="ala")
    store.seat_round(sqlite_db, SLUG, who="ala")
    return create_app(sqlite_db)


def first_dealer(db: Database) -> int:
    return store.tournament_of(db, SLUG, complete=True).rounds[0].tables[0].first_dealer


def deals(n: int, dealer: int, seed: int = 8) -> list[dict[str, Any]]:
    """``n`` deal records played by the engine's bots, the first dealt by ``dealer``."""
    sim = simulate(RS, n, seed=seed, first_dealer=dealer)
    docs: list[dict[str, Any]] = record_document(series_record(RS, sim.records))["deal"]
    return docs


def form_of(doc: dict[str, Any]) -> dict[str, str]:
    """What a referee types for a deal record: seats 1–4 as the page numbers them, a trick
    a line (MARIAS §11)."""
    def person(entries: list[str], per_line: int) -> str:
        words = [f"{int(e.split(' ', 1)[0]) + 1} {e.split(' ', 1)[1]}" for e in entries]
        return "\n".join(", ".join(words[i:i + per_line])
                         for i in range(0, len(words), per_line))

    form = {f"hand{s}": h for s, h in enumerate(doc["hands"])}
    choice = doc["choice"].split()
    if choice[1] == "forgot":
        form["forgot"] = "on"
    else:
        form.update(trump=choice[1].split("=")[1], call=choice[2].split("=")[1])
    form["bidding"] = person(doc.get("bidding", []), 4)
    form["play"] = person(doc.get("play", []), 4)
    if "renonc" in doc:
        form.update(renonc_seat=str(doc["renonc"]["seat"] + 1),
                    renonc_kind=doc["renonc"]["kind"])
    if "claim" in doc:
        form["claim"] = str(doc["claim"] + 1)
    return form


def running_row(html: str) -> list[str]:
    foot = html.split('id="deal-money"')[1].split("<tfoot>")[1].split("</tfoot>")[0]
    return [x.strip() for x in re.findall(r'class="kc running-total">([^<]*)<', foot)]


@pytest.mark.parametrize("lang", LANGS)
def test_deals_entered_one_by_one_settle_as_the_engine_and_show_the_running_money(
        referee: TestClient, sqlite_db: Database, lang: str) -> None:
    """MARIAS §11: three deals copied into the form are stored as the records the engine
    played, each audited; MARIAS §6, §9: after each deal the page shows the table's
    running money, which is the engine's sum of the deals so far and sums to zero; the
    dealer moves clockwise and the chooser is left of him."""
    dealer = first_dealer(sqlite_db)
    docs = deals(3, dealer)
    kc = money_writer("marias")
    page = referee.get(f"{T1}?lang={lang}").text
    names = re.findall(r'<option class="seat" value="\d">(\d: [^<]*)</option>', page)
    assert 'id="deal-form"' in page
    assert f"{(dealer + 1) % 4 + 1}: Hráč" in page.split('id="entry"')[1].split("</h3>")[0]
    for n, doc in enumerate(docs, 1):
        code, html = post(referee, f"{T1}/deal", lang, **form_of(doc))
        assert code == 303, error_line(html)
        stored = store.deals_of(sqlite_db, SLUG, 1, 1)
        assert [dict(d.data) for d in stored] == docs[:n]
        sim = simulate(RS, n, seed=8, first_dealer=dealer)
        html = referee.get(f"{T1}?lang={lang}").text
        assert running_row(html) == [kc(x) for x in sim.totals]
        assert sum(sim.totals) == 0
        assert f'id="mdeal-{n}"' in html
        head = html.split('id="entry"')[1].split("</h3>")[0]
        assert f"{n + 1}" in head and f"{(dealer + n + 1) % 4 + 1}: " in head
    audit = store.audit_log(sqlite_db, SLUG)
    assert [a.action for a in audit][-3:] == ["enter"] * 3
    assert audit[-1].after == docs[2] and audit[-1].who == "ala"
    assert len(names) == 8  # the seats are offered by name for a renonc or a claim


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("change", "pl", "en"), [
    # MARIAS §2: eight cards a hand
    ({"hand1": "AH TH 9H"}, "karty gracza 2: kart ma być 8, nie 3",
     "hand of player 2: 8 cards, not 3"),
    # MARIAS §1: the cards' names
    ({"trump": "QX"}, "karta atutowa: 'QX' to nie karta mariasza", "trump card: 'QX' is not a "
     "Mariáš card"),
    # MARIAS §11: each entry names its seat 1–4
    ({"bidding": "5 dobry"}, "licytacja, wpis 1: miejsce 1–4", "bidding, entry 1: a seat 1–4"),
    # seed §5, MARIAS §4: the approval goes round from the chooser's left
    ({"bidding": "@wrong-first"}, "poza kolejnością", "speaks out of turn"),
    # MARIAS §4.7, §8: one way to end a deal early
    ({"renonc_seat": "2", "claim": "3"}, "nie oba naraz", "not both"),
])
def test_a_refused_deal_is_one_translated_line_in_the_rules_words_and_writes_nothing(
        referee: TestClient, sqlite_db: Database, lang: str, change: dict[str, str],
        pl: str, en: str) -> None:
    """A deal the form or the engine refuses (MARIAS §1, §2, §4, §8, §11) is one line in
    the page's language in the rule's words, without its citation (issue 25.8); nothing is
    stored or audited; the form keeps what was typed; the engine's seats are said as the
    page numbers them."""
    doc = deals(1, first_dealer(sqlite_db))[0]
    form = form_of(doc)
    engine = change.get("bidding") == "@wrong-first"
    if engine:  # the chooser speaks first: out of turn
        chooser = int(doc["choice"].split()[0])
        rest = form["bidding"].split(", ", 1)[1]
        change = {"bidding": f"{chooser + 1} dobry, {rest}"}
    before = len(store.audit_log(sqlite_db, SLUG))
    code, html = post(referee, f"{T1}/deal", lang, **{**form, **change})
    assert code == 400
    line = error_line(html)
    assert "\n" not in line.strip()
    assert (pl if lang == "pl" else en) in line.replace("&#39;", "'")
    assert "§" not in line
    if lang == "pl" and engine:
        # the engine's own line (MARIAS §11 records) in Polish too: the place and the words
        assert re.match(r"rozdanie odrzucone: rozdanie 1, licytacja, wpis 1: miejsce \d mówi "
                        r"poza kolejnością: mówić ma miejsce \d$",
                        line), line
    elif lang == "pl":
        assert "refused" not in line and "entry" not in line
    assert store.deals_of(sqlite_db, SLUG, 1, 1) == []
    assert len(store.audit_log(sqlite_db, SLUG)) == before
    assert form["hand0"] in html  # the form is kept


def test_the_engines_refusal_names_seats_as_the_page_does(referee: TestClient,
                                                          sqlite_db: Database) -> None:
    """MARIAS §4 (seed §5): a call out of turn is named with the seats 1–4 the referee
    typed, not the record's 0–3."""
    doc = deals(1, first_dealer(sqlite_db))[0]
    form = form_of(doc)
    chooser = int(doc["choice"].split()[0])
    rest = form["bidding"].split(", ", 1)[1]
    code, html = post(referee, f"{T1}/deal", **{**form,
                                                "bidding": f"{chooser + 1} dobry, {rest}"})
    assert code == 400
    assert (f"seat {chooser + 1} speaks out of turn: seat {(chooser + 1) % 4 + 1} is to "
            "speak") in error_line(html)


@pytest.mark.parametrize("lang", LANGS)
def test_no_deal_besides_final_money_or_after_the_hand_in(referee: TestClient,
                                                          sqlite_db: Database,
                                                          lang: str) -> None:
    """MARIAS §7: a table whose money is entered as final amounts takes no deals (the form
    is not offered, a post is refused in one line); seed 002 §10: nor one handed in."""
    doc = deals(1, first_dealer(sqlite_db))[0]
    code, _ = post(referee, f"{T1}/money/final", lang, final0="50", final1="50",
                   final2="50", final3="50")
    assert code == 303
    html = referee.get(f"{T1}?lang={lang}").text
    assert 'id="deal-form"' not in html and 'id="deal-closed"' in html
    code, html = post(referee, f"{T1}/deal", lang, **form_of(doc))
    assert code == 400
    assert ("kwoty końcowe" if lang == "pl" else "final amounts") in error_line(html)
    code, _ = post(referee, f"{T1}/money/hand-in", lang)
    assert code == 303
    code, html = post(referee, f"{T1}/deal", lang, **form_of(doc))
    line = error_line(html)  # seed 002 §10, in its words (issue 25.8)
    assert code == 400 and ("oddany" if lang == "pl" else "handed in") in line
    assert "§" not in line
    assert store.deals_of(sqlite_db, SLUG, 1, 1) == []


def test_the_page_fits_a_phone_and_baskas_page_keeps_its_own_form(
        referee: TestClient, sqlite_db: Database) -> None:
    """The deal form's wide fields span the form's grid (the page is read at 390 px: the
    money grid's cells are at least 12rem, league.css); a Baśka table keeps its own deal
    form (RULES §10)."""
    html = referee.get(T1).text
    form = html.split('id="deal-form"')[1].split("</form>")[0]
    assert form.count('class="wide"') == 6  # four hands, the bidding, the play
    assert '<meta name="viewport"' in html
    store.create_tournament(sqlite_db, "puck", name="Puck", ruleset="pucka-2019", who="ala")
    for i in range(1, 5):
        store.add_player(sqlite_db, "puck", f"b{i}", f"Gracz {i}", who="ala")
    store.seat_round(sqlite_db, "puck", who="ala")
    baska = referee.get("/t/puck/admin/round/1/table/1").text
    assert 'name="contract"' in baska and 'name="hand0"' not in baska


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_deal_is_deleted_and_the_running_money_follows(
        referee: TestClient, sqlite_db: Database, lang: str) -> None:
    """A deal copied wrongly is deleted from the page (only the last one is offered: the
    dealers must still go clockwise, MARIAS §9); the running money is then the engine's
    sum of the deals left (MARIAS §6), the deletion is audited, and the form asks for that
    deal again with its dealer. After the hand-in nothing is deleted (seed 002 §10)."""
    dealer = first_dealer(sqlite_db)
    docs = deals(2, dealer, seed=21)
    for doc in docs:
        assert post(referee, f"{T1}/deal", lang, **form_of(doc))[0] == 303
    html = referee.get(f"{T1}?lang={lang}").text
    assert f'action="{T1}/deal/2/delete"' in html and f'{T1}/deal/1/delete' not in html
    assert post(referee, f"{T1}/deal/2/delete", lang)[0] == 303
    assert [dict(d.data) for d in store.deals_of(sqlite_db, SLUG, 1, 1)] == docs[:1]
    assert store.audit_log(sqlite_db, SLUG)[-1].action == "delete"
    html = referee.get(f"{T1}?lang={lang}").text
    kc = money_writer("marias")
    assert running_row(html) == [kc(x) for x in simulate(RS, 1, seed=21,
                                                         first_dealer=dealer).totals]
    assert f"{(dealer + 1) % 4 + 1}: " in html.split('id="entry"')[1].split("</h3>")[0]
    assert post(referee, f"{T1}/money/hand-in", lang)[0] == 303
    html = referee.get(f"{T1}?lang={lang}").text
    assert 'id="delete-last"' not in html and 'id="deal-form"' not in html
    code, html = post(referee, f"{T1}/deal/1/delete", lang)
    line = error_line(html)  # seed 002 §10, in its words (issue 25.8)
    assert code == 400 and ("oddany" if lang == "pl" else "handed in") in line
    assert "§" not in line
    assert len(store.deals_of(sqlite_db, SLUG, 1, 1)) == 1
