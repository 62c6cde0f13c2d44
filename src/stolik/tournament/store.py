"""The tournament store: running a tournament in the database (RULES §10, seed 000 §7m–w).

Every function that changes something is one transaction (:meth:`Database.write`): it is
checked first, then written whole with a line in the audit log (who, when, what, before,
after), or not at all. A tournament in the database turns back into the
:class:`~stolik.tournament.model.Tournament` a tournament file holds
(:func:`tournament_of`), so standings come from the same scoring code as
``stolik tournament report``. The part a referee's commonest commands need (a new
tournament, the next deal) is written with Core in :mod:`stolik.tournament.store_core`,
re-exported here.

What running a tournament adds to the file:

- **the round clock** (seed 000 §7p): a round is drawn, started (the clock runs
  ``minutes_per_round``, 40 by default, then a ``break_minutes`` break), possibly extended
  by the referee, and closed. A deal started after the limit is flagged and does not count
  unless the referee extends the round past its start;
- **entry and confirmation**: who entered each deal; a second person (not the one who
  entered it) may confirm it, like the opponents on a Bridgemate. With
  ``require_confirmation`` only confirmed deals count;
- **corrections** keep the value before and after in the audit log;
- **yellow-card bans** across a season (seed 000 §7t): a player excluded in one of the
  previous three tournaments of the season is refused.

>>> from stolik.db import open_database
>>> db = open_database("sqlite://", migrate=True)
>>> _ = create_tournament(db, "t1", name="Turniej 1", ruleset="pucka-2019", who="ref")
>>> for i in range(1, 6):
...     add_player(db, "t1", f"p{i}", f"Gracz {i}", who="ref")
>>> plan = seat_round(db, "t1", who="ref")
>>> len(plan.tables), len(plan.sitting_out)
(1, 1)
>>> info = enter_deal(db, "t1", 1, 1, {"contract": "gran", "declarer": 0, "points": 90},
...                   who="ref")
>>> info.number, info.after_limit
(1, False)
>>> confirm_deal(db, "t1", 1, 1, 1, who="ref")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stolik.tournament.store_core.StoreError: t1: round 1, table 1, deal 1: entered by 'ref', so ...
>>> [a.action for a in audit_log(db, "t1")][-2:]
['seat', 'enter']
"""

from __future__ import annotations

import datetime
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from stolik.db import Database
from stolik.db.base import Base, load_models, utcnow
from stolik.games import game
from stolik.i18n import Msg
from stolik.tournament.games import tournament_game
from stolik.tournament.model import (
    BAN_TOURNAMENTS,
    MAX_TEAM_PLAYERS,
    Player,
    Round,
    TableEntry,
    Tournament,
    TournamentError,
)
from stolik.tournament.orm import (
    AuditRow,
    DealRow,
    EntryRow,
    EventRow,
    PlayerRow,
    RoundRow,
    SeasonRow,
    SitOutRow,
    TableRow,
    TournamentRow,
)
from stolik.tournament.scoring import TableResult, TournamentResult, score_tournament
from stolik.tournament.seating import RoundPlan, SeatingHistory, draw_round
from stolik.tournament.standings import Standings, season_standings, tournament_standings

# The part written with Core (no ORM: ``tournament new``, ``sheet add`` load only it) is
# reached through this module too.
from stolik.tournament.store_core import CLOSED as CLOSED
from stolik.tournament.store_core import LATEST_START as LATEST_START
from stolik.tournament.store_core import MAX_NUMBER as MAX_NUMBER
from stolik.tournament.store_core import MAX_ROUND_MINUTES as MAX_ROUND_MINUTES
from stolik.tournament.store_core import MAX_SEED as MAX_SEED
from stolik.tournament.store_core import DealInfo as DealInfo
from stolik.tournament.store_core import RoundClock as RoundClock
from stolik.tournament.store_core import StoreError as StoreError
from stolik.tournament.store_core import TournamentInfo as TournamentInfo
from stolik.tournament.store_core import (
    _audit,
    _check_lines,
    _check_seed,
    _deal_info,
    _doc,
    _fail,
    _has_play,
    _new_tournament_season,
    _table_check,
    _table_entry,
    check_number,
    game_of,
    no_such_tournament,
    round_row,
    table_row,
)
from stolik.tournament.store_core import clock_of as clock_of
from stolik.tournament.store_core import create_tournament as create_tournament
from stolik.tournament.store_core import enter_deal as enter_deal
from stolik.tournament.store_core import enter_deals as enter_deals
from stolik.tournament.store_core import ruleset_ref as ruleset_ref
from stolik.tournament.store_core import seat_players as seat_players

EVENT_KINDS = ("late", "left", "excluded", "warning")
"""Events a referee records at a table (seed 000 §7q–t; a warning, seed 002 §2: a Mariáš
player is excluded only after one); sitting out comes from the draw."""


# ------------------------------------------------------------------------ values


@dataclass(frozen=True)
class AuditEntry:
    """One line of the audit log."""

    at: datetime.datetime
    who: str
    action: str
    what: str
    before: Any
    after: Any


# ---------------------------------------------------------------------- helpers


def _tournament(s: Session, slug: str) -> TournamentRow:
    row = s.scalar(select(TournamentRow).where(TournamentRow.slug == slug))
    if row is None:
        raise no_such_tournament(s, slug)
    return row


def _round(s: Session, t: TournamentRow, number: int) -> RoundRow:
    """Round ``number`` (refused, as :func:`~stolik.tournament.store_core.round_row`
    refuses it, when it is not drawn yet)."""
    return s.get_one(RoundRow, round_row(s, t, number).id)


def _table(s: Session, t: TournamentRow, rnd: int, number: int) -> tuple[RoundRow, TableRow]:
    """Round ``rnd`` and its table ``number`` (as
    :func:`~stolik.tournament.store_core.table_row` finds them)."""
    r, tb = table_row(s, t, rnd, number)
    return s.get_one(RoundRow, r.id), s.get_one(TableRow, tb.id)


def _player(s: Session, t: TournamentRow, code: str) -> PlayerRow:
    for e in t.entries:
        if e.player.code == code:
            return e.player
    raise _fail(t.slug, Msg("err-st-not-entered-here", "player '{code}' is not entered in "
                            "this tournament", code=code))


def _codes(s: Session) -> dict[int, str]:
    return {pid: code for pid, code in s.execute(select(PlayerRow.id, PlayerRow.code))}


# -------------------------------------------------------------- tournaments


def _info(s: Session, t: TournamentRow) -> TournamentInfo:
    season = s.get(SeasonRow, t.season_id) if t.season_id else None
    return TournamentInfo(t.slug, t.name, t.ruleset, t.date, t.place, t.rounds,
                          t.deals_per_round, t.minutes_per_round, t.break_minutes, t.seed,
                          t.require_confirmation, season.name if season else None,
                          len(t.entries), len(t.round_rows), t.game)


def list_tournaments(db: Database) -> list[TournamentInfo]:
    """Every tournament, oldest first."""
    with db.read() as s:
        rows = s.scalars(select(TournamentRow).order_by(TournamentRow.date,
                                                        TournamentRow.id)).all()
        return [_info(s, t) for t in rows]


def tournament_info(db: Database, slug: str) -> TournamentInfo:
    """One tournament's settings."""
    with db.read() as s:
        return _info(s, _tournament(s, slug))


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


# ------------------------------------------------------------------ seating


def _plan_of(r: RoundRow, codes: Mapping[int, str]) -> RoundPlan:
    tables = tuple((codes[tb.seat0], codes[tb.seat1], codes[tb.seat2], codes[tb.seat3])
                   for tb in r.tables)
    return RoundPlan(tables, tuple(codes[so.player_id] for so in r.sitting_out))


def plans_of(db: Database, slug: str) -> list[RoundPlan]:
    """The drawn rounds' plans, in order."""
    with db.read() as s:
        t = _tournament(s, slug)
        codes = _codes(s)
        return [_plan_of(r, codes) for r in t.round_rows]


def _excluded_codes(t: TournamentRow, codes: Mapping[int, str]) -> set[str]:
    return {codes[e.player_id] for r in t.round_rows for e in r.events if e.kind == "excluded"}


def draw_seed(tournament_seed: int | None, number: int) -> int:
    """The seed of round ``number``'s draw: from the tournament's seed when it has one,
    else fresh from :mod:`secrets` (every tournament seats differently).

    >>> draw_seed(3, 2)
    3002
    >>> len({draw_seed(None, 1) for _ in range(3)}) > 1
    True
    """
    if tournament_seed is not None:
        return (tournament_seed * 1000 + number) % (MAX_SEED + 1)
    return secrets.randbelow(MAX_SEED + 1)


def round_seeds(db: Database, slug: str) -> dict[int, int]:
    """The seed each drawn round was drawn with, by round number (``seat --seed`` with it
    draws the same tables again, given the same players and rounds before)."""
    with db.read() as s:
        t = _tournament(s, slug)
        return {r.number: r.seed for r in t.round_rows}


def seat_round(db: Database, slug: str, number: int | None = None, *, who: str,
               seed: int | None = None, plan: RoundPlan | None = None) -> RoundPlan:
    """Draw round ``number`` (default: the next one): tables of four with the fewest repeat
    meetings, team-mates apart, sit-outs rotating (:mod:`stolik.tournament.seating`).
    Drawing a drawn round again (a redraw) is allowed until it starts. ``plan`` seats the
    round as given instead of drawing. Players excluded earlier (yellow card) or banned
    are left out (seed 000 §7t). ``seed``: this draw's seed (default :func:`draw_seed`);
    the seed used is kept with the round (:func:`round_seeds`)."""
    _check_seed(slug, seed)
    with db.write() as s:
        t = _tournament(s, slug)
        codes = _codes(s)
        number = number or len(t.round_rows) + 1
        if number > len(t.round_rows) + 1:
            raise _fail(slug, Msg("err-st-prev-not-drawn", "round {number} is not drawn yet",
                                    number=number - 1), round=number)
        if number > t.rounds:
            raise _fail(slug, Msg("err-st-rounds", "the tournament has {rounds} rounds",
                                    rounds=t.rounds), round=number)
        existing = next((r for r in t.round_rows if r.number == number), None)
        before = None
        if existing is not None:
            if existing.started_at is not None or any(tb.deals or tb.totals is not None
                                                      for tb in existing.tables):
                raise _fail(slug, Msg("err-st-no-redraw", "the round has started: it cannot be "
                                        "drawn again"),
                            round=number)
            if number < len(t.round_rows):
                raise _fail(slug, Msg("err-st-next-drawn", "round {number} is drawn already: "
                                        "redraw the last round only", number=number + 1),
                            round=number)
            before = _plan_codes(_plan_of(existing, codes))
            t.round_rows.remove(existing)
            s.flush()
        entered = [e.player.code for e in t.entries]
        out = _excluded_codes(t, codes) | set(banned_players(s, t))
        teams = {e.player.code: e.team for e in t.entries if e.team}
        if plan is None:
            history = SeatingHistory.from_plans(
                [_plan_of(r, codes) for r in t.round_rows if r.number < number], teams)
            rseed = draw_seed(t.seed, number) if seed is None else seed
            import random

            if len([p for p in entered if p not in out]) < 4:
                raise _fail(slug, Msg("err-st-few-players", "fewer than four players to seat"),
                            round=number)
            plan = draw_round(entered, history, teams=teams, rng=random.Random(rseed),
                              exclude=out)
        else:
            rseed = seed or 0
            for p in plan.players:
                if p not in entered:
                    raise _fail(slug, Msg("err-st-not-entered", "player '{code}' is not entered",
                                            code=p), round=number)
                if p in out:
                    raise _fail(slug, Msg("err-st-excluded", "player '{code}' was excluded or is "
                                            "banned and may not be seated (seed 000 §7t)",
                                            code=p), round=number)
            if len(set(plan.players)) != len(plan.players):
                raise _fail(slug, Msg("err-st-seated-twice", "a player is seated twice"),
                            round=number)
        by_code = {e.player.code: e.player_id for e in t.entries}
        r = RoundRow(number=number, seed=rseed)
        for i, table in enumerate(plan.tables, 1):
            ids = [by_code[p] for p in table]
            r.tables.append(TableRow(number=i, seat0=ids[0], seat1=ids[1], seat2=ids[2],
                                     seat3=ids[3], first_dealer=0))
        for p in plan.sitting_out:
            r.sitting_out.append(SitOutRow(player_id=by_code[p]))
        t.round_rows.append(r)
        _audit(s, t, who, "redraw" if before else "seat", f"round {number}", before,
               _plan_codes(plan))
        return plan


def _plan_codes(plan: RoundPlan) -> dict[str, Any]:
    return {"tables": [list(tb) for tb in plan.tables], "sitting_out": list(plan.sitting_out)}


# -------------------------------------------------------------------- clock


def start_round(db: Database, slug: str, number: int, *, who: str,
                at: datetime.datetime | None = None) -> RoundClock:
    """Start round ``number``'s clock (seed 000 §7p)."""
    with db.write() as s:
        t = _tournament(s, slug)
        r = _round(s, t, number)
        if r.started_at is not None:
            raise _fail(slug, Msg("err-st-started-at", "the round started at {at} UTC",
                                    at=f"{r.started_at:%H:%M:%S}"),
                        round=number)
        started = at or utcnow()
        if started > LATEST_START:  # its limit would be past the calendar's end
            latest, at_text = LATEST_START.date().isoformat(), started.isoformat(sep=" ")
            raise _fail(slug, Msg("err-st-start-late", "a round's clock starts by {latest} "
                                  "UTC, not at {at}", latest=latest, at=at_text),
                        round=number, rule=None)
        r.started_at = started
        _audit(s, t, who, "start", f"round {number}", None, r.started_at.isoformat())
        return clock_of(t, r)


def extend_round(db: Database, slug: str, number: int, minutes: int, *,
                 who: str) -> RoundClock:
    """Add ``minutes`` to round ``number``'s limit: the referee's extension (seed 000 §7p);
    deals started before the new limit count again."""
    with db.write() as s:
        t = _tournament(s, slug)
        r = _round(s, t, number)
        if r.extra_minutes + minutes < 0:
            raise _fail(slug, Msg("err-st-extension", "an extension cannot go below zero"),
                        round=number)
        length = t.minutes_per_round + r.extra_minutes + minutes
        if length > MAX_ROUND_MINUTES:  # checked before the column (or the clock) sees it
            raise _fail(slug, Msg("err-st-extension-long", "the round would last {length} "
                                  "minutes: at most {max}", length=length,
                                  max=MAX_ROUND_MINUTES), round=number, rule=None)
        before = r.extra_minutes
        r.extra_minutes += minutes
        _audit(s, t, who, "extend", f"round {number}", before, r.extra_minutes)
        return clock_of(t, r)


def set_round_length(db: Database, slug: str, number: int, minutes: int, *,
                     who: str) -> RoundClock:
    """The organiser sets round ``number``'s length to ``minutes`` before it starts, with
    notice (seed 002 §1: "po předchozím oznámení, před začátkem hracího kola upravit délku
    kola"); a round already started is extended instead (:func:`extend_round`)."""
    with db.write() as s:
        t = _tournament(s, slug)
        r = _round(s, t, number)
        if r.started_at is not None:
            raise _fail(slug, Msg("err-st-length-started", "the round has started: its length "
                                  "is set before it starts; extend it instead (seed 002 §1)"),
                        round=number, rule=None)
        if minutes < 1:
            raise _fail(slug, Msg("err-st-length", "a round lasts at least 1 minute, not "
                                  "{minutes} (seed 002 §1)", minutes=minutes), round=number,
                        rule=None)
        check_number(slug, Msg("err-st-n-length", "the round's length in minutes"), minutes,
                     1, MAX_ROUND_MINUTES, round=number)
        before = t.minutes_per_round + r.extra_minutes
        r.extra_minutes = minutes - t.minutes_per_round
        _audit(s, t, who, "length", f"round {number}", before, minutes)
        return clock_of(t, r)


def close_round(db: Database, slug: str, number: int, *, who: str) -> None:
    """Close round ``number``: no more entries without the referee reopening it."""
    with db.write() as s:
        t = _tournament(s, slug)
        r = _round(s, t, number)
        if t.require_confirmation:
            open_deals = [f"{tb.number}/{d.number}" for tb in r.tables for d in tb.deals
                          if d.confirmed_by is None]
            if open_deals:
                raise _fail(slug, Msg("err-st-unconfirmed", "unconfirmed deals (table/deal): "
                                        "{deals}", deals=", ".join(open_deals)),
                            round=number)
        r.closed = True
        _audit(s, t, who, "close", f"round {number}", False, True)


def reopen_round(db: Database, slug: str, number: int, *, who: str) -> None:
    """Reopen a closed round for corrections."""
    with db.write() as s:
        t = _tournament(s, slug)
        r = _round(s, t, number)
        r.closed = False
        _audit(s, t, who, "reopen", f"round {number}", True, False)


def round_clock(db: Database, slug: str, number: int) -> RoundClock:
    """Round ``number``'s clock."""
    with db.read() as s:
        t = _tournament(s, slug)
        return clock_of(t, _round(s, t, number))


# -------------------------------------------------------------------- deals


def _deal(s: Session, t: TournamentRow, rnd: int, table: int, number: int
          ) -> tuple[RoundRow, TableRow, DealRow]:
    r, tb = _table(s, t, rnd, table)
    for d in tb.deals:
        if d.number == number:
            return r, tb, d
    raise _fail(t.slug, Msg("err-st-no-deal", "no deal {number} (the table has {count})",
                            number=number, count=len(tb.deals)), round=rnd, table=table)


def correct_deal(db: Database, slug: str, round: int, table: int, number: int,
                 raw: Mapping[str, Any], *, who: str) -> DealInfo:
    """Replace deal ``number``; the audit log keeps the value before and after, and a
    confirmation given before is withdrawn."""
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb, d = _deal(s, t, round, table, number)
        if r.closed:
            raise _fail(slug, CLOSED, round=round)
        doc = _doc(t, d.kind, raw, round, table)
        docs = [doc if x.number == number else x.data for x in tb.deals]
        _check_lines(t, tb, d.kind, docs, round)
        before = d.data
        d.data = doc
        d.confirmed_by = None
        d.confirmed_at = None
        s.flush()
        _table_check(s, t, r, tb)
        _audit(s, t, who, "correct", f"round {round}, table {table}, deal {number}", before,
               doc)
        return _deal_info(t, r, tb, d)


def delete_deal(db: Database, slug: str, round: int, table: int, number: int, *,
                who: str) -> None:
    """Delete deal ``number``; the later deals move up one number."""
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb, d = _deal(s, t, round, table, number)
        if r.closed:
            raise _fail(slug, CLOSED, round=round)
        rest = [x.data for x in tb.deals if x.number != number]
        if rest:
            _check_lines(t, tb, d.kind, rest, round)
        before = d.data
        tb.deals.remove(d)
        s.flush()
        for x in tb.deals:
            if x.number > number:
                x.number -= 1
                s.flush()
        _table_check(s, t, r, tb)
        _audit(s, t, who, "delete", f"round {round}, table {table}, deal {number}", before,
               None)


def confirm_deal(db: Database, slug: str, round: int, table: int, number: int, *,
                 who: str) -> DealInfo:
    """Confirm deal ``number``: by a second person, not the one who entered it."""
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb, d = _deal(s, t, round, table, number)
        if d.entered_by == who:
            raise _fail(slug, Msg("err-st-confirm-other", "entered by '{who}', so another "
                                    "person confirms it", who=who),
                        round=round, table=table, deal=number)
        if d.confirmed_by is not None:
            raise _fail(slug, Msg("err-st-confirmed", "already confirmed by '{who}'",
                                    who=d.confirmed_by), round=round,
                        table=table, deal=number)
        d.confirmed_by = who
        d.confirmed_at = utcnow()
        _audit(s, t, who, "confirm", f"round {round}, table {table}, deal {number}", None, who)
        return _deal_info(t, r, tb, d)


def set_totals(db: Database, slug: str, round: int, table: int,
               totals: Sequence[int] | None, *, who: str) -> None:
    """Record only the table's final points by seat (sum 0), or clear them (``None``)."""
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb = _table(s, t, round, table)
        if r.closed:
            raise _fail(slug, CLOSED, round=round)
        if totals is not None:
            if len(totals) != 4:
                raise _fail(slug, Msg("err-st-totals-four", "totals are 4 numbers by seat, "
                                        "not {totals}", totals=list(totals)),
                            round=round, table=table)
            if sum(totals) != 0:
                raise _fail(slug, Msg("err-st-totals-zero", "totals {totals} sum to {sum}, not 0 "
                                        "— every deal sums to zero (RULES §7)",
                                        totals=list(totals), sum=sum(totals)),
                            round=round, table=table)
            if tb.deals:
                raise _fail(slug, Msg("err-st-totals-deals", "the table has deals entered; totals "
                                        "replace none of them"),
                            round=round, table=table)
        before = tb.totals
        tb.totals = list(totals) if totals is not None else None
        s.flush()
        _table_check(s, t, r, tb)
        _audit(s, t, who, "totals", f"round {round}, table {table}", before, tb.totals)


@dataclass(frozen=True)
class TableSheetInfo:
    """A table's round as its game's table sheet shows it (Mariáš: the stolový lístek,
    MARIAS §7): the players by seat (id, name), the game's sheet, the table scored
    (``None`` while nothing is entered), and the deals entered."""

    slug: str
    game: str
    round: int
    table: int
    players: tuple[tuple[str, str], ...]
    sheet: Any
    result: TableResult | None
    deals: int


def _sheet_entry(s: Session, t: TournamentRow, r: RoundRow, tb: TableRow) -> TableEntry:
    return _table_entry(t, r, tb, tb.deals, [e for e in r.events if e.table_id == tb.id],
                        _codes(s))


def table_sheet_of(db: Database, slug: str, round: int, table: int) -> TableSheetInfo:
    """A table's sheet for one round, scored by its game (MARIAS §7)."""
    with db.read() as s:
        t = _tournament(s, slug)
        r, tb = _table(s, t, round, table)
        part = game_of(t)
        entry = _sheet_entry(s, t, r, tb)
        names = {e.player.code: e.player.name for e in t.entries}
        result = None
        rs = part.load_ruleset(ruleset_ref(t))
        rules = part.tournament_rules(rs)
        if _has_play(entry, rules.late_major_minutes):
            try:
                result = part.score_table(rs, rules, entry, round, table, source=slug)
            except TournamentError:
                result = None
        return TableSheetInfo(slug, t.game, round, table,
                              tuple((p, names.get(p, p)) for p in entry.seats),
                              part.table_sheet(tb.sheet), result, len(tb.deals))


def change_table_sheet(db: Database, slug: str, round: int, table: int,
                       change: Callable[[Any, TableEntry], Any], *, who: str, action: str,
                       what: str, correction: bool = False) -> TableSheetInfo:
    """Change a table's sheet (its game's, e.g. Mariáš's stolový lístek) in one
    transaction: ``change(ruleset, entry)`` returns the new sheet from the table as it
    stands (``entry.table_sheet`` the sheet now). The table is scored with it and refused
    whole if its game refuses it (a table that does not sum to zero, MARIAS §7). A sheet
    handed in is changed only as a referee's ``correction`` (seed 002 §10); the audit log
    keeps the sheet before and after, under ``action``."""
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb = _table(s, t, round, table)
        if r.closed:
            raise _fail(slug, CLOSED, round=round)
        part = game_of(t)
        rs = part.load_ruleset(ruleset_ref(t))
        entry = _sheet_entry(s, t, r, tb)
        before = tb.sheet
        try:  # the game's own refusal first (a second hand-in: "already handed in")
            new = change(rs, entry)
        except TournamentError as e:
            raise _fail(slug, e.message, round=round, table=table, rule=None) from None
        if getattr(entry.table_sheet, "handed_in", False) and not correction:
            raise _fail(slug, Msg("err-st-handed-in", "the table sheet is signed and handed "
                                  "in: no change without a referee's correction (--correction)"
                                  " (seed 002 §10)"), round=round, table=table, rule=None)
        tb.sheet = part.table_sheet_document(new)
        s.flush()
        _table_check(s, t, r, tb)
        _audit(s, t, who, "correct-sheet" if correction else action,
               f"round {round}, table {table}: {what}", before, tb.sheet)
    return table_sheet_of(db, slug, round, table)


def deals_of(db: Database, slug: str, round: int, table: int) -> list[DealInfo]:
    """A table's deals, in order, with their flags."""
    with db.read() as s:
        t = _tournament(s, slug)
        r, tb = _table(s, t, round, table)
        return [_deal_info(t, r, tb, d) for d in tb.deals]


# ------------------------------------------------------------------- events


@dataclass(frozen=True)
class EventInfo:
    """An event recorded at a table."""

    id: int
    round: int
    table: int
    player: str
    kind: str
    value: int | None


def _event_number(kind: str) -> Msg:
    """What an event's number counts: minutes late, else deals played (seed 000 §7q–t)."""
    if kind == "late":
        return Msg("err-st-minutes-late", "minutes late")
    return Msg("err-st-deals-played", "deals played")


def add_event(db: Database, slug: str, round: int, table: int, player: str, kind: str,
              value: int | None = None, *, who: str) -> EventInfo:
    """Record that ``player`` was late (``value`` minutes), left (after ``value`` deals),
    was excluded (after ``value`` deals, or when the series stopped) — seed 000 §7q–t — or
    was warned (seed 002 §2; in a game whose exclusion needs a warning, the warning is
    recorded first). The table is scored again with it (an exclusion or a warning: the
    whole tournament); an event the regulation refuses is refused."""
    if kind not in EVENT_KINDS:
        raise _fail(slug, Msg("err-st-event-kind", "event kind {kind!r}: one of {kinds}",
                           kind=kind, kinds=", ".join(EVENT_KINDS)), rule=None)
    if kind in ("late", "left") and value is None:
        raise _fail(slug, Msg("err-st-event-number", "a '{kind}' event needs a number "
                              "({what})", kind=kind, what=_event_number(kind)), rule=None)
    if value is not None and value < 0:
        raise _fail(slug, Msg("err-st-event-negative", "an event's number cannot be "
                                "negative, not {value}", value=value), rule=None)
    if value is not None:
        check_number(slug, _event_number(kind), value, 0, MAX_NUMBER)
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb = _table(s, t, round, table)
        p = _player(s, t, player)
        if p.id not in tb.seat_ids:
            raise _fail(slug, Msg("err-st-not-seated", "player '{code}' is not seated at this "
                                    "table", code=player), round=round, table=table)
        if any(e.table_id == tb.id and e.player_id == p.id and e.kind == kind
               for e in r.events):
            raise _fail(slug, Msg("err-st-event-twice", "player '{code}' already has a '{kind}' "
                                    "event here", code=player, kind=kind),
                        round=round, table=table)
        kinds = game_of(t).EVENT_KINDS
        if kind not in kinds:
            raise _fail(slug, Msg("err-st-event-game", "a {game} tournament records no "
                                  "'{kind}' event: its events are {kinds}",
                                  game=game(t.game).name(),
                                  kind=kind, kinds=", ".join(kinds)), rule=None)
        if kind == "excluded":
            _check_warned(t, p.id, player, round, table)
        ev = EventRow(table_id=tb.id, player_id=p.id, kind=kind, value=value)
        r.events.append(ev)
        s.flush()
        if kind in ("excluded", "warning"):  # he may be seated in a later round already
            _score_check(s, t)
        else:
            _table_check(s, t, r, tb)
        _audit(s, t, who, "event", f"round {round}, table {table}, {player}", None,
               {"kind": kind, "value": value})
        return EventInfo(ev.id, round, table, player, kind, value)


def _check_warned(t: TournamentRow, player_id: int, code: str, round: int,
                  table: int) -> None:
    """In a game whose exclusion needs a warning (seed 002 §2), refuse excluding a player
    the referee has not warned before (a warning recorded in this round or an earlier
    one)."""
    if not getattr(game_of(t), "EXCLUSION_NEEDS_WARNING", False):
        return
    if not any(e.kind == "warning" and e.player_id == player_id
               for r in t.round_rows if r.number <= round for e in r.events):
        raise _fail(t.slug, Msg("err-st-never-warned", "player '{code}' was never warned — "
                                "the organiser excludes a player only after a warning "
                                "(seed 002 §2)", code=code), round=round, table=table,
                    rule=None)


def remove_event(db: Database, slug: str, event_id: int, *, who: str) -> None:
    """Remove a recorded event (by the id :func:`events_of` lists)."""
    with db.write() as s:
        t = _tournament(s, slug)
        # an id past the id column's integers is no event's (PostgreSQL refuses the query)
        ev = s.get(EventRow, event_id) if 0 < event_id <= MAX_NUMBER else None
        if ev is None or ev.round.tournament_id != t.id:
            raise _fail(slug, Msg("err-st-no-event", "no event {id}", id=event_id), rule=None)
        codes = _codes(s)
        before = {"kind": ev.kind, "value": ev.value, "player": codes[ev.player_id]}
        if ev.kind == "warning" and sum(
                e.kind == "warning" and e.player_id == ev.player_id
                for rr in t.round_rows for e in rr.events) == 1:
            excl = next((rr for rr in t.round_rows for e in rr.events
                         if e.kind == "excluded" and e.player_id == ev.player_id), None)
            if excl is not None and getattr(game_of(t), "EXCLUSION_NEEDS_WARNING", False):
                raise _fail(slug, Msg("err-st-warning-needed", "player '{code}' was excluded "
                                      "in round {round} after this warning: remove the "
                                      "exclusion first (seed 002 §2)",
                                      code=before["player"], round=excl.number), rule=None)
        r = ev.round  # removing the event from the round unsets ``ev.round``
        table = next((tb.number for tb in r.tables if tb.id == ev.table_id), None)
        r.events.remove(ev)
        s.flush()
        _score_check(s, t)
        _audit(s, t, who, "event-removed",
               f"round {r.number}, table {table}, {before['player']}", before, None)


def events_of(db: Database, slug: str) -> list[EventInfo]:
    """Every recorded event, round by round."""
    with db.read() as s:
        t = _tournament(s, slug)
        codes = _codes(s)
        out: list[EventInfo] = []
        for r in t.round_rows:
            numbers = {tb.id: tb.number for tb in r.tables}
            out.extend(EventInfo(e.id, r.number, numbers[e.table_id], codes[e.player_id],
                                 e.kind, e.value) for e in r.events)
        return out


# ---------------------------------------------------------- the tournament


def _tournament_model(s: Session, t: TournamentRow) -> Tournament:
    codes = _codes(s)
    players = tuple(Player(e.player.code, e.player.name, e.team) for e in t.entries)
    rounds = []
    for r in t.round_rows:
        tables = tuple(_table_entry(t, r, tb, tb.deals,
                                    [e for e in r.events if e.table_id == tb.id], codes)
                       for tb in r.tables)
        sitting = tuple(codes[so.player_id] for so in r.sitting_out)
        rounds.append(Round(tables, sitting, closed=r.closed))
    return Tournament(ruleset_ref(t), t.name, players, tuple(rounds), t.date, source=t.slug,
                      game=t.game)


def _score_check(s: Session, t: TournamentRow) -> None:
    """Refuse a change that makes the tournament unscorable (only tables with play or an
    event are scored: a table still empty is skipped)."""
    full = _tournament_model(s, t)
    try:
        # The playable tournament leaves empty tables out; each table keeps its own
        # number (TableEntry.number), so an error names the right one.
        score_tournament(_playable(full))
    except TournamentError as e:
        raise StoreError(str(e)) from None


def _late_major(model: Tournament) -> int:
    """Minutes late past which a table's series is over before it starts (seed 000 §7r)."""
    part = tournament_game(model.game)
    return part.tournament_rules(part.load_ruleset(model.ruleset)).late_major_minutes


def _playable(model: Tournament) -> Tournament:
    """The tournament less the tables with nothing entered yet (a round in progress)."""
    late_major = _late_major(model)
    rounds = []
    for r in model.rounds:
        tables = tuple(tb for tb in r.tables if _has_play(tb, late_major))
        rounds.append(Round(tables, r.sitting_out, closed=r.closed))
    return Tournament(model.ruleset, model.name, model.players, tuple(rounds), model.date,
                      source=model.source, game=model.game)


def tournament_of(db: Database, slug: str, *, complete: bool = False) -> Tournament:
    """The tournament as a tournament file holds it: deals that count only (not those
    started after the limit; with ``require_confirmation`` only confirmed ones). Tables with
    nothing entered yet are left out unless ``complete`` (then they are kept, marked
    ``entered=False``, so that a file holds the whole draw: ``export``)."""
    with db.read() as s:
        model = _tournament_model(s, _tournament(s, slug))
    return _drawn(model) if complete else _playable(model)


def _drawn(model: Tournament) -> Tournament:
    """The tournament with its tables that have nothing entered yet marked
    ``entered=False`` (drawn, not scored)."""
    late_major = _late_major(model)
    rounds = tuple(replace(r, tables=tuple(
        tb if _has_play(tb, late_major) else replace(tb, entered=False) for tb in r.tables))
        for r in model.rounds)
    return replace(model, rounds=rounds)


def result_of(db: Database, slug: str) -> tuple[TournamentResult, Standings]:
    """The tournament scored, and its standings (RULES §9–§10)."""
    res = score_tournament(tournament_of(db, slug))
    return res, tournament_standings(res)


def season_of(db: Database, season: str) -> tuple[list[TournamentResult], Standings]:
    """A season's tournaments (by date) scored, and the season standings; a player seated
    during a yellow-card ban is refused (seed 000 §7t)."""
    with db.read() as s:
        srow = s.scalar(select(SeasonRow).where(SeasonRow.name == season))
        if srow is None:
            known = s.scalars(select(SeasonRow.name)).all()
            raise StoreError(Msg("err-st-no-season-known", "no season '{season}'; there "
                                     "are: {known}", season=season, known=", ".join(known))
                             if known else Msg("err-st-no-season", "no season '{season}'",
                                               season=season))
        rows = s.scalars(select(TournamentRow).where(TournamentRow.season_id == srow.id)).all()
        slugs = [r.slug for r in sorted(rows, key=lambda r: (r.date or datetime.date.max,
                                                               r.id))]
    results = [score_tournament(tournament_of(db, sl)) for sl in slugs]
    return results, season_standings(results)


def audit_log(db: Database, slug: str) -> list[AuditEntry]:
    """Every change to the tournament, oldest first."""
    with db.read() as s:
        t = _tournament(s, slug)
        rows = s.scalars(select(AuditRow).where(AuditRow.tournament_id == t.id)
                         .order_by(AuditRow.id)).all()
        return [AuditEntry(a.at, a.who, a.action, a.what, a.before, a.after) for a in rows]


# ------------------------------------------------------------ import / export


def import_tournament(db: Database, t: Tournament, slug: str, *, who: str,
                      season: str | None = None, rounds: int | None = None,
                      place: str | None = None) -> None:
    """Store a whole tournament file (checked by scoring it first) as tournament ``slug``;
    its rounds are closed. Players are matched by id with the league's players."""
    score_tournament(t)  # refuses a broken file before anything is written
    for rn, rnd in enumerate(t.rounds, 1):  # an event's number goes into a column
        for tn, e in enumerate(rnd.tables, 1):
            for kind, value in (*(("late", m) for _p, m in e.late),
                                *(("left", n) for _p, n in e.left)):
                check_number(slug, _event_number(kind), value, 0, MAX_NUMBER, round=rn,
                             table=tn)
    part = tournament_game(t.game)
    rs = part.load_ruleset(t.ruleset)
    with db.write() as s:
        season_id = _new_tournament_season(s, slug, season)
        text = None
        if Path(t.ruleset).suffix == ".toml" and Path(t.ruleset).is_file():
            text = Path(t.ruleset).read_text(encoding="utf-8")
        row = TournamentRow(slug=slug, name=t.name, date=t.date, place=place, ruleset=rs.id,
                            game=t.game, ruleset_text=text,
                            rounds=max(rounds or 0, len(t.rounds), 1),
                            minutes_per_round=part.DEFAULT_MINUTES,
                            deals_per_round=part.deals_per_round(rs), season_id=season_id)
        s.add(row)
        s.flush()
        ids: dict[str, int] = {}
        for pl in t.players:
            pr = s.scalar(select(PlayerRow).where(PlayerRow.code == pl.id))
            if pr is None:
                pr = PlayerRow(code=pl.id, name=pl.name)
                s.add(pr)
                s.flush()
            elif pr.name != pl.name:
                raise StoreError(f"{slug}: player '{pl.id}' is '{pr.name}' in the league, not "
                                 f"'{pl.name}' as the file says (RULES §10)")
            ids[pl.id] = pr.id
            row.entries.append(EntryRow(player_id=pr.id, team=pl.team))
        for rn, rnd in enumerate(t.rounds, 1):
            r = RoundRow(number=rn, closed=rnd.closed)
            row.round_rows.append(r)
            for tn, e in enumerate(rnd.tables, 1):
                tb = TableRow(number=tn, first_dealer=e.first_dealer,
                              seat0=ids[e.seats[0]], seat1=ids[e.seats[1]],
                              seat2=ids[e.seats[2]], seat3=ids[e.seats[3]],
                              totals=list(e.totals) if e.totals is not None else None,
                              sheet=part.table_sheet_document(e.table_sheet))
                if e.deals is not None:
                    for i, d in enumerate(e.deals, 1):
                        tb.deals.append(DealRow(number=i, kind="record", data=dict(d),
                                                started_at=None, entered_by=who))
                if e.sheet is not None:
                    for i, line in enumerate(e.sheet, 1):
                        tb.deals.append(DealRow(number=i, kind="sheet",
                                                data=part.deal_document("sheet", line),
                                                started_at=None, entered_by=who))
                r.tables.append(tb)
                s.flush()
                left = dict(e.left)
                for p, m in e.late:
                    r.events.append(EventRow(table_id=tb.id, player_id=ids[p], kind="late",
                                             value=m))
                for p, n in e.left:
                    if p not in e.excluded:
                        r.events.append(EventRow(table_id=tb.id, player_id=ids[p],
                                                 kind="left", value=n))
                for p in e.warned:
                    r.events.append(EventRow(table_id=tb.id, player_id=ids[p],
                                             kind="warning", value=None))
                for p in e.excluded:
                    r.events.append(EventRow(table_id=tb.id, player_id=ids[p],
                                             kind="excluded", value=left.get(p)))
            for p in rnd.sitting_out:
                r.sitting_out.append(SitOutRow(player_id=ids[p]))
        s.flush()
        _audit(s, row, who, "import", f"tournament {slug}", None,
               {"name": t.name, "rounds": len(t.rounds), "players": len(t.players)})


# ------------------------------------------------------------ backup / restore


BACKUP_FORMAT = "stolik-backup"


def _jsonable(v: Any) -> Any:
    if isinstance(v, datetime.datetime | datetime.date):
        return v.isoformat()
    return v


def backup(db: Database, path: str | Path) -> dict[str, int]:
    """Write every table of the database to one JSON file (portable between SQLite and
    PostgreSQL); returns the row count per table."""
    from stolik.db.migrate import current_revision

    load_models()
    doc: dict[str, Any] = {"format": BACKUP_FORMAT, "revision": current_revision(db),
                           "tables": {}}
    counts: dict[str, int] = {}
    with db.read() as s:
        for table in Base.metadata.sorted_tables:
            rows = s.execute(select(table).order_by(*table.primary_key.columns)).mappings()
            data = [{k: _jsonable(v) for k, v in row.items()} for row in rows]
            doc["tables"][table.name] = data
            counts[table.name] = len(data)
    tmp = Path(str(path) + ".tmp")
    tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)
    return counts


def restore(db: Database, path: str | Path, *, replace: bool = False) -> dict[str, int]:
    """Load a :func:`backup` file into ``db`` (migrated to the same revision). The database
    must be empty unless ``replace``, which deletes what is there — in the same transaction,
    so a failed restore leaves the database as it was."""
    from sqlalchemy import DateTime as SaDateTime
    from sqlalchemy import text

    from stolik.db.migrate import current_revision

    load_models()
    src = str(path)
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise StoreError(f"{src}: not a stolik backup: {e.msg} at line {e.lineno}") from None
    if not isinstance(doc, dict) or doc.get("format") != BACKUP_FORMAT:
        raise StoreError(f"{src}: not a stolik backup (no \"format\": \"{BACKUP_FORMAT}\")")
    if doc.get("revision") != current_revision(db):
        raise StoreError(f"{src}: made at schema revision {doc.get('revision')}, the database "
                         f"is at {current_revision(db)}")
    tables = doc.get("tables", {})
    counts: dict[str, int] = {}
    with db.write() as s:
        present = sum(s.scalar(select(func.count()).select_from(tb)) or 0
                      for tb in Base.metadata.sorted_tables)
        if present and not replace:
            raise StoreError(f"{src}: the database holds data already; restore into an "
                             "empty one, or replace what is there (--replace)")
        for table in reversed(Base.metadata.sorted_tables):
            s.execute(delete(table))
        for table in Base.metadata.sorted_tables:
            rows = tables.get(table.name, [])
            conv = [c.name for c in table.columns if isinstance(c.type, SaDateTime)]
            dates = [c.name for c in table.columns if type(c.type).__name__ == "Date"]
            fixed = []
            for row in rows:
                row = dict(row)
                for c in conv:
                    if row.get(c):
                        row[c] = datetime.datetime.fromisoformat(row[c])
                for c in dates:
                    if row.get(c):
                        row[c] = datetime.date.fromisoformat(row[c])
                fixed.append(row)
            if fixed:
                try:
                    s.execute(table.insert(), fixed)
                except OverflowError:  # SQLite's driver (PostgreSQL: a DataError)
                    raise StoreError(f"{src}: table {table.name}: a number past the "
                                     "database's integers") from None
            counts[table.name] = len(fixed)
        if db.engine.dialect.name == "postgresql":
            for table in Base.metadata.sorted_tables:
                pk = list(table.primary_key.columns)
                if len(pk) == 1 and pk[0].autoincrement and str(pk[0].type) == "INTEGER":
                    s.execute(text(
                        f"SELECT setval(pg_get_serial_sequence('{table.name}', '{pk[0].name}'),"
                        f" COALESCE((SELECT MAX({pk[0].name}) FROM {table.name}), 0) + 1, false)"))
    return counts
