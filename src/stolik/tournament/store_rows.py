"""The tournament store's row look-ups (RULES §10): a tournament, round, table or player
by its number or code, refused with one line when there is none (shared by the
``store_*`` modules; :mod:`stolik.tournament.store` re-exports the public names)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from stolik.i18n import Msg
from stolik.tournament.orm import PlayerRow, RoundRow, TableRow, TournamentRow
from stolik.tournament.store_core import _fail, no_such_tournament, round_row, table_row

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
