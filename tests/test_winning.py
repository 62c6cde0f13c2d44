"""RULES §5: who wins a deal (53 points, 52:52, du, the mester-sport doubled tie, honours)
and the category of a plain game or wesele (bez bitki / bez wyjścia / z wyjściem) with each
ruleset's wyjście."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.scoring import DECLARING, OPPOSING, DealResult, Game, score
from stolik.games.baska.state import Deal

RULESETS = ("pucka-2019", "mester-sport", "linia")


def played(ruleset: str, dealer: int, hands: Sequence[str], auction: Sequence[str],
           play: Sequence[str]) -> DealResult:
    """Play a deal through the engine (each call and card checked) and settle it; ``play``
    entries are ``"<seat> <card>"`` as in a record (RULES §11)."""
    d = Deal.from_text(load_ruleset(ruleset), dealer, hands)
    for c in auction:
        d.call(c)
    for entry in play:
        seat, card = entry.split()
        assert d.to_act == int(seat), entry
        d.play(card)
    assert d.is_over
    return d.result()


def plain_game(ruleset: str, level: int = 0, first: int | None = None) -> Game:
    """A plain game with starzy seats 0 and 1."""
    return Game(load_ruleset(ruleset).zwykla, None, (0, 1), level, first)


def lone_game(ruleset: str, contract: str, level: int = 0, first: int | None = None) -> Game:
    """A 1 v 3 game of seat 0."""
    return Game(load_ruleset(ruleset).contract(contract), 0, (0,), level, first)


# ---------------------------------------------------------------- deals played in full
#
# Each deal is written for dealer 0 (forehand 1, auction order 2, 3, 0, 1). pucka-2019 and
# linia share the normal order, so one deal serves both; mester-sport (black aces are
# trumps) needs its own.

DealText = dict[str, list[str]]

# 52:52. pucka/linia: starzy Q♣ seat 2, Q♠ seat 3 take 17 + 35; mester-sport: starzy
# seats 1 and 3 take 52 + 0.
TIE: DealText = {
    "hands": ["AS TS AH JH", "JC JS AD JD", "AC QC TH TD", "TC QS QH QD"],
    "play": ["1 JS", "2 QC", "3 QS", "0 AH", "0 JH", "1 JC", "2 TH", "3 QH",
             "2 TD", "3 QD", "0 AS", "1 AD", "3 TC", "0 TS", "1 JD", "2 AC"],
}
TIE_MESTER: DealText = {
    "hands": ["AC JC AS JD", "QC JS AH JH", "TC TS QH QD", "QS TH AD TD"],
    "play": ["1 JH", "2 QD", "3 TH", "0 AC", "0 JD", "1 AH", "2 QH", "3 AD",
             "1 JS", "2 TS", "3 QS", "0 AS", "0 JC", "1 QC", "2 TC", "3 TD"],
}
# Starzy (seat 0: Q♣, seat 2: Q♠) take the two tricks made of the eight queens and
# walets — 2 tricks, 20 points; młodzi take every ace and ten (84). Forehand leads the
# top trump (A♥; A♣ in mester-sport) and the others must throw trumps they cannot beat
# it with; the rest of the tens fall in the last trick.
TWO_TRICKS: DealText = {
    "hands": ["QC QH TD AS", "AH JD JC TS", "QS JH TH TC", "AC JS QD AD"],
    "play": ["1 AH", "2 TH", "3 AD", "0 TD",
             "1 JD", "2 JH", "3 JS", "0 QC",
             "0 QH", "1 JC", "2 QS", "3 QD",
             "2 TC", "3 AC", "0 AS", "1 TS"],
}
TWO_TRICKS_MESTER: DealText = {
    "hands": ["QC QH TH TD", "AC JD JC TS", "QS JH AS TC", "AH JS QD AD"],
    "play": ["1 AC", "2 AS", "3 AH", "0 TH",
             "1 JD", "2 JH", "3 JS", "0 QC",
             "0 QH", "1 JC", "2 QS", "3 QD",
             "2 TC", "3 AD", "0 TD", "1 TS"],
}
# Starzy take one trick worth exactly 26 (pucka/linia: seats 0 Q♠, 2 Q♣; mester-sport:
# seats 1 Q♣, 3 Q♠).
STARZY_26: DealText = {
    "hands": ["AS TS QS JH", "JC JS TH JD", "QC QH AD QD", "AC TC AH TD"],
    "play": ["1 JD", "2 QH", "3 AH", "0 JH", "3 TD", "0 QS", "1 TH", "2 QC",
             "1 JS", "2 QD", "3 TC", "0 AS", "2 AD", "3 AC", "0 TS", "1 JC"],
}
STARZY_26_MESTER: DealText = {
    "hands": ["TC AS TS AH", "AC QC TH JH", "QH AD TD QD", "JC QS JS JD"],
    "play": ["1 TH", "2 TD", "3 JS", "0 AS", "0 TC", "1 AC", "2 QD", "3 JD",
             "1 QC", "2 AD", "3 QS", "0 AH", "0 TS", "1 JH", "2 QH", "3 JC"],
}
# Starzy take every trick (pucka/linia: shared/examples/plain-bez-bitki, seats 0, 1;
# mester-sport: seats 0 Q♠, 3 Q♣).
BEZ_BITKI: DealText = {
    "hands": ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"],
    "play": ["1 JC", "2 TC", "3 QD", "0 QC", "0 AH", "1 TD", "2 TS", "3 JD",
             "0 AD", "1 QH", "2 AC", "3 JS", "1 QS", "2 AS", "3 JH", "0 TH"],
}
BEZ_BITKI_MESTER: DealText = {
    "hands": ["JC QS AH TH", "AS TS QH JD", "TC JS JH TD", "AC QC AD QD"],
    "play": ["1 QH", "2 JS", "3 QC", "0 AH", "0 TH", "1 AS", "2 JH", "3 AC",
             "3 AD", "0 JC", "1 JD", "2 TD", "0 QS", "1 TS", "2 TC", "3 QD"],
}
PASSES = ["pass"] * 4


def deal_for(ruleset: str, common: DealText, mester: DealText) -> DealText:
    return mester if ruleset == "mester-sport" else common


@pytest.mark.parametrize(
    ("ruleset", "starzy", "payout"),
    [("pucka-2019", (2, 3), (2, 2, -2, -2)),
     ("mester-sport", (1, 3), (2, -2, 2, -2)),
     ("linia", (2, 3), (2, 2, -2, -2))],
)
def test_rules_5_plain_52_52_goes_to_mlodzi(ruleset: str, starzy: tuple[int, ...],
                                            payout: tuple[int, ...]) -> None:
    """RULES §5 (000 §7d, 001 §7H "bok bez kontry", 003 §5h): in a plain game 52:52 goes
    to młodzi — z wyjściem (starzy have 52), 2 each."""
    d = deal_for(ruleset, TIE, TIE_MESTER)
    r = played(ruleset, 0, d["hands"], PASSES, d["play"])
    assert r.game.team == starzy
    assert r.tie
    assert (r.category, r.value, r.payout) == ("z_wyjsciem", 2, payout)


@pytest.mark.parametrize(
    ("ruleset", "auction", "winners", "payout"),
    [
        # młody seat 0 doubles; the tie is still młodzi's: 2 × 2.
        ("pucka-2019", ["pass", "pass", "kontra", "pass", "pass", "pass"], (0, 1),
         (4, 4, -4, -4)),
        ("linia", ["pass", "pass", "kontra", "pass", "pass", "pass"], (0, 1),
         (4, 4, -4, -4)),
        # młody seat 2 doubles; the doublers lose the tie: starzy 1 × 2.
        ("mester-sport", ["kontra", "pass", "pass", "pass"], (1, 3), (-2, 2, -2, 2)),
    ],
)
def test_rules_5_doubled_plain_tie(ruleset: str, auction: list[str], winners: tuple[int, ...],
                                   payout: tuple[int, ...]) -> None:
    """RULES §5 (001 §7I): in mester-sport a doubled 52:52 is lost by the side that made
    the first doubling (młodzi here), so starzy win z wyjściem; in pucka-2019 and linia a
    doubled 52:52 still goes to młodzi."""
    d = deal_for(ruleset, TIE, TIE_MESTER)
    r = played(ruleset, 0, d["hands"], auction, d["play"])
    assert r.tie and r.level == 1 and r.game.first_doubler_side == OPPOSING
    assert (r.winners, r.category, r.mult, r.payout) == (winners, "z_wyjsciem", 2, payout)


@pytest.mark.parametrize(
    ("ruleset", "category", "payout"),
    [("pucka-2019", "z_wyjsciem", (-2, 2, -2, 2)),
     ("mester-sport", "bez_wyjscia", (-4, 4, -4, 4)),
     ("linia", "bez_wyjscia", (-4, 4, -4, 4))],
)
def test_rules_5_pucka_starzy_two_trick_wyjscie(ruleset: str, category: str,
                                                payout: tuple[int, ...]) -> None:
    """RULES §5: losing starzy with 2 tricks but 20 points: in pucka-2019 two tricks are a
    wyjście (000 §6a, §7c) — z wyjściem, młodzi +2; in mester-sport and linia only 26
    points count — bez wyjścia, młodzi +4."""
    d = deal_for(ruleset, TWO_TRICKS, TWO_TRICKS_MESTER)
    r = played(ruleset, 0, d["hands"], PASSES, d["play"])
    assert r.game.team == (0, 2)
    assert (r.points[0] + r.points[2], r.tricks[0] + r.tricks[2]) == (20, 2)
    assert (r.winners, r.category, r.payout) == ((1, 3), category, payout)


@pytest.mark.parametrize(
    ("ruleset", "starzy", "category", "payout"),
    [("pucka-2019", (0, 2), "bez_wyjscia", (-4, 4, -4, 4)),
     ("mester-sport", (1, 3), "z_wyjsciem", (2, -2, 2, -2)),
     ("linia", (0, 2), "z_wyjsciem", (-2, 2, -2, 2))],
)
def test_rules_5_starzy_wyjscie_is_27_in_pucka_26_elsewhere(
    ruleset: str, starzy: tuple[int, int], category: str, payout: tuple[int, ...]
) -> None:
    """RULES §5: losing starzy with one trick worth exactly 26: short of pucka-2019's 27
    (bez wyjścia, młodzi +4), enough for the 26 of mester-sport and linia (z wyjściem,
    młodzi +2)."""
    d = deal_for(ruleset, STARZY_26, STARZY_26_MESTER)
    r = played(ruleset, 0, d["hands"], PASSES, d["play"])
    assert r.game.team == starzy
    assert (sum(r.points[s] for s in starzy), sum(r.tricks[s] for s in starzy)) == (26, 1)
    assert (r.category, r.payout) == (category, payout)


@pytest.mark.parametrize(
    ("ruleset", "starzy", "payout"),
    [("pucka-2019", (0, 1), (3, 3, -3, -3)),
     ("mester-sport", (0, 3), (3, -3, -3, 3)),
     ("linia", (0, 1), (3, 3, -3, -3))],
)
def test_rules_5_bez_bitki(ruleset: str, starzy: tuple[int, ...],
                           payout: tuple[int, ...]) -> None:
    """RULES §5: the losers took no trick — bez bitki; starzy win 3 each."""
    d = deal_for(ruleset, BEZ_BITKI, BEZ_BITKI_MESTER)
    r = played(ruleset, 0, d["hands"], PASSES, d["play"])
    assert r.game.team == starzy
    assert all(r.tricks[s] == 0 for s in range(4) if s not in starzy)
    assert (r.winners, r.category, r.payout) == (starzy, "bez_bitki", payout)


# ---------------------------------------------------------------- the rules, via score()


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("starzy_points", "starzy_win"),
    [(53, True), (104, True), (52, False), (51, False), (0, False)],
)
def test_rules_5_plain_starzy_need_53(ruleset: str, starzy_points: int,
                                      starzy_win: bool) -> None:
    """RULES §5: starzy win with ≥ 53 points; 52:52 goes to młodzi."""
    rs = load_ruleset(ruleset)
    pts = (starzy_points, 0, 104 - starzy_points, 0)
    r = score(rs, plain_game(ruleset), pts, (2, 0, 2, 0))
    assert r.winners == ((0, 1) if starzy_win else (2, 3))
    assert r.tie == (starzy_points == 52)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("contract", ["cicha", "gran", "zolo"])
@pytest.mark.parametrize(("points", "wins"), [(53, True), (52, False), (60, True), (30, False)])
def test_rules_5_lone_player_needs_53_and_loses_52(ruleset: str, contract: str, points: int,
                                                   wins: bool) -> None:
    """RULES §5: cicha, zoło, gran — the lone player wins with ≥ 53; 52:52 is a loss."""
    r = score(load_ruleset(ruleset), lone_game(ruleset, contract),
              (points, 104 - points, 0, 0), (2, 2, 0, 0))
    assert r.winners == ((0,) if wins else (1, 2, 3))
    assert (r.payout[0] > 0) == wins


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("contract", ["gran-du", "zolo-du"])
@pytest.mark.parametrize(
    ("points", "tricks", "wins"),
    [((104, 0, 0, 0), (4, 0, 0, 0), True),
     ((100, 4, 0, 0), (3, 1, 0, 0), False),    # 100 points are not enough: a trick was lost
     ((52, 52, 0, 0), (3, 1, 0, 0), False)],
)
def test_rules_5_du_needs_all_four_tricks(ruleset: str, contract: str,
                                          points: tuple[int, ...], tricks: tuple[int, ...],
                                          wins: bool) -> None:
    """RULES §5: zoło-du and gran-du — the declarer must take all four tricks."""
    r = score(load_ruleset(ruleset), lone_game(ruleset, contract), points, tricks)
    assert r.winners == ((0,) if wins else (1, 2, 3))


@pytest.mark.parametrize(
    ("ruleset", "first", "starzy_win"),
    [
        ("mester-sport", OPPOSING, True),    # młodzi doubled first: they lose the tie
        ("mester-sport", DECLARING, False),  # starzy doubled first: they lose the tie
        ("pucka-2019", OPPOSING, False),     # elsewhere a tie is młodzi's
        ("pucka-2019", DECLARING, False),
        ("linia", OPPOSING, False),
        ("linia", DECLARING, False),
    ],
)
def test_rules_5_doubled_tie_plain(ruleset: str, first: int, starzy_win: bool) -> None:
    """RULES §5: in mester-sport a doubled 52:52 is lost by the side that made the first
    doubling (overriding "52:52 goes to młodzi"); not in the other rulesets."""
    r = score(load_ruleset(ruleset), plain_game(ruleset, level=1, first=first),
              (26, 26, 26, 26), (1, 1, 1, 1))
    assert r.tie
    assert r.winners == ((0, 1) if starzy_win else (2, 3))
    assert r.category == "z_wyjsciem"
    assert r.payout[0] == (2 if starzy_win else -4)   # starzy 1 × 2, młodzi 2 × 2


@pytest.mark.parametrize(
    ("ruleset", "lone_wins"),
    [("mester-sport", True), ("pucka-2019", False), ("linia", False)],
)
@pytest.mark.parametrize("contract", ["cicha", "gran", "zolo"])
def test_rules_5_doubled_tie_lone_player(ruleset: str, lone_wins: bool, contract: str) -> None:
    """RULES §5: a kontra by the lone player's opponents and a 52:52 — in mester-sport the
    doublers lose, so the lone player wins; elsewhere 52:52 is his loss."""
    r = score(load_ruleset(ruleset), lone_game(ruleset, contract, level=1, first=OPPOSING),
              (52, 52, 0, 0), (2, 2, 0, 0))
    assert r.winners == ((0,) if lone_wins else (1, 2, 3))
    assert r.mult == 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_5_undoubled_tie_mester_rule_does_not_apply(ruleset: str) -> None:
    """RULES §5: the mester-sport override concerns doubled games only."""
    r = score(load_ruleset(ruleset), lone_game(ruleset, "zolo"), (52, 52, 0, 0), (2, 2, 0, 0))
    assert r.winners == (1, 2, 3)


def test_rules_5_mester_sport_doubled_du_tie_still_needs_four_tricks() -> None:
    """RULES §5: the mester-sport tie override replaces the two 52:52 rules; a du
    declarer with 52 has lost a trick, and a du needs all four (interpretation: the
    override does not turn a lost du into a win)."""
    rs = load_ruleset("mester-sport")
    r = score(rs, lone_game("mester-sport", "zolo-du", level=1, first=OPPOSING),
              (52, 52, 0, 0), (3, 1, 0, 0))
    assert r.winners == (1, 2, 3)


@pytest.mark.parametrize(
    ("ruleset", "honour"),
    [("pucka-2019", "baszka"), ("mester-sport", "baszka"), ("mester-sport", "mester"),
     ("mester-sport", "zolo-bieda"), ("linia", "mester")],
)
def test_rules_5_honours_always_win(ruleset: str, honour: str) -> None:
    """RULES §5: honours always win (no cards are played)."""
    r = score(load_ruleset(ruleset), lone_game(ruleset, honour), (0, 0, 0, 0), (0, 0, 0, 0))
    assert r.winners == (0,)
    assert r.payout[0] > 0
    assert not r.tie


# ---------------------------------------------------------------- categories


@pytest.mark.parametrize(
    ("ruleset", "losers", "lose_points", "lose_tricks", "category"),
    [
        # bez bitki: the losers took no trick (0 points then, necessarily)
        *[(rs, side, 0, 0, "bez_bitki") for rs in RULESETS for side in ("starzy", "mlodzi")],
        # one trick, 25 points: bez wyjścia everywhere
        *[(rs, side, 25, 1, "bez_wyjscia") for rs in RULESETS for side in ("starzy", "mlodzi")],
        # młodzi lose with 26 points: their wyjście everywhere
        *[(rs, "mlodzi", 26, 1, "z_wyjsciem") for rs in RULESETS],
        # starzy lose with 26 points and one trick: pucka-2019 asks 27
        ("pucka-2019", "starzy", 26, 1, "bez_wyjscia"),
        ("mester-sport", "starzy", 26, 1, "z_wyjsciem"),
        ("linia", "starzy", 26, 1, "z_wyjsciem"),
        ("pucka-2019", "starzy", 27, 1, "z_wyjsciem"),
        # two tricks below the points: a wyjście only in pucka-2019, for either side
        ("pucka-2019", "starzy", 20, 2, "z_wyjsciem"),
        ("mester-sport", "starzy", 20, 2, "bez_wyjscia"),
        ("linia", "starzy", 20, 2, "bez_wyjscia"),
        ("pucka-2019", "mlodzi", 20, 2, "z_wyjsciem"),
        ("mester-sport", "mlodzi", 20, 2, "bez_wyjscia"),
        ("linia", "mlodzi", 20, 2, "bez_wyjscia"),
        # a losing side with 52 (the tie): z wyjściem
        *[(rs, "starzy", 52, 2, "z_wyjsciem") for rs in RULESETS],
    ],
)
def test_rules_5_category_of_plain_game(ruleset: str, losers: str, lose_points: int,
                                        lose_tricks: int, category: str) -> None:
    """RULES §5 categories (the losers' result decides): bez bitki — no trick; bez
    wyjścia — less than their wyjście; z wyjściem — otherwise. Wyjście: pucka-2019 młodzi
    26 or two tricks, starzy 27 or two tricks; mester-sport and linia 26 for either side.
    (Card points and trick counts are given directly; not every pair occurs in play.)"""
    rs = load_ruleset(ruleset)
    lose_seats = (0, 1) if losers == "starzy" else (2, 3)
    win_seats = (2, 3) if losers == "starzy" else (0, 1)
    pts = [0, 0, 0, 0]
    trs = [0, 0, 0, 0]
    pts[lose_seats[0]] = lose_points
    trs[lose_seats[0]] = lose_tricks
    pts[win_seats[0]] = 104 - lose_points
    trs[win_seats[0]] = 4 - lose_tricks
    r = score(rs, plain_game(ruleset), pts, trs)
    assert r.winners == win_seats
    assert r.category == category


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_5_wesele_is_scored_as_the_plain_game(ruleset: str) -> None:
    """RULES §4–§5: weselnicy are treated as starzy — the same winning rule and
    categories (here: weselnicy 0 and 2 lose with 25 points, bez wyjścia, młodzi +4)."""
    rs = load_ruleset(ruleset)
    g = Game(rs.contract("wesele"), 0, (0, 2), 0, None, partner=2)
    r = score(rs, g, (25, 79, 0, 0), (1, 3, 0, 0))
    assert (r.winners, r.category, r.payout) == ((1, 3), "bez_wyjscia", (-4, 4, -4, 4))
    r = score(rs, g, (53, 51, 0, 0), (2, 2, 0, 0))
    assert (r.winners, r.category, r.payout) == ((0, 2), "z_wyjsciem", (1, -1, 1, -1))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_5_solos_have_no_category(ruleset: str) -> None:
    """RULES §5: categories belong to the plain game and wesele only."""
    r = score(load_ruleset(ruleset), lone_game(ruleset, "zolo"), (104, 0, 0, 0), (4, 0, 0, 0))
    assert r.category is None


def test_results_name_cicha_and_its_player() -> None:
    """RULES §4 (Decision, README): a cicha is reported as contract "cicha" with its player
    as declarer, a plain game as contract null with no declarer."""

    rs = load_ruleset("pucka-2019")
    cicha = score(rs, Game(rs.cicha, declarer=2, team=(2,)), (0, 0, 60, 44), (0, 0, 3, 1))
    assert cicha.to_json()["contract"] == "cicha" and cicha.to_json()["declarer"] == 2
    assert cicha.payout == (-4, -4, 12, -4)
    plain = score(rs, Game(rs.zwykla, declarer=None, team=(0, 2)), (60, 0, 0, 44),
                  (3, 0, 0, 1))
    assert plain.to_json()["contract"] is None and plain.to_json()["declarer"] is None
