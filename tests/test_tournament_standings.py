"""Tournament standings (RULES §10, seed 000 "Punktacja"): place points then table points,
shared ranks on exact ties, sitting out, teams of their best 4 players."""

from __future__ import annotations

import pytest

from stolik.tournament.model import Player, Round, TableEntry, Tournament, TournamentError
from stolik.tournament.scoring import score_tournament
from stolik.tournament.standings import Standings, shared_ranks, tournament_standings


def tour(players: list[Player], rounds: list[Round], ruleset: str = "pucka-2019"
         ) -> Tournament:
    return Tournament(ruleset, "T", tuple(players), tuple(rounds), source="t.toml")


def standings(t: Tournament) -> Standings:
    return tournament_standings(score_tournament(t))


def ids(n: int, team: str | None = None, start: int = 1) -> list[Player]:
    return [Player(f"p{i}", f"P{i}", team) for i in range(start, start + n)]


def test_ranked_by_place_points_then_table_points() -> None:
    """RULES §10: place points first, table points break ties."""
    t = tour(ids(4), [Round((TableEntry(("p1", "p2", "p3", "p4"), totals=(10, 10, -5, -15)),)),
                      Round((TableEntry(("p1", "p2", "p3", "p4"), totals=(-5, 20, -5, -10)),))])
    st = standings(t)
    got = [(p.id, p.place_points, p.table_points, p.rank) for p in st.players]
    assert got == [("p2", 11.0, 30, 1), ("p1", 8.0, 5, 2), ("p3", 5.0, -10, 3),
                   ("p4", 0.0, -25, 4)]


def test_exact_ties_share_the_rank() -> None:
    """Shared places on exact ties: same place points and same table points."""
    t = tour(ids(4), [Round((TableEntry(("p1", "p2", "p3", "p4"), totals=(5, 5, -5, -5)),))])
    assert [p.rank for p in standings(t).players] == [1, 1, 3, 3]
    assert shared_ranks([(1 / 3 + 2 / 3, 0), (1.0, 0)]) == [1, 1]  # float noise is a tie


def test_sitting_out_gets_4_and_40() -> None:
    """000 §7w: a player sitting out gets 4 place points and +40 table points."""
    t = tour(ids(5), [Round((TableEntry(("p1", "p2", "p3", "p4"), totals=(5, 5, -5, -5)),),
                            ("p5",))])
    p5 = next(p for p in standings(t).players if p.id == "p5")
    assert (p5.place_points, p5.table_points, p5.rank, p5.played) == (4.0, 40, 3, 1)


def test_team_score_is_best_4_players() -> None:
    """Seed 000 Punktacja 2: a team counts its best 4 players of the tournament."""
    players = ids(5, "Rumia") + ids(3, "Puck", 6)
    rows = [(("p1", "p2", "p6", "p7"), (30, 20, -20, -30)),
            (("p3", "p4", "p5", "p8"), (30, 20, -20, -30))]
    t = tour(players, [Round(tuple(TableEntry(s, totals=v) for s, v in rows))])
    st = standings(t)
    rumia, puck = st.teams
    assert (rumia.team, rumia.score, rumia.rank) == ("Rumia", 6 + 4 + 6 + 4, 1)
    assert rumia.counted == ("p1", "p3", "p2", "p4")
    assert rumia.table_points == 100
    assert (puck.team, puck.score, puck.table_points, puck.rank) == ("Puck", 2 + 0 + 0, -80, 2)


def test_team_ties_broken_by_table_points_then_shared() -> None:
    players = ids(2, "A") + ids(2, "B", 3)
    t = tour(players, [Round((TableEntry(("p1", "p3", "p2", "p4"), totals=(10, 10, 0, -20)),))])
    a, b = standings(t).teams
    assert (a.team, a.score, a.table_points, a.rank) == ("A", 7.0, 10, 1)
    assert (b.team, b.score, b.table_points, b.rank) == ("B", 5.0, -10, 2)
    t = tour(players, [Round((TableEntry(("p1", "p3", "p2", "p4"), totals=(5, 5, -5, -5)),))])
    assert [(x.team, x.rank) for x in standings(t).teams] == [("A", 1), ("B", 1)]


def test_team_of_seven_is_refused() -> None:
    """Seed 000 Punktacja 1: at most 6 players in a team."""
    with pytest.raises(TournamentError, match="team 'X' has 7 players, at most 6"):
        score_tournament(tour(ids(7, "X"), [Round((TableEntry(
            ("p1", "p2", "p3", "p4"), totals=(0, 0, 0, 0)),))]))


@pytest.mark.parametrize(("rounds", "needle"), [
    ([Round((TableEntry(("p1", "p2", "p3", "p33"), totals=(0, 0, 0, 0)),))],
     "t.toml: round 1, table 1, seats: unknown player 'p33' (RULES §10)"),
    ([Round((TableEntry(("p1", "p2", "p3", "p1"), totals=(0, 0, 0, 0)),))],
     "seats: player 'p1' is already seated at table 1 in this round"),
    ([Round((TableEntry(("p1", "p2", "p3", "p4"), totals=(0, 0, 0, 0)),), ("p4",))],
     "t.toml: round 1, sitting_out: player 'p4' is already seated at table 1"),
    ([Round((TableEntry(("p1", "p2", "p3", "p4"), totals=(0, 0, 0, 0), left=(("p4", 10),),
                        excluded=("p4",)),), ()),
      Round((TableEntry(("p1", "p2", "p3", "p5"), totals=(0, 0, 0, 0)),), ("p4",))],
     "round 2, sitting_out: player 'p4' was excluded in round 1 and may not play on"),
])
def test_bad_seating(rounds: list[Round], needle: str) -> None:
    with pytest.raises(TournamentError) as e:
        score_tournament(tour(ids(5), rounds))
    assert needle in str(e.value)


def test_player_listed_twice() -> None:
    with pytest.raises(TournamentError, match="id 'p1' is listed twice"):
        score_tournament(tour(ids(4) + ids(1), []))


def test_mester_sport_tournament_uses_its_place_table_and_seed_000_penalties() -> None:
    """RULES §9 (5/3/1/0 + positive bonus) for a normal table; seed 000 §7w sitting out
    (4, +40) under every ruleset."""
    t = tour(ids(5), [Round((TableEntry(("p1", "p2", "p3", "p4"), totals=(20, 10, -10, -20)),),
                            ("p5",))], ruleset="mester-sport")
    got = {p.id: (p.place_points, p.rank) for p in standings(t).players}
    assert got == {"p1": (8.0, 1), "p2": (5.0, 2), "p5": (4.0, 3), "p3": (1.0, 4),
                   "p4": (0.0, 5)}
