"""``stolik play --game marias`` end to end (issue 11): scripted deals through the CLI
(Typer's CliRunner with input) in Polish and English, typed moves and numbered options,
illegal input re-prompted in one line, hidden information (only the person's own view is
ever drawn), the suit pictures' ASCII fallback, and ``--opponents``.

A script is made by playing the same seeded series in-process
(:class:`~stolik.games.marias.series.Series`, the same seed deals the same cards and seeds
the same bots) with a person who picks moves from a seeded generator, typed as records
write them; the record the CLI saves must then be that series' record.
"""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.errors import IllegalMove
from stolik.games.marias.calls import Call
from stolik.games.marias.deck import ASCII_NAMES, parse_card
from stolik.games.marias.record import DealRecord, load_record, replay
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.series import Series
from stolik.games.marias.state import Move
from stolik.games.marias.terminal import read_action
from stolik.games.marias.words import money_text

runner = CliRunner()
RS = load_ruleset("ctyrka")
CARD = re.compile(r"(?<![A-Za-z0-9])([ATKOU987][HLBA])(?![A-Za-z0-9])")
"""A card as ``--ascii`` writes it (MARIAS §1)."""


def play(tmp_path: Path, *args: str, input: str, charset: str = "utf-8"
         ) -> tuple[int, str, str, Path]:
    """``stolik play --game marias`` with ``args`` and ``input``: exit status, stdout,
    stderr, the record's path."""
    out = tmp_path / "series.toml"
    result = CliRunner(charset=charset).invoke(
        app, ["play", "--game", "marias", "--out", str(out), *args], input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr, out


def typed(move: Move) -> str:
    """A move as a person types it: a card ``AH``, the choice ``7A AA``, a call in record
    words (MARIAS §11)."""
    if isinstance(move, int):
        return ASCII_NAMES[move]
    if move.word == "choose":
        return f"{ASCII_NAMES[move.card]} {ASCII_NAMES[move.called]}"
    return move.text(RS.flek_names)


def script(seed: int, seat: int, deals: int, kinds: tuple[str, ...], *, pick: int = 1,
           bad: bool = False, claim: bool = False) -> tuple[str, Series]:
    """The input of a person at ``seat`` choosing moves by ``random.Random(pick)``; with
    ``bad``, refused lines before some moves; with ``claim``, a lay-down at his first turn
    in each play (MARIAS §4.7: refused as too early, or judged). Returns the input and
    the series it plays."""
    s = Series.create(RS, deals=deals, seed=seed, humans=(seat,), names={seat: "Ola"},
                      opponents=kinds)
    rng = random.Random(pick)
    lines: list[str] = []
    claimed: set[int] = set()
    while True:
        while s.bot_move() is not None:
            pass
        if s.deal.is_over:
            s.end_deal()
            if s.is_over:
                return "\n".join(lines) + "\n", s
            lines.append("")  # Enter: the next deal
            s.next_deal()
            continue
        view = s.view(seat)
        if bad and view.phase == "choice":
            lines += ["zzz", "99", "KH TA" if parse_card("KH") not in view.hand else "7B AB"]
        if bad and view.phase in ("approval", "announce", "fleky"):
            lines += [ASCII_NAMES[view.hand[0]]]
        if bad and view.phase == "play":
            unheld = next(c for c in range(32) if c not in view.hand)
            lines += [ASCII_NAMES[unheld], "pass"]
            illegal = [c for c in view.hand if c not in view.legal]
            if illegal:
                lines.append(ASCII_NAMES[illegal[0]])
        if claim and view.phase == "play" and s.number not in claimed:
            claimed.add(s.number)
            lines.append("claim")
            with contextlib.suppress(IllegalMove):
                s.claim(seat)
            if s.deal.is_over:
                continue
        move = rng.choice(view.legal)
        lines.append(typed(move))
        s.apply(seat, move)


def deals_of(path: Path) -> tuple[DealRecord, ...]:
    return load_record(path).deals


# ---------------------------------------------------------------- whole deals


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_typed_series_is_played_to_its_end_and_saved(tmp_path: Path, lang: str) -> None:
    text, expected = script(11, 1, 2, ("heuristic", "random", "heuristic"), pick=5)
    code, out, err, path = play(tmp_path, "--deals", "2", "--seed", "11", "--seat", "2",
                                "--name", "Ola", "--opponents", "heuristic,random,heuristic",
                                "--lang", lang, input=text)
    assert code == 0, err
    assert "Traceback" not in out + err
    words = {"pl": ("Rozdanie 1/2", "Rozdanie 2/2", "Koniec rozdania 2", "Pieniądze",
                    "Rozliczenie", "Zapisano rozegrane rozdania (2)"),
             "en": ("Deal 1/2", "Deal 2/2", "End of deal 2", "Money", "Settlement",
                    "Saved the finished deals (2)")}[lang]
    for w in words:
        assert w in out
    assert deals_of(path) == expected.to_record().deals
    rec = load_record(path)
    assert rec.players == ("heuristic 0", "Ola", "random 2", "heuristic 3")
    totals = replay(rec).totals
    assert totals == expected.totals and sum(totals) == 0
    for x in range(4):  # the money per seat, in Kč with a comma (MARIAS §6)
        assert money_text(totals[x]) in out
    assert re.search(r"[+-]\d+,\d\d Kč", out) or set(totals) == {0}


def test_numbered_options_play_a_deal_with_the_czech_terms(tmp_path: Path) -> None:
    code, out, _, path = play(tmp_path, "--deals", "1", "--seed", "4", "--opponents",
                              "heuristic", "--lang", "en", input="1\n" * 60)
    assert code == 0
    assert "Trumps: 🔔 kule · called card A🔔" in out
    assert "Your options: 1) dobrý  2) betl  3) durch" in out
    assert "You are trhák" in out and "1) flek hra" in out        # the trhák duty (seed §5)
    assert "Your last trick:" in out and "Marriages (hlášky):" in out
    assert "Game: hra · fleky: hra re" in out
    assert "Settlement" in out and "hra" in out
    assert len(deals_of(path)) == 1


def test_illegal_input_is_one_line_and_asked_again(tmp_path: Path) -> None:
    text, expected = script(3, 1, 1, ("random",) * 3, pick=2, bad=True)
    code, out, err, path = play(tmp_path, "--deals", "1", "--seed", "3", "--seat", "2",
                                "--name", "Ola",
                                "--opponents", "random", "--lang", "en", input=text)
    assert code == 0, err
    assert "Traceback" not in out + err
    assert "There is no option 99" in out
    assert "Choose: lay one of your first four cards" in out
    assert "The bidding is on: type a number or a call" in out
    assert deals_of(path) == expected.to_record().deals
    if expected.finished[0][0].play:
        assert "The auction is over: play a card." in out
        assert "Not allowed: you do not hold" in out


@pytest.mark.parametrize(("lang", "prompt"), [("en", "Your move (help: help)> "),
                                              ("pl", "Twój ruch (wpisz pomoc)> ")])
def test_enter_alone_among_several_moves_asks_again_silently(tmp_path: Path, lang: str,
                                                             prompt: str) -> None:
    """issue 11 (the terminal table): Enter alone at the choice (MARIAS §4.1: several
    cards to lay) shows the prompt again and nothing else; it said "I don't understand
    ''" ("Nie rozumiem ''")."""
    code, out, err, _ = play(tmp_path, "--deals", "1", "--seed", "2", "--seat", "2",
                             "--opponents", "random", "--lang", lang, "--ascii",
                             input="\n\nquit\n")
    assert code == 0, err
    before, after = out.split(prompt, 1)
    assert " 2) " in before  # more than one move to choose from
    assert after.startswith(prompt * 2) and "''" not in out


def test_a_lay_down_is_judged_or_refused_in_one_line(tmp_path: Path) -> None:
    """``claim`` in the play: a false lay-down is a renonc that ends the deal (seed §8);
    one too early to judge is one line, and the deal goes on (MARIAS §4.7)."""
    text, expected = script(4, 0, 2, ("heuristic",) * 3, pick=3, claim=True)
    assert text.count("claim") >= 1
    code, out, err, path = play(tmp_path, "--deals", "2", "--seed", "4", "--name", "Ola",
                                "--opponents", "heuristic", "--lang", "en", input=text)
    assert code == 0, err
    assert "Traceback" not in out + err
    assert deals_of(path) == expected.to_record().deals
    assert ("False lay-down" in out) or ("too early" in out) or ("You lay your cards" in out)


def test_an_illegal_card_names_the_cards_allowed() -> None:
    from stolik.games.marias.state import Deal

    d = Deal.from_text(RS, 3, ["7A AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
                               "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"])
    for m in ["trump=7A call=TA", "dobry", "dobry", "dobry", "dobry", "sto", "nic", "nic",
              "nic", "pass", "pass", "pass", "pass", "AL"]:
        d.move(m)
    view = d.view(1)
    problem = read_action("AH", view, RS, "en")
    assert getattr(problem, "message", "") == \
        "Not allowed: AH may not be played now: play UL 9L 8L 7L (MARIAS §3)"
    assert read_action("7l", view, RS) == parse_card("7L")
    assert "nie możesz teraz zagrać AH" in getattr(read_action("AH", view, RS, "pl"),
                                                   "message", "")


def test_the_trhak_types_flek_alone() -> None:
    from stolik.games.marias.state import Deal

    d = Deal.from_text(RS, 3, ["7A AA KA TA 8A OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
                               "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B OA UA 9A KH"])
    for m in ["trump=7A call=AA", "dobry", "dobry", "dobry", "dobry", "hra", "nic", "nic",
              "nic", "pass", "pass"]:
        d.move(m)
    view = d.view(3)  # holds the trump svršek: trhák (seed §5)
    assert read_action("flek", view, RS) == Call("raise", component="hra", level=1)
    assert read_action("", view, RS) == Call("raise", component="hra", level=1)
    assert "not allowed now" in getattr(read_action("pass", view, RS, "en"), "message", "")


# ---------------------------------------------------------------- hidden information


def test_before_the_choice_only_the_first_four_are_shown(tmp_path: Path) -> None:
    code, out, _, _ = play(tmp_path, "--deals", "1", "--seed", "3", "--seat", "2",
                           "--opponents", "heuristic", "--lang", "en", "--ascii",
                           input="quit\n")
    assert code == 0
    first_screen = out.split("Your move (help: help)>")[0]
    s = Series.create(RS, deals=1, seed=3, humans=(1,))
    dealt = s.deal.dealt[1]           # seat 2 chooses in deal 1 (MARIAS §4.1)
    first, rest = dealt[:4], dealt[4:]
    hand = next(line for line in first_screen.splitlines() if "Your cards:" in line)
    assert sorted(parse_card(c) for c in CARD.findall(hand)) == sorted(first)
    assert "(your first four; the rest after the choice)" in hand
    # Outside the menu of called cards (any card of a suit of the four), none of the rest.
    shown = "\n".join(line for line in first_screen.splitlines() if "call:" not in line)
    assert not {parse_card(c) for c in CARD.findall(shown)} & set(rest)
    assert "No deal is finished" in out


@pytest.mark.parametrize(("seed", "seat", "kinds"), [
    (3, 2, "heuristic"),            # the hra is flekked and not re'd: no card is played
    (4, 1, "heuristic,random,heuristic"),
    (11, 2, "random"),
])
def test_another_seats_card_is_shown_only_once_played(tmp_path: Path, seed: int, seat: int,
                                                      kinds: str) -> None:
    """Every card of another seat that the screen shows before the deal is over was
    played before it (in a line of its own, as it was played); the called card is named by
    the choice. After a deal thrown in before the play (no re, MARIAS §4.5) no hand is
    shown at all."""
    code, out, _, path = play(tmp_path, "--deals", "1", "--seed", str(seed), "--seat",
                              str(seat), "--opponents", kinds, "--lang", "en", "--ascii",
                              input="1\n" * 80)
    assert code == 0
    deal = deals_of(path)[0]
    rec = load_record(path)
    assert rec.players is not None
    me = seat - 1
    others = {c for s in range(4) if s != me for c in deal.hands[s]}
    called = parse_card(deal.choice[1].split("call=")[1])
    played: set[int] = set()
    shown: set[int] = set()
    event = re.compile(r"^  (" + "|".join(map(re.escape, rec.players)) + r"): (.*)$")
    during, _, after = out.partition("End of deal 1")
    assert after
    for line in during.splitlines():
        if "call:" in line:  # the choice's menu: every card of a suit, whoever holds it
            continue
        m = event.match(line)
        if m:
            played |= {parse_card(c) for c in CARD.findall(m.group(2))}
            continue
        for c in map(parse_card, CARD.findall(line)):
            assert c not in others or c in played or c == called, line
            shown.add(c)
    unplayed = others - {c for _, c in deal.play}
    if seed == 3:
        assert not deal.play and len(unplayed) == 24 and "No game without re" in out
        assert not {parse_card(c) for c in CARD.findall(after)} & (unplayed - {called})
    assert not (shown | played) & (unplayed - {called})


@pytest.mark.parametrize("analysis", [True, False])
def test_a_played_deal_ends_with_every_hand_and_the_review(tmp_path: Path,
                                                           analysis: bool) -> None:
    """After a played deal every hand as dealt is shown (as the web table's reveal) and,
    unless --no-analysis, the solver's review of the person's cards."""
    code, out, _, path = play(tmp_path, "--deals", "1", "--seed", "4", "--seat", "1",
                              "--opponents", "heuristic,random,heuristic", "--lang", "en",
                              "--ascii", *(() if analysis else ("--no-analysis",)),
                              input="1\n" * 80)
    assert code == 0
    deal = deals_of(path)[0]
    assert deal.play
    after = out.partition("End of deal 1")[2]
    rows = [line for line in after.splitlines()
            if any(n in line for n in load_record(path).players or ())]
    for hand in deal.hands:  # each dealt hand is one row of the table
        assert any({parse_card(c) for c in CARD.findall(r)} == set(hand) for r in rows), hand
    assert ("Review of your decisions" in after) is analysis
    assert ("Checked with every hand open" in after) is analysis


def test_the_partner_stays_hidden_until_he_shows_himself(tmp_path: Path) -> None:
    code, out, _, _ = play(tmp_path, "--deals", "1", "--seed", "4", "--opponents",
                           "heuristic,random,heuristic", "--lang", "en", input="1\n" * 60)
    assert code == 0
    screens = out.split("Your move (help: help)>")
    sides = [line for scr in screens for line in scr.splitlines() if "Your side:" in line]
    # A defender: his partner is named only after the called card (A kule) was played.
    assert "with" not in sides[0]
    first_with = next(i for i, line in enumerate(sides) if "with" in line)
    before = "".join(screens[:first_with + 2])
    assert "random 2: A🔔" in before


# ---------------------------------------------------------------- ASCII, bots


def test_ascii_and_a_terminal_without_unicode_write_suit_letters(tmp_path: Path) -> None:
    for args, charset in ((["--ascii"], "utf-8"), ([], "cp1250")):
        code, out, err, _ = play(tmp_path, "--deals", "1", "--seed", "4", "--opponents",
                                 "heuristic", "--lang", "pl", *args, input="1\n" * 60,
                                 charset=charset)
        assert code == 0, err
        assert not set("♥🍃🔔🌰→╭│") & set(out)
        assert "Atut: B kule · wołana karta AB" in out
        assert "+----" in out or "|" in out
        assert "Koniec rozdania 1" in out


def test_an_unknown_bot_is_one_line(tmp_path: Path) -> None:
    for bad in ("chess", "heuristic,random"):
        code, out, err, path = play(tmp_path, "--opponents", bad, input="")
        assert code != 0
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("stolik: ")
        assert "Traceback" not in out + err and not path.exists()
    assert "no Mariáš bot 'chess': choose --opponents random" in \
        play(tmp_path, "--opponents", "chess", "--lang", "en", input="")[2]
