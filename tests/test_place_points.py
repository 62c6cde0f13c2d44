"""RULES §9: a series at one table — its length, and place points by table score with ties
sharing the places' points: pucka-2019 6/4/2/0; mester-sport 5/3/1/0 plus 3/2/1/0 by the
same places for players above zero; linia 6/4/2/0 (Decision)."""

from __future__ import annotations

import pytest

from stolik.games.baska.record import parse_record, replay
from stolik.games.baska.ruleset import load_ruleset
from stolik.series import place_points, ranks, shared_places

RULESETS = ("pucka-2019", "mester-sport", "linia")


def points_for(ruleset: str, scores: list[int]) -> list[float]:
    """Place points of table ``scores`` under a ruleset's series rules."""
    s = load_ruleset(ruleset).series
    return place_points(scores, s.place_points, bonus=s.positive_bonus or None)


@pytest.mark.parametrize(
    ("ruleset", "table", "bonus"),
    [("pucka-2019", (6, 4, 2, 0), ()), ("mester-sport", (5, 3, 1, 0), (3, 2, 1, 0)),
     ("linia", (6, 4, 2, 0), ())],
)
def test_rules_9_place_point_tables_per_ruleset(ruleset: str, table: tuple[int, ...],
                                                bonus: tuple[int, ...]) -> None:
    """RULES §9: the place-point tables (and mester-sport's bonus) are ruleset data."""
    s = load_ruleset(ruleset).series
    assert tuple(s.place_points) == table
    assert tuple(s.positive_bonus) == bonus


@pytest.mark.parametrize(
    ("ruleset", "scores", "expected"),
    [
        # distinct scores: places 1–4 by score, whatever the seat order
        ("pucka-2019", [-20, 30, 5, -15], [0, 6, 4, 2]),
        ("linia", [-20, 30, 5, -15], [0, 6, 4, 2]),
        # mester-sport: 5/3/1/0, and 3/2/1 more for each player above zero
        ("mester-sport", [-20, 30, 5, -15], [0, 8, 5, 1]),
        ("mester-sport", [10, 5, 1, -16], [8, 5, 2, 0]),
        # a score of exactly zero is not above zero: no bonus
        ("mester-sport", [10, 5, 0, -15], [8, 5, 1, 0]),
    ],
)
def test_rules_9_place_points_distinct_scores(ruleset: str, scores: list[int],
                                              expected: list[float]) -> None:
    """RULES §9: place points by table score; mester-sport's bonus only above zero."""
    assert points_for(ruleset, scores) == expected


@pytest.mark.parametrize(
    ("ruleset", "scores", "expected"),
    [
        # two share first: (6 + 4) / 2
        ("pucka-2019", [3, 3, -3, -3], [5, 5, 1, 1]),
        ("linia", [3, 3, -3, -3], [5, 5, 1, 1]),
        # two share the middle places: (4 + 2) / 2
        ("pucka-2019", [10, 0, 0, -10], [6, 3, 3, 0]),
        ("linia", [10, 0, 0, -10], [6, 3, 3, 0]),
        # three share last: (4 + 2 + 0) / 3
        ("pucka-2019", [15, -5, -5, -5], [6, 2, 2, 2]),
        # everybody level: 12 / 4
        ("pucka-2019", [0, 0, 0, 0], [3, 3, 3, 3]),
        ("linia", [0, 0, 0, 0], [3, 3, 3, 3]),
        # mester-sport: shared places, and the bonus shared by the same places
        ("mester-sport", [10, 10, -10, -10], [6.5, 6.5, 0.5, 0.5]),
        ("mester-sport", [15, -5, -5, -5], [8, 4 / 3, 4 / 3, 4 / 3]),
        ("mester-sport", [0, 0, 0, 0], [2.25, 2.25, 2.25, 2.25]),   # nobody above zero
        ("mester-sport", [5, 5, 5, -15], [3 + 2, 3 + 2, 3 + 2, 0]),
    ],
)
def test_rules_9_ties_share_the_places_points(ruleset: str, scores: list[int],
                                              expected: list[float]) -> None:
    """RULES §9: players with equal table scores share the points of the places they
    span equally (000 "Przy wyniku remisowym …")."""
    assert points_for(ruleset, scores) == pytest.approx(expected)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_9_place_points_total(ruleset: str) -> None:
    """RULES §9: sharing keeps the total of the table's place points (12 in pucka-2019 and
    linia, 9 in mester-sport before the bonus)."""
    table = load_ruleset(ruleset).series.place_points
    for scores in ([1, 2, 3, 4], [1, 1, 3, 3], [2, 2, 2, -6], [5, 5, 5, 5]):
        assert sum(shared_places(scores, table)) == pytest.approx(sum(table))


def test_rules_9_competition_ranks() -> None:
    """RULES §10: players are ranked by place points then table score; equal scores share
    the better rank."""
    assert ranks([5, 9, 5, 1]) == [2, 1, 2, 4]


@pytest.mark.parametrize(
    ("ruleset", "lengths", "default"),
    [("pucka-2019", (32,), 32), ("mester-sport", (16, 24, 32, 40), 32), ("linia", (32,), 32)],
)
def test_rules_9_series_lengths(ruleset: str, lengths: tuple[int, ...], default: int) -> None:
    """RULES §9: a series is 32 deals in pucka-2019 and linia (Decision), 16, 24, 32 or 40
    in mester-sport."""
    rs = load_ruleset(ruleset)
    assert rs.series.lengths == lengths
    assert rs.default_length == default


@pytest.mark.parametrize(
    ("ruleset", "totals", "place"),
    [("pucka-2019", (3, 3, -3, -3), (5.0, 5.0, 1.0, 1.0)),
     ("linia", (3, 3, -3, -3), (5.0, 5.0, 1.0, 1.0)),
     ("mester-sport", (15, -5, -5, -5), (8.0, 4 / 3, 4 / 3, 4 / 3))],
)
def test_rules_9_replayed_series_gets_place_points(ruleset: str, totals: tuple[int, ...],
                                                   place: tuple[float, ...]) -> None:
    """RULES §9: a replayed series sums each seat's payouts and awards place points —
    the plain bez bitki example (starzy 0, 1 +3) and the mester-sport gran example
    (seat 0 +15) of shared/examples."""
    if ruleset == "mester-sport":
        deal = {"dealer": 0, "hands": ["QS JH JC AS", "TS QD AH TH", "TC JS AC QC",
                                       "TD AD JD QH"],
                "auction": ["2 pass", "3 pass", "0 gran", "1 pass", "2 pass", "3 pass"],
                "play": ["1 TS", "2 JS", "3 JD", "0 AS", "2 QC", "3 AD", "0 JC", "1 TH",
                         "0 JH", "1 QD", "2 AC", "3 TD", "0 QS", "1 AH", "2 TC", "3 QH"]}
    else:
        deal = {"dealer": 0, "hands": ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS",
                                       "QD JS JH JD"],
                "auction": ["2 pass", "3 pass", "0 pass", "1 pass"],
                "play": ["1 JC", "2 TC", "3 QD", "0 QC", "0 AH", "1 TD", "2 TS", "3 JD",
                         "0 AD", "1 QH", "2 AC", "3 JS", "1 QS", "2 AS", "3 JH", "0 TH"]}
    res = replay(parse_record({"ruleset": ruleset, "deal": [deal]}))
    assert res.totals == totals
    assert res.place_points == pytest.approx(place)
