"""Paper score-sheet lines (stolik.games.baska.tournament): settled by the engine's scoring
(RULES §5–§8), bok-rounds over the table's sequence (RULES §6), every line validated."""

from __future__ import annotations

from typing import Any

import pytest

from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.tournament import (
    engine_line,
    line_document,
    parse_line,
    person_document,
    settle_line,
    settle_sheet,
)
from stolik.tournament.model import TournamentError

PUCKA = load_ruleset("pucka-2019")
LINIA = load_ruleset("linia")
MESTER = load_ruleset("mester-sport")


def settle(raw: dict[str, Any], rs: Any = PUCKA) -> tuple[int, int, int, int]:
    return settle_line(rs, parse_line(raw, "sheet line 1"), "sheet line 1").payout


@pytest.mark.parametrize(("raw", "payout"), [
    # RULES §7: zoło kontra won, 10 from each.
    ({"contract": "zolo", "declarer": 2, "level": 1, "points": 61}, (-10, -10, 30, -10)),
    ({"contract": "zolo", "declarer": 2, "points": 52}, (5, 5, -15, 5)),  # 52:52 lost (§5)
    # plain game: starzy z wyjściem 1; młodzi bez wyjścia 4; starzy bez bitki 3.
    ({"contract": "zwykla", "starzy": [0, 2], "points": 70, "tricks": 3}, (1, -1, 1, -1)),
    ({"contract": "zwykla", "starzy": [0, 2], "points": 20, "tricks": 1}, (-4, 4, -4, 4)),
    ({"contract": "zwykla", "starzy": [1, 3], "points": 104, "tricks": 4}, (-3, 3, -3, 3)),
    # pucka-2019: starzy keep wyjście with two tricks even under 27 points (000 §7c).
    ({"contract": "zwykla", "starzy": [0, 1], "points": 24, "tricks": 2}, (-2, -2, 2, 2)),
    ({"contract": "zwykla", "starzy": [0, 1], "points": 52, "tricks": 2}, (-2, -2, 2, 2)),
    ({"contract": "gran-du", "declarer": 1, "tricks": 4}, (-10, 30, -10, -10)),
    ({"contract": "gran-du", "declarer": 1, "tricks": 3}, (10, -30, 10, 10)),
    ({"contract": "baszka", "declarer": 3}, (-10, -10, -10, 30)),
    ({"contract": "cicha", "declarer": 0, "points": 60}, (12, -4, -4, -4)),
    ({"contract": "wesele", "declarer": 1, "partner": 3, "points": 70, "tricks": 3},
     (-1, 1, -1, 1)),
    # młodzi keep 24 points and one trick: bez wyjścia, 2 (000 §7c).
    ({"contract": "wesele", "declarer": 1, "partner": 3, "points": 80, "tricks": 3},
     (-2, 2, -2, 2)),
    # RULES §8: revoke — the offender alone loses the contract's value.
    ({"contract": "gran", "declarer": 3, "revoke": 0}, (-15, 5, 5, 5)),
])
def test_lines_pay_like_the_engine(raw: dict[str, Any], payout: tuple[int, ...]) -> None:
    assert settle(raw) == payout


def test_mester_sport_doubled_tie_goes_against_first_doubler() -> None:
    """RULES §5: mester-sport, a doubled 52:52 is lost by whoever doubled first."""
    line = {"contract": "zolo", "declarer": 0, "points": 52, "level": 1}
    assert settle(line, MESTER)[0] == 30  # the opponents doubled first (the default)
    with pytest.raises(TournamentError, match="comes from the opposing side"):
        settle({**line, "first_double": "declaring"}, MESTER)
    assert settle(line, PUCKA)[0] == -30  # elsewhere 52:52 is the declarer's loss


def test_bok_round_doubles_the_next_deals_in_linia() -> None:
    """RULES §6: a 52:52 starts a bok-round: the next four lines are worth double."""
    tie = {"contract": "zwykla", "starzy": [0, 1], "points": 52, "tricks": 2}
    win = {"contract": "zwykla", "starzy": [0, 1], "points": 70, "tricks": 3}
    lines = [parse_line(x, "") for x in [tie, win, win, win, win, win]]
    results = settle_sheet(LINIA, lines)
    assert [r.bok_deal for r in results] == [False, True, True, True, True, False]
    assert [r.payout[0] for r in results[1:]] == [2, 2, 2, 2, 1]
    # pucka-2019 has no bok-rounds.
    assert not any(r.bok_deal for r in settle_sheet(PUCKA, lines))


def test_line_document_round_trip() -> None:
    raw = {"contract": "wesele", "declarer": 1, "partner": 3, "level": 2, "points": 80,
           "tricks": 3, "revoke": 2, "first_double": "declaring"}
    line = parse_line(raw, "")
    assert line_document(line) == raw
    assert settle_line(LINIA, line, "").payout == (4, 4, -12, 4)  # revoke: RULES §8


@pytest.mark.parametrize(("raw", "needle"), [
    ({"contract": "zolo-bieda", "declarer": 0}, "unknown contract 'zolo-bieda' in pucka-2019"),
    ({"contract": "zolo", "declarer": 0, "points": 105}, "'points' must be a whole number 0–104"),
    ({"contract": "zolo", "declarer": 0, "points": -1}, "'points' must be"),
    ({"contract": "zolo", "declarer": 0, "points": 3},
     "3 card points cannot be taken in any number of tricks"),
    ({"contract": "zolo", "declarer": 4, "points": 60}, "'declarer' must be a seat 0–3"),
    ({"contract": "zolo", "declarer": 0}, "needs the declaring side's card 'points'"),
    ({"contract": "zolo", "declarer": 0, "points": 60, "level": 3}, "at most 2 times"),
    ({"contract": "baszka", "declarer": 0, "level": 1}, "at most 0 times"),
    ({"contract": "baszka", "declarer": 0, "points": 60}, "is an honour"),
    ({"contract": "baszka", "declarer": 0, "revoke": 1}, "is an honour"),
    ({"contract": "zwykla", "declarer": 0, "points": 60, "tricks": 2}, "names its 'starzy'"),
    ({"contract": "zwykla", "starzy": [1, 1], "points": 60, "tricks": 2}, "seat 1 twice"),
    ({"contract": "zwykla", "starzy": [0, 1], "points": 60}, "needs the declaring side's "
     "'tricks'"),
    ({"contract": "zwykla", "starzy": [0, 1], "points": 60, "tricks": 0}, "cannot be taken "
     "in 0 tricks"),
    ({"contract": "zwykla", "starzy": [0, 1], "points": 100, "tricks": 4}, "cannot be taken"),
    ({"contract": "zolo", "declarer": 0, "points": 61, "tricks": 1}, "cannot be taken"),
    ({"contract": "gran-du", "declarer": 0}, "needs the declarer's 'tricks'"),
    ({"contract": "wesele", "declarer": 0, "points": 60, "tricks": 2}, "names its 'partner'"),
    # A solo without its declarer is told what is missing, not that starzy were given.
    ({"contract": "gran", "points": 61}, "'gran' needs its 'declarer'"),
    ({"contract": "gran", "starzy": [0, 2], "points": 61}, "only a plain game (zwykla) has "
     "starzy"),
    ({"contract": "gran", "declarer": 0, "partner": 1, "points": 60}, "only a wesele"),
    ({"contract": "gran", "declarer": 0, "points": 60, "first_double": "opposing"},
     "needs a doubled game"),
    ({"contract": "gran", "declarer": 0, "points": 60, "who": 1}, "unknown key 'who'"),
    ({"declarer": 0, "points": 60}, "'contract' must be a contract id"),
    ("zolo", "must be an inline table"),
])
def test_bad_lines_are_refused_with_one_line(raw: Any, needle: str) -> None:
    with pytest.raises(TournamentError) as e:
        settle(raw)
    assert needle in str(e.value)
    assert str(e.value).startswith("sheet line 1: ")
    assert "\n" not in str(e.value)


TABLE = [("p05", "Ola Kreft"), ("p02", "Jan Labuda"), ("p11", "Ola Formela"),
         ("p07", "Ewa Konkol")]
"""A table as the plan prints it: seat 1 (deals first) to seat 4."""


@pytest.mark.parametrize(("raw", "engine"), [
    # RULES §10: a person counts seats 1–4 in the plan's order, or names the player.
    ({"contract": "gran", "declarer": 1, "points": 61}, {"declarer": 0}),
    ({"contract": "gran", "declarer": "4", "points": 61}, {"declarer": 3}),
    ({"contract": "gran", "declarer": "p11", "points": 61}, {"declarer": 2}),
    ({"contract": "gran", "declarer": "ewa konkol", "points": 61}, {"declarer": 3}),
    ({"contract": "zwykla", "starzy": [1, "p11"], "points": 70, "tricks": 3},
     {"starzy": [0, 2]}),
    ({"contract": "wesele", "declarer": 2, "partner": "Ola Kreft", "points": 70,
      "tricks": 3, "revoke": 3}, {"declarer": 1, "partner": 0, "revoke": 2}),
])
def test_a_persons_seats_are_1_to_4_or_players(raw: dict[str, Any],
                                               engine: dict[str, Any]) -> None:
    line = engine_line(raw, TABLE, "sheet line 1")
    assert {k: line[k] for k in engine} == engine
    assert person_document(line_document(parse_line(line, "x"))) == {
        **raw, **{k: [s + 1 for s in v] if isinstance(v, list) else v + 1
                  for k, v in engine.items()}}


@pytest.mark.parametrize(("raw", "needle"), [
    ({"contract": "gran", "declarer": 0}, "'declarer' must be a seat 1–4 or a player at "
     "the table (p05, p02, p11, p07), not 0"),
    ({"contract": "gran", "declarer": 5}, "not 5"),
    ({"contract": "gran", "declarer": "p99"}, "not 'p99'"),
    ({"contract": "gran", "declarer": "ola"}, "not 'ola'"),
    ({"contract": "gran", "declarer": True}, "not True"),
    ({"contract": "zwykla", "starzy": [1, "Ola Kreft"]}, "'starzy' names seat 1 twice"),
    ({"contract": "zwykla", "starzy": 1}, "'starzy' must be two seats 1–4"),
])
def test_a_persons_bad_seat_is_one_line(raw: dict[str, Any], needle: str) -> None:
    with pytest.raises(TournamentError) as e:
        engine_line(raw, TABLE, "sheet line 1")
    assert needle in str(e.value) and "\n" not in str(e.value)


def test_two_players_of_one_name_need_the_id() -> None:
    """Names are matched case-insensitively; one that two players share is refused."""
    twins = [("a", "Ola"), ("b", "ola"), ("c", "Cela"), ("d", "Darek")]
    with pytest.raises(TournamentError, match="names 2 players"):
        engine_line({"contract": "gran", "declarer": "OLA"}, twins, "x")
    assert engine_line({"contract": "gran", "declarer": "b"}, twins, "x")["declarer"] == 1
