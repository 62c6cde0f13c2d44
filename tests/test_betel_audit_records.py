"""Audit of issue 12, records (BETEL §6): the broken records that ``test_betel_record``'s
table did not try — the play entries (out of turn, before the auction's end, after the
deal's end), an exchange where nothing could follow it, a kontra with no contract standing,
and a fault in a later deal — each refused by ``replay`` in one line naming the deal, the
entry and the rule."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from stolik.errors import RecordError
from stolik.games.betel.record import dumps_record, parse_record, record_of, replay, series_record
from stolik.games.betel.ruleset import load_ruleset
from stolik.records import loads_document
from test_betel_audit_ruleset_keys import played

RS = load_ruleset("gps-2022")


def document(dealer: int = 0) -> dict[str, Any]:
    """One deal of HANDS, 1♥ by seat ``dealer`` passed out and played to its end, as a
    record document."""
    d = played(RS, "1H", "pas", "pas", dealer=dealer)
    return loads_document(dumps_record(series_record(RS, [record_of(d)])), "toml")


BASE = document()
PLAY: list[str] = BASE["deal"][0]["play"]
CASES: list[tuple[str, dict[str, Any], str]] = [
    ("play out of turn", {"play": ["1 9C", *PLAY[1:]]},
     "deal 1, play entry 1: seat 1 plays out of turn: seat 0 is to play (BETEL §4)"),
    ("play before the auction ends", {"auction": ["0 1H", "1 pas"]},
     "deal 1, play entry 1: no card is played before the auction ends (BETEL §3)"),
    ("play after the tenth trick", {"play": [*PLAY, "0 AC"]},
     "deal 1, play entry 31: the deal is over: no more cards are played (BETEL §4)"),
    ("exchange with nothing to follow",
     {"auction": ["0 szlem-BA", "1 kontra", "2 szlem-BA", "0 exchange AC 9C pas"]},
     "deal 1, auction entry 4: seat 0 may not exchange: no contract or kontra could follow "
     "(BETEL §3, Decision)"),
    ("kontra with no contract", {"auction": ["0 kontra"]},
     "deal 1, auction entry 1: seat 0 cannot say kontra: no contract stands (BETEL §3)"),
    ("two dubel actions", {"auction": ["0 look 1 QC look 2 pas"]},
     "deal 1, auction entry 1: cannot read '0 look 1 QC look 2 pas'"),
    ("look 1 at a card another's exchange took",
     {"auction": ["0 1H", "1 exchange AH KH 2H", "2 look 1 QC pas"]},
     "deal 1, auction entry 3: QC does not lie in the dubel, so seat 2 cannot have seen it "
     "there (BETEL §3)"),
]


@pytest.mark.parametrize(("changes", "message"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_betel_audit_6_broken_records_refused_in_one_line(changes: dict[str, Any],
                                                          message: str) -> None:
    """BETEL §6: "broken records are refused naming the deal, the entry and the rule"."""
    doc = copy.deepcopy(BASE)
    doc["deal"][0].update(changes)
    with pytest.raises(RecordError) as e:
        replay(parse_record(doc))
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


def test_betel_audit_6_a_fault_in_a_later_deal_names_that_deal() -> None:
    """BETEL §6: the second deal (dealer seat 1, BETEL §1) with a card out of turn is
    refused as deal 2's play entry; the first deal, sound, replays."""
    doc = copy.deepcopy(BASE)
    second = document(dealer=1)["deal"][0]
    good = copy.deepcopy(doc)
    good["deal"].append(second)
    assert len(replay(parse_record(good)).results) == 2
    second["play"][0] = "2 " + second["play"][0].split()[1]
    doc["deal"].append(second)
    with pytest.raises(RecordError, match=r"^deal 2, play entry 1: seat 2 plays out of turn: "
                                          r"seat 1 is to play \(BETEL §4\)$"):
        replay(parse_record(doc))
