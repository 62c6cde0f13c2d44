"""``stolik play --game betel`` at the match cap (BETEL §5): a match to the target that
nobody wins stops after :data:`~stolik.games.betel.match.MAX_MATCH_DEALS` deals, as a
web table's does, and says it stopped undecided in the web table's words (catalog ids
``btui-undecided``, ``btui-undecided-tie``; pl/en). The cap is made 2 here: the bots are
random and the person plays each deal's first legal move, so nobody gets near 1000.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from stolik.cli import app
from stolik.games.betel import terminal
from stolik.games.betel.record import load_record
from stolik.games.betel.series import Series
from test_betel_terminal import RS
from test_betel_terminal import script as betel_script

SEED = 7


def script(deals: int) -> list[str]:
    """What a person at seat 1 types to play ``deals`` deals of the match ``SEED``
    against two random bots, the first legal move each time (an empty line at each
    pause); nobody wins them (the test's premise)."""
    lines, s = betel_script(SEED, deals, "You", lambda moves: moves[0])
    assert not s.match.decided
    return lines


def play(tmp_path: Path, *args: str, lines: list[str]) -> str:
    out = tmp_path / "m.toml"
    result = CliRunner().invoke(app, ["play", "--game", "betel", "-r", "gps-2022",
                                      "--opponents", "random", "--seed", str(SEED), "--ascii",
                                      "--out", str(out), *args],
                                input="\n".join(lines) + "\n")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0, result.stdout
    assert len(load_record(out).deals) == 2
    return " ".join(result.stdout.split())


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "nobody reached 1000 by deal 2: the table stops here, the match undecided "
           "(the rules give it no end)"),
    ("pl", "do 2. rozdania nikt nie osiągnął 1000: stolik kończy tu grę, mecz "
           "nierozstrzygnięty (zasady nie przewidują jego końca)"),
])
def test_a_match_to_the_target_stops_at_the_cap_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, words: str) -> None:
    """Played to the target (no ``--deals``), the match stops at the cap — the record
    holds 2 deals — and the last deal's score says it stopped undecided (BETEL §5 has
    no end for a match nobody wins; the cap is issue 12's)."""
    monkeypatch.setattr(terminal, "MAX_MATCH_DEALS", 2)
    text = play(tmp_path, "--lang", lang, lines=script(2))
    assert words in text and "§" not in text  # the rule's words at the table (issue 25.8)


def test_a_match_of_given_deals_says_nothing_of_the_cap(tmp_path: Path) -> None:
    """``--deals 2`` is a match of two deals, as asked: no note (as a web table of a
    fixed length). issue 12 (the terminal table's ``--deals``), not BETEL §5's match to
    1000."""
    text = play(tmp_path, "--lang", "en", "--deals", "2", lines=script(2))
    assert "undecided" not in text and "nobody reached" not in text


def test_a_tie_at_the_top_at_the_cap_is_said_as_a_tie() -> None:
    """Two seats sharing the top past the target at the cap: the match is undecided
    because a tie plays on (BETEL §5), and the note names them."""
    s = Series.create(RS, deals=1, seed=SEED, humans=(0,), names={0: "Ala"},
                      opponents=("random",) * 2)
    ui = terminal.PlayUI(s, 0, Console(file=io.StringIO()), lang="en", capped=True)
    s.match.totals = (1040, 1040, -80)
    assert ui.undecided_text() == ("after deal 0 Ala, random 2 share the top with 1040: "
                                   "the table stops here, the match undecided (BETEL §5: "
                                   "a tie at the top plays on)")
    s.match.totals = (990, 0, 0)
    assert "nobody reached 1000" in ui.undecided_text()


def test_the_cap_is_the_web_tables() -> None:
    """The terminal stops where a web table stops: one constant (BETEL §5 Decision)."""
    from stolik.games.betel import match, web
    assert terminal.MAX_MATCH_DEALS is web.MAX_MATCH_DEALS is match.MAX_MATCH_DEALS
