"""What every referee page shares: who is logged in, the guard on every write (login, then
the CSRF token), and redirects.

- :func:`require_referee` (GET admin pages): the logged-in :class:`~.auth.Referee`, or a
  303 redirect to ``/t/login?next=…``.
- :func:`posted` (every POST): the same, then the form with its ``csrf`` field checked
  against the login — a missing or wrong token is 403 and nothing is written.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated
from urllib.parse import quote, urlsplit

from fastapi import Depends, HTTPException, Request
from fastapi.responses import RedirectResponse
from sqlalchemy.exc import IntegrityError, OperationalError

from stolik.db import Database
from stolik.errors import StolikError
from stolik.i18n import N_, tr, translate
from stolik.web.app import database, lang_of
from stolik.web.league import auth


class LoginRequired(Exception):
    """Raised by the guards when nobody is logged in; answered with a redirect to login."""

    def __init__(self, next_url: str) -> None:
        super().__init__(next_url)
        self.next_url = next_url


def login_redirect(exc: LoginRequired) -> RedirectResponse:
    """303 to the login page, coming back to ``next`` afterwards."""
    return RedirectResponse(f"/t/login?next={quote(exc.next_url, safe='/')}", status_code=303)


def safe_next(url: str | None) -> str:
    """A local path to go to after login (anything else: the referee's home)."""
    if url and url.startswith("/t/") and not url.startswith("//") and "\\" not in url:
        return url
    return "/t/admin/"


def current_referee(request: Request, db: Database) -> auth.Referee | None:
    """The referee this browser is logged in as, if any."""
    return auth.referee_of(db, request.cookies.get(auth.COOKIE))


def require_referee(request: Request,
                    db: Annotated[Database, Depends(database)]) -> auth.Referee:
    """A GET admin page's guard: the referee, or a redirect to login."""
    ref = current_referee(request, db)
    if ref is None:
        raise LoginRequired(request.url.path)
    return ref


async def form_of(request: Request) -> dict[str, str]:
    """The posted form's text fields (a field given twice: the last value)."""
    form = await request.form()
    fields = {k: v for k, v in form.multi_items() if isinstance(v, str)}
    if any("\x00" in k or "\x00" in v for k, v in fields.items()):
        raise HTTPException(400, tr(lang_of(request), "lg-nul-field"))
    return fields


@dataclass(frozen=True)
class Posted:
    """A checked POST: the referee and the form."""

    referee: auth.Referee
    form: dict[str, str]

    @property
    def who(self) -> str:
        """The name the store writes in the audit log."""
        return self.referee.name


def posted(request: Request, form: Annotated[dict[str, str], Depends(form_of)],
           db: Annotated[Database, Depends(database)]) -> Posted:
    """Every write's guard: logged in (else 303 to login), then a right CSRF token
    (else 403)."""
    ref = current_referee(request, db)
    if ref is None:
        raise LoginRequired(safe_next(urlsplit(request.headers.get("referer", "")).path))
    if not same_token(form.get("csrf", ""), ref.csrf):
        raise HTTPException(403, tr(lang_of(request), "lg-csrf"))
    return Posted(ref, form)


def same_token(given: str, expected: str) -> bool:
    """A constant-time comparison of tokens that any text may be posted as
    (``hmac.compare_digest`` refuses non-ASCII strings with a TypeError).

    >>> same_token("∞", "abc"), same_token("abc", "abc")
    (False, True)
    """
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"),
                               expected.encode("utf-8", "surrogatepass"))


def check_pre_csrf(request: Request, form: dict[str, str]) -> None:
    """The login and first-run forms' double-submit check (cookie = field)."""
    cookie = request.cookies.get(auth.PRE_COOKIE, "")
    if not cookie or not same_token(form.get("csrf", ""), cookie):
        raise HTTPException(403, tr(lang_of(request), "lg-csrf"))


CONFLICT = N_("lg-conflict")
"""The line shown when the database refuses a write (a race between two referees)."""


def refusal(e: Exception, lang: str = "en") -> str | None:
    """The one line to show for a refused write, in ``lang`` where the error carries a
    message code (issue 9.9), or ``None`` for a bug (re-raised)."""
    if isinstance(e, StolikError):
        return translate(e, lang)
    if isinstance(e, IntegrityError | OperationalError):
        return tr(lang, CONFLICT)
    return None


def attempt(request: Request, action: Callable[[], object]) -> str | None:
    """Run one write: ``None`` when it is done, else the one line that refuses it in the
    page's language (:func:`refusal`; a bug is re-raised)."""
    try:
        action()
    except Exception as e:
        message = refusal(e, lang_of(request))
        if message is None:
            raise
        return message
    return None


def back(url: str) -> RedirectResponse:
    """303 after a successful write (post/redirect/get)."""
    return RedirectResponse(url, status_code=303)


Db = Annotated[Database, Depends(database)]
"""The application's database (a route parameter)."""
Ref = Annotated[auth.Referee, Depends(require_referee)]
"""The logged-in referee of a GET admin page (a route parameter)."""
Post = Annotated[Posted, Depends(posted)]
"""A checked POST (a route parameter)."""
Form = Annotated[dict[str, str], Depends(form_of)]
"""A posted form, unchecked (login and first run only)."""
