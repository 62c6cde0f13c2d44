"""The core's terminal table (:mod:`stolik.cli.table`, issue 26.1) run by a toy game that
no package registers: two seats, a deal is one card from each, the person at seat 1
against one bot. The loop, the prompt's commands and refusals, the pause between deals and
the record saved at the end are the core's; the toy supplies only its hooks — the guard
that the loop needs no game.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import RenderableType
from rich.text import Text

from stolik.cli.prompt import Command, Problem, first_reading, pick, read_card
from stolik.cli.table import SeriesTable
from stolik.errors import CardError, IllegalMove

NAMES = "AKQJ"


def parse(text: str) -> int:
    """A toy card: A, K, Q or J."""
    if text.upper() not in NAMES:
        raise CardError(f"no card {text!r}")
    return NAMES.index(text.upper())


@dataclass(frozen=True)
class Played:
    """A card played at the toy table."""

    seat: int
    move: int


@dataclass
class ToyDeal:
    """One card from each seat, the person first."""

    hands: tuple[tuple[int, ...], tuple[int, ...]]
    played: list[Played] = field(default_factory=list)

    @property
    def is_over(self) -> bool:
        return len(self.played) == 2


@dataclass
class ToySeries:
    """Two deals; the bot plays its first card."""

    players: tuple[str, str] = ("You", "Bot")
    finished: list[tuple[int, int]] = field(default_factory=list)
    deal: ToyDeal = field(default_factory=lambda: ToyDeal(((0, 1), (2, 3))))

    @property
    def is_over(self) -> bool:
        return len(self.finished) >= 2

    def view(self, seat: int) -> tuple[int, ...]:
        return self.deal.hands[seat] if len(self.deal.played) == seat else ()

    def bot_move(self) -> Played | None:
        if len(self.deal.played) != 1:
            return None
        ev = Played(1, self.deal.hands[1][0])
        self.deal.played.append(ev)
        return ev

    def apply(self, seat: int, move: int) -> Played:
        if move not in self.view(seat):
            raise IllegalMove("not your card")
        ev = Played(seat, move)
        self.deal.played.append(ev)
        return ev

    def end_deal(self) -> tuple[int, int]:
        result = (self.deal.played[0].move, self.deal.played[1].move)
        self.finished.append(result)
        return result

    def next_deal(self) -> None:
        self.deal = ToyDeal(((1, 0), (3, 2)))

    def to_record(self) -> list[tuple[int, int]]:
        return list(self.finished)


class ToyTable(SeriesTable[ToySeries, Played, int]):
    """The toy's hooks only."""

    def read(self, line: str) -> Command | Problem | int:
        legal = self.s.view(self.seat)
        low = line.strip().lower()
        first = first_reading(low, {"help": ("help",), "quit": ("quit",), "claim": ("claim",),
                                    "sheet": ("sheet",)}, legal)
        if first is not None:
            return first
        if low.isdigit():
            return pick(int(low), legal, self.lang)
        return read_card(low, self.lang, parse, hand=legal, legal=legal, why=lambda c: "no")

    def screen(self, view: tuple[int, ...]) -> RenderableType:
        return self.panel([self.head(["Toy", f"deal {len(self.s.finished) + 1}"]),
                           self.hand_text(view, view, True)])

    def event_text(self, ev: Played) -> Text:
        return self.card_event(ev.seat, ev.move, None)

    def card_name(self, card: int) -> str:
        return NAMES[card] + "H"

    def is_red(self, card: int) -> bool:
        return True

    def score_line(self) -> Text:
        return Text(f"deals {len(self.s.finished)}")

    def show_deal_end(self, result: tuple[int, int]) -> None:
        self.console.print(f"deal over: {result}")

    def dumps(self, fmt: str) -> str:
        return json.dumps(self.s.to_record())

    def render_sheet(self) -> None:
        self.console.print(f"sheet: {self.s.finished}")


def run(tmp_path: Path, lines: list[str]) -> tuple[str, ToyTable]:
    """The toy series played with ``lines`` typed (then the input ends); the screen."""
    from rich.console import Console

    typed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    table = ToyTable(ToySeries(), 0, Console(file=out, width=100, color_system=None),
                     lang="en", out=str(tmp_path / "toy.json"), read=read)
    table.run()
    return out.getvalue(), table


def test_the_core_runs_a_series_of_a_game_it_does_not_know(tmp_path: Path) -> None:
    text, table = run(tmp_path, ["help", "sheet", "9", "Q", "xy", "claim", "", "1", "", "K"])
    assert "There is no option 9: choose 1–2." in text  # a number not on offer
    assert "Not allowed: no" in text                    # a card not in hand, in the toy's words
    assert "I don't understand 'xy'" in text            # no card at all
    assert "deals 0" in text                            # sheet before any deal: the score line
    assert "  Bot: QH" in text and "  You: AH" in text  # every move shown as made
    assert text.count("deal over") == 2 and "sheet: [(0, 2), (1, 3)]" in text
    assert table.saved == str(tmp_path / "toy.json")
    assert json.loads((tmp_path / "toy.json").read_text()) == [[0, 2], [1, 3]]


def test_quit_saves_the_finished_deals_only(tmp_path: Path) -> None:
    text, table = run(tmp_path, ["1", "", "quit"])
    assert text.count("deal over") == 1
    assert json.loads((tmp_path / "toy.json").read_text()) == [[0, 2]]
    assert table.since == []  # the moves since the last turn were shown and forgotten


def test_nothing_is_saved_before_a_deal_is_finished(tmp_path: Path) -> None:
    text, table = run(tmp_path, [])
    assert table.saved is None and not (tmp_path / "toy.json").exists()
    assert "No deal is finished — nothing saved." in text
