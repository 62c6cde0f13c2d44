"""Seating draw for tournaments: tables of four, fair sit-outs, few repeat meetings.

RULES §10 (tables of four, sitting-out players score 4 place points and +40 table points);
seed 000 §7m (5 rounds) and §7w (only 4-player tables; the extra players sit out).
"""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest

from stolik.tournament.seating import (
    RoundPlan,
    SeatingHistory,
    draw_round,
    format_round,
    plan_tournament,
    random_draw,
    redraw,
    where_do_i_sit,
)


def names(n: int) -> list[str]:
    return [f"P{i:02d}" for i in range(n)]


def check_round(plan: RoundPlan, players: list[str]) -> None:
    """Every player exactly once (at a table or sitting out); tables of four; N mod 4 out."""
    assert sorted(plan.players) == sorted(players)
    assert all(len(t) == 4 for t in plan.tables)
    assert len(plan.sitting_out) == len(players) % 4
    assert len(plan.tables) == len(players) // 4


# --- structure (seed 000 §7w) ---------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 5, 7, 16, 18, 21, 23, 43])
def test_every_player_once_per_round_tables_of_four(n: int) -> None:
    players = names(n)
    for plan in plan_tournament(players, 5, seed=n, polish=n in (5, 23)):
        check_round(plan, players)


@pytest.mark.parametrize("n", [5, 10, 18, 23, 43])
def test_sitting_out_rotates_fairly(n: int) -> None:
    """Nobody sits out twice before everyone has once: after every round the spread of
    sit-out counts is at most 1 (RULES §10: the sit-outs score 4 and +40). The whole-plan
    polish keeps the sit-outs, so it is skipped here (and tested elsewhere)."""
    players = names(n)
    plans = plan_tournament(players, 7, seed=1, polish=n == 43)
    for r in range(1, len(plans) + 1):
        history = SeatingHistory.from_plans(plans[:r])
        counts = [history.sit_outs.get(p, 0) for p in players]
        assert max(counts) - min(counts) <= 1, (r, counts)


def test_too_few_or_duplicate_players_rejected() -> None:
    with pytest.raises(ValueError, match="at least 4"):
        draw_round(["a", "b", "c"], SeatingHistory(), rng=random.Random(0))
    with pytest.raises(ValueError, match="twice"):
        draw_round(["a", "b", "c", "d", "a"], SeatingHistory(), rng=random.Random(0))


def test_seats_rotate() -> None:
    """Over 4 rounds of 16 players, nobody sits in the same seat (seat 0 deals first) more
    than twice, and at least half the players take all four seats."""
    plans = plan_tournament(names(16), 4, seed=5)
    history = SeatingHistory.from_plans(plans)
    assert all(max(c) <= 2 for c in history.seats.values())
    all_four = sum(1 for c in history.seats.values() if min(c) == 1)
    assert all_four >= 8


# --- determinism, redraw, exclusions --------------------------------------------------------


def test_deterministic_for_a_seed() -> None:
    players = names(22)
    teams = {p: f"T{i // 4}" for i, p in enumerate(players)}
    a = plan_tournament(players, 3, teams=teams, seed=42)
    b = plan_tournament(players, 3, teams=teams, seed=42)
    c = plan_tournament(players, 3, teams=teams, seed=43)
    assert a == b
    assert a != c
    h = SeatingHistory.from_plans(a[:2])
    assert draw_round(players, h, rng=random.Random(9)) == draw_round(
        players, h, rng=random.Random(9)
    )


def test_redraw_changes_the_round_not_earlier_rounds() -> None:
    players = names(20)
    plans = plan_tournament(players, 5, seed=3)
    again = redraw(plans, 2, seed=99)
    assert again[:2] == plans[:2]
    assert again[2] != plans[2]
    assert len(again) == len(plans)
    for plan in again:
        check_round(plan, players)
    # the redrawn rounds still avoid the meetings of the rounds kept
    assert SeatingHistory.from_plans(again).repeat_meetings <= 4


def test_excluded_players_never_seated() -> None:
    """A withdrawn or banned player (RULES §10: yellow card) is left out of later rounds."""
    players = names(18)
    plans = plan_tournament(players, 5, seed=7)
    banned = {"P03", "P11"}
    again = redraw(plans, 2, seed=7, exclude=banned)
    assert again[:2] == plans[:2]
    for plan in again[2:]:
        assert not banned & set(plan.players)
        check_round(plan, [p for p in players if p not in banned])
    # a single round drawn live
    one = draw_round(players, SeatingHistory.from_plans(plans[:2]), rng=random.Random(1),
                     exclude=banned)
    assert not banned & set(one.players)
    assert len(one.players) == 16 and not one.sitting_out


# --- quality: repeat meetings over 5 rounds (seed 000 §7m) ----------------------------------


def test_sixteen_players_meet_everyone_exactly_once() -> None:
    """16 players over 5 rounds: 3 new opponents a round, 15 in all = everyone once — the
    resolvable design of the affine plane of order 4 exists, and the draw finds it."""
    for seed in range(3):
        history = SeatingHistory.from_plans(plan_tournament(names(16), 5, seed=seed))
        assert history.repeat_meetings == 0
        assert len(history.meetings) == 120 and set(history.meetings.values()) == {1}


@pytest.mark.parametrize(("n", "seeds", "limit"), [(16, 3, 0.5), (20, 3, 3.0), (32, 3, 0.0),
                                                   (44, 3, 0.0)])
def test_fewer_repeat_meetings_than_a_random_draw(n: int, seeds: int, limit: float) -> None:
    players = names(n)
    ours = [SeatingHistory.from_plans(plan_tournament(players, 5, seed=s)).repeat_meetings
            for s in range(seeds)]
    rand = [SeatingHistory.from_plans(random_draw(players, 5, s)).repeat_meetings
            for s in range(20)]
    assert statistics.fmean(ours) <= limit
    assert statistics.fmean(ours) < statistics.fmean(rand)
    assert min(rand) > max(ours)


def test_single_rounds_drawn_live_avoid_repeats() -> None:
    """draw_round alone, round by round (how a live tournament draws): 44 players, 5 rounds,
    no pair meets twice."""
    players = names(44)
    rng = random.Random(2)
    history = SeatingHistory()
    for _ in range(5):
        history = history.record(draw_round(players, history, rng=rng))
    assert history.repeat_meetings == 0


# --- team-mates kept apart (RULES §10: teams) -----------------------------------------------


def test_team_mates_kept_apart_when_possible() -> None:
    """32 players in 8 teams of 4, 5 rounds: no repeat meeting and no team-mates at one table
    (possible: each player meets 15 of the 28 others). A random draw has clashes."""
    players = names(32)
    teams = {p: f"T{i // 4}" for i, p in enumerate(players)}
    history = SeatingHistory.from_plans(plan_tournament(players, 5, teams=teams, seed=0), teams)
    assert history.team_clashes == 0
    assert history.repeat_meetings == 0
    rand = SeatingHistory.from_plans(random_draw(players, 5, 0), teams)
    assert rand.team_clashes > 0


def test_team_mates_apart_in_one_round() -> None:
    """One round of 16 players in 4 teams of 4: every table has one player of each team."""
    players = names(16)
    teams = {p: f"T{i // 4}" for i, p in enumerate(players)}
    plan = draw_round(players, SeatingHistory(), teams=teams, rng=random.Random(0))
    for table in plan.tables:
        assert len({teams[p] for p in table}) == 4


# --- printing --------------------------------------------------------------------------------


WORDS = {"pl": ("Runda", "Stolik", "Pauzuje", "stolik", "pauza", "nie gra"),
         "en": ("Round", "Table", "Sitting out", "table", "sitting out", "not playing"),
         "cs": ("Kolo", "Stůl", "Nehraje", "stůl", "nehraje", "nehraje")}
"""The plan's words in each language (issue 25.1: one language, not "Runda / Round")."""


@pytest.mark.parametrize("lang", ["pl", "en", "cs"])
def test_format_round_and_where_do_i_sit(lang: str) -> None:
    """The printed plan and a player's card say each word in ``lang`` alone (issue 25.1:
    they said "Runda / Round", "Stolik / Table" in every language)."""
    round_, table, out_, table_lc, out_lc, none = WORDS[lang]
    players = names(9)
    plans = plan_tournament(players, 3, seed=0)
    text = format_round(plans[0], {"P00": "Ala"}, number=1, lang=lang)
    lines = text.splitlines()
    assert lines[0] == f"{round_} 1"
    assert sum(line.startswith(f"{table} ") for line in lines) == 2
    assert lines[-1].startswith(f"{out_}:") and "+40" in lines[-1]
    assert "/" not in text
    out = Counter(p for plan in plans for p in plan.sitting_out)
    for player in players:
        card = where_do_i_sit(plans, player, lang=lang).splitlines()
        assert card[0].endswith(player)
        assert len(card) == 4
        assert sum(f": {out_lc} (" in line for line in card) == out[player]
        assert sum(f": {table_lc} " in line for line in card) == 3 - out[player]
        assert not any(" / " in line for line in card)
    gone = where_do_i_sit(plans, "nobody", lang=lang).splitlines()
    assert all(line.endswith(f": {none}") for line in gone[1:])
