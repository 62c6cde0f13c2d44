"""A licitovaný mariáš ruleset as data: ``rulesets/licitovany.toml`` or a club's own file
(LICITOVANY, head, §2, §4–§9).

The tariff in units, the base (haléřů a unit), the rungs played, the limit and the raised
limit, and every switch of LICITOVANY.md are keys of the file; the engine holds no number of
its own. A broken file is refused in one line naming the file, the key and the rule.

>>> available_rulesets()
['licitovany']
>>> rs = load_ruleset("licitovany")
>>> rs.base_haler, rs.ladder[-1], rs.limit, rs.zvyseny_limit
(20, 12, 500, 750)
>>> rs.tariff.hra, rs.tariff.dve_sedmy, rs.tariff.omyl, rs.max_flek, rs.flek_scope
(1, 40, 6, 4, 'pair')
>>> load_ruleset("nonesuch")
Traceback (most recent call last):
stolik.errors.RulesetError: unknown licitovaný mariáš ruleset 'nonesuch': use licitovany \
or the path of a ruleset .toml file
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

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from stolik.games.licitovany.ladder import RUNGS
from stolik.rulesets import ClubRuleset, KeyTable, RulesetShelf, ruleset_head

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
class Ruleset(ClubRuleset):
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

_BOOLS = ("vyrovnana_sedma", "sto_s_hrou", "tiche_sto", "ticha_sedma", "drop_best_and_worst")

_SECTIONS = {"vyrovnana_sedma": "§4.5", "max_flek": "§4.5", "flek_scope": "§4.5",
             "sto_hlaska": "§5", "sto_s_hrou": "§5", "tiche_sto": "§5", "ticha_sedma": "§5",
             "tiche_sto_desitky": "§6", "pauzirak": "§6", "drop_best_and_worst": "§9"}


class _Keys(KeyTable):
    """A table of a licitovaný ruleset file: an unknown key is named as the game's."""

    game_name: ClassVar[str | None] = GAME_NAME

    def choice(self, name: str, allowed: tuple[object, ...]) -> Any:
        """One of ``allowed``; the refusal cites the switch's section."""
        v = self.raw(name)
        if v not in allowed:
            raise self.fail(name, f"must be one of {', '.join(map(repr, allowed))}, not "
                            f"{v!r} (LICITOVANY {_SECTIONS[name]})")
        return v


def _ladder(top: _Keys) -> tuple[int, ...]:
    raw = top.raw("ladder")
    if not isinstance(raw, list) or not raw or not all(
            isinstance(r, int) and not isinstance(r, bool) and r in RUNGS for r in raw) \
            or sorted(set(raw)) != raw:
        raise top.fail("ladder", f"must list rungs 1 to {len(RUNGS)}, each once, lowest "
                         f"first, not {raw!r} (LICITOVANY §2)")
    return tuple(raw)


def _switches(t: _Keys) -> dict[str, Any]:
    out: dict[str, Any] = {"max_flek": t.whole("max_flek", lo=1, hi=len(FLEK_WORDS))}
    out |= {key: t.choice(key, allowed) for key, allowed in _CHOICES.items()}
    out |= {key: t.flag(key) for key in _BOOLS}
    if out["pauzirak"] == "side" and out["flek_scope"] != "side":
        raise t.fail("pauzirak", 'may be "side" only with flek_scope = "side" (LICITOVANY §6)')
    t.done()
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
    top, rid, name, src = ruleset_head(_Keys, text, source, GAME_ID, GAME_NAME)
    base = top.whole("base_haler", lo=1, hi=MAX_UNITS)
    ladder = _ladder(top)
    limit = top.whole("limit", lo=1, hi=MAX_UNITS)
    raised = top.whole("zvyseny_limit", lo=limit, hi=MAX_UNITS)
    t = top.table("tariff")
    tariff = Tariff(**{f.name: t.whole(f.name, lo=1, hi=MAX_UNITS) for f in fields(Tariff)})
    t.done()
    switches = _switches(top.table("switches"))
    top.done()
    return Ruleset(id=rid, name=name, source=src, base_haler=base, ladder=ladder, limit=limit,
                   zvyseny_limit=raised, tariff=tariff, path=path, **switches)


_SHELF = RulesetShelf(PACKAGE, DEFAULT_RULESET, GAME_NAME, parse_ruleset)

rs_text = _SHELF.text
"""The text of a shipped ruleset file."""
available_rulesets = _SHELF.ids
"""Ids of the licitovaný rulesets shipped with stolik (``['licitovany']``)."""
load_ruleset = _SHELF.load
"""A shipped ruleset by id (default ``licitovany``), or a club's file by path; an unknown
id that is no file is one line naming the shipped ids."""
