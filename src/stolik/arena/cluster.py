"""The arena on a Ray cluster (issue 13): ``stolik arena … --ray [ADDRESS]``.

The deals of a run are cut into :class:`~stolik.arena.run.Chunk`\\ s — a range of deal
indices of one match — and each chunk is one Ray task, which plays its deals exactly as a
run on one machine does (:func:`~stolik.arena.run.play_chunk`: every bot and every random
draw is seeded from the arena's seed, the match, the deal, the seating and the seat alone)
and returns its deal records. The records are merged in deal order
(:func:`~stolik.arena.run.merge`), so the same seed gives exactly the same numbers as a
local run — means, intervals, counts, the order of every key of ``--json`` — all but the
seconds. The game's arena is not told: :func:`~stolik.arena.run.running_on` makes its
:func:`~stolik.arena.run.run_duplicate` play on Ray.

Ray is an optional extra (``pip install 'stolik[ray]'``) and is imported only here, and
only when ``--ray`` is given; every node of a cluster needs stolik installed (the tasks
carry the game's bots and rules by reference to stolik's modules).

The chunks: about :data:`CHUNKS_PER_CPU` per CPU of the cluster — enough for the faster
workers to take over the slower ones' share, few enough that a task's start (a fraction of
a second) is small next to its deals.

>>> cut(deals=5, matches=2, size=2)
[Chunk(match=0, start=0, stop=2), Chunk(match=0, start=2, stop=4), Chunk(match=0, start=4, stop=5), Chunk(match=1, start=0, stop=2), Chunk(match=1, start=2, stop=4), Chunk(match=1, start=4, stop=5)]
>>> chunk_size(deals=1000, matches=1, cpus=8), chunk_size(deals=3, matches=3, cpus=64)
(32, 1)
"""  # noqa: E501

from __future__ import annotations

import logging
import math
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from stolik.arena.run import ArenaError, Chunk, DealRecord, Job, Runner, play_chunk

if TYPE_CHECKING:
    from ray import ObjectRef

CHUNKS_PER_CPU = 4
"""Chunks per CPU of the cluster when the chunk size is not given."""

CONNECT_TIMEOUT = 5.0
"""Seconds to reach a cluster's address before it is called unreachable (Ray itself would
retry for two minutes and then end the process)."""

POLL = 0.5
"""Seconds between looks at the running tasks (Ctrl+C is honoured in between)."""


def cut(deals: int, matches: int, size: int) -> list[Chunk]:
    """Every match's deals cut into chunks of ``size`` deals (the last one shorter), match
    by match, in deal order."""
    return [Chunk(m, start, min(start + size, deals))
            for m in range(matches) for start in range(0, deals, size)]


def chunk_size(deals: int, matches: int, cpus: int) -> int:
    """Deals per chunk for about :data:`CHUNKS_PER_CPU` chunks per CPU."""
    return max(1, math.ceil(deals * matches / (CHUNKS_PER_CPU * max(1, cpus))))


def host_port(address: str) -> tuple[str, int] | None:
    """The host and port of a cluster address (``HOST:PORT``, ``ray://HOST:PORT``,
    ``[IPv6]:PORT``), or None for one that names no place (``auto``, ``local``).

    >>> host_port("10.0.0.5:6379"), host_port("ray://head:10001"), host_port("[::1]:6379")
    (('10.0.0.5', 6379), ('head', 10001), ('::1', 6379))
    >>> host_port("auto") is None
    True
    >>> host_port("head:port")
    Traceback (most recent call last):
    stolik.arena.run.ArenaError: a Ray address is HOST:PORT, ray://HOST:PORT or auto, not 'head:port'
    """  # noqa: E501
    rest = address.removeprefix("ray://")
    host, colon, port = rest.rpartition(":")
    if not colon:
        if rest in ("auto", "local"):
            return None
    elif port.isdigit() and host.strip("[]") and 0 < int(port) < 65536:
        return host.strip("[]"), int(port)
    raise ArenaError(f"a Ray address is HOST:PORT, ray://HOST:PORT or auto, not {address!r}")


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Refuse, in one line, a cluster address nothing answers at within ``timeout``."""
    place = host_port(address)
    if place is None:
        return
    try:
        socket.create_connection(place, timeout=timeout).close()
    except OSError as e:
        reason = e.strerror or str(e) or type(e).__name__
        raise ArenaError(f"cannot reach the Ray cluster at {address}: {reason}") from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


@contextmanager
def connected(address: str | None) -> Iterator[None]:
    """Connect this process to Ray for the block: to the cluster at ``address``, or
    without one to ``RAY_ADDRESS``'s or a Ray started on this machine (Ray's own rule); a
    process already connected (a notebook, a test) keeps its connection. Ray missing, an
    address that cannot be reached or a failed start is one :class:`ArenaError` line."""
    try:
        import ray
    except ImportError:
        raise ArenaError("--ray needs Ray: install stolik[ray] (pip install 'stolik[ray]')"
                         ) from None
    if address:
        check_reachable(address)
    if ray.is_initialized():
        yield
        return
    try:
        ray.init(address=address or None, logging_level=logging.WARNING)
    # Ray ends the process (SystemExit) when it cannot reach a cluster's control store.
    except (ConnectionError, RuntimeError, ValueError, SystemExit) as e:
        where = f" at {address}" if address else ""
        raise ArenaError(f"cannot connect to Ray{where}: {_first_line(e)}") from None
    try:
        yield
    finally:
        ray.shutdown()


def ray_runner(*, chunk_deals: int | None = None, stall: float | None = None) -> Runner:
    """A :data:`~stolik.arena.run.Runner` playing each chunk as a Ray task (this process
    must be connected, :func:`connected`). ``chunk_deals``: deals per chunk (default
    :func:`chunk_size` for the cluster's CPUs). ``stall``: give up (one line) when no task
    has finished for that many seconds (default: wait). ``progress`` is called as chunks
    finish. A task's error is raised as the error itself — the first in deal order, as a
    local run would meet it; the tasks after it are cancelled."""

    def run(job: Job[Any, Any],
            progress: Callable[[int, int], None] | None) -> list[DealRecord]:
        import ray

        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = int(resources.get("CPU", 1))
        size = chunk_deals or chunk_size(job.deals, len(job.matches), cpus)
        chunks = cut(job.deals, len(job.matches), size)
        job_ref = ray.put(job)
        task = ray.remote(play_chunk)
        index: dict[ObjectRef[list[DealRecord]], int] = {
            task.remote(job_ref, c): i for i, c in enumerate(chunks)}
        return _gather(index, chunks, job.total, progress, stall)

    return run


def _gather(index: dict[ObjectRef[list[DealRecord]], int], chunks: list[Chunk], total: int,
            progress: Callable[[int, int], None] | None,
            stall: float | None) -> list[DealRecord]:
    """The chunks' records as their tasks finish; the first error in deal order raised."""
    import ray
    from ray.exceptions import RayError, RayTaskError

    pending = list(index)
    results: dict[int, list[DealRecord]] = {}
    errors: dict[int, BaseException] = {}
    done, last = 0, time.monotonic()
    try:
        # Waiting on, until every chunk before the first failed one is done.
        while pending and not (errors and min(index[p] for p in pending) > min(errors)):
            ready, pending = ray.wait(pending, num_returns=1, timeout=POLL)
            if not ready:
                if stall is not None and time.monotonic() - last > stall:
                    raise ArenaError(f"no Ray task of the arena finished in {stall:g} s "
                                     f"({len(pending)} of {len(chunks)} still running)")
                continue
            last = time.monotonic()
            for ref in ready:
                i = index[ref]
                try:
                    results[i] = ray.get(ref, timeout=stall)
                except RayTaskError as e:
                    errors[i] = e.cause if isinstance(e.cause, Exception) else e
                except RayError as e:
                    errors[i] = ArenaError(f"a Ray task of the arena failed: {_first_line(e)}")
                done += len(chunks[i])
                if progress is not None and i not in errors:
                    progress(done, total)
    finally:
        for ref in pending:
            ray.cancel(ref)
    if errors:
        raise errors[min(errors)]
    return [r for i in sorted(results) for r in results[i]]


@contextmanager
def on_ray(address: str | None, *, chunk_deals: int | None = None,
           stall: float | None = None) -> Iterator[Runner]:
    """:func:`connected` to Ray for the block, with a :func:`ray_runner`."""
    with connected(address):
        yield ray_runner(chunk_deals=chunk_deals, stall=stall)


__all__ = ["CHUNKS_PER_CPU", "CONNECT_TIMEOUT", "check_reachable", "chunk_size", "connected",
           "cut", "host_port", "on_ray", "ray_runner"]
