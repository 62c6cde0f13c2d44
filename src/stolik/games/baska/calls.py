"""Auction calls: ``pass``, a contract of the ladder, or a doubling (RULES §4).

Calls are values; their text is the ruleset's own words (``kontra``, ``rekontra``, …),
which is what a deal record holds.

>>> from stolik.games.baska.ruleset import load_ruleset
>>> rs = load_ruleset("linia")
>>> parse_call("Zoło-du", rs)
Call(kind='contract', contract='zolo-du', level=0)
>>> parse_call("hirsz", rs).text(rs)
'hirsch'
>>> parse_call("pas", rs) == PASS
True
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from stolik.errors import IllegalMove
from stolik.games.baska.ruleset import Ruleset
from stolik.i18n import Msg


@dataclass(frozen=True)
class Call:
    """One call. ``level`` is the doubling level a doubling brings the game to (1 = kontra)."""

    kind: Literal["pass", "contract", "double"]
    contract: str | None = None
    level: int = 0

    def text(self, rs: Ruleset) -> str:
        """The call as a record writes it."""
        if self.kind == "pass":
            return "pass"
        if self.kind == "contract":
            assert self.contract is not None
            return self.contract
        return rs.doubling_name(self.level)


PASS = Call("pass")

_ALIASES = {"pas": "pass", "hirsz": "hirsch", "hirsh": "hirsch", "baska": "baszka",
            "zola": "zolo", "zolla": "zolo", "zollo": "zolo", "doux": "du"}
"""Spellings found in the seeds and at the table, word by word."""

_PHRASES = {"re-kontra": "rekontra", "4-asy": "mester", "cztery-asy": "mester",
            "cztery-damy": "baszka", "4-damy": "baszka"}
"""Whole-call spellings (after the words are normalized)."""


@lru_cache(maxsize=4096)
def normalize(text: str) -> str:
    """Lower-case ASCII form of a call: ``Zoło du`` → ``zolo-du``, ``Baśka`` → ``baszka``.

    >>> normalize(" Gran  Doux ")
    'gran-du'
    >>> normalize("Re-kontra"), normalize("hirsh"), normalize("cztery damy")
    ('rekontra', 'hirsch', 'baszka')
    """
    t = text.strip().lower().replace("ł", "l")
    t = "".join(ch for ch in unicodedata.normalize("NFKD", t) if not unicodedata.combining(ch))
    parts = [p for p in t.replace("_", "-").replace("–", "-").replace(" ", "-").split("-") if p]
    word = "-".join(_ALIASES.get(p, p) for p in parts)
    return _PHRASES.get(word, word)


def parse_call(text: str, rs: Ruleset) -> Call:
    """Read a call in the words of ruleset ``rs``; an unknown word is an :class:`IllegalMove`."""
    word = normalize(text)
    if word == "pass":
        return PASS
    if rs.has(word) and rs.contract(word).biddable:
        return Call("contract", word)
    names = [normalize(n) for n in rs.doublings]
    if word in names:
        return Call("double", level=names.index(word) + 1)
    known = ["pass", *(c.id for c in rs.ladder), *rs.doublings]
    raise IllegalMove(Msg("err-unknown-call", "unknown call {text} in {ruleset}: calls are "
                          "{known} (RULES §4)", text=repr(text), ruleset=rs.id,
                          known=", ".join(known)))
