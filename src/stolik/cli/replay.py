"""``stolik replay`` and ``stolik check``: a deal record (RULES §11, MARIAS §11), replayed
and scored.

The record's ``game`` key (none: Baśka) picks the game through the registry
(:mod:`stolik.games`); the game's ``record`` part reads and replays it, its ``sheet`` part
prints it. ``--ruleset`` replays a record under another ruleset of the same game. Every
call and card is checked against the ruleset; the first broken rule is reported as one
line naming the file, the deal, the entry and the rule, with exit status 1. The sheet and
that line are in the language of ``--lang`` (else ``STOLIK_LANG``, else English): the
language reaches the game's sheet as ``render_sheet(..., lang=)``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from stolik.cli.common import (
    WIDE,
    AsciiOption,
    LangOption,
    RulesetOption,
    cli_lang,
    load_game_rs,
    stdout_console,
    user_errors,
)
from stolik.errors import RecordError, StolikError
from stolik.games import GameSpec, UnknownGame, game_of_document
from stolik.i18n import Msg, trn
from stolik.records import load_document

ReplayLangOption = Annotated[str | None, typer.Option(
    "--lang", envvar="STOLIK_LANG", metavar="LANG", help="The language of the sheet and of a "
    "refused record's line: en (default), pl, or cs (Czech: Mariáš); default $STOLIK_LANG.",
    show_default=False)]
"""``--lang`` of ``stolik replay``: the sheet's words too (each game's ``sheet`` part)."""

FileArgument = Annotated[
    str,
    typer.Argument(metavar="FILE", help="A deal record: TOML, or JSON (RULES §11).",
                   show_default=False),
]


def _replay_file(file: str, ruleset: tuple[GameSpec, Any] | None) -> tuple[GameSpec, Any]:
    """Read ``file``, find its game, replay it with the game's ``record`` part (under
    ``ruleset``, a game and one of its rulesets, when given): the game and the replayed
    series."""
    doc = load_document(file)
    try:
        spec = game_of_document(doc)
    except UnknownGame as e:
        raise RecordError(Msg("err-rec-game-of", "{why} (RULES §11)", why=e.message),
                          source=file) from None
    module = spec.part("record")
    try:
        if ruleset is None:
            record = module.parse_record(doc, source=file)
        elif ruleset[0].id != spec.id:
            raise RecordError(Msg("err-rec-other-game", "--ruleset {ruleset} is a {game} "
                                  "ruleset; this is a {record} record", ruleset=ruleset[1].id,
                                  game=ruleset[0].id, record=spec.id), source=file)
        else:
            record = module.parse_record(doc, ruleset=ruleset[1], source=file)
        return spec, module.replay(record)
    except RecordError as e:
        raise e if e.source else e.with_source(file) from None
    except StolikError as e:  # an engine's message stays one: --lang says it
        raise RecordError(e.message if isinstance(e.message, Msg) else str(e),
                          source=file) from None


def replay_command(
    file: FileArgument,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the scored series as JSON (deals, totals, place points).")] = False,
    ruleset: RulesetOption = None,
    ascii: AsciiOption = False,
    lang: ReplayLangOption = None,
) -> None:
    """Replay a deal record and print its score sheet (zapis gry, RULES §11; Mariáš, Betel
    and licitovaný mariáš records too).

    Each deal is checked call by call and card by card, then scored (RULES §5–§9): one row
    per deal with the dealer (rozdający), the game — zwykła (plain game), cicha (silent
    game), wesele (wedding), gran, zoło, … — its declarer (grający), doubling (kontra,
    rekontra, …), multiplier, card points (oczka) and tricks (bitki) by seat, the winners,
    each player's payout and running total; bok-runda deals are marked B. Then the totals
    and place points. --ruleset replays the record under another ruleset than its own.

    A Mariáš record (game = "marias", MARIAS §11) prints its sheet in Kč: the game and
    trumps, the choosing side, each component settled and each player's money.

    The sheet's words are in the language of --lang (en, pl; cs for Mariáš), else
    STOLIK_LANG, else English.
    """
    with user_errors(lang):
        rs = load_game_rs(ruleset) if ruleset is not None else None
        spec, series = _replay_file(file, rs)
        if as_json:
            typer.echo(json.dumps(series.to_json(), ensure_ascii=False, indent=1))
            return
        spec.part("sheet").render_sheet(series, stdout_console(width=WIDE), ascii=ascii,
                                        lang=cli_lang(lang))


def check_command(
    files: Annotated[list[str], typer.Argument(
        metavar="FILE...", help="Deal records to check (TOML or JSON).", show_default=False)],
    ruleset: RulesetOption = None,
    lang: LangOption = None,
) -> None:
    """Only validate deal records: replay each one and print "FILE: ok, N deals".

    The first illegal call or card, card dealt twice, wrong seat or missing play is one line
    naming the file, the deal and the entry (RULES §11); the exit status is then 1.
    """
    with user_errors(lang):
        rs = load_game_rs(ruleset) if ruleset is not None else None
    failed = False
    for file in files:
        try:
            with user_errors(lang):
                _, series = _replay_file(file, rs)
                n = len(series.results)
                # in --lang, the plural form by the catalog's (issue 25.2)
                typer.echo(trn(cli_lang(lang), "check-ok", "check-ok-n", n, file=file))
        except typer.Exit:
            failed = True
    if failed:
        raise typer.Exit(1)
