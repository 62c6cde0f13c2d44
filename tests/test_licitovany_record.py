"""Licitovaný deal records (LICITOVANY §10): every worked example of §6 as a record in
``tests/data/licitovany`` replaying to the money §6 states (the switches' variants by a
club's ruleset), every broken record of §10's list refused in one line naming the deal,
the entry and the rule, in each language, and the round trip of random deals (TOML and
JSON) to the same money.

The example records' plays were found by a random search over legal plays for the
figures each example gives (card points, hlášky, the seven's trick); the money below is
§6's, in haléřů, not the code's."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from stolik.cli import app
from stolik.deck32 import parse_card
from stolik.errors import RecordError
from stolik.games.licitovany.record import (
    dumps_record,
    load_record,
    loads_document,
    parse_record,
    record_of,
    replay,
    series_record,
)
from stolik.games.licitovany.ruleset import Ruleset, load_ruleset, parse_ruleset, rs_text
from stolik.games.licitovany.state import Deal
from stolik.i18n import translate

DATA = Path(__file__).parent / "data" / "licitovany"


def variant(**switches: object) -> Ruleset:
    """The shipped ruleset with some switches changed (LICITOVANY, head)."""
    text = rs_text()
    for key, value in switches.items():
        old = next(line for line in text.splitlines() if line.startswith(f"{key} ="))
        text = text.replace(old, f"{key} = {json.dumps(value)}")
    return parse_ruleset(text, source="variant.toml")


def money(name: str, rs: Ruleset | None = None) -> tuple[int, ...]:
    """The money per seat (haléřů) the example record ``name`` replays to."""
    path = DATA / f"{name}.toml"
    record = load_record(path) if rs is None else parse_record(
        loads_document(path.read_text("utf-8"), "toml"), ruleset=rs, source=str(path))
    result = replay(record)
    assert result.totals == result.results[-1].running
    return result.totals


@pytest.mark.parametrize(("name", "switches", "want"), [
    # §6 ex. 1: sto 4 × 5 + sedma 2 = 22 units a pair; "first" (the 20 before the 40)
    # makes it too; sto_s_hrou adds a hra.
    ("ex1-sto-a-sedma", {}, (880, -440, -440)),
    ("ex1-sto-a-sedma", {"sto_hlaska": "first"}, (880, -440, -440)),
    ("ex1-sto-a-sedma", {"sto_s_hrou": True}, (920, -460, -460)),
    # §6 ex. 2: pair 1 hra +2, sedma −8; pair 2 +1 − 2; under "side" (its own record,
    # "0 re sedma", a club file beside it) both pairs at the defence's levels.
    ("ex2-lost-sedma", {}, (-140, 120, 20)),
    ("ex2-lost-sedma-side", None, (-240, 120, 120)),
    # §6 ex. 3: durch made, pair 2 flekked, not doubled for the red bidding.
    ("ex3-durch", {}, (1800, -600, -1200)),
    # §6 ex. 4: 1280 units capped at the raised limit 750 (both defenders raised) + 320.
    ("ex4-dve-sedmy-limit", {}, (-21400, 15000, 6400)),
    # §6 ex. 5: pády 2 + 2: sto −16, tichá sedma +1; sto_s_hrou: hra 80 > 30 + 20, +1.
    ("ex5-ticha-sedma", {}, (-600, 300, 300)),
    ("ex5-ticha-sedma", {"sto_s_hrou": True}, (-560, 280, 280)),
    # §6 ex. 6: at four, the pauzírák settles unflekked; "none": he settles nothing;
    # vyrovnana_sedma still plays it (seat 2's hra is at level 0).
    ("ex6-pauzirak", {}, (400, -160, -120, -120)),
    ("ex6-pauzirak", {"pauzirak": "none"}, (280, -160, -120, 0)),
    ("ex6-pauzirak", {"vyrovnana_sedma": True}, (400, -160, -120, -120)),
    # §6 ex. 7: tiché sto, n = 3: hra 2 + 2 × 2 = 6 units, sedma 2; seat 1's flek hra:
    # 4 + 4 (sazba) or 1 × 2 × 2 × 3 = 12 (tiche_sto_desitky = "hra").
    ("ex7-tiche-sto", {}, (320, -160, -160)),
    ("ex7-tiche-sto-flek", {}, (360, -200, -160)),
    ("ex7-tiche-sto-flek", {"tiche_sto_desitky": "hra"}, (440, -280, -160)),
    # §6 ex. 8: omyl, 6 units to each, the pauzírák too (pauzirak = "base").
    ("ex8-omyl-3", {}, (-240, 120, 120)),
    ("ex8-omyl-4", {}, (-360, 120, 120, 120)),
    # §6 ex. 9: "highest" X = 100, n = 3; "first" X = 80, pády 2.
    ("ex9-which-hlaska", {}, (480, -240, -240)),
    ("ex9-which-hlaska", {"sto_hlaska": "first"}, (-320, 160, 160)),
    # §6 ex. 10 (§7 kind hra): seat 2 alone pays what both defenders would have paid.
    ("ex10-renonc", {}, (140, 0, -140)),
])
def test_each_worked_example_replays_to_its_money(name: str, switches: dict[str, object] | None,
                                                  want: tuple[int, ...]) -> None:
    """LICITOVANY §6 examples 1–10 (and §7's kind hra renonc) as records."""
    assert money(name, None if switches is None else variant(**switches)) == want


def test_the_example_records_hold_what_the_examples_say() -> None:
    """The records' plays are the examples' (LICITOVANY §6): ex. 9's 20 in zelené announced
    in trick 2 and the 40 in kule in trick 5, his 7B fallen in trick 3; ex. 1's 20 before
    the 40; ex. 10 stops with seat 2 to play in trick 4, holding the suit led."""
    def plays(name: str) -> list[str]:
        doc = loads_document((DATA / f"{name}.toml").read_text("utf-8"), "toml")
        return list(doc["deal"][0]["play"])
    nine = plays("ex9-which-hlaska")
    assert [i // 3 + 1 for i, p in enumerate(nine) if p.endswith("hlaska")] == [2, 5]
    said = [p.split()[:2] for p in nine if p.endswith("hlaska")]
    assert said[0] in (["0", "KL"], ["0", "OL"]) and said[1] in (["0", "KB"], ["0", "OB"])
    assert "0 7B" in nine[6:9]
    one = [p.split()[1] for p in plays("ex1-sto-a-sedma") if p.endswith("hlaska")]
    assert one[0][1] == "B" and one[1][1] == "L"
    doc = loads_document((DATA / "ex10-renonc.toml").read_text("utf-8"), "toml")
    ten = doc["deal"][0]
    assert len(ten["play"]) == 11 and ten["renonc"]["seat"] == 2
    led = parse_card(ten["play"][9].split()[1])
    assert any(parse_card(c) // 8 == led // 8 for c in ten["hands"][2].split()
               if c not in " ".join(ten["play"]))


def test_vyrovnana_sedma_leaves_the_deal_unplayed() -> None:
    """LICITOVANY §4.5, §6 ex. 6: had both defenders said `flek hra` and the aktér
    `dobra`, the deal ends unplayed, all 0 (with the switch), and is played without it."""
    doc = loads_document((DATA / "ex6-pauzirak.toml").read_text("utf-8"), "toml")
    deal = doc["deal"][0]
    deal["bidding"] = [*deal["bidding"][:4], "1 flek hra", "2 flek hra", "0 dobra"]
    deal["play"] = []
    result = replay(parse_record(doc, ruleset=variant(vyrovnana_sedma=True)))
    assert result.totals == (0, 0, 0, 0) and result.results[0].ending == "vyrovnana"
    with pytest.raises(RecordError,
                       match=r"deal 1: the deal stops in the play .*\(LICITOVANY §10\)$"):
        replay(parse_record(doc))


# ---------------------------------------------------------------- broken records


def base() -> dict[str, Any]:
    """Example 2's record (pair scope, played to the end): a deal to break."""
    doc = loads_document((DATA / "ex2-lost-sedma.toml").read_text("utf-8"), "toml")
    return dict(doc)


def edited(change: Any) -> dict[str, Any]:
    doc = copy.deepcopy(base())
    change(doc["deal"][0])
    return doc


def at(key: str, i: int, text: str) -> Any:
    def change(d: dict[str, Any]) -> None:
        d[key] = [*d[key][:i], text, *d[key][i + 1:]]
    return change


def cut(key: str, n: int) -> Any:
    def change(d: dict[str, Any]) -> None:
        d[key] = d[key][:n]
    return change


def put(**values: Any) -> Any:
    def change(d: dict[str, Any]) -> None:
        d.update(values)
    return change


HANDS = ["AH TH AL TL 9L 8L AB TB KB 7B", "KH OH UH 9H KL OL UL 7L OB UB",
         "8H 7H 9B 8B AA TA KA OA UA 7A"]
"""Example 2's hands (``base``)."""

BROKEN = [
    ("a card dealt twice", put(hands=[HANDS[0], HANDS[1], HANDS[2].replace("7A", "7B")]),
     'deal 1: §2 7B is dealt twice'),
    ("a hand of nine", put(hands=[HANDS[0], HANDS[1], HANDS[2][:-3]]),
     "deal 1: §2 seat 2 holds 9 cards, not 10"),
    ("a talon of three", put(talon="9A 8A 7A"), "deal 1: §2 the talon holds 3 cards, not 2"),
    ("a card nobody can read", put(talon="9A 8X"), "deal 1, talon: §1 cannot read card '8X'"),
    ("a call out of turn", at("bidding", 0, "1 dobra"),
     'deal 1, bidding[0] "1 dobra": §4 seat 1 speaks out of turn: seat 2 is to speak'),
    ("a bid too low", put(bidding=["2 sto", "0 mam", "2 sedma"]),
     'deal 1, bidding[2] "2 sedma": §4.2 a bid must be above the standing rung sto'),
    ("mam by the later seat", put(bidding=["2 mam"]),
     'deal 1, bidding[0] "2 mam": §4.2 mam is said only by the earlier seat'),
    ("a bid by the earlier seat", put(bidding=["2 sto", "0 sto-a-sedma"]),
     'bidding[1] "0 sto-a-sedma": §4.2 seat 0 is the earlier seat of the two'),
    ("a discard not held", at("bidding", 2, "0 discard 9A 7H"),
     'deal 1, bidding[2] "0 discard 9A 7H": §4.3 seat 0 holds no 7H'),
    ("a contract below the won rung",
     put(bidding=["2 sto", "0 mam", "2 dobra", "1 dobra", "0 discard 9A 8A",
                  "0 contract sedma B"]),
     'deal 1, bidding[5] "0 contract sedma B": §4.4 the contract may not be below the '
     'won rung sto'),
    ("hearts on a non-red rung", at("bidding", 3, "0 contract sedma H"),
     '§4.4 a non-red rung may not name hearts trumps'),
    ("sedma without the seven", at("bidding", 3, "0 contract sedma L"),
     'deal 1, bidding[3] "0 contract sedma L": §4.4 sedma needs the seven (seat 0 holds '
     'no 7L)'),
    ("a forbidden talon", put(bidding=["2 dobra", "1 dobra", "0 discard AH 9A",
                                       "0 contract sedma B"]),
     '"0 contract sedma B": §4.3 a trump game\'s talon holds no ace and no ten (AH 9A laid '
     'away)'),
    ("omyl above the lowest rung",
     put(bidding=["2 sto", "0 mam", "2 dobra", "1 dobra", "0 discard 9A 8A", "0 omyl"]),
     '"0 omyl": §4.4 omyl only at the lowest rung sedma; the won rung is sto'),
    ("a raise its round does not allow", at("bidding", 6, "0 tutti sedma:1"),
     '"0 tutti sedma:1": §4.5 round 2 of the fleky raises with re, not tutti'),
    ("a raise of what was not raised", at("bidding", 6, "0 re sedma:2"),
     '"0 re sedma:2": §4.5 sedma:2 may not be raised now'),
    ("a raise beyond max_flek", at("bidding", 6, "0 kalhoty sedma:1"),
     '§4.5 kalhoty goes beyond max_flek = 4: a void raise, refused'),
    ("a misplaced hlaska", at("play", 0, "0 TH hlaska"),
     'deal 1, play[0] "0 TH hlaska": §3 TH announces no hláška'),
    ("a card not held", at("play", 0, "0 7H"), 'deal 1, play[0] "0 7H": §3 seat 0 holds no 7H'),
    ("a card that breaks the play", at("play", 1, "1 KL"),
     'deal 1, play[1] "1 KL": §3 KL may not be played: follow suit'),
    ("a card out of turn", at("play", 1, "2 8H"),
     'deal 1, play[1] "2 8H": §3 seat 2 plays out of turn: seat 1 is to play'),
    ("a seat the table lacks", at("play", 1, "3 8H"),
     'deal 1, play[1] "3 8H": §10 write "<seat> <words>", the seat from 0 to 2'),
    ("too few plays", cut("play", 29),
     "deal 1: §10 the deal stops in the play with seat 2 to move"),
    ("too many plays", lambda d: d["play"].append("0 AH"),
     'deal 1, play[30] "0 AH": §10 the deal is over'),
    ("a card before the fleky end", cut("bidding", 6),
     'deal 1, play[0] "0 TH": §10 no card is played before the fleky end'),
    ("an unknown key", put(kontra=1), "deal 1: §10 unknown key 'kontra'"),
    ("a renonc of an unknown kind", put(renonc={"seat": 1, "kind": "signalling"}),
     "deal 1, renonc: §7 a renonc's kind is hra, pausal1 or pausal2, not 'signalling'"),
    ("a renonc after the deal is over", put(renonc={"seat": 1, "kind": "pausal2"}),
     "deal 1, renonc: §7 a renonc after the deal is over is refused"),
    ("a kind hra renonc before the contract", lambda d: d.update(
        bidding=d["bidding"][:2], play=[], renonc={"seat": 1, "kind": "hra"}),
     "deal 1, renonc: §7 a renonc of kind hra needs a named contract"),
]


@pytest.mark.parametrize(("change", "said"), [(c, s) for _, c, s in BROKEN],
                         ids=[n for n, _, _ in BROKEN])
def test_a_broken_record_is_refused_in_one_line(change: Any, said: str) -> None:
    """LICITOVANY §10: each broken record of its list, naming the deal (from 1), the entry
    (from 0) and the rule; no traceback, one line. ``said`` is written as §10's example
    (the section before the words); the message cites it at its end, ``(LICITOVANY §n)``,
    as every catalog text does (a player's screen drops it, stolik.i18n_cite)."""
    doc = edited(change)
    with pytest.raises(RecordError) as e:
        replay(parse_record(doc))
    assert "\n" not in str(e.value)
    found = re.match(r"(.*?)§([\d.]+) (.*)", said, re.S)
    assert found is not None
    place, section, words = found.groups()
    assert place + words in str(e.value)
    assert str(e.value).endswith(f"(LICITOVANY §{section})")


def test_the_spec_example_refusal_reads_as_section_10_writes_it() -> None:
    """LICITOVANY §10's example: ``deal 3, bidding[…] "1 contract sedma L": §4.4 sedma needs
    the seven (seat 1 holds no 7L)`` — three deals, the dealer moving on (§8)."""
    first = base()["deal"][0]
    deals = [copy.deepcopy(first) for _ in range(3)]
    deals[1]["dealer"], deals[2]["dealer"] = 0, 1
    for d in deals[1:]:
        d["play"] = []
    deals[1]["bidding"] = ["0 dobra", "2 dobra", "1 discard 9A 8A", "1 omyl"]
    # Deal 3: dealer 1, so F = 2, P = 0, Z = 1; seat 1 holds no 7L.
    deals[2]["hands"] = [HANDS[1], HANDS[0], HANDS[2]]
    deals[2]["bidding"] = ["1 sedma", "2 dobra", "0 dobra", "1 discard 9A 8A",
                           "1 contract sedma L"]
    doc = {**base(), "deal": deals}
    with pytest.raises(RecordError, match=r'^deal 3, bidding\[4\] "1 contract sedma L": sedma '
                                          r"needs the seven \(seat 1 holds no 7L\) "
                                          r"\(LICITOVANY §4\.4\)$"):
        replay(parse_record(doc))
    deals[2]["dealer"] = 2
    with pytest.raises(RecordError, match=r"^deal 3: the dealer must be seat 1"):
        replay(parse_record(doc))


@pytest.mark.parametrize(("lang", "said"), [
    ("cs", 'rozdání 1, bidding[3] "0 contract sedma L": sedma potřebuje sedmu (místo 0 '
           "nemá 7L) (LICITOVANY §4.4)"),
    ("pl", 'rozdanie 1, bidding[3] "0 contract sedma L": sedma wymaga siódemki (miejsce 0 '
           "nie ma 7L) (LICITOVANY §4.4)"),
    ("en", 'deal 1, bidding[3] "0 contract sedma L": sedma needs the seven (seat 0 holds no '
           "7L) (LICITOVANY §4.4)"),
])
def test_a_refusal_speaks_the_readers_language(lang: str, said: str) -> None:
    """A refusal is a message of the catalogs: Czech, Polish and English."""
    with pytest.raises(RecordError) as e:
        replay(parse_record(edited(at("bidding", 3, "0 contract sedma L"))))
    assert said in translate(e.value, lang)


def test_a_talon_breach_stands_when_the_akters_renonc_follows() -> None:
    """LICITOVANY §7, Decisions "Talon breach": an ace laid away is accepted when a kind hra
    renonc by the aktér follows (the bidding kept whole); he pays every pair at the levels
    reached: hra 1 × 2 + sedma 2 = 4 units to seat 1, 3 to seat 2."""
    breach = ["2 dobra", "1 dobra", "0 discard AH 9A", "0 contract sedma B", "1 flek hra",
              "2 dobra", "0 dobra"]
    doc = edited(put(bidding=breach, play=["0 TH", "1 9H"],
                     renonc={"seat": 0, "kind": "hra", "note": "an ace in the talon"}))
    result = replay(parse_record(doc))
    assert result.totals == (-140, 80, 60) and result.results[0].ending == "renonc"
    doc["deal"][0]["renonc"] = {"seat": 1, "kind": "hra"}
    with pytest.raises(RecordError,
                       match=r"bidding\[3\].*a trump game's talon.*\(LICITOVANY §4\.3\)$"):
        replay(parse_record(doc))


def test_a_pausal_may_stand_before_anything_is_said() -> None:
    """LICITOVANY §7: paušál 2 by seat 2 at four: 50 units to every other player, the
    pauzírák too; a dealer's pausal1 misdeal with an empty bidding keeps him dealing."""
    doc = loads_document((DATA / "ex8-omyl-4.toml").read_text("utf-8"), "toml")
    deal = doc["deal"][0]
    deal.update(bidding=[], play=[], renonc={"seat": 2, "kind": "pausal2"})
    assert replay(parse_record(doc)).totals == (1000, 1000, -3000, 1000)
    again = copy.deepcopy(deal)
    deal["renonc"] = {"seat": 3, "kind": "pausal1", "note": "misdeal"}
    doc["deal"] = [deal, again]
    result = replay(parse_record(doc))
    assert result.totals == (200 + 1000, 200 + 1000, 200 - 3000, -600 + 1000)


def test_players_name_three_or_four() -> None:
    """LICITOVANY §8, §10: three names, or four with a pauzírák."""
    doc = dict(base(), players=["A", "B"])
    with pytest.raises(RecordError,
                       match=r"players must list three names, or four .*\(LICITOVANY §8\)$"):
        parse_record(doc)


def test_the_cli_replays_an_example_and_refuses_a_broken_one(tmp_path: Path) -> None:
    """``stolik replay --json`` prints each deal's money and the running totals; a broken
    record is one line naming deal, entry and rule (LICITOVANY §10)."""
    runner = CliRunner()
    r = runner.invoke(app, ["replay", "--json", str(DATA / "ex6-pauzirak.toml")])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["totals"] == [400, -160, -120, -120] and out["deals"][0]["akter"] == 0
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(edited(at("play", 0, "0 7H"))), "utf-8")
    r = runner.invoke(app, ["replay", "--json", str(broken), "--lang", "en"])
    assert r.exit_code == 1
    assert r.stderr.strip() == (f'stolik: {broken}: deal 1, play[0] "0 7H": seat 0 holds no '
                                "7H (LICITOVANY §3)")


# ---------------------------------------------------------------- round trip


def played(rs: Ruleset, seed: int, players: int, deals: int) -> list[Deal]:
    """Random deals at a table, the dealer moving on, each played by random legal moves."""
    rng, out = random.Random(seed), []
    for i in range(deals):
        d = Deal.random(rs, i % players, rng, players=players)
        while not d.is_over:
            d.move(rng.choice(d.legal_moves()))
        out.append(d)
    return out


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4]),
       scope=st.sampled_from(["pair", "side"]), fmt=st.sampled_from(["toml", "json"]))
def test_random_deals_round_trip_to_the_same_money(seed: int, players: int, scope: str,
                                                   fmt: str) -> None:
    """LICITOVANY §10: a played deal's record, written and read back (TOML or JSON), is
    the same record and replays to the engine's money per seat (§6)."""
    rs = load_ruleset() if scope == "pair" else variant(flek_scope="side")
    deals = played(rs, seed, players, 3)
    record = series_record(rs, [record_of(d) for d in deals], ["A", "B", "C", "D"][:players])
    back = parse_record(loads_document(dumps_record(record, fmt), fmt), ruleset=rs)
    assert back == record
    result = replay(back)
    assert [r.payouts for r in result.results] == [
        tuple(rs.haler(u) for u in d.money()) for d in deals]
    assert sum(result.totals) == 0


def test_a_rung_outside_the_ladder_and_a_broken_club_file_are_refused(tmp_path: Path) -> None:
    """LICITOVANY §10's list: a rung the club's ``ladder`` leaves out; ``pauzirak =
    "side"`` with ``flek_scope = "pair"`` (refused when the ruleset beside the record is
    read, §6)."""
    club = variant(ladder=[1, 2, 3, 4, 5, 6, 7, 8])
    doc = edited(put(bidding=["2 dve-sedmy"], play=[]))
    with pytest.raises(RecordError, match=r'^deal 1, bidding\[0\] "2 dve-sedmy": dve-sedmy is '
                                          r"not a rung of this ruleset's ladder "
                                          r"\(LICITOVANY §2\)$"):
        replay(parse_record(doc, ruleset=club))
    (tmp_path / "klub.toml").write_text(rs_text().replace('pauzirak = "base"',
                                                          'pauzirak = "side"'), "utf-8")
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**base(), "ruleset": "klub.toml"}), "utf-8")
    with pytest.raises(RecordError) as e:
        load_record(path)
    assert "\n" not in str(e.value) and 'may be "side" only with flek_scope = "side"' in str(
        e.value)


def test_entries_are_read_in_any_case_and_tens_as_10() -> None:
    """LICITOVANY §10: "Case-insensitive; cards also ``10L``" — example 9 written so replays
    to the same money."""
    doc = loads_document((DATA / "ex9-which-hlaska.toml").read_text("utf-8"), "toml")
    deal = doc["deal"][0]
    deal["bidding"] = [b.upper() for b in deal["bidding"]]
    deal["play"] = [p.lower().replace("t", "10") for p in deal["play"]]
    deal["hands"] = [h.lower().replace("t", "10") for h in deal["hands"]]
    assert any("10" in p for p in deal["play"]) and "CONTRACT STO B" in " ".join(
        deal["bidding"])
    assert replay(parse_record(doc)).totals == (480, -240, -240)
