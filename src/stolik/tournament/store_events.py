"""The tournament store's table events (seed 000 §7q–t, seed 002 §2): late, left, excluded,
warned — recorded, removed and listed.

Re-exported by :mod:`stolik.tournament.store`."""

from __future__ import annotations

from dataclasses import dataclass

from stolik.db import Database
from stolik.games import game
from stolik.i18n import Msg
from stolik.tournament.orm import EventRow, TournamentRow
from stolik.tournament.store_core import (
    MAX_NUMBER,
    _audit,
    _fail,
    _table_check,
    check_number,
    game_of,
)
from stolik.tournament.store_model import _score_check
from stolik.tournament.store_rows import _codes, _player, _table, _tournament

EVENT_KINDS = ("late", "left", "excluded", "warning")
"""Events a referee records at a table (seed 000 §7q–t; a warning, seed 002 §2: a Mariáš
player is excluded only after one); sitting out comes from the draw."""


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
                                  game=game(t.game).named(),
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
