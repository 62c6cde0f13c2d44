"""A Mariáš tariff as data: ``rulesets/ctyrka.toml`` or a club's own file (MARIAS §6).

Every amount is a whole number of haléř (1 Kč = 100 h), so that no money is ever a float.
A broken file is refused with one line naming the file and the key.

>>> rs = load_ruleset("ctyrka")
>>> rs.hra, rs.sedma, rs.sto, rs.betl, rs.durch, rs.cap, rs.red
(20, 40, 80, 100, 200, 2000, 2)
>>> rs.flek_names[-1], rs.top_level, rs.multiplier(5)
('kalhoty', 5, 32)
>>> parse_ruleset(rs_text().replace("cap = 2000", "cap = -1"), source="klub.toml")
Traceback (most recent call last):
stolik.errors.RulesetError: klub.toml: key 'tariff.cap' must be at least 1, not -1
>>> available_rulesets()
['ctyrka']
>>> load_ruleset("nonesuch")
Traceback (most recent call last):
stolik.errors.RulesetError: unknown Mariáš ruleset 'nonesuch': use ctyrka or the path of \
a ruleset .toml file
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from stolik.i18n import Msg
from stolik.rulesets import ClubRuleset, KeyTable, RulesetShelf, ruleset_head
from stolik.tournament.money_sheet import kc as kc

DEFAULT_RULESET = "ctyrka"

MAX_AMOUNT = 1_000_000
"""The largest tariff amount in haléř (10,000 Kč): keeps every payout small and exact."""

MAX_LEVELS = 8
"""At most eight flek levels (×256): the seed's five (kalhoty ×32) with room to spare."""

_WORD = re.compile(r"[a-z][a-z0-9]*")


@dataclass(frozen=True)
class Ruleset(ClubRuleset):
    """One club's Mariáš tariff and options (MARIAS §4, §6, §8). Money in haléř."""

    id: str
    name: str
    source: str
    hra: int
    sedma: int
    ticha_sedma: int
    sto: int
    betl: int
    durch: int
    red: int
    cap: int
    flek_names: tuple[str, ...]
    sto_threshold: int
    sto_ten: int
    ticha_sto_factor: int
    povinna_free_tens: int
    proti_free_tens: int
    renonc_base: int
    renonc_sto_points: int
    sedma_proti: bool
    partner_sedma: bool
    sto_proti: bool
    voluntary_sto_needs_marriage: bool
    trhak_duty: bool
    no_game_without_re: bool
    betl_open: bool

    @property
    def top_level(self) -> int:
        """The highest flek level (kalhoty = 5 in ``ctyrka``)."""
        return len(self.flek_names)

    @staticmethod
    def multiplier(level: int) -> int:
        """flek = 2^level (MARIAS §6)."""
        return 1 << level

    def level_name(self, level: int) -> str:
        """The word that raises a component to ``level`` (1 = flek)."""
        return self.flek_names[level - 1]


class _Table(KeyTable):
    """One TOML table of a Mariáš tariff: money in haléř."""

    game_name = "Mariáš"

    def int_(self, key: str, default: Any = ..., *, lo: int = 0, hi: int = MAX_AMOUNT) -> int:
        return self.whole(key, default, lo=lo, hi=hi, not_whole=Msg(
            "err-ma-rs-whole", "must be a whole number (haléř for money), not {value!r}",
            value=self.data.get(key, default)))


def parse_ruleset(text: str, *, source: str = "<ruleset>", path: str | None = None) -> Ruleset:
    """Build a :class:`Ruleset` from TOML text; any broken key is one :class:`RulesetError`.

    >>> parse_ruleset(rs_text().replace('"boty", ', ''), source="k.toml").top_level
    4
    >>> parse_ruleset(rs_text().replace("hra = 20", "hra = 0.2"), source="k.toml")
    Traceback (most recent call last):
    stolik.errors.RulesetError: k.toml: key 'tariff.hra' must be a whole number (haléř for \
money), not 0.2
    >>> parse_ruleset(rs_text().replace("betl_open", "betl_opne"), source="k.toml")
    Traceback (most recent call last):
    stolik.errors.RulesetError: k.toml: key 'options.betl_open' is missing (is 'betl_opne' a \
misspelling of it?)
    """
    top, rid, name, src = ruleset_head(_Table, text, source, "marias", "Mariáš")

    t = top.table("tariff")
    hra = t.int_("hra", lo=1)
    sedma = t.int_("sedma", lo=0)
    ticha_sedma = t.int_("ticha_sedma", lo=0)
    sto = t.int_("sto", lo=1)
    betl = t.int_("betl", lo=1)
    durch = t.int_("durch", lo=1)
    red = t.int_("red", lo=1, hi=10)
    cap = t.int_("cap", lo=1)
    t.done()

    f = top.table("fleky")
    names = f.raw("names")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise f.fail("names", Msg("err-ma-rs-names", "must be a list of words, level 1 first "
                                  "(MARIAS §6)"))
    if not 1 <= len(names) <= MAX_LEVELS:
        raise f.fail("names", Msg("err-ma-rs-levels", "must name 1 to {most} levels, not {n}",
                                  most=MAX_LEVELS, n=len(names)))
    for n in names:
        if not _WORD.fullmatch(n) or n in _RESERVED:
            raise f.fail("names", Msg("err-ma-rs-level", "holds {value!r}: a level is one "
                                      "lower-case ASCII word, not one of {words} (MARIAS §11)",
                                      value=n, words=", ".join(sorted(_RESERVED))))
    if len(set(names)) != len(names):
        raise f.fail("names", Msg("err-ma-rs-level-twice", "names a level twice"))
    f.done()

    s = top.table("sto")
    threshold = s.int_("threshold", lo=1, hi=190)
    ten = s.int_("ten", lo=1, hi=100)
    ticha_factor = s.int_("ticha_factor", lo=1, hi=100)
    povinna_free = s.int_("povinna_free_tens", lo=0, hi=19)
    proti_free = s.int_("proti_free_tens", lo=0, hi=19)
    s.done()

    r = top.table("renonc")
    renonc_base = r.int_("base", lo=0)
    renonc_sto_points = r.int_("sto_points", lo=threshold, hi=190)
    r.done()

    o = top.table("options")
    sedma_proti = o.flag("sedma_proti")
    opts = {k: o.flag(k) for k in ("partner_sedma", "sto_proti", "voluntary_sto_needs_marriage",
                                   "trhak_duty", "no_game_without_re", "betl_open")}
    o.done()
    top.done()
    return Ruleset(
        id=rid, name=name, source=src, hra=hra, sedma=sedma, ticha_sedma=ticha_sedma, sto=sto,
        betl=betl, durch=durch, red=red, cap=cap, flek_names=tuple(names),
        sto_threshold=threshold, sto_ten=ten, ticha_sto_factor=ticha_factor,
        povinna_free_tens=povinna_free, proti_free_tens=proti_free, renonc_base=renonc_base,
        renonc_sto_points=renonc_sto_points, sedma_proti=sedma_proti, path=path, **opts,
    )


_SHELF = RulesetShelf("stolik.games.marias", DEFAULT_RULESET, "Mariáš", parse_ruleset)


rs_text = _SHELF.text
"""The text of a shipped ruleset file (the default one for ``None``)."""
available_rulesets = _SHELF.ids
"""Ids of the Mariáš rulesets shipped with stolik."""
load_ruleset = _SHELF.load
"""A shipped ruleset by id (default ``ctyrka``), or a club's file by path."""


_RESERVED = frozenset({"pass", "hra", "sto", "sedma", "betl", "durch", "dobry", "nic",
                       "forgot", "proti"})
"""Words a record already uses for something else (MARIAS §11)."""


def describe(rs: Ruleset) -> str:
    """The ruleset as a club's tariff sheet (what ``stolik rules show ctyrka`` prints).

    >>> print(describe(load_ruleset()).splitlines()[0])
    Mariáš čtyřka s povinnou stovkou [ctyrka]
    """
    red = f" (× {rs.red} v červených)" if rs.red != 1 else ""
    flek = ", ".join(f"{n} ×{rs.multiplier(i + 1)}" for i, n in enumerate(rs.flek_names))
    yes = {True: "ano", False: "ne"}
    lines = [
        f"{rs.name} [{rs.id}]",
        *([f"zdroj: {rs.source}"] if rs.source else []),
        f"Hra (schválená)        {kc(rs.hra)} Kč × flek{red}",
        f"Sedma                  {kc(rs.sedma)} Kč × flek{red}",
        f"Tichá sedma            {kc(rs.ticha_sedma)} Kč{red}, neflekuje se",
        f"Sto (hlášené)          {kc(rs.sto)} Kč × flek × desítky od {rs.sto_threshold}{red}",
        f"Povinná sto prohraná   odečtené desítky: {rs.povinna_free_tens}",
        f"Sto proti prohrané     odečtené desítky: {rs.proti_free_tens}"
        + (" (platí se všechny)" if rs.proti_free_tens == 0 else ""),
        f"Tichá sto              vyflekovaná hra × {rs.ticha_sto_factor} × desítky{red}",
        f"Betl                   {kc(rs.betl)} Kč × flek",
        f"Durch                  {kc(rs.durch)} Kč × flek",
        f"Fleky                  {flek}",
        f"Strop hry              {kc(rs.cap)} Kč od hráče hráči za rozdání",
        f"Renonc                 {kc(rs.renonc_base)} Kč + vyflekovaná hra; při stovce jako "
        f"{rs.renonc_sto_points}; nejvýše strop",
        f"Trhák musí flekovat: {yes[rs.trhak_duty]}; bez re se nehraje: "
        f"{yes[rs.no_game_without_re]}; sto proti: {yes[rs.sto_proti]}; sedma spoluhráče: "
        f"{yes[rs.partner_sedma]}; sedma proti: {yes[rs.sedma_proti]}; otevřený betl: "
        f"{yes[rs.betl_open]}",
    ]
    return "\n".join(lines)
