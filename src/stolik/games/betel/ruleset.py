"""A Betel ruleset as data: ``rulesets/gps-2022.toml`` or a club's own file (BETEL §2–§5).

The contracts in order with their trumps, goals and values, the Betel exemption, the
peeking costs, the kontra factor, every number of the scoring, the all-pass rule and the
end of a match are keys of the file; the engine holds no number of its own. A broken file
is refused with one line naming the file and the key.

>>> rs = load_ruleset("gps-2022")
>>> len(rs.contracts), rs.contracts[0].call, rs.contracts[-1].name
(30, 'betelek-3', 'Szlem bez atu')
>>> rs.peek_one, rs.peek_two, rs.kontra_factor, rs.target
(5, 10, 2, 1000)
>>> [c.call for c in rs.contracts if c.defenders_free]
['betel']
>>> parse_ruleset(rs_text().replace("factor = 2", "factor = 0"), source="klub.toml")
Traceback (most recent call last):
stolik.errors.RulesetError: klub.toml: key 'kontra.factor' must be at least 1, not 0
>>> available_rulesets()
['gps-2022']
>>> load_ruleset("nonesuch")
Traceback (most recent call last):
stolik.errors.RulesetError: unknown Betel ruleset 'nonesuch': use gps-2022 or the path \
of a ruleset .toml file
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from stolik.games.betel.deck import TRICKS
from stolik.i18n import Msg
from stolik.rulesets import (
    ClubRuleset,
    KeyTable,
    RulesetShelf,
    bool_problem,
    key_refusal,
    ruleset_head,
)

DEFAULT_RULESET = "gps-2022"

MAX_POINTS = 100_000
"""The largest number of points any ruleset key may hold: keeps every score small."""

MAX_CONTRACTS = 60

NO_TRUMPS = -1
"""The ``trump`` of a bez-atu contract, of every betelek and of an all-pass deal."""

DENOMINATIONS = ("C", "D", "H", "S", "BA")
"""How a ruleset and a record write trumps: a suit letter, or ``BA`` (bez atu)."""

_CALL = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,23}")
_CALL_DENOMINATION = re.compile(r"(?:[0-9]+|.*-)(BA|C|D|H|S)", re.IGNORECASE)
"""A call written as a level and a denomination (BETEL §6: ``1C``, ``3BA``, ``szlemik-H``):
the denomination it names is its trumps."""
RESERVED = frozenset({"pas", "kontra", "look", "exchange"})
"""Words a record's auction entry uses for something else (BETEL §6)."""


@dataclass(frozen=True)
class Contract:
    """One contract of the ladder (BETEL §2). ``number``: its place, 1 = the lowest;
    ``trump``: a suit 0–3 or :data:`NO_TRUMPS`; the declarer must take at least ``goal``
    tricks, or at most ``goal`` when ``at_most``; ``value``: V (BETEL §5);
    ``defenders_free``: the defenders need not beat (Betel, BETEL §4)."""

    number: int
    call: str
    name: str
    trump: int
    at_most: bool
    goal: int
    value: int
    defenders_free: bool = False

    @property
    def index(self) -> int:
        """The contract's position in :attr:`Ruleset.contracts` (0 = the lowest)."""
        return self.number - 1


@dataclass(frozen=True)
class Ruleset(ClubRuleset):
    """One club's Betel rules (BETEL §2–§5). Points are whole numbers."""

    id: str
    name: str
    source: str
    contracts: tuple[Contract, ...]
    peek_one: int
    peek_two: int
    kontra_factor: int
    overtrick: int
    undertrick: int
    over_limit: int
    all_pass_trick: int
    all_pass_play: bool
    target: int
    minutes: int

    def contract_of(self, word: str) -> Contract | None:
        """The contract a record writes as ``word`` (any case), or None.

        >>> load_ruleset().contract_of("SZLEM-ba").number
        30
        """
        return _by_call(self).get(word.casefold())

    def peek_cost(self, looked: int) -> int:
        """What passing after looking at ``looked`` dubel cards costs (BETEL §3)."""
        return (0, self.peek_one, self.peek_two)[looked]


@cache
def _by_call(rs: Ruleset) -> dict[str, Contract]:
    return {c.call.casefold(): c for c in rs.contracts}


class _Keys(KeyTable):
    """One TOML table of a Betel ruleset file: points are whole numbers."""

    game_name = "Betel"
    cutoff = 0.6

    def number(self, key: str, default: Any = ..., *, lo: int = 0,
               hi: int = MAX_POINTS) -> int:
        return self.whole(key, default, lo=lo, hi=hi)


def _contract(raw: Any, number: int, source: str) -> Contract:
    t = _Keys(raw, f"contracts.{number}", source)
    call = t.line("call", longest=24)
    if not _CALL.fullmatch(call) or call.casefold() in RESERVED:
        raise t.fail("call", Msg("err-be-rs-call", "must be one word of letters, digits and "
                                 "'-' other than {words}, not {value!r} (BETEL §6)",
                                 words=", ".join(sorted(RESERVED)), value=call))
    name = t.line("name", call)
    trumps = t.raw("trumps")
    if trumps not in DENOMINATIONS:
        raise t.fail("trumps", Msg("err-be-rs-trumps", "must be one of {names}, not "
                                   "{value!r} (BETEL §1)", names=", ".join(DENOMINATIONS),
                                   value=trumps))
    if ("at_least" in t.data) == ("at_most" in t.data):
        raise t.fail("at_least", Msg("err-be-rs-goal", "or 'at_most' must be given, one of "
                                     "them: the tricks the declarer must take at least, or "
                                     "may take at most (BETEL §2)"))
    at_most = "at_most" in t.data
    goal = t.number("at_most" if at_most else "at_least", hi=TRICKS)
    if not at_most and goal == 0:
        raise t.fail("at_least", Msg("err-be-rs-needs-none", "must be at least 1, not 0: a "
                                     "contract needing no trick is made before a card is "
                                     "played (BETEL §2)"))
    if at_most and goal == TRICKS:
        raise t.fail("at_most", Msg("err-be-rs-allows-all", "must be at most {most}, not "
                                    "{value}: a betelek allowing every trick cannot fail "
                                    "(BETEL §2)", most=TRICKS - 1, value=goal))
    if at_most and trumps != "BA":
        raise t.fail("trumps", Msg("err-be-rs-betelek-trumps", "must be \"BA\" where "
                                   "'at_most' is given, not {value!r}: every betelek is "
                                   "played without trumps (BETEL §2, §4)", value=trumps))
    value = t.number("value", lo=1)
    free = t.raw("defenders_free", False)
    if problem := bool_problem(free):
        raise t.fail("defenders_free", problem)
    t.done()
    trump = NO_TRUMPS if trumps == "BA" else DENOMINATIONS.index(trumps)
    return Contract(number, call, name, trump, at_most, goal, value, free)


def _check_ladder(contracts: tuple[Contract, ...], source: str) -> None:
    """The ladder's meaning, lowest contract first (BETEL §2, §5, §6): a call written as a
    level and a denomination (``1C``, ``szlem-BA``) is played in those trumps; no contract
    is worth less than the one below it; of one denomination, a higher contract never
    needs fewer tricks (Jeden 6 … Szlem 10); a higher betelek never allows more (Betelek
    3 … 0, Betel 0). The contract refused is the higher of the two.

    >>> rs = rs_text()
    >>> parse_ruleset(rs.replace("at_least = 7, value = 100", "at_least = 5, value = 100"),
    ...               source="k.toml")
    Traceback (most recent call last):
    stolik.errors.RulesetError: k.toml: key 'contracts.10.at_least' is 5, fewer than the 6 \
of '1H' below it in the same trumps: a higher contract never needs fewer tricks (BETEL §2)
    """
    below_value: Contract | None = None
    below_goal: dict[tuple[bool, int], Contract] = {}
    for c in contracts:
        where = f"contracts.{c.number}."
        said = _CALL_DENOMINATION.fullmatch(c.call)
        trumps = "BA" if c.trump == NO_TRUMPS else DENOMINATIONS[c.trump]
        if said and said[1].upper() != trumps:  # "1C" played in hearts, or without trumps
            raise key_refusal(source, f"{where}trumps", Msg(
                "err-be-rs-call-trumps", "must be {said!r}, as its call {call!r} says, not "
                "{value!r} (BETEL §2, §6)", said=said[1].upper(), call=c.call, value=trumps))
        if below_value is not None and c.value < below_value.value:
            raise key_refusal(source, f"{where}value", Msg(
                "err-be-rs-value-down", "is {value}, less than the {below} of {call!r} below "
                "it: a higher contract is never worth less (BETEL §2, §5)", value=c.value,
                below=below_value.value, call=below_value.call))
        below_value = c
        kind = (c.at_most, NO_TRUMPS if c.at_most else c.trump)  # every betelek is bez atu
        b = below_goal.get(kind)
        if b is not None and c.at_most and c.goal > b.goal:
            raise key_refusal(source, f"{where}at_most", Msg(
                "err-be-rs-allows-more", "is {goal}, more than the {below} of {call!r} below "
                "it: a higher betelek never allows more tricks (BETEL §2)", goal=c.goal,
                below=b.goal, call=b.call))
        if b is not None and not c.at_most and c.goal < b.goal:
            raise key_refusal(source, f"{where}at_least", Msg(
                "err-be-rs-needs-fewer", "is {goal}, fewer than the {below} of {call!r} below "
                "it in the same trumps: a higher contract never needs fewer tricks (BETEL §2)",
                goal=c.goal, below=b.goal, call=b.call))
        below_goal[kind] = c


def parse_ruleset(text: str, *, source: str = "<ruleset>", path: str | None = None) -> Ruleset:
    """Build a :class:`Ruleset` from TOML text; any broken key is one :class:`RulesetError`.

    >>> parse_ruleset(rs_text().replace('call = "1C"', 'call = "1c d"'), source="k.toml")
    Traceback (most recent call last):
    stolik.errors.RulesetError: k.toml: key 'contracts.2.call' must be one word of letters, \
digits and '-' other than exchange, kontra, look, pas, not '1c d' (BETEL §6)
    """
    top, rid, name, src = ruleset_head(_Keys, text, source, "betel", "Betel")
    raw = top.raw("contracts")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_CONTRACTS:
        raise top.fail("contracts", Msg("err-be-rs-contracts", "must list 1 to {most} "
                                        "contracts, lowest first (BETEL §2)",
                                        most=MAX_CONTRACTS))
    contracts = tuple(_contract(c, i + 1, source) for i, c in enumerate(raw))
    calls = [c.call.casefold() for c in contracts]
    for c in contracts:
        if calls.count(c.call.casefold()) > 1:
            raise top.fail("contracts", Msg("err-be-rs-twice", "names {call!r} twice "
                                            "(BETEL §2)", call=c.call))
    _check_ladder(contracts, source)
    p = top.table("peeking")
    peek_one, peek_two = p.number("one"), p.number("two")
    p.done()
    k = top.table("kontra")
    factor = k.number("factor", lo=1, hi=100)
    k.done()
    s = top.table("scoring")
    nums = {key: s.number(key) for key in ("overtrick", "undertrick", "over_limit",
                                           "all_pass_trick")}
    s.done()
    a = top.table("auction")
    all_pass = a.raw("all_pass")
    if all_pass not in ("play", "redeal"):
        raise a.fail("all_pass", Msg("err-be-rs-all-pass", "must be \"play\" or \"redeal\", "
                                     "not {value!r} (BETEL §3)", value=all_pass))
    a.done()
    m = top.table("match")
    target = m.number("target", hi=1_000_000)
    minutes = m.number("minutes", hi=24 * 60)
    if target == 0 and minutes == 0:
        raise m.fail("target", Msg("err-be-rs-end", "or 'minutes' must be above 0: a match "
                                   "ends somewhere (BETEL §5)"))
    m.done()
    top.done()
    return Ruleset(id=rid, name=name, source=src, contracts=contracts, peek_one=peek_one,
                   peek_two=peek_two, kontra_factor=factor, all_pass_play=all_pass == "play",
                   target=target, minutes=minutes, path=path, **nums)


_SHELF = RulesetShelf(__package__ or "stolik.games.betel", DEFAULT_RULESET, "Betel",
                      parse_ruleset, clubs=16)
"""A club's file is kept parsed for its text: a bot finds its ruleset by the view's
:attr:`~stolik.games.betel.view.SeatView.ruleset` (the file's path) at each move."""


rs_text = _SHELF.text
"""The text of a shipped ruleset file (the default one for ``None``)."""
available_rulesets = _SHELF.ids
"""Ids of the Betel rulesets shipped with stolik."""
load_ruleset = _SHELF.load
"""A shipped ruleset by id (default ``gps-2022``), or a club's file by path."""


def describe(rs: Ruleset) -> str:
    """The ruleset as a referee reads it (what ``stolik rules show gps-2022`` prints).

    >>> print("\\n".join(describe(load_ruleset()).splitlines()[:4]))
    Betel (GPS) [gps-2022]
    źródło: seed 004 (Betel. Część 3. Licytacja); BETEL.md §2–§5
     #  kontrakt            zapis        atu  lewy    V
     1  Betelek 3           betelek-3    BA   ≤ 3    10
    """
    lines = [f"{rs.name} [{rs.id}]", *([f"źródło: {rs.source}"] if rs.source else []),
             f"{'#':>2}  {'kontrakt':<18}  {'zapis':<11}  atu  lewy {'V':>4}"]
    for c in rs.contracts:
        trumps = "BA" if c.trump == NO_TRUMPS else DENOMINATIONS[c.trump]
        goal = f"{'≤' if c.at_most else '≥'} {c.goal}"
        free = "  (obrońcy nie muszą przebijać)" if c.defenders_free else ""
        lines.append(f"{c.number:>2}  {c.name:<18}  {c.call:<11}  {trumps:<3}  {goal:<4} "
                     f"{c.value:>4}{free}")
    end = (f"do {rs.target} pkt" if rs.target else "") + (
        f"{' lub ' if rs.target else ''}{rs.minutes} min (rozdanie się kończy)"
        if rs.minutes else "")
    lines += [
        f"Ugrany (co najmniej T): +k·(V + {rs.overtrick}·(t − T)); "
        f"nieugrany: −k·(V + {rs.undertrick}·(T − t − 1))",
        f"Betelek / betel ugrany: +k·V; nieugrany: −k·(V + {rs.over_limit}·(t − N − 1))",
        f"Kontra: k = {rs.kontra_factor}; kontrujący ani nie zyskuje, ani nie traci",
        f"Oglądanie dubla i pas: jedna karta −{rs.peek_one}, obie −{rs.peek_two}",
        "Wszyscy pasują: " + (f"gra się bez atu, {rs.all_pass_trick} pkt za lewę"
                              if rs.all_pass_play else "rozdanie bez gry"),
        f"Mecz: {end}; remis na czele — gra toczy się dalej",
    ]
    return "\n".join(lines)
