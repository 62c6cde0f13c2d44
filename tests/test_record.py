"""RULES §11: deal records — TOML and JSON read, written back exactly, replayed; series
dealer sequence; the revoke key (RULES §8); descriptive tags; and every way a record can be
broken, each refused with one line naming the deal, the entry and the rule:
``file: deal N, <entry>: <problem> (RULES §X)``."""

from __future__ import annotations

import copy
import datetime
import json
import re
from pathlib import Path
from typing import Any

import pytest

from stolik.errors import RecordError, StolikError
from stolik.games.baska import Deal, load_ruleset
from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.deck import DECK
from stolik.games.baska.record import (
    DealRecord,
    SeriesRecord,
    dumps_record,
    load_record,
    parse_record,
    record_of,
    replay,
    series_record,
)
from stolik.records import loads_document

# zolo-kontra-pucka: dealer 3, seat 3 plays zoło, seat 1 doubles, seat 3 loses.
ZOLO: dict[str, Any] = {
    "dealer": 3,
    "hands": ["TC AC AD QD", "JD AH TS AS", "QH QC TH JS", "QS TD JC JH"],
    "auction": ["1 pass", "2 pass", "3 zolo", "0 pass", "1 kontra", "2 pass", "3 pass",
                "0 pass"],
    "play": ["0 QD", "1 AH", "2 TH", "3 JC", "1 AS", "2 QC", "3 QS", "0 AD", "2 JS", "3 TD",
             "0 AC", "1 JD", "2 QH", "3 JH", "0 TC", "1 TS"],
}

# plain-bez-bitki: dealer 0, starzy are seats 0 (Q♣) and 1 (Q♠); four passes.
PLAIN: dict[str, Any] = {
    "dealer": 0,
    "hands": ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"],
    "auction": ["2 pass", "3 pass", "0 pass", "1 pass"],
    "play": ["1 JC", "2 TC", "3 QD", "0 QC", "0 AH", "1 TD", "2 TS", "3 JD", "0 AD", "1 QH",
             "2 AC", "3 JS", "1 QS", "2 AS", "3 JH", "0 TH"],
}

# Seat 0 holds both black queens: cicha if nobody bids, and the only seat able to call wesele.
CICHA_HANDS = ["QC QS AD TD", "AH TH QH QD", "AC TC JC JS", "AS TS JH JD"]

# gran-mester-sport: dealer 0, seat 0 plays gran.
GRAN_MS: dict[str, Any] = {
    "dealer": 0,
    "hands": ["QS JH JC AS", "TS QD AH TH", "TC JS AC QC", "TD AD JD QH"],
    "auction": ["2 pass", "3 pass", "0 gran", "1 pass", "2 pass", "3 pass"],
    "play": ["1 TS", "2 JS", "3 JD", "0 AS", "2 QC", "3 AD", "0 JC", "1 TH", "0 JH", "1 QD",
             "2 AC", "3 TD", "0 QS", "1 AH", "2 TC", "3 QH"],
}

# Seat 2 holds the four queens (baszka, an honour in pucka-2019).
BASZKA_HANDS = ["AH TH AD TD", "AC TC JC JS", "QC QS QH QD", "AS TS JH JD"]


def doc_of(*deals: dict[str, Any], ruleset: Any = "pucka-2019", **top: Any) -> dict[str, Any]:
    return {"ruleset": ruleset, **top, "deal": [copy.deepcopy(d) for d in deals]}


def deal_with(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    d = copy.deepcopy(base)
    for k, v in changes.items():
        if v is None:
            d.pop(k, None)
        else:
            d[k] = v
    return d


def error_of(doc: dict[str, Any]) -> str:
    """The one-line message a broken record is refused with (reading, then replaying)."""
    with pytest.raises(RecordError) as info:  # RecordError even for an unknown ruleset
        replay(parse_record(doc))
    message = str(info.value)
    assert "\n" not in message
    return message


# ---------------------------------------------------------------- reading and replaying


def test_toml_and_json_records_read_alike() -> None:
    toml_text = """
ruleset = "pucka-2019"
players = ["Ala", "Bogdan", "Celina", "Darek"]   # optional, by seat

[[deal]]
dealer = 0
hands = ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"]
auction = ["2 pass", "3 pass", "0 pass", "1 pass"]
play = ["1 JC", "2 TC", "3 QD", "0 QC", "0 AH", "1 TD", "2 TS", "3 JD",
        "0 AD", "1 QH", "2 AC", "3 JS", "1 QS", "2 AS", "3 JH", "0 TH"]
"""
    json_text = json.dumps(doc_of(PLAIN, players=["Ala", "Bogdan", "Celina", "Darek"]))
    a = parse_record(loads_document(toml_text, "toml"))
    b = parse_record(loads_document(json_text, "json"))
    assert a == b
    assert a.players == ("Ala", "Bogdan", "Celina", "Darek")
    result = replay(a)
    assert result.totals == (3, 3, -3, -3)
    assert result.results[0].category == "bez_bitki"


def test_load_record_reads_toml_and_json_files(tmp_path: Path) -> None:
    doc = doc_of(ZOLO)
    (tmp_path / "z.json").write_text(json.dumps(doc), encoding="utf-8")
    (tmp_path / "z.toml").write_text(dumps_record(parse_record(doc)), encoding="utf-8")
    # JSON text is recognised by its first character, whatever the file is called.
    (tmp_path / "z.txt").write_text(json.dumps(doc, indent=2), encoding="utf-8")
    records = [load_record(tmp_path / n) for n in ("z.json", "z.toml", "z.txt")]
    assert records[0] == records[1] == records[2]
    assert replay(records[0]).totals == (10, 10, 10, -30)


def test_the_sample_of_rules_11() -> None:
    """The sample record of RULES §11 is legal as far as it goes (seat 0 holds both black
    queens: cicha), and is refused only because its play stops after the first trick."""
    text = """
ruleset = "pucka-2019"
players = ["Ala", "Bogdan", "Celina", "Darek"]   # optional, by seat

[[deal]]
dealer = 0
hands = ["AH TH QC QS", "AD TD AC TC", "QH QD JC JS", "JH JD AS TS"]  # by seat
auction = ["2 pass", "3 pass", "0 pass", "1 pass"]                    # "<seat> <call>"
play = ["1 TD", "2 QH", "3 JH", "0 AH"]                               # "<seat> <card>", in order
# revoke = 2        # optional: the seat a referee found revoking; play stops before it
"""
    record = parse_record(loads_document(text, "toml"))
    with pytest.raises(RecordError) as info:
        replay(record)
    assert str(info.value) == (
        "deal 1: the play stops after 4 cards — a deal is played to the 16th card unless a "
        "revoke is recorded; seat 0 is to play next (RULES §11)")
    # "revoke = 0" after that trick is refused too: seat 0 leads next, and a lead is free.
    with pytest.raises(RecordError, match="every card in his hand is legal"):
        replay(parse_record(loads_document(text.replace("# revoke = 2", "revoke = 0"), "toml")))


def test_record_without_ruleset_uses_the_default() -> None:
    doc = doc_of(PLAIN)
    del doc["ruleset"]
    record = parse_record(doc)
    assert record.ruleset.id == "pucka-2019"
    assert replay(record).totals == (3, 3, -3, -3)


def test_ruleset_argument_overrides_the_record() -> None:
    record = parse_record(doc_of(PLAIN, ruleset="no-such-league"), ruleset="linia")
    assert record.ruleset.id == "linia"


def test_calls_and_cards_in_other_spellings() -> None:
    """Cards as ``10H``, ``A♥``, ``D♣`` (dama), ``W♠`` (walet); calls as ``Pas``, ``Zoło``."""
    d = deal_with(
        ZOLO,
        hands=["10♣ A♣ A♦ D♦", "JD, AH, TS, AS", "qh qc th js", "QS 10D W♣ J♥"],
        auction=["1 Pas", "2 pass", "3 Zoło", "0 pass", "1 Kontra", "2 pass", "3 pass",
                 "0 PASS"],
    )
    record = parse_record(doc_of(d))
    assert record.deals[0].auction[2] == (3, Call("contract", "zolo"))
    assert record.deals[0].auction[0] == (1, PASS)
    assert replay(record).totals == (10, 10, 10, -30)
    # Written back in the canonical words.
    text = dumps_record(record)
    assert 'hands = ["TC AC AD QD", "JD AH TS AS", "QH QC TH JS", "QS TD JC JH"]' in text
    assert '"3 zolo"' in text and '"1 kontra"' in text


def test_honour_needs_no_play() -> None:
    d = {"dealer": 0, "hands": BASZKA_HANDS, "auction": ["2 baszka", "3 pass", "0 pass", "1 pass"]}
    result = replay(parse_record(doc_of(d)))
    assert result.results[0].contract == "baszka"
    assert result.totals == (-10, -10, 30, -10)


def test_null_optional_keys_count_as_absent() -> None:
    doc = doc_of(deal_with(PLAIN, revoke=None), players=None, comment=None)
    doc["deal"][0]["revoke"] = None
    record = parse_record(doc)
    assert record.players is None and record.meta == () and record.deals[0].revoke is None


# ---------------------------------------------------------------- writing, round trip


def test_dumps_record_layout() -> None:
    record = parse_record(doc_of(ZOLO, players=["Ala", "Bogdan", "Celina", "Darek"],
                                 event="Puchar Pucka", round=2))
    assert dumps_record(record) == """\
game = "baska"
ruleset = "pucka-2019"
players = ["Ala", "Bogdan", "Celina", "Darek"]
event = "Puchar Pucka"
round = 2

[[deal]]
dealer = 3
hands = ["TC AC AD QD", "JD AH TS AS", "QH QC TH JS", "QS TD JC JH"]
auction = ["1 pass", "2 pass", "3 zolo", "0 pass", "1 kontra", "2 pass", "3 pass", "0 pass"]
play = ["0 QD", "1 AH", "2 TH", "3 JC", "1 AS", "2 QC", "3 QS", "0 AD", "2 JS", "3 TD", \
"0 AC", "1 JD", "2 QH", "3 JH", "0 TC", "1 TS"]
"""
    as_json = json.loads(dumps_record(record, "json"))
    assert as_json["deal"][0]["auction"][2] == "3 zolo"
    assert as_json["players"][0] == "Ala"


@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_round_trip_is_exact(fmt: str) -> None:
    honour = {"dealer": 1, "hands": BASZKA_HANDS,
              "auction": ["3 pass", "0 pass", "1 pass", "2 baszka", "3 pass", "0 pass", "1 pass"]}
    revoked = deal_with(PLAIN, dealer=2, auction=["0 pass", "1 pass", "2 pass", "3 pass"],
                        play=["3 JS"], revoke=0)
    doc = doc_of(ZOLO, PLAIN, honour, revoked,
                 players=["Ala", "Bó", 'Ce "Cel" lina', "Da\\rek"],
                 event="Mistrzostwa — ♣♠♥♦", site="Puck", date="2019-09-21", round=3,
                 table="7", comment="two lines\nof comment\ttab")
    record = parse_record(doc)
    text = dumps_record(record, fmt)
    again = parse_record(loads_document(text, fmt))
    assert again == record
    assert dumps_record(again, fmt) == text
    assert replay(again).totals == replay(record).totals


@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_records_are_written_with_their_game_and_read_without_it(fmt: str) -> None:
    """RULES §11, issue 10 §1: a written record names its game (``game = "baska"``); one
    without the key (every record written before other games) reads as the same record."""
    record = parse_record(doc_of(ZOLO, PLAIN))
    written = loads_document(dumps_record(record, fmt), fmt)
    assert list(written)[:2] == ["game", "ruleset"] and written["game"] == "baska"
    without = {k: v for k, v in written.items() if k != "game"}
    assert parse_record(without) == parse_record(written) == record
    assert dumps_record(parse_record(without), fmt) == dumps_record(record, fmt)
    assert replay(record).to_json()["game"] == "baska"


def test_round_trip_keeps_the_hands_in_written_order() -> None:
    d = deal_with(PLAIN, hands=["AD QC TH AH", "TD JC QH QS", "TS AS TC AC", "JD JH JS QD"])
    record = parse_record(doc_of(d))
    assert record.deals[0].hands[0] == tuple(DECK.parse("AD QC TH AH"))
    for fmt in ("toml", "json"):
        assert parse_record(loads_document(dumps_record(record, fmt), fmt)) == record


def test_toml_dates_in_tags_are_kept_as_iso_text() -> None:
    text = 'game = "baska"\nruleset = "pucka-2019"\ndate = 2019-09-21\n' + dumps_record(
        parse_record(doc_of(PLAIN))).split("\n", 2)[2]
    record = parse_record(loads_document(text, "toml"))
    assert dict(record.meta)["date"] == "2019-09-21"
    for fmt in ("toml", "json"):
        assert parse_record(loads_document(dumps_record(record, fmt), fmt)) == record


def test_meta_tags_are_read_kept_and_written() -> None:
    tags: dict[str, Any] = {"event": "Liga", "site": "Puck", "date": "2024-05-01", "round": 1,
                            "table": 4, "comment": "ok"}
    record = parse_record(doc_of(PLAIN, **tags))
    assert dict(record.meta) == tags
    written = loads_document(dumps_record(record), "toml")
    assert {k: written[k] for k in tags} == tags


def test_record_of_a_played_deal_writes_and_replays() -> None:
    rs = load_ruleset("pucka-2019")
    deal = Deal.from_text(rs, 3, ZOLO["hands"])
    for entry in ZOLO["auction"]:
        deal.call(entry.split()[1])
    for entry in ZOLO["play"]:
        deal.play(entry.split()[1])
    rec = record_of(deal)
    assert rec.dealer == 3 and rec.revoke is None
    assert [f"{s} {c.text(rs)}" for s, c in rec.auction] == ZOLO["auction"]
    assert [f"{s} {DECK.name(c, ascii=True)}" for s, c in rec.play] == ZOLO["play"]
    series = series_record(rs, [rec], ["A", "B", "C", "D"])
    for fmt in ("toml", "json"):
        again = parse_record(loads_document(dumps_record(series, fmt), fmt))
        assert again == series
        assert replay(again).results[0].payout == deal.result().payout


def test_records_compare_by_content_not_by_file() -> None:
    a = parse_record(doc_of(PLAIN))
    b = parse_record(doc_of(PLAIN), source="elsewhere.toml")
    assert a == b
    assert a != parse_record(doc_of(PLAIN, comment="x"))
    assert a != parse_record(doc_of(PLAIN), ruleset="linia")


# ---------------------------------------------------------------- series


def test_series_dealer_moves_clockwise_and_wraps() -> None:
    deals = [deal_with(ZOLO), deal_with(PLAIN, dealer=0)]
    result = replay(parse_record(doc_of(*deals)))
    assert result.totals == (13, 13, 7, -33)
    assert [r.payout for r in result.results] == [(10, 10, 10, -30), (3, 3, -3, -3)]


def test_series_wrong_dealer_is_refused() -> None:
    assert error_of(doc_of(ZOLO, deal_with(PLAIN, dealer=1))) == (
        "deal 2: dealer 1 should be 0 — the deal moves one seat clockwise each deal "
        "(RULES §9, §11)")


def test_series_place_points() -> None:
    result = replay(parse_record(doc_of(ZOLO)))
    assert result.place_points == (4.0, 4.0, 4.0, 0.0)


# ---------------------------------------------------------------- revoke (RULES §8)


def test_revoke_pucka_plain_game_offender_mlodzi() -> None:
    # Seat 3 (młodzi) must beat J♣ with Q♦ and is found revoking: starzy's z wyjściem is 1.
    d = deal_with(PLAIN, play=["1 JC", "2 TC"], revoke=3)
    r = replay(parse_record(doc_of(d))).results[0]
    assert r.revoke == 3
    assert r.payout == (1, 1, 1, -3)
    assert r.winners == (0, 1, 2)


def test_revoke_pucka_plain_game_offender_starzy_doubled() -> None:
    # Seat 0 (starzy) must beat Q♦ and revokes in a doubled plain game: młodzi's
    # z wyjściem is 2, doubled once.
    d = deal_with(PLAIN, auction=["2 kontra", "3 pass", "0 pass", "1 pass"],
                  play=["1 JC", "2 TC", "3 QD"], revoke=0)
    r = replay(parse_record(doc_of(d))).results[0]
    assert r.payout == (-12, 4, 4, 4)


def test_revoke_pucka_solo_uses_the_loss_value() -> None:
    d = deal_with(ZOLO, play=["0 QD"], revoke=1)
    assert replay(parse_record(doc_of(d))).results[0].payout == (10, -30, 10, 10)


def test_revoke_mester_sport_fixed() -> None:
    d = deal_with(GRAN_MS, play=["1 TS"], revoke=2)
    assert replay(parse_record(doc_of(d, ruleset="mester-sport"))).totals == (4, 4, -12, 4)


def test_revoke_mester_sport_lone_declarer_loses_his_contract() -> None:
    d = deal_with(GRAN_MS, play=["1 TS", "2 JS", "3 JD"], revoke=0)
    assert replay(parse_record(doc_of(d, ruleset="mester-sport"))).totals == (-15, 5, 5, 5)


# ---------------------------------------------------------------- broken records

BROKEN: list[tuple[str, dict[str, Any], str]] = [
    ("unknown ruleset", doc_of(PLAIN, ruleset="pucka-2091"),
     "unknown ruleset 'pucka-2091': use one of linia, mester-sport, pucka-2019 or the path "
     "of a ruleset .toml file"),
    ("card dealt twice", doc_of(deal_with(PLAIN, hands=["AH TH QC AD", "QS QH JC TD",
                                                        "AC TC AS TS", "QD JS JH AH"])),
     "deal 1, hand of seat 3: AH is dealt twice — it is also in the hand of seat 0 (RULES §11)"),
    ("card twice in a hand", doc_of(deal_with(PLAIN, hands=["AH AH QC AD", "QS QH JC TD",
                                                            "AC TC AS TS", "QD JS JH JD"])),
     "deal 1, hand of seat 0: AH is dealt twice — it is also in this hand (RULES §11)"),
    ("bad card text", doc_of(deal_with(PLAIN, hands=["AH TH QC AD", "QS QH JC TD",
                                                     "AC XC AS TS", "QD JS JH JD"])),
     "deal 1, hand of seat 2: 'XC' is not a Baśka card: write A, T/10, Q/D or J/W, then C, "
     "S, H or D (e.g. AH, TD) (RULES §1)"),
    ("card not in the deck", doc_of(deal_with(PLAIN, hands=["AH TH QC AD", "QS QH JC TD",
                                                            "AC KC AS TS", "QD JS JH JD"])),
     "deal 1, hand of seat 2: 'KC' is not a Baśka card: write A, T/10, Q/D or J/W, then C, "
     "S, H or D (e.g. AH, TD) (RULES §1)"),
    ("hand of 3", doc_of(deal_with(PLAIN, hands=["AH TH QC", "QS QH JC TD AD",
                                                 "AC TC AS TS", "QD JS JH JD"])),
     "deal 1, hand of seat 0: a hand has 4 cards, not 3: 'AH TH QC' (RULES §1)"),
    ("hand of 5", doc_of(deal_with(PLAIN, hands=["AH TH QC AD QS", "QH JC TD",
                                                 "AC TC AS TS", "QD JS JH JD"])),
     "deal 1, hand of seat 0: a hand has 4 cards, not 5: 'AH TH QC AD QS' (RULES §1)"),
    ("three hands", doc_of(deal_with(PLAIN, hands=["AH TH QC AD", "QS QH JC TD",
                                                   "AC TC AS TS"])),
     "deal 1: 'hands' must hold 4 hands by seat, not 3 (RULES §11)"),
    ("bad auction entry", doc_of(deal_with(PLAIN, auction=["2 pass", "3pass"])),
     "deal 1, auction entry 2: cannot read '3pass': write \"<seat 0–3> <call>\", e.g. "
     "\"2 pass\" (RULES §11)"),
    ("auction entry with seat 4", doc_of(deal_with(PLAIN, auction=["4 pass"])),
     "deal 1, auction entry 1: cannot read '4 pass': write \"<seat 0–3> <call>\", e.g. "
     "\"2 pass\" (RULES §11)"),
    ("bad play entry", doc_of(deal_with(PLAIN, play=["1 JC", "TC"])),
     "deal 1, play entry 2: cannot read 'TC': write \"<seat 0–3> <card>\", e.g. \"2 AH\" "
     "(RULES §11)"),
    ("bad card in play", doc_of(deal_with(PLAIN, play=["1 JX"])),
     "deal 1, play entry 1: 'JX' is not a Baśka card: write A, T/10, Q/D or J/W, then C, S, "
     "H or D (e.g. AH, TD) (RULES §1)"),
    ("unknown call", doc_of(deal_with(PLAIN, auction=["2 grand"])),
     "deal 1, auction entry 1: unknown call 'grand' in pucka-2019: calls are pass, wesele, "
     "gran, zolo, gran-du, zolo-du, baszka, kontra, rekontra, bok, hirsch (RULES §4)"),
    ("call of another ruleset", doc_of(deal_with(PLAIN, auction=["2 mester"])),
     "deal 1, auction entry 1: unknown call 'mester' in pucka-2019: calls are pass, wesele, "
     "gran, zolo, gran-du, zolo-du, baszka, kontra, rekontra, bok, hirsch (RULES §4)"),
    ("call out of turn", doc_of(deal_with(PLAIN, auction=["1 pass"])),
     "deal 1, auction entry 1: seat 1 may not call now — it is seat 2's turn (RULES §4)"),
    ("card out of turn", doc_of(deal_with(PLAIN, play=["2 TC"])),
     "deal 1, play entry 1: seat 2 may not play now — it is seat 1's turn (RULES §3)"),
    ("card out of turn after a trick",
     doc_of(deal_with(PLAIN, play=[*PLAIN["play"][:4], "1 TD"])),
     "deal 1, play entry 5: seat 1 may not play now — it is seat 0's turn (RULES §3)"),
    ("double by the side that doubled last", doc_of(deal_with(
        ZOLO, auction=["1 pass", "2 pass", "3 zolo", "0 kontra", "1 pass", "2 rekontra"])),
     "deal 1, auction entry 6: seat 2 may not double — his side doubled last (RULES §4)"),
    ("doubling out of order", doc_of(deal_with(PLAIN, auction=["2 rekontra"])),
     "deal 1, auction entry 1: the next doubling is kontra, not rekontra (RULES §7)"),
    ("solo doubled three times", doc_of(deal_with(
        ZOLO, auction=["1 pass", "2 pass", "3 zolo", "0 kontra", "1 pass", "2 pass",
                       "3 rekontra", "0 bok"])),
     "deal 1, auction entry 8: zolo may be doubled at most 2 times (RULES §7)"),
    ("contract not ranking above", doc_of(deal_with(ZOLO, auction=["1 zolo", "2 gran"])),
     "deal 1, auction entry 2: gran does not rank above zolo (RULES §4)"),
    ("honour without its cards", doc_of(deal_with(PLAIN, auction=["2 baszka"])),
     "deal 1, auction entry 1: seat 2 may not call baszka — it needs QC QS QH QD in hand "
     "(RULES §4)"),
    ("wesele without both black queens", doc_of(deal_with(PLAIN, auction=["2 wesele"])),
     "deal 1, auction entry 1: seat 2 may not call wesele — it needs QC QS in hand (RULES §4)"),
    ("wesele after the first round", doc_of(deal_with(
        PLAIN, hands=CICHA_HANDS, auction=["2 kontra", "3 pass", "0 rekontra", "1 pass",
                                           "2 pass", "3 bok", "0 wesele"])),
     "deal 1, auction entry 7: wesele may be called only in the first round (RULES §4)"),
    ("cicha doubled five times", doc_of(deal_with(
        PLAIN, hands=CICHA_HANDS, auction=["2 kontra", "3 pass", "0 rekontra", "1 pass",
                                           "2 bok", "3 pass", "0 hirsch", "1 pass", "2 kontra"])),
     "deal 1, auction entry 9: the plain game may be doubled at most 4 times (RULES §7)"),
    ("honour doubled", doc_of(deal_with(
        PLAIN, hands=BASZKA_HANDS, auction=["2 baszka", "3 kontra"])),
     "deal 1, auction entry 2: baszka cannot be doubled (RULES §4)"),
    ("call after the auction closed", doc_of(deal_with(
        ZOLO, auction=[*ZOLO["auction"], "1 pass"])),
     "deal 1, auction entry 9: the auction is already over — it closed at entry 8 after "
     "three passes in a row (RULES §4)"),
    ("call after four passes", doc_of(deal_with(
        PLAIN, auction=[*PLAIN["auction"], "2 gran"])),
     "deal 1, auction entry 5: the auction is already over — it closed at entry 4 after "
     "four passes (RULES §4)"),
    ("card not held", doc_of(deal_with(PLAIN, play=["1 AH"])),
     "deal 1, play entry 1: seat 1 does not hold A♥ (RULES §3)"),
    ("must beat with a trump", doc_of(deal_with(PLAIN, play=["1 JC", "2 TC", "3 JD"])),
     "deal 1, play entry 3: seat 3 must beat J♣ with trumps: play Q♦ (RULES §3)"),
    ("must follow fele", doc_of(deal_with(GRAN_MS, play=["1 TS", "2 JS", "3 JD", "0 JC"]),
                                ruleset="mester-sport"),
     "deal 1, play entry 4: seat 0 must follow ♠ fele: play A♠ Q♠ (RULES §3)"),
    ("void must beat", doc_of(deal_with(ZOLO, play=["0 AC", "1 TS"])),
     "deal 1, play entry 2: seat 1 has no ♣ fele and must beat A♣: play A♥ J♦ (RULES §3)"),
    ("unfinished auction", doc_of(deal_with(PLAIN, auction=["2 pass", "3 pass"], play=[])),
     "deal 1: the auction is unfinished after 2 calls — seat 0 is to call next (RULES §4)"),
    ("too few plays", doc_of(deal_with(PLAIN, play=PLAIN["play"][:15])),
     "deal 1: the play stops after 15 cards — a deal is played to the 16th card unless a "
     "revoke is recorded; seat 0 is to play next (RULES §11)"),
    ("no play at all", doc_of(deal_with(PLAIN, play=None)),
     "deal 1: the play stops after 0 cards — a deal is played to the 16th card unless a "
     "revoke is recorded; seat 1 is to play next (RULES §11)"),
    ("too many plays", doc_of(deal_with(PLAIN, play=[*PLAIN["play"], "1 AH"])),
     "deal 1, play entry 17: the deal is already over — all 16 cards were played by entry 16 "
     "(RULES §11)"),
    ("plays for an honour", doc_of(deal_with(
        PLAIN, hands=BASZKA_HANDS, auction=["2 baszka", "3 pass", "0 pass", "1 pass"],
        play=["1 AC"])),
     "deal 1, play entry 1: baszka is an honour, settled without play (RULES §4)"),
    ("revoke by a seat not to act", doc_of(deal_with(PLAIN, play=["1 JC", "2 TC"], revoke=2)),
     "deal 1, revoke: seat 2 cannot be the one who revoked — the play stops just before the "
     "revoking card, and seat 3 plays next (RULES §8, §11)"),
    ("revoke where every card is legal", doc_of(deal_with(PLAIN, play=["1 JC"], revoke=2)),
     "deal 1, revoke: seat 2 cannot revoke here — every card in his hand is legal (RULES §8)"),
    ("revoke by the leader", doc_of(deal_with(PLAIN, play=[], revoke=1)),
     "deal 1, revoke: seat 1 cannot revoke here — every card in his hand is legal (RULES §8)"),
    ("revoke after the last card", doc_of(deal_with(PLAIN, revoke=1)),
     "deal 1, revoke: the play must stop before the revoking card, but all 16 cards were "
     "played (RULES §8, §11)"),
    ("revoke in an honour", doc_of(deal_with(
        PLAIN, hands=BASZKA_HANDS, auction=["2 baszka", "3 pass", "0 pass", "1 pass"],
        play=None, revoke=1)),
     "deal 1, revoke: baszka is an honour, settled without play — nobody can revoke "
     "(RULES §4, §8)"),
    ("revoke not a seat", doc_of(deal_with(PLAIN, revoke=4)),
     "deal 1: 'revoke' must be a seat 0–3, not 4 (RULES §11)"),
    ("unknown top-level key", doc_of(PLAIN, rulset="linia"),
     "unknown key 'rulset' — a record has game, ruleset, players, deal and the tags event, site, "
     "date, round, table, comment (RULES §11)"),
    ("unknown deal key", doc_of(deal_with(PLAIN, auctions=["2 pass"])),
     "deal 1: unknown key 'auctions' — a deal has dealer, hands, auction, play, revoke "
     "(RULES §11)"),
    ("missing dealer", doc_of(deal_with(PLAIN, dealer=None)),
     "deal 1: 'dealer' is missing (RULES §11)"),
    ("missing hands", doc_of(deal_with(PLAIN, hands=None)),
     "deal 1: 'hands' is missing (RULES §11)"),
    ("missing auction", doc_of(deal_with(PLAIN, auction=None)),
     "deal 1: 'auction' is missing (RULES §11)"),
    ("missing deals", {"ruleset": "pucka-2019"},
     "the record has no [[deal]] tables (RULES §11)"),
    ("dealer not a seat", doc_of(deal_with(PLAIN, dealer=4)),
     "deal 1: 'dealer' must be a seat 0–3, not 4 (RULES §11)"),
    ("dealer as text", doc_of(deal_with(PLAIN, dealer="0")),
     "deal 1: 'dealer' must be a seat 0–3, not '0' (RULES §11)"),
    ("hands not a list", doc_of(deal_with(PLAIN, hands="AH TH QC AD")),
     "deal 1: 'hands' must be a list of strings (RULES §11)"),
    ("players not four", doc_of(PLAIN, players=["Ala", "Bo", "Cel"]),
     "'players' must name 4 players by seat, not 3 (RULES §11)"),
    ("ruleset not text", doc_of(PLAIN, ruleset=7),
     "'ruleset' must be a ruleset id or path, not 7 (RULES §11)"),
    ("error in the second deal", doc_of(ZOLO, deal_with(PLAIN, play=["1 JC", "2 TC", "3 JD"])),
     "deal 2, play entry 3: seat 3 must beat J♣ with trumps: play Q♦ (RULES §3)"),
]


@pytest.mark.parametrize(("doc", "message"), [pytest.param(d, m, id=n) for n, d, m in BROKEN])
def test_broken_record_message(doc: dict[str, Any], message: str) -> None:
    assert error_of(doc) == message


@pytest.mark.parametrize(("doc", "message"), [pytest.param(d, m, id=n) for n, d, m in BROKEN])
def test_broken_record_file_names_itself(tmp_path: Path, doc: dict[str, Any],
                                         message: str) -> None:
    """Through load_record (and replay of what it read), the message starts with the file
    name; the same in a JSON file."""
    for name, text in (("broken.json", json.dumps(doc)), ("broken.toml", _toml(doc))):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        with pytest.raises(StolikError) as info:
            replay(load_record(path))
        assert str(info.value) == f"{path}: {message}"


def _toml(doc: dict[str, Any]) -> str:
    from stolik.records import dumps_toml

    return dumps_toml(doc)


def test_deal_level_messages_have_the_referee_shape() -> None:
    """``deal N[, <entry>]: <problem> (RULES §X)`` for every problem found inside a deal."""
    shape = re.compile(r"^deal \d+(, (hand of seat \d|auction entry \d+|play entry \d+|"
                       r"revoke))?: .+ \(RULES §\d+(, §\d+)*\)$")
    for name, _doc, message in BROKEN:
        if message.startswith("deal "):
            assert shape.match(message), name


def test_not_valid_toml(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('ruleset = "pucka-2019"\n[[deal]\ndealer = 0\n', encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value).startswith(f"{path}: not valid TOML (")
    assert "\n" not in str(info.value)


def test_not_valid_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"ruleset": "pucka-2019", "deal": [}', encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value).startswith(f"{path}: not valid JSON (")


def test_json_that_is_not_a_table(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(RecordError, match=r"list\.json: the record must be a table of keys$"):
        load_record(path)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value).startswith(f"{path}: cannot read the file (")


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes('ruleset = "pucka-2019"\ncomment = "Baśka"\n'.encode("iso-8859-2"))
    with pytest.raises(RecordError, match=r"latin\.toml: the file is not UTF-8 text$"):
        load_record(path)


def test_record_naming_a_missing_ruleset_file(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_text(_toml(doc_of(PLAIN, ruleset=str(tmp_path / "nope.toml"))), encoding="utf-8")
    with pytest.raises(StolikError) as info:
        load_record(path)
    assert str(info.value).startswith(f"{path}: {tmp_path / 'nope.toml'}: cannot read")


def test_record_with_a_users_ruleset_file(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[1] / "src/stolik/games/baska/rulesets/"
            "pucka-2019.toml").read_text(encoding="utf-8")
    mine = tmp_path / "moja-liga.toml"
    mine.write_text(text.replace('id = "pucka-2019"', 'id = "moja-liga"')
                    .replace("z_wyjsciem = 1, bez_wyjscia = 2, bez_bitki = 3",
                             "z_wyjsciem = 1, bez_wyjscia = 2, bez_bitki = 5"),
                    encoding="utf-8")
    record = parse_record(doc_of(PLAIN, ruleset=str(mine)))
    assert record.ruleset.id == "moja-liga"
    assert replay(record).totals == (5, 5, -5, -5)
    for fmt in ("toml", "json"):
        again = parse_record(loads_document(dumps_record(record, fmt), fmt))
        assert again == record and again.ruleset_ref == str(mine)


def test_replay_error_without_a_file_has_no_prefix() -> None:
    record = parse_record(doc_of(deal_with(PLAIN, play=PLAIN["play"][:3])))
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.source is None
    assert str(info.value).startswith("deal 1: ")


def test_deal_record_is_a_value() -> None:
    a = DealRecord(0, ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15)),
                   ((2, PASS),))
    b = DealRecord(0, ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15)),
                   ((2, PASS),))
    assert a == b and hash(a) == hash(b)
    assert isinstance(SeriesRecord(load_ruleset(), (a,)), SeriesRecord)


def test_date_objects_from_toml_never_reach_the_writer() -> None:
    doc = doc_of(PLAIN, date=datetime.date(2019, 9, 21),
                 comment=[datetime.datetime(2019, 9, 21, 10, 30)])
    record = parse_record(doc)
    assert dict(record.meta) == {"date": "2019-09-21", "comment": ["2019-09-21T10:30:00"]}
    for fmt in ("toml", "json"):
        assert parse_record(loads_document(dumps_record(record, fmt), fmt)) == record


def test_relative_ruleset_path_is_found_beside_the_record(tmp_path: Path) -> None:
    """RULES §11: a record may name a league's own ruleset file by a path relative to the
    record; it is read from beside the record whatever the working directory, and written
    back as it was given."""
    from importlib import resources

    league = tmp_path / "league"
    league.mkdir()
    text = (resources.files("stolik.games.baska") / "rulesets" / "pucka-2019.toml").read_text(
        encoding="utf-8").replace('id = "pucka-2019"', 'id = "moja-liga"')
    (league / "moja.toml").write_text(text, encoding="utf-8")
    rec = league / "game.toml"
    rec.write_text(
        'ruleset = "moja.toml"\n[[deal]]\ndealer = 0\n'
        'hands = ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"]\n'
        'auction = ["2 pass", "3 pass", "0 pass", "1 pass"]\n'
        'play = ["1 JC", "2 TC", "3 QD", "0 QC", "0 AH", "1 TD", "2 TS", "3 JD",\n'
        '        "0 AD", "1 QH", "2 AC", "3 JS", "1 QS", "2 AS", "3 JH", "0 TH"]\n',
        encoding="utf-8")
    loaded = load_record(rec)
    assert loaded.ruleset.id == "moja-liga"
    assert loaded.ruleset_ref == "moja.toml"
    assert 'ruleset = "moja.toml"' in dumps_record(loaded)
    assert replay(loaded).totals == (3, 3, -3, -3)


def test_rules_4_record_with_a_dead_doubling_replays() -> None:
    """RULES §4 (dead doublings, decision of turn 2): a stary's kontra on the plain game
    used to be refused; it is a call like any other — three passes must follow it — and
    it does not count: the deal scores as undoubled, and the result marks it dead."""
    doc = doc_of(deal_with(PLAIN, auction=["2 pass", "3 pass", "0 kontra", "1 pass",
                                           "2 pass", "3 pass"]))
    plain = replay(parse_record(doc_of(PLAIN))).results[0]
    dead = replay(parse_record(doc)).results[0]
    assert dead.payout == plain.payout and dead.level == 0 and dead.mult == 1
    assert dead.game.dead == (2,)
    assert dead.to_json()["dead_doublings"] == [2]
    # Counted once młodzi answer it: seat 2's rekontra is the first that counts.
    doc = doc_of(deal_with(PLAIN, auction=["2 pass", "3 pass", "0 kontra", "1 pass",
                                           "2 rekontra", "3 pass", "0 pass", "1 pass"]))
    counted = replay(parse_record(doc)).results[0]
    assert counted.level == 1 and counted.game.dead == (2,)
    assert counted.payout == tuple(2 * p for p in plain.payout)


def test_rules_4_records_with_dead_cicha_doublings_replay() -> None:
    """RULES §4: the cicha player's first kontra and a fourth doubling of a cicha that
    allows three were refused before; they replay now, and neither counts."""
    rs = load_ruleset("pucka-2019")
    for calls, expected in (
            (["pass", "pass", "kontra", "pass", "pass", "pass"], (0, 1, (2,))),
            (["kontra", "pass", "rekontra", "pass", "bok", "pass", "hirsch", "pass", "pass",
              "pass"], (3, 8, (6,)))):
        d = Deal.from_text(rs, 0, CICHA_HANDS)
        for c in calls:
            d.call(c)
        while not d.is_over:
            d.play(d.legal_cards()[0])
        rec = series_record(rs, [record_of(d)])
        r = replay(parse_record(json.loads(dumps_record(rec, "json")))).results[0]
        assert (r.contract, r.level, r.mult, r.game.dead) == ("cicha", *expected)
