"""The tournament store's players (RULES §10): entering players and teams, and the
yellow-card ban across a season (seed 000 §7t).

Re-exported by :mod:`stolik.tournament.store`."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from stolik.db import Database
from stolik.i18n import Msg
from stolik.tournament.model import BAN_TOURNAMENTS, MAX_TEAM_PLAYERS
from stolik.tournament.orm import EntryRow, EventRow, PlayerRow, RoundRow, TournamentRow
from stolik.tournament.store_core import _audit, _fail
from stolik.tournament.store_rows import _player, _tournament

# ---------------------------------------------------------------- players


def _season_order(s: Session, t: TournamentRow) -> list[TournamentRow]:
    if t.season_id is None:
        return [t]
    rows = s.scalars(select(TournamentRow).where(TournamentRow.season_id == t.season_id)).all()
    return sorted(rows, key=lambda r: (r.date or datetime.date.max, r.id))


def banned_players(s: Session, t: TournamentRow) -> dict[str, str]:
    """Players under a yellow-card ban in ``t``: code → the tournament that carded him
    (the three tournaments of the season after it, seed 000 §7t)."""
    order = _season_order(s, t)
    i = order.index(t)
    out: dict[str, str] = {}
    for prev in order[max(0, i - BAN_TOURNAMENTS):i]:
        q = (select(PlayerRow.code).join(EventRow, EventRow.player_id == PlayerRow.id)
             .join(RoundRow, RoundRow.id == EventRow.round_id)
             .where(RoundRow.tournament_id == prev.id, EventRow.kind == "excluded"))
        for code in s.scalars(q):
            out[code] = prev.slug
    return out


def _team_size(t: TournamentRow, team: str) -> int:
    return sum(1 for e in t.entries if e.team == team)


def _check_code(slug: str, code: str, name: str) -> None:
    if not code or not all(c.isalnum() or c in "-_." for c in code):
        raise _fail(slug, Msg("err-st-player-id", "player id {code!r}: letters, digits, - _ . "
                               "only", code=code), rule=None)
    if not name.strip():
        raise _fail(slug, Msg("err-st-name-empty", "player '{code}': the name is empty",
                               code=code), rule=None)


def _add_player(s: Session, t: TournamentRow, code: str, name: str, team: str | None,
                who: str) -> None:
    slug = t.slug
    p = s.scalar(select(PlayerRow).where(PlayerRow.code == code))
    if p is None:
        p = PlayerRow(code=code, name=name.strip())
        s.add(p)
        s.flush()
    elif p.name != name.strip():
        raise _fail(slug, Msg("err-st-name-differs", "player '{code}' is '{name}' in the "
                                "league, not '{given}'", code=code, name=p.name, given=name))
    if any(e.player_id == p.id for e in t.entries):
        raise _fail(slug, Msg("err-st-already-entered", "player '{code}' is already entered",
                                code=code))
    ban = banned_players(s, t).get(code)
    if ban:
        raise _fail(slug, Msg("err-st-banned", "player '{code}' is banned by a yellow card "
                                "from {ban} for {n} tournaments (seed 000 §7t)", code=code,
                                ban=ban, n=BAN_TOURNAMENTS))
    if team and _team_size(t, team) >= MAX_TEAM_PLAYERS:
        raise _fail(slug, Msg("err-st-team-full", "team '{team}' has {n} players already "
                                "(seed 000 \"Punktacja\" 1)", team=team, n=MAX_TEAM_PLAYERS))
    t.entries.append(EntryRow(player_id=p.id, team=team or None))
    s.flush()
    _audit(s, t, who, "player", f"player {code}", None, {"name": p.name, "team": team})


def add_player(db: Database, slug: str, code: str, name: str, *, who: str,
               team: str | None = None) -> None:
    """Enter a player (new to the league, or known by ``code``) in a tournament."""
    _check_code(slug, code, name)
    with db.write() as s:
        _add_player(s, _tournament(s, slug), code, name, team, who)


def add_players(db: Database, slug: str,
                players: Sequence[tuple[str, str, str | None]], *, who: str) -> None:
    """Enter several players ``(code, name, team)`` in one transaction (a CSV list):
    all of them, or none if one is refused."""
    for code, name, _team in players:
        _check_code(slug, code, name)
    with db.write() as s:
        t = _tournament(s, slug)
        for code, name, team in players:
            _add_player(s, t, code, name, team, who)


def set_team(db: Database, slug: str, code: str, team: str | None, *, who: str) -> None:
    """Put a player in a team (``None``: in none); at most 6 players a team."""
    with db.write() as s:
        t = _tournament(s, slug)
        p = _player(s, t, code)
        entry = next(e for e in t.entries if e.player_id == p.id)
        if team and entry.team != team and _team_size(t, team) >= MAX_TEAM_PLAYERS:
            raise _fail(slug, Msg("err-st-team-full", "team '{team}' has {n} players already "
                                    "(seed 000 \"Punktacja\" 1)", team=team,
                                    n=MAX_TEAM_PLAYERS))
        before = entry.team
        entry.team = team or None
        _audit(s, t, who, "team", f"player {code}", before, entry.team)


def remove_player(db: Database, slug: str, code: str, *, who: str) -> None:
    """Withdraw a player who has not been seated yet."""
    with db.write() as s:
        t = _tournament(s, slug)
        p = _player(s, t, code)
        for r in t.round_rows:
            if any(p.id in tb.seat_ids for tb in r.tables) or any(
                    so.player_id == p.id for so in r.sitting_out):
                raise _fail(slug, Msg("err-st-in-draw", "player '{code}' is in the draw of "
                                        "round {number}; he stays in the tournament",
                                        code=code, number=r.number), round=r.number)
        entry = next(e for e in t.entries if e.player_id == p.id)
        t.entries.remove(entry)
        _audit(s, t, who, "withdraw", f"player {code}", {"name": p.name}, None)


@dataclass(frozen=True)
class EntryInfo:
    """A player entered in a tournament."""

    code: str
    name: str
    team: str | None


def players_of(db: Database, slug: str) -> list[EntryInfo]:
    """The players entered, in order of entry."""
    with db.read() as s:
        t = _tournament(s, slug)
        return [EntryInfo(e.player.code, e.player.name, e.team) for e in t.entries]
