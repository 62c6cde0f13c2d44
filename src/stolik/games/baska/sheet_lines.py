"""Baśka's score-sheet lines (RULES §5–§8, §11): a deal as a referee writes it on the paper
sheet (:func:`parse_line`, :func:`line_document`), with seats as players' names or
numbers 1–4 (:func:`person_seat`, :func:`engine_line`), and settled by the engine's
scoring (:func:`line_game`, :func:`settle_line`, :func:`settle_sheet`) — a line the rules
cannot give is refused in one line naming it.

Re-exported by :mod:`stolik.games.baska.tournament`, whose docstring describes the line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stolik.games.baska.ruleset import Contract, Ruleset
from stolik.games.baska.scoring import DECLARING, OPPOSING, DealResult, Game, score
from stolik.i18n import Label, Msg, Place
from stolik.tournament.model import SheetLine, TournamentError

LINE_KEYS = ("contract", "declarer", "starzy", "partner", "level", "points", "tricks",
             "revoke", "first_double")

SEAT_KEYS = ("declarer", "partner", "revoke")
"""The keys that name one seat (``starzy`` names two)."""

_MIN_POINTS = (0, 8, 20, 60, 104)
"""Fewest card points a side can hold with 0–4 tricks (a trick holds ≥ 8, four lowest
cards J J J J; two tricks ≥ 8 + 12; three tricks ≥ 20 + 40; four = all 104)."""


def _name(contract: Contract) -> Label:
    """A contract in a message: its id in English, the ruleset's name translated."""
    return Label(contract.id, contract.name.split(" (")[0])


def _fail(where: str, message: str) -> TournamentError:
    """The error of a sheet line at ``where`` (``deal 3``); a :class:`~stolik.i18n.Msg`
    ``message`` keeps its code, so a referee's page says it in his language (issue 9.9)."""
    if isinstance(message, Msg):
        if where:  # no place: the caller names it (``sheet add``'s round and table)
            message = Msg("err-sheet-at", "{where}: {why}", where=Place(where), why=message)
        return TournamentError(message, rule="")
    return TournamentError(f"{where}: {message}" if where else message, rule="")


def _not_table(raw: Any, where: str) -> TournamentError:
    return _fail(where, Msg("err-sheet-not-table", "a sheet line must be an inline table, not "
                            "{value}", value=repr(raw)))


def _seat(v: Any, where: str, key: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v not in range(4):
        raise _fail(where, Msg("err-sheet-seat-engine", "'{key}' must be a seat 0–3, not "
                               "{value} (RULES §11)", key=key, value=repr(v)))
    return v


def _int(v: Any, where: str, key: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise _fail(where, Msg("err-sheet-number", "'{key}' must be a whole number {lo}–{hi}, "
                               "not {value} (RULES §7)", key=key, lo=lo, hi=hi,
                               value=repr(v)))
    return v


def parse_line(raw: Any, where: str) -> SheetLine:
    """Check a line's syntax (``where`` names it in errors: ``round 1, table 2, sheet 5``).
    Ruleset-dependent checks happen in :func:`line_game`."""
    if not isinstance(raw, Mapping):
        raise _not_table(raw, where)
    unknown = sorted(set(raw) - set(LINE_KEYS))
    if unknown:
        raise _fail(where, Msg("err-sheet-unknown-key", "unknown key '{key}' — a sheet line "
                               "has {keys}", key=unknown[0], keys=", ".join(LINE_KEYS)))
    contract = raw.get("contract")
    if not isinstance(contract, str) or not contract:
        raise _fail(where, Msg("err-sheet-contract-id", "'contract' must be a contract id, "
                               "not {value} (RULES §4)", value=repr(contract)))
    starzy = None
    if "starzy" in raw:
        s = raw["starzy"]
        if not isinstance(s, list | tuple) or len(s) != 2:
            raise _fail(where, Msg("err-sheet-starzy-pair", "'starzy' must be two seats, not "
                                   "{value} (RULES §4)", value=repr(s)))
        a, b = (_seat(x, where, "starzy") for x in s)
        if a == b:
            raise _fail(where, Msg("err-sheet-starzy-twice", "'starzy' names seat {seat} "
                                   "twice (RULES §4)", seat=a))
        starzy = (a, b)
    first = raw.get("first_double")
    if first is not None and first not in ("opposing", "declaring"):
        raise _fail(where, Msg("err-sheet-first-side", "'first_double' must be "
                               "\"opposing\" or \"declaring\", not {value} (RULES §5)",
                               value=repr(first)))

    def opt_seat(key: str) -> int | None:
        return _seat(raw[key], where, key) if key in raw else None

    def opt_int(key: str, hi: int) -> int | None:
        return _int(raw[key], where, key, 0, hi) if key in raw else None

    return SheetLine(contract, opt_seat("declarer"), starzy, opt_seat("partner"),
                     _int(raw.get("level", 0), where, "level", 0, 4),
                     opt_int("points", 104), opt_int("tricks", 4), opt_seat("revoke"), first)


def person_seat(value: Any, players: Sequence[tuple[str, str]] | None, where: str,
                key: str) -> int:
    """The engine's seat 0–3 of a seat as a person writes it: 1–4 (the seating's order) or,
    with ``players`` (id, name by seat), a player's id or name (case ignored)."""
    if isinstance(value, str) and value.strip() in ("1", "2", "3", "4"):
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 4:
        return value - 1
    if isinstance(value, str) and players:
        text = value.strip()
        found = [s for s, (pid, _) in enumerate(players) if pid == text]
        if not found:
            low = text.casefold()
            found = [s for s, (pid, name) in enumerate(players)
                     if low in (pid.casefold(), name.casefold())]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise _fail(where, Msg("err-sheet-seat-many", "'{key}' = {value} names {n} "
                                   "players at the table — give the seat 1–4 or the "
                                   "player's id (RULES §10)", key=key, value=repr(value),
                                   n=len(found)))
    if players:
        raise _fail(where, Msg("err-sheet-seat-who", "'{key}' must be a seat 1–4 or a "
                               "player at the table ({ids}), not {value} (RULES §10)",
                               key=key, ids=", ".join(pid for pid, _ in players),
                               value=repr(value)))
    raise _fail(where, Msg("err-sheet-seat-number", "'{key}' must be a seat 1–4, not "
                           "{value} (RULES §10)", key=key, value=repr(value)))


def engine_line(raw: Mapping[str, Any], players: Sequence[tuple[str, str]] | None,
                where: str) -> dict[str, Any]:
    """A line as a person writes it (seats 1–4 or players, see :func:`person_seat`) with
    the engine's seats 0–3, ready for :func:`parse_line`. Other keys pass unchanged."""
    if not isinstance(raw, Mapping):
        raise _not_table(raw, where)
    out = dict(raw)
    for key in SEAT_KEYS:
        if key in out:
            out[key] = person_seat(out[key], players, where, key)
    if "starzy" in out:
        pair = out["starzy"]
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise _fail(where, Msg("err-sheet-starzy-two", "'starzy' must be two seats 1–4 "
                                   "(or players), not {value} (RULES §4)",
                                   value=repr(pair)))
        a, b = (person_seat(x, players, where, "starzy") for x in pair)
        if a == b:
            raise _fail(where, Msg("err-sheet-starzy-twice", "'starzy' names seat {seat} "
                                   "twice (RULES §4)", seat=a + 1))
        out["starzy"] = [a, b]
    return out


def person_document(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A stored line (seats 0–3) with the seats a person reads, 1–4."""
    out = dict(doc)
    for key in SEAT_KEYS:
        if isinstance(out.get(key), int):
            out[key] += 1
    if isinstance(out.get("starzy"), list | tuple):
        out["starzy"] = [s + 1 for s in out["starzy"]]
    return out


def line_document(line: SheetLine) -> dict[str, Any]:
    """The line as the file writes it (defaults left out)."""
    doc: dict[str, Any] = {"contract": line.contract}
    if line.declarer is not None:
        doc["declarer"] = line.declarer
    if line.starzy is not None:
        doc["starzy"] = list(line.starzy)
    if line.partner is not None:
        doc["partner"] = line.partner
    if line.level:
        doc["level"] = line.level
    for key in ("points", "tricks", "revoke", "first_double"):
        if getattr(line, key) is not None:
            doc[key] = getattr(line, key)
    return doc


def line_game(rs: Ruleset, line: SheetLine, where: str) -> tuple[Game, int, int]:
    """The engine's :class:`Game` for a line, with the declaring side's points and tricks.
    Refuses what the ruleset does not allow or what cannot happen."""
    if not rs.has(line.contract):
        known = ", ".join(c.id for c in (rs.zwykla, rs.cicha, *rs.ladder))
        raise _fail(where, Msg("err-sheet-contract", "unknown contract '{contract}' in "
                               "{ruleset} — use one of {known} (RULES §4)",
                               contract=line.contract, ruleset=rs.id, known=known))
    c = rs.contract(line.contract)
    if c.kind == "plain":
        if line.starzy is None or line.declarer is not None:
            raise _fail(where, Msg("err-sheet-plain-starzy", "a plain game (zwykla) names "
                                   "its 'starzy' seats, not a declarer (RULES §4)"))
        team: tuple[int, ...] = tuple(sorted(line.starzy))
        declarer = None
    else:
        if line.starzy is not None:
            raise _fail(where, Msg("err-sheet-no-starzy", "'{contract}' names its "
                                   "'declarer', not 'starzy' — only a plain game (zwykla) "
                                   "has starzy (RULES §4)", contract=_name(c)))
        if line.declarer is None:
            raise _fail(where, Msg("err-sheet-declarer", "'{contract}' needs its "
                                   "'declarer': the seat (or player) who plays it (RULES §4)",
                                   contract=_name(c)))
        declarer = line.declarer
        team = (declarer,)
    if c.kind == "wesele":
        if line.partner is None or line.partner == line.declarer:
            raise _fail(where, Msg("err-sheet-partner", "a wesele names its 'partner', a "
                                   "seat other than the declarer (RULES §4)"))
        team = tuple(sorted((declarer or 0, line.partner)))
    elif line.partner is not None:
        raise _fail(where, Msg("err-sheet-no-partner", "only a wesele has a 'partner', not "
                               "'{contract}' (RULES §4)", contract=_name(c)))
    if line.level > c.max_level:
        raise _fail(where, Msg("err-sheet-level", "'{contract}' may be doubled at most "
                               "{most} times, not level {level} (RULES §7)",
                               contract=_name(c), most=c.max_level, level=line.level))
    if line.first_double is not None and line.level == 0:
        raise _fail(where, Msg("err-sheet-first-double", "'first_double' needs a doubled "
                               "game (level ≥ 1) (RULES §5)"))
    if line.first_double == "declaring" and c.first_double != "any":
        raise _fail(where, Msg("err-sheet-first-opposing", "in {ruleset} the first doubling "
                               "of '{contract}' comes from the opposing side, not the "
                               "declaring one (RULES §4)", ruleset=rs.id, contract=_name(c)))
    points, tricks = line.points, line.tricks
    if line.revoke is None and c.kind != "honour":
        if c.goal == "all-tricks":
            if tricks is None:
                raise _fail(where, Msg("err-sheet-tricks-du", "'{contract}' needs the "
                                       "declarer's 'tricks' (RULES §5)", contract=_name(c)))
        else:
            if points is None:
                raise _fail(where, Msg("err-sheet-points", "'{contract}' needs the "
                                       "declaring side's card 'points' (RULES §5)",
                                       contract=_name(c)))
            if tricks is None and c.kind in ("plain", "wesele"):
                raise _fail(where, Msg("err-sheet-tricks", "'{contract}' needs the "
                                       "declaring side's 'tricks' — they decide bez bitki "
                                       "and the two-trick wyjście (RULES §5)",
                                       contract=_name(c)))
    elif c.kind == "honour" and (points is not None or tricks is not None
                                 or line.revoke is not None):
        raise _fail(where, Msg("err-sheet-honour", "'{contract}' is an honour, settled "
                               "without play: no points, tricks or revoke (RULES §4)",
                               contract=_name(c)))
    if tricks is None:  # only where it does not change the result: any possible count
        pts = points or 0
        found = next((t for t in range(5)
                      if _MIN_POINTS[t] <= pts <= 104 - _MIN_POINTS[4 - t]), None)
        if found is None:
            raise _fail(where, Msg("err-sheet-points-any", "{points} card points cannot be "
                                   "taken in any number of tricks (RULES §1)", points=pts))
        tricks = found
    if points is None:
        points = 104 if tricks == 4 else _MIN_POINTS[tricks]
    if not _MIN_POINTS[tricks] <= points <= 104 - _MIN_POINTS[4 - tricks]:
        raise _fail(where, Msg("err-sheet-points-tricks", "{points} card points cannot be "
                               "taken in {tricks} trick" + ("" if tricks == 1 else "s")
                               + " (RULES §1)", points=points, tricks=tricks))
    first = None
    if line.level:
        first = DECLARING if line.first_double == "declaring" else OPPOSING
    partner = line.partner if c.kind == "wesele" else None
    return Game(c, declarer, team, line.level, first, partner), points, tricks


def settle_line(rs: Ruleset, line: SheetLine, where: str, *, bok_deal: bool = False
                ) -> DealResult:
    """Settle one line with :func:`stolik.games.baska.scoring.score`."""
    game, points, tricks = line_game(rs, line, where)
    other = next(s for s in range(4) if s not in game.team)
    pts = [0, 0, 0, 0]
    trs = [0, 0, 0, 0]
    pts[game.team[0]], trs[game.team[0]] = points, tricks
    pts[other], trs[other] = 104 - points, 4 - tricks
    return score(rs, game, pts, trs, revoke=line.revoke, bok_deal=bok_deal)


def settle_sheet(rs: Ruleset, lines: Sequence[SheetLine], where: str = "sheet"
                 ) -> list[DealResult]:
    """Settle a table's lines in order, doubling bok-round deals (RULES §6)."""
    out: list[DealResult] = []
    pending = 0
    for i, line in enumerate(lines):
        bok = pending > 0
        if bok:
            pending -= 1
        r = settle_line(rs, line, f"{where} {i + 1}", bok_deal=bok)
        if r.tie:
            pending += rs.series.bok_round_deals
        out.append(r)
    return out
