"""Where a web table's chance comes from: one secret per table, and streams derived from it
with HMAC-SHA256 that nobody at the table can compute (RULES §3: a seat knows its own hand
and what was played, never a hand to come).

A table's ``seed`` is a 256-bit secret from :mod:`secrets` (64 hex digits), kept in the
table's stored configuration on the server — the lobby, the table's messages and the record
of the deals so far never show it; the record names it once the series is over, so anyone
can check the deals afterwards with :func:`dealing_rng`. Every chance of the table is a
keyed stream with its own label: ``deal`` (the shuffles of the series, in order), ``bot N``
(the seed of seat N's bot), ``hint …`` and ``review …``. What a seat sees — the hands
revealed after each deal, the bots' moves, hints — are outputs of HMAC under the secret;
finding the deal to come from them means finding the key. A restart resumes a table by
replaying its op log from the same stored secret: the same stream deals the same cards.

A reproducible seed chosen by a client (a number, or any text up to 64 characters) keys the
same streams; the routes accept one only where nobody who could have chosen it can sit
(:func:`stolik.web.play.routes.create_table_api`).

>>> a, b = dealing_rng("00" * 32), dealing_rng("00" * 32)
>>> [a.randrange(16) for _ in range(6)] == [b.randrange(16) for _ in range(6)]
True
>>> len(new_secret()), new_secret() != new_secret()
(64, True)
>>> derived_seed(5, "bot 1") != derived_seed(5, "bot 2")
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any, NoReturn

SECRET_BYTES = 32
"""A table's secret: 256 bits."""
MAX_CLIENT_SEED = 2**63 - 1
"""The largest whole-number seed a client may give (where one is allowed at all)."""
MAX_SEED_TEXT = 64
"""The longest seed text (a server secret is 64 hex digits)."""


def new_secret() -> str:
    """A fresh table secret: 64 hex digits from :func:`secrets.token_hex`."""
    return secrets.token_hex(SECRET_BYTES)


def _key(seed: int | str) -> bytes:
    return str(seed).encode("utf-8")


class KeyedRandom(random.Random):
    """:class:`random.Random` whose bits are HMAC-SHA256(key, label ‖ block counter): a
    deterministic stream for a key, with no state a watcher can recover (unlike the
    Mersenne Twister, whose outputs give away its state and hence every later output).
    ``shuffle``, ``randrange`` and ``choice`` draw from :meth:`getrandbits`.

    >>> r = KeyedRandom(b"k", "deal")
    >>> cards = list(range(16)); r.shuffle(cards); sorted(cards) == list(range(16))
    True
    >>> 0.0 <= r.random() < 1.0
    True
    """

    def __init__(self, key: bytes, label: str) -> None:
        self._mac = hmac.new(key, label.encode("utf-8") + b"\x00", hashlib.sha256)
        self._block = 0
        self._buffer = b""
        super().__init__()

    def seed(self, a: Any = None, version: int = 2) -> None:
        """The stream is fixed by its key and label; seeding does nothing."""

    def getstate(self) -> NoReturn:
        """Not available: the state is the key."""
        raise TypeError("a keyed stream has no state to save")

    def setstate(self, state: Any) -> NoReturn:
        """Not available: the state is the key."""
        raise TypeError("a keyed stream has no state to restore")

    def _bytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            mac = self._mac.copy()
            mac.update(self._block.to_bytes(8, "big"))
            self._buffer += mac.digest()
            self._block += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def getrandbits(self, k: int) -> int:
        """``k`` random bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        value = int.from_bytes(self._bytes((k + 7) // 8), "big")
        return value >> (8 * ((k + 7) // 8) - k)

    def random(self) -> float:
        """A float in [0, 1) from 53 bits."""
        return self.getrandbits(53) * 2.0**-53


def dealing_rng(seed: int | str) -> KeyedRandom:
    """The stream a table's shuffles are drawn from, in order (deal 1 first)."""
    return KeyedRandom(_key(seed), "deal")


def derived_seed(seed: int | str, label: str) -> int:
    """A 64-bit seed for something else of the table (a bot, a hint), keyed like the
    deals: knowing it (say, from a bot's moves) tells nothing of the table's secret."""
    return KeyedRandom(_key(seed), label).getrandbits(64)


__all__ = ["MAX_CLIENT_SEED", "MAX_SEED_TEXT", "KeyedRandom", "dealing_rng", "derived_seed",
           "new_secret"]
