"""``stolik play``: a series against three bots in the terminal, for the game the ruleset
selects (:mod:`stolik.games`).

The loop is the core's (:mod:`stolik.cli.table`; a game's ``terminal`` part fills its
:class:`~stolik.cli.table.TerminalPart`); the table is drawn by that part (Baśka:
:mod:`stolik.games.baska.terminal`, whose screen keeps RULES §3: your hand, the auction,
the trick in progress and the last trick; Mariáš: :mod:`stolik.games.marias.terminal`,
MARIAS §2–§6: your first four before the choice, the called card, fleky, your own last
trick, the money in Kč). A game that cannot be played in the terminal yet is refused in
one line.
"""

from __future__ import annotations

import contextlib
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, cast

import typer

from stolik.cli.common import AsciiOption, RulesetOption, load_game_rs, user_errors
from stolik.cli.play_help import PlayCommand
from stolik.errors import StolikError
from stolik.games import UnknownGame, game
from stolik.i18n import Msg
from stolik.i18n_cite import player_text

if TYPE_CHECKING:
    from stolik.cli.table import TerminalPart


class Language(StrEnum):
    """Languages of the play screen."""

    PL = "pl"
    EN = "en"
    CS = "cs"  # issue 25.1: every game's screen in Czech


def play_command(
    ruleset: RulesetOption = None,
    game_id: Annotated[str | None, typer.Option(
        "--game", metavar="ID", show_default=False,
        help="The game, when no --ruleset names it: its default ruleset is played "
        "(default: baska).")] = None,
    opponents: Annotated[str | None, typer.Option(
        "--opponents", metavar="BOT", show_default=False,
        help="The bots (Baśka: three of one kind, pimc — sampling + exact solver, "
        "strongest —, heuristic, or random; Mariáš: one kind, or three separated by commas; "
        "Betel: one kind, or two; licitovaný mariáš: one kind, or two). Default: the strongest "
        "installed.")] = None,
    deals: Annotated[int | None, typer.Option(
        "--deals", "-n", min=1, show_default=False,
        help="Number of deals (default: the ruleset's series length, 32).")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", "-s", show_default=False,
        help="Random seed: the same seed deals the same cards (default: a new one, "
        "shown on screen).")] = None,
    seat: Annotated[int, typer.Option(
        "--seat", min=1, max=4, help="Your seat 1–4, Betel and licitovaný mariáš 1–3 (seat 1 "
        "deals first; at Betel the first dealer is drawn by lot).")] = 1,
    name: Annotated[str | None, typer.Option(
        "--name", show_default=False, help="Your name on the score sheet and the record "
        "(default: Ty / You).")] = None,
    out: Annotated[str | None, typer.Option(
        "--out", "-o", metavar="FILE", show_default=False,
        help="Where to save the record of the finished deals (TOML, or JSON if FILE ends "
        ".json); default stolik-YYYYmmdd-HHMMSS.toml here.")] = None,
    ascii: AsciiOption = False,
    lang: Annotated[Language | None, typer.Option(
        "--lang", envvar="STOLIK_LANG", show_default=False, help="Language of the screen: "
        "pl (Polish), en (English) or cs (Czech); default $STOLIK_LANG, else the game's "
        "players' language (Mariáš and licitovaný mariáš cs, Baśka and Betel pl).")] = None,
    no_analysis: Annotated[bool, typer.Option(
        "--no-analysis", help="Skip the review of your decisions after each deal "
        "(faster).")] = False,
    delay: Annotated[float, typer.Option(
        "--delay", min=0.0, help="Seconds to wait after each bot move.")] = 0.0,
    samples: Annotated[int | None, typer.Option(
        "--samples", min=1, show_default=False,
        help="Deals sampled by hint and review (default: the analysis' own).")] = None,
) -> None:
    """Play a series against bots in the terminal (Baśka; another game with --game or --ruleset).

    You see your hand (legal cards numbered, the others dimmed), the auction (licytacja),
    the contract, the trick on the table and the last trick, and the running
    score. Type a number, a card (AH, 10♥), a call (pas, gran, kontra…), or hint, claim
    (wykładam: lay down your cards), sheet (zapis), help, quit. Quitting — or the end of
    input — saves the finished deals as a record that `stolik replay` reads. Mariáš
    (--game marias, --ruleset ctyrka): you see your first four cards until you choose,
    then the trumps, the called card, the calls and fleky, the trick, your own last
    trick and the money in Kč; type a number, a card (AH, TL, 7A), the choice (7A AA) or
    a call as records write it (dobry, hra sedma, flek hra, pass). Betel (--game betel):
    two bots, a match to 1000 or to the ruleset's minutes (or --deals N), seats 1–3; you
    see your hand, the auction with the contracts' names, the dubel cards you looked at,
    kontra, the trick and the points; type a number, a card, pas, kontra, a contract (2H,
    betelek-0), look 1 #1, look 2, take then lay AS KS. Licitovaný mariáš (--game
    licitovany): two bots, seats 1–3; you see your hand, the licitace, the talon and your
    discard when you are the aktér, the contract, fleky, hlášky, the trick and the money in
    Kč; type a number, a card, a call as records write it (sedma, mam, dobra, flek sto), the
    discard as two cards or their numbers, the contract (contract sto L).
    """
    # The screen's language: --lang or STOLIK_LANG, else the game's players' (Mariáš Czech).
    screen = lang.value if lang is not None else "pl"
    if lang is None and game_id is not None:
        with contextlib.suppress(UnknownGame):  # refused below, in Polish
            screen = game(game_id).lang
    with user_errors(screen):    # a refusal in the screen's language
        if game_id is not None:
            chosen = game(game_id)
            if ruleset is None:
                ruleset = chosen.default_ruleset
        spec, rs = load_game_rs(ruleset)
        if lang is None:
            screen = spec.lang
        if game_id is not None and spec.id != game_id:
            raise StolikError(Msg("err-play-ruleset-game", "--ruleset {ruleset} is a {game} "
                                  "ruleset, not {wanted}", ruleset=rs.id, game=spec.id,
                                  wanted=game_id))
        try:
            terminal = cast("TerminalPart", spec.part("terminal"))
        except UnknownGame:
            raise StolikError(Msg("err-play-no-terminal", "{game} cannot be played in the "
                                  "terminal yet (stolik simulate and stolik replay take it)",
                                  game=spec.name(screen))) from None
        # A person counts seats 1–4; the engine and the record 0–3 (RULES §11). The table
        # is what a player reads: the rule's words without citations (issue 25.8); a
        # refusal of the command line itself keeps its citation, as every command's does.
        with player_text():
            terminal.play(rs, opponents=opponents, deals=deals, seed=seed, seat=seat - 1,
                          name=name, out=out, ascii=ascii, lang=screen,
                          analysis=not no_analysis, delay=delay, samples=samples)


__all__ = ["Language", "PlayCommand", "play_command"]
