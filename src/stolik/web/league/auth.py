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
from stolik.i18n import Msg
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
        raise AuthError(Msg("err-auth-name", "referee name {name}: 1–200 printable characters",
                            name=repr(name)))
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
        raise AuthError(Msg("err-auth-password", "the password must have at least {n} "
                            "characters", n=MIN_PASSWORD))
    hashed = hash_password(password)
    with db.write() as s:
        if only_first and s.scalar(select(func.count()).select_from(RefereeRow)):
            raise AuthError(Msg("lg-setup-exists", "a referee account exists already: log in"))
        if s.scalar(select(RefereeRow.id).where(RefereeRow.name == name)) is not None:
            raise AuthError(Msg("err-auth-exists", "referee '{name}' exists already",
                                name=name))
        s.add(RefereeRow(name=name, password_hash=hashed))


_DUMMY: list[str] = []


def _dummy_hash() -> str:
    """A stored-hash stand-in for a name with no account (made once), so that an unknown
    name costs the same one scrypt as a known one and tells nothing by its timing."""
    if not _DUMMY:
        _DUMMY.append(hash_password(secrets.token_urlsafe(16)))
    return _DUMMY[0]


class BusyError(AuthError):
    """Too many password checks are under way or waiting: try again in a moment."""


class HashGate:
    """Bounds the password hashing that logins cause: at most ``slots`` scrypt runs at once
    (each ~0.1–0.2 s of one core), at most ``queue`` more waiting (each at most ``wait``
    seconds); a login beyond that is refused at once (:class:`BusyError`) and costs no hash.

    >>> gate = HashGate(slots=1, queue=0, wait=0.01)
    >>> with gate:
    ...     try:
    ...         with gate:
    ...             pass
    ...     except BusyError as e:
    ...         print(e)
    the server is busy checking passwords: try again in a moment
    """

    def __init__(self, slots: int = 1, queue: int = 8, wait: float = 5.0) -> None:
        self.slots, self.queue, self.wait = max(1, slots), max(0, queue), wait
        self._sem = threading.BoundedSemaphore(self.slots)
        self._lock = threading.Lock()
        self._waiting = 0

    def __enter__(self) -> HashGate:
        if self._sem.acquire(blocking=False):
            return self
        with self._lock:
            if self._waiting >= self.queue:
                raise BusyError("the server is busy checking passwords: try again in a moment")
            self._waiting += 1
        try:
            got = self._sem.acquire(timeout=self.wait)
        finally:
            with self._lock:
                self._waiting -= 1
        if not got:
            raise BusyError("the server is busy checking passwords: try again in a moment")
        return self

    def __exit__(self, *exc: object) -> None:
        self._sem.release()


MAX_PASSWORD = 1024
"""Longest password hashed (a longer one is a wrong one, unhashed)."""


def login(db: Database, name: str, password: str, *,
          gate: HashGate | None = None) -> str | None:
    """A new login token for a right name and password, else ``None``. An unknown name
    costs the same one hash as a known one; ``gate`` bounds the hashing
    (:class:`BusyError` when it is full)."""
    with db.read() as s:
        row = s.scalar(select(RefereeRow).where(RefereeRow.name == name.strip()))
        stored, rid = (row.password_hash, row.id) if row else (_dummy_hash(), 0)
    if len(password) > MAX_PASSWORD:
        return None
    if gate is None:
        ok = verify_password(password, stored)
    else:
        with gate:
            ok = verify_password(password, stored)
    if not ok or not rid:
        return None
    token = secrets.token_urlsafe(32)
    with db.write() as s:
        s.add(LoginRow(token=_token_key(token), referee_id=rid, created_at=utcnow()))
    return token


KNOWN_COOKIE = "stolik_known"
"""Marks a browser that has logged in to an account before: the account's backoff (after
many failures from elsewhere) does not hold it back."""


def _known_mark(stored: str) -> str:
    return hmac.new(stored.encode(), b"stolik-known-browser", hashlib.sha256).hexdigest()


def known_mark(db: Database, name: str) -> str | None:
    """The :data:`KNOWN_COOKIE` value for a browser that just logged in as ``name`` (keyed
    by the stored password hash, which never leaves the server: a new password voids it)."""
    with db.read() as s:
        stored = s.scalar(select(RefereeRow.password_hash)
                          .where(RefereeRow.name == name.strip()))
    return _known_mark(stored) if stored else None


def is_known(db: Database, name: str, mark: str | None) -> bool:
    """Whether ``mark`` (the browser's :data:`KNOWN_COOKIE`) is ``name``'s."""
    if not mark or len(mark) != 64:
        return False
    want = known_mark(db, name)
    return want is not None and hmac.compare_digest(
        mark.encode("utf-8", "surrogatepass"), want.encode("utf-8", "surrogatepass"))


class _Failures:
    """Failure times per key within a window, bounded in memory (past ``max_keys`` the
    stale keys, then the oldest, are dropped: a flood of random names cannot fill it)."""

    def __init__(self, window: float, max_keys: int = 50_000) -> None:
        self.window, self.max_keys = window, max_keys
        self._times: dict[str, list[float]] = {}

    def recent(self, key: str, now: float) -> list[float]:
        kept = [t for t in self._times.get(key, ()) if now - t < self.window]
        if kept:
            self._times[key] = kept
        else:
            self._times.pop(key, None)
        return kept

    def add(self, key: str, now: float) -> None:
        self._times[key] = [*self.recent(key, now), now]
        if len(self._times) > self.max_keys:
            for old in [k for k, v in self._times.items() if now - v[-1] >= self.window]:
                del self._times[old]
            while len(self._times) > self.max_keys:  # dicts keep insertion order
                del self._times[next(iter(self._times))]

    def clear(self, key: str) -> None:
        self._times.pop(key, None)


@dataclass(frozen=True)
class LoginLimits:
    """How referee logins are throttled (``stolik serve --login-…``).

    - ``per_address``: failed logins from one client address (any names, known or not)
      within ``window`` seconds; then that address waits.
    - ``per_account_address``: failed logins to one account from one address.
    - ``account_free``: failed logins to one account from anywhere before its backoff:
      then one try 1, 2, 4 … up to ``backoff_cap`` seconds after the last failure — never
      a lock: the rightful referee waits it out, and a browser that logged in to the
      account before (:data:`KNOWN_COOKIE`) is not held back at all.
    """

    per_address: int = 20
    per_account_address: int = 5
    window: float = 300.0
    account_free: int = 5
    backoff_cap: float = 30.0


class LoginGuard:
    """Throttles referee logins per client address and per account (see
    :class:`LoginLimits`); in memory.

    >>> g = LoginGuard(LoginLimits(per_address=3, per_account_address=2, window=60,
    ...                            account_free=2, backoff_cap=8))
    >>> g.failed("1.1.1.1", "ala", now=0); g.failed("1.1.1.1", "ala", now=0)
    >>> g.wait("1.1.1.1", "ala", now=1)       # this address, on this account: 59 s
    59.0
    >>> g.wait("2.2.2.2", "ala", now=0.5)     # the account's backoff, from elsewhere
    0.5
    >>> g.wait("2.2.2.2", "ala", now=1), g.wait("2.2.2.2", "ala", known=True, now=0.5)
    (0.0, 0.0)
    >>> g.failed("1.1.1.1", "x", now=2); g.wait("1.1.1.1", "y", now=3)  # 3 from there
    57.0
    """

    def __init__(self, limits: LoginLimits | None = None) -> None:
        self.limits = limits or LoginLimits()
        w = self.limits.window
        self._address = _Failures(w)
        self._pair = _Failures(w)
        self._account = _Failures(max(w, self.limits.backoff_cap))
        self._lock = threading.Lock()

    def wait(self, address: str, name: str, *, known: bool = False,
             now: float | None = None) -> float:
        """Seconds until ``address`` may try ``name`` (0: now)."""
        lim = self.limits
        t = time.monotonic() if now is None else now
        with self._lock:
            waits = [0.0]
            for fails, key, limit in ((self._address, address, lim.per_address),
                                      (self._pair, f"{address}\n{name}",
                                       lim.per_account_address)):
                recent = fails.recent(key, t)
                if len(recent) >= limit:
                    waits.append(recent[-limit] + fails.window - t)
            recent = self._account.recent(name, t)
            if not known and len(recent) >= lim.account_free:
                backoff = min(2.0 ** (len(recent) - lim.account_free), lim.backoff_cap)
                waits.append(recent[-1] + backoff - t)
            return float(max(waits))

    def failed(self, address: str, name: str, now: float | None = None) -> None:
        """Count a failed login."""
        t = time.monotonic() if now is None else now
        with self._lock:
            self._address.add(address, t)
            self._pair.add(f"{address}\n{name}", t)
            self._account.add(name, t)

    def succeeded(self, address: str, name: str) -> None:
        """A good login: the account's failures and this address's on it are forgotten
        (the address's failures on other names are not)."""
        with self._lock:
            self._pair.clear(f"{address}\n{name}")
            self._account.clear(name)


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


__all__ = ["COOKIE", "KNOWN_COOKIE", "PRE_COOKIE", "AuthError", "BusyError", "HashGate",
           "LoginGuard", "LoginLimits", "Referee", "add_referee", "csrf_token", "hash_password",
           "is_known", "known_mark", "login", "logout", "referee_count", "referee_of",
           "referees", "verify_password"]
