"""``stolik play --help`` in the language chosen: its description and every option's help
from the message catalogs (ids ``play-help-…``) when ``--lang`` (before or after
``--help``) or ``$STOLIK_LANG`` says ``pl`` or ``cs``; English otherwise, as the source
writes it (one language per screen, issue 25.2: the help was English whatever the
language).

The command is loaded lazily (:mod:`stolik.cli.lazy`, whose :class:`LazyCommand` names
:class:`PlayCommand` as its class), so ``stolik --help`` imports none of this.

>>> help_lang(["--help", "--lang", "cs"], {}), help_lang(["--lang=pl", "-h"], {})
('cs', 'pl')
>>> help_lang(["-h"], {"STOLIK_LANG": "cs"}), help_lang(["-h"], {})
('cs', 'en')
>>> help_lang(["-h"], {"STOLIK_LANG": "xx"})
'en'
>>> help_lang(["--lang", "en", "-h"], {"STOLIK_LANG": "cs"})
'en'
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from typer import _click
from typer.core import TyperCommand

from stolik.i18n import N_, tr

HELP_IDS = {"ruleset": N_("play-help-ruleset"), "game_id": N_("play-help-game"),
            "opponents": N_("play-help-opponents"), "deals": N_("play-help-deals"),
            "seed": N_("play-help-seed"), "seat": N_("play-help-seat"),
            "name": N_("play-help-name"), "out": N_("play-help-out"),
            "ascii": N_("play-help-ascii"), "lang": N_("play-help-lang"),
            "no_analysis": N_("play-help-no-analysis"), "delay": N_("play-help-delay"),
            "samples": N_("play-help-samples")}
"""Each option's help, by its parameter's name."""

_META = "stolik.help_lang"


def help_lang(args: Sequence[str], env: Mapping[str, str]) -> str:
    """The language of the help page: ``--lang X`` / ``--lang=X`` among ``args``, else
    ``$STOLIK_LANG``, when it is Polish or Czech; else English."""
    asked = env.get("STOLIK_LANG")
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.split("=", 1)[1]
    return asked if asked in ("pl", "cs") else "en"


class PlayCommand(TyperCommand):
    """``stolik play``'s click command: its help page in the language asked for."""

    def parse_args(self, ctx: _click.Context, args: list[str]) -> list[str]:
        """Note the language before ``--help`` (an eager option) prints the page."""
        ctx.meta[_META] = help_lang(args, os.environ)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        """The help page, its texts in the chosen language."""
        lang = ctx.meta.get(_META, "en")
        if lang == "en":
            super().format_help(ctx, formatter)
            return
        with _translated(self, ctx, lang):
            super().format_help(ctx, formatter)

    def get_usage(self, ctx: _click.Context) -> str:
        """The usage line, its words in the chosen language."""
        usage = super().get_usage(ctx)
        lang = ctx.meta.get(_META, "en")
        if lang == "en":
            return usage
        return usage.replace("Usage:", tr(lang, "play-help-usage"), 1).replace(
            "[OPTIONS]", tr(lang, "play-help-options-arg"))


@contextmanager
def _translated(command: PlayCommand, ctx: _click.Context, lang: str) -> Iterator[None]:
    """Within: ``command``'s help, its options' helps and the help page's own words (the
    panel's title, ``[default: …]``) in ``lang``; the English ones back afterwards (the
    command object is shared by every later call in the process)."""
    from typer import rich_utils

    from stolik.games import games

    params = command.get_params(ctx)
    helper = command.get_help_option(ctx)
    saved: list[tuple[Any, str, Any]] = [(command, "help", command.help)]
    saved += [(p, "help", getattr(p, "help", None)) for p in params]
    words = {"OPTIONS_PANEL_TITLE": N_("play-help-panel"),
             "DEFAULT_STRING": N_("play-help-default"), "ENVVAR_STRING": N_("play-help-envvar")}
    saved += [(rich_utils, k, getattr(rich_utils, k)) for k in words]
    rulesets = ", ".join(r for g in games() for r in g.rulesets())
    try:
        command.help = tr(lang, "play-help-doc")
        for p in params:
            key = HELP_IDS.get(p.name or "")
            if p is helper:
                setattr(p, "help", tr(lang, "play-help-help"))  # noqa: B010
            elif key is not None:
                setattr(p, "help", tr(lang, key, rulesets=rulesets))  # noqa: B010
        for name, msgid in words.items():
            setattr(rich_utils, name, tr(lang, msgid))
        yield
    finally:
        for obj, attr, value in saved:
            setattr(obj, attr, value)


__all__ = ["HELP_IDS", "PlayCommand", "help_lang"]
