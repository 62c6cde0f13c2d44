"""Baśka's tournament part (issue 10 §1): score-sheet lines, table scoring with the
penalties, and the ranking rule, as :mod:`stolik.tournament.games` asks for them.

**Score-sheet lines**: one line per deal, settled by the engine's scoring (RULES §5–§8).

A referee who kept only the paper sheet writes each deal as a TOML inline table:

- ``contract``: a contract id of the ruleset (``gran``, ``zolo``, ``gran-du``, ``zolo-du``,
  ``wesele``, ``baszka``, …), ``zwykla`` (plain game) or ``cicha``;
- ``declarer``: the declarer's seat 0–3 (every game but ``zwykla``; the cicha player);
- ``starzy = [a, b]``: the starzy seats of a plain game (instead of ``declarer``);
- ``partner``: the wesele partner's seat (wesele only, required);
- ``level``: accepted doublings, 0 (default) to the contract's maximum (RULES §7);
- ``points``: card points of the declaring side (starzy, weselnicy, the lone player), 0–104;
  required except for du games (where it only serves to spot a 52:52 bok), honours and
  revokes;
- ``tricks``: tricks of the declaring side, 0–4; required for ``zwykla``, ``wesele`` and
  du games, optional otherwise; checked against ``points`` (0 tricks = 0 points, …);
- ``revoke``: the seat a referee found revoking (RULES §8); then points and tricks may be left
  out;
- ``first_double``: ``"opposing"`` (default) or ``"declaring"`` — which side doubled first,
  read only for a doubled 52:52 where the ruleset makes the first doubler lose it
  (``mester-sport``, RULES §5); ``"declaring"`` only where that side may double first
  (RULES §4: ``linia``'s plain game, cicha and wesele).

Bok-rounds (RULES §6) are applied over the table's sequence of lines.

Seats: a line as stored (:func:`parse_line`, :func:`line_document`) numbers them 0–3 like
the engine and the deal records (RULES §11). A person — the referee typing ``sheet add``,
a tournament file of ``format = 2`` — numbers them 1–4 in the seating's order, as the
printed plan does (seat 1 deals first), or names the player by id or name:
:func:`engine_line` turns such a line into the stored one, :func:`person_document` back.

**Table results** (:func:`score_table`): the play (deal records, sheet lines or only the
final ``totals``) gives each seat's table points; then, in this order (amounts from
:class:`~stolik.tournament.model.TournamentRules`):

- **late > 5 min** (§7q): one late player −15 table points, each other +5; two or more late
  players each −15 and nobody gets +5 (the seed's second sentence names no bonus). The
  adjustment is added to the table points before places are decided.
- **late > 10 min** (§7r): the series is over and is not played (the table may hold no deals):
  each such player −4 place points and −120, each other 4 and +40.
- **left after ≥ 10 deals** (§7s): the three who stay get 6, 4, 2 by their table points so far
  (ties share, like RULES §9), the leaver −4 place points; everybody keeps the table points
  recorded so far, the leaver too ("utrzymują zapis punktowy").
- **left before 10 deals**: the others 4 (+40), the leaver −4 (−120); the deals played so far
  do not count (late adjustments still do).
- **excluded** (§7t): scored exactly as leaving after the ``left`` count, plus a yellow card;
  an excluded player may not be seated again in the same tournament. Without a ``left``
  count he was excluded when the series stopped, after the deals the table records.
- **two players gone** (our decision, RULES §10 is silent): the series stops when the first
  one goes, so all who leave (or are excluded) leave after the same deal; each gets the
  leaver's points and the two who stay share 6, 4 (or 4 / +40 each before 10 deals).
- otherwise the ruleset's own place table (RULES §9: pucka-2019 6/4/2/0, mester-sport 5/3/1/0
  plus its positive bonus), ties shared.

The penalty amounts are seed 000's (the Pucka Liga's regulation) under every shipped
ruleset; a league's own ruleset file may set others in its ``[tournament]`` table.

>>> rs = load_ruleset("pucka-2019")
>>> e = TableEntry(("a", "b", "c", "d"), totals=(30, -10, -10, -10), late=(("b", 7),))
>>> r = score_table(rs, TournamentRules(), e, 1, 1)
>>> r.table_points, r.place_points
((35, -25, -5, -5), (6.0, 0.0, 3.0, 3.0))
>>> lines = [parse_line({"contract": "zolo", "declarer": 2, "level": 1, "points": 61}, "x"),
...          parse_line({"contract": "zwykla", "starzy": [0, 2], "points": 70, "tricks": 3}, "x"),
...          parse_line({"contract": "gran-du", "declarer": 1, "tricks": 4}, "x"),
...          parse_line({"contract": "baszka", "declarer": 3}, "x")]
>>> [r.payout for r in settle_sheet(rs, lines)]
[(-10, -10, 30, -10), (1, -1, 1, -1), (-10, 30, -10, -10), (-10, -10, -10, 30)]
>>> line_document(lines[1])
{'contract': 'zwykla', 'starzy': [0, 2], 'points': 70, 'tricks': 3}
>>> table = [("p1", "Ala"), ("p2", "Bo"), ("p3", "Cela"), ("p4", "Darek")]
>>> engine_line({"contract": "wesele", "declarer": 1, "partner": "cela"}, table, "x")
{'contract': 'wesele', 'declarer': 0, 'partner': 2}
>>> person_document(line_document(lines[1]))
{'contract': 'zwykla', 'starzy': [1, 3], 'points': 70, 'tricks': 3}

The lines themselves (reading, writing and settling them) are
:mod:`stolik.games.baska.sheet_lines`, re-exported here; what the part leaves out (the
result as signed points, the ranking by place points then table points, no table sheet
document) is the core's :class:`~stolik.tournament.games.TournamentDefaults`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stolik.errors import RecordError, StolikError
from stolik.games.baska.ruleset import Ruleset, load_ruleset, parse_ruleset
from stolik.games.baska.scoring import DealResult
from stolik.games.baska.sheet_lines import LINE_KEYS as LINE_KEYS
from stolik.games.baska.sheet_lines import SEAT_KEYS as SEAT_KEYS
from stolik.games.baska.sheet_lines import engine_line as engine_line
from stolik.games.baska.sheet_lines import line_document as line_document
from stolik.games.baska.sheet_lines import line_game as line_game
from stolik.games.baska.sheet_lines import parse_line as parse_line
from stolik.games.baska.sheet_lines import person_document as person_document
from stolik.games.baska.sheet_lines import person_seat as person_seat
from stolik.games.baska.sheet_lines import settle_line as settle_line
from stolik.games.baska.sheet_lines import settle_sheet as settle_sheet
from stolik.i18n import Msg, Named, Place
from stolik.series import place_points, shared_places
from stolik.tournament.games import TournamentDefaults
from stolik.tournament.model import (
    Event,
    EventKind,
    SheetLine,
    TableEntry,
    TournamentError,
    TournamentRules,
)
from stolik.tournament.scoring import Source, TableResult

__all__ = [
    "DEFAULT_MINUTES",
    "EVENT_KINDS",
    "LINE_KEYS",
    "SEAT_KEYS",
    "UNIT",
    "check_deals",
    "deal_document",
    "deals_per_round",
    "engine_line",
    "line_document",
    "line_game",
    "load_ruleset",
    "parse_line",
    "parse_ruleset",
    "person_document",
    "person_seat",
    "read_sheet_lines",
    "read_table_sheet",
    "score_table",
    "settle_line",
    "settle_sheet",
    "sheet_line_document",
    "table_entry_play",
    "table_sheet",
    "tournament_rules",
]

EVENT_KINDS = ("late", "left", "excluded", "warning")
"""Late, left, excluded (seed 000 §7q–t); a warning is recorded but scores nothing."""

UNIT = "points"
"""A table's result is table points, with place points (RULES §9)."""

DEFAULT_MINUTES = 40
"""A round's time limit (seed 000 §7p)."""


# ---------------------------------------------------------------- the tournament part


def tournament_rules(rs: Ruleset) -> TournamentRules:
    """The penalty amounts: the ruleset's ``[tournament]`` table, else seed 000's."""
    return rs.tournament


def deals_per_round(rs: Ruleset) -> int:
    """A round is a series of the ruleset's length (RULES §9)."""
    return rs.default_length


def check_deals(rs: Ruleset, kind: str, docs: Sequence[Mapping[str, Any]]) -> None:
    """Refuse a table's deals the engine refuses: sheet lines settled in order, deal
    records replayed (RULES §11). The error's message names the deal."""
    if kind == "sheet":
        lines = [parse_line(dict(d), f"deal {i}") for i, d in enumerate(docs, 1)]
        settle_sheet(rs, lines, "deal")
        return
    # The engine is imported only for deal records: sheet lines settle without it.
    from stolik.games.baska.record import parse_record, replay

    replay(parse_record({"deal": [dict(d) for d in docs]}, ruleset=rs))


def deal_document(kind: str, raw: Mapping[str, Any] | SheetLine) -> dict[str, Any]:
    """A deal as stored: a sheet line with its defaults left out, a record as JSON."""
    if isinstance(raw, SheetLine):
        return line_document(raw)
    if kind == "sheet":
        return line_document(parse_line(dict(raw), "line"))
    return TournamentDefaults.deal_document(kind, raw)


def table_entry_play(kind: str, docs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The table's stored deals as :class:`TableEntry` fields: sheet lines read, deal
    records as they are."""
    if kind == "record" or not docs:
        return TournamentDefaults.table_entry_play(kind, docs)
    return {"sheet": tuple(parse_line(dict(d), f"deal {i}") for i, d in enumerate(docs, 1))}


def table_sheet(doc: Mapping[str, Any] | None) -> None:
    """Baśka keeps no table sheet beside its deals (RULES §10)."""
    if doc is not None:
        raise TournamentError("a Baśka table keeps no money sheet (RULES §10)")


def read_sheet_lines(raw: Sequence[Any], players: Sequence[tuple[str, str]], version: int
                     ) -> tuple[SheetLine, ...]:
    """A tournament file's sheet lines: seats 0–3 (format 1), or 1–4 and players'
    ids or names (format 2)."""
    return tuple(parse_line(x if version == 1 else engine_line(x, players, where), where)
                 for i, x in enumerate(raw, 1) for where in [f"sheet line {i}"])


def sheet_line_document(line: SheetLine) -> dict[str, Any]:
    """A sheet line as a file of format 2 writes it (seats 1–4)."""
    return person_document(line_document(line))


def read_table_sheet(raw: Any, lo: int) -> None:
    """Baśka keeps no money sheet: a table's ``money`` is refused (RULES §10)."""
    raise TournamentError("'money': a Baśka table keeps no money sheet — its play is deal, "
                          "sheet or totals (RULES §10)", rule="")


def _four_i(v: Sequence[int]) -> tuple[int, int, int, int]:
    return (v[0], v[1], v[2], v[3])


def _four_f(v: Sequence[float]) -> tuple[float, float, float, float]:
    return (float(v[0]), float(v[1]), float(v[2]), float(v[3]))


def _play(rs: Ruleset, entry: TableEntry, fail: _Fail
          ) -> tuple[Source, tuple[DealResult, ...], tuple[int, int, int, int]]:
    """The table points from the play, and the deal results (none for ``totals``)."""
    given = [k for k in ("deals", "sheet", "totals") if getattr(entry, k) is not None]
    if len(given) > 1:
        raise fail("", Msg("err-tf-one-play", "a table has one of deal, sheet or totals, not "
                           "{first} and {rest}", first=given[0], rest=" and ".join(given[1:])))
    if entry.deals is not None:
        # The engine is imported only for tables kept as deal records: a score sheet's
        # lines settle without it (``sheet add`` starts at once, issue 9.5).
        from stolik.games.baska.record import parse_record, replay

        try:
            rec = parse_record({"deal": list(entry.deals)}, ruleset=rs)
            if rec.deals[0].dealer != entry.first_dealer:
                raise RecordError(Msg("err-tf-first-deal", "deal 1: dealer {dealer} should be "
                                      "first_dealer {first} (RULES §9)",
                                      dealer=rec.deals[0].dealer, first=entry.first_dealer))
            series = replay(rec)
        except StolikError as e:
            raise fail("deal", e) from None
        return "deals", series.results, series.totals
    if entry.sheet is not None:
        try:
            results = settle_sheet(rs, entry.sheet, "sheet line")
        except TournamentError as e:
            raise fail("", e.message) from None
        totals = [sum(r.payout[s] for r in results) for s in range(4)]
        return "sheet", tuple(results), _four_i(totals)
    if entry.totals is not None:
        if sum(entry.totals) != 0:
            raise fail("totals", Msg("err-tf-totals-sum", "{totals} sum to {sum}, not 0 — "
                                     "every deal sums to zero (RULES §7)",
                                     totals=str(list(entry.totals)), sum=sum(entry.totals)))
        return "totals", (), entry.totals
    return "none", (), (0, 0, 0, 0)


def _after(left: Mapping[str, int]) -> Named:
    """Who left after how many deals (``'a' after 12, 'b' after 14``) in every language."""
    from stolik.i18n import LANGS, tr

    def said(lang: str) -> str:
        return ", ".join(tr(lang, "err-tf-after", code=p, n=n) for p, n in left.items())

    return Named({lang: said(lang) for lang in LANGS}, said("en"))


class _Fail:
    """Builds errors naming the file, round, table and entry."""

    def __init__(self, source: str | None, round: int, table: int) -> None:
        self.source, self.round, self.table = source, round, table

    def __call__(self, entry: str, message: str | StolikError,
                 rule: str = "RULES §10") -> TournamentError:
        text: Any = Msg("err-mt-where", "{where}: {message}", where=Place(entry),
                        message=message) if entry else message
        return TournamentError(text, source=self.source, round=self.round, table=self.table,
                               rule=rule)


def score_table(rs: Ruleset, rules: TournamentRules, entry: TableEntry, round: int,
                table: int, *, source: str | None = None) -> TableResult:
    """Score one table: its play (deals, sheet lines or totals), then the penalties."""
    fail = _Fail(source, round, table)
    seats = entry.seats
    for key, names in (("late", [p for p, _ in entry.late]),
                       ("left", [p for p, _ in entry.left]), ("excluded", entry.excluded)):
        for p in names:
            if p not in seats:
                raise fail(key, Msg("err-st-not-seated", "player '{code}' is not seated at "
                                    "this table", code=p))
    source_kind, results, played = _play(rs, entry, fail)
    left = dict(entry.left)
    for p in entry.excluded:
        if p not in left:
            if source_kind == "totals":
                raise fail("excluded", Msg("err-tf-needs-left", "player '{code}' needs a "
                                           "'left' entry: after how many deals he was "
                                           "excluded — the table holds only totals (seed 000 "
                                           "§7t)", code=p))
            # Excluded when the series stopped: after the deals the table records.
            left[p] = len(results)
    if len(set(left.values())) > 1:
        raise fail("left", Msg("err-tf-left-same", "the series stops when the first player "
                               "leaves, so everybody who leaves leaves after the same deal, "
                               "not {said} (seed 000 §7s)", said=_after(left)))
    events: list[Event] = []
    late_minor = [p for p, m in entry.late if rules.late_minor_minutes < m
                  <= rules.late_major_minutes]
    late_major = [p for p, m in entry.late if m > rules.late_major_minutes]
    minutes = dict(entry.late)

    if late_major:
        if source_kind != "none" or left:
            raise fail("late", Msg("err-tf-late-over", "player '{code}' is {minutes} min "
                                   "late: the series is over and not played, so the table "
                                   "has no deal, sheet, totals or left (seed 000 §7r)",
                                   code=late_major[0], minutes=minutes[late_major[0]]))
        pp = [rules.late_major[0] if p in late_major else rules.late_major_others[0]
              for p in seats]
        tp = [rules.late_major[1] if p in late_major else rules.late_major_others[1]
              for p in seats]
        events = [Event(EventKind.LATE_OVER, p, round, table, minutes[p]) for p in late_major]
        return TableResult(round, table, seats, source_kind, 0, played, _four_i(tp),
                           _four_f(pp), tuple(events), results)
    if source_kind == "none":
        raise fail("", Msg("err-tf-no-play", "the table has no deal, sheet or totals (RULES "
                           "§10)"))

    adjust = [0, 0, 0, 0]
    for p in late_minor:
        adjust[seats.index(p)] += rules.late_minor
    if len(late_minor) == 1:
        for s, p in enumerate(seats):
            if p not in late_minor:
                adjust[s] += rules.late_minor_others
    events.extend(Event(EventKind.LATE, p, round, table, minutes[p]) for p in late_minor)
    tp = [played[s] + adjust[s] for s in range(4)]
    n_deals = len(results)

    if left:
        after = next(iter(left.values()))
        if source_kind != "totals" and after != n_deals:
            leaver = next(iter(left))
            raise fail("left", Msg("err-tf-left-after", "player '{code}' left after {after} "
                                   "deals but the table records {deals} (seed 000 §7s)",
                                   code=leaver, after=after, deals=n_deals))
        n_deals = after
        gone = [seats.index(p) for p in left]
        for p in left:
            kind = (EventKind.EXCLUDED if p in entry.excluded else
                    EventKind.LEFT if after >= rules.min_deals_for_result
                    else EventKind.LEFT_EARLY)
            events.append(Event(kind, p, round, table, after))
        if after >= rules.min_deals_for_result:
            stayers = [s for s in range(4) if s not in gone]
            shares = shared_places([tp[s] for s in stayers], rules.leave_places)
            pp = [0.0] * 4
            for s, share in zip(stayers, shares, strict=True):
                pp[s] = share
            for k in gone:
                pp[k] = rules.leaver_place_points
        else:
            pp = [rules.leave_early_others[0]] * 4
            tp = [rules.leave_early_others[1] + adjust[s] for s in range(4)]
            for k in gone:
                pp[k] = rules.leave_early[0]
                tp[k] = rules.leave_early[1] + adjust[k]
    else:
        pp = place_points(tp, rs.series.place_points,
                          bonus=rs.series.positive_bonus or None)
    return TableResult(round, table, seats, source_kind, n_deals, played, _four_i(tp),
                       _four_f(pp), tuple(events), results)


