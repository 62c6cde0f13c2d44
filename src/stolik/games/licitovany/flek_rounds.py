"""The fleky, round by round (LICITOVANY §4.5): round 1 each defender (``flek``), round 2
the aktér (``re``), round 3 each defender with a level at 2 (``tutti``), round 4 the aktér
(``boty``), round 5 with ``max_flek = 5`` each defender with a level at 4 (``kalhoty``). One
raises only what the other side raised in the round before; the fleky end after a round
without a raise, when the next round has nobody to speak, or after round ``max_flek``.
Levels are kept per pair (``flek_scope = "pair"``) or for the defence (``"side"``).

>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> r = begin(akter=0, defenders=(1, 2))
>>> options(rs, r, ("hra", "sedma"))
[('hra', 1), ('sedma', 1)]
>>> r = after(rs, r, (("hra", 1), ("sedma", 1)))       # §6 example 2
>>> r = after(rs, r, ())
>>> r.speakers, options(rs, r, ("hra", "sedma"))
((0,), [('hra', 1), ('sedma', 1)])
>>> r = after(rs, after(rs, r, (("sedma", 1),)), ())
>>> r.done, r.fleky.level("sedma", 1), r.fleky.level("hra", 1), sorted(r.fleky.raisers)
(True, 2, 1, [1])
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from stolik.games.licitovany.money import SIDE, Fleky
from stolik.games.licitovany.ruleset import FLEK_WORDS, Ruleset


@dataclass(frozen=True)
class Rounds:
    """The fleky in progress: the round (1 = flek), who is still to speak in it, the
    levels so far, whether anyone raised in this round and what the first defender raised
    in it (``"side"``: not raised again by the second)."""

    akter: int
    defenders: tuple[int, int]
    round: int = 1
    speakers: tuple[int, ...] = ()
    fleky: Fleky = field(default_factory=Fleky)
    raised: tuple[tuple[str, int], ...] = ()

    @property
    def done(self) -> bool:
        """Whether the fleky are over."""
        return not self.speakers

    @property
    def word(self) -> str:
        """The raise of this round: flek, re, tutti, boty, kalhoty."""
        return FLEK_WORDS[self.round - 1]


def begin(*, akter: int, defenders: tuple[int, int]) -> Rounds:
    """Round 1: each defender in playing order from the seat after the aktér."""
    return Rounds(akter, defenders, speakers=defenders)


def _key(rs: Ruleset, seat: int) -> int:
    return SIDE if rs.flek_scope == "side" else seat


def options(rs: Ruleset, r: Rounds, components: tuple[str, ...]) -> list[tuple[str, int]]:
    """What the speaker may raise: ``(component, seat)`` (or ``SIDE``) at the level below
    this round's; under ``"side"`` not what the first defender raised in this round."""
    seat = r.speakers[0]
    pairs = [_key(rs, seat)] if seat != r.akter else \
        sorted({_key(rs, d) for d in r.defenders})
    return [(c, p) for p in pairs for c in components
            if r.fleky.level(c, p) == r.round - 1 and (c, p) not in r.raised]


def _speakers(rs: Ruleset, r: Rounds, next_round: int) -> tuple[int, ...]:
    if next_round > rs.max_flek:
        return ()
    level = next_round - 1
    if next_round % 2 == 0:
        return (r.akter,) if any(v == level for _, _, v in r.fleky.levels) else ()
    return tuple(d for d in r.defenders
                 if any(v == level and s == _key(rs, d) for _, s, v in r.fleky.levels))


def after(rs: Ruleset, r: Rounds, raises: tuple[tuple[str, int], ...]) -> Rounds:
    """The fleky after the speaker raises ``raises`` (empty: ``dobra``), which
    :func:`options` allowed."""
    seat = r.speakers[0]
    levels = {(c, s): v for c, s, v in r.fleky.levels}
    for key in raises:
        levels[key] = r.round
    raisers = r.fleky.raisers | ({seat} if raises and seat != r.akter else set())
    fleky = Fleky.of(levels, raisers)
    now = replace(r, speakers=r.speakers[1:], fleky=fleky, raised=r.raised + raises)
    if now.speakers:
        return now
    if not now.raised:  # a round without a raise ends the fleky
        return replace(now, speakers=())
    return replace(now, round=r.round + 1, raised=(),
                   speakers=_speakers(rs, now, r.round + 1))
