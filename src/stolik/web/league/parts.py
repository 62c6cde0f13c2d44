"""What the tournament pages ask of a tournament's game: its ``league`` part (issue 10 §1).

The pages name no game. Everything they show or read that differs per game — the deal
form of a table's entry page (its fields, how a posted form becomes a deal as stored, and
back, to correct it), how a table's stored deals are settled and labelled on the score
sheet, what the printed sheet needs — comes from ``stolik.games.<id>.league``, found with
``game(id).part("league")`` and used through :class:`LeagueGame`. A game without the part
has no deal form on the pages (its tables are entered otherwise, e.g. a money sheet).
What a part leaves out is :class:`LeagueDefaults`' (a form without lists to choose from,
a printed sheet that needs nothing of the ruleset).

>>> from stolik.games import games
>>> any(has_league(g.id) for g in games())
True
>>> has_league("chess")
False
>>> league_game("marias").print_context(None)
{}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, cast

from stolik.games import UnknownGame, game
from stolik.i18n import Msg
from stolik.tournament.part_defaults import with_defaults


@dataclass(frozen=True)
class DealFace:
    """A settled deal as a score sheet shows it: each seat's payout, its label (the game
    and doubling, a :class:`~stolik.i18n.Msg` a page translates) and the game's marks."""

    payout: tuple[int, ...]
    label: Msg | str
    bok: bool = False
    """Baśka: a bok-runda deal, worth double (RULES §6)."""
    tie: bool = False
    """Baśka: a 52:52 deal, which starts a bok-runda (RULES §6)."""


class LeagueGame(Protocol):
    """A game's ``league`` part, as the pages use it (module attributes)."""

    ENTRY_KIND: Literal["sheet", "record"]
    """What the deal form writes: ``sheet`` (score-sheet lines) or ``record`` (deal
    records), as :func:`stolik.tournament.store.enter_deal` takes it."""

    def entry_context(self, rs: Any) -> dict[str, Any]:
        """The deal form's choices for the entry page's template (contracts, …)."""

    def deal_of_form(self, rs: Any, form: Mapping[str, str], **table: Any
                     ) -> dict[str, Any]:
        """The deal the posted form describes, as the store takes it; one line (a
        :class:`~stolik.errors.StolikError`) naming what is wrong. ``table``: what the
        form cannot know (``dealer``: the deal's dealer, seat 0–3)."""

    def form_of_deal(self, doc: Mapping[str, Any]) -> dict[str, str]:
        """The form's values for a stored deal (to correct it)."""

    def settle(self, rs: Any, kind: str, docs: Sequence[Mapping[str, Any]]
               ) -> list[DealFace]:
        """A table's stored deals settled in order, as the sheet shows them."""

    def print_context(self, rs: Any) -> dict[str, Any]:
        """What the printed score sheet's template needs of the ruleset."""


def has_league(game_id: str) -> bool:
    """Whether the game ``game_id`` offers a ``league`` part (nothing imported)."""
    try:
        return game(game_id).has_part("league")
    except UnknownGame:
        return False


class LeagueDefaults:
    """What a game's ``league`` part may leave out: the core's default of each."""

    @staticmethod
    def entry_context(rs: Any) -> dict[str, Any]:
        """Nothing to choose from a list: the form's fields are typed."""
        return {}

    @staticmethod
    def print_context(rs: Any) -> dict[str, Any]:
        """The printed sheet needs nothing of the ruleset."""
        return {}


def league_game(game_id: str) -> LeagueGame:
    """The ``league`` part of the game ``game_id`` with the core's defaults behind it
    (:class:`~stolik.games.UnknownGame` in one line if it has none)."""
    return cast(LeagueGame, with_defaults(game(game_id).part("league"), LeagueDefaults))
