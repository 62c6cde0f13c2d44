"""``stolik play --game toy``: the core's terminal table (:mod:`stolik.cli.table`) over the
core's series driver (:mod:`stolik.table_series`); this module draws the toy's table and
reads a card. The loop, the prompt's commands (help, sheet, quit …), refusals, the pause
between deals, the record saved and the sheet are the core's.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from stolik.bots import Bot
from stolik.cli.prompt import COMMANDS, Command, Problem, first_reading, pick, read_card
from stolik.cli.table import SeriesTable
from stolik.errors import IllegalMove
from stolik.games import bot_kinds
from stolik.table_series import Event, SeriesParts, TableSeries
from toygame.bots import available_bots, make_bot
from toygame.record import DealRecord, record_of, series_record
from toygame.ruleset import Ruleset
from toygame.state import SEATS, Deal, Result, View, name, parse_card


class Series(TableSeries[Ruleset, Deal, int, View, Result, DealRecord, Bot[View, int]]):
    """A toy series at one table: the core's driver with the toy's parts."""

    parts = SeriesParts(SEATS, "TOY §2", deal=Deal.random, ask=lambda bot, view: bot.act(view),
                        record_of=record_of, payout=lambda r: r.points, make_bot=make_bot,
                        number_from=1, series_record=series_record)


class ToyTable(SeriesTable[Series, Event[int], int]):
    """The toy's table as one person sees it."""

    game_id = "toy"

    def card_name(self, card: int) -> str:
        """A card's name."""
        return name(card)

    def is_red(self, card: int) -> bool:
        """Hearts are red."""
        return card // 3 == 1

    def screen(self, view: View) -> RenderableType:
        """The deal, the totals, the trick on the table, the person's hand."""
        leader = (self.seat - len(view.trick)) % SEATS
        trick = [((leader + i) % SEATS, c) for i, c in enumerate(view.trick)]
        return self.panel([self.head([self.t("tui-deal", n=self.s.number, of=self.s.length),
                                      self.s.rs.id]), self.score_line(),
                           *self.trick_rows(trick, view.history[-1] if view.history else None,
                                            self.t("tui-last-trick"), "tui-tricks",
                                            [sum(t.winner == s for t in view.history)
                                             for s in range(SEATS)]),
                           self.hand_text(view.hand, view.legal, True)])

    def read(self, line: str) -> Command | Problem | int:
        """A command, the number of a legal card, or a card by its name."""
        legal = self.s.view(self.seat).legal
        low = " ".join(line.split()).casefold()
        first = first_reading(low, COMMANDS, legal)
        if first is not None:
            return first
        if low.isdigit():
            return pick(int(low), legal, self.lang)
        return read_card(low, self.lang, parse_card, hand=self.s.view(self.seat).hand,
                         legal=legal, why=name)

    def event_text(self, ev: Event[int]) -> Text:
        """A card as it is played."""
        return self.card_event(ev.seat, ev.move, ev.took)

    def score_line(self) -> Text:
        """The totals."""
        return Text(" · ".join(f"{self.who(s)} {t}" for s, t in enumerate(self.s.totals)))

    def show_deal_end(self, result: Result) -> None:
        """The deal's points."""
        self.console.print(Text(self.t("tui-deal-over", n=len(self.s.finished)) + ": " + " · ".join(
            f"{self.who(s)} {p:+d}" for s, p in enumerate(result.points)), style="bold"))


def play(rs: Ruleset, *, opponents: str | None, deals: int | None, seed: int | None,
         seat: int, name: str | None, out: str | None, ascii: bool, lang: str,
         analysis: bool = False, delay: float = 0.0, samples: int | None = None) -> None:
    """A series of ``rs`` at the terminal against two bots."""
    if seat not in range(SEATS):
        raise IllegalMove(f"the toy game has seats 1–3, not {seat + 1} (TOY §1)")
    kinds: Sequence[str] = bot_kinds(opponents or "heuristic", available_bots(), SEATS - 1,
                                     game_name="Toy")
    ToyTable.sit_down(Series.create, rs, seat=seat, opponents=kinds, deals=deals or rs.deals,
                      seed=seed, name=name, lang=lang, ascii=ascii, delay=delay, out=out)
