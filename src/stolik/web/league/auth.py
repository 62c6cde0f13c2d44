"""Referee accounts and logins for the tournament pages (stdlib only).

- **Passwords**: ``hashlib.scrypt`` (n=2¹⁴, r=8, p=1) with a random 16-byte salt, stored as
  ``scrypt$n$r$p$salt$hash`` (base64) in :class:`~stolik.tournament.orm.RefereeRow`;
  compared in constant time.
- **Logins**: a random ``secrets.token_urlsafe(32)`` goes into an HttpOnly, SameSite=Lax
  cookie; the database keeps only its SHA-256 (:class:`~stolik.tournament.orm.LoginRow`),
  so a copy of the database opens no session. A login lasts :data:`LOGIN_DAYS` days or
  until logout.
- **CSRF**: every form a logged-in referee posts carries :func:`csrf_token` — an HMAC of
  the login token — which only a page served to that browser can know. The login and
  first-run forms (before any login) use a double-submit cookie (:data:`PRE_COOKIE`).

>>> h = hash_password("tajne hasło")
>>> h.startswith("scrypt$"), verify_password("tajne hasło", h), verify_password("x", h)
(True, True, False)
>>> csrf_token("abc") == csrf_token("abc") != csrf_token("abd")
True
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import secrets
import threading
import time
from dataclasses import dataclass

from sqlalchemy import delete, func, select

from stolik.db import Database
from stolik.db.base import utcnow
from stolik.errors import StolikError
from stolik.tournament.orm import LoginRow, RefereeRow

COOKIE = "stolik_referee"
"""The login cookie (HttpOnly, SameSite=Lax)."""

PRE_COOKIE = "stolik_pre"
"""The double-submit CSRF cookie of the forms posted before login."""

LOGIN_DAYS = 7
"""How long a login lasts."""

MIN_PASSWORD = 8
"""Shortest password accepted."""

_N, _R, _P = 2**14, 8, 1


class AuthError(StolikError):
    """A referee account request that cannot be done (name taken, password too short)."""


@dataclass(frozen=True)
class Referee:
    """A logged-in referee: the account and the login token of this browser."""

    id: int
    name: str
    token: str

    @property
    def csrf(self) -> str:
        """The CSRF token for this login's forms."""
        return csrf_token(self.token)


def _b64(b: bytes) -> str:
    return base64.b64encode(b).decode("ascii")


def hash_password(password: str) -> str:
    """The scrypt hash of ``password`` with a fresh random salt."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return f"scrypt${_N}${_R}${_P}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches ``stored`` (a :func:`hash_password` value)."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        want = base64.b64decode(digest)
        got = hashlib.scrypt(password.encode(), salt=base64.b64decode(salt), n=int(n),
                             r=int(r), p=int(p), dklen=len(want))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, want)


def csrf_token(login_token: str) -> str:
    """The CSRF token of a login: HMAC-SHA256 keyed by the login token."""
    return hmac.new(login_token.encode(), b"stolik-csrf", hashlib.sha256).hexdigest()


def _token_key(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_name(name: str) -> str:
    """A referee's name, stripped; refused when empty or too long."""
    name = name.strip()
    if not name or len(name) > 200 or any(ord(c) < 32 for c in name):
        raise AuthError(f"referee name {name!r}: 1–200 printable characters")
    return name


def referee_count(db: Database) -> int:
    """How many referee accounts exist."""
    with db.read() as s:
        return int(s.scalar(select(func.count()).select_from(RefereeRow)) or 0)


def referees(db: Database) -> list[tuple[str, datetime.datetime]]:
    """Every account's name and creation time, by name."""
    with db.read() as s:
        rows = s.execute(select(RefereeRow.name, RefereeRow.created_at)
                         .order_by(RefereeRow.name)).all()
        return [(n, c) for n, c in rows]


def add_referee(db: Database, name: str, password: str, *, only_first: bool = False) -> None:
    """Create an account. ``only_first``: only when no account exists yet (the first-run
    page), checked in the same transaction."""
    name = check_name(name)
    if len(password) < MIN_PASSWORD:
        raise AuthError(f"the password must have at least {MIN_PASSWORD} characters")
    hashed = hash_password(password)
    with db.write() as s:
        if only_first and s.scalar(select(func.count()).select_from(RefereeRow)):
            raise AuthError("a referee account exists already: log in")
        if s.scalar(select(RefereeRow.id).where(RefereeRow.name == name)) is not None:
            raise AuthError(f"referee '{name}' exists already")
        s.add(RefereeRow(name=name, password_hash=hashed))


def login(db: Database, name: str, password: str) -> str | None:
    """A new login token for a right name and password, else ``None``."""
    with db.read() as s:
        row = s.scalar(select(RefereeRow).where(RefereeRow.name == name.strip()))
        stored = row.password_hash if row else hash_password("-")  # same time either way
        ok = verify_password(password, stored) and row is not None
        rid = row.id if row else 0
    if not ok:
        return None
    token = secrets.token_urlsafe(32)
    with db.write() as s:
        s.add(LoginRow(token=_token_key(token), referee_id=rid, created_at=utcnow()))
    return token


class Throttle:
    """Refuses logins to a name after :attr:`limit` failures within :attr:`window` seconds
    (in memory: a guessing script at the venue is slowed down, a referee who mistypes is
    not locked out for long).

    >>> th = Throttle(limit=2, window=60)
    >>> th.fail("ala", now=0); th.blocked("ala", now=1)
    False
    >>> th.fail("ala", now=2); th.blocked("ala", now=3), th.blocked("ala", now=70)
    (True, False)
    """

    def __init__(self, limit: int = 5, window: float = 300.0) -> None:
        self.limit, self.window = limit, window
        self._fails: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, name: str, now: float) -> list[float]:
        kept = [t for t in self._fails.get(name, []) if now - t < self.window]
        if kept:
            self._fails[name] = kept
        else:
            self._fails.pop(name, None)
        return kept

    def blocked(self, name: str, now: float | None = None) -> bool:
        """Whether logins to ``name`` are refused now."""
        with self._lock:
            return len(self._recent(name, time.monotonic() if now is None else now)) \
                >= self.limit

    def fail(self, name: str, now: float | None = None) -> None:
        """Count a failed login to ``name``."""
        with self._lock:
            t = time.monotonic() if now is None else now
            self._fails[name] = [*self._recent(name, t), t]

    def clear(self, name: str) -> None:
        """Forget the failures (after a good login)."""
        with self._lock:
            self._fails.pop(name, None)


def logout(db: Database, token: str) -> None:
    """End a login (and drop expired ones)."""
    old = utcnow() - datetime.timedelta(days=LOGIN_DAYS)
    with db.write() as s:
        s.execute(delete(LoginRow).where(LoginRow.token == _token_key(token)))
        s.execute(delete(LoginRow).where(LoginRow.created_at < old))


def referee_of(db: Database, token: str | None) -> Referee | None:
    """The referee logged in with ``token`` (a live login), else ``None``."""
    if not token or len(token) > 100:
        return None
    with db.read() as s:
        row = s.execute(select(RefereeRow.id, RefereeRow.name, LoginRow.created_at)
                        .join(LoginRow, LoginRow.referee_id == RefereeRow.id)
                        .where(LoginRow.token == _token_key(token))).first()
    if row is None or row[2] < utcnow() - datetime.timedelta(days=LOGIN_DAYS):
        return None
    return Referee(row[0], row[1], token)


__all__ = ["COOKIE", "PRE_COOKIE", "AuthError", "Referee", "Throttle", "add_referee", "csrf_token",
           "hash_password", "login", "logout", "referee_count", "referee_of", "referees",
           "verify_password"]
