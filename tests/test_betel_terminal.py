"""``stolik play --game betel`` end to end (issue 12): scripted deals through the CLI
(Typer's CliRunner with input) in Polish and English, typed moves and numbered options,
illegal input re-prompted in one line, and hidden information — a dubel card another seat
looked at or laid back never appears, nor another seat's card before it is played.

A script is made by playing the same seeded match in-process
(:class:`~stolik.games.betel.series.Series`: the same seed deals the same cards and seeds
the same bots) with a person who picks moves from a seeded generator, typed as records
write them; the record the CLI saves must then be that match's record.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.cli.prompt import Problem
from stolik.games.betel.calls import Action, bid
from stolik.games.betel.deck import ASCII_NAMES, parse_card
from stolik.games.betel.prompt import read_action
from stolik.games.betel.record import load_record, replay, replay_deal
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.series import Series
from stolik.games.betel.state import Deal, Move

RS = load_ruleset("gps-2022")
CARD = re.compile(r"(?<![A-Za-z0-9#-])([AKQJT987][CDHS])(?![A-Za-z0-9])")
"""A card as ``--ascii`` writes it (BETEL §1, §6)."""


def play(tmp_path: Path, *args: str, input: str) -> tuple[int, str, Path]:
    """``stolik play --game betel`` with ``args`` and ``input``: exit status, output, the
    record's path."""
    out = tmp_path / "match.toml"
    result = CliRunner().invoke(app, ["play", "--game", "betel", "--out", str(out), *args],
                                input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, out


def typed(move: Move) -> str:
    """A move as a person types it: a card ``AH``, an auction step in record words."""
    return ASCII_NAMES[move] if isinstance(move, int) else move.text(RS)


def script(seed: int, deals: int, name: str, pick: Callable[[list[Move]], Move],
           ) -> tuple[list[str], Series]:
    """The lines a person at seat 1 types to play ``deals`` deals of the match ``seed``
    against two random bots, choosing with ``pick``; and the match so played."""
    s = Series.create(RS, deals=deals, seed=seed, humans=(0,), names={0: name},
                      opponents=("random", "random"))
    lines: list[str] = []
    while True:
        while s.bot_move() is not None:
            pass
        if s.deal.is_over:
            s.end_deal()
            if s.is_over:
                return lines, s
            s.next_deal()
            lines.append("")  # the pause between deals
            continue
        move = pick(list(s.view(0).legal))
        lines.append(typed(move))
        s.apply(0, move)


@pytest.mark.parametrize(("lang", "name", "words"), [
    ("pl", "Ty", ("Rozdanie 1", "Licytacja", "Koniec rozdania 1", "Zapisano")),
    ("en", "You", ("Deal 1", "Auction", "End of deal 2", "Saved the finished deals (2)")),
])
def test_a_typed_match_is_played_and_saved(tmp_path: Path, lang: str, name: str,
                                           words: tuple[str, ...]) -> None:
    """Two deals typed as records write them (BETEL §6's words: cards, pas, contracts,
    look 1 #1, take, lay …): the saved record is the in-process match's, and replays to
    its totals (BETEL §5, §6)."""
    rng = random.Random(7)
    lines, s = script(11, 2 if lang == "en" else 1, name, rng.choice)
    code, out, path = play(tmp_path, "--seed", "11", "--deals", str(len(s.finished)),
                           "--opponents", "random", "--lang", lang, "--ascii",
                           input="\n".join(lines) + "\n")
    assert code == 0
    for w in words:
        assert w in out
    rec = load_record(path)
    assert rec.deals == s.to_record().deals and rec.players == s.players
    assert replay(rec).totals == s.match.totals
    assert "Traceback" not in out


def test_numbered_options_and_contract_names(tmp_path: Path) -> None:
    """Typing 1 and 5 in turn plays a whole deal (1: look at the first dubel card, 5: pas —
    the auction's numbers stay put, issue 25.6 — and in the play the first or fifth legal
    card); the options and the auction name the contracts as the ruleset spells them
    (BETEL §2), with their record words (BETEL §6); the looker is shown the dubel card he
    looked at (BETEL §3)."""
    code, out, path = play(tmp_path, "--seed", "2", "--deals", "1", "--lang", "en",
                           "--ascii", input="1\n5\n" * 200)
    assert code == 0
    assert "1) look 1 #1" in out and "Szlem bez atu (szlem-BA)" in out
    assert re.search(r"You: looks at one dubel card: [AKQJT987][CDHS]$", out, re.M)
    assert "End of deal 1" in out
    assert len(load_record(path).deals) == 1


def test_illegal_input_is_one_line_and_asked_again(tmp_path: Path) -> None:
    """issue 12 (the terminal table): input that is no legal move is refused in one line and
    asked again — a word it does not know, a card in the auction (BETEL §3), an option
    that is not there, ``look 1`` naming a card rather than the place of a dubel card
    (BETEL §1: the dubel lies face down; §3: looking at one card)."""
    text = "zzz\nAS\n99\nlook 1 7H\n" + "1\n5\n" * 200
    code, out, _ = play(tmp_path, "--seed", "2", "--deals", "1", "--lang", "en", "--ascii",
                        input=text)
    assert code == 0
    assert "I don't understand 'zzz'" in out
    assert "The auction is on: make a call (e.g. pass) or pick a number." in out
    assert "There is no step 99 now: choose a number shown" in out
    assert "Name the dubel card by its place: look 1 #1 or look 1 #2" in out
    assert "Traceback" not in out
    # each refusal is followed by the prompt again, and the deal goes on to its end
    assert out.count("Your move (help: help)>") >= 5 and "End of deal 1" in out


@pytest.mark.parametrize(("lang", "prompt"), [("en", "Your move (help: help)> "),
                                              ("pl", "Twój ruch (wpisz pomoc)> ")])
def test_an_empty_line_shows_the_prompt_again_and_nothing_else(tmp_path: Path, lang: str,
                                                               prompt: str) -> None:
    """issue 12 (the terminal table): Enter alone while several moves are on offer — the
    person's first call, BETEL §3 — shows the prompt again and nothing else; it said "I
    don't understand ''" ("Nie rozumiem ''"). In the play (BETEL §4) it means no move."""
    code, out, _ = play(tmp_path, "--seed", "2", "--deals", "1", "--lang", lang, "--ascii",
                        input="\n\nquit\n")
    assert code == 0
    screen, rest = out.split(prompt, 1)
    assert " 2) " in screen  # several moves on offer
    assert rest.startswith(prompt * 2) and "''" not in out
    d = Deal.from_text(RS, 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
                               "AC KC QC JC TC 9C 8C 7C QH JH",
                               "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
    for call in ("2H", "pas", "pas"):
        d.move(call)
    assert d.phase == "play" and len(d.view(0).legal) > 1
    assert read_action("  ", d.view(0), RS, lang) == Problem("")


def test_an_illegal_call_names_the_calls_allowed() -> None:
    """Over a standing 2H a lower contract is refused naming what may be said (BETEL §3);
    a card in the auction, or a card not held in the play, is one line too."""
    d = Deal.from_text(RS, 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
                               "AC KC QC JC TC 9C 8C 7C QH JH",
                               "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
    d.move("2H")
    v = d.view(1)
    said = read_action("1C", v, RS, "en")
    assert isinstance(said, Problem)
    assert said.message.startswith("Not allowed: 1c is not a call you may make now; you "
                                   "may: look 1 #1, look 1 #2, look 2, take, pas, 2S")
    assert read_action("Dwa piki", v, RS) == read_action("2s", v, RS) == bid(10)
    d.move("pas")
    d.move("pas")  # 2H stands: seat 0 leads
    v0 = d.view(0)
    assert read_action("AC", v0, RS, "en") == Problem(
        "Not allowed: you do not hold AC")
    assert read_action("AS", v0, RS) == parse_card("AS")


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_dubel_and_other_hands_stay_hidden(tmp_path: Path, seed: int) -> None:
    """A person who never touches the dubel: every card of another seat that the screen
    shows was played before it, in a line of its own; the dubel lying at the end (looked
    at or laid back by a bot) never appears at all (BETEL §3)."""
    rng = random.Random(seed)

    def no_dubel(legal: list[Move]) -> Move:
        plain = [m for m in legal if not (isinstance(m, Action) and m.kind in ("look",
                                                                               "take"))]
        return rng.choice(plain)

    lines, _ = script(seed, 1, "You", no_dubel)
    code, out, path = play(tmp_path, "--seed", str(seed), "--deals", "1", "--opponents",
                           "random", "--lang", "en", "--ascii", input="\n".join(lines) + "\n")
    assert code == 0
    rec = load_record(path).deals[0]
    bots_dubel = [e for e in rec.auction if e.seat != 0 and (e.look or e.laid)]
    assert bots_dubel, "the test needs a deal where a bot looks or exchanges"
    hidden = set(replay_deal(RS, rec).pos.dubel)
    mine = set(rec.hands[0])
    played: set[int] = set()
    event = re.compile(r"^  (You|random 2|random 3): (.*)$")
    for line in out.splitlines():
        cards = {parse_card(c) for c in CARD.findall(line)}
        assert not cards & hidden, line
        m = event.match(line)
        if m:
            # another seat's line names a card only when it plays it: never in a call
            assert m.group(1) == "You" or not cards or CARD.match(m.group(2)), line
            played |= cards
            continue
        assert cards <= mine | played, line
    assert "looks at" in out or "takes the dubel" in out


def test_hint_names_the_expert_bots_move_and_changes_nothing() -> None:
    """``hint`` (``podpowiedź``) at the terminal: the strongest bot's (expert's) move on the
    person's own view (as the web table's hint), a legal one, seeded by the position; the
    deal is unchanged until he moves (BETEL §4)."""
    import io

    from rich.console import Console

    from stolik.games.betel.hint import hint_move, hint_seed
    from stolik.games.betel.terminal import PlayUI

    s = Series.create(RS, deals=1, seed=3, humans=(0,), opponents=("random", "random"))
    while s.bot_move() is not None:
        pass
    view = s.view(0)
    best = hint_move(RS, view, hint_seed(s.seed, s.number, len(s.deal.log), 0))
    assert best in view.legal
    before = len(s.deal.log)
    typed_best = typed(best)
    lines = iter(["podpowiedź", typed_best])
    out = io.StringIO()
    ui = PlayUI(s, 0, Console(file=out, width=120, color_system=None), lang="pl",
                ascii=True, read=lambda prompt: next(lines))
    assert ui.human_turn()
    hint = next(line for line in out.getvalue().splitlines() if "Najsilniejszy bot" in line)
    assert hint.rstrip().endswith(typed_best if isinstance(best, int)
                                  else ui.option_text(best))
    assert s.deal.log[before].seat == 0 and len(s.deal.log) > before


def test_betel_1_the_first_dealer_is_chosen_by_lot(tmp_path: Path) -> None:
    """BETEL §1: the first dealer is chosen by lot — drawn from the match's seed (the person
    used to deal, and so speak, first in every match); then one seat clockwise each deal."""
    from stolik.games.betel.series import first_dealer_by_lot

    assert {first_dealer_by_lot(s) for s in range(30)} == {0, 1, 2}
    seed = 3
    assert first_dealer_by_lot(seed) == 2
    code, out, path = play(tmp_path, "--seed", str(seed), "--deals", "2", "--opponents",
                           "random", "--lang", "en", "--ascii", input="1\n5\n" * 400)
    assert code == 0
    assert [d.dealer for d in load_record(path).deals] == [2, 0]
    assert "dealer random 3" in out
