"""``stolik arena``: bots against bots in duplicate format, with confidence intervals.

The ruleset selects the game (:mod:`stolik.games`); the arena itself is the game's
``arena`` part (Baśka: :func:`stolik.games.baska.arena.run_arena`, whose docstring justifies
the seating schedule; Mariáš: :func:`stolik.games.marias.arena.run_arena`), built on the
game-free :mod:`stolik.arena`, and its bots are the game's ``bots`` part. This module parses
the bot list and bot options, draws the progress bar on stderr, and prints the tables (with
the column heads and note the game's result carries), the JSON document or the plot. A game
without an arena yet is refused in one line. With ``--ray [ADDRESS]`` the deals are played
as Ray tasks (:mod:`stolik.arena.cluster`, imported only then), with the same numbers.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from stolik.cli.common import (
    AsciiOption,
    RulesetOption,
    load_game_rs,
    new_table,
    stderr_console,
    stdout_console,
    user_errors,
)
from stolik.errors import StolikError

if TYPE_CHECKING:
    from stolik.arena import ArenaResult
    from stolik.bots import Bot
    from stolik.games import GameSpec

DEFAULT_DEALS = 200
"""Deals per match when ``--deals`` is not given."""


class OnIllegal(StrEnum):
    """What the arena does with an illegal move."""

    RAISE = "raise"
    COUNT = "count"


class ArenaOptionError(StolikError):
    """A ``--bots`` list or ``--bot-option`` that cannot be read."""


def parse_bots(text: str) -> list[str]:
    """The bot kinds of ``--bots A,B,...`` (at least two; a kind may repeat).

    >>> parse_bots("heuristic, random")
    ['heuristic', 'random']
    """
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names) or len(names) < 2:
        raise ArenaOptionError(f"--bots needs two or more bot names separated by commas, e.g. "
                               f"heuristic,random — not {text!r}")
    return names


def _value(text: str) -> object:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_bot_options(items: list[str]) -> dict[str, dict[str, object]]:
    """``KIND.NAME=VALUE`` items → options by bot kind (numbers and true/false are
    converted).

    >>> parse_bot_options(["pimc.samples=50", "heuristic.bid_margin=2.5"])
    {'pimc': {'samples': 50}, 'heuristic': {'bid_margin': 2.5}}
    """
    out: dict[str, dict[str, object]] = {}
    for item in items:
        kind, dot, rest = item.partition(".")
        name, eq, value = rest.partition("=")
        if not (dot and eq and kind.strip() and name.strip()):
            raise ArenaOptionError(f"--bot-option must be KIND.NAME=VALUE (e.g. pimc.samples=50),"
                                   f" not {item!r}")
        out.setdefault(kind.strip(), {})[name.strip()] = _value(value.strip())
    return out


def arena_command(
    bots: Annotated[str, typer.Option(
        "--bots", "-b", metavar="A,B[,C…]", show_default=False,
        help="Bot kinds to match, separated by commas: heuristic, random, pimc, … With more "
        "than two, every pair plays (a round robin); a kind named twice plays itself.")],
    deals: Annotated[int, typer.Option(
        "--deals", "-n", min=1,
        help="Deals per match; each is played in 6 seatings.")] = DEFAULT_DEALS,
    ruleset: RulesetOption = None,
    seed: Annotated[int, typer.Option(
        "--seed", "-s", help="Random seed: the same seed gives the same deals and "
        "results.")] = 0,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the results as JSON (nothing else goes to stdout).")] = False,
    plot: Annotated[str | None, typer.Option(
        "--plot", metavar="FILE.png", show_default=False,
        help="Write a PNG of each match's running mean difference with its 95% band.")
    ] = None,
    on_illegal: Annotated[OnIllegal, typer.Option(
        "--on-illegal", help="raise: stop at a bot's first illegal move (exit status 1); "
        "count: count it and play a random legal move instead.")] = OnIllegal.RAISE,
    bot_option: Annotated[list[str] | None, typer.Option(
        "--bot-option", "-o", metavar="KIND.NAME=VALUE", show_default=False,
        help="An option for every bot of a kind, e.g. pimc.samples=50 (repeatable).")
    ] = None,
    ascii: AsciiOption = False,
    ray: Annotated[bool, typer.Option(
        "--ray", show_default=False,
        help="Play the deals as Ray tasks, on the cluster at ADDRESS (HOST:PORT, "
        "ray://HOST:PORT, auto) or, without one, on RAY_ADDRESS's cluster or a Ray started "
        "on this machine. The same seed gives the same numbers. Needs stolik[ray].")
    ] = False,
    address: Annotated[str | None, typer.Argument(
        metavar="ADDRESS", show_default=False,
        help="The Ray cluster of --ray (written after it: --ray HOST:PORT).")] = None,
) -> None:
    """Match bots in duplicate format: each deal is replayed with the bots rotated through
    the seats and partnerships (six seatings: every seat and every pair of seats held by
    each bot equally often), so the luck of the cards cancels.

    Betel (--ruleset gps-2022) has three seats, each for himself: its six seatings are
    every way to seat two bot kinds with both present, and its points are not zero-sum
    (BETEL §5).

    Prints each bot's mean payout per deal with a 95% confidence interval (Student t over
    the deals), each match's mean difference, the decisions made and the illegal moves
    (which must be 0), and how often each game was played. Every move goes through the
    rules engine; the bots see only their seat's view.
    """
    with user_errors():
        if address is not None and not ray:
            raise ArenaOptionError(f"{address!r} is not an option: an ADDRESS follows --ray "
                                   "(--ray HOST:PORT)")
        kinds = parse_bots(bots)
        options = parse_bot_options(bot_option or [])
        spec, rs = load_game_rs(ruleset)
        arena = spec.part("arena")
        result = _run(spec, arena, kinds, deals, rs=rs, seed=seed,
                      on_illegal=on_illegal.value, options=options,
                      ray=(address or "") if ray else None)
        if plot is not None:
            _write_plot(result, plot)
        if as_json:
            typer.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
            return
        render_result(result, stdout_console(), ascii=ascii)


def _run(spec: GameSpec, arena: Any, kinds: list[str], deals: int, *, rs: Any, seed: int,
         on_illegal: str, options: dict[str, dict[str, object]],
         ray: str | None = None) -> ArenaResult:
    """The game's ``arena`` part plays the matches, with bots from its ``bots`` part
    (imported here, not at the top: ``stolik --help`` stays quick), here or, with ``ray``
    (an address, or "" for Ray's default), as Ray tasks."""
    make_bot = spec.part("bots").make_bot

    def factory(kind: str, bot_seed: int, ruleset: Any) -> Bot[Any, Any]:
        bot: Bot[Any, Any] = make_bot(kind, seed=bot_seed, ruleset=ruleset,
                                      **options.get(kind, {}))
        return bot

    unknown = set(options) - set(kinds)
    if unknown:
        raise ArenaOptionError(f"--bot-option names {', '.join(sorted(unknown))}, which is not "
                               "among --bots")
    with _where(ray), _progress_bar(deals * math.comb(len(kinds), 2)) as progress:
        result: ArenaResult = arena.run_arena(kinds, deals, ruleset=rs, seed=seed,
                               on_illegal="count" if on_illegal == "count" else "raise",
                               progress=progress, factory=factory)
        return result


@contextmanager
def _where(ray: str | None) -> Iterator[None]:
    """Where the deals are played: here, or on Ray (:mod:`stolik.arena.cluster`, which
    imports Ray, imported only then)."""
    if ray is None:
        yield
        return
    from stolik.arena.cluster import on_ray
    from stolik.arena.run import running_on

    with on_ray(ray or None) as runner, running_on(runner):
        yield


def _write_plot(result: ArenaResult, path: str) -> None:
    try:
        from stolik.arena.plot import plot_running

        plot_running(result, path)
    except ImportError:  # pragma: no cover - matplotlib is a dependency
        raise ArenaOptionError("--plot needs matplotlib: pip install matplotlib") from None
    typer.echo(f"stolik: wrote the plot to {path}", err=True)


@contextmanager
def _progress_bar(total: int) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback drawing a bar on stderr when it is a terminal."""
    console = stderr_console()
    if not console.is_terminal:
        yield None
        return
    with Progress(TextColumn("arena"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("deals"), TimeRemainingColumn(), console=console,
                  transient=True) as bar:
        task = bar.add_task("deals", total=total)

        def update(done: int, _total: int) -> None:
            bar.update(task, completed=done)

        yield update


def _signed(x: float, digits: int = 3) -> str:
    return f"{x:+.{digits}f}" if math.isfinite(x) else "-"


def render_result(result: ArenaResult, console: Console, *, ascii: bool = False) -> None:
    """The arena's tables: bots, matches, games, speed (``ascii``: no typographic
    characters)."""
    dot, minus, none = (" -", " - ", "-") if ascii else (" ·", " − ", "—")
    look = result.presentation
    digits = look.digits
    console.print(Text(f"Arena{dot} {result.ruleset}{dot} {result.deals:,} deals × "
                       f"{result.seatings} seatings per match{dot} seed {result.seed}"
                       .replace("×", "x" if ascii else "×"), style="bold"))
    bots = new_table(ascii)
    bots.add_column("bot")
    bots.add_column(look.payout, justify="right")
    bots.add_column("95% CI", justify="right")
    bots.add_column("decisions", justify="right")
    bots.add_column("illegal", justify="right")
    bots.add_column("declared")
    for b in result.bots:
        p = b.payout
        declared = ", ".join(f"{g} {n}" for g, n in sorted(b.declared.items(),
                                                            key=lambda kv: -kv[1]))
        bots.add_row(b.name, _signed(p.mean, digits),
                     f"[{_signed(p.low, digits)}, {_signed(p.high, digits)}]",
                     f"{b.decisions:,}", str(b.illegal), declared or none)
    console.print(bots)
    pairs = new_table(ascii)
    pairs.add_column("match (A - B)" if ascii else "match (A − B)")
    pairs.add_column(look.difference, justify="right")
    pairs.add_column("95% CI", justify="right")
    for m in result.pairs:
        d = m.diff
        pairs.add_row(f"{m.a}{minus}{m.b}", _signed(d.mean, digits),
                      f"[{_signed(d.low, digits)}, {_signed(d.high, digits)}]")
    console.print(pairs)
    total = sum(result.games.values())
    games = ", ".join(f"{g} {100 * n / total:.1f}%" for g, n in
                      sorted(result.games.items(), key=lambda kv: -kv[1]))
    console.print(f"games played: {games}")
    rate = result.decisions / result.seconds if result.seconds > 0 else 0.0
    console.print(f"{result.decisions:,} decisions in {result.seconds:.1f} s "
                  f"({rate:,.0f} per second); {look.note}"
                  .replace("§", "section " if ascii else "§"))


__all__ = ["ArenaOptionError", "OnIllegal", "arena_command", "parse_bot_options", "parse_bots",
           "render_result"]
