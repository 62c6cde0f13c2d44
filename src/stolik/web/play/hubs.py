"""Which hub a server runs (issue 13): the one place that knows both kinds, so that
:mod:`stolik.web.play.hub` and :mod:`stolik.web.play.redis_hub` (a
:class:`~stolik.web.play.hub.LocalHub` itself) import one way only (issue 26.2).

>>> from stolik.db import open_database
>>> store = PlayStore(open_database("sqlite://", migrate=True))
>>> type(make_hub(store, {"bot_delay": 0})).__name__
'LocalHub'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stolik.web.play.hub import LocalHub
from stolik.web.play.store import PlayStore


def make_hub(store: PlayStore, settings: Mapping[str, Any]) -> LocalHub:
    """The hub ``stolik serve`` asked for: a :class:`LocalHub`, or with the setting
    ``hub`` (``redis://HOST:PORT/N``) a :class:`~stolik.web.play.redis_hub.RedisHub`
    sharing the tables with other processes (issue 13)."""
    bot_delay = float(settings.get("bot_delay", 0.6))
    url = settings.get("hub")
    if url:
        from stolik.web.play.redis_hub import RedisHub  # redis only when asked for

        return RedisHub(store, str(url), bot_delay=bot_delay)
    return LocalHub(store, bot_delay=bot_delay)


__all__ = ["make_hub"]
