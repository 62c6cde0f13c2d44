"""Betel scoring (BETEL §5, a Decision kept as ruleset data) and the match to 1000."""

from __future__ import annotations

from pathlib import Path

import pytest

from stolik.errors import IllegalMove
from stolik.games.betel.match import Match, decided
from stolik.games.betel.ruleset import load_ruleset, rs_text
from stolik.games.betel.scoring import contract_points, score
from stolik.games.betel.state import Deal

RS = load_ruleset("gps-2022")


def c(word: str) -> int:
    found = RS.contract_of(word)
    assert found is not None
    return found.index


@pytest.mark.parametrize(("word", "doubled", "tricks", "points"), [
    ("szlem-BA", False, 10, 300),          # BETEL §5 example
    ("2H", True, 9, 240),                  # BETEL §5 example: 2·(100 + 20)
    ("betelek-2", False, 4, -80),          # BETEL §5 example: −(70 + 10)
    ("1C", False, 6, 20),                  # made exactly
    ("1C", False, 8, 40),                  # two overtricks
    ("1C", False, 5, -20),                 # one short: −V
    ("1C", False, 3, -40),                 # three short: −(V + 20)
    ("1C", True, 3, -80),                  # kontra'd: × 2
    ("betelek-3", False, 0, 10),           # made, however few
    ("betelek-3", False, 3, 10),
    ("betelek-3", False, 4, -10),          # one over the limit: −V
    ("betel", False, 0, 250),
    ("betel", True, 2, -520),              # −2·(250 + 10)
    ("szlemik-C", False, 10, 210),
])
def test_betel_5_contract_points(word: str, doubled: bool, tricks: int, points: int) -> None:
    assert contract_points(RS, RS.contracts[c(word)], doubled, tricks)[0] == points


def test_betel_5_defenders_and_the_doubler_score_nothing() -> None:
    r = score(RS, c("2H"), 1, True, (1, 9, 0))
    assert r.scores == (0, 240, 0) and r.made is True and r.contract_score == 240


def test_betel_5_all_pass_five_per_trick() -> None:
    assert score(RS, -1, -1, False, (5, 3, 2)).scores == (25, 15, 10)


def test_betel_3_5_peeking_costs_are_added() -> None:
    """BETEL §3, §5: passing after looking costs at once, whatever happens later."""
    r = score(RS, c("1S"), 2, False, (2, 2, 6), (5, 10, 0))
    assert r.scores == (-5, -10, 50)
    d = Deal.from_text(RS, 0, ["AC 9C AS KS QS JS AD KD QD JD",
                               "JH 7H AH KH QH TS 9S 8S 7S TD",
                               "KC 7C 8H TH 9H 9D 8D 7D TC 8C"], "QC JC")
    for m in ("look 2", "pas", "look 1 QC", "pas", "pas"):
        d.move(m)
    while not d.is_over:
        d.move(d.legal_moves()[0])
    res = d.result()
    assert res.contract is None
    assert [res.scores[s] + res.peek[s] for s in range(3)] == [5 * t for t in d.pos.tricks]
    assert res.peek == (10, 5, 0)


def test_a_club_redeals_an_all_pass_deal(tmp_path: Path) -> None:
    """BETEL §3, §5: a club's file may redeal an all-pass deal (``all_pass = "redeal"``, a
    club option) instead of playing it: the deal ends unplayed and scores only its peeking
    cost (looking at both dubel cards, then passing: −10)."""
    path = tmp_path / "klub.toml"
    path.write_text(rs_text().replace('all_pass = "play"', 'all_pass = "redeal"'))
    rs = load_ruleset(str(path))
    d = Deal.from_text(rs, 0, ["AC 9C AS KS QS JS AD KD QD JD",
                               "JH 7H AH KH QH TS 9S 8S 7S TD",
                               "KC 7C 8H TH 9H 9D 8D 7D TC 8C"], "QC JC")
    for m in ("look 2", "pas", "pas", "pas"):
        d.move(m)
    assert d.is_over and d.result().scores == (-10, 0, 0) and not d.result().played


def test_betel_5_match_to_1000_with_the_tie_rule() -> None:
    m = Match(RS)
    m.add((990, 0, 0))
    assert not m.decided
    m.add((10, 1010, 0))
    assert m.decided and m.winner == 1
    with pytest.raises(IllegalMove, match="the match is over"):
        m.add((0, 0, 0))
    tie = Match(RS, (950, 950, 0))
    tie.add((50, 50, 0))
    assert not tie.decided                     # 1000 : 1000 plays on
    tie.add((-10, 0, 0))
    assert tie.winner == 1


def test_betel_5_a_match_by_time(tmp_path: Path) -> None:
    path = tmp_path / "czas.toml"
    path.write_text(rs_text().replace("target = 1000", "target = 0").replace(
        "minutes = 0", "minutes = 90"))
    rs = load_ruleset(str(path))
    assert decided(rs, (5000, 0, 0)) is None          # no target: only the time ends it
    assert decided(rs, (30, 10, 0), time_up=True) == 0
    assert decided(rs, (30, 30, 0), time_up=True) is None   # a tie plays on
