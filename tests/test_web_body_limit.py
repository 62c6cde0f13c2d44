"""A server-wide bound on request bodies (issue 14 item 4): form posts are parsed before a
handler can check the login or the CSRF token, so an oversized body is refused (413)
before anything reads it — declared in Content-Length or streamed without one — while
every legitimate form, a 64 KiB ruleset upload included, still goes through."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterator, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.web.app import create_app
from stolik.web.bodylimit import MAX_BODY, BodyLimit


def test_a_declared_oversized_body_is_refused_before_the_form_is_read(db: Database) -> None:
    """413 for a Content-Length over the bound on the login form (no CSRF needed to be
    refused: nothing was parsed), and the server still answers."""
    c = TestClient(create_app(db))
    big = b"x" * (MAX_BODY + 1)
    r = c.post("/t/login", content=big,
               headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413
    assert "KiB" in r.text
    assert c.get("/healthz").status_code == 200


def test_a_streamed_body_is_cut_at_the_bound(db: Database) -> None:
    """A chunked body (no Content-Length) is read only up to the bound: 413."""
    c = TestClient(create_app(db, max_body=4096))

    def chunks() -> Iterator[bytes]:
        for _ in range(64):
            yield b"name=" + b"a" * 1019

    r = c.post("/t/login", content=chunks(),
               headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413


def test_a_ruleset_upload_of_64_kib_still_fits() -> None:
    """The largest legitimate body (a 64 KiB ruleset file in a multipart form) is under
    the default bound."""
    from stolik.web.league.admin import MAX_RULESET_UPLOAD

    assert MAX_RULESET_UPLOAD + 16 * 1024 < MAX_BODY


def test_a_small_form_passes_the_limit(db: Database) -> None:
    """An ordinary login post reaches the handler (its answer is the form's, not 413)."""
    c = TestClient(create_app(db, max_body=4096))
    r = c.post("/t/login", data={"name": "x", "password": "y", "csrf": "z"},
               follow_redirects=False)
    assert r.status_code != 413


def _run(coro: Coroutine[Any, Any, None]) -> None:
    """Run ``coro`` on an event loop of its own thread (a browser test earlier in the same
    process may leave a loop running in the main thread)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coro).result()


@pytest.mark.parametrize("length", [b"abc", b"-1"])
def test_a_malformed_content_length_is_refused(length: bytes) -> None:
    """A Content-Length that is not a number: 400 before the app runs. A negative one is
    never over the bound: the app runs and its body is counted as it is read."""
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:  # never reached
        raise AssertionError("the app ran")

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    scope = {"type": "http", "headers": [(b"content-length", length)]}
    if length == b"-1":
        # int() reads it; a negative length is never over the bound, so the app runs and
        # the body it reads is counted as usual.
        async def app_ok(scope: Any, receive: Any, send: Any) -> None:
            await send({"type": "http.response.start", "status": 204, "headers": []})
            await send({"type": "http.response.body", "body": b""})
        _run(BodyLimit(app_ok, 10)(scope, receive, send))
        assert sent[0]["status"] == 204
    else:
        _run(BodyLimit(app, 10)(scope, receive, send))
        assert sent[0]["status"] == 400
