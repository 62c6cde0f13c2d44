"""A money tournament's part of a game's ``tournament`` part: the table sheets kept per
round (:mod:`stolik.tournament.money_sheet`), how a sheet is changed, and the ranking by
money. A game that plays for money makes one :class:`MoneyTournament` of its
:class:`~stolik.tournament.money_sheet.MoneyRules` and of how its deals settle, and names
its methods as its part's functions (:class:`stolik.tournament.games.MoneyGame`).

There are no place points: money is the result. Players rank by their summed round
results, ties by the better best round, then the better second best (:func:`rank_key`).

>>> from stolik.tournament.model import TableEntry
>>> money = MoneyTournament(MoneyRules(seats=4), lambda rs, entry: None)
>>> change = money.money_change(final=[6000, 4000, 5000, 5010], spread=True)
>>> s = change(None, TableEntry(("a", "b", "c", "d")))
>>> s.correction, money.rules.table_results(s, None, "")   # 10 haléř over: −2 each, −1 × 2
((-3, -2, -2, -3), (997, -1002, -2, 7))
>>> money.table_sheet_document(money.read_table_sheet({"leader": 2}, 1))
{'leader': 1}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from stolik.errors import StolikError
from stolik.i18n import Msg
from stolik.tournament.model import Event, EventKind, TableEntry, TournamentError
from stolik.tournament.money_sheet import (
    MoneyRules,
    MoneySheet,
    TopUp,
    amount_text,
    equal_share,
    kc,
    money_fail,
    parse_kc,
    person_table_sheet,
)
from stolik.tournament.scoring import Source, TableResult

PlayMoney = Callable[[Any, TableEntry], Sequence[int] | None]
"""The money of a table's deals by seat (haléř) under a ruleset, or ``None`` when the
table is entered as final amounts: the game's engine settles the deals."""


def cash_text(value: int) -> str:
    """Money on the table (a stake, a top-up, the final money) in Kč, unsigned.

    >>> cash_text(5000), cash_text(1000)
    ('50,00', '10,00')
    """
    return kc(value)


def entry_refusal(entry: TableEntry) -> Msg | None:
    """Why a money table's entry cannot be scored, or ``None``: it holds score-sheet lines
    or totals (a money table holds deal records or its sheet's money), late or leaving
    penalties (the money is the result), or events of a player not at the table.

    >>> entry_refusal(TableEntry(("a", "b", "c"), warned=("d",))).code
    'err-st-not-seated'
    >>> entry_refusal(TableEntry(("a", "b", "c", "d"))) is None
    True
    """
    for key in ("sheet", "totals"):
        if getattr(entry, key) is not None:
            return Msg("err-mt-where", "{where}: {message}", where=key, message=Msg(
                "err-mt-deals-or-money", "a Mariáš table holds deal records or final money "
                "on its table sheet (MARIAS §7, §11)"))
    if entry.late or any(p not in entry.excluded for p, _ in entry.left):
        return Msg("err-mt-no-late", "late/left: a Mariáš tournament has no late or "
                   "leaving penalties; the table's money is its result (MARIAS §9)")
    for p in (*entry.excluded, *entry.warned):
        if p not in entry.seats:
            return Msg("err-st-not-seated", "player '{code}' is not seated at this table",
                       code=p)
    return None


def first_dealer_refusal(dealer: int, first: int) -> TournamentError:
    """The refusal of a table's deals whose first dealer is not the entry's
    ``first_dealer``.

    >>> str(first_dealer_refusal(2, 0))
    'deal 1: dealer 2 should be first_dealer 0 (MARIAS §9)'
    """
    return money_fail("deal 1", Msg("err-mt-first-dealer", "dealer {dealer} should be "
                                    "first_dealer {first} (MARIAS §9)", dealer=dealer,
                                    first=first))


def deal_text(result: Any) -> str:
    """One settled deal of a table's sheet in a line: the game's own words for it (Mariáš:
    its money's components and the money by seat, ``DealResult.describe``)."""
    return str(result.describe())


def rank_key(place: float, total: int, rounds: Sequence[int]) -> tuple[float, ...]:
    """The sum of the round results, then the better best round, then the better second
    best.

    >>> rank_key(0.0, 1000, [500, 500, 0]) > rank_key(0.0, 1000, [900, 100, 0])
    False
    """
    best = [*sorted(rounds, reverse=True), 0, 0]
    return (float(total), float(best[0]), float(best[1]))


@dataclass(frozen=True)
class MoneyTournament:
    """A game's money tournament: its sheet's rules and how its deals settle."""

    rules: MoneyRules
    play_money: PlayMoney

    # What a money game's part leaves to the core (stolik.tournament.games.MoneyGame).
    amount_text = staticmethod(amount_text)
    cash_text = staticmethod(cash_text)
    deal_text = staticmethod(deal_text)
    parse_kc = staticmethod(parse_kc)
    person_table_sheet = staticmethod(person_table_sheet)
    rank_key = staticmethod(rank_key)

    @property
    def STAKE(self) -> int:
        """Each player's stake per round."""
        return self.rules.stake

    @property
    def MIN_TOPUP(self) -> int:
        """The least top-up."""
        return self.rules.min_topup

    def results(self, sheet: MoneySheet, play: Sequence[int] | None = None
                ) -> tuple[int, ...]:
        """Each seat's result before the correction."""
        return self.rules.results(sheet, play)

    def final_money(self, sheet: MoneySheet | None, play: Sequence[int] | None = None
                    ) -> tuple[int, ...] | None:
        """Each seat's money on the table at the end (``None``: nothing entered)."""
        return self.rules.final_money(sheet, play)

    def entry_sheet(self, entry: TableEntry) -> MoneySheet:
        """The table's sheet, or a blank one (nothing written yet)."""
        sheet = entry.table_sheet
        return sheet if isinstance(sheet, MoneySheet) else self.rules.sheet()

    def table_sheet(self, doc: Mapping[str, Any] | None) -> MoneySheet | None:
        """The table's sheet from its stored document (``None``: nothing written)."""
        return None if doc is None else self.rules.sheet_of(doc)

    def read_table_sheet(self, raw: Any, lo: int) -> MoneySheet:
        """A tournament file's ``money`` table (seats counted from ``lo``)."""
        return self.rules.sheet_of(raw, "money", lo=lo)

    def table_sheet_document(self, sheet: MoneySheet | None) -> dict[str, Any] | None:
        """The stored document of a table sheet (``None``: none)."""
        return None if sheet is None else self.rules.document(sheet)

    @staticmethod
    def read_sheet_lines(raw: Sequence[Any], players: Sequence[tuple[str, str]],
                         version: int) -> tuple[Any, ...]:
        """A money table has no score-sheet lines: it holds deal records or money."""
        raise money_fail("sheet", Msg("err-mt-no-lines", "a Mariáš table holds deal records "
                                      "('deal', MARIAS §11) or its table sheet ('money', "
                                      "MARIAS §7), not score-sheet lines"))

    @staticmethod
    def sheet_line_document(line: Any) -> dict[str, Any]:
        """Never called: a money table has no score-sheet lines."""
        raise money_fail("sheet", Msg("err-mt-no-line", "a Mariáš table has no score-sheet "
                                      "lines (MARIAS §7)"))

    def score_table(self, entry: TableEntry, round: int, table: int, *,
                    source: str | None, check: Callable[[MoneySheet, str], None],
                    play: Callable[[Sequence[Mapping[str, Any]]],
                                   tuple[Sequence[int], tuple[Any, ...]]],
                    refusal: Callable[[StolikError], Any] = lambda e: e.message
                    ) -> TableResult:
        """Score a table's round: its deals or its sheet's final money, with the sheet's
        top-ups and correction; the results sum to zero (MARIAS §7). The game gives
        ``check(sheet, where)``, its checks of the table's sheet, and ``play(deals)``, the
        money of the table's deals by seat and their results (each replayed by its
        engine), whose refusal the table's error says as ``refusal`` words it (default:
        its message).

        >>> money = MoneyTournament(MoneyRules(seats=3), lambda rs, entry: None)
        >>> entry = TableEntry(("a", "b", "c"), table_sheet=money.rules.sheet(
        ...     final=(6240, 3760, 5000)))
        >>> money.score_table(entry, 1, 1, source=None, check=money.rules.check,
        ...                   play=lambda deals: ((), ())).table_points
        (1240, -1240, 0)
        """
        n = len(entry.seats)

        def fail(message: Any) -> TournamentError:
            return TournamentError(message, source=source, round=round, table=table, rule="")

        refused = entry_refusal(entry)
        if refused is not None:
            raise fail(refused)
        sheet = self.entry_sheet(entry)
        try:
            check(sheet, "")
        except TournamentError as e:
            raise fail(e.message) from None
        money: Sequence[int] | None = None
        deal_results: tuple[Any, ...] = ()
        source_kind: Source = "none"
        if entry.deals:
            if sheet.final is not None:
                raise fail(Msg("err-mt-deals-final", "a table entered deal by deal has no "
                               "'final' amounts — the deals give the money (MARIAS §7)"))
            try:
                money, deal_results = play(entry.deals)
            except StolikError as e:
                raise fail(refusal(e)) from None
            source_kind = "deals"
        elif sheet.final is not None:
            source_kind = "totals"
        try:
            res = self.rules.table_results(sheet, money, "")
        except TournamentError as e:
            raise fail(e.message) from None
        events = [Event(EventKind.WARNING, p, round, table) for p in entry.warned]
        events += [Event(EventKind.EXCLUDED, p, round, table) for p in entry.excluded]
        raw = self.rules.results(sheet, money)[:n]
        return TableResult(round, table, entry.seats, source_kind, len(deal_results), raw,
                           res[:n], (0.0,) * n, tuple(events), deal_results, sheet)

    def topup(self, seat: int, amount: int, at: str | None = None) -> TopUp:
        """A top-up (checked with the sheet it goes on)."""
        return TopUp(seat, amount, at)

    def money_change(self, *, final: Sequence[int] | None = None,
                     topups: Sequence[TopUp] = (), leader: int | None = None,
                     hand_in: bool = False, spread: bool = False
                     ) -> Callable[[Any, TableEntry], MoneySheet]:
        """A change of a table sheet, for :func:`stolik.tournament.store.change_table_sheet`:
        the final money, top-ups added, the leader, the hand-in, and the organiser's
        equal-share correction (``spread``). A change of the amounts drops an earlier
        correction (it was made for other amounts; the audit log keeps it): the organiser
        spreads the difference again if the sheet still does not balance."""
        rules = self.rules

        def change(rs: Any, entry: TableEntry) -> MoneySheet:
            sheet = self.entry_sheet(entry)
            amounts = final is not None or bool(topups)
            if final is not None:
                if entry.deals:
                    raise money_fail("", Msg("err-mt-by-deals", "the table is entered deal by "
                                             "deal: its money comes from the deals, not from "
                                             "final amounts (MARIAS §7)"))
                sheet = replace(sheet, final=tuple(final[s] for s in range(len(entry.seats))))
            if topups:
                sheet = replace(sheet, topups=sheet.topups + tuple(topups))
            if amounts:
                sheet = replace(sheet, correction=None)
            if leader is not None:
                sheet = replace(sheet, leader=leader)
            rules.check(sheet, "")
            if spread:
                if sheet.final is None and not entry.deals:
                    raise money_fail("", Msg("err-mt-spread-nothing", "the table sheet has no "
                                             "final money yet: nothing to spread (MARIAS §7, "
                                             "seed 002 §10)"))
                res = rules.results(replace(sheet, correction=None),
                                    self.play_money(rs, entry))
                if sum(res) == 0:
                    raise money_fail("", Msg("err-mt-balanced", "the table's results sum to "
                                             "0: there is no difference to spread (seed 002 "
                                             "§10)"))
                sheet = replace(sheet, correction=equal_share(res))
            if hand_in:
                if sheet.handed_in:
                    raise money_fail("", Msg("err-mt-handed-twice", "the table sheet is "
                                             "already handed in (seed 002 §10)"))
                if sheet.final is None and not entry.deals:
                    raise money_fail("", Msg("err-mt-nothing-to-sign", "the table sheet has "
                                             "no final money yet and no deals: nothing to "
                                             "sign (MARIAS §7, seed 002 §10)"))
                sheet = replace(sheet, handed_in=True)
            return sheet

        return change

