"""The tables of browser play: players (a name and a session-cookie token), tables (the
game, its configuration, status and, once finished, the series record), their seats, and
the op log — every move made so far, which :mod:`.store` replays to resume a table after a
restart.
"""

from __future__ import annotations

import datetime

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from stolik.db.base import Base, utcnow


class PlayerRow(Base):
    """A web player: a name and the SHA-256 of his session-cookie token (no e-mail)."""

    __tablename__ = "play_player"
    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime, default=utcnow)


class TableRow(Base):
    """A table: ``config`` is the game's own settings (ruleset, deals, seed, bots, …);
    ``status`` is ``playing`` or ``finished``; ``record`` the finished series (TOML)."""

    __tablename__ = "play_table"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    config: Mapped[dict[str, object]] = mapped_column(JSON)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), default="playing", index=True)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime, default=utcnow)
    finished_at: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    totals: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    record: Mapped[str | None] = mapped_column(Text, nullable=True)


class SeatRow(Base):
    """A seat of a table: a bot (``bot`` its kind), or a person's seat, open until a
    player takes it."""

    __tablename__ = "play_seat"
    table_id: Mapped[str] = mapped_column(ForeignKey("play_table.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("play_player.id"), nullable=True,
                                                  index=True)
    name: Mapped[str] = mapped_column(String(40), default="")


class OpRow(Base):
    """One entry of a table's op log, in order: ``m SEAT MOVE`` (a move) or ``n`` (the
    next deal dealt)."""

    __tablename__ = "play_op"
    table_id: Mapped[str] = mapped_column(ForeignKey("play_table.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    op: Mapped[str] = mapped_column(String(64))
