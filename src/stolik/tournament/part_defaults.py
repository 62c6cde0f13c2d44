"""A game's part with the core's defaults: what a game's ``tournament`` or ``league`` part
(a module) leaves out, the core supplies (issue 26.1: a game's part states only what
differs). :func:`with_defaults` wraps the module; a name the module defines is the
module's, any other is looked up in the default objects in turn.

>>> import types
>>> part = types.SimpleNamespace(UNIT="points")
>>> class Defaults:
...     UNIT = "haler"
...     DEFAULT_MINUTES = 40
>>> p = with_defaults(part, Defaults)
>>> p.UNIT, p.DEFAULT_MINUTES
('points', 40)
>>> p.nonsense
Traceback (most recent call last):
...
AttributeError: 'SimpleNamespace' part has no attribute 'nonsense'
"""

from __future__ import annotations

from typing import Any


class PartWithDefaults:
    """A game's part (``module``) and, behind it, the core's defaults."""

    __slots__ = ("_defaults", "_part")

    def __init__(self, part: object, *defaults: object) -> None:
        self._part = part
        self._defaults = defaults

    def __getattr__(self, name: str) -> Any:
        for source in (self._part, *self._defaults):
            try:
                return getattr(source, name)
            except AttributeError:
                continue
        raise AttributeError(f"{getattr(self._part, '__name__', type(self._part).__name__)!r} "
                             f"part has no attribute {name!r}")

    def __repr__(self) -> str:
        return f"<{self._part!r} with the core's defaults>"


def with_defaults(part: object, *defaults: object) -> Any:
    """``part`` with ``defaults`` behind it (the first that has a name gives it)."""
    return PartWithDefaults(part, *defaults)
