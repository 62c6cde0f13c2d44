"""Licitovaný mariáš's tournament part (issue 28.5): money tournaments as for čtyřka
(LICITOVANY §6, §8, §9; MARIAS §9–§10), as :mod:`stolik.tournament.games` asks for them.

It states only what differs from Mariáš čtyřka's part (:mod:`stolik.games.marias.tournament`)
and the core (:mod:`stolik.tournament.money`, :mod:`stolik.tournament.money_sheet`):

- **tables of three**, and where the count of players is not a multiple of three the
  fewest tables of four, whose dealer sits each deal out (the pauzírák, §8) and settles
  per the ruleset's ``pauzirak`` (§6) — :func:`table_sizes`; the draw minimises repeat
  meetings (:func:`stolik.tournament.seating.draw_round`);
- a round lasts **40 minutes** at a table of three and **50** at a table of four
  (:func:`table_minutes`, §9);
- a table's sheet holds the licitovaný deal records (§10), replayed by the engine to
  money in haléř, or the final money typed in (final − stake − top-ups); either way the
  table's results sum to zero (money only moves between the players at it);
- players rank by their summed round results, ties by the better **best** round, then
  the better **last** round (:func:`rank_key`); with the ruleset's switch
  ``drop_best_and_worst`` the sum that ranks strikes each player's best and worst round
  (:attr:`~stolik.tournament.model.TournamentRules.drop_best_and_worst`).

>>> table_sizes(7), table_sizes(9), table_sizes(8), table_sizes(5)
((3, 4), (3, 3, 3), (4, 4), (4,))
>>> table_minutes(3), table_minutes(4)
(40, 50)
>>> rank_key(0.0, 100, [300, -200]) > rank_key(0.0, 100, [200, -100])
True

The stake and the least top-up are čtyřka's (50 Kč and 10 Kč, seed 002 §3): LICITOVANY §9
names none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stolik.games.licitovany.ruleset import Ruleset, load_ruleset, parse_ruleset
from stolik.i18n import Msg
from stolik.tournament.games import TournamentDefaults
from stolik.tournament.model import TableEntry, TournamentError, TournamentRules
from stolik.tournament.money import MoneyTournament, first_dealer_refusal
from stolik.tournament.money_sheet import MoneyRules, MoneySheet, kc, money_fail
from stolik.tournament.scoring import TableResult

__all__ = ["DEFAULT_MINUTES", "DEFAULT_ROUNDS", "EVENT_KINDS", "FOUR_MINUTES", "LANGUAGES",
           "MIN_TOPUP", "MONEY", "STAKE", "TABLE_SEATS", "UNIT", "check_deals",
           "deal_document", "deal_money", "deal_text", "load_ruleset", "parse_ruleset",
           "play_money", "rank_key", "score_table", "table_minutes", "table_sizes",
           "tournament_rules"]

UNIT = "haler"
"""A table's result is money in haléř, shown as Kč (LICITOVANY §9: no place points)."""

DEFAULT_MINUTES = 40
"""A round lasts 40 minutes at a table of three (LICITOVANY §9)."""

FOUR_MINUTES = 50
"""A table of four's round lasts 50 minutes (LICITOVANY §9)."""

DEFAULT_ROUNDS = 5
"""Five rounds (LICITOVANY §9)."""

TABLE_SEATS = (3, 4)
"""Tables of three, and of four with the pauzírák (LICITOVANY §8, §9)."""

EVENT_KINDS = ("warning", "excluded")
"""A warning and an exclusion, as at čtyřka's tournaments; no late or leaving penalties:
the table's money is its result (LICITOVANY §9)."""

LANGUAGES = ("cs",)
"""The pages of a licitovaný tournament offer Czech, its players' language."""

STAKE = 5000
"""Each player's stake per round: 50 Kč, as at čtyřka's tournaments (seed 002 §3)."""

MIN_TOPUP = 1000
"""A top-up is at least 10 Kč (seed 002 §3)."""


def table_sizes(players: int) -> tuple[int, ...]:
    """The tables of a round of ``players``: tables of three, and the fewest tables of four
    where the count is not a multiple of three (LICITOVANY §9); five players sit at one
    table of four, one sitting out (no three and four make five).

    >>> [table_sizes(n) for n in (3, 4, 6, 10, 11)]
    [(3,), (4,), (3, 3), (3, 3, 4), (3, 4, 4)]
    >>> table_sizes(2)
    ()
    """
    fours = players % 3
    if 4 * fours > players:
        return (4,) if players >= 4 else ()
    return (3,) * ((players - 4 * fours) // 3) + (4,) * fours


def table_minutes(seats: int, minutes: int = DEFAULT_MINUTES) -> int:
    """A round's length at a table of ``seats`` when the round lasts ``minutes`` (40 by
    default): 10 minutes more at a table of four (40 and 50, LICITOVANY §9). The store
    counts a table's deals by its own limit.

    >>> table_minutes(4, 45), table_minutes(3, 45)
    (55, 45)
    """
    return minutes + (FOUR_MINUTES - DEFAULT_MINUTES if seats == 4 else 0)


def rank_key(place: float, total: int, rounds: Sequence[int]) -> tuple[float, ...]:
    """The sum of the round results, then the better best round, then the better last
    round (LICITOVANY §9).

    >>> rank_key(0.0, 0, [100, -100]) > rank_key(0.0, 0, [-100, 100])   # same best
    False
    >>> rank_key(0.0, 0, [])
    (0.0, 0.0, 0.0)
    """
    best = max(rounds, default=0)
    last = rounds[-1] if rounds else 0
    return (float(total), float(best), float(last))


def tournament_rules(rs: Ruleset) -> TournamentRules:
    """No penalties in points: a player sitting out a round scores 0 Kč; the ranking
    strikes each player's best and worst round when the ruleset says so (LICITOVANY §9)."""
    return TournamentRules(sitting_out=(0.0, 0), drop_best_and_worst=rs.drop_best_and_worst)


def _replayed(rs: Ruleset, docs: Sequence[Mapping[str, Any]], seats: int) -> Any:
    """The table's deal records replayed (LICITOVANY §10): the dealer moves clockwise,
    the pauzírák at four (§8)."""
    from stolik.games.licitovany.record import parse_record, replay

    players = [f"{s + 1}" for s in range(seats)]
    return replay(parse_record({"game": "licitovany", "players": players,
                                "deal": [dict(d) for d in docs]}, ruleset=rs))


def _not_lines() -> TournamentError:
    return money_fail("", Msg("err-mt-not-lines", "a Mariáš table is entered as deal records "
                              "(MARIAS §11) or as final money on its table sheet (MARIAS §7), "
                              "not as score-sheet lines"))


def check_deals(rs: Ruleset, kind: str, docs: Sequence[Mapping[str, Any]]) -> None:
    """Replay a table's deal records (LICITOVANY §10); score-sheet lines are Baśka's:
    refused. The table's size is the first deal's (three hands, or four with the
    pauzírák's empty one)."""
    if kind != "record":
        raise _not_lines()
    if docs:
        hands = docs[0].get("hands")
        _replayed(rs, docs, 4 if isinstance(hands, list) and len(hands) == 4 else 3)


def deal_document(kind: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """A deal record as stored (JSON); score-sheet lines refused."""
    if kind != "record":
        raise _not_lines()
    return TournamentDefaults.deal_document(kind, raw)


def deal_money(result: Any) -> tuple[int, ...]:
    """One replayed deal's money by seat, in haléř (LICITOVANY §6): three seats, or four
    with the pauzírák's.

    >>> from stolik.games.licitovany.record import replay, series_record
    >>> from stolik.games.licitovany.simulate import simulate
    >>> sim = simulate(load_ruleset(), 4, seed=3)
    >>> money = [deal_money(r) for r in replay(series_record(load_ruleset(),
    ...                                                      sim.records)).results]
    >>> [sum(m) for m in money]  # money only moves between the players (LICITOVANY §6)
    [0, 0, 0, 0]
    """
    return tuple(result.payouts)


def deal_text(result: Any) -> str:
    """One replayed deal on the table's sheet: its contract as the record writes it (or how
    it ended: omyl, renonc, an unplayed vyrovnaná sedma) and the money by seat in Kč.

    >>> from stolik.games.licitovany.record import DealResult
    >>> deal_text(DealResult(3, 0, "sedma-cervena", "played", (400, -160, -120, -120),
    ...                      (400, -160, -120, -120)))
    'sedma-cervena → 4,00 -1,60 -1,20 -1,20'
    """
    return f"{result.contract or result.ending} → {' '.join(kc(p) for p in result.payouts)}"


def play_money(rs: Ruleset, entry: TableEntry) -> tuple[int, ...] | None:
    """The money of the table's deals by seat (haléř), or ``None`` when the table is
    entered as final amounts."""
    if not entry.deals:
        return None
    return tuple(_replayed(rs, entry.deals, len(entry.seats)).totals)


MONEY = MoneyTournament(MoneyRules(seats=4, stake=STAKE, min_topup=MIN_TOPUP,
                                   seat_counts=TABLE_SEATS), play_money)
"""A licitovaný table's money sheet: three seats or four, a stake of 50 Kč, top-ups of
10 Kč or more (seed 002 §3)."""


def score_table(rs: Ruleset, rules: TournamentRules, entry: TableEntry, round: int,
                table: int, *, source: str | None = None) -> TableResult:
    """Score a table's round: its deals (each replayed by the engine, the pauzírák's
    money included at four, LICITOVANY §6, §8) or its final money, with the sheet's
    top-ups and correction; the results sum to zero: the core's
    :meth:`~stolik.tournament.money.MoneyTournament.score_table`, the sheet checked for
    the table's size.

    >>> from stolik.tournament.money_sheet import MoneySheet
    >>> entry = TableEntry(("a", "b", "c"), table_sheet=MONEY.rules.sheet(
    ...     final=(6240, 3760, 5000)))
    >>> tr = score_table(load_ruleset(), tournament_rules(load_ruleset()), entry, 1, 1)
    >>> tr.table_points
    (1240, -1240, 0)
    """
    n = len(entry.seats)

    def check(sheet: MoneySheet, where: str) -> None:
        MoneyRules(seats=n, stake=STAKE, min_topup=MIN_TOPUP).check(sheet, where)
        for key in ("final", "correction"):
            amounts = getattr(sheet, key)
            if amounts is not None and len(amounts) != n:
                raise money_fail("money", Msg(
                    "err-lt-by-seat", "'{key}' must be {n} amounts, one for each player at "
                    "the table, not {raw} (LICITOVANY §9)", key=key, n=n,
                    raw=repr(list(amounts))))

    def play(deals: Sequence[Mapping[str, Any]]) -> tuple[tuple[int, ...], tuple[Any, ...]]:
        series = _replayed(rs, deals, n)
        first = series.results[0].dealer if series.results else entry.first_dealer
        if first != entry.first_dealer:
            raise first_dealer_refusal(first, entry.first_dealer)
        return tuple(series.totals), series.results

    return MONEY.score_table(entry, round, table, source=source, check=check, play=play)
