"""A table's money sheet in a money tournament (the stolový lístek): the stake and top-ups,
each player's money on the table at the end, the table leader and the hand-in, amounts in
Kč read and written, the table's results and their checks, the organiser's equal-share
correction, and the sheet as a document and back.

Nothing here is one game's: what differs between money games is :class:`MoneyRules` — the
seats at a table (four, or three where a game seats three), the stake each player puts
in and the least top-up (a game's ruleset data). Money is whole haléř (``int``), shown as
Kč with a comma (:func:`kc`).

>>> rules = MoneyRules(seats=3, stake=2000, min_topup=500)
>>> s = rules.sheet(final=(3500, 1000, 1500), topups=(TopUp(2, 500, "19:40"),))
>>> rules.results(s)                     # final − stake − top-ups
(1500, -1000, -1000)
>>> equal_share((1500, -1000, -499))     # 1 haléř over: off the best result
(-1, 0, 0)
>>> rules.document(s)                   # the rules' stake is left out
{'topups': [{'seat': 2, 'amount': 500, 'at': '19:40'}], 'final': [3500, 1000, 1500]}
>>> rules.sheet_of(rules.document(s)) == s
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stolik.i18n import Msg, Place
from stolik.tournament.model import TournamentError

_TIME = re.compile(r"^([01]?\d|2[0-3]):[0-5]\d$")
_KC = re.compile(r"^([+-]?)(\d{1,7})(?:[,.](\d{1,2}))?(?:\s*Kč)?$")

SHEET_KEYS = ("stake", "topups", "final", "leader", "handed_in", "correction")
"""The keys of a stored sheet document."""


def kc(halere: int) -> str:
    """Haléř written as Czech money: ``0,20``, ``-6,40``, ``20,00``.

    >>> kc(20), kc(-640), kc(2000)
    ('0,20', '-6,40', '20,00')
    """
    sign = "-" if halere < 0 else ""
    whole, h = divmod(abs(halere), 100)
    return f"{sign}{whole},{h:02d}"


def amount_text(value: int) -> str:
    """Haléř as Kč with a comma, signed: ``+12,40``, ``-3,20``, ``0,00``.

    >>> amount_text(1240), amount_text(-320), amount_text(0)
    ('+12,40', '-3,20', '0,00')
    """
    return ("+" if value > 0 else "") + kc(value)


def money_fail(where: str, message: Msg) -> TournamentError:
    """A money sheet's refusal: one line, ``where`` (``money``, ``deal 3``) in front; a
    :class:`~stolik.i18n.Msg`, so the pages and the CLI say it in their language.

    >>> from stolik.i18n import translate
    >>> e = money_fail("deal 3", Msg("err-mt-handed-twice", "the table sheet is already "
    ...                              "handed in (seed 002 §10)"))
    >>> str(e)
    'deal 3: the table sheet is already handed in (seed 002 §10)'
    >>> translate(e, "pl")
    'rozdanie 3: lístek stołu jest już oddany (seed 002 §10)'
    """
    text = Msg("err-mt-where", "{where}: {message}", where=Place(where), message=message) \
        if where else message
    return TournamentError(text, rule="")


def parse_kc(text: str, where: str = "", key: str = "amount") -> int:
    """Haléř of an amount written in Kč: ``50``, ``62,40``, ``-3,2``, ``12.50 Kč``.

    >>> parse_kc("62,40"), parse_kc("-3,2"), parse_kc("10"), parse_kc("0,05")
    (6240, -320, 1000, 5)
    >>> parse_kc("12,345")
    Traceback (most recent call last):
    ...
    stolik.tournament.model.TournamentError: 'amount' must be Kč such as 62,40, not '12,345' \
(MARIAS §7)
    """
    m = _KC.match(text.strip())
    if not m:
        raise money_fail(where, Msg("err-mt-kc", "'{key}' must be Kč such as 62,40, not {raw} "
                                    "(MARIAS §7)", key=key, raw=repr(text)))
    sign, whole, frac = m.groups()
    h = int(whole) * 100 + (int(frac.ljust(2, "0")) if frac else 0)
    return -h if sign == "-" else h


@dataclass(frozen=True)
class TopUp:
    """A top-up a player put in during the round (at least the rules' least top-up), with
    the time the table leader wrote (``HH:MM``), if known."""

    seat: int
    amount: int
    at: str | None = None


@dataclass(frozen=True)
class MoneySheet:
    """A table's sheet for one round.

    ``stake``: what each player puts in (:meth:`MoneyRules.sheet` gives the rules' own;
    the default is 50 Kč); ``final``: each seat's money on the table at the end (haléř),
    when the play is entered as final amounts; ``correction``: the organiser's
    equal-share correction added to each seat's result; ``leader``: the seat of the table
    leader who keeps the sheet (the plan's first seat unless told); ``handed_in``: signed
    by the players and handed to the referee — no change after it without a referee's
    correction."""

    stake: int = 5000
    topups: tuple[TopUp, ...] = ()
    final: tuple[int, ...] | None = None
    leader: int = 0
    handed_in: bool = False
    correction: tuple[int, ...] | None = None

    def put_in(self, seat: int) -> int:
        """Everything ``seat`` put on the table: the stake and his top-ups."""
        return self.stake + sum(t.amount for t in self.topups if t.seat == seat)


def equal_share(res: Sequence[int]) -> tuple[int, ...]:
    """The organiser's correction of a table whose results sum to ``d`` ≠ 0 ("rozdíl bude
    připsán a nebo odepsán každému hráči u stolu rovným dílem"): −d spread equally over the
    table's seats, to the haléř. The haléř that do not divide go one each to the best
    results first when writing off (to the worst first when adding), seat order among
    equal results — so the remainder never moves a player past another.

    >>> equal_share((1000, 500, -700, -600))        # +200 over: each −50
    (-50, -50, -50, -50)
    >>> equal_share((1000, 500, -700, -795))        # +5: −1 each, and −1 more from the best
    (-2, -1, -1, -1)
    >>> equal_share((0, 0, 0, -2))                  # 2 short: +1 to the two worst
    (1, 0, 0, 1)
    """
    n = len(res)
    d = sum(res)
    base, rem = divmod(abs(d), n)
    if d > 0:  # over: write off from everyone, the remainder from the best results
        order = sorted(range(n), key=lambda s: (-res[s], s))
        out = [-base] * n
        for s in order[:rem]:
            out[s] -= 1
    else:      # short: add to everyone, the remainder to the worst results
        order = sorted(range(n), key=lambda s: (res[s], s))
        out = [base] * n
        for s in order[:rem]:
            out[s] += 1
    return tuple(out)


def _bad_time(at: object) -> Msg:
    return Msg("err-mt-topup-time", "a top-up's time is HH:MM, not {raw} (seed 002 §3)",
               raw=repr(at))


def _whole(v: Any, where: str, key: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise money_fail(where, Msg("err-mt-whole", "'{key}' must be a whole number of haléř, "
                                    "not {raw} (MARIAS §7)", key=key, raw=repr(v)))
    return v


@dataclass(frozen=True)
class MoneyRules:
    """What differs between money games' sheets: the seats at a table, each player's stake
    and the least top-up (haléř). Its methods read, check, settle and write a sheet."""

    seats: int = 4
    stake: int = 5000
    min_topup: int = 1000
    seat_counts: tuple[int, ...] = ()
    """The seats a table may have when not only ``seats`` (the most): licitovaný mariáš
    seats three, and four where the count of players needs it (LICITOVANY §9). A sheet
    holds one amount per seat of its table."""

    @property
    def counts(self) -> tuple[int, ...]:
        """The seats a table of these rules may have.

        >>> MoneyRules().counts, MoneyRules(seat_counts=(3, 4)).counts
        ((4,), (3, 4))
        """
        return self.seat_counts or (self.seats,)

    def sheet(self, **fields: Any) -> MoneySheet:
        """A sheet with the rules' stake (``fields`` as :class:`MoneySheet` takes them)."""
        return MoneySheet(**{"stake": self.stake, **fields})

    def results(self, sheet: MoneySheet, play: Sequence[int] | None = None
                ) -> tuple[int, ...]:
        """Each seat's result before any correction: ``play`` (the deals' money) if the
        table was entered deal by deal, else final − stake − top-ups."""
        if play is not None:
            return tuple(play[s] for s in range(len(play)))
        if sheet.final is None:
            return (0,) * self.seats
        return tuple(sheet.final[s] - sheet.put_in(s) for s in range(len(sheet.final)))

    def final_money(self, sheet: MoneySheet | None, play: Sequence[int] | None = None
                    ) -> tuple[int, ...] | None:
        """Each seat's money on the table at the end: as written on the sheet, or, for a
        table entered deal by deal, settled by the deals — stake + top-ups + the deals'
        money; ``None`` while nothing is entered.

        >>> r = MoneyRules()
        >>> r.final_money(MoneySheet(topups=(TopUp(1, 1000),)), (1240, -3000, 3760, -2000))
        (6240, 3000, 8760, 3000)
        >>> r.final_money(MoneySheet(final=(8000, 2000, 5000, 6000))), r.final_money(None)
        ((8000, 2000, 5000, 6000), None)
        """
        if play is not None:
            put = sheet or self.sheet()
            return tuple(put.put_in(s) + play[s] for s in range(len(play)))
        return sheet.final if sheet is not None else None

    def check(self, sheet: MoneySheet, where: str) -> None:
        """Refuse what a table sheet cannot hold: a stake of 0 or less (another stake is
        the organiser's), a top-up under the least one, a seat not at the table, money
        on the table below zero."""
        if sheet.stake <= 0:
            raise money_fail(where, Msg("err-mt-stake", "the stake must be more than 0 Kč, "
                                        "not {amount} (seed 002 §3)", amount=kc(sheet.stake)))
        for t in sheet.topups:
            if t.seat not in range(self.seats):
                raise money_fail(where, Msg("err-mt-topup-seat", "a top-up's seat must be "
                                            "1–{last}, not {seat} (seed 002 §3)",
                                            last=self.seats, seat=t.seat + 1))
            if t.amount < self.min_topup:
                raise money_fail(where, Msg("err-mt-topup-min", "a top-up is at least {min} "
                                            "Kč, not {amount} (seed 002 §3)",
                                            min=kc(self.min_topup), amount=kc(t.amount)))
            if t.at is not None and not _TIME.match(t.at):
                raise money_fail(where, _bad_time(t.at))
        if sheet.final is not None:
            for s, f in enumerate(sheet.final):
                if f < 0:
                    raise money_fail(where, Msg(
                        "err-mt-negative", "seat {seat} cannot end with {amount} Kč on the "
                        "table: money on the table is never negative (MARIAS §7)",
                        seat=s + 1, amount=kc(f)))
        if sheet.leader not in range(self.seats):
            raise money_fail(where, Msg("err-mt-leader", "the table leader is a seat "
                                        "1–{last}, not {seat} (seed 002 §3)",
                                        last=self.seats, seat=sheet.leader + 1))

    def table_results(self, sheet: MoneySheet, play: Sequence[int] | None, where: str
                      ) -> tuple[int, ...]:
        """Each seat's round result with the organiser's correction; refused when they do
        not sum to zero (money only moves between the players)."""
        res = self.results(sheet, play)
        if sheet.correction is not None:
            res = tuple(r + c for r, c in zip(res, sheet.correction, strict=True))
        total = sum(res)
        if total:
            if sheet.correction is not None:
                raise money_fail(where, Msg("err-mt-unbalanced-again", "the table's results "
                                            "sum to {sum} Kč, not 0 — the sheet changed after "
                                            "its correction: correct it again (seed 002 §10)",
                                            sum=amount_text(total)))
            raise money_fail(where, Msg(
                "err-mt-unbalanced", "the table's results sum to {sum} Kč, not 0 — correct "
                "the sheet or apply the organiser's equal-share correction (seed 002 §10)",
                sum=amount_text(total)))
        return res

    def document(self, sheet: MoneySheet) -> dict[str, Any]:
        """The sheet as stored and written to files (haléř; seats from 0; defaults left
        out)."""
        doc: dict[str, Any] = {}
        if sheet.stake != self.stake:
            doc["stake"] = sheet.stake
        if sheet.topups:
            doc["topups"] = [{"seat": t.seat, "amount": t.amount,
                              **({"at": t.at} if t.at else {})} for t in sheet.topups]
        if sheet.final is not None:
            doc["final"] = list(sheet.final)
        if sheet.leader:
            doc["leader"] = sheet.leader
        if sheet.handed_in:
            doc["handed_in"] = True
        if sheet.correction is not None:
            doc["correction"] = list(sheet.correction)
        return doc

    def _by_seat(self, v: Any, where: str, key: str) -> tuple[int, ...]:
        if not isinstance(v, list | tuple) or len(v) not in self.counts:
            raise money_fail(where, Msg("err-mt-four", "'{key}' must be 4 amounts in haléř "
                                        "by seat, not {raw} (MARIAS §7)", key=key,
                                        raw=repr(v)))
        return tuple(_whole(x, where, key) for x in v)

    def sheet_of(self, doc: Mapping[str, Any] | None, where: str = "money", *, lo: int = 0
                 ) -> MoneySheet:
        """Read a stored sheet document (seats counted from ``lo``: 0 as stored, 1 in a
        file a person reads); every problem one line.

        >>> MoneyRules().sheet_of({"final": [5000, 5000, 6000, 4000],
        ...                        "topups": [{"seat": 1, "amount": 500}]})
        Traceback (most recent call last):
        ...
        stolik.tournament.model.TournamentError: money: a top-up is at least 10,00 Kč, not \
5,00 (seed 002 §3)
        """
        if doc is None:
            return self.sheet()
        if not isinstance(doc, Mapping):
            raise money_fail(where, Msg("err-mt-sheet-doc", "the table sheet must be a table "
                                        "of {keys}, not {raw} (MARIAS §7)",
                                        keys=", ".join(SHEET_KEYS), raw=repr(doc)))
        unknown = sorted(set(doc) - set(SHEET_KEYS))
        if unknown:
            raise money_fail(where, Msg("err-mt-unknown-key", "unknown key '{key}' — a table "
                                        "sheet has {keys} (MARIAS §7)", key=unknown[0],
                                        keys=", ".join(SHEET_KEYS)))
        topups = []
        raw = doc.get("topups", [])
        if not isinstance(raw, list | tuple):
            raise money_fail(where, Msg("err-mt-topups-list", "'topups' must be a list of "
                                        "{{ seat, amount, at }}, not {raw} (seed 002 §3)",
                                        raw=repr(raw)))
        for t in raw:
            if not isinstance(t, Mapping) or set(t) - {"seat", "amount", "at"} or not {
                    "seat", "amount"} <= set(t):
                raise money_fail(where, Msg("err-mt-topup-doc", "a top-up is {{ seat, "
                                            "amount, at }}, not {raw} (seed 002 §3)",
                                            raw=repr(t)))
            at = t.get("at")
            if at is not None and not isinstance(at, str):
                raise money_fail(where, _bad_time(at))
            topups.append(TopUp(_whole(t["seat"], where, "seat") - lo,
                                _whole(t["amount"], where, "amount"), at))
        handed = doc.get("handed_in", False)
        if not isinstance(handed, bool):
            raise money_fail(where, Msg("err-mt-handed-bool", "'handed_in' must be true or "
                                        "false, not {raw} (seed 002 §10)", raw=repr(handed)))
        sheet = MoneySheet(
            stake=_whole(doc.get("stake", self.stake), where, "stake"), topups=tuple(topups),
            final=self._by_seat(doc["final"], where, "final") if "final" in doc else None,
            leader=_whole(doc.get("leader", lo), where, "leader") - lo, handed_in=handed,
            correction=self._by_seat(doc["correction"], where, "correction")
            if "correction" in doc else None)
        self.check(sheet, where)
        return sheet


def person_table_sheet(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A stored sheet document with the seats a person reads, from 1.

    >>> person_table_sheet({"topups": [{"seat": 0, "amount": 1000}]})
    {'topups': [{'seat': 1, 'amount': 1000}], 'leader': 1}
    """
    out = dict(doc)
    if "leader" in out:
        out["leader"] += 1
    else:
        out["leader"] = 1
    if "topups" in out:
        out["topups"] = [{**t, "seat": t["seat"] + 1} for t in out["topups"]]
    return out
