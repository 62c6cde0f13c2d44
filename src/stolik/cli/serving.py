"""How ``stolik serve`` starts (issue 24.3): it loads what the tables need before the port
accepts a connection, with progress on its console, and says "serving" only once the
port accepts.

- :func:`warm_up`: every game's tables, bots, hints, reviews and claims loaded, and the
  solvers' numba kernels compiled (minutes, the first time on a machine) or loaded from
  numba's cache on disk (seconds) — :func:`stolik.web.play.warmup.warm_up`, before the
  event loop runs, so no request ever waits behind it. On a terminal a Rich progress bar
  on stderr names the step under way; elsewhere (a log) one line a step.
- :func:`run`: uvicorn, whose lifespan resumes the unfinished tables before it binds the
  port; the "serving" line is printed once the socket listens (:class:`_Announcing`), so
  whoever waits for it — a person, a script, a test — may connect at once.

Nothing here is imported by ``stolik --help`` (:mod:`stolik.cli.lazy`); Rich and uvicorn
are imported when the command runs.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from stolik.cli.common import report, stderr_console
from stolik.i18n import N_, tr

if TYPE_CHECKING:
    import socket

    from stolik.web.play.warmup import Step

PART_TEXTS = {"tables": N_("serve-warm-tables"), "bots": N_("serve-warm-bots")}
"""Each warm-up part's words (:data:`stolik.web.play.warmup.PARTS`)."""


def step_text(step: Step, lang: str) -> str:
    """What a warm-up step loads, in words of ``lang``.

    >>> from stolik.web.play.warmup import Step
    >>> step_text(Step("marias", "bots"), "en")  # doctest: +ELLIPSIS
    'Mariáš (four players): bots, hints, reviews...'
    """
    from stolik.games import game

    return tr(lang, PART_TEXTS[step.part], game=game(step.game).name(lang))


def warm_up(lang: str) -> float:
    """Load every game's tables and bots (:func:`stolik.web.play.warmup.warm_up`) with
    progress on stderr; the seconds it took, said in one line at the end."""
    from stolik.web.play import warmup

    console = stderr_console()
    t0 = time.perf_counter()
    if console.is_terminal:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
        )

        with Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                      transient=True) as bar:
            task = bar.add_task(tr(lang, "serve-warm-title"), total=len(warmup.steps()))

            def started(step: Step, index: int, count: int) -> None:
                bar.update(task, completed=index, description=step_text(step, lang))
            warmup.warm_up(started)
    else:
        def said(step: Step, index: int, count: int) -> None:
            report(f"[{index + 1}/{count}] {step_text(step, lang)}")
        warmup.warm_up(said)
    seconds = time.perf_counter() - t0
    report(tr(lang, "serve-warm-done", seconds=round(seconds, 1)))
    return seconds


def resumed(lang: str) -> Callable[[int, float], None]:
    """The app's ``on_resumed`` setting: says how many unfinished tables the start
    resumed, and in how long, when there were any or it took over a second."""
    def say(count: int, seconds: float) -> None:
        if count or seconds > 1:
            report(tr(lang, "serve-resumed", count=count, seconds=round(seconds, 1)))
    return say


def warm_routes(app: Any) -> None:
    """Ask ``app`` for a page that is none (a 404), in a loop of its own, before the
    server runs: finding that no route takes it, FastAPI builds each route's handling (its
    parameters' models) — which it otherwise does at the first request that reaches them,
    ~0.1 s on the event loop when the first table is made (issue 24.3). No route runs."""
    import asyncio

    async def ask(path: str) -> None:
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
                 "query_string": b"", "root_path": "", "headers": [],
                 "client": ("127.0.0.1", 0), "server": ("127.0.0.1", 0)}

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            pass
        await app(scope, receive, send)

    async def main() -> None:
        for path in ("/--warm-up--", "/play/--warm-up--", "/play/api/--warm-up--"):
            await ask(path)
    asyncio.run(main())


def _announcing(announce: Callable[[str], None]) -> Any:
    """A uvicorn server class that calls ``announce(url_port)`` once its sockets listen."""
    import uvicorn

    class _Announcing(uvicorn.Server):
        """uvicorn's server, which says so once its port accepts connections (uvicorn runs
        the app's startup — the tables resumed — before it binds)."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                servers = getattr(self, "servers", [])
                bound = [s.getsockname()[1] for srv in servers for s in (srv.sockets or ())]
                announce(str(bound[0] if bound else self.config.port))
    return _Announcing


def run(app: Any, *, host: str, port: int, line: Callable[[str], str],
        **options: Any) -> None:
    """Serve ``app`` with uvicorn on ``host:port`` (``options``: more of uvicorn's
    settings); once the port accepts, print ``line(port)`` (the port bound: ``--port 0``
    picks a free one). Ctrl+C stops; a start that failed exits with uvicorn's status 3."""
    import uvicorn

    warm_routes(app)
    config = uvicorn.Config(app, host=host, port=port, **options)
    server = _announcing(lambda bound: report(line(bound)))(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        sys.exit(3)  # uvicorn's STARTUP_FAILURE (its error is logged already)


__all__ = ["resumed", "run", "step_text", "warm_routes", "warm_up"]
