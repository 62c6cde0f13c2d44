"""What a tournament asks of its game (issue 10 §1): the game's ``tournament`` part.

The tournament layer names no game. A tournament stores its game (from its ruleset id:
ruleset ids are unique across games, :func:`stolik.games.game_of_ruleset`), and
everything that differs per game — how a table's play is read and settled, the unit of
its results (Baśka's table and place points, Mariáš's money in haléř), the ranking rule,
what a table's sheet holds — comes from ``stolik.games.<id>.tournament``, found with
``game(id).part("tournament")`` and used through :class:`TournamentGame`.

>>> game_of_tournament("ctyrka"), game_of_tournament("pucka-2019")
('marias', 'baska')
>>> game_of_tournament("club.toml")          # a league's own file: the default game
'baska'
>>> game_of_tournament("club.toml", "marias")
'marias'
>>> tournament_game("marias").UNIT
'haler'

A game's part states only what differs: what it leaves out is :class:`TournamentDefaults`'
(and, for a game that plays for money, its ``MONEY``'s,
:class:`~stolik.tournament.money.MoneyTournament`).

>>> tournament_game("marias").deals_per_round(None), tournament_game("baska").amount_text(12)
(0, '+12')
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from stolik.games import DEFAULT_GAME, UnknownGame, game, game_of_ruleset
from stolik.i18n import Msg
from stolik.tournament.part_defaults import with_defaults

if TYPE_CHECKING:
    from stolik.tournament.model import TableEntry, TournamentRules
    from stolik.tournament.scoring import TableResult


class TournamentGame(Protocol):
    """A game's ``tournament`` part, as the generic layer uses it (module attributes)."""

    UNIT: str
    """The unit of a table's result: ``points`` (table points with place points) or
    ``haler`` (money, shown as Kč)."""
    DEFAULT_MINUTES: int
    """A round's default length in minutes."""
    EVENT_KINDS: tuple[str, ...]
    """The events a referee records at a table (Baśka: late, left, excluded, warning;
    Mariáš: warning, excluded)."""
    TABLE_SEATS: tuple[int, ...]
    """The seats a table may have: four (Baśka, Mariáš's čtyřka); three or four where a
    game seats three and a table of four where the count needs it (LICITOVANY §9)."""

    def table_sizes(self, players: int) -> tuple[int, ...]:
        """The tables a round seats ``players`` at; those left over sit out."""

    def table_minutes(self, seats: int, minutes: int) -> int:
        """A round's length at a table of ``seats`` when the round lasts ``minutes``."""

    def load_ruleset(self, ref: str) -> Any:
        """The ruleset of a shipped id or a file."""

    def parse_ruleset(self, text: str, source: str) -> Any:
        """The ruleset of a file's text (a league's own file kept in the database)."""

    def tournament_rules(self, rs: Any) -> TournamentRules:
        """The penalty amounts of the ruleset."""

    def deals_per_round(self, rs: Any) -> int:
        """The default number of deals of a round (0: rounds go by time only)."""

    def check_deals(self, rs: Any, kind: str, docs: Sequence[Mapping[str, Any]]) -> None:
        """Refuse (a :class:`~stolik.errors.StolikError`) a table's deals the engine
        refuses: ``kind`` is ``sheet`` (score-sheet lines) or ``record`` (deal records)."""

    def deal_document(self, kind: str, raw: Any) -> dict[str, Any]:
        """A deal as stored (checked alone, defaults left out) from what a person wrote or
        what a tournament file holds."""

    def table_entry_play(self, kind: str, docs: Sequence[Mapping[str, Any]]
                         ) -> dict[str, Any]:
        """The :class:`~stolik.tournament.model.TableEntry` fields (``deals`` or
        ``sheet``) of a table's stored deals."""

    def table_sheet(self, doc: Mapping[str, Any] | None) -> Any:
        """The game's own table sheet from its stored document (``None``: none kept)."""

    def read_sheet_lines(self, raw: Sequence[Any], players: Sequence[tuple[str, str]],
                         version: int) -> tuple[Any, ...]:
        """A tournament file's score-sheet lines (seats 0–3 in format 1, 1–4 or players in
        format 2)."""

    def sheet_line_document(self, line: Any) -> dict[str, Any]:
        """A score-sheet line as a file of format 2 writes it."""

    def read_table_sheet(self, raw: Any, lo: int) -> Any:
        """A tournament file's table sheet (``money``), seats counted from ``lo``."""

    def person_table_sheet(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        """A stored table sheet as a file of format 2 writes it (seats 1–4)."""

    def table_sheet_document(self, sheet: Any) -> dict[str, Any] | None:
        """The stored document of the game's table sheet (``None``: none)."""

    def score_table(self, rs: Any, rules: TournamentRules, entry: TableEntry, round: int,
                    table: int, *, source: str | None = None) -> TableResult:
        """Score one table (its play, its sheet, its events)."""

    def amount_text(self, value: int) -> str:
        """A result in the game's unit as a person reads it (Baśka ``+12``; Mariáš Kč
        with a comma, ``12,40``)."""

    def rank_key(self, place: float, total: int, rounds: Sequence[int]
                 ) -> tuple[float, ...]:
        """A player's ranking key (higher first) from his place points, his total and his
        results round by round."""


def game_of_tournament(ruleset: str, declared: str | None = None) -> str:
    """The game of a tournament with ``ruleset``: ``declared`` if given, else the game
    that ships the ruleset id, else (a league's own ruleset file, or an id no game ships,
    which that game's reader then refuses in one line) the default game."""
    if declared:
        return game(declared).id
    try:
        return game_of_ruleset(ruleset).id
    except UnknownGame:
        return DEFAULT_GAME


class TournamentDefaults:
    """What a game's ``tournament`` part may leave out: the core's default of each."""

    TABLE_SEATS = (4,)
    """Tables of four."""

    @staticmethod
    def table_sizes(players: int) -> tuple[int, ...]:
        """Tables of four; ``players mod 4`` sit out (RULES §10, seed 000 §7w)."""
        from stolik.tournament.seating import fours

        return fours(players)

    @staticmethod
    def table_minutes(seats: int, minutes: int) -> int:
        """Every table plays the round's length."""
        return minutes

    @staticmethod
    def deals_per_round(rs: Any) -> int:
        """Rounds go by time, not by a number of deals: 0."""
        return 0

    @staticmethod
    def deal_document(kind: str, raw: Mapping[str, Any]) -> dict[str, Any]:
        """A deal record as stored: JSON (dates and such as text)."""
        doc: dict[str, Any] = json.loads(json.dumps(dict(raw), default=str))
        return doc

    @staticmethod
    def table_entry_play(kind: str, docs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The table's stored deal records as :class:`TableEntry` fields."""
        return {"deals": tuple(dict(d) for d in docs)} if docs else {}

    @staticmethod
    def person_table_sheet(doc: Mapping[str, Any]) -> dict[str, Any]:
        """A game without a table sheet: never called."""
        return dict(doc)

    @staticmethod
    def table_sheet_document(sheet: Any) -> dict[str, Any] | None:
        """A game without a table sheet stores none."""
        return None

    @staticmethod
    def amount_text(value: int) -> str:
        """Points, signed: ``+12``, ``-4``, ``0``."""
        return f"{value:+d}" if value else "0"

    @staticmethod
    def rank_key(place: float, total: int, rounds: Sequence[int]) -> tuple[float, ...]:
        """Place points, then the total."""
        return (place, float(total))


def tournament_game(game_id: str) -> TournamentGame:
    """The ``tournament`` part of the game ``game_id``, with the core's defaults behind
    it (its ``MONEY``'s first, if it plays for money)."""
    part = game(game_id).part("tournament")
    money = getattr(part, "MONEY", None)
    return cast(TournamentGame, with_defaults(part, *([money] if money else []),
                                              TournamentDefaults))


class MoneyGame(TournamentGame, Protocol):
    """A game whose tables keep a money sheet (Mariáš: the stolový lístek, MARIAS §7):
    what ``stolik tournament money`` asks of its part."""

    STAKE: int
    MIN_TOPUP: int

    def cash_text(self, value: int) -> str:
        """Money on the table (stake, top-up, final money), unsigned (``50,00``)."""

    def parse_kc(self, text: str, where: str = "", key: str = "amount") -> int:
        """Haléř of an amount written in Kč (``62,40``)."""

    def topup(self, seat: int, amount: int, at: str | None = None) -> Any:
        """A top-up of ``seat`` (0–3) at ``at`` (``HH:MM``)."""

    def money_change(self, *, final: Sequence[int] | None = None, topups: Sequence[Any] = (),
                     leader: int | None = None, hand_in: bool = False,
                     spread: bool = False) -> Any:
        """A change of a table's sheet (:func:`stolik.tournament.store.change_table_sheet`)."""

    def results(self, sheet: Any, play: Sequence[int] | None = None) -> tuple[int, ...]:
        """Each seat's result before the correction."""

    def final_money(self, sheet: Any, play: Sequence[int] | None = None
                    ) -> tuple[int, ...] | None:
        """Each seat's money on the table at the end: written, or settled by the deals
        (``play``: their money by seat); ``None`` while nothing is entered."""

    def deal_text(self, result: Any) -> str:
        """One settled deal of the table's sheet in a line (its money by seat)."""

    def deal_money(self, result: Any) -> tuple[int, ...]:
        """One settled deal's money by seat (haléř), from a table's deal results
        (:attr:`~stolik.tournament.scoring.TableResult.results`)."""


def money_game(game_id: str) -> MoneyGame:
    """The ``tournament`` part of a game that keeps money sheets; a game that keeps none is
    refused in one line.

    >>> money_game("baska")
    Traceback (most recent call last):
    ...
    stolik.games.UnknownGame: Baśka keeps no money sheet at its tables: its tables hold \
deals, sheet lines or totals (RULES §10)
    """
    part = tournament_game(game_id)
    if not hasattr(part, "money_change"):
        raise UnknownGame(Msg("err-tg-no-money", "{game} keeps no money sheet at its tables: "
                              "its tables hold deals, sheet lines or totals (RULES §10)",
                              game=game(game_id).named()))
    return cast(MoneyGame, part)
