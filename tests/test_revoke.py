"""RULES §8: a revoke recorded by a referee ends the deal. pucka-2019 and linia: the offender
alone loses — −3v to him, +v to each other seat, v the contract's value with its doublings
(plain game or wesele: the other side winning z wyjściem; a solo: the declarer's loss
value). mester-sport: the offender −12, every other seat +4; a lone declarer who revokes
loses his contract as usual instead."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from stolik.errors import IllegalMove
from stolik.games.baska.deck import DECK
from stolik.games.baska.record import parse_record, replay
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.scoring import DealResult
from stolik.games.baska.state import Deal

# Dealer 0, forehand 1; auction order 2, 3, 0, 1. Starzy: seat 0 (Q♣), seat 1 (Q♠).
# Seat 1 leads J♣. In pucka-2019/linia seat 2 has no trump (any card), seat 3 must beat
# with Q♦ (he can revoke), then seat 0 must beat Q♦ with A♥ 10♥ Q♣ (he can revoke).
# In mester-sport seat 2 must beat J♣ with A♣ or A♠ (he can revoke).
PLAIN = ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"]

# Seat 0 holds both black queens (cicha or wesele; pucka/linia wesele partner: J♠, seat
# 2). Dealer 2: forehand 3 leads Q♥, and seat 0 must beat it with Q♣, Q♠ or 10♥ — not J♣.
QUEENS = ["QC QS JC TH", "AC TC AS TS", "JS AH JH AD", "QH TD QD JD"]


def revoked(ruleset: str, hands: Sequence[str], dealer: int, auction: Sequence[str],
            play: Sequence[str], offender: int, *, bok_deal: bool = False) -> DealResult:
    """Play ``auction`` and ``play``, then record that ``offender`` (the seat to play)
    revoked; return the settled deal."""
    d = Deal.from_text(load_ruleset(ruleset), dealer, hands, bok_deal=bok_deal)
    for c in auction:
        d.call(c)
    for card in play:
        d.play(card)
    assert d.to_act == offender
    assert d.why_not_revoke(offender) is None
    d.record_revoke(offender)
    assert d.is_over and d.phase == "done"
    r = d.result()
    assert r.revoke == offender and not r.tie
    assert sum(r.payout) == 0
    assert r.winners == tuple(s for s in range(4) if s != offender)
    return r


def lone(seat: int, amount: int) -> tuple[int, int, int, int]:
    """``seat`` gets 3 × amount, every other seat −amount."""
    out = [-amount] * 4
    out[seat] = 3 * amount
    return (out[0], out[1], out[2], out[3])


P4 = ["pass"] * 4


# ---------------------------------------------------------------- pucka-2019 and linia


@pytest.mark.parametrize("ruleset", ["pucka-2019", "linia"])
@pytest.mark.parametrize(
    ("auction", "play", "offender", "v"),
    [
        # młody seat 3 revokes: v = starzy winning z wyjściem = 1
        (P4, ["JC", "TC"], 3, 1),
        # stary seat 0 revokes: v = młodzi winning z wyjściem = 2
        (P4, ["JC", "TC", "QD"], 0, 2),
        # młody seat 2 doubled: ×2
        (["kontra", "pass", "pass", "pass"], ["JC", "TC"], 3, 2),
        (["kontra", "pass", "pass", "pass"], ["JC", "TC", "QD"], 0, 4),
        # kontra (seat 2) and rekontra (seat 0): ×4
        (["kontra", "pass", "rekontra", "pass", "pass", "pass"], ["JC", "TC", "QD"], 0, 8),
    ],
)
def test_rules_8_plain_game_revoke(ruleset: str, auction: list[str], play: list[str],
                                   offender: int, v: int) -> None:
    """RULES §8 (000 §7e, 003 §13e, §14, §18): in a plain game the offender pays 3v, v the
    value of the other side winning z wyjściem, with the doublings."""
    r = revoked(ruleset, PLAIN, 0, auction, play, offender)
    assert r.payout == lone(offender, -v)


@pytest.mark.parametrize("ruleset", ["pucka-2019", "linia"])
@pytest.mark.parametrize(
    ("contract", "values"),
    [("zolo", {"pucka-2019": 5, "linia": 10}), ("gran-du", {"pucka-2019": 10, "linia": 20})],
)
@pytest.mark.parametrize("offender_is_declarer", [True, False])
def test_rules_8_solo_revoke_uses_the_declarers_loss_value(
    ruleset: str, contract: str, values: dict[str, int], offender_is_declarer: bool
) -> None:
    """RULES §8: in a solo v is the declarer's loss value (linia's are doubled) — whoever
    revokes, he alone pays 3v and every other seat, the declarer included, gets v."""
    # Seat 1 leads J♣ and seat 2 throws 10♣ (no trump — in gran no walet — in his hand).
    # Seat 3 must beat J♣ with Q♦ in zoło; in gran-du he must add a walet, not Q♦. So
    # seat 3 can revoke: he is the declarer (order 2, 3, …: seat 2 passes first) or an
    # opponent of seat 2.
    if offender_is_declarer:
        auction = ["pass", contract, "pass", "pass", "pass"]
    else:
        auction = [contract, "pass", "pass", "pass"]
    play, offender = ["JC", "TC"], 3
    r = revoked(ruleset, PLAIN, 0, auction, play, offender)
    assert (r.game.declarer == offender) is offender_is_declarer
    assert r.value == values[ruleset]
    assert r.payout == lone(offender, -values[ruleset])


@pytest.mark.parametrize(
    ("ruleset", "v"), [("pucka-2019", 4), ("linia", 8)],
)
def test_rules_8_cicha_revoke(ruleset: str, v: int) -> None:
    """RULES §8: the cicha player revokes — v is cicha's loss value (4; linia 8) × 2 for
    the kontra."""
    # Dealer 2: order 0, 1, 2, 3. Seat 1 doubles; seat 3 leads Q♥.
    r = revoked(ruleset, QUEENS, 2, ["pass", "kontra", "pass", "pass", "pass"], ["QH"], 0)
    assert r.game.contract.id == "cicha" and r.level == 1
    assert r.payout == lone(0, -2 * v)


@pytest.mark.parametrize("ruleset", ["pucka-2019", "linia"])
def test_rules_8_wesele_revoke(ruleset: str) -> None:
    """RULES §8: the wesele declarer revokes — v is młodzi winning z wyjściem (2)."""
    r = revoked(ruleset, QUEENS, 2, ["wesele", "pass", "pass", "pass"], ["QH"], 0)
    assert r.game.contract.id == "wesele" and r.game.partner == 2
    assert r.payout == lone(0, -2)


def test_rules_8_revoke_on_a_bok_deal_is_doubled_in_linia() -> None:
    """RULES §6, §8: the revoke's value is doubled on a bok-round deal (×2), and a
    revoked deal is no 52:52 (starts no bok-round)."""
    r = revoked("linia", PLAIN, 0, P4, ["JC", "TC", "QD"], 0, bok_deal=True)
    assert r.payout == lone(0, -4)


def test_rules_8_revoke_in_a_record() -> None:
    """RULES §8, §11: ``revoke = <seat>`` in a record: play stops before the revoking card
    and the deal is scored by RULES §8."""
    doc = {"ruleset": "pucka-2019", "deal": [{
        "dealer": 0, "hands": PLAIN, "auction": ["2 pass", "3 pass", "0 pass", "1 pass"],
        "play": ["1 JC", "2 TC", "3 QD"], "revoke": 0}]}
    res = replay(parse_record(doc))
    assert res.results[0].revoke == 0
    assert res.totals == (-6, 2, 2, 2)


# ---------------------------------------------------------------- mester-sport


@pytest.mark.parametrize(
    ("auction", "offender"),
    [
        (P4, 2),                                           # plain game, młody
        (["kontra", "pass", "pass", "pass"], 2),           # doubled: still 12 / 4
        (["pass", "zolo", "pass", "pass", "pass"], 2),     # an opponent of seat 3's zoło
        (["pass", "zolo", "kontra", "pass", "pass", "pass"], 2),  # doubled zoło, opponent
    ],
)
def test_rules_8_mester_sport_fixed_penalty(auction: list[str], offender: int) -> None:
    """RULES §8 (001 §7J): the offender −12, every other seat +4, whatever the game and
    its doublings. Seat 1 leads J♣; seat 2 must beat with A♣ or A♠ (black aces are trumps)
    and is recorded revoking."""
    r = revoked("mester-sport", PLAIN, 0, auction, ["JC"], offender)
    assert r.payout == (4, 4, -12, 4)


@pytest.mark.parametrize(("auction", "payout"), [
    (["zolo", "pass", "pass", "pass"], lone(2, -5)),
    (["zolo", "kontra", "pass", "pass", "pass"], lone(2, -10)),
    (["gran-du", "pass", "pass", "pass"], lone(2, -10)),
])
def test_rules_8_mester_sport_lone_declarer_loses_his_contract(
    auction: list[str], payout: tuple[int, ...]
) -> None:
    """RULES §8 (001 §7K): if the offender is the lone declarer he loses his contract as
    usual (its loss value with doublings) instead of the fixed −12. Seat 2 declares; in
    zoło seat 1 leads J♣ and seat 2 must beat it with A♣ or A♠; in gran-du seat 1 leads
    Q♠ and seat 2 must beat it inside the suit with A♠ or 10♠."""
    play = ["QS"] if auction[0] == "gran-du" else ["JC"]
    r = revoked("mester-sport", PLAIN, 0, auction, play, 2)
    assert r.game.declarer == 2
    assert r.payout == payout


def test_rules_8_mester_sport_cicha_player_loses_his_cicha() -> None:
    """RULES §8: the cicha player is a lone declarer too — a doubled cicha lost: 3 × 4 × 2."""
    r = revoked("mester-sport", QUEENS, 2, ["pass", "kontra", "pass", "pass", "pass"], ["QH"], 0)
    assert r.game.contract.id == "cicha"
    assert r.payout == lone(0, -8)


# ---------------------------------------------------------------- one situation, three rulesets


@pytest.mark.parametrize(
    ("ruleset", "contract", "payout"),
    [
        # cicha: v = its loss value (4, linia 8); mester-sport: he loses his cicha (4)
        ("pucka-2019", None, lone(0, -4)),
        ("mester-sport", None, lone(0, -4)),
        ("linia", None, lone(0, -8)),
        # wesele: v = młodzi winning z wyjściem (2); mester-sport: the fixed −12 / +4,
        # the wesele declarer not being a lone player
        ("pucka-2019", "wesele", lone(0, -2)),
        ("mester-sport", "wesele", (-12, 4, 4, 4)),
        ("linia", "wesele", lone(0, -2)),
    ],
)
def test_rules_8_same_revoke_in_every_ruleset(ruleset: str, contract: str | None,
                                              payout: tuple[int, ...]) -> None:
    """RULES §8 across the rulesets: seat 0 (both black queens) plays cicha (four passes)
    or wesele; forehand 3 leads Q♥ and seat 0, who must beat it, is recorded revoking."""
    auction = P4 if contract is None else [contract, "pass", "pass", "pass"]
    r = revoked(ruleset, QUEENS, 2, auction, ["QH"], 0)
    assert r.game.contract.id == (contract or "cicha")
    assert r.payout == payout


# ---------------------------------------------------------------- when a revoke may be recorded


@pytest.mark.parametrize("ruleset", ["pucka-2019", "mester-sport", "linia"])
def test_rules_8_revoke_only_by_the_seat_to_play_with_an_illegal_card(ruleset: str) -> None:
    """RULES §8, §11: a revoke is recorded for the seat to play, only during the play, and
    only when that seat holds a card it may not play."""
    d = Deal.from_text(load_ruleset(ruleset), 0, PLAIN)
    why = d.why_not_revoke(2)
    assert why is not None and "RULES §8" in why       # still the auction
    for _ in range(4):
        d.call("pass")
    why = d.why_not_revoke(1)
    assert why is not None and "every card" in why     # the leader may play anything
    with pytest.raises(IllegalMove):
        d.record_revoke(1)
    why = d.why_not_revoke(3)
    assert why is not None and "seat 1" in why           # not seat 3's turn
    d.play("JC")
    legal = DECK.format(d.legal_cards(), ascii=True)
    if ruleset == "mester-sport":
        assert legal == "AC AS"                          # must beat J♣ with a black ace
        assert d.why_not_revoke(2) is None
    else:
        assert legal == "AC TC AS TS"                    # no trump: every card is legal
        assert d.why_not_revoke(2) is not None
