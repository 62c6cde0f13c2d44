"""Licitovaný mariáš at a web table: a :class:`~stolik.web.play.game.GameKind` and a match
on the core's :class:`~stolik.web.play.series_match.DealSeries` (seats and bots, the
table's seed and dealing, settled deals, the dealer moving on, refusals once a deal is
over, the record's tags). Moves travel as records write them (LICITOVANY §10): ``sedma``,
``mam``, ``dobra``, ``discard 8B 9B``, ``contract sto L``, ``omyl``, ``flek hra``, ``re
sedma:2``, ``AL``, ``KH hlaska``. What a seat is sent is built from its own
:class:`~stolik.games.licitovany.view.SeatView` (:func:`deal_message`); a spectator sees
what a defender sees, without a hand (LICITOVANY §3). Money is in haléřů, shown in Kč.
Three seats, or four: then the dealer sits each deal out as the pauzírák and settles as
the ruleset's ``pauzirak`` says (LICITOVANY §6, §8); a table of four is asked for by
naming four seats, or by the lobby form's ``players``.

>>> m = LicitovanyKind().new_match({"seed": 1, "deals": 1},
...     [SeatSpec(name=n) for n in ("Ala", "Bob", "Cyril")], lambda played: None)
>>> m.to_act(), len(m.state(2, "en")["deal"]["hand"]), m.state(None, "en")["deal"]["hand"]
(0, 10, [])
>>> m.state(0, "en")["deal"]["legal"][-1], m.why_not(0, "mam") is None
({'move': 'dobra', 'label': 'dobrá'}, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from stolik.errors import IllegalMove
from stolik.games import UnknownGame, game
from stolik.games.licitovany.calls import parse_move
from stolik.games.licitovany.money import SIDE
from stolik.games.licitovany.ruleset import (
    DEFAULT_RULESET,
    Ruleset,
    available_rulesets,
    load_ruleset,
)
from stolik.games.licitovany.seat_memory import remember
from stolik.games.licitovany.table_deal import Result, TableDeal
from stolik.games.licitovany.terminal import GAME_ID, HINT_BOTS, SEATS
from stolik.games.licitovany.web_view import deal_message, reveal, sheet
from stolik.games.licitovany.words import kc, move_label
from stolik.i18n import Msg
from stolik.table_series import strongest
from stolik.web.play.game import Message, Played, SeatSpec, check_seats, table_config
from stolik.web.play.series_match import DealSeries, lobby_options

PLAYERS = (3, 4)
"""A table of three, or four with the pauzírák (LICITOVANY §8)."""
DEFAULT_DEALS = 6
"""A web table's series when the lobby names none: each player deals twice."""


def _bots() -> Any:
    return game(GAME_ID).part("bots")


def bot_kinds() -> list[str]:
    """The game's bots (none until it has a ``bots`` part)."""
    try:
        return list(_bots().available_bots())
    except UnknownGame:
        return []


class LicitovanyKind:
    """Licitovaný mariáš for the lobby."""

    name = GAME_ID
    places = False
    """LICITOVANY §8: the money is the result."""

    def total_text(self, total: int) -> str:
        """Money in Kč (LICITOVANY §6).

        >>> LicitovanyKind().total_text(-120)
        '-1,20 Kč'
        """
        return kc(total)

    def options(self) -> Mapping[str, Any]:
        """The lobby's choices, the table's size among them: three, or four with the
        pauzírák (LICITOVANY §8)."""
        return lobby_options(available_rulesets(), lambda r: load_ruleset(r).name,
                             DEFAULT_RULESET, bot_kinds(), [3, 6, 9, 12, 24], 64,
                             players=list(PLAYERS))

    def warm_up(self) -> None:
        """Load what a table's first bot move, hint and review would: the bots, the
        review and the solver's compiled kernels (issue 24.3: nothing compiles while a
        table waits)."""
        import stolik.games.licitovany.bots
        import stolik.games.licitovany.web_review  # noqa: F401
        from stolik.games.licitovany.solver import warm_up

        warm_up()

    def check_config(self, config: Mapping[str, Any], seats: int = SEATS) -> dict[str, Any]:
        """The core's checks of a table's configuration (the first dealer one of the
        ``seats``)."""
        return table_config(config, available_rulesets(), DEFAULT_RULESET,
                            lambda r: DEFAULT_DEALS, seats=seats)

    def new_match(self, config: Mapping[str, Any], seats: list[SeatSpec],
                  on_move: Callable[[Played], None]) -> LicitovanyMatch:
        """A fresh series from the configuration's seed, at three seats or four
        (LICITOVANY §8).

        >>> LicitovanyKind().new_match({}, [SeatSpec(name="Ala")] * 4, print).seats
        4
        """
        players = len(seats) if len(seats) in PLAYERS else SEATS
        cfg = self.check_config(config, players)
        check_seats(seats, players, bot_kinds(), Msg(
            "lic-seats", "a licitovaný table has three seats, or four with the pauzírák"))
        return LicitovanyMatch(load_ruleset(cfg["ruleset"]), seats, on_move,
                               deals=cfg["deals"], first_dealer=cfg["first_dealer"],
                               seed=cfg["seed"])

    def place_points(self, config: Mapping[str, Any], totals: tuple[int, ...]
                     ) -> tuple[float, ...]:
        """No place points: the money in Kč is the result (LICITOVANY §8)."""
        return tuple(x / 100 for x in totals)


class LicitovanyMatch(DealSeries[Ruleset, TableDeal, Result]):
    """A licitovaný series at a web table."""

    seats = SEATS
    """Three, or four with the pauzírák (LICITOVANY §8): the table's own."""
    over = Msg("lic-over", "the series is over")
    next_first = Msg("lic-next", "the deal is over: the next deal comes first")
    refused = (IllegalMove,)

    def __init__(self, rs: Ruleset, seats: list[SeatSpec], on_move: Callable[[Played], None],
                 *, deals: int, first_dealer: int, seed: int | str) -> None:
        self.seats = len(seats)
        super().__init__(rs, seats, on_move, deals=deals, first_dealer=first_dealer, seed=seed)

    def new_deal(self, dealer: int) -> TableDeal:
        """A deal from the table's dealing (LICITOVANY §2), the dealer the pauzírák at
        four (§8)."""
        return TableDeal.random(self.rs, dealer, self._rng, players=self.seats)

    def bot(self, kind: str, seed: int) -> Any:
        """A fresh bot of the game's ``bots`` part."""
        return _bots().make_bot(kind, seed=seed, ruleset=self.rs)

    def bot_move(self, seat: int) -> str:
        """The seat's bot's move on its own views: made afresh (seeded by
        :meth:`bot_seed`) and told what the seat saw of the play so far. A view shows only
        the trick in progress and the last one (LICITOVANY §3), so a bare bot would not
        know the cards of the earlier tricks; it is given the seat's view after each move
        of the deal, as a bot that sat through it has seen them."""
        bot = remember(self.bot(str(self.bots[seat]), self.bot_seed(seat)), self.deal, seat)
        return self.move_text(bot.act(self.deal.view(seat)))

    def move_text(self, move: Any) -> str:
        """A move as records write it (LICITOVANY §10)."""
        return str(move.text())

    def payout(self, result: Result) -> tuple[int, ...]:
        """Each seat's money in haléřů (LICITOVANY §6)."""
        return result.haler

    def precheck(self, seat: int, move: str) -> Msg | None:
        """A move that is not on offer, in the table's words (the engine's are a
        record's)."""
        if self.deal.to_act != seat:
            return None
        try:
            m = parse_move(move, seat=SIDE if self.rs.flek_scope == "side" else seat)
            self.deal.clone().move(m)
        except IllegalMove:
            return Msg("lic-web-not-now", "{what} is not allowed now", what=move[:40])
        return None

    def claim_judge(self, seat: int) -> Callable[[], object]:
        """No claims at this table."""
        return lambda: None

    def claim(self, seat: int, verdict: object = None) -> tuple[bool, str]:
        """No claims at this table."""
        return False, "no-claims"

    def hint(self, seat: int, lang: str) -> str:
        """The strongest bot's move on the seat's view (``expert``, else the heuristic or
        another of the game's bots; nothing without bots), as at the terminal: stopped by
        its node budget, not the clock (the same view, the same hint)."""
        kinds = bot_kinds()
        if not kinds:
            return ""
        bot = remember(_bots().hint_bot(strongest(kinds, HINT_BOTS), self.bot_seed(seat),
                                        self.rs), self.deal, seat)
        return move_label(bot.act(self.deal.view(seat)), lang, who=self.names.__getitem__)

    def review(self, seat: int, lang: str) -> list[str]:
        """:func:`stolik.games.licitovany.web_review.review` of the last settled deal (none
        before the first)."""
        from stolik.games.licitovany.web_review import review

        return self.last_review(review, seat, lang)

    def record(self) -> str:
        """The series record (TOML), by the game's ``record`` part."""
        records = game(GAME_ID).part("record")
        rec = records.series_record(self.rs, [records.record_of(d) for d in self.deals()],
                                    self.names)
        return str(records.dumps_record(type(rec)(rec.ruleset, rec.deals, rec.players,
                                                  self.meta())))

    def state(self, seat: int | None, lang: str) -> Message:
        """What ``seat`` (None: a spectator) may see, in the shape the page draws
        (:mod:`stolik.games.licitovany.web_view`): the deal, the sheet, and the end of a
        settled deal with its money."""
        names = list(self.names)
        msg: Message = {
            "game": GAME_ID, "ruleset": self.rs.id, "players": names,
            "deals": self.length, "bots": list(self.bots), "over": self.is_over(),
            "waiting_next": self.waiting_for_next(), "totals": list(self.totals()),
            "totals_text": [kc(t) for t in self.totals()], "bok_pending": 0,
            "claims": False, "sheet": sheet(self.finished, names, lang), "result": None,
            "deal": {"number": self.number, **deal_message(self.deal, seat, lang, names)}}
        if self.deal.is_over and self.finished:
            msg["result"] = reveal(self.finished[-1], names, lang)
        return msg


Kind = LicitovanyKind
