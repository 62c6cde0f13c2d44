"""Playing a card in licitovaný mariáš (issue 28 item 4; LICITOVANY §2, §3): the legal
cards of each contract kind, the trick's winner, the aktér's announced sevens, the first
lead, hlášky."""

from __future__ import annotations

import pytest

from stolik.deck32 import format_mask, parse_card, parse_cards, parse_mask
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.rules import (
    Contract,
    announces,
    contract_problem,
    first_leader,
    hlaska_value,
    playable,
    taker,
)

SEDMA_B = Contract(RUNGS[1], trump=2)
BETL = Contract(RUNGS[7])
DVE_SEDMY = Contract(RUNGS[9], trump=2, helper=1)   # kule trumps, zelené helper


def legal(hand: str, trick: str, contract: Contract, trick_no: int = 2,
          akter: bool = False) -> str:
    return format_mask(playable(parse_mask(hand), parse_cards(trick), contract,
                                trick_no=trick_no, akter=akter), ascii=True)


@pytest.mark.parametrize(("hand", "trick", "want"), [
    ("KL 9L AB 7A", "OL", "KL"),           # follow and beat
    ("KL 9L AB 7A", "AL", "KL 9L"),        # follow, cannot beat
    ("KL 9L AB 7A", "OL 7B", "KL 9L"),     # trumped: need not beat in the led suit
    ("KH 9B AB 7A", "OL", "AB 9B"),        # void: trump
    ("KH 9B AB 7A", "OL TB", "AB"),        # overtrump if able
    ("KH 9B 7A", "OL AB", "9B"),           # cannot overtrump: still trump
    ("KH 7A", "OL", "KH 7A"),              # no suit, no trumps: any card
])
def test_trump_game_obligations(hand: str, trick: str, want: str) -> None:
    """LICITOVANY §3 (as MARIAS §3): follow and beat, else trump and overtrump, else any."""
    assert legal(hand, trick, SEDMA_B) == want


def test_betl_and_durch_order_and_no_trumps() -> None:
    """LICITOVANY §2: in betl and durch A > K > O > U > 10 > 9; no trumps."""
    assert legal("TL 9L AB", "UL", BETL) == "TL 9L"      # the ten does not beat the spodek
    assert legal("KL 9L AB", "UL", BETL) == "KL"
    assert legal("KH AB", "UL", BETL) == "KH AB"
    assert taker(parse_cards("UL TL AB"), BETL) == 0
    assert taker(parse_cards("UL TL AB"), SEDMA_B) == 2   # kule trumps
    assert taker(parse_cards("UL TL 9H"), SEDMA_B) == 1


def test_the_aktér_keeps_his_announced_sevens() -> None:
    """LICITOVANY §3, Decisions "Sevens": the trump 7 not before trick 10, the helper 7
    not before trick 9, unless nothing else is legal; either when both are the only
    legal cards; a defender's seven is free."""
    assert legal("7B AH", "", SEDMA_B, 3, akter=True) == "AH"
    assert legal("7B AH", "", SEDMA_B, 3, akter=False) == "AH 7B"
    assert legal("7B AH", "", SEDMA_B, 10, akter=True) == "AH 7B"
    assert legal("7B AH", "9B", SEDMA_B, 3, akter=True) == "7B"   # his only legal card
    assert legal("7L 7B AH", "", DVE_SEDMY, 8, akter=True) == "AH"
    assert legal("7L 7B AH", "", DVE_SEDMY, 9, akter=True) == "AH 7L"
    assert legal("7L 7B", "", DVE_SEDMY, 8, akter=True) == "7L 7B"
    assert legal("7L 7B", "", DVE_SEDMY, 9, akter=True) == "7L"


def test_first_lead() -> None:
    """LICITOVANY §3: the forhont leads in every trump game, the aktér in betl and durch."""
    assert first_leader(SEDMA_B, forhont=1, akter=0) == 1
    assert first_leader(Contract(RUNGS[8]), forhont=1, akter=0) == 0


def test_hlasky() -> None:
    """LICITOVANY §3: a K or O of a whole pair, in rungs 1–6, 10, 12; 40 in trumps."""
    hand = parse_mask("KB OB KL OL 9A")
    assert announces(hand, parse_card("KB"), SEDMA_B)
    assert not announces(hand ^ parse_mask("OB"), parse_card("KB"), SEDMA_B)
    assert not announces(hand, parse_card("KB"), BETL)
    assert not announces(hand, parse_card("KB"), DVE_SEDMY)
    assert announces(hand, parse_card("OL"), Contract(RUNGS[10], trump=2, helper=1))
    assert (hlaska_value(parse_card("KB"), SEDMA_B), hlaska_value(parse_card("KL"), SEDMA_B)) \
        == (40, 20)


@pytest.mark.parametrize(("rung", "trump", "helper", "problem"), [
    (1, 0, None, "a non-red rung may not name hearts trumps"),
    (2, 1, None, "a red rung takes hearts trumps"),
    (7, 1, None, "betl and durch name no suit"),
    (9, 1, None, "dvě sedmy names a helper suit"),
    (9, 1, 1, "the helper suit must differ from the trump"),
    (4, 1, 2, "only dvě sedmy names a helper"),
    (9, 1, 0, None), (11, 0, 3, None), (8, None, None, None),
])
def test_what_a_contract_names(rung: int, trump: int | None, helper: int | None,
                               problem: str | None) -> None:
    """LICITOVANY §4.4, Decisions "Contract words": hearts may be a non-red helper."""
    assert contract_problem(RUNGS[rung], trump, helper) == problem
