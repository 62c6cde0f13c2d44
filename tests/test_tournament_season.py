"""Season standings (RULES §10, seed 000 Punktacja 3, §7t): sums over tournaments,
individual and team, and the yellow-card ban for the next three tournaments."""

from __future__ import annotations

import pytest

from stolik.tournament.model import Player, Round, TableEntry, Tournament, TournamentError
from stolik.tournament.scoring import TournamentResult, score_tournament
from stolik.tournament.standings import check_bans, season_standings

PLAYERS = (Player("a", "A", "X"), Player("b", "B", "X"), Player("c", "C", "Y"),
           Player("d", "D", "Y"), Player("e", "E", "Y"))


def event(n: int, seats: tuple[str, str, str, str], totals: tuple[int, int, int, int],
          out: tuple[str, ...] = (), **kw: object) -> TournamentResult:
    t = Tournament("pucka-2019", f"T{n}", PLAYERS,
                   (Round((TableEntry(seats, totals=totals, **kw),), out),),  # type: ignore[arg-type]
                   source=f"t{n}.toml")
    return score_tournament(t)


def test_season_sums_tournaments() -> None:
    r1 = event(1, ("a", "b", "c", "d"), (30, 10, -10, -30), ("e",))
    r2 = event(2, ("a", "b", "c", "e"), (-30, 10, 10, 10), ("d",))
    st = season_standings([r1, r2])
    got = {p.id: (p.place_points, p.table_points, p.played) for p in st.players}
    assert got == {"a": (6.0, 0, 2), "b": (8.0, 20, 2), "c": (6.0, 0, 2),
                   "d": (4.0, 10, 2), "e": (8.0, 50, 2)}
    assert [(p.id, p.rank) for p in st.players] == [("e", 1), ("b", 2), ("a", 3), ("c", 3),
                                                   ("d", 5)]
    x, y = sorted(st.teams, key=lambda t: t.team)
    assert (x.score, x.table_points) == (6 + 4 + 0 + 4, 40 + -20)
    assert (y.score, y.table_points) == (2 + 0 + 4 + 4 + 4 + 4, 0 + 60)
    assert [t.rank for t in st.teams] == [1, 2]


def yellow_season(gap: int) -> list[TournamentResult]:
    """'d' excluded in tournament 1, then 'gap' tournaments without him, then seated."""
    out = [event(1, ("a", "b", "c", "d"), (0, 0, 0, 0), ("e",), left=(("d", 12),),
                 excluded=("d",))]
    for n in range(gap):
        out.append(event(2 + n, ("a", "b", "c", "e"), (0, 0, 0, 0)))
    out.append(event(2 + gap, ("a", "b", "c", "d"), (0, 0, 0, 0), ("e",)))
    return out


def test_yellow_card_bans_the_next_three_tournaments() -> None:
    """000 §7t: the excluded player gets a yellow card = three tournaments' ban."""
    results = yellow_season(2)
    assert results[0].yellow_cards == ("d",)
    with pytest.raises(TournamentError) as e:
        season_standings(results)
    msg = str(e.value)
    assert msg.startswith("t4.toml: round 1, table 1, seats: player 'd' is banned")
    assert "yellow card from t1.toml" in msg and "(seed 000 §7t)" in msg


def test_sitting_out_during_a_ban_is_refused_too() -> None:
    results = yellow_season(0)
    results[1] = event(2, ("a", "b", "c", "e"), (0, 0, 0, 0), ("d",))
    with pytest.raises(TournamentError) as e:
        check_bans(results)
    assert str(e.value).startswith("t2.toml: round 1, sitting_out: player 'd' is banned")


def test_ban_ends_after_three_tournaments() -> None:
    st = season_standings(yellow_season(3))
    d = next(p for p in st.players if p.id == "d")
    assert d.played == 2
