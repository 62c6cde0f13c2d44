"""The tournament in the database as the :class:`~stolik.tournament.model.Tournament` a
tournament file holds, scored (RULES §9–§10; a season's standings, seed 000 §7t).

Re-exported by :mod:`stolik.tournament.store`."""

from __future__ import annotations

import datetime
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from stolik.db import Database
from stolik.i18n import Msg
from stolik.tournament.games import tournament_game
from stolik.tournament.model import Player, Round, Tournament, TournamentError
from stolik.tournament.orm import SeasonRow, TournamentRow
from stolik.tournament.scoring import TournamentResult, score_tournament
from stolik.tournament.standings import Standings, season_standings, tournament_standings
from stolik.tournament.store_core import StoreError, _has_play, _table_entry, ruleset_ref
from stolik.tournament.store_rows import _codes, _tournament

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
        err = StoreError(str(e))
        if getattr(e.message, "code", None) is not None:  # a Msg: said in the referee's
            err.message = e.message                         # language (issue 25.2)
            err.prefix = e.prefix
            cited = "(RULES" in e.message or "(seed" in e.message
            err.suffix = f"({e.rule})" if e.rule and not cited else None
        raise err from None


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
