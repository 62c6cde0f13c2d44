"""The tournament file: TOML (or JSON with the same keys), read, checked and written back
exactly; standings exported as CSV.

```toml
format = 2                      # seats a person writes count 1–4 (see below)
ruleset = "pucka-2019"          # a ruleset id (RULES §9 place table)
name = "Turniej 3"
date = 2026-11-21               # optional; a TOML date, in JSON "2026-11-21"

[[player]]
id = "p1"
name = "Ala Nowak"
team = "Rumia"                  # optional; a team has at most 6 players

[[round]]

[[round.table]]
seats = ["p1", "p2", "p3", "p4"]   # seats 1..4, as the printed plan
first_dealer = 2                   # optional, default 1: the seat dealing first
deal = [ { dealer = 1, hands = [...], auction = [...], play = [...] }, ... ]  # RULES §11, or
sheet = [ { contract = "zolo", declarer = 3, level = 1, points = 61 }, ... ]  # sheet lines, or
totals = [12, -4, 0, -8]           # only the final table points (sum 0)
late = { p3 = 7 }                  # minutes late
left = { p2 = 12 }                 # left after this many deals (all leavers: the same)
excluded = ["p4"]                  # excluded for foul play (yellow card); without a `left`
                                   # count: when the series stopped (deals recorded)

[[round.sitting_out]]
player = "p9"
```

A table whose series is over before it starts (a player more than 10 minutes late) has no
``deal``, ``sheet`` or ``totals``. Sheet lines: :mod:`stolik.tournament.sheet`.

Seats (issue 9.6): in a file of ``format = 2`` (what ``export`` writes) the seats a person
writes — ``first_dealer`` and the sheet lines' ``declarer``, ``starzy``, ``partner``,
``revoke`` — count 1–4 in the order of ``seats``, and a sheet line may name the player by
id or name instead (``declarer = "p3"``). Deal records under ``deal`` keep RULES §11's
0–3 (``dealer = 1`` above is the second seat, the one ``first_dealer = 2`` names). A file
without ``format`` (written before) is format 1: every seat counts 0–3, as it always did.

>>> t = loads_tournament('''
... ruleset = "pucka-2019"
... name = "T"
... [[player]]
... id = "a"
... name = "A"
... [[round]]
... [[round.table]]
... seats = ["a", "b", "c", "d"]
... totals = [1, -1, 0, 0]
... ''')
Traceback (most recent call last):
...
stolik.tournament.model.TournamentError: round 1, table 1, seats: unknown player 'b' (RULES §10)
"""

from __future__ import annotations

import csv
import datetime
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from stolik.errors import RecordError, StolikError
from stolik.i18n import Msg, Place
from stolik.records import (
    Document,
    _toml_value,
    guess_format,
    loads_document,
    read_text_file,
)
from stolik.tournament.games import TournamentGame, game_of_tournament, tournament_game
from stolik.tournament.model import (
    Player,
    Round,
    TableEntry,
    Tournament,
    TournamentError,
)
from stolik.tournament.scoring import score_tournament
from stolik.tournament.standings import Standings

TOP_KEYS = ("format", "game", "ruleset", "name", "date", "player", "round")
FORMAT = 2
"""The format ``export`` writes: seats a person writes count 1–4 (format 1: 0–3)."""
PLAYER_KEYS = ("id", "name", "team")
ROUND_KEYS = ("closed", "table", "sitting_out")
TABLE_KEYS = ("seats", "entered", "first_dealer", "deal", "sheet", "totals", "money", "late",
              "left", "excluded", "warned")
NOT_ENTERED = ("deal", "sheet", "totals", "money")
"""What a table marked ``entered = false`` (drawn, nothing entered yet) cannot hold."""


class _Ctx:
    def __init__(self, source: str | None, round: int | None = None,
                 table: int | None = None) -> None:
        self.source, self.round, self.table = source, round, table

    def fail(self, entry: str, message: str) -> TournamentError:
        """The refusal of ``entry`` (a key of the file; none: the table itself); a
        :class:`~stolik.i18n.Msg` ``message`` is said in the reader's language."""
        text = Msg("err-mt-where", "{where}: {message}", where=Place(entry),
                   message=message) if entry else message
        return TournamentError(text, source=self.source, round=self.round, table=self.table)

    def keys(self, data: Any, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            raise self.fail(what, Msg("err-tf-not-table", "must be a table, not {value}",
                                      value=repr(data)))
        doc = {k: v for k, v in data.items() if v is not None}
        unknown = sorted(set(doc) - set(allowed))
        if unknown:
            raise self.fail(what, Msg("err-tf-unknown-key", "unknown key '{key}' — allowed: "
                                      "{keys}", key=unknown[0], keys=", ".join(allowed)))
        return doc

    def string(self, v: Any, entry: str) -> str:
        if not isinstance(v, str) or not v:
            raise self.fail(entry, Msg("err-tf-string", "must be a non-empty string, not "
                                       "{value}", value=repr(v)))
        return v

    def integer(self, v: Any, entry: str, lo: int | None = None) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo):
            raise self.fail(entry, Msg("err-tf-number", "must be a whole number, not {value}",
                                       value=repr(v)) if lo is None else
                            Msg("err-tf-number-least", "must be a whole number ≥ {lo}, not "
                                "{value}", lo=lo, value=repr(v)))
        return v

    def tables(self, v: Any, entry: str) -> list[Any]:
        if not isinstance(v, list):
            raise self.fail(entry, Msg("err-tf-tables", "must be a list of tables, not "
                                       "{value}", value=repr(v)))
        return v


def _not_bool(v: Any) -> Msg:
    return Msg("err-tf-bool", "must be true or false, not {value}", value=repr(v))


def _date(v: Any, ctx: _Ctx) -> datetime.date | None:
    if v is None:
        return None
    if isinstance(v, datetime.datetime):
        return v.date()
    if isinstance(v, datetime.date):
        return v
    if isinstance(v, str):
        try:
            return datetime.date.fromisoformat(v)
        except ValueError:
            pass
    raise ctx.fail("date", Msg("err-tf-date", "must be a date like 2026-11-21, not {value}",
                               value=repr(v)))


def _by_player(v: Any, ctx: _Ctx, entry: str, lo: int) -> tuple[tuple[str, int], ...]:
    if not isinstance(v, Mapping):
        raise ctx.fail(entry, Msg("err-tf-by-player", "must be an inline table "
                                  "{{ player = number }}, not {value}", value=repr(v)))
    return tuple((str(k), ctx.integer(n, f"{entry}.{k}", lo)) for k, n in v.items())


def _table(data: Any, ctx: _Ctx, part: TournamentGame, version: int = 1,
           names: Mapping[str, str] | None = None) -> TableEntry:
    doc = ctx.keys(data, TABLE_KEYS, "table")
    seats = doc.get("seats")
    sizes = part.TABLE_SEATS  # four; three or four where a game seats three (LICITOVANY §9)
    if (not isinstance(seats, list) or len(seats) not in sizes
            or not all(isinstance(s, str) and s for s in seats)):
        raise ctx.fail("seats", Msg("err-tf-seats", "must be {counts} player ids by seat "
                                    "0..{last}, not {value}", counts=sizes[0],
                                    last=sizes[0] - 1, value=repr(seats))
                       if len(sizes) == 1 else
                       Msg("err-tf-seats-either", "must be {fewer} or {more} player ids by "
                           "seat 0..{last}, not {value}", fewer=min(sizes), more=max(sizes),
                           last=max(sizes) - 1, value=repr(seats)))
    deals = None
    if "deal" in doc:
        raw = ctx.tables(doc["deal"], "deal")
        if not raw or not all(isinstance(d, Mapping) for d in raw):
            raise ctx.fail("deal", Msg("err-tf-deals", "must be a non-empty list of deal "
                                       "records (RULES §11)"))
        deals = tuple(dict(d) for d in raw)
    sheet = None
    if "sheet" in doc:
        raw = ctx.tables(doc["sheet"], "sheet")
        if not raw:
            raise ctx.fail("sheet", Msg("err-tf-sheet-empty", "must list at least one line"))
        players = [(p, (names or {}).get(p, p)) for p in seats]
        try:
            sheet = part.read_sheet_lines(raw, players, version)
        except TournamentError as e:
            raise ctx.fail("", e.message) from None
    table_sheet = None
    if "money" in doc:
        try:
            table_sheet = part.read_table_sheet(doc["money"], 0 if version == 1 else 1)
        except TournamentError as e:
            raise ctx.fail("", e.message) from None
    totals = None
    if "totals" in doc:
        tv = doc["totals"]
        if not isinstance(tv, list) or len(tv) != 4:
            raise ctx.fail("totals", Msg("err-tf-totals", "must be 4 table scores by seat, "
                                         "not {value}", value=repr(tv)))
        ints = [ctx.integer(x, "totals") for x in tv]
        totals = (ints[0], ints[1], ints[2], ints[3])
    excluded = doc.get("excluded", [])
    if not isinstance(excluded, list):
        raise ctx.fail("excluded", Msg("err-tf-ids", "must be a list of player ids, not "
                                       "{value}", value=repr(excluded)))
    warned = doc.get("warned", [])
    if not isinstance(warned, list):
        raise ctx.fail("warned", Msg("err-tf-ids", "must be a list of player ids, not "
                                     "{value}", value=repr(warned)))
    lo = 0 if version == 1 else 1  # format 1 counted seats 0–3, a person counts 1–4
    first = doc.get("first_dealer", lo)
    n = len(seats)
    if not isinstance(first, int) or isinstance(first, bool) or first not in range(lo, lo + n):
        raise ctx.fail("first_dealer", Msg("err-tf-first-dealer", "must be a seat {lo}–{hi}, "
                                           "not {value}", lo=lo, hi=lo + n - 1,
                                           value=repr(first)))
    first -= lo
    entered = doc.get("entered", True)
    if not isinstance(entered, bool):
        raise ctx.fail("entered", _not_bool(entered))
    if not entered and (held := [k for k in NOT_ENTERED if k in doc]):
        raise ctx.fail("entered", Msg("err-tf-not-entered", "a table not entered yet holds "
                                      "only its seats, first dealer and events, not '{key}'",
                                      key=held[0]))
    return TableEntry(
        tuple(seats), first, deals, sheet, totals,
        _by_player(doc.get("late", {}), ctx, "late", 0),
        _by_player(doc.get("left", {}), ctx, "left", 0),
        tuple(ctx.string(x, "excluded") for x in excluded),
        table_sheet=table_sheet, warned=tuple(ctx.string(x, "warned") for x in warned),
        entered=entered)


def parse_tournament(data: Document, *, source: str | None = None,
                     check: bool = True) -> Tournament:
    """Build a tournament from a document; ``check`` also scores it, so that every
    semantic error (unknown players, bad deals, impossible penalties) is raised here."""
    ctx = _Ctx(source)
    doc = ctx.keys(data, TOP_KEYS, "")
    version = doc.get("format", 1)
    if version not in (1, 2) or isinstance(version, bool):
        raise ctx.fail("format", Msg("err-tf-format", "must be 2 (seats 1–4) or 1 (seats "
                                     "0–3, files written before), not {value}",
                                     value=repr(version)))
    ruleset = ctx.string(doc.get("ruleset", "pucka-2019"), "ruleset")
    declared = doc.get("game")
    if declared is not None and not isinstance(declared, str):
        raise ctx.fail("game", Msg("err-tf-game", "must be a game id such as \"marias\", "
                                   "not {value}", value=repr(declared)))
    try:
        gid = game_of_tournament(ruleset, declared)
    except StolikError as e:
        raise ctx.fail("game", e.message if isinstance(e.message, str) else str(e)) from None
    part = tournament_game(gid)
    players = []
    for i, p in enumerate(ctx.tables(doc.get("player", []), "player"), 1):
        pd = ctx.keys(p, PLAYER_KEYS, f"player {i}")
        players.append(Player(ctx.string(pd.get("id"), f"player {i} id"),
                              ctx.string(pd.get("name", pd.get("id")), f"player {i} name"),
                              ctx.string(pd["team"], f"player {i} team")
                              if "team" in pd else None))
    rounds = []
    raw_rounds = ctx.tables(doc.get("round", []), "round")
    if not raw_rounds:
        raise ctx.fail("round", Msg("err-tf-no-round", "the tournament has no [[round]]"))
    for rn, r in enumerate(raw_rounds, 1):
        rctx = _Ctx(source, rn)
        rd = rctx.keys(r, ROUND_KEYS, "round")
        names = {p.id: p.name for p in players}
        tables = tuple(_table(x, _Ctx(source, rn, tn), part, version, names)
                       for tn, x in enumerate(rctx.tables(rd.get("table", []), "table"), 1))
        outs = []
        for x in rctx.tables(rd.get("sitting_out", []), "sitting_out"):
            od = rctx.keys(x, ("player",), "sitting_out")
            outs.append(rctx.string(od.get("player"), "sitting_out player"))
        if not tables:
            raise rctx.fail("table", Msg("err-tf-no-table", "a round has at least one "
                                         "[[round.table]]"))
        closed = rd.get("closed", True)
        if not isinstance(closed, bool):
            raise rctx.fail("closed", _not_bool(closed))
        rounds.append(Round(tables, tuple(outs), closed))
    t = Tournament(ruleset, ctx.string(doc.get("name"), "name"), tuple(players),
                   tuple(rounds), _date(doc.get("date"), ctx), source, gid)
    if check:
        score_tournament(t)
    return t


def loads_tournament(text: str, fmt: str = "toml", *, source: str | None = None
                     ) -> Tournament:
    """Parse tournament text (TOML or JSON)."""
    try:
        doc = loads_document(text, fmt, source=source)
    except RecordError as e:
        raise TournamentError(e.message, source=source, rule="") from None
    return parse_tournament(doc, source=source)


def load_tournament(path: str | Path) -> Tournament:
    """Read a tournament file; every error names the file."""
    source = str(path)
    try:
        text = read_text_file(path)  # bounded: /dev/zero or a huge file is refused unread
    except RecordError as e:
        raise TournamentError(e.message, source=source, rule="") from None
    return loads_tournament(text, guess_format(path, text), source=source)


def _table_doc(t: TableEntry, part: TournamentGame) -> dict[str, Any]:
    doc: dict[str, Any] = {"seats": list(t.seats)}
    if not t.entered:
        doc["entered"] = False
    if t.first_dealer:
        doc["first_dealer"] = t.first_dealer + 1  # format 2: seats 1–4
    if t.deals is not None:
        doc["deal"] = [dict(d) for d in t.deals]
    if t.sheet is not None:
        doc["sheet"] = [part.sheet_line_document(x) for x in t.sheet]
    if t.totals is not None:
        doc["totals"] = list(t.totals)
    money = part.table_sheet_document(t.table_sheet)
    if money is not None:
        doc["money"] = part.person_table_sheet(money)
    if t.late:
        doc["late"] = dict(t.late)
    if t.left:
        doc["left"] = dict(t.left)
    if t.excluded:
        doc["excluded"] = list(t.excluded)
    if t.warned:
        doc["warned"] = list(t.warned)
    return doc


def tournament_document(t: Tournament, *, json_dates: bool = False) -> Document:
    """The tournament as a document (the file's keys); dates as text with ``json_dates``."""
    doc: Document = {"format": FORMAT, "ruleset": t.ruleset, "name": t.name}
    part = tournament_game(t.game)
    if game_of_tournament(t.ruleset) != t.game:  # a league's own file of another game
        doc = {"format": FORMAT, "game": t.game, "ruleset": t.ruleset, "name": t.name}
    if t.date is not None:
        doc["date"] = t.date.isoformat() if json_dates else t.date
    doc["player"] = [{"id": p.id, "name": p.name, **({"team": p.team} if p.team else {})}
                     for p in t.players]
    rounds = []
    for r in t.rounds:
        rd: dict[str, Any] = {} if r.closed else {"closed": False}
        rd["table"] = [_table_doc(x, part) for x in r.tables]
        if r.sitting_out:
            rd["sitting_out"] = [{"player": p} for p in r.sitting_out]
        rounds.append(rd)
    doc["round"] = rounds
    return doc


def _value(v: Any) -> str:
    if isinstance(v, datetime.date):
        return v.isoformat()
    return _toml_value(v)


def _long_list(key: str, items: list[Any]) -> list[str]:
    return [f"{key} = ["] + [f"  {_value(x)}," for x in items] + ["]"]


def dumps_tournament(t: Tournament, fmt: str = "toml") -> str:
    """The tournament as TOML (default) or JSON text; reading it back gives ``t``.

    >>> from stolik.tournament.model import Player, Round, TableEntry, Tournament
    >>> t = Tournament("pucka-2019", "T", tuple(Player(p, p.upper()) for p in "abcd"),
    ...                (Round((TableEntry(("a", "b", "c", "d"), totals=(4, -4, 0, 0)),)),))
    >>> print(dumps_tournament(t))
    format = 2
    ruleset = "pucka-2019"
    name = "T"
    <BLANKLINE>
    [[player]]
    id = "a"
    name = "A"
    <BLANKLINE>
    [[player]]
    id = "b"
    name = "B"
    <BLANKLINE>
    [[player]]
    id = "c"
    name = "C"
    <BLANKLINE>
    [[player]]
    id = "d"
    name = "D"
    <BLANKLINE>
    [[round]]
    <BLANKLINE>
    [[round.table]]
    seats = ["a", "b", "c", "d"]
    totals = [4, -4, 0, 0]
    <BLANKLINE>
    >>> loads_tournament(dumps_tournament(t)) == t
    True
    """
    if fmt == "json":
        return json.dumps(tournament_document(t, json_dates=True), ensure_ascii=False,
                          indent=1) + "\n"
    doc = tournament_document(t)
    lines = [f"{k} = {_value(doc[k])}" for k in ("format", "game", "ruleset", "name", "date")
             if k in doc]
    for p in doc["player"]:
        lines += ["", "[[player]]", *(f"{k} = {_value(v)}" for k, v in p.items())]
    for r in doc["round"]:
        lines += ["", "[[round]]", *(["closed = false"] if "closed" in r else [])]
        for tb in r["table"]:
            lines += ["", "[[round.table]]"]
            for k, v in tb.items():
                if k in ("deal", "sheet"):
                    lines += _long_list(k, v)
                else:
                    lines.append(f"{k} = {_value(v)}")
        for o in r.get("sitting_out", []):
            lines += ["", "[[round.sitting_out]]", f"player = {_value(o['player'])}"]
    return "\n".join(lines) + "\n"


def write_csv(standings: Standings, folder: str | Path) -> tuple[Path, Path]:
    """Write ``players.csv`` (rank, id, name, team, place_points, table_points, played) and
    ``teams.csv`` (rank, team, score, table_points, counted) into ``folder``. A money
    tournament's ``players.csv`` (MARIAS §10) has rank, id, name, team, ``kc`` (the sum as
    Kč with a comma, ``12,40``), ``haler`` (the same in whole haléř), ``rounds_kc`` (each
    round's result), played and excluded."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    players, teams = out / "players.csv", out / "teams.csv"
    with players.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        if standings.unit != "points":
            w.writerow(["rank", "id", "name", "team", "kc", "haler", "rounds_kc", "played",
                        "excluded"])
            for p in standings.players:
                w.writerow([p.rank, p.id, p.name, p.team or "",
                            standings.amount(p.table_points).lstrip("+"), p.table_points,
                            " ".join(standings.amount(x) for x in p.rounds), p.played,
                            "yes" if p.excluded else ""])
        else:
            w.writerow(["rank", "id", "name", "team", "place_points", "table_points",
                        "played"])
            for p in standings.players:
                w.writerow([p.rank, p.id, p.name, p.team or "", _num(p.place_points),
                            p.table_points, p.played])
    with teams.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["rank", "team", "score", "table_points", "counted"])
        for t in standings.teams:
            w.writerow([t.rank, t.team, _num(t.score), t.table_points, " ".join(t.counted)])
    return players, teams


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.4f}".rstrip("0")
