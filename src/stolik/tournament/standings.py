"""Standings: a tournament's and a season's, individual and team (RULES §10, seed 000
"Punktacja", seed 001 "Punktacja"; MARIAS §10).

- Players are ranked by their game's rule (its ``tournament`` part's ``rank_key``): Baśka by
  place points, then table points; Mariáš by the sum of the round results in haléř, then the
  better best round, then the better second best (MARIAS §10). Exact ties share the better
  rank (competition ranking, as :func:`stolik.series.ranks`). ``unit`` says what
  ``table_points`` counts (``points``, or ``haler`` for money shown as Kč).
- A team's tournament score is the sum of the place points of its best 4 players in that
  tournament (best by the player ranking; only players who took a seat count), tie-broken
  by those players' table points; exact ties share.
- A season sums tournaments (of one game): each player's place and table points (money),
  ranked by the same rule over all his rounds; each team's tournament scores and their
  tie-break table points.
- A yellow card (§7t) bans the player from the next three tournaments of the season:
  :func:`season_standings` refuses a season where he is seated during his ban.

>>> shared_ranks([(10.0, 5), (12.0, -3), (10.0, 5), (10.0, 9)])
[3, 1, 3, 2]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from stolik.games import DEFAULT_GAME
from stolik.i18n import Msg
from stolik.tournament.games import TournamentGame, tournament_game
from stolik.tournament.model import BAN_TOURNAMENTS, TEAM_COUNTED, TournamentError
from stolik.tournament.scoring import TournamentResult

_DIGITS = 9
"""Place points are summed as floats (shared places give thirds): compared rounded."""


def shared_ranks(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Competition ranks by keys compared in order, higher first; equal keys share."""
    rounded = [tuple(round(x, _DIGITS) for x in k) for k in keys]
    return [1 + sum(1 for o in rounded if o > k) for k in rounded]


@dataclass(frozen=True)
class PlayerStanding:
    """A player's line: totals, rank, and the number of rounds (or tournaments) played."""

    id: str
    name: str
    team: str | None
    place_points: float
    table_points: int
    rank: int
    played: int
    rounds: tuple[int, ...] = ()
    """His result round by round (``table_points``' unit), the tie-break of a money
    tournament (MARIAS §10); a round sat out counts as its sitting-out points."""
    excluded: bool = False
    """Excluded from the tournament (seed 000 §7t, seed 002 §2); ranked on what he played."""

    def to_json(self) -> dict[str, object]:
        """The JSON form (the issue's keys first)."""
        return {"id": self.id, "place_points": self.place_points,
                "table_points": self.table_points, "rank": self.rank, "name": self.name,
                "team": self.team, "played": self.played}


@dataclass(frozen=True)
class TeamStanding:
    """A team's line: score (place points of the counted players), tie-break table points,
    rank, and who counted (in a season: everybody who ever counted)."""

    team: str
    score: float
    table_points: int
    rank: int
    counted: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        """The JSON form (the issue's keys first)."""
        return {"team": self.team, "score": self.score, "rank": self.rank,
                "table_points": self.table_points, "counted": list(self.counted)}


@dataclass(frozen=True)
class Standings:
    """Players and teams, each ranked best first."""

    players: tuple[PlayerStanding, ...]
    teams: tuple[TeamStanding, ...]
    unit: str = "points"
    """What ``table_points`` counts: ``points``, or ``haler`` (money, shown as Kč)."""
    game: str = DEFAULT_GAME
    """The game: its part writes an amount (:meth:`amount`)."""

    def amount(self, value: int) -> str:
        """An amount of ``table_points``' unit as a person reads it (Kč for money)."""
        return tournament_game(self.game).amount_text(value)

    def to_json(self) -> dict[str, object]:
        """``{"players": [...], "teams": [...]}`` (with ``"unit"`` when it is money)."""
        players = [p.to_json() for p in self.players]
        out: dict[str, object] = {"players": players,
                                  "teams": [t.to_json() for t in self.teams]}
        if self.unit != "points":
            out["unit"] = self.unit
            for p, d in zip(self.players, players, strict=True):
                d["rounds"] = list(p.rounds)
                d["excluded"] = p.excluded
        return out


def _rank_players(rows: list[tuple[str, str, str | None, float, int, int]], part: TournamentGame,
                  rounds: Mapping[str, Sequence[int]] | None = None,
                  excluded: Collection[str] = (), drop: bool = False
                  ) -> tuple[PlayerStanding, ...]:
    per = rounds or {}
    rk = shared_ranks([part.rank_key(r[3], _struck(per.get(r[0], ())) if drop else r[4],
                                     per.get(r[0], ())) for r in rows])
    out = [PlayerStanding(r[0], r[1], r[2], round(r[3], _DIGITS), r[4], k, r[5],
                          tuple(per.get(r[0], ())), r[0] in excluded)
           for r, k in zip(rows, rk, strict=True)]
    return tuple(sorted(out, key=lambda p: p.rank))  # stable: file order within a rank


def _struck(rounds: Sequence[int]) -> int:
    """The sum of the round results less the best and the worst round
    (``drop_best_and_worst``, LICITOVANY §9).

    >>> _struck([500, -200, 100, 0]), _struck([300, 100])
    (100, 0)
    """
    return sum(sorted(rounds)[1:-1])


def _rank_teams(rows: list[tuple[str, float, int, tuple[str, ...]]]) -> tuple[TeamStanding, ...]:
    rk = shared_ranks([(r[1], r[2]) for r in rows])
    out = [TeamStanding(r[0], round(r[1], _DIGITS), r[2], k, r[3])
           for r, k in zip(rows, rk, strict=True)]
    return tuple(sorted(out, key=lambda t: t.rank))


def tournament_standings(result: TournamentResult) -> Standings:
    """A tournament's standings: every listed player (those who never sat down score 0 and
    count for no team), every team."""
    t = result.tournament
    part = tournament_game(t.game)
    place = {p.id: 0.0 for p in t.players}
    table = {p.id: 0 for p in t.players}
    played = {p.id: 0 for p in t.players}
    rounds: dict[str, list[int]] = {p.id: [] for p in t.players}
    for r in result.rounds:
        for tr in r.tables:
            for s, pid in enumerate(tr.seats):
                place[pid] += tr.place_points[s]
                table[pid] += tr.table_points[s]
                played[pid] += 1
                rounds[pid].append(tr.table_points[s])
        for pid in r.sitting_out:
            place[pid] += r.sitting_out_points[0]
            table[pid] += r.sitting_out_points[1]
            played[pid] += 1
            rounds[pid].append(r.sitting_out_points[1])
    players = _rank_players([(p.id, p.name, p.team, place[p.id], table[p.id], played[p.id])
                             for p in t.players], part, rounds, result.yellow_cards,
                            result.rules.drop_best_and_worst)
    rows = []
    for team in t.teams():
        members = [p for p in players if p.team == team.name and p.played][:TEAM_COUNTED]
        rows.append((team.name, sum(p.place_points for p in members),
                     sum(p.table_points for p in members), tuple(p.id for p in members)))
    return Standings(players, _rank_teams(rows), part.UNIT, t.game)


def check_bans(results: Sequence[TournamentResult]) -> None:
    """Refuse a player seated (or sitting out) during a yellow-card ban: the next
    :data:`BAN_TOURNAMENTS` tournaments after the one where he was excluded (seed 000 §7t)."""
    banned: dict[str, tuple[int, str]] = {}  # player → (last banned index, where carded)
    for i, res in enumerate(results):
        for pid, rnd, table in res.seated():
            if pid in banned and i <= banned[pid][0]:
                entry = "seats" if table else "sitting_out"
                raise TournamentError(
                    Msg("err-t-banned", "{entry}: player '{player}' is banned by a yellow "
                        "card from {where} for {n} tournaments (seed 000 §7t)", entry=entry,
                        player=pid, where=banned[pid][1], n=BAN_TOURNAMENTS),
                    source=res.tournament.source or f"tournament {i + 1}", round=rnd,
                    table=table)
        for pid in res.yellow_cards:
            where = res.tournament.source or res.tournament.name
            banned[pid] = (i + BAN_TOURNAMENTS, where)


def season_standings(results: Sequence[TournamentResult]) -> Standings:
    """A season's standings from its tournaments in order; bans are enforced first.

    A team's season score is the sum of its tournament scores; its tie-break the sum of
    the counted players' table points."""
    check_bans(results)
    kinds = sorted({res.tournament.game for res in results})
    if len(kinds) > 1:
        raise TournamentError(Msg("err-t-season-games", "a season sums tournaments of one "
                                  "game, not of {games} (RULES §10, MARIAS §10)",
                                  games=" + ".join(kinds)), rule="")
    part = tournament_game(kinds[0] if kinds else DEFAULT_GAME)
    rounds: dict[str, list[int]] = {}
    excluded: set[str] = set()
    info: dict[str, tuple[str, str | None]] = {}
    place: dict[str, float] = {}
    table: dict[str, int] = {}
    played: dict[str, int] = {}
    teams: dict[str, tuple[float, int, list[str]]] = {}
    for res in results:
        st = tournament_standings(res)
        for p in st.players:
            info[p.id] = (p.name, p.team)
            if p.played:
                place[p.id] = place.get(p.id, 0.0) + p.place_points
                table[p.id] = table.get(p.id, 0) + p.table_points
                played[p.id] = played.get(p.id, 0) + 1
                rounds.setdefault(p.id, []).extend(p.rounds)
                if p.excluded:
                    excluded.add(p.id)
        for tm in st.teams:
            score, tp, who = teams.get(tm.team, (0.0, 0, []))
            teams[tm.team] = (score + tm.score, tp + tm.table_points,
                              who + [c for c in tm.counted if c not in who])
    players = _rank_players([(pid, info[pid][0], info[pid][1], place[pid], table[pid],
                              played[pid]) for pid in place], part, rounds, excluded)
    return Standings(players, _rank_teams([(n, s, tp, tuple(w))
                                           for n, (s, tp, w) in teams.items()]), part.UNIT,
                     kinds[0] if kinds else DEFAULT_GAME)
