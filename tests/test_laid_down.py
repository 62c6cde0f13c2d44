"""RULES §7: laid-down contracts (wykładane — a solo or cicha its player cannot lose
whatever the others hold and play) accept fewer doublings: `pucka-2019` and `linia` only a
kontra (seed 000 §7f–h, 003 §15), `mester-sport` none (seed 001 §7O). The solver decides
what is laid down (tests/test_solver.py checks it against the seeds' examples)."""

from __future__ import annotations

import pytest

from stolik.errors import RecordError
from stolik.games.baska.calls import parse_call
from stolik.games.baska.record import loads_document, parse_record, replay
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.state import Deal

# Dealer 3, so seat 0 is forehand and leads: gran with J♣ J♠ A♥ A♣ "na wyjściu" is laid
# down (seed 003 §9h); the same hand at seat 1, second to play, is not.
GRAN_HANDS = ["JC JS AH AC", "QC QS QH QD", "TC TS TH TD", "AS AD JH JD"]
# Dealer 0: seat 0 plays last to the first trick ("na dobiciu") with a cicha of
# Q♣ Q♠ A♥ Q♥ — laid down in pucka-2019 and linia (seed 000 §7h).
CICHA_HANDS = ["QC QS AH QH", "TC TS TH TD", "AC AS JC JS", "AD QD JH JD"]

LIMIT = {"pucka-2019": 1, "mester-sport": 0, "linia": 1}


def gran_by(seat: int, ruleset: str) -> Deal:
    hands = GRAN_HANDS[-seat:] + GRAN_HANDS[:-seat] if seat else GRAN_HANDS
    d = Deal.from_text(load_ruleset(ruleset), 3, hands)
    # Speaking order for dealer 3: 1, 2, 3, 0 — the declarer calls gran on his turn.
    for s in (1, 2, 3, 0):
        d.call("gran" if s == seat else "pass")
        if s == seat:
            break
    return d


@pytest.mark.parametrize("ruleset", ["pucka-2019", "mester-sport", "linia"])
def test_laid_down_gran_accepts_only_the_ruleset_limit(ruleset: str) -> None:
    """RULES §7: forehand's gran with two jacks (J♣ among them) and two aces is laid down."""
    d = gran_by(0, ruleset)
    rs = d.rs
    assert d.to_act == 1
    kontra = parse_call("kontra", rs)
    if LIMIT[ruleset] == 0:
        why = d.why_not_call(kontra)
        assert why == ("gran is laid down (wykładane: it cannot be lost) and accepts no "
                       "doubling (RULES §7)")
        return
    d.call("kontra")
    d.call("pass")
    d.call("pass")
    assert d.to_act == 0
    why = d.why_not_call(parse_call("rekontra", rs))
    assert why == ("gran is laid down (wykładane: it cannot be lost) and accepts only "
                   "kontra (RULES §7)")
    assert [c.text(rs) for c in d.legal_calls()] == ["pass", "zolo", "gran-du", "zolo-du"]


@pytest.mark.parametrize("ruleset", ["pucka-2019", "mester-sport", "linia"])
def test_the_same_cards_not_on_lead_accept_every_doubling(ruleset: str) -> None:
    """RULES §7: the same gran second to play can be beaten, so it is doubled as usual."""
    d = gran_by(1, ruleset)
    d.call("kontra")
    d.call("pass")
    d.call("pass")
    assert d.to_act == 1
    assert "rekontra" in [c.text(d.rs) for c in d.legal_calls()]


@pytest.mark.parametrize(("ruleset", "laid"), [("pucka-2019", True), ("linia", True)])
def test_laid_down_cicha_na_dobiciu(ruleset: str, laid: bool) -> None:
    """RULES §7, seed 000 §7h: a cicha with A♥ + Q♥ played last to the first trick accepts
    only a kontra — its player may not answer with a rekontra."""
    d = Deal.from_text(load_ruleset(ruleset), 0, CICHA_HANDS)
    d.call("kontra")            # seat 2, a młody
    d.call("pass")
    assert d.to_act == 0
    why = d.why_not_call(parse_call("rekontra", d.rs))
    assert (why is not None and "cicha is laid down" in why) == laid


def test_a_record_doubling_a_laid_down_contract_too_far_is_refused() -> None:
    """RULES §7, §11: the record names the deal, the entry and the rule."""
    doc = loads_document(
        'ruleset = "pucka-2019"\n[[deal]]\ndealer = 3\n'
        'hands = ["JC JS AH AC", "QC QS QH QD", "TC TS TH TD", "AS AD JH JD"]\n'
        'auction = ["1 pass", "2 pass", "3 pass", "0 gran", "1 kontra", "2 pass", "3 pass",'
        ' "0 rekontra"]\n', "toml")
    with pytest.raises(RecordError) as e:
        replay(parse_record(doc))
    assert str(e.value) == ("deal 1, auction entry 8: gran is laid down (wykładane: it cannot "
                            "be lost) and accepts only kontra (RULES §7)")
