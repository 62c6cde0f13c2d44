"""Mariáš's tournament part (issue 10 §3): money tournaments (MARIAS §7, §9, §10; seed 002
§1–§3, §10), as :mod:`stolik.tournament.games` asks for them.

A round is played by time (5 rounds of 50 minutes by default, seed §1) at tables of four.
Each table keeps a **table sheet** (stolový lístek, :class:`MoneySheet`) per round: the
stake each player puts in (50 Kč, seed §3), every top-up (at least 10 Kč, with its time),
each player's money on the table at the end, the table leader who writes it, and whether it
was signed and handed in (seed §10). Its play is entered either

- **deal by deal**: Mariáš deal records (MARIAS §11, the same ``[[deal]]`` tables a record
  file holds), each settled by the engine in haléř; the round's result is their sum; or
- **as final amounts**: the money on the table per player (``final``); the result is
  final − stake − top-ups (MARIAS §7).

A table's results must sum to zero (MARIAS §7); a sheet that does not is refused unless the
organiser spreads the difference equally over the table's four players (seed §10,
:func:`equal_share`): the shares are equal to the haléř and the 1–3 haléř that do not
divide by four are written off from the best results first (added to the worst results
first when the table is short), seat order among equal results — so the remainder never
moves a player past another. There are no place points: money is the result (MARIAS §9);
players rank by their summed round results, ties by the better best round, then the better
second best (MARIAS §10, :func:`rank_key`).

All money is whole haléř (``int``), shown as Kč with a comma (:func:`kc`).

>>> s = MoneySheet(final=(8000, 2000, 5000, 6000), topups=(TopUp(1, 1000, "19:40"),))
>>> results(s)                    # final − stake − top-ups
(3000, -4000, 0, 1000)
>>> bad = MoneySheet(final=(8000, 2000, 5000, 5003))
>>> table_results(bad, None, "x")
Traceback (most recent call last):
...
stolik.tournament.model.TournamentError: x: the table's results sum to +0,03 Kč, not 0 — \
correct the sheet or apply the organiser's equal-share correction (seed 002 §10)
>>> equal_share(results(bad))     # 3 haléř over: one each from the three best results
(-1, 0, -1, -1)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from stolik.errors import StolikError
from stolik.games.marias.ruleset import Ruleset, kc, load_ruleset, parse_ruleset
from stolik.i18n import Msg, Place
from stolik.tournament.model import (
    Event,
    EventKind,
    TableEntry,
    TournamentError,
    TournamentRules,
)
from stolik.tournament.scoring import Source, TableResult

__all__ = [
    "DEFAULT_MINUTES",
    "DEFAULT_ROUNDS",
    "EVENT_KINDS",
    "EXCLUSION_NEEDS_WARNING",
    "LANGUAGES",
    "MIN_TOPUP",
    "STAKE",
    "UNIT",
    "MoneySheet",
    "TopUp",
    "amount_text",
    "cash_text",
    "check_deals",
    "deal_document",
    "deal_money",
    "deals_per_round",
    "equal_share",
    "final_money",
    "kc",
    "load_ruleset",
    "money_change",
    "parse_kc",
    "parse_ruleset",
    "person_table_sheet",
    "play_money",
    "rank_key",
    "read_sheet_lines",
    "read_table_sheet",
    "results",
    "score_table",
    "sheet_document",
    "sheet_line_document",
    "sheet_of",
    "table_entry_play",
    "table_results",
    "table_sheet",
    "table_sheet_document",
    "topup",
    "tournament_rules",
]

UNIT = "haler"
"""A table's result is money in haléř, shown as Kč (MARIAS §9: no place points)."""

DEFAULT_MINUTES = 50
"""A round lasts 50 minutes (seed 002 §1); the organiser may change it per round."""

DEFAULT_ROUNDS = 5
"""Five rounds (seed 002 §1)."""

EVENT_KINDS = ("warning", "excluded")
"""A warning, and an exclusion after one (seed 002 §2); no late or leaving penalties: the
table's money is its result (MARIAS §9)."""

LANGUAGES = ("cs",)
"""The pages of a Mariáš tournament offer Czech besides Polish and English: its catalog
is whole for them (:data:`stolik.i18n.CATALOGS`, issue 10 §3)."""

EXCLUSION_NEEDS_WARNING = True
"""A player is excluded only after a warning (seed 002 §2)."""

STAKE = 5000
"""Each player's stake per round: 50 Kč (seed 002 §3)."""

MIN_TOPUP = 1000
"""A top-up is at least 10 Kč (seed 002 §3)."""

_TIME = re.compile(r"^([01]?\d|2[0-3]):[0-5]\d$")
_KC = re.compile(r"^([+-]?)(\d{1,7})(?:[,.](\d{1,2}))?(?:\s*Kč)?$")


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


# ------------------------------------------------------------- the tournament part


def tournament_rules(rs: Ruleset) -> TournamentRules:
    """No penalties in points: a player sitting out a round scores 0 Kč (money is only
    won from other players, MARIAS §9)."""
    return TournamentRules(sitting_out=(0.0, 0))


def deals_per_round(rs: Ruleset) -> int:
    """Rounds go by time, not by a number of deals (MARIAS §9): 0."""
    return 0


def _deal_records(rs: Ruleset, docs: Sequence[Mapping[str, Any]]) -> Any:
    from stolik.games.marias.record import SeriesRecord, parse_record

    rec = parse_record({"game": "marias", "deal": [dict(d) for d in docs]})
    return SeriesRecord(rs, rec.deals)


def check_deals(rs: Ruleset, kind: str, docs: Sequence[Mapping[str, Any]]) -> None:
    """Replay a table's deal records (MARIAS §11); the dealer moves clockwise from deal to
    deal (MARIAS §9). Score-sheet lines are Baśka's: refused."""
    if kind != "record":
        raise _fail("", Msg("err-mt-not-lines", "a Mariáš table is entered as deal records "
                            "(MARIAS §11) or as final money on its table sheet (MARIAS §7), "
                            "not as score-sheet lines"))
    if not docs:
        return
    from stolik.games.marias.record import replay

    rec = _deal_records(rs, docs)
    for i in range(1, len(rec.deals)):
        want = (rec.deals[i - 1].dealer + 1) % 4
        if rec.deals[i].dealer != want:
            raise _fail(f"deal {i + 1}", Msg("err-mt-dealer", "dealer {dealer} should be "
                                             "{want}: the deal moves clockwise (MARIAS §9)",
                                             dealer=rec.deals[i].dealer, want=want))
    replay(rec)


def deal_document(kind: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """A deal record as stored (JSON)."""
    import json

    if kind != "record":
        check_deals(load_ruleset(), kind, [])
    doc: dict[str, Any] = json.loads(json.dumps(dict(raw), default=str))
    return doc


def table_entry_play(kind: str, docs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The table's stored deals as :class:`TableEntry` fields."""
    return {"deals": tuple(dict(d) for d in docs)} if docs else {}


def table_sheet(doc: Mapping[str, Any] | None) -> MoneySheet | None:
    """The table's stolový lístek from its stored document (``None``: nothing written)."""
    return None if doc is None else sheet_of(doc)


def read_sheet_lines(raw: Sequence[Any], players: Sequence[tuple[str, str]], version: int
                     ) -> tuple[Any, ...]:
    """Mariáš has no score-sheet lines: its tables hold deal records or money."""
    raise _fail("sheet", Msg("err-mt-no-lines", "a Mariáš table holds deal records ('deal', "
                             "MARIAS §11) or its table sheet ('money', MARIAS §7), not "
                             "score-sheet lines"))


def sheet_line_document(line: Any) -> dict[str, Any]:
    """Never called: Mariáš has no score-sheet lines."""
    raise _fail("sheet", Msg("err-mt-no-line", "a Mariáš table has no score-sheet lines "
                             "(MARIAS §7)"))


def read_table_sheet(raw: Any, lo: int) -> MoneySheet:
    """A tournament file's ``money`` table (seats counted from ``lo``)."""
    return sheet_of(raw, "money", lo=lo)


def table_sheet_document(sheet: MoneySheet | None) -> dict[str, Any] | None:
    """The stored document of a table sheet (``None``: none)."""
    return None if sheet is None else sheet_document(sheet)


def amount_text(value: int) -> str:
    """Haléř as Kč with a comma, signed: ``+12,40``, ``-3,20``, ``0,00``."""
    return ("+" if value > 0 else "") + kc(value)


def cash_text(value: int) -> str:
    """Money on the table (a stake, a top-up, the final money) in Kč, unsigned.

    >>> cash_text(5000), cash_text(1000)
    ('50,00', '10,00')
    """
    return kc(value)


def rank_key(place: float, total: int, rounds: Sequence[int]) -> tuple[float, ...]:
    """The sum of the round results, then the better best round, then the better second
    best (MARIAS §10).

    >>> rank_key(0.0, 1000, [500, 500, 0]) > rank_key(0.0, 1000, [900, 100, 0])
    False
    """
    best = [*sorted(rounds, reverse=True), 0, 0]
    return (float(total), float(best[0]), float(best[1]))


def score_table(rs: Ruleset, rules: TournamentRules, entry: TableEntry, round: int,
                table: int, *, source: str | None = None) -> TableResult:
    """Score a table's round: its deals (each settled by the engine) or its final money,
    with the sheet's top-ups and correction; the results sum to zero (MARIAS §7)."""
    def fail(message: str) -> TournamentError:
        return TournamentError(message, source=source, round=round, table=table, rule="")

    for key in ("sheet", "totals"):
        if getattr(entry, key) is not None:
            raise fail(Msg("err-mt-where", "{where}: {message}", where=key, message=Msg(
                "err-mt-deals-or-money", "a Mariáš table holds deal records or final money "
                "on its table sheet (MARIAS §7, §11)")))
    if entry.late or any(p not in entry.excluded for p, _ in entry.left):
        raise fail(Msg("err-mt-no-late", "late/left: a Mariáš tournament has no late or "
                       "leaving penalties; the table's money is its result (MARIAS §9)"))
    for p in (*entry.excluded, *entry.warned):
        if p not in entry.seats:
            raise fail(Msg("err-st-not-seated", "player '{code}' is not seated at this table",
                           code=p))
    sheet = entry.table_sheet if isinstance(entry.table_sheet, MoneySheet) else MoneySheet()
    try:
        check_sheet(sheet, "")
    except TournamentError as e:
        raise fail(e.message) from None
    play: tuple[int, int, int, int] | None = None
    deal_results: tuple[Any, ...] = ()
    source_kind: Source = "none"
    if entry.deals:
        if sheet.final is not None:
            raise fail(Msg("err-mt-deals-final", "a table entered deal by deal has no "
                           "'final' amounts — the deals give the money (MARIAS §7)"))
        from stolik.games.marias.record import replay

        try:
            rec = _deal_records(rs, entry.deals)
            if rec.deals[0].dealer != entry.first_dealer:
                raise _fail("deal 1", Msg("err-mt-first-dealer", "dealer {dealer} should be "
                                          "first_dealer {first} (MARIAS §9)",
                                          dealer=rec.deals[0].dealer,
                                          first=entry.first_dealer))
            check_deals(rs, "record", entry.deals)
            series = replay(rec)
        except StolikError as e:
            raise fail(f"deal {e}" if not str(e).startswith("deal") else str(e)) from None
        play, deal_results, source_kind = series.totals, series.results, "deals"
    elif sheet.final is not None:
        source_kind = "totals"
    try:
        res = table_results(sheet, play, "")
    except TournamentError as e:
        raise fail(e.message) from None
    events = [Event(EventKind.WARNING, p, round, table) for p in entry.warned]
    events += [Event(EventKind.EXCLUDED, p, round, table) for p in entry.excluded]
    raw = results(sheet, play)
    return TableResult(round, table, entry.seats, source_kind, len(deal_results), raw, res,
                       (0.0, 0.0, 0.0, 0.0), tuple(events), deal_results, sheet)


def deal_money(result: Any) -> tuple[int, int, int, int]:
    """One settled deal's money by seat, in haléř (MARIAS §6): what each seat won or paid.

    >>> from stolik.games.marias.record import replay, series_record
    >>> from stolik.games.marias.simulate import simulate
    >>> sim = simulate(load_ruleset(), 3, seed=3)
    >>> money = [deal_money(r) for r in replay(series_record(load_ruleset(), sim.records)).results]
    >>> [sum(m) for m in money]  # money only moves between the four players (MARIAS §7)
    [0, 0, 0]
    >>> tuple(map(sum, zip(*money))) == sim.totals
    True
    """
    pay = result.payouts
    return (pay[0], pay[1], pay[2], pay[3])


def topup(seat: int, amount: int, at: str | None = None) -> TopUp:
    """A top-up (checked with the sheet it goes on, seed 002 §3)."""
    return TopUp(seat, amount, at)


def with_final(sheet: MoneySheet, final: Sequence[int]) -> MoneySheet:
    """The sheet with the final money on the table (haléř by seat)."""
    return replace(sheet, final=(final[0], final[1], final[2], final[3]))


# ------------------------------------------------------------- changing a sheet


def play_money(rs: Ruleset, entry: TableEntry) -> tuple[int, int, int, int] | None:
    """The money of the table's deals by seat (haléř), or ``None`` when the table is
    entered as final amounts."""
    if not entry.deals:
        return None
    from stolik.games.marias.record import replay

    totals: tuple[int, int, int, int] = replay(_deal_records(rs, entry.deals)).totals
    return totals


def money_change(*, final: Sequence[int] | None = None, topups: Sequence[TopUp] = (),
                 leader: int | None = None, hand_in: bool = False,
                 spread: bool = False) -> Callable[[Ruleset, TableEntry], MoneySheet]:
    """A change of a table sheet, for :func:`stolik.tournament.store.change_table_sheet`:
    the final money, top-ups added, the leader, the hand-in, and the organiser's
    equal-share correction (``spread``, seed 002 §10). A change of the amounts drops an
    earlier correction (it was made for other amounts; the audit log keeps it): the
    organiser spreads the difference again if the sheet still does not balance.

    >>> from stolik.tournament.model import TableEntry
    >>> e = TableEntry(("a", "b", "c", "d"))
    >>> change = money_change(final=[6000, 4000, 5000, 5010], spread=True)
    >>> s = change(load_ruleset(), e)
    >>> s.correction, table_results(s, None, "")    # 10 haléř over: −2 each, −1 more × 2
    ((-3, -2, -2, -3), (997, -1002, -2, 7))
    """
    def change(rs: Ruleset, entry: TableEntry) -> MoneySheet:
        sheet = entry.table_sheet if isinstance(entry.table_sheet, MoneySheet) else MoneySheet()
        amounts = final is not None or bool(topups)
        if final is not None:
            if entry.deals:
                raise _fail("", Msg("err-mt-by-deals", "the table is entered deal by deal: "
                                    "its money comes from the deals, not from final amounts "
                                    "(MARIAS §7)"))
            sheet = with_final(sheet, final)
        if topups:
            sheet = replace(sheet, topups=sheet.topups + tuple(topups))
        if amounts:
            sheet = replace(sheet, correction=None)
        if leader is not None:
            sheet = replace(sheet, leader=leader)
        check_sheet(sheet, "")
        if spread:
            if sheet.final is None and not entry.deals:
                raise _fail("", Msg("err-mt-spread-nothing", "the table sheet has no final "
                                    "money yet: nothing to spread (MARIAS §7, seed 002 §10)"))
            res = results(replace(sheet, correction=None), play_money(rs, entry))
            if sum(res) == 0:
                raise _fail("", Msg("err-mt-balanced", "the table's results sum to 0: there "
                                    "is no difference to spread (seed 002 §10)"))
            sheet = replace(sheet, correction=equal_share(res))
        if hand_in:
            if sheet.handed_in:
                raise _fail("", Msg("err-mt-handed-twice", "the table sheet is already "
                                    "handed in (seed 002 §10)"))
            if sheet.final is None and not entry.deals:
                raise _fail("", Msg("err-mt-nothing-to-sign", "the table sheet has no final "
                                    "money yet and no deals: nothing to sign (MARIAS §7, "
                                    "seed 002 §10)"))
            sheet = replace(sheet, handed_in=True)
        return sheet

    return change
