"""A licitovaný mariáš ruleset as data: ``rulesets/licitovany.toml`` or a club's own file
(LICITOVANY, head, §2, §4–§9).

The tariff in units, the base (haléřů a unit), the rungs played, the limit and the raised
limit, and every switch of LICITOVANY.md are keys of the file; the engine holds no number of
its own. A broken file is refused in one line naming the file, the key and the rule.

>>> rs = load_ruleset("licitovany")
>>> rs.base_haler, rs.ladder[-1], rs.limit, rs.zvyseny_limit
(20, 12, 500, 750)
>>> rs.tariff.hra, rs.tariff.dve_sedmy, rs.tariff.omyl, rs.max_flek, rs.flek_scope
(1, 40, 6, 4, 'pair')
>>> parse_ruleset(rs_text().replace("limit = 500", "limit = -1"), source="klub.toml")
Traceback (most recent call last):
stolik.errors.RulesetError: klub.toml: key 'limit' must be at least 1, not -1
>>> parse_ruleset(rs_text().replace('pauzirak = "base"', 'pauzirak = "side"'),
...               source="klub.toml")
Traceback (most recent call last):
stolik.errors.RulesetError: klub.toml: key 'switches.pauzirak' may be "side" only with \
flek_scope = "side" (LICITOVANY §6)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

from stolik.errors import RecordError, RulesetError
from stolik.games.licitovany.ladder import RUNGS
from stolik.records import loads_document
from stolik.rulesets import (
    bad_id,
    bool_problem,
    club_ruleset_text,
    document_refusal,
    key_refusal,
    line_problem,
    missing_key,
    not_a_table,
    number_problem,
    other_game,
    shipped_rulesets,
    shipped_text,
    unknown_key,
)

DEFAULT_RULESET = "licitovany"
GAME_ID = "licitovany"
GAME_NAME = "licitovaný mariáš"
PACKAGE = "stolik.games.licitovany"

MAX_UNITS = 100_000
"""The largest amount of units any key may hold: keeps every payout small and exact."""

FLEK_WORDS = ("flek", "re", "tutti", "boty", "kalhoty")
"""The raises to levels 1–5 (LICITOVANY §1); ``max_flek`` says how many a club plays."""

@dataclass(frozen=True)
class Tariff:
    """Units per pair before fleky, red and the limit (LICITOVANY §6)."""

    hra: int
    sedma: int
    sto: int
    betl: int
    durch: int
    dve_sedmy: int
    ticha_sedma: int
    tiche_sto: int
    omyl: int
    pausal1: int
    pausal2: int
    red: int

    def of(self, component: str) -> int:
        """The units of a component as the fleky name it (``dve-sedmy``).

        >>> load_ruleset().tariff.of("dve-sedmy")
        40
        """
        value: int = getattr(self, component.replace("-", "_"))
        return value


@dataclass(frozen=True)
class Ruleset:
    """One club's licitovaný mariáš: its data and switches (LICITOVANY, head). Amounts in
    units of ``base_haler`` haléřů."""

    id: str
    name: str
    source: str
    base_haler: int
    ladder: tuple[int, ...]
    limit: int
    zvyseny_limit: int
    tariff: Tariff
    max_flek: int
    flek_scope: str
    vyrovnana_sedma: bool
    sto_hlaska: str
    sto_s_hrou: bool
    tiche_sto: bool
    ticha_sedma: bool
    tiche_sto_desitky: str
    pauzirak: str
    drop_best_and_worst: bool
    path: str | None = None

    @property
    def ref(self) -> str:
        """What a record's ``ruleset`` key says: the id, or a club file's path."""
        return self.path or self.id

    @property
    def lowest(self) -> int:
        """The lowest rung played: the forhont's when nobody bids, and omyl's (LICITOVANY,
        Decisions: "Lowest rung")."""
        return self.ladder[0]

    def haler(self, units: int) -> int:
        """Units as haléřů.

        >>> load_ruleset().haler(-1070)
        -21400
        """
        return units * self.base_haler


_CHOICES: dict[str, tuple[str, ...]] = {
    "flek_scope": ("pair", "side"),
    "sto_hlaska": ("highest", "first"),
    "tiche_sto_desitky": ("sazba", "hra"),
    "pauzirak": ("base", "none", "side"),
}
"""The switches that choose a word, the default first (LICITOVANY, head)."""

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
"""A ruleset id: letters, digits, ``.``, ``_``, ``-``."""

_BOOLS = ("vyrovnana_sedma", "sto_s_hrou", "tiche_sto", "ticha_sedma", "drop_best_and_worst")

_SECTIONS = {"vyrovnana_sedma": "§4.5", "max_flek": "§4.5", "flek_scope": "§4.5",
             "sto_hlaska": "§5", "sto_s_hrou": "§5", "tiche_sto": "§5", "ticha_sedma": "§5",
             "tiche_sto_desitky": "§6", "pauzirak": "§6", "drop_best_and_worst": "§9"}


def rs_text(ruleset_id: str = DEFAULT_RULESET) -> str:
    """The text of a shipped ruleset file."""
    return shipped_text(PACKAGE, ruleset_id)


def available_rulesets() -> list[str]:
    """Ids of the licitovaný rulesets shipped with stolik.

    >>> available_rulesets()
    ['licitovany']
    """
    return shipped_rulesets(PACKAGE)


@cache
def _load_shipped(ruleset_id: str) -> Ruleset:
    return parse_ruleset(rs_text(ruleset_id), source=f"{ruleset_id}.toml")


def load_ruleset(ref: str | Path | None = None) -> Ruleset:
    """A shipped ruleset by id (default ``licitovany``), or a club's file by path.

    >>> load_ruleset("nonesuch")
    Traceback (most recent call last):
    stolik.errors.RulesetError: unknown licitovaný mariáš ruleset 'nonesuch': use licitovany \
or the path of a ruleset .toml file
    """
    text_ref = DEFAULT_RULESET if ref is None else str(ref)
    shipped = available_rulesets()
    if text_ref in shipped:
        return _load_shipped(text_ref)
    text = club_ruleset_text(text_ref, shipped=shipped, game_name=GAME_NAME)
    return parse_ruleset(text, source=text_ref, path=text_ref)


class _Read:
    """What was read of one table of the file (``where``: its dotted prefix); every
    refusal is ``file: key 'where.key' …``; a key nobody read is refused by :meth:`rest`."""

    def __init__(self, data: object, where: str, source: str) -> None:
        if not isinstance(data, dict):
            raise not_a_table(source, where.rstrip("."))
        self.data: dict[str, Any] = data
        self.where, self.source, self.read = where, source, set[str]()

    def refuse(self, key: str, problem: str) -> RulesetError:
        return key_refusal(self.source, self.where + key, problem)

    def value(self, key: str, default: object = ...) -> Any:
        self.read.add(key)
        if key in self.data:
            return self.data[key]
        if default is ...:
            raise self.refuse(key, missing_key(key, self.data))
        return default

    def checked(self, key: str, problem: str | None) -> None:
        if problem:
            raise self.refuse(key, problem)

    def units(self, key: str, lo: int = 0, hi: int = MAX_UNITS) -> int:
        v = self.value(key)
        self.checked(key, number_problem(v, lo, hi))
        return int(v)

    def rest(self) -> None:
        unknown = sorted(str(k) for k in set(self.data) - self.read)
        if unknown:
            raise self.refuse(unknown[0], unknown_key(unknown[0], self.read, GAME_NAME))


def _ladder(top: _Read) -> tuple[int, ...]:
    raw = top.value("ladder")
    if not isinstance(raw, list) or not raw or not all(
            isinstance(r, int) and not isinstance(r, bool) and r in RUNGS for r in raw) \
            or sorted(set(raw)) != raw:
        raise top.refuse("ladder", f"must list rungs 1 to {len(RUNGS)}, each once, lowest "
                         f"first, not {raw!r} (LICITOVANY §2)")
    return tuple(raw)


def _switches(t: _Read) -> dict[str, Any]:
    out: dict[str, Any] = {"max_flek": t.units("max_flek", 1, len(FLEK_WORDS))}
    for key, allowed in _CHOICES.items():
        v = t.value(key)
        if v not in allowed:
            t.checked(key, f"must be one of {', '.join(map(repr, allowed))}, not {v!r} "
                      f"(LICITOVANY {_SECTIONS[key]})")
        out[key] = v
    for key in _BOOLS:
        out[key] = t.value(key)
        t.checked(key, bool_problem(out[key]))
    if out["pauzirak"] == "side" and out["flek_scope"] != "side":
        t.checked("pauzirak", 'may be "side" only with flek_scope = "side" (LICITOVANY §6)')
    t.rest()
    return out


def parse_ruleset(text: str, *, source: str = "<ruleset>", path: str | None = None) -> Ruleset:
    """Build a :class:`Ruleset` from TOML text; any broken key is one :class:`RulesetError`.

    >>> parse_ruleset(rs_text().replace("max_flek = 4", "max_flek = 5")).max_flek
    5
    >>> parse_ruleset(rs_text().replace("ladder = [1,", "ladder = [2, 1,"), source="k.toml")
    Traceback (most recent call last):
    stolik.errors.RulesetError: k.toml: key 'ladder' must list rungs 1 to 12, each once, \
lowest first, not [2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] (LICITOVANY §2)
    >>> parse_ruleset(rs_text().replace('sto_hlaska = "highest"', 'sto_hlaska = "all"'),
    ...               source="k.toml")
    Traceback (most recent call last):
    stolik.errors.RulesetError: k.toml: key 'switches.sto_hlaska' must be one of 'highest', \
'first', not 'all' (LICITOVANY §5)
    >>> parse_ruleset(rs_text().replace("[switches]", "[switches]\\nmax_fleks = 4"),
    ...               source="k.toml")
    Traceback (most recent call last):
    stolik.errors.RulesetError: k.toml: key 'switches.max_fleks' is not a licitovaný mariáš \
ruleset key — did you mean 'max_flek'?
    """
    try:
        data = loads_document(text, "toml", source=source)
    except RecordError as e:
        raise document_refusal(e) from None
    top = _Read(data, "", source)
    rid = top.value("id")
    top.checked("id", line_problem(rid, 64) or (None if _ID.fullmatch(rid) else bad_id(rid)))
    name = top.value("name", rid)
    top.checked("name", line_problem(name, 200))
    src = top.value("source", "")
    top.checked("source", src and line_problem(src, 500))
    game = top.value("game", GAME_ID)
    if game != GAME_ID:
        top.checked("game", other_game(GAME_ID, GAME_NAME, game))
    base = top.units("base_haler", 1)
    ladder = _ladder(top)
    limit = top.units("limit", 1)
    raised = top.units("zvyseny_limit", limit)
    t = _Read(top.value("tariff"), "tariff.", source)
    tariff = Tariff(**{f.name: t.units(f.name, 1) for f in fields(Tariff)})
    t.rest()
    switches = _switches(_Read(top.value("switches"), "switches.", source))
    top.rest()
    return Ruleset(id=rid, name=name, source=src, base_haler=base, ladder=ladder, limit=limit,
                   zvyseny_limit=raised, tariff=tariff, path=path, **switches)
