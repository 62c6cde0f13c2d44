"""The ladder of contracts (závazky) of licitovaný mariáš: twelve rungs, lowest first, each
with the components it settles and the trumps it takes (LICITOVANY §2).

A club plays the rungs its ruleset's ``ladder`` lists; what each rung is stays the spec's.

>>> RUNGS[4].word, RUNGS[4].components, RUNGS[4].red
('sto-a-sedma', ('sto', 'sedma'), False)
>>> [r.number for r in RUNGS.values() if r.red]
[2, 5, 6, 11, 12]
>>> rung_of_word("DVE-SEDMY-a-sto").number
10
>>> rung_of_word("hra") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Trumps = Literal["suit", "hearts", "none"]
"""What a rung's contract names: a suit other than hearts, hearts, or no trumps."""

COMPONENTS = ("hra", "sedma", "sto", "betl", "durch", "dve-sedmy")
"""The components a contract settles and the fleky name (LICITOVANY §10)."""


@dataclass(frozen=True)
class Rung:
    """One rung of the ladder (LICITOVANY §2): its number (1 = the lowest), its record
    word, the components it settles (tichá sedma and tiché sto aside), its trumps and
    whether it names a helper suit (dvě sedmy)."""

    number: int
    word: str
    components: tuple[str, ...]
    trumps: Trumps
    helper: bool = False

    @property
    def red(self) -> bool:
        """Hearts trumps: every amount × red (LICITOVANY §6)."""
        return self.trumps == "hearts"

    @property
    def closed(self) -> bool:
        """Betl or durch: no trumps, the betl order, the aktér leads (LICITOVANY §3)."""
        return self.trumps == "none"

    @property
    def has_sedma(self) -> bool:
        """An announced trump seven (sedma, or dvě sedmy's)."""
        return "sedma" in self.components or "dve-sedmy" in self.components

    @property
    def has_sto(self) -> bool:
        """An announced sto (LICITOVANY §5)."""
        return "sto" in self.components

    @property
    def hlasky_count(self) -> bool:
        """Announced hlášky count in this rung (rungs 1–6, 10, 12; LICITOVANY §3)."""
        return self.trumps != "none" and (not self.helper or self.has_sto)


RUNGS: dict[int, Rung] = {r.number: r for r in (
    Rung(1, "sedma", ("hra", "sedma"), "suit"),
    Rung(2, "sedma-cervena", ("hra", "sedma"), "hearts"),
    Rung(3, "sto", ("sto",), "suit"),
    Rung(4, "sto-a-sedma", ("sto", "sedma"), "suit"),
    Rung(5, "sto-cervenych", ("sto",), "hearts"),
    Rung(6, "sto-a-sedma-cervenych", ("sto", "sedma"), "hearts"),
    Rung(7, "betl", ("betl",), "none"),
    Rung(8, "durch", ("durch",), "none"),
    Rung(9, "dve-sedmy", ("dve-sedmy",), "suit", helper=True),
    Rung(10, "dve-sedmy-a-sto", ("dve-sedmy", "sto"), "suit", helper=True),
    Rung(11, "dve-sedmy-cervena", ("dve-sedmy",), "hearts", helper=True),
    Rung(12, "dve-sedmy-cervena-a-sto", ("dve-sedmy", "sto"), "hearts", helper=True),
)}
"""The twelve rungs by number (LICITOVANY §2's table)."""

_BY_WORD = {r.word: r for r in RUNGS.values()}


def rung_of_word(word: str) -> Rung | None:
    """The rung a record writes as ``word`` (any case), or ``None``."""
    return _BY_WORD.get(word.strip().casefold())
