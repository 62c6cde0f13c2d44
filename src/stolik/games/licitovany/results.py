"""The results of a played deal (LICITOVANY §5): which side won each component of the
contract, a sto's tens (n) or falls (pády), tichá sedma and tiché sto — from the deal's
tally of card points, announced hlášky, tricks and the sevens of the last two tricks.

>>> from stolik.games.licitovany.ladder import RUNGS
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> r = judge(rs, RUNGS[4], Tally(80, 10, hlasky=(40, 20), seven_holder=AKTER,
...                              seven_took=True))
>>> [(s.component, s.won, s.count) for s in r.components]   # §6 example 1
[('sto', True, 5), ('sedma', True, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass

from stolik.games.licitovany.ladder import Rung
from stolik.games.licitovany.ruleset import Ruleset

NOBODY, AKTER, DEFENCE = 0, 1, 2
"""Who played the trump 7 to the last trick (:attr:`Tally.seven_holder`)."""

STO = 100
"""A sto needs 100 (LICITOVANY §5); each ten above is one more n, each ten short one pád."""


@dataclass(frozen=True)
class Tally:
    """What a played deal gives the judge (LICITOVANY §5): the aktér's and the defence's
    card points (the last trick's 10 included), the aktér's announced hlášky in the order
    announced, the defence's announced hlášky added up, the aktér's tricks, who played the
    trump 7 to trick 10 and whether it took it, whether the aktér took trick 9 with the
    helper 7 (dvě sedmy)."""

    points: int
    defence_points: int
    hlasky: tuple[int, ...] = ()
    defence_hlasky: int = 0
    tricks: int = 0
    seven_holder: int = NOBODY
    seven_took: bool = False
    helper_seven: bool = False


@dataclass(frozen=True)
class Settled:
    """One component's result: won by the aktér or not; ``count`` is a sto's n (won) or
    pády (lost), or a tiché sto's n where ``tiche`` (the hra paid at the tiché-sto amount,
    LICITOVANY §6); else 1."""

    component: str
    won: bool
    count: int = 1
    tiche: bool = False


@dataclass(frozen=True)
class Result:
    """A deal's results: each component, and the tichá sedma's sign for the aktér (+1 he
    gets it, -1 he pays it, 0 none)."""

    components: tuple[Settled, ...]
    ticha_sedma: int = 0


def settled_components(rs: Ruleset, rung: Rung) -> tuple[str, ...]:
    """The components a contract settles: the rung's, with a hra before a sto when
    ``sto_s_hrou`` (LICITOVANY §5).

    >>> from stolik.games.licitovany.ladder import RUNGS
    >>> from stolik.games.licitovany.ruleset import load_ruleset
    >>> settled_components(load_ruleset(), RUNGS[3])
    ('sto',)
    """
    if rs.sto_s_hrou and rung.has_sto and "hra" not in rung.components:
        return ("hra", *rung.components)
    return rung.components


def tens_over(points: int) -> int:
    """n = 1 + ⌊(P − 100) / 10⌋ (LICITOVANY §6).

    >>> tens_over(140), tens_over(100), tens_over(129)
    (5, 1, 3)
    """
    return 1 + (points - STO) // 10


def counted_hlaska(rs: Ruleset, hlasky: tuple[int, ...]) -> int:
    """The one hláška a sto counts: the highest or the first announced (switch
    ``sto_hlaska``, LICITOVANY §5); 0 without one."""
    if not hlasky:
        return 0
    return max(hlasky) if rs.sto_hlaska == "highest" else hlasky[0]


def _sto(rs: Ruleset, t: Tally) -> Settled:
    x = t.points + counted_hlaska(rs, t.hlasky)
    if t.hlasky and x >= STO:
        return Settled("sto", True, tens_over(t.points + sum(t.hlasky)))
    return Settled("sto", False, (STO - x) // 10 + t.defence_hlasky // 10)


def _hra(rs: Ruleset, rung: Rung, t: Tally) -> Settled:
    mine, theirs = t.points + sum(t.hlasky), t.defence_points + t.defence_hlasky
    won = mine > theirs  # a tie loses (LICITOVANY §5, Decision); it cannot arise
    side = mine if won else theirs
    if rs.tiche_sto and "hra" in rung.components and side >= STO:
        return Settled("hra", won, tens_over(side), tiche=True)
    return Settled("hra", won)


def _sevens(t: Tally) -> bool:
    return t.seven_holder == AKTER and t.seven_took


def judge(rs: Ruleset, rung: Rung, t: Tally) -> Result:
    """Each component of ``rung``'s contract judged on the tally (LICITOVANY §5)."""
    out = []
    for c in settled_components(rs, rung):
        if c == "hra":
            out.append(_hra(rs, rung, t))
        elif c == "sto":
            out.append(_sto(rs, t))
        elif c == "sedma":
            out.append(Settled(c, _sevens(t)))
        elif c == "dve-sedmy":
            out.append(Settled(c, _sevens(t) and t.helper_seven))
        else:
            out.append(Settled(c, t.tricks == (0 if c == "betl" else 10)))
    ticha = 0
    if rs.ticha_sedma and rung.has_sto and not rung.has_sedma and t.seven_holder:
        ticha = 1 if (t.seven_holder == AKTER) == t.seven_took else -1
    return Result(tuple(out), ticha)


def forfeit(rs: Ruleset, rung: Rung, akter_offends: bool) -> Result:
    """The result of a kind ``hra`` renonc (LICITOVANY §7): the offender's side loses every
    component, a sto at n = 1 or pády = 1, no tiché results."""
    return Result(tuple(Settled(c, not akter_offends) for c in settled_components(rs, rung)))
