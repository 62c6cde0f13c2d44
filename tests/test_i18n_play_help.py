"""``stolik play --help`` speaks the language chosen (one language per screen, issue 25.2;
it was English whatever ``--lang`` or ``$STOLIK_LANG`` said): Polish or Czech for ``pl`` /
``cs`` given before or after ``--help`` or in ``$STOLIK_LANG``, with every option still
listed; English otherwise, as before."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from test_i18n_one_language import leftovers

OPTIONS = ("--ruleset", "--game", "--opponents", "--deals", "--seed", "--seat", "--name",
           "--out", "--ascii", "--lang", "--no-analysis", "--delay", "--samples", "--help")
"""Every option of ``stolik play``."""

ENGLISH = ("Play a series", "against bots", "You see your hand", "Usage", "Options",
           "default", "env var", "Show this message", "Number of deals", "Random seed",
           "Your seat", "Your name", "Where to save", "Language of the screen", "Skip the",
           "Seconds to wait", "sampled by", "the path of your own", "The game, when")
"""Words of the English help page (phrases, whole words)."""


def _help(argv: list[str], env_lang: str | None = None) -> str:
    r = CliRunner().invoke(cli_app, argv, env={"STOLIK_LANG": env_lang, "COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    return r.stdout


def _english(text: str, lang: str) -> list[str]:
    flat = re.sub(r"[│╭╮╰╯─\s]+", " ", text)  # the page's frames and line breaks
    # --delay's range and default are click's type notation ("[x>=0.0]"), not a number read
    return [*(x for x in leftovers(flat, lang) if not x.startswith("decimal point")),
            *(f"English {w!r}" for w in ENGLISH
              if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", flat))]


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_play_help_speaks_polish_and_czech(lang: str) -> None:
    """``--lang`` before or after ``--help`` and ``$STOLIK_LANG``: the description and
    every option's help in ``lang``, no English phrase; every option listed."""
    pages = {"--lang first": _help(["play", "--lang", lang, "--help"]),
             "--help first": _help(["play", "-h", f"--lang={lang}"]),
             "STOLIK_LANG": _help(["play", "--help"], env_lang=lang)}
    found = {how: said for how, page in pages.items() if (said := _english(page, lang))}
    assert not found, found
    for how, page in pages.items():
        assert all(o in page for o in OPTIONS), (how, page)
    assert pages["--lang first"] == pages["--help first"] == pages["STOLIK_LANG"]
    word = {"pl": "Rozegraj serię z botami", "cs": "Hrajte sérii proti botům"}[lang]
    assert word in pages["STOLIK_LANG"]


def test_play_help_is_english_otherwise() -> None:
    """No language, ``en`` or one without a catalog: the English page as before, after a
    Polish one too (the translated texts are put back)."""
    plain = _help(["play", "--help"])
    assert "Play a series against bots in the terminal" in plain
    assert "Show this message and exit." in plain and "[default: 1]" in plain
    assert all(o in plain for o in OPTIONS)
    _help(["play", "--help", "--lang", "pl"])
    assert _help(["play", "--help", "--lang", "en"]) == plain
    assert _help(["play", "--help"], env_lang="xx") == plain


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_play_help_cites_no_spec(lang: str) -> None:
    """What players read names no section of a specification (mission, "Words"): the help
    of ``stolik play`` said "(RULES §3)" and "BETEL §1" in every language."""
    text = _help(["play", "--help", "--lang", lang])
    assert "§" not in text and "RULES" not in text and "BETEL" not in text, text
