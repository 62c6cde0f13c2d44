"""A live table: its seats, its game's :class:`~stolik.web.play.game.Match`, the op log
and the clients subscribed to it.

Everything here is synchronous and runs on the server's event loop, so a message is
checked and applied with nothing in between (the server is authoritative). After each
change every subscriber gets a ``state`` message built for its own seat (or as a spectator)
by the match — never the whole game. Game rules stay in the match; the table only knows
seats, turns, ready flags, whether hints are on, and the op log that resumes it: ``m SEAT
MOVE`` (a move), ``r SEAT`` (a person is ready for the next deal) and ``n`` (the next deal
dealt; the ready flags start again).

Nobody is told of a change before it is stored: each op-log write (and the seat and hints
writes the hub makes) returns a future settled when its transaction has committed
(:mod:`stolik.web.play.store`), and every message of the table — the ``state`` that
acknowledges a move and echoes it to the other seats, a bot's move, an answer, an error —
waits in the table's outbox, in order, until the last write made before it is committed.
The table itself moves on at once (the next move is checked against it); the hub lets a
bot move only when the table is :attr:`Table.settled` (``on_settled`` tells it), so the
table runs at most one change ahead of what is stored, and what the clients see is never
ahead of it. A write the database refuses (:class:`~stolik.web.play.store.NotStored`)
drops what waits, tells every client, and hands the table to ``on_lost`` (the hub reloads
it from what is stored).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from stolik.web.i18n import tr
from stolik.web.play.game import GAMES, Match, Message, Played, SeatSpec
from stolik.web.play.protocol import ProtocolError, error_event
from stolik.web.play.store import Player, SeatInfo, Stored, TableInfo


class Subscriber(Protocol):
    """A client of a table: its seat (None: a spectator), its language, and where its
    messages go (must not block)."""

    seat: int | None
    lang: str

    def deliver(self, msg: Message) -> None:
        """Queue a message for the client."""


@dataclass(frozen=True)
class Change:
    """What the last change was, for the ``event`` of the state messages."""

    kind: str
    seat: int | None = None
    moves: tuple[Played, ...] = ()
    detail: str | None = None

    def to_json(self, seen: Callable[[Played], str] | None = None) -> Message:
        """The event as sent (``seen``: a move as the receiving seat may read it)."""
        out: Message = {"kind": self.kind, "seat": self.seat,
                        "moves": [[p.seat, seen(p) if seen else p.move] for p in self.moves]}
        if self.detail is not None:
            out["detail"] = self.detail
        return out


Persist = Callable[[str, int, str], asyncio.Future[None] | None]
"""Stores an op-log row (table, seq, op); the future: committed (None: nothing to wait)."""


class Table:
    """One table in play."""

    def __init__(self, info: TableInfo, persist: Persist,
                 on_lost: Callable[[Table], None] | None = None,
                 on_settled: Callable[[Table], None] | None = None) -> None:
        self.info = info
        self.id = info.id
        self.kind = GAMES.get(info.game)
        self.ops: list[str] = []
        self.subscribers: set[Subscriber] = set()
        self.ready: set[int] = set()
        self.version = 0
        self._cache: dict[tuple[int | None, str], Message] = {}
        self._persist = persist
        self._replaying = False
        self._pending: list[Played] = []
        self._gate: asyncio.Future[None] | None = None
        """The last write's future: what is sent now waits for it."""
        self._outbox: deque[tuple[asyncio.Future[None] | None,
                                  list[tuple[Subscriber, Message]]]] = deque()
        self._on_lost = on_lost
        self._on_settled = on_settled
        self.lost = False
        """A write was refused: the table takes nothing more (the hub reloads it)."""
        specs = [SeatSpec(s.bot, s.name) for s in info.seats]
        self.match: Match = self.kind.new_match(info.config, specs, self._on_move)

    # ------------------------------------------------------------ seats

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        """The seats as they stand."""
        return self.info.seats

    def human_seats(self) -> list[int]:
        """Seats played by people."""
        return [s.seat for s in self.seats if s.bot is None]

    def open_seats(self) -> list[int]:
        """People's seats nobody has taken yet."""
        return [s.seat for s in self.seats if s.bot is None and s.player_id is None]

    @property
    def started(self) -> bool:
        """Whether every person's seat is taken (until then nobody moves)."""
        return not self.open_seats()

    def seat_of(self, player: Player | None) -> int | None:
        """The seat ``player`` holds here, or None."""
        if player is None:
            return None
        return next((s.seat for s in self.seats if s.player_id == player.id), None)

    def take(self, seat: int, player: Player,
             store: Callable[[], asyncio.Future[None] | None] | None = None) -> None:
        """Seat ``player`` (ProtocolError if the seat is not open or he sits already);
        ``store`` writes it, and the news waits for that write."""
        if self.lost:
            raise ProtocolError("not-stored", "the table is being reloaded")
        if self.seat_of(player) is not None:
            raise ProtocolError("seated", "you already sit at this table")
        if seat not in self.open_seats():
            raise ProtocolError("seat-taken", f"seat {seat} is not free")
        seats = list(self.info.seats)
        seats[seat] = replace(seats[seat], player_id=player.id, name=player.name)
        self.info = replace(self.info, seats=tuple(seats))
        self.match.set_name(seat, player.name)
        if store is not None:
            self.hold(store())
        self.changed(Change("join", seat))

    def connected(self) -> list[bool]:
        """Whether each seat has a client (bots always do)."""
        present = {s.seat for s in self.subscribers}
        return [s.bot is not None or s.seat in present for s in self.seats]

    # ------------------------------------------------------------ the op log

    def _on_move(self, played: Played) -> None:
        self._pending.append(played)
        if not self._replaying:
            self._log(f"m {played.seat} {played.move}")

    def _log(self, op: str) -> None:
        self.ops.append(op)
        self.hold(self._persist(self.id, len(self.ops) - 1, op))

    # ------------------------------------------------------------ durable before told

    def hold(self, done: asyncio.Future[None] | None) -> None:
        """What is sent from now on waits until ``done`` (a write's future) is settled."""
        if done is None:
            return
        self._gate = done
        if isinstance(done, Stored):
            done.follow(self._settled)  # told in the writer's own callback, not a pass later
        else:
            done.add_done_callback(self._settled)

    @property
    def settled(self) -> bool:
        """Whether every change is stored and sent (nothing waits in the outbox)."""
        return not self._outbox and (self._gate is None or self._gate.done())

    def _settled(self, done: asyncio.Future[None]) -> None:
        if done.cancelled() or done.exception() is not None:
            self._lose()
            return
        self._drain()
        if self._on_settled is not None and self.settled:
            self._on_settled(self)

    def _drain(self) -> None:
        """Deliver what waits, in order, as far as its writes are committed."""
        while self._outbox:
            gate, items = self._outbox[0]
            if gate is not None and not gate.done():
                return
            self._outbox.popleft()
            for sub, msg in items:
                sub.deliver(msg)

    def _send(self, items: list[tuple[Subscriber, Message]]) -> None:
        if self.lost:
            return
        gate = self._gate
        if gate is not None and gate.done():
            gate = self._gate = None
        if gate is None and not self._outbox:
            for sub, msg in items:
                sub.deliver(msg)
        else:
            self._outbox.append((gate, items))

    def send(self, sub: Subscriber, msg: Message) -> None:
        """Send one client a message, after everything the table sent before it."""
        self._send([(sub, msg)])

    def _lose(self) -> None:
        """A write was refused: drop what waits, tell everyone, hand the table over."""
        if self.lost:
            return
        self.lost = True
        self._outbox.clear()
        err = error_event(ProtocolError("not-stored", "the server could not store the "
                                        "table's last change; it goes on from the last "
                                        "one stored"))
        for sub in list(self.subscribers):
            sub.deliver(dict(err))
        if self._on_lost is not None:
            self._on_lost(self)

    def replay(self, ops: list[str]) -> None:
        """Bring a freshly made table to where its op log left it."""
        self._replaying = True
        try:
            for op in ops:
                if op == "n":
                    self.match.next_deal()
                    self.ready.clear()
                elif op.startswith("r "):
                    self.ready.add(int(op[2:]))
                else:
                    _, seat, move = op.split(" ", 2)
                    self.match.apply(int(seat), move)
                self.ops.append(op)
        finally:
            self._replaying = False
            self._pending.clear()

    # ------------------------------------------------------------ actions

    def check_move(self, seat: int | None, move: str) -> None:
        """ProtocolError unless ``seat`` may make ``move`` now."""
        if seat is None:
            raise ProtocolError("not-seated", "spectators do not play")
        if self.lost:
            raise ProtocolError("not-stored", "the table is being reloaded")
        if not self.started:
            raise ProtocolError("waiting", "the table waits for players")
        to_act = self.match.to_act()
        if to_act != seat:
            raise ProtocolError("not-your-turn", f"it is not your turn (seat {to_act} is "
                                "to act)" if to_act is not None else "nobody is to act now")
        why = self.match.why_not(seat, move)
        if why is not None:
            raise ProtocolError("illegal", why)

    def move(self, seat: int | None, move: str, by: Subscriber | None = None,
             ack: int | None = None) -> None:
        """Make a checked move and tell everyone."""
        self.check_move(seat, move)
        assert seat is not None
        self.match.apply(seat, move)
        self.changed(Change("move", seat), by, ack)

    def next(self, seat: int | None, by: Subscriber | None = None,
             ack: int | None = None) -> bool:
        """``seat`` is ready for the next deal; deals it when every person is (True)."""
        if seat is None:
            raise ProtocolError("not-seated", "spectators do not play")
        if not self.match.waiting_for_next():
            raise ProtocolError("not-now", "the deal on the table is not over")
        fresh = seat not in self.ready
        self.ready.add(seat)
        dealt = self.ready >= set(self.human_seats())
        if dealt:
            self.deal_next()
        elif fresh:
            self._log(f"r {seat}")
        self.changed(Change("next" if dealt else "ready", seat), by, ack)
        return dealt

    def deal_next(self) -> None:
        """Deal the next hand (logged)."""
        self.match.next_deal()
        self.ready.clear()
        self._log("n")

    @property
    def hints(self) -> bool:
        """Whether hints are on at this table."""
        return bool(self.info.config.get("hints"))

    def set_hints(self, seat: int | None, on: bool, by: Subscriber | None = None,
                  ack: int | None = None,
                  store: Callable[[dict[str, Any]], asyncio.Future[None] | None] | None = None,
                  ) -> bool:
        """A seated person turns hints on or off for the whole table; everyone is told
        (once ``store``, given the new configuration, has written it). True when the
        setting changed."""
        if seat is None:
            raise ProtocolError("not-seated", "only the players switch hints")
        if self.match.is_over():
            raise ProtocolError("not-now", "the series is over")
        changed = on != self.hints
        if changed:
            self.info = replace(self.info, config={**self.info.config, "hints": on})
            if store is not None:
                self.hold(store(self.info.config))
        self.changed(Change("hints", seat, detail="on" if on else "off"), by, ack)
        return changed

    def claim(self, seat: int | None, by: Subscriber | None = None,
              ack: int | None = None, verdict: object = None) -> tuple[bool, str]:
        """``seat`` lays down its cards (``verdict``: judged already on a worker thread):
        (accepted, verdict code)."""
        if seat is None:
            raise ProtocolError("not-seated", "spectators do not play")
        ok, code = self.match.claim(seat, verdict)
        if ok:
            self.changed(Change("claim", seat, detail=code), by, ack)
        return ok, code

    # ------------------------------------------------------------ messages

    def changed(self, change: Change, by: Subscriber | None = None,
                ack: int | None = None) -> None:
        """Something changed: send every subscriber its new state."""
        change = replace(change, moves=tuple(self._pending))
        self._pending.clear()
        self.version += 1
        self._cache.clear()
        items: list[tuple[Subscriber, Message]] = []
        for sub in self.subscribers:
            msg = self.state_message(sub)
            msg["event"] = change.to_json(self._seen_by(sub.seat))
            if sub is by and ack is not None:
                msg["ack"] = ack
            items.append((sub, msg))
        self._send(items)

    def _seen_by(self, seat: int | None) -> Callable[[Played], str] | None:
        """How ``seat`` reads a move: a game may hide part of it from the other seats (a
        card laid face down) with its match's ``seen_move(seat, played)``."""
        seen_move = getattr(self.match, "seen_move", None)
        if seen_move is None:
            return None

        def seen(played: Played) -> str:
            return str(seen_move(seat, played))
        return seen

    def body(self, seat: int | None, lang: str) -> Message:
        """The match's state for ``seat`` in ``lang`` (cached until the next change)."""
        key = (seat, lang)
        hit = self._cache.get(key)
        if hit is None:
            hit = self.match.state(seat, lang)
            self._cache[key] = hit
        return hit

    def state_message(self, sub: Subscriber) -> Message:
        """A full ``state`` message for a subscriber."""
        msg: Message = {"type": "state", "table": self.id, "seat": sub.seat,
                        "seq": len(self.ops), "version": self.version,
                        "started": self.started, "open_seats": self.open_seats(),
                        "connected": self.connected(), "ready": sorted(self.ready),
                        "hints": self.hints,
                        "status": "finished" if self.match.is_over() else "playing"}
        msg.update(self.body(sub.seat, sub.lang))
        return msg

    def subscribe(self, sub: Subscriber) -> None:
        """Add a client and send it the state (and tell the others it came)."""
        self.subscribers.add(sub)
        self.changed(Change("connect", sub.seat))

    def unsubscribe(self, sub: Subscriber) -> None:
        """Remove a client (the others see it gone)."""
        self.subscribers.discard(sub)
        if self.subscribers:
            self.changed(Change("disconnect", sub.seat))

    def claim_text(self, code: str, lang: str) -> str:
        """A claim verdict in words."""
        return tr(lang, f"play-claim-{code}")


def summary(table: Table) -> dict[str, Any]:
    """A table in the lobby's list."""
    config = {k: v for k, v in table.info.config.items() if k != "seed"}  # deals the cards
    return {"id": table.id, "game": table.info.game, "config": config,
            "seats": [{"seat": s.seat, "bot": s.bot, "name": s.name,
                       "open": s.bot is None and s.player_id is None} for s in table.seats],
            "finished": table.match.finished_deals(), "over": table.match.is_over()}
