"""Command groups that import a command's module only when that command runs.

``stolik --help`` must answer at once (issue 9.5: ≤ 0.3 s), and ``stolik check`` must not
load the database layer or the arena. A :func:`lazy_group` lists its commands from a table
of (module, attribute, one-line help) and imports ``module`` only when the command is
resolved to run or to print its own help; the group's help page shows the one-line helps
from the table without importing anything. ``tests/test_cli_lazy.py`` checks that each
table's help is the first paragraph of the real command's help, so the two cannot drift.

>>> spec = {"hello": LazyCommand("stolik.cli.lazy", "_example", "Say hello.")}
>>> group = lazy_group(spec)(name="demo")
>>> group.list_commands(None)  # type: ignore[arg-type]
['hello']
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

import typer
import typer.main
from typer import _click
from typer.core import TyperCommand, TyperGroup


@dataclass(frozen=True)
class LazyCommand:
    """Where a command lives: ``attribute`` of ``module`` is a command function or a
    :class:`typer.Typer` sub-app; ``help`` is its one line in the group's help page."""

    module: str
    attribute: str
    help: str
    command_help: str | None = None
    """A help text for a function command that replaces its docstring (as
    ``app.command(name, help=…)`` would)."""
    command_class: str | None = None
    """The name, in ``module``, of the click command class a function command is built
    with (as ``app.command(name, cls=…)`` would; ``stolik play``'s translates its help)."""


class LazyGroup(TyperGroup):
    """A Typer group whose :attr:`lazy` commands are imported on first use."""

    lazy: ClassVar[Mapping[str, LazyCommand]] = {}

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._listing = 0
        self._loaded: dict[str, _click.Command] = {}
        for name, spec in self.lazy.items():
            # Placeholders: the help page and "did you mean" read only names and helps.
            self.commands[name] = TyperCommand(name=name, help=spec.help)

    @contextmanager
    def _placeholders(self) -> Iterator[None]:
        self._listing += 1
        try:
            yield
        finally:
            self._listing -= 1

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        """The group's help page, from the one-line helps (nothing imported)."""
        with self._placeholders():
            super().format_help(ctx, formatter)

    def get_command(self, ctx: _click.Context, cmd_name: str) -> _click.Command | None:
        """The real command (imported now), or its placeholder while listing."""
        spec = self.lazy.get(cmd_name)
        if spec is None or self._listing:
            return super().get_command(ctx, cmd_name)
        if cmd_name not in self._loaded:
            self._loaded[cmd_name] = _load(cmd_name, spec, self.rich_markup_mode)
        return self._loaded[cmd_name]


def _load(name: str, spec: LazyCommand, markup: Any) -> _click.Command:
    """Build the click command exactly as ``app.command(name)``/``app.add_typer`` would."""
    module = importlib.import_module(spec.module)
    target = getattr(module, spec.attribute)
    holder = typer.Typer(rich_markup_mode=markup)
    if isinstance(target, typer.Typer):
        holder.add_typer(target, name=name)
    else:
        cls = getattr(module, spec.command_class) if spec.command_class else None
        holder.command(name, help=spec.command_help, cls=cls)(target)
    return typer.main.get_group(holder).commands[name]


def lazy_group(commands: Mapping[str, LazyCommand]) -> type[LazyGroup]:
    """A :class:`LazyGroup` class over ``commands`` (for ``typer.Typer(cls=…)``)."""
    return type("LazyGroup", (LazyGroup,), {"lazy": dict(commands)})


def _example() -> None:
    """Say hello."""
    typer.echo("hello")
