"""A series of deals at a web table, the part of a :class:`~stolik.web.play.game.Match`
every game whose deal is a state (:mod:`stolik.deal`) drives alike (issue 26.1): the
seats (:class:`~stolik.web.play.game.BotSeats`), the table's seed and its dealing, the
settled deals (:class:`~stolik.web.play.deal_view.Finished`), the dealer moving one seat
clockwise each deal, the refusals of a move once the deal is over, the review of the last
settled deal and the record; a move checked on a copy of the deal (``why_not``), made,
reported and settled (``apply``), the next deal due (``waiting_for_next``), the series'
end and its totals, a bot's move on its own view (``bot_move``). A game supplies its deal
(:meth:`DealSeries.new_deal`), its bots (:meth:`DealSeries.bot`) and how a move is written,
its words, the checks the table makes before the engine's, what a settled deal adds, its
review and its record's writer; and a lobby's choices come from :func:`lobby_options`.

>>> lobby_options(["b", "a"], str.upper, "c", ["random"], [1, 2], 32)["default_ruleset"]
'b'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from stolik.i18n import Msg
from stolik.web.play.deal_view import Finished
from stolik.web.play.dealing import dealing_rng, derived_seed
from stolik.web.play.game import BotSeats, Played, SeatSpec, serve_meta


class Dealt(Protocol):
    """A deal as the series drives it."""

    @property
    def to_act(self) -> int | None:
        """The seat to move (None once the deal is over)."""

    @property
    def is_over(self) -> bool:
        """Whether the deal is settled."""

    @property
    def log(self) -> Sequence[object]:
        """The deal's operation log."""

    def result(self) -> Any:
        """The settled deal's result (the game's)."""

    def clone(self) -> Self:
        """A copy to try a move on."""

    def move(self, m: Any, /) -> object:
        """Make a move (a text is read by the game); refused with an exception."""

    def view(self, seat: int) -> Any:
        """What ``seat`` may know (its bot's input)."""


DealT = TypeVar("DealT", bound=Dealt)
ResultT = TypeVar("ResultT")
RulesT = TypeVar("RulesT")


def lobby_options(rulesets: list[str], name_of: Callable[[str], str], default: str,
                  bots: list[str], deals: list[int], max_deals: int,
                  **more: Any) -> dict[str, Any]:
    """A lobby's choices for a game: its ``rulesets`` (named by ``name_of``; the
    ``default`` one, or the first when it is not shipped), its ``bots`` (the heuristic
    one chosen), the series lengths offered, the game's ``more`` choices, the most deals."""
    return {"rulesets": rulesets, "ruleset_names": {r: name_of(r) for r in rulesets},
            "default_ruleset": default if default in rulesets else rulesets[0],
            "bots": bots, "default_bot": "heuristic", "deals": deals, **more,
            "max_deals": max_deals}


class DealSeries(BotSeats, Generic[RulesT, DealT, ResultT]):
    """The deals of one series at a web table: ``deal`` the one in play (its
    ``number``), ``finished`` the settled ones; ``names`` and ``bots`` by seat."""

    seats: int
    """How many seats the game has."""
    over: Msg
    """Why a move is refused once the series is over (the game's section)."""
    next_first: Msg
    """Why a move is refused while the next deal is due."""

    def __init__(self, rs: RulesT, seats: list[SeatSpec], on_move: Callable[[Played], None],
                 *, deals: int, first_dealer: int, seed: int | str) -> None:
        self.rs = rs
        self.names = [sp.name or f"{sp.bot} {s}" for s, sp in enumerate(seats)]
        self.bots = [sp.bot for sp in seats]
        self.length = deals
        self.first_dealer = first_dealer
        self.seed = seed
        """The table's seed (:mod:`stolik.web.play.dealing`): named once the series is over."""
        self._on_move = on_move
        self._rng = dealing_rng(seed)
        self.finished: list[Finished[DealT, ResultT]] = []
        self.number = 1
        self.deal = self.new_deal(first_dealer % self.seats)

    def new_deal(self, dealer: int) -> DealT:
        """A deal dealt by ``dealer`` from the table's dealing (the game's)."""
        raise NotImplementedError

    refused: ClassVar[tuple[type[Exception], ...]] = (ValueError,)
    """What the deal's ``move`` raises for a move it refuses; the refusal is the
    exception's :class:`~stolik.i18n.Msg` (``message``), else its text."""

    def is_over(self) -> bool:
        """Whether the series is over: the deal in play settled and every deal played (a
        game whose series may end sooner says so)."""
        return self.deal.is_over and len(self.finished) >= self.length

    def waiting_for_next(self) -> bool:
        """The deal is settled and another is due."""
        return self.deal.is_over and not self.is_over()

    def payout(self, result: ResultT) -> Sequence[int]:
        """What a settled deal's ``result`` gives each seat, toward :meth:`totals` (the
        game's)."""
        raise NotImplementedError

    def totals(self) -> tuple[int, ...]:
        """By seat, the sum of the settled deals' :meth:`payout`."""
        return tuple(sum(self.payout(f.result)[s] for f in self.finished)
                     for s in range(self.seats))

    def bot(self, kind: str, seed: int) -> Any:
        """A fresh bot of ``kind`` seeded by ``seed``, with the table's rules (the game's):
        it has ``act(view)``."""
        raise NotImplementedError

    def move_text(self, move: Any) -> str:
        """A bot's move as the table writes it (the game's words for a move)."""
        return str(move)

    def bot_move(self, seat: int) -> str:
        """The seat's bot's move on its own view only (pure: the bot is made afresh,
        seeded by :meth:`bot_seed`)."""
        bot = self.bot(str(self.bots[seat]), self.bot_seed(seat))
        return self.move_text(bot.act(self.deal.view(seat)))

    def precheck(self, seat: int, move: str) -> Msg | None:
        """Why the table refuses ``move`` before the engine sees it, or None (none in the
        core: a game's own)."""
        return None

    def why_not(self, seat: int, move: str) -> str | None:
        """Why ``move`` is refused now, or None: the series' refusal once the deal is over
        (:meth:`over_refusal`), the table's (:meth:`precheck`), else the engine's on a
        copy of the deal."""
        refusal = self.over_refusal()
        if refusal is None:
            refusal = self.precheck(seat, move)
        if refusal is not None:
            return refusal
        try:
            self.deal.clone().move(move)
        except self.refused as e:
            message = getattr(e, "message", None)
            return message if isinstance(message, Msg) else str(e)
        return None

    def make(self, seat: int, move: str) -> None:
        """Make a checked move on the deal (a game may take some moves itself)."""
        self.deal.move(move)

    def after_move(self) -> None:
        """What a move ends in: the deal kept among the settled ones once it is over (a
        game adds what a settled deal adds to its series)."""
        self.settle()

    def apply(self, seat: int, move: str) -> None:
        """Make a checked move, tell the table (``on_move``), then :meth:`after_move`."""
        self.make(seat, move)
        self._on_move(Played(seat, move))
        self.after_move()

    def to_act(self) -> int | None:
        """The seat to move (None once the deal is over)."""
        return self.deal.to_act

    def over_refusal(self) -> Msg | None:
        """Why no move is taken now — the series is over, or the next deal comes first —
        or None while the deal is in play."""
        if not self.deal.is_over:
            return None
        return self.over if self.is_over() else self.next_first

    def settle(self) -> ResultT | None:
        """Keep the deal in play among the settled ones once it is over (once): its
        result, or None (not over, or kept already)."""
        if not (self.deal.is_over and len(self.finished) < self.number):
            return None
        result: ResultT = self.deal.result()
        self.finished.append(Finished(self.number, self.deal, result))
        return result

    def bot_seed(self, seat: int) -> int:
        """The seed of ``seat``'s bot for its move now: keyed by the table's seed, the
        deal's number and the log's length, so that a bot's move is a function of the
        table (a restart replays it) and tells nothing of the deals."""
        return derived_seed(self.seed, f"bot {seat} {self.number} {len(self.deal.log)}")

    def next_deal(self) -> None:
        """Deal the next hand, the dealer one seat clockwise."""
        self.number += 1
        self.deal = self.new_deal((self.first_dealer + self.number - 1) % self.seats)

    def finished_deals(self) -> int:
        """Settled deals."""
        return len(self.finished)

    def last_review(self, review: Callable[[DealT, int, str], list[str]], seat: int,
                    lang: str) -> list[str]:
        """``review`` of the last settled deal for ``seat`` (none before the first)."""
        return review(self.finished[-1].deal, seat, lang) if self.finished else []

    def meta(self) -> tuple[tuple[str, str], ...]:
        """The record's tags: the seed named once the series is over, the bots."""
        return serve_meta(self.seed, self.is_over(), self.bots)

    def deals(self) -> Sequence[DealT]:
        """The settled deals, in order."""
        return [f.deal for f in self.finished]


__all__ = ["DealSeries", "Dealt", "lobby_options"]
