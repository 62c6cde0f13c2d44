"""The licitace (LICITOVANY §4.2): the zadák against the forhont, then the prostřední
against the survivor. Of two seats facing each other the later one bids (strictly above
the standing rung, any rung while none stands) or passes (``dobra``); the earlier one holds
the bid (``mam``) or passes. The last seat not out is the aktér, at the won rung.

>>> a = start(forhont=0, prostredni=1, zadak=2)
>>> for call in ["bid 1", "mam", "bid 3", "dobra", "mam", "dobra"]:  # §10's sample
...     kind, _, rung = call.partition(" ")
...     a = after(a, kind, int(rung or 0), prostredni=1)
>>> a.done, a.akter, a.standing
(True, 1, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Auction:
    """A licitace in progress: the ``earlier`` and the ``later`` seat facing each other,
    who speaks, the standing rung (0: none), the stage (1: Z against F, 2: P against the
    survivor); ``akter`` once it is over."""

    earlier: int
    later: int
    speaker: int
    standing: int = 0
    stage: int = 1
    akter: int = -1

    @property
    def done(self) -> bool:
        """Whether the licitace is over."""
        return self.akter >= 0


def start(*, forhont: int, prostredni: int, zadak: int) -> Auction:
    """The zadák speaks first, against the forhont (LICITOVANY §4.2)."""
    return Auction(earlier=forhont, later=zadak, speaker=zadak)


def calls(a: Auction, ladder: tuple[int, ...]) -> list[tuple[str, int]]:
    """What the speaker may say: ``("bid", rung)`` and ``("dobra", 0)`` for the later
    seat, ``("mam", 0)`` and ``("dobra", 0)`` for the earlier."""
    if a.speaker == a.later:
        return [*(("bid", r) for r in ladder if r > a.standing), ("dobra", 0)]
    return [("mam", 0), ("dobra", 0)]


def why_not(a: Auction, kind: str, rung: int, ladder: tuple[int, ...]) -> str | None:
    """Why ``kind`` (``rung``) may not be said now, or ``None`` (LICITOVANY §4.2)."""
    if (kind, rung) in calls(a, ladder):
        return None
    if kind == "mam":
        return "mam is said only by the earlier seat, to hold the later one's bid"
    if kind == "bid" and a.speaker == a.earlier:
        return "the earlier seat holds (mam) or passes (dobra); it does not bid"
    if kind == "bid" and rung not in ladder:
        return f"rung {rung} is not played here"
    if kind == "bid":
        return f"a bid must be above the standing rung {a.standing}"
    return f"{kind} is not a call of the licitace"


def after(a: Auction, kind: str, rung: int, *, prostredni: int) -> Auction:
    """The licitace after the speaker's call (checked by :func:`why_not`)."""
    if kind == "bid":
        return replace(a, standing=rung, speaker=a.earlier)
    if kind == "mam":
        return replace(a, speaker=a.later)
    survivor = a.earlier if a.speaker == a.later else a.later
    if a.stage == 2:
        return replace(a, akter=survivor)
    if survivor == a.earlier:  # the forhont: the prostřední bids against him
        return Auction(earlier=survivor, later=prostredni, speaker=prostredni,
                       standing=a.standing, stage=2)
    return Auction(earlier=prostredni, later=survivor, speaker=prostredni,
                   standing=a.standing, stage=2)
