"""RULES §6: the bok-runda (linia only). A deal that ends 52:52 makes the next four deals of
the series worth double; a bok during a bok-runda adds four more doubled deals after the
pending ones (Decision), and a deal is never doubled twice by boks. pucka-2019 and
mester-sport have no bok-rounds. Series are hand-built records replayed with
:func:`stolik.games.baska.record.replay`."""

from __future__ import annotations

from typing import Any

import pytest

from stolik.games.baska.record import parse_record, replay
from stolik.games.baska.ruleset import load_ruleset

# Plain-game deals written for dealer 0 (forehand 1); :func:`rotated` moves them round the
# table so that a series can give each deal to the next dealer.
#
# TIE (pucka-2019 and linia): starzy (Q♣ seat 2, Q♠ seat 3) take exactly 52 — młodzi win
# z wyjściem, 2 each (4 on a bok deal).
TIE = {
    "hands": ["AS TS AH JH", "JC JS AD JD", "AC QC TH TD", "TC QS QH QD"],
    "play": ["1 JS", "2 QC", "3 QS", "0 AH", "0 JH", "1 JC", "2 TH", "3 QH",
             "2 TD", "3 QD", "0 AS", "1 AD", "3 TC", "0 TS", "1 JD", "2 AC"],
}
# TIE for mester-sport, whose black aces are trumps: starzy (seats 1, 3) take 52.
TIE_MESTER = {
    "hands": ["AC JC AS JD", "QC JS AH JH", "TC TS QH QD", "QS TH AD TD"],
    "play": ["1 JH", "2 QD", "3 TH", "0 AC", "0 JD", "1 AH", "2 QH", "3 AD",
             "1 JS", "2 TS", "3 QS", "0 AS", "0 JC", "1 QC", "2 TC", "3 TD"],
}
# WIN (pucka-2019 and linia): starzy seats 0, 1 take every trick — bez bitki, 3 each.
WIN = {
    "hands": ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"],
    "play": ["1 JC", "2 TC", "3 QD", "0 QC", "0 AH", "1 TD", "2 TS", "3 JD",
             "0 AD", "1 QH", "2 AC", "3 JS", "1 QS", "2 AS", "3 JH", "0 TH"],
}
# WIN for mester-sport: starzy (Q♠ seat 0, Q♣ seat 3) take every trick — bez bitki, 3 each.
WIN_MESTER = {
    "hands": ["JC QS AH TH", "AS TS QH JD", "TC JS JH TD", "AC QC AD QD"],
    "play": ["1 QH", "2 JS", "3 QC", "0 AH", "0 TH", "1 AS", "2 JH", "3 AC",
             "3 AD", "0 JC", "1 JD", "2 TD", "0 QS", "1 TS", "2 TC", "3 QD"],
}


def rotated(deal: dict[str, list[str]], dealer: int, auction: list[str] | None = None
            ) -> dict[str, Any]:
    """``deal`` (written for dealer 0) dealt by ``dealer``: every seat moves ``dealer``
    places clockwise. The auction is four passes unless given (written for dealer 0)."""
    def seat(entry: str) -> str:
        s, what = entry.split(" ", 1)
        return f"{(int(s) + dealer) % 4} {what}"

    calls = auction if auction is not None else ["2 pass", "3 pass", "0 pass", "1 pass"]
    return {
        "dealer": dealer,
        "hands": [deal["hands"][(s - dealer) % 4] for s in range(4)],
        "auction": [seat(c) for c in calls],
        "play": [seat(p) for p in deal["play"]],
    }


def series(ruleset: str, deals: list[dict[str, list[str]]]) -> Any:
    """Replay a series whose i-th deal is dealt by seat i mod 4."""
    doc = {"ruleset": ruleset, "deal": [rotated(d, i % 4) for i, d in enumerate(deals)]}
    return replay(parse_record(doc))


def test_rules_6_deals_themselves() -> None:
    """The building blocks: TIE is 52:52 in linia and pucka-2019 (TIE_MESTER in
    mester-sport); WIN (WIN_MESTER) is a bez bitki win of starzy — at every dealer."""
    for dealer in range(4):
        for ruleset, tie, win in (("linia", TIE, WIN), ("pucka-2019", TIE, WIN),
                                  ("mester-sport", TIE_MESTER, WIN_MESTER)):
            doc = {"ruleset": ruleset, "deal": [rotated(tie, dealer)]}
            r = replay(parse_record(doc)).results[0]
            assert r.tie and r.category == "z_wyjsciem" and r.value == 2
            doc = {"ruleset": ruleset, "deal": [rotated(win, dealer)]}
            r = replay(parse_record(doc)).results[0]
            assert not r.tie and r.category == "bez_bitki" and r.value == 3


def test_rules_6_tie_starts_four_doubled_deals_in_linia() -> None:
    """RULES §6 (003 §5h, §12): a 52:52 makes the next four deals worth double."""
    res = series("linia", [TIE, WIN, WIN, WIN, WIN, WIN])
    assert [r.bok_deal for r in res.results] == [False, True, True, True, True, False]
    assert [r.mult for r in res.results] == [1, 2, 2, 2, 2, 1]
    assert [max(r.payout) for r in res.results] == [2, 6, 6, 6, 6, 3]
    assert sum(res.totals) == 0
    assert res.to_json()["deals"][1]["bok_deal"] is True   # marked on the score sheet


def test_rules_6_bok_during_bok_round_adds_four_after_pending() -> None:
    """RULES §6 Decision: a bok in the bok-round's 2nd deal adds four doubled deals after
    the three still pending — deals 2–9 are doubled, deal 10 is not; the tie deal itself,
    already a bok deal, is doubled once (×2), not twice."""
    res = series("linia", [TIE, WIN, TIE, WIN, WIN, WIN, WIN, WIN, WIN, WIN])
    assert [r.bok_deal for r in res.results] == [False] + [True] * 8 + [False]
    assert res.results[2].tie and res.results[2].mult == 2
    assert max(res.results[2].payout) == 4   # 2 × 2, not 2 × 4
    assert [r.mult for r in res.results] == [1] + [2] * 8 + [1]


def test_rules_6_two_ties_in_a_row() -> None:
    """RULES §6: a tie right after a tie — the first starts deals 2–5, the second (deal 2)
    adds deals 6–9."""
    res = series("linia", [TIE, TIE, WIN, WIN, WIN, WIN, WIN, WIN, WIN, WIN])
    assert [r.bok_deal for r in res.results] == [False] + [True] * 8 + [False]


def test_rules_6_bok_deal_keeps_its_doublings() -> None:
    """RULES §6–§7: a bok deal's value is doubled on top of its kontras — a kontra on a
    bok deal gives ×4."""
    # The second deal (dealer 1) is WIN with its first speaker — młody seat 2 of the
    # dealer-0 layout, seat 3 after rotation — doubling; starzy then win bez bitki.
    doc = {"ruleset": "linia", "deal": [
        rotated(TIE, 0),
        rotated(WIN, 1, auction=["2 kontra", "3 pass", "0 pass", "1 pass"]),
    ]}
    res = replay(parse_record(doc))
    r = res.results[1]
    assert (r.bok_deal, r.level, r.mult) == (True, 1, 4)
    assert max(r.payout) == 12


@pytest.mark.parametrize(
    ("ruleset", "tie", "win"),
    [("pucka-2019", TIE, WIN), ("mester-sport", TIE_MESTER, WIN_MESTER)],
)
def test_rules_6_no_bok_round_outside_linia(ruleset: str, tie: dict[str, list[str]],
                                            win: dict[str, list[str]]) -> None:
    """RULES §6: bok-rounds are `linia` only — a 52:52 doubles nothing in pucka-2019 or
    mester-sport."""
    res = series(ruleset, [tie, win, win, win, win])
    assert res.results[0].tie
    assert [r.bok_deal for r in res.results] == [False] * 5
    assert [r.mult for r in res.results] == [1] * 5


@pytest.mark.parametrize(("ruleset", "deals"), [("pucka-2019", 0), ("mester-sport", 0),
                                                ("linia", 4)])
def test_rules_6_bok_round_length_is_ruleset_data(ruleset: str, deals: int) -> None:
    """RULES §6: four bok deals in linia (003 §17), none in the others."""
    assert load_ruleset(ruleset).series.bok_round_deals == deals


def test_rules_6_bok_round_runs_past_the_end_of_the_series() -> None:
    """RULES §6: a tie in the last deals leaves the rest of its bok-round unplayed; the
    series still settles (totals sum to zero)."""
    res = series("linia", [WIN, WIN, TIE, WIN])
    assert [r.bok_deal for r in res.results] == [False, False, False, True]
    assert res.totals == (
        sum(r.payout[0] for r in res.results), sum(r.payout[1] for r in res.results),
        sum(r.payout[2] for r in res.results), sum(r.payout[3] for r in res.results))
    assert sum(res.totals) == 0


def test_rules_6_revoked_deal_is_no_bok_even_at_52() -> None:
    """RULES §6, §8: a deal stopped by a revoke is settled by RULES §8, not by points —
    even when the starzy (seats 2, 3) hold exactly 52 at that moment it is no 52:52 and
    starts no bok-round."""
    revoked = {
        "dealer": 0,
        "hands": ["AC AS TS TD", "TH JH AD JD", "JC QS AH QD", "TC QC JS QH"],
        "auction": ["2 pass", "3 pass", "0 pass", "1 pass"],
        # After two tricks seats 2 and 3 have 34 + 18 = 52; seat 2 leads J♣ and seat 3,
        # who must beat it with Q♥ (not 10♣), is found revoking.
        "play": ["1 JH", "2 QD", "3 QC", "0 TD", "3 JS", "0 AS", "1 TH", "2 AH", "2 JC"],
        "revoke": 3,
    }
    doc = {"ruleset": "linia", "deal": [revoked, rotated(WIN, 1)]}
    res = replay(parse_record(doc))
    first = res.results[0]
    assert first.points[2] + first.points[3] == 52
    assert (first.revoke, first.tie, first.payout) == (3, False, (2, 2, 2, -6))
    assert res.results[1].bok_deal is False


def test_rules_6_honour_on_a_bok_deal_is_doubled_too() -> None:
    """RULES §6 (Decision, README): a bok-runda deal doubles every payout, an honour's
    too; honours never tie (no cards are played)."""
    from stolik.games.baska.scoring import Game, score

    rs = load_ruleset("linia")
    game = Game(rs.contract("mester"), declarer=1, team=(1,))
    plain = score(rs, game, (0, 0, 0, 0), (0, 0, 0, 0))
    doubled = score(rs, game, (0, 0, 0, 0), (0, 0, 0, 0), bok_deal=True)
    assert plain.payout == (-10, 30, -10, -10) and not plain.tie
    assert doubled.payout == (-20, 60, -20, -20) and doubled.mult == 2


def test_rules_6_a_du_contract_at_52_52_is_a_tie() -> None:
    """RULES §6 (Decision, README): any deal ending 52:52 between the declaring side and
    the others starts a bok-runda, a du contract's too (it is lost all the same)."""
    from stolik.games.baska.scoring import Game, score

    rs = load_ruleset("linia")
    r = score(rs, Game(rs.contract("zolo-du"), declarer=0, team=(0,)),
              (52, 26, 26, 0), (2, 1, 1, 0))
    assert r.tie and r.winners == (1, 2, 3) and r.payout == (-60, 20, 20, 20)
