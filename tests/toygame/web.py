"""The toy game at a web table: a :class:`~stolik.web.play.game.GameKind` and a match on
the core's :class:`~stolik.web.play.series_match.DealSeries` (seats, the table's seed and
dealing, settled deals, the dealer moving on, the refusals once a deal is over, the
record's tags). What a seat is sent is built from its own :class:`~toygame.state.View`.

>>> m = ToyKind().new_match({"seed": 1, "deals": 1}, [SeatSpec(name="Ala"),
...     SeatSpec(bot="random"), SeatSpec(bot="heuristic")], lambda played: None)
>>> m.to_act(), len(m.state(1, "en")["deal"]["hand"]), m.state(None, "en")["deal"]["hand"]
(1, 3, [])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from stolik.bots import Bot
from stolik.i18n import Msg
from stolik.web.play.deal_view import sheet_rows, trick_message
from stolik.web.play.game import Message, Played, SeatSpec, check_seats, table_config
from stolik.web.play.series_match import DealSeries, lobby_options
from toygame.bots import available_bots, make_bot
from toygame.record import dumps_record, record_of, series_record
from toygame.ruleset import DEFAULT_RULESET, Ruleset, available_rulesets, load_ruleset
from toygame.state import SEATS, Deal, Result, View, name


class ToyKind:
    """The toy game for the lobby."""

    name = "toy"
    places = False

    def total_text(self, total: int) -> str:
        """Points, signed."""
        return f"{total:+d}"

    def options(self) -> Mapping[str, Any]:
        """The lobby's choices."""
        return lobby_options(available_rulesets(), lambda r: load_ruleset(r).name,
                             DEFAULT_RULESET, available_bots(), [1, 3, 6], 64)

    def warm_up(self) -> None:
        """Nothing to load."""

    def check_config(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """The core's checks of a table's configuration."""
        return table_config(config, available_rulesets(), DEFAULT_RULESET,
                            lambda r: load_ruleset(r).deals, seats=SEATS)

    def new_match(self, config: Mapping[str, Any], seats: list[SeatSpec],
                  on_move: Callable[[Played], None]) -> ToyMatch:
        """A fresh series from the configuration's seed."""
        cfg = self.check_config(config)
        check_seats(seats, SEATS, available_bots(), Msg("toy-seats", "a toy table has three "
                                                              "seats"))
        return ToyMatch(load_ruleset(cfg["ruleset"]), seats, on_move, deals=cfg["deals"],
                        first_dealer=cfg["first_dealer"], seed=cfg["seed"])

    def place_points(self, config: Mapping[str, Any], totals: tuple[int, ...]
                     ) -> tuple[float, ...]:
        """No place points: the totals are the result (TOY §3)."""
        return tuple(map(float, totals))


class ToyMatch(DealSeries[Ruleset, Deal, Result]):
    """A toy series at a web table."""

    seats = SEATS
    over = Msg("toy-over", "the series is over (TOY §3)")
    next_first = Msg("toy-next", "the deal is over: the next deal comes first (TOY §3)")

    def new_deal(self, dealer: int) -> Deal:
        """A deal from the table's dealing."""
        return Deal.random(self.rs, dealer, self._rng)

    def bot(self, kind: str, seed: int) -> Bot[View, int]:
        """A fresh bot of the game's."""
        return make_bot(kind, seed=seed)

    def move_text(self, move: int) -> str:
        """A card by its name."""
        return name(move)

    def payout(self, result: Result) -> tuple[int, ...]:
        """Points by seat (TOY §3)."""
        return result.points

    def claim_judge(self, seat: int) -> Callable[[], object]:
        """No claims in the toy game."""
        return lambda: None

    def claim(self, seat: int, verdict: object = None) -> tuple[bool, str]:
        """No claims in the toy game."""
        return False, "no-claims"

    def hint(self, seat: int, lang: str) -> str:
        """The heuristic bot's card."""
        return name(make_bot("heuristic").act(self.deal.view(seat)))

    def review(self, seat: int, lang: str) -> list[str]:
        """No review."""
        return []

    def record(self) -> str:
        """The series record (TOML)."""
        rec = series_record(self.rs, [record_of(d) for d in self.deals()], self.names)
        return dumps_record(type(rec)(rec.ruleset, rec.deals, rec.players, self.meta()))

    def state(self, seat: int | None, lang: str) -> Message:
        """What ``seat`` (None: a spectator) may see: its own hand only."""
        view = self.deal.view(0 if seat is None else seat)
        leader = (self.deal.pos.to_act - len(view.trick)) % SEATS
        return {"game": "toy", "ruleset": self.rs.id, "players": list(self.names),
                "bots": list(self.bots), "over": self.is_over(),
                "waiting_next": self.waiting_for_next(), "totals": list(self.totals()),
                "sheet": sheet_rows(self.finished, SEATS, lambda f: f.result.points,
                                    lambda f: {"tricks": list(f.result.tricks)}),
                "deal": {"number": self.number, "to_act": self.deal.to_act,
                         "hand": [] if seat is None else [name(c) for c in view.hand],
                         "legal": [] if seat is None else [name(c) for c in view.legal],
                         "trick": [[(leader + i) % SEATS, name(c)]
                                   for i, c in enumerate(view.trick)],
                         "last_trick": trick_message(view.history[-1] if view.history else
                                                     None, SEATS, name)}}


Kind = ToyKind
