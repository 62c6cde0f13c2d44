"""The tournament store's rounds (RULES §10, seed 000 §7p): drawing the seats of a round and
its clock (start, extend, length, close, reopen).

Re-exported by :mod:`stolik.tournament.store`."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Mapping
from typing import Any

from stolik.db import Database
from stolik.db.base import utcnow
from stolik.i18n import Count, Msg
from stolik.tournament.orm import RoundRow, SitOutRow, TableRow, TournamentRow
from stolik.tournament.seating import RoundPlan, SeatingHistory, draw_round
from stolik.tournament.store_core import (
    LATEST_START,
    MAX_ROUND_MINUTES,
    MAX_SEED,
    RoundClock,
    _audit,
    _check_seed,
    _fail,
    check_number,
    clock_of,
    game_of,
)
from stolik.tournament.store_players import banned_players
from stolik.tournament.store_rows import _codes, _round, _tournament

# ------------------------------------------------------------------ seating


def _plan_of(r: RoundRow, codes: Mapping[int, str]) -> RoundPlan:
    tables = tuple(tuple(codes[p] for p in tb.seat_ids) for tb in r.tables)
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

            part = game_of(t)
            least = min(part.TABLE_SEATS)  # four; three where a table may be of three
            if len([p for p in entered if p not in out]) < least:
                raise _fail(slug, Msg("err-st-few-players", "fewer than {players} to seat",
                                      players=Count("err-st-least-players",
                                                    "err-st-least-players-n", least,
                                                    f"{least} players")),
                            round=number)
            plan = draw_round(entered, history, teams=teams, rng=random.Random(rseed),
                              exclude=out, sizes=part.table_sizes)
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
                                     seat3=ids[3] if len(ids) > 3 else None,
                                     first_dealer=0))
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
