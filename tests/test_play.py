"""``stolik play`` end to end (through its input, with Typer's CliRunner) and the
:class:`~stolik.games.baska.session.Session` it runs on: whole series, bad input, hint,
quit and EOF saving a record that ``stolik replay`` accepts, and claims."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Literal

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.cli.prompt import Problem
from stolik.games.baska.calls import Call
from stolik.games.baska.deck import DECK
from stolik.games.baska.record import load_record, replay
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.session import Session, available_bots
from stolik.games.baska.state import Deal
from stolik.games.baska.terminal import read_action, tr

runner = CliRunner()
FIRST = "1\n" * 400
"""Always the first legal option (the auction's first is pass), and Enter between deals."""


def play(tmp_path: Path, *args: str, input: str = FIRST) -> tuple[int, str, Path]:
    """Run ``stolik play`` with ``args`` and ``input``; exit status, output, record path."""
    out = tmp_path / "series.toml"
    result = runner.invoke(app, ["play", "--out", str(out), *args], input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, out


def drive(session: Session) -> None:
    """Play a session to its end answering every turn with the first legal move."""
    while not session.is_over:
        session.advance_bots()
        if session.waiting_for_next:
            session.next_deal()
        elif session.human_to_act is not None:
            session.apply(session.human_to_act, session.legal_moves()[0])


def replay_totals(path: Path) -> list[int]:
    """``stolik replay --json`` of a record: its totals (and it must be accepted)."""
    result = runner.invoke(app, ["replay", "--json", str(path)])
    assert result.exit_code == 0, result.stdout + result.stderr
    totals: list[int] = json.loads(result.stdout)["totals"]
    return totals


# ---------------------------------------------------------------- the command


def test_whole_series_by_first_legal_option(tmp_path: Path) -> None:
    code, text, out = play(tmp_path, "--deals", "2", "--opponents", "random", "--seed", "1",
                           "--no-analysis", "--lang", "en")
    assert code == 0
    assert "Deal 1/2" in text and "Deal 2/2" in text
    assert "End of deal 1" in text and "End of deal 2" in text
    assert "End of the series" in text and "Saved the finished deals (2)" in text
    assert "Traceback" not in text
    # The record replays to the totals of the same series played through the Session API.
    s = Session.create("pucka-2019", deals=2, seed=1, opponents="random",
                       names={0: "You"})
    drive(s)
    assert replay_totals(out) == list(s.totals)
    rec = load_record(out)
    assert rec.players == ("You", "random 1", "random 2", "random 3")
    assert [d.dealer for d in rec.deals] == [0, 1]


def test_screen_shows_hand_auction_and_numbered_options(tmp_path: Path) -> None:
    code, text, _ = play(tmp_path, "--deals", "1", "--opponents", "random", "--seed", "4",
                         "--no-analysis", "--lang", "en", "--ascii", input="quit\n")
    assert code == 0
    assert "Your cards:" in text and "Auction:" in text and "Your calls: 1) pass" in text
    assert "Score (0):" in text
    assert not re.search("[♣♠♥♦]", text.split("Your cards:")[1].splitlines()[0])
    assert "No deal is finished — nothing saved." in text


@pytest.mark.parametrize(("lang", "prompt"), [("en", "Your move (help: help)> "),
                                              ("pl", "Twój ruch (wpisz pomoc)> ")])
def test_an_empty_line_shows_the_prompt_again_and_nothing_else(
        tmp_path: Path, lang: Literal["pl", "en"], prompt: str) -> None:
    """Enter alone at the table (RULES §4 auction, §3 play) shows the prompt again and
    says nothing, as at Mariáš's and Betel's tables; in the play it said "I don't
    understand ''" ("Nie rozumiem ''"), in the auction the auction's hint."""
    code, text, _ = play(tmp_path, "--deals", "1", "--opponents", "random", "--seed", "1",
                         "--no-analysis", "--lang", lang, "--ascii", input="\n\nquit\n")
    assert code == 0
    screen, rest = text.split(prompt, 1)
    assert " 2) " in screen  # several calls on offer
    assert rest.startswith(prompt * 2) and "''" not in text
    rs = load_ruleset("pucka-2019")
    d = Deal.from_text(rs, dealer=0, hands=["AH TH QC AD", "QS QH JC TD", "AC TC AS TS",
                                            "QD JS JH JD"])
    while d.phase == "auction":
        d.call(d.legal_calls()[0])
    seat = d.to_act
    assert seat is not None and len(d.view(seat).legal_cards) > 1
    assert read_action("", d.view(seat), rs, lang) == Problem("")


def test_illegal_input_reprompts_with_the_reason(tmp_path: Path) -> None:
    lines = "AH\n99\nblah\nhelp\nquit\n"
    code, text, out = play(tmp_path, "--deals", "1", "--opponents", "random", "--seed", "1",
                           "--lang", "en", input=lines)
    assert code == 0
    assert "The auction is on: make a call" in text
    assert "There is no option 99" in text
    # the rule's words, without its citation at the table (issue 25.8)
    assert "Not allowed: unknown call 'blah'" in text and "§" not in text
    assert "Commands:" in text
    assert text.count("Your move (help: help)>") == 5
    assert not out.exists()


def test_illegal_card_in_play_names_the_rule(tmp_path: Path) -> None:
    # Find a seed whose first play turn leaves the player an illegal card, then try it.
    for seed in range(40):
        s = Session.create("pucka-2019", deals=1, seed=seed, opponents="random",
                           names={0: "You"})
        while s.deal.phase == "auction":
            s.advance_bots()
            if s.human_to_act is not None and s.deal.phase == "auction":
                s.apply(0, s.legal_moves()[0])
        s.advance_bots()
        if s.human_to_act is None:
            continue
        view = s.view(0)
        bad = [c for c in view.hand if c not in view.legal_cards]
        if not bad:
            continue
        calls = sum(1 for seat, _ in view.calls if seat == 0)
        from stolik.games.baska.deck import DECK

        lines = "1\n" * calls + DECK.name(bad[0], ascii=True) + "\nquit\n"
        code, text, _ = play(tmp_path, "--deals", "1", "--opponents", "random", "--seed",
                             str(seed), "--lang", "en", input=lines)
        assert code == 0
        assert re.search(r"Not allowed: seat 0 (must|has no) [^\n§]*\n", text)  # 25.8
        return
    pytest.fail("no seed gave an illegal card")  # pragma: no cover


def test_hint_prints_something(tmp_path: Path) -> None:
    code, text, _ = play(tmp_path, "--deals", "1", "--opponents", "random", "--seed", "2",
                         "--lang", "en", "--samples", "8", input="hint\nquit\n")
    assert code == 0
    after = text.split("Thinking…", 1)[1].strip().splitlines()
    assert after and after[0].strip()
    assert after[0].startswith(("Hint: ", "Analysis unavailable"))  # --lang en: English
    assert "Traceback" not in text


def test_quit_between_deals_saves_a_replayable_record(tmp_path: Path) -> None:
    # Deal 1 answered with first options, then quit at the pause before deal 2.
    s = Session.create("linia", deals=3, seed=5, opponents="random", names={0: "You"})
    answers = 0
    while not s.deal.is_over:
        s.advance_bots()
        if s.human_to_act is not None:
            s.apply(0, s.legal_moves()[0])
            answers += 1
    code, text, out = play(tmp_path, "--ruleset", "linia", "--deals", "3", "--opponents",
                           "random", "--seed", "5", "--no-analysis", "--lang", "en",
                           input="1\n" * answers + "q\n")
    assert code == 0
    assert f"Saved the finished deals (1) to {out}" in text
    assert replay_totals(out) == list(s.totals)
    assert replay(load_record(out)).totals == s.totals


def test_eof_is_quit_and_never_a_traceback(tmp_path: Path) -> None:
    code, text, out = play(tmp_path, "--deals", "2", "--opponents", "random", "--seed", "3",
                           "--no-analysis", input="")
    assert code == 0 and "Traceback" not in text
    assert not out.exists()
    # EOF at the pause after deal 1: deal 1 is saved.
    s = Session.create("pucka-2019", deals=2, seed=3, opponents="random")
    answers = 0
    while not s.deal.is_over:
        s.advance_bots()
        if s.human_to_act is not None:
            s.apply(0, s.legal_moves()[0])
            answers += 1
    code, text, out = play(tmp_path, "--deals", "2", "--opponents", "random", "--seed", "3",
                           "--no-analysis", input="1\n" * answers)
    assert code == 0 and out.exists()
    assert replay_totals(out) == list(s.totals)


def test_review_after_each_deal(tmp_path: Path) -> None:
    code, text, _ = play(tmp_path, "--deals", "1", "--opponents", "random", "--seed", "1",
                         "--lang", "en", "--samples", "4")
    assert code == 0
    assert "Review of your decisions" in text
    assert "Traceback" not in text


def test_other_seat_and_default_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "--deals", "1", "--opponents", "random", "--seed",
                                 "9", "--seat", "3", "--name", "Ala", "--no-analysis"],
                           input=FIRST)
    assert result.exit_code == 0
    files = list(tmp_path.glob("stolik-*.toml"))
    assert len(files) == 1 and files[0].name in result.stdout
    # --seat counts 1–4 as a person does; the record keeps the engine's 0–3 (RULES §11).
    assert load_record(files[0]).players == ("random 0", "random 1", "Ala", "random 3")


@pytest.mark.skipif("pimc" in available_bots(), reason="the pimc bot is installed")
def test_missing_bot_is_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--opponents", "pimc"], input="")
    assert result.exit_code == 1
    assert result.stderr.startswith("stolik: the pimc bot is not available")


# ---------------------------------------------------------------- the session


def test_session_series_matches_replay_with_bok_rounds() -> None:
    s = Session.create("linia", deals=40, seed=11, humans=(), opponents="random")
    drive(s)
    series = replay(s.to_record())
    assert series.totals == s.totals
    assert [r.bok_deal for r in series.results] == [f.bok_deal for f in s.finished]
    assert [f.record.dealer for f in s.finished] == [i % 4 for i in range(40)]
    assert s.place_points == series.place_points


def test_session_refuses_illegal_moves_and_wrong_seats() -> None:
    s = Session.create("pucka-2019", deals=1, seed=1, opponents="random")
    s.advance_bots()
    assert s.human_to_act == 0
    with pytest.raises(ValueError, match="RULES §3"):
        s.apply(0, s.view(0).hand[0])
    with pytest.raises(ValueError, match="seat 1 may not call now"):
        s.apply(1, Call("pass"))


def _gran_deal(hands: list[str]) -> Session:
    """Seat 0 (a person) is forehand (dealer 3) and calls gran; the others pass."""
    s = Session.create("linia", deals=1, seed=0, opponents="random")
    s.deal = Deal.from_text(s.rs, dealer=3, hands=hands)
    for seat, call in [(1, "pass"), (2, "pass"), (3, "pass"), (0, "gran"), (1, "pass"),
                       (2, "pass"), (3, "pass")]:
        s.apply(seat, s.deal.parse_call(call))
    return s


def test_claim_accepted_when_laid_down() -> None:
    s = _gran_deal(["JC JS AH AC", "QC QS QH QD", "TC TS TH TD", "AS AD JH JD"])
    verdict = s.claim(0)
    assert verdict.certain and verdict.how == "laid-down"
    assert s.deal.is_over and len(s.finished) == 1
    assert s.finished[0].result.winners == (0,)
    assert replay(s.to_record()).totals == s.totals


def test_claim_refused_when_not_certain() -> None:
    s = _gran_deal(["JC JS TH QH", "QC QS AH QD", "TC TS AC TD", "AS AD JH JD"])
    log = len(s.deal.log)
    verdict = s.claim(0)
    assert not verdict.certain and verdict.how == "refused"
    assert "not certain" in verdict.reason
    assert len(s.deal.log) == log and not s.finished


def test_claim_in_the_auction_or_out_of_turn_is_refused() -> None:
    s = Session.create("pucka-2019", deals=1, seed=1, opponents="random")
    s.advance_bots()
    assert not s.claim(0).certain
    assert "only during the play" in s.claim(0).reason


def test_claim_of_a_partner_game_needs_a_fixed_result() -> None:
    """A claim by anyone but a lone declarer is certain only when no layout of the cards
    he cannot see and no play can change the result — judged on his information, never on
    the real hands (hidden information). Seat 0 plays last to the last trick: nothing is
    unseen, the result is fixed."""
    rs = load_ruleset("pucka-2019")
    hands = ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"]
    plays = ["1 JC", "2 TC", "3 QD", "0 QC", "0 AH", "1 TD", "2 TS", "3 JD", "0 AD", "1 QH",
             "2 AC", "3 JS", "1 QS", "2 AS", "3 JH"]
    s = Session.create(rs, deals=1, seed=0, opponents="random")
    s.deal = Deal.from_text(rs, dealer=0, hands=hands)
    for seat in (2, 3, 0, 1):
        s.apply(seat, Call("pass"))
    for i, entry in enumerate(plays):
        who, card = entry.split()
        if who == "0" and i < 4:
            assert not s.claim(0).certain  # the first trick: much can still change
        s.apply(int(who), DECK.parse_card(card))
    assert s.human_to_act == 0
    verdict = s.claim(0)
    assert verdict.certain and verdict.how == "fixed"
    assert s.deal.is_over and len(s.finished) == 1


def test_claim_through_the_prompt(tmp_path: Path) -> None:
    text = tr("en", "tui-claim-only-play")
    code, out_text, _ = play(tmp_path, "--deals", "1", "--opponents", "random", "--seed",
                             "1", "--lang", "en", "--no-analysis", input="claim\nquit\n")
    assert code == 0 and text in out_text


def test_read_action_numbers_cards_and_commands() -> None:
    rs = load_ruleset("pucka-2019")
    d = Deal.from_text(rs, dealer=0, hands=["AH TH QC AD", "QS QH JC TD", "AC TC AS TS",
                                            "QD JS JH JD"])
    for _ in range(4):
        d.call("pass")
    d.play("JC")
    v = d.view(2)
    assert read_action("quit", v, rs).__class__.__name__ == "Command"
    assert read_action("1", v, rs) == v.legal_cards[0]
    assert read_action("10♣", v, rs) == read_action("TC", v, rs)
    assert read_action("pas", v, rs, "en") == read_action("kontra", v, rs, "en")


def test_without_the_analysis_module_hint_and_review_degrade(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "stolik.games.baska.analysis", None)
    code, text, out = play(tmp_path, "--deals", "1", "--opponents", "random", "--seed", "1",
                           "--lang", "en", input="hint\n" + FIRST)
    assert code == 0 and out.exists()
    assert text.count("Analysis unavailable: analysis (hint, review) is not available") == 2
    assert "Traceback" not in text


def test_claim_at_every_turn_through_the_prompt(tmp_path: Path) -> None:
    # "claim" before every move: refused in the auction and while the play is open, and
    # accepted at the latest on the last trick, where nothing can change any more.
    code, text, out = play(tmp_path, "--deals", "2", "--opponents", "random", "--seed", "1",
                           "--no-analysis", "--lang", "en", input="claim\n1\n" * 100)
    assert code == 0 and "Traceback" not in text
    assert "You can lay down your cards only during the play." in text
    assert text.count("You lay down your cards — ") == 2
    rec = load_record(out)
    assert len(rec.deals) == 2 and all(len(d.play) == 16 for d in rec.deals)
    assert replay_totals(out) == list(replay(rec).totals)


def test_honour_called_at_the_prompt(tmp_path: Path) -> None:
    from io import StringIO

    from rich.console import Console

    from stolik.games.baska.terminal import PlayUI

    s = Session.create("pucka-2019", deals=1, seed=0, opponents="random", names={0: "You"})
    s.deal = Deal.from_text(s.rs, dealer=3, hands=["QC QS QH QD", "AH TH AD TD",
                                                   "AC TC AS TS", "JC JS JH JD"])
    lines = iter(["baszka"])

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    buf = StringIO()
    out = tmp_path / "honour.toml"
    ui = PlayUI(s, 0, Console(file=buf, width=120), lang="en", analysis=False,
                out=str(out), read=read)
    ui.run()
    text = buf.getvalue()
    assert "honour — settled without play" in text
    assert s.finished[0].result.payout == (30, -10, -10, -10)
    assert replay_totals(out) == [30, -10, -10, -10]


def test_names_are_not_markup(tmp_path: Path) -> None:
    code, text, out = play(tmp_path, "--deals", "1", "--opponents", "random", "--seed", "2",
                           "--no-analysis", "--name", "[/]Ala[b]")
    assert code == 0 and "[/]Ala[b]" in text
    assert load_record(out).players == ("[/]Ala[b]", "random 1", "random 2", "random 3")
