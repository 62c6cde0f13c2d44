"""The toy game's rulesets (TOY §3): ``rulesets/*.toml`` or a club's file, read by the
core's :class:`~stolik.rulesets.KeyTable` and kept on its :class:`~stolik.rulesets.RulesetShelf`.

>>> load_ruleset().last_trick, available_rulesets()
(1, ['toy-club'])
>>> parse_ruleset('id = "x"\\nlast_trick = -1', source="club.toml")
Traceback (most recent call last):
stolik.errors.RulesetError: club.toml: key 'last_trick' must be at least 0, not -1
"""

from __future__ import annotations

from dataclasses import dataclass

from stolik.rulesets import ClubRuleset, KeyTable, RulesetShelf, ruleset_head

DEFAULT_RULESET = "toy-club"


@dataclass(frozen=True)
class Ruleset(ClubRuleset):
    """A toy ruleset: the points of the last trick and a series' length (TOY §3)."""

    id: str
    name: str
    source: str
    last_trick: int
    deals: int


class _Keys(KeyTable):
    game_name = "Toy"


def parse_ruleset(text: str, *, source: str = "<ruleset>", path: str | None = None) -> Ruleset:
    """A :class:`Ruleset` from TOML text; a broken key is one line naming file and key."""
    top, rid, name, src = ruleset_head(_Keys, text, source, "toy", "Toy")
    rs = Ruleset(rid, name, src, top.whole("last_trick", 1, hi=9),
                 top.whole("deals", 3, lo=1, hi=64), path=path)
    top.done()
    return rs


_SHELF = RulesetShelf(__package__ or "toygame", DEFAULT_RULESET, "Toy", parse_ruleset)
available_rulesets = _SHELF.ids
load_ruleset = _SHELF.load
rs_text = _SHELF.text


def default_deals(rs: Ruleset) -> int:
    """A series' length (TOY §3)."""
    return rs.deals
