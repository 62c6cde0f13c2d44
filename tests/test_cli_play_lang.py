"""``stolik play --lang`` reaches the score sheet the table prints at the end of a series
(and on ``sheet``/``zapis``), for every game: Baśka's and Mariáš's tables printed it in a
fixed language (Baśka: English lines around the Polish columns; Mariáš: Czech) whatever
``--lang`` said. Betel's already followed it; it is held to the same test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from test_cli_replay_lang import SHEET_WORDS

WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    game: {lang: tuple(w for w in words if not re.search(r"\d", w))
           for lang, words in by_lang.items()}
    for game, by_lang in SHEET_WORDS.items()}
"""Words each game's sheet says in a language and only in it (those of ``stolik replay``'s
test, less the ones that count deals)."""

TITLE = {"baska": "Baśka — ", "marias": "[ctyrka]", "betel": "[gps-2022]"}
"""What the sheet's title says, in every language: the sheet is the output from there."""


def assert_speaks(text: str, game: str, lang: str) -> None:
    """``text`` (a sheet) has ``game``'s sheet words in ``lang`` and none of another
    language's (whole words: ``razem`` is not ``total``, ``dealer`` is not in ``rozdaje``)."""
    words = WORDS[game]

    def said(word: str) -> bool:
        return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None

    missing = [w for w in words[lang] if not said(w)]
    assert not missing, (game, lang, missing, text)
    foreign = [w for other, ws in words.items() if other != lang for w in ws
               if not any(w in mine or mine in w for mine in words[lang]) and said(w)]
    assert not foreign, (game, lang, foreign, text)


@pytest.mark.parametrize("game", ["baska", "marias", "betel"])
@pytest.mark.parametrize("lang", ["pl", "en", "cs"])  # Czech: issue 25.1
def test_the_sheet_at_the_end_of_a_series_is_in_the_language_of_lang(
        tmp_path: Path, game: str, lang: str) -> None:
    """One deal against random bots, every turn the first option (Betel: 1 and 5 in turn,
    a look and pas — its auction numbers stay put, issue 25.6): the series ends and the
    table prints its sheet — in ``--lang``, the screen's language."""
    result = CliRunner().invoke(app, [
        "play", "--game", game, "--deals", "1", "--opponents", "random", "--seed", "3",
        "--lang", lang, "--no-analysis", "--ascii", "--out", str(tmp_path / "s.toml")],
        input=("1\n5\n" if game == "betel" else "1\n") * 400)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "s.toml").exists()
    out = result.stdout
    assert TITLE[game] in out, out
    assert_speaks(out[out.rindex(TITLE[game]):], game, lang)


@pytest.mark.parametrize("lang", ["pl", "en", "cs"])
def test_the_sheet_asked_for_during_the_series_is_in_the_language_of_lang(
        tmp_path: Path, lang: str) -> None:
    """``sheet`` typed at the table (Mariáš, a few deals in) prints the same sheet in the
    screen's language; ``quit`` then prints it once more and ends the series."""
    result = CliRunner().invoke(app, [
        "play", "--game", "marias", "--deals", "8", "--opponents", "random", "--seed", "3",
        "--lang", lang, "--no-analysis", "--ascii", "--out", str(tmp_path / "s.toml")],
        input="1\n" * 30 + "sheet\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    first, last = out.index("[ctyrka]"), out.rindex("[ctyrka]")
    assert first < last, out  # the sheet asked for, then the one at the end
    assert_speaks(out[first:last], "marias", lang)
