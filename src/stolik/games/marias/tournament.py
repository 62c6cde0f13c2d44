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

The money sheet itself (its values, amounts in Kč, checks and documents) and how it is
changed are the core's money tournament (:mod:`stolik.tournament.money_sheet`,
:mod:`stolik.tournament.money`), made here of a čtyřka table's :data:`MONEY` rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stolik.errors import StolikError
from stolik.games.marias.ruleset import Ruleset, load_ruleset, parse_ruleset
from stolik.i18n import Msg
from stolik.tournament.games import TournamentDefaults
from stolik.tournament.model import TableEntry, TournamentRules
from stolik.tournament.money import MoneyTournament, first_dealer_refusal, rank_key
from stolik.tournament.money_sheet import MoneyRules, MoneySheet, TopUp, amount_text, kc
from stolik.tournament.money_sheet import equal_share as equal_share
from stolik.tournament.money_sheet import money_fail as _fail
from stolik.tournament.scoring import TableResult

__all__ = [
    "DEFAULT_MINUTES",
    "DEFAULT_ROUNDS",
    "EVENT_KINDS",
    "EXCLUSION_NEEDS_WARNING",
    "LANGUAGES",
    "MIN_TOPUP",
    "MONEY",
    "STAKE",
    "UNIT",
    "MoneySheet",
    "TopUp",
    "amount_text",
    "check_deals",
    "check_sheet",
    "deal_document",
    "deal_money",
    "equal_share",
    "kc",
    "load_ruleset",
    "money_change",
    "parse_ruleset",
    "play_money",
    "rank_key",
    "read_sheet_lines",
    "results",
    "score_table",
    "sheet_line_document",
    "sheet_of",
    "table_results",
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

# ------------------------------------------------------------- the tournament part


def tournament_rules(rs: Ruleset) -> TournamentRules:
    """No penalties in points: a player sitting out a round scores 0 Kč (money is only
    won from other players, MARIAS §9)."""
    return TournamentRules(sitting_out=(0.0, 0))


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
    """A deal record as stored (JSON); score-sheet lines refused."""
    if kind != "record":
        check_deals(load_ruleset(), kind, [])
    return TournamentDefaults.deal_document(kind, raw)


def score_table(rs: Ruleset, rules: TournamentRules, entry: TableEntry, round: int,
                table: int, *, source: str | None = None) -> TableResult:
    """Score a table's round: its deals (each settled by the engine) or its final money,
    with the sheet's top-ups and correction; the results sum to zero (MARIAS §7): the
    core's :meth:`~stolik.tournament.money.MoneyTournament.score_table`. The first dealer
    is checked before the dealer order and the replay, and a refusal of the deals is
    said as its English line."""
    def play(deals: Sequence[Mapping[str, Any]]) -> tuple[Sequence[int], tuple[Any, ...]]:
        from stolik.games.marias.record import replay

        rec = _deal_records(rs, deals)
        if rec.deals[0].dealer != entry.first_dealer:
            raise first_dealer_refusal(rec.deals[0].dealer, entry.first_dealer)
        check_deals(rs, "record", deals)
        series = replay(rec)
        return series.totals, series.results

    return MONEY.score_table(entry, round, table, source=source, check=check_sheet,
                             play=play, refusal=_deal_refusal)


def _deal_refusal(e: StolikError) -> str:
    """A refusal of a table's deals as its English line, naming the deal."""
    return str(e) if str(e).startswith("deal") else f"deal {e}"


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


# ------------------------------------------------------------- changing a sheet


def play_money(rs: Ruleset, entry: TableEntry) -> tuple[int, ...] | None:
    """The money of the table's deals by seat (haléř), or ``None`` when the table is
    entered as final amounts."""
    if not entry.deals:
        return None
    from stolik.games.marias.record import replay

    return replay(_deal_records(rs, entry.deals)).totals


MONEY = MoneyTournament(MoneyRules(seats=4, stake=STAKE, min_topup=MIN_TOPUP), play_money)
"""A čtyřka table's money sheet: four seats, a stake of 50 Kč, top-ups of 10 Kč or more
(seed 002 §3)."""

results = MONEY.rules.results
read_sheet_lines = MONEY.read_sheet_lines
sheet_line_document = MONEY.sheet_line_document
check_sheet = MONEY.rules.check
table_results = MONEY.rules.table_results
sheet_of = MONEY.rules.sheet_of
money_change = MONEY.money_change
"""A change of a table sheet (:meth:`~stolik.tournament.money.MoneyTournament.money_change`,
seed 002 §10).

>>> from stolik.tournament.model import TableEntry
>>> change = money_change(final=[6000, 4000, 5000, 5010], spread=True)
>>> s = change(load_ruleset(), TableEntry(("a", "b", "c", "d")))
>>> s.correction, table_results(s, None, "")    # 10 haléř over: −2 each, −1 more × 2
((-3, -2, -2, -3), (997, -1002, -2, 7))
"""
