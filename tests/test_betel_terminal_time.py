"""``stolik play --game betel`` with a match by time (the ruleset's ``minutes``, seed 004;
BETEL §5: "the deal in progress is finished"): a club's ruleset file with ``target = 0``
used to play on for ever — the score line said "to 0" and nothing ever ended the match.

The Decision (:mod:`stolik.games.betel.match`, :func:`stolik.games.betel.terminal.play`):
the clock runs from the first deal, pauses included; a deal ending past the time is the
last; the time running out while a deal's score is read ends the match with no further
deal; a tie at the top plays on. The table runs here on a clock the test moves: the person
types the first option at every prompt (and goes on at each pause) against random bots.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from stolik.cli import app
from stolik.games.betel import terminal
from stolik.games.betel.match import Match
from stolik.games.betel.record import load_record, replay
from stolik.games.betel.ruleset import Ruleset, load_ruleset
from stolik.games.betel.series import Series

RS = load_ruleset("gps-2022")
TIMED = replace(RS, target=0, minutes=30)
"""A club's match of 30 minutes, no target (BETEL §5, seed 004)."""
SEED = 7


class Table:
    """A person at seat 0 of a match of ``rs`` typing ``1`` and ``5`` in turn; ``when(table,
    prompt)`` is asked before each line and may move the clock (``self.now``, seconds)
    or end the input (True)."""

    def __init__(self, when: Callable[[Table, str], bool], *, rs: Ruleset = TIMED,
                 deals: int | None = 50, capped: bool = False) -> None:
        self.now = 0.0
        self.prompts = 0
        self.s = Series.create(rs, deals=deals, seed=SEED, humans=(0,), names={0: "Ala"},
                               opponents=("random",) * 2, clock=lambda: self.now)
        self.when = when
        self.out = io.StringIO()
        self.ui = terminal.PlayUI(self.s, 0, Console(file=self.out, width=200), lang="en",
                                  ascii=True, read=self.read, capped=capped)

    def read(self, prompt: str) -> str:
        self.prompts += 1
        if self.prompts > 5000 or self.when(self, prompt):
            raise EOFError
        return "1" if self.prompts % 2 else "5"  # a look, pas: stable numbers (issue 25.6)

    def run(self) -> str:
        self.ui._loop()
        return " ".join(self.out.getvalue().split())


def test_the_score_line_shows_the_time_left_not_a_target_of_0() -> None:
    """BETEL §5 by time: the table shows how long is left, and that the time is up."""
    def when(t: Table, prompt: str) -> bool:
        t.now = 10 * 60 + 1  # 19:59 left at the first prompt; EOF at the second
        return t.prompts > 1
    text = Table(when).run()
    assert "Points after 0 deals: Ala 0 · random 2 0 · random 3 0 · 19:59 of 30 min left" in text
    assert "(to 0)" not in text


def test_a_deal_ending_past_the_time_is_the_last() -> None:
    """The time runs out during the second deal: that deal is played to its end, the
    match ends with it (one seat alone leads) and the winner is named; no third deal
    (BETEL §5, seed 004: a match limited by time finishes the deal in progress)."""
    def when(t: Table, prompt: str) -> bool:
        if t.s.number == 2 and not t.s.deal.is_over:
            t.now = 31 * 60
        return False
    table = Table(when)
    text = table.run()
    s = table.s
    assert s.is_over and len(s.finished) == 2 and s.match.winner is not None
    assert ("the 30 minutes are up after deal 2: the deal in progress was the last "
            "(BETEL §5)") in text
    w = s.match.winner
    assert f"{s.players[w]} wins the match with {s.match.totals[w]} points" in text
    assert "the time is up: the deal in progress is the last" in text  # deal 2's screen
    assert replay(s.to_record()).totals == s.match.totals


def test_the_time_running_out_between_deals_deals_no_more() -> None:
    """The time runs out at the pause after deal 1: no deal 2 is dealt; the leader wins
    (BETEL §5, a match by time; the module's Decision for the pause)."""
    def when(t: Table, prompt: str) -> bool:
        if t.s.deal.is_over:
            t.now = 30 * 60  # exactly the limit: up
        return False
    table = Table(when)
    first = table.s.deal
    text = table.run()
    s = table.s
    assert s.is_over and len(s.finished) == 1 and s.deal is first
    assert "the 30 minutes ran out after deal 1: no further deal (BETEL §5)" in text
    assert "wins the match with" in text and "Deal 2 " not in text


def test_a_tie_at_the_top_when_the_time_is_up_plays_on() -> None:
    """Two seats share the top as the time runs out between deals: BETEL §5's tie rule
    plays on (one more deal here, after which one seat alone leads)."""
    def when(t: Table, prompt: str) -> bool:
        if t.s.deal.is_over and len(t.s.finished) == 1 and t.now == 0:
            t.now = 40 * 60
            t.s.match.totals = (60, 60, -90)
        return False
    table = Table(when)
    text = table.run()
    s = table.s
    assert ("the time is up, but Ala, random 2 share the top with 60: the match plays on "
            "until one seat leads (BETEL §5)") in text
    assert len(s.finished) >= 2 and s.match.winner is not None
    assert f"the 30 minutes are up after deal {len(s.finished)}" in text


def test_without_deals_a_match_by_time_stops_at_the_cap_and_says_why() -> None:
    """The cap (:data:`~stolik.games.betel.match.MAX_MATCH_DEALS`, here 2) ends a match by
    time that has not run out: the note names the minutes, not a target of 0 (BETEL §5,
    by time; the cap is issue 12's)."""
    text = Table(lambda t, p: False, deals=2, capped=True).run()
    assert ("the table stops at deal 2 before the 30 minutes are up: the match undecided "
            "(BETEL §5)") in text
    assert "reached 0" not in text


def test_a_target_and_minutes_end_at_whichever_comes_first() -> None:
    """A ruleset with both (BETEL §5): the time ends a match nobody has won by points."""
    both = replace(RS, target=1000, minutes=30)
    m = Match(both, (400, 100, 0))
    m.add((0, 0, 0))
    assert not m.decided
    m.time_out()
    assert m.winner == 0
    m = Match(both, (990, 0, 0))
    m.add((20, 0, 0))
    assert m.winner == 0 and not m.time_up


def test_a_match_without_minutes_ignores_the_clock() -> None:
    """gps-2022 (target 1000, no minutes): however late it is, the match goes on until
    somebody has 1000 (BETEL §5)."""
    m = Match(RS, (400, 100, 0))
    m.add((0, 0, 0), time_up=True)
    m.time_out()
    assert not m.decided and not m.time_up


@pytest.mark.parametrize(("lang", "words"), [
    ("en", r"Points after 0 deals: You 0 · random 2 0 · random 3 0 · \d+:\d\d of 60 min left"),
    ("pl", r"Punkty po 0 rozdaniach: Ty 0 · random 2 0 · random 3 0 · zostało \d+:\d\d z 60 min"),
], ids=["en", "pl"])
def test_a_club_ruleset_file_by_time_at_the_cli(tmp_path: Path, lang: str, words: str) -> None:
    """A club's own file with ``target = 0`` and ``minutes = 60`` through ``stolik play``:
    the clock is shown (BETEL §5, by time); the end of input saves the record, which
    replays (BETEL §6)."""
    text = (Path(terminal.__file__).parent / "rulesets" / "gps-2022.toml").read_text()
    text = re.sub(r"(?m)^target = 1000.*$", "target = 0", text)
    text = re.sub(r"(?m)^minutes = 0.*$", "minutes = 60", text)
    club = tmp_path / "klub.toml"
    club.write_text(text.replace('id = "gps-2022"', 'id = "klub-czas"'))
    out = tmp_path / "m.toml"
    result = CliRunner().invoke(app, ["play", "--game", "betel", "-r", str(club), "--opponents",
                                      "random", "--seed", "3", "--ascii", "--lang", lang,
                                      "--out", str(out)], input="1\n5\n" * 200)
    assert result.exit_code == 0, result.stdout
    screen = " ".join(result.stdout.split())
    assert re.search(words, screen), screen[:600]
    assert "(to 0)" not in screen and "(do 0)" not in screen and "Traceback" not in screen
    assert replay(load_record(out)).record.ruleset.id == "klub-czas"
