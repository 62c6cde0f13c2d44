"""A Mariáš table's money sheet (stolový lístek; MARIAS §9, seed 002 §3, §10): the stake
and top-ups, each player's money at the end, the leader and the hand-in, amounts in Kč
read and written (:func:`parse_kc`), the table's results and their checks, and the sheet
as a document and back (:func:`sheet_document`, :func:`sheet_of`).

Re-exported by :mod:`stolik.games.marias.tournament`."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stolik.games.marias.ruleset import kc
from stolik.i18n import Msg, Place
from stolik.tournament.model import TournamentError

STAKE = 5000
"""Each player's stake per round: 50 Kč (seed 002 §3)."""

MIN_TOPUP = 1000
"""A top-up is at least 10 Kč (seed 002 §3)."""

_TIME = re.compile(r"^([01]?\d|2[0-3]):[0-5]\d$")
_KC = re.compile(r"^([+-]?)(\d{1,7})(?:[,.](\d{1,2}))?(?:\s*Kč)?$")


def amount_text(value: int) -> str:
    """Haléř as Kč with a comma, signed: ``+12,40``, ``-3,20``, ``0,00``."""
    return ("+" if value > 0 else "") + kc(value)


def cash_text(value: int) -> str:
    """Money on the table (a stake, a top-up, the final money) in Kč, unsigned.

    >>> cash_text(5000), cash_text(1000)
    ('50,00', '10,00')
    """
    return kc(value)


def _fail(where: str, message: Msg) -> TournamentError:
    """The part's refusal: one line, ``where`` (``money``, ``deal 3``) in front; a
    :class:`~stolik.i18n.Msg`, so the pages and the CLI say it in their language.

    >>> from stolik.i18n import translate
    >>> e = _fail("deal 3", Msg("err-mt-handed-twice", "the table sheet is already handed "
    ...                         "in (seed 002 §10)"))
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
        raise _fail(where, Msg("err-mt-kc", "'{key}' must be Kč such as 62,40, not {raw} "
                               "(MARIAS §7)", key=key, raw=repr(text)))
    sign, whole, frac = m.groups()
    h = int(whole) * 100 + (int(frac.ljust(2, "0")) if frac else 0)
    return -h if sign == "-" else h


@dataclass(frozen=True)
class TopUp:
    """A top-up a player put in during the round (at least 10 Kč, seed 002 §3), with the
    time the table leader wrote (``HH:MM``), if known."""

    seat: int
    amount: int
    at: str | None = None


@dataclass(frozen=True)
class MoneySheet:
    """A table's sheet for one round (stolový lístek, seed 002 §3, §10; MARIAS §7).

    ``final``: each seat's money on the table at the end (haléř), when the play is entered
    as final amounts; ``correction``: the organiser's equal-share correction added to each
    seat's result (seed §10); ``leader``: the seat of the table leader who keeps the sheet
    (the plan's first seat unless told); ``handed_in``: signed by the players and handed to
    the referee — no change after it without a referee's correction (seed §10)."""

    stake: int = STAKE
    topups: tuple[TopUp, ...] = ()
    final: tuple[int, int, int, int] | None = None
    leader: int = 0
    handed_in: bool = False
    correction: tuple[int, int, int, int] | None = None

    def put_in(self, seat: int) -> int:
        """Everything ``seat`` put on the table: the stake and his top-ups."""
        return self.stake + sum(t.amount for t in self.topups if t.seat == seat)


def results(sheet: MoneySheet, play: Sequence[int] | None = None
            ) -> tuple[int, int, int, int]:
    """Each seat's result before any correction: ``play`` (the deals' money) if the table
    was entered deal by deal, else final − stake − top-ups (MARIAS §7)."""
    if play is not None:
        return (play[0], play[1], play[2], play[3])
    if sheet.final is None:
        return (0, 0, 0, 0)
    r = [sheet.final[s] - sheet.put_in(s) for s in range(4)]
    return (r[0], r[1], r[2], r[3])


def final_money(sheet: MoneySheet | None, play: Sequence[int] | None = None
                ) -> tuple[int, int, int, int] | None:
    """Each seat's money on the table at the end (MARIAS §7): as written on the sheet, or,
    for a table entered deal by deal, settled by the deals — stake + top-ups + the deals'
    money; ``None`` while nothing is entered.

    >>> final_money(MoneySheet(topups=(TopUp(1, 1000),)), (1240, -3000, 3760, -2000))
    (6240, 3000, 8760, 3000)
    >>> final_money(MoneySheet(final=(8000, 2000, 5000, 6000))), final_money(None)
    ((8000, 2000, 5000, 6000), None)
    """
    if play is not None:
        put = sheet or MoneySheet()
        return (put.put_in(0) + play[0], put.put_in(1) + play[1], put.put_in(2) + play[2],
                put.put_in(3) + play[3])
    return sheet.final if sheet is not None else None


def equal_share(res: Sequence[int]) -> tuple[int, int, int, int]:
    """The organiser's correction of a table whose results sum to ``d`` ≠ 0 (seed 002 §10:
    "rozdíl bude připsán a nebo odepsán každému hráči u stolu rovným dílem"): −d spread
    equally over the four seats, to the haléř. The 1–3 haléř that do not divide go one
    each to the best results first when writing off (to the worst first when adding),
    seat order among equal results.

    >>> equal_share((1000, 500, -700, -600))        # +200 over: each −50
    (-50, -50, -50, -50)
    >>> equal_share((1000, 500, -700, -795))        # +5: −1 each, and −1 more from the best
    (-2, -1, -1, -1)
    >>> equal_share((0, 0, 0, -2))                  # 2 short: +1 to the two worst
    (1, 0, 0, 1)
    """
    d = sum(res)
    base, rem = divmod(abs(d), 4)
    if d > 0:  # over: write off from everyone, the remainder from the best results
        order = sorted(range(4), key=lambda s: (-res[s], s))
        out = [-base] * 4
        for s in order[:rem]:
            out[s] -= 1
    else:      # short: add to everyone, the remainder to the worst results
        order = sorted(range(4), key=lambda s: (res[s], s))
        out = [base] * 4
        for s in order[:rem]:
            out[s] += 1
    return (out[0], out[1], out[2], out[3])


def check_sheet(sheet: MoneySheet, where: str) -> None:
    """Refuse what a table sheet cannot hold: a stake other than 50 Kč is allowed (the
    organiser's), but not ≤ 0; a top-up under 10 Kč (seed 002 §3); negative money on the
    table; a correction that does not sum to zero."""
    if sheet.stake <= 0:
        raise _fail(where, Msg("err-mt-stake", "the stake must be more than 0 Kč, not "
                               "{amount} (seed 002 §3)", amount=kc(sheet.stake)))
    for t in sheet.topups:
        if t.seat not in range(4):
            raise _fail(where, Msg("err-mt-topup-seat", "a top-up's seat must be 1–4, not "
                                   "{seat} (seed 002 §3)", seat=t.seat + 1))
        if t.amount < MIN_TOPUP:
            raise _fail(where, Msg("err-mt-topup-min", "a top-up is at least {min} Kč, not "
                                   "{amount} (seed 002 §3)", min=kc(MIN_TOPUP),
                                   amount=kc(t.amount)))
        if t.at is not None and not _TIME.match(t.at):
            raise _fail(where, _bad_time(t.at))
    if sheet.final is not None:
        for s, f in enumerate(sheet.final):
            if f < 0:
                raise _fail(where, Msg("err-mt-negative", "seat {seat} cannot end with "
                                       "{amount} Kč on the table: money on the table is never "
                                       "negative (MARIAS §7)", seat=s + 1, amount=kc(f)))
    if sheet.leader not in range(4):
        raise _fail(where, Msg("err-mt-leader", "the table leader is a seat 1–4, not "
                               "{seat} (seed 002 §3)", seat=sheet.leader + 1))


def table_results(sheet: MoneySheet, play: Sequence[int] | None, where: str
                  ) -> tuple[int, int, int, int]:
    """Each seat's round result with the organiser's correction; refused when they do not
    sum to zero (MARIAS §7, seed 002 §10)."""
    res = results(sheet, play)
    if sheet.correction is not None:
        res = (res[0] + sheet.correction[0], res[1] + sheet.correction[1],
               res[2] + sheet.correction[2], res[3] + sheet.correction[3])
    total = sum(res)
    if total:
        text = ("the table's results sum to {sum} Kč, not 0 — correct the sheet or apply the "
                "organiser's equal-share correction (seed 002 §10)")
        if sheet.correction is not None:
            raise _fail(where, Msg("err-mt-unbalanced-again", "the table's results sum to "
                                   "{sum} Kč, not 0 — the sheet changed after its "
                                   "correction: correct it again (seed 002 §10)",
                                   sum=amount_text(total)))
        raise _fail(where, Msg("err-mt-unbalanced", text, sum=amount_text(total)))
    return res


def _bad_time(at: object) -> Msg:
    return Msg("err-mt-topup-time", "a top-up's time is HH:MM, not {raw} (seed 002 §3)",
               raw=repr(at))


# ------------------------------------------------------------- documents


def sheet_document(sheet: MoneySheet) -> dict[str, Any]:
    """The sheet as stored and written to files (haléř; seats 0–3; defaults left out)."""
    doc: dict[str, Any] = {}
    if sheet.stake != STAKE:
        doc["stake"] = sheet.stake
    if sheet.topups:
        doc["topups"] = [{"seat": t.seat, "amount": t.amount, **({"at": t.at} if t.at else {})}
                         for t in sheet.topups]
    if sheet.final is not None:
        doc["final"] = list(sheet.final)
    if sheet.leader:
        doc["leader"] = sheet.leader
    if sheet.handed_in:
        doc["handed_in"] = True
    if sheet.correction is not None:
        doc["correction"] = list(sheet.correction)
    return doc


SHEET_KEYS = ("stake", "topups", "final", "leader", "handed_in", "correction")


def _whole(v: Any, where: str, key: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise _fail(where, Msg("err-mt-whole", "'{key}' must be a whole number of haléř, "
                               "not {raw} (MARIAS §7)", key=key, raw=repr(v)))
    return v


def _four(v: Any, where: str, key: str) -> tuple[int, int, int, int]:
    if not isinstance(v, list | tuple) or len(v) != 4:
        raise _fail(where, Msg("err-mt-four", "'{key}' must be 4 amounts in haléř by seat, "
                               "not {raw} (MARIAS §7)", key=key, raw=repr(v)))
    a, b, c, d = (_whole(x, where, key) for x in v)
    return (a, b, c, d)


def sheet_of(doc: Mapping[str, Any] | None, where: str = "money", *, lo: int = 0
             ) -> MoneySheet:
    """Read a stored sheet document (seats counted from ``lo``: 0 as stored, 1 in a
    file of ``format = 2``); every problem one line.

    >>> sheet_of({"final": [5000, 5000, 6000, 4000], "topups": [{"seat": 1, "amount": 500}]})
    Traceback (most recent call last):
    ...
    stolik.tournament.model.TournamentError: money: a top-up is at least 10,00 Kč, not 5,00 \
(seed 002 §3)
    """
    if doc is None:
        return MoneySheet()
    if not isinstance(doc, Mapping):
        raise _fail(where, Msg("err-mt-sheet-doc", "the table sheet must be a table of "
                               "{keys}, not {raw} (MARIAS §7)", keys=", ".join(SHEET_KEYS),
                               raw=repr(doc)))
    unknown = sorted(set(doc) - set(SHEET_KEYS))
    if unknown:
        raise _fail(where, Msg("err-mt-unknown-key", "unknown key '{key}' — a table sheet "
                               "has {keys} (MARIAS §7)", key=unknown[0],
                               keys=", ".join(SHEET_KEYS)))
    topups = []
    raw = doc.get("topups", [])
    if not isinstance(raw, list | tuple):
        raise _fail(where, Msg("err-mt-topups-list", "'topups' must be a list of "
                               "{{ seat, amount, at }}, not {raw} (seed 002 §3)",
                               raw=repr(raw)))
    for t in raw:
        if not isinstance(t, Mapping) or set(t) - {"seat", "amount", "at"} or not {
                "seat", "amount"} <= set(t):
            raise _fail(where, Msg("err-mt-topup-doc", "a top-up is {{ seat, amount, at }}, "
                                   "not {raw} (seed 002 §3)", raw=repr(t)))
        at = t.get("at")
        if at is not None and not isinstance(at, str):
            raise _fail(where, _bad_time(at))
        topups.append(TopUp(_whole(t["seat"], where, "seat") - lo,
                            _whole(t["amount"], where, "amount"), at))
    handed = doc.get("handed_in", False)
    if not isinstance(handed, bool):
        raise _fail(where, Msg("err-mt-handed-bool", "'handed_in' must be true or false, "
                               "not {raw} (seed 002 §10)", raw=repr(handed)))
    sheet = MoneySheet(
        stake=_whole(doc.get("stake", STAKE), where, "stake"), topups=tuple(topups),
        final=_four(doc["final"], where, "final") if "final" in doc else None,
        leader=_whole(doc.get("leader", lo), where, "leader") - lo, handed_in=handed,
        correction=_four(doc["correction"], where, "correction")
        if "correction" in doc else None)
    check_sheet(sheet, where)
    return sheet


def person_table_sheet(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A stored sheet document with the seats a person reads, 1–4 (a file of format 2)."""
    out = dict(doc)
    if "leader" in out:
        out["leader"] += 1
    else:
        out["leader"] = 1
    if "topups" in out:
        out["topups"] = [{**t, "seat": t["seat"] + 1} for t in out["topups"]]
    return out
