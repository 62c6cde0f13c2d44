"""Audit of issue 12: the seed's example auction (seed 004, "Przykład licytacji", BETEL §3),
transcribed as the seed prints it — each player's column of numbered calls in the author's
Polish words — and put back in the order of its numbers, so that the test follows the seed's
text rather than BETEL.md's summary of it. "Licytację zaczyna gracz A": A speaks first, so A
deals (BETEL §3: the dealer speaks first); B and C follow clockwise."""

from __future__ import annotations

import random

import pytest

from stolik.errors import IllegalMove
from stolik.games.betel.record import dumps_record, parse_record, record_of, replay, series_record
from stolik.games.betel.ruleset import Contract, load_ruleset
from stolik.games.betel.state import Deal
from stolik.records import loads_document
from test_betel_audit_ruleset_keys import HANDS

RS = load_ruleset("gps-2022")

SEED_COLUMNS = {
    "B": [(2, "Jeden pik"), (5, "Dwa pik"), (8, "Jeden kier"), (11, "Szlem bez atu")],
    "C": [(3, "Betelek 2"), (6, "Betelek 0"), (9, "Betel"), (12, "pas")],
    "A": [(1, "Jeden trefl"), (4, "pas"), (7, "kontra"), (10, "pas"), (13, "pas")],
}
"""The seed's three columns, verbatim ("Gracz B: 2. Jeden pik, 5. Dwa pik, …")."""

SEATS = {"A": 0, "B": 1, "C": 2}


def contract_named(words: str) -> Contract:
    """The ruleset's contract the seed names: its name exactly, else the one contract whose
    name begins with the words (the example writes "Dwa pik" for the list's "Dwa piki")."""
    exact = [c for c in RS.contracts if c.name.casefold() == words.casefold()]
    begins = [c for c in RS.contracts if c.name.casefold().startswith(words.casefold())]
    found = exact or begins
    assert len(found) == 1, (words, found)
    return found[0]


def seed_auction() -> list[tuple[int, str]]:
    """(seat, the engine's word) in the order of the seed's numbers, 1 to 13."""
    numbered = sorted((n, SEATS[player], words) for player, column in SEED_COLUMNS.items()
                      for n, words in column)
    assert [n for n, _, _ in numbered] == list(range(1, 14))
    return [(seat, words if words in ("pas", "kontra") else contract_named(words).call)
            for _, seat, words in numbered]


@pytest.mark.parametrize("seed", [0, 4, 31])
def test_betel_audit_3_the_seeds_example_auction_as_the_seed_prints_it(seed: int) -> None:
    """Seed 004 / BETEL §3: every call of the example is legal when its turn comes, on any
    deal (the auction does not depend on the cards), and "Ostatecznie będzie rozgrywany
    kontrakt: szlem bez atu" — B (seat 1) plays Szlem bez atu, not doubled, and leads."""
    d = Deal.random(RS, 0, random.Random(seed))
    for seat, word in seed_auction():
        assert d.phase == "auction" and d.to_act == seat
        move = d.parse_move(word)
        assert move in d.legal_moves(), (seat, word)
        d.move(move)
    assert d.phase == "play" and d.contract is not None
    assert d.contract.name == "Szlem bez atu" and d.declarer == 1 and not d.doubled
    assert d.to_act == 1                                  # BETEL §4: the declarer leads


def test_betel_audit_3_the_seed_example_turns_on_the_kontra() -> None:
    """Seed 004: B's "Jeden kier" (call 8) is lower than the standing Betelek 0 — legal only
    because A's kontra (call 7) restarted the auction ("po kontrze dalsza licytacja zaczyna
    się od nowa, można zadeklarować dowolny, nawet niższy kontrakt"); had A passed, it
    would be refused. And Betelek 0, kontra'd once, cannot be kontra'd again in the deal."""
    calls = seed_auction()
    d = Deal.random(RS, 0, random.Random(1))
    for _, word in calls[:6]:
        d.move(word)
    assert d.contract is not None and d.contract.call == "betelek-0" and d.declarer == 2
    without = d.clone()
    without.move("pas")
    with pytest.raises(IllegalMove, match="seat 1 cannot bid 1H: a contract must be higher "
                                          "than betelek-0"):
        without.move("1H")
    d.move("kontra")
    assert d.doubled
    d.move("1H")                                          # lower, after the kontra
    assert not d.doubled and d.declarer == 1
    d.move("betelek-0")                                   # C bids it anew (higher than 1♥)
    with pytest.raises(IllegalMove, match="betelek-0 was kontra'd already"):
        d.move("kontra")


def test_betel_audit_3_6_the_seed_example_with_exchanges_replays_from_its_record() -> None:
    """Seed 004: "Taka licytacja jest możliwa dzięki wymianie kart … gracz C dorzucił mu
    kilka wysokich kart": the same calls with C laying two high cards in the dubel (with
    his Betelek 2) and B taking them (with his Dwa pik) — written as a record (BETEL §6),
    read back and replayed to the same deal, B playing Szlem bez atu."""
    d = Deal.from_text(RS, 0, HANDS, "QC JC")
    for seat, word in seed_auction():
        assert d.to_act == seat
        if word == "betelek-2":                           # C: exchange, laying KC TC back
            d.move("take")
            d.move("lay KC TC")
        if word == "2S":                                  # B: takes KC TC, lays 7H 7S back
            d.move("take")
            d.move("lay 7H 7S")
        d.move(word)
    assert d.contract is not None and d.contract.call == "szlem-BA" and d.declarer == 1
    assert not d.doubled
    held = {c for c in range(32) if d.hands[1] >> c & 1}
    assert {d.parse_move("KC"), d.parse_move("TC")} <= held  # C's high cards went to B
    while not d.is_over:
        d.move(d.legal_moves()[0])
    rec = record_of(d)
    assert rec.auction[2].text() == "2 exchange KC TC betelek-2"
    assert rec.auction[4].text() == "1 exchange 7H 7S 2S"
    text = dumps_record(series_record(RS, [rec]))
    result = replay(parse_record(loads_document(text, "toml"))).results[0]
    assert result == d.result() and result.contract is not None
    assert result.contract.call == "szlem-BA" and result.declarer == 1


def test_the_transcription_can_fail() -> None:
    """The mapping from the seed's words is no stub: an unknown or ambiguous name fails."""
    with pytest.raises(AssertionError):
        contract_named("Cztery piki")
    with pytest.raises(AssertionError):
        contract_named("Betelek")                         # four betelki begin so
