"""``stolik simulate --sheet --lang``: the score sheet of a simulated series in the language
asked for (before ``STOLIK_LANG``, else English), as ``stolik replay`` prints a record's —
``simulate`` had no ``--lang`` and printed each game's sheet in its fixed language (Baśka's
lines in English, Mariáš's in Czech, Betel's in Polish). Mariáš speaks Czech too (its money
sheet, MARIAS §9).

The summary after it (the headline, the games or contracts counted, the results by seat,
Baśka's bok-runda deals (RULES §6), Betel's match (BETEL §5), the speed) speaks ``--lang``
too: it was English whatever ``--lang`` said. Its numbers are the same in every language;
``--json`` keeps its English keys."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from test_cli_play_lang import WORDS, assert_speaks

RULESET = {"baska": "linia", "marias": "ctyrka", "betel": "gps-2022"}
TITLE = {"pl": "symulacja, boty: random, ziarno 4", "en": "simulated, random bots, seed 4",
         "cs": "simulace, boti: random, semínko 4"}
"""The sheet's title: what was simulated, in the sheet's language (Czech too since issue
25.1: it was English)."""


HEADLINE = re.compile(r"^(Simulated |Symulacja — |Simulace — )", re.M)
"""The summary's first words in each language: where the sheet ends."""


def simulate(game: str, *args: str, deals: int = 3,
             env: dict[str, str] | None = None) -> str:
    """What ``stolik simulate`` prints for ``deals`` deals of ``game``."""
    result = CliRunner().invoke(app, ["simulate", "--ruleset", RULESET[game], "-n", str(deals),
                                      "--seed", "4", "--ascii", *args], env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


def sheet(game: str, *args: str, env: dict[str, str] | None = None) -> str:
    """The sheet ``stolik simulate --sheet`` prints for three deals of ``game`` (the
    summary after it cut off)."""
    out = simulate(game, "--sheet", *args, env=env)
    head = HEADLINE.search(out)
    assert head is not None, out
    return out[:head.start()]


@pytest.mark.parametrize(("game", "lang"), [
    (game, lang) for game, words in WORDS.items() for lang in words])
def test_the_simulated_sheet_is_in_the_language_of_lang(game: str, lang: str) -> None:
    other = "en" if lang != "en" else "pl"
    text = sheet(game, "--lang", lang, env={"STOLIK_LANG": other})
    assert_speaks(text, game, lang)
    assert TITLE[lang] in text, text
    # STOLIK_LANG speaks when --lang is not given; neither: English
    assert_speaks(sheet(game, env={"STOLIK_LANG": lang}), game, lang)
    assert_speaks(sheet(game, env={"STOLIK_LANG": ""}), game, "en")



SUMMARY_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("Simulated", "deals", "bots", "seed", "seat", "mean per deal", "total",
           "deals per second", "mean payout", "first dealer", "bok-runda deals",
           "worth double", "game", "contract", "points", "all pass", "the game",
           "the hundred", "misère", "slam", "not played", "without", "match", "decided",
           "nobody"),
    "pl": ("Symulacja", "rozdania", "boty", "ziarno", "miejsce", "średnio na rozdanie",
           "razem", "na sekundę", "średnia wypłata", "pierwszy rozdaje", "bok-rundach",
           "podwójnie", "punkty", "setka", "nierozegrana", "mecz", "nierozstrzygnięty"),
    "cs": ("Simulace", "rozdání", "boti", "semínko", "hráč", "průměr na rozdání", "celkem",
           "za sekundu", "neodehraná"),
}
"""The summary's words in each language and only in it (a Polish gloss in an English
label — ``game (gra)``, ``contract (kontrakt)`` — is the game's own word, not Polish)."""

SAID: dict[str, dict[str, tuple[str, ...]]] = {
    "baska": {"en": ("first dealer", "bok-runda deals", "game", "mean payout"),
              "pl": ("pierwszy rozdaje", "bok-rundach", "miejsce", "średnia wypłata")},
    "marias": {"en": ("the hundred", "misère", "slam", "game (hra)"),
               "pl": ("setka", "nierozegrana", "gra (hra)"),
               "cs": ("Simulace", "hráč", "průměr na rozdání", "celkem", "za sekundu")},
    "betel": {"en": ("contract", "points", "match"),
              "pl": ("kontrakt", "punkty", "nierozstrzygnięty")}}
"""Words of each game's own summary lines: its counts table, bok-runda deals (Baśka, RULES
§6), the match (Betel, BETEL §5)."""

SPEED = {"en": "deals per second", "pl": "na sekundę", "cs": "za sekundu"}
"""How the last line, the speed, ends in each language."""

SUMMARY_LANGS = [(game, lang) for game in RULESET for lang in ("pl", "en", "cs")
                 if lang in SAID[game]]


def said(text: str, word: str) -> bool:
    """``word`` as a whole word of ``text`` (``--deals``, an option's name, is not one)."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?!\w)", text) is not None


def numbers(text: str, lang: str) -> list[str]:
    """The digits of ``text``'s numbers in order, their thousands unseparated (``1,200``,
    ``1 200``: ``1200``) and each decimal split at its mark (``0.08``, ``0,08``: ``0``,
    ``08``), with their signs."""
    group = "," if lang == "en" else " "
    return re.findall(r"[-+]?\d+", re.sub(rf"(?<=\d){group}(?=\d{{3}}(?!\d))", "", text))


@pytest.mark.parametrize(("game", "lang"), SUMMARY_LANGS)
def test_the_summary_is_in_the_language_of_lang(game: str, lang: str) -> None:
    """1200 deals (a number with thousands): every line of the summary speaks ``--lang``
    (its own words there, no other language's), and says the numbers of the English run —
    all but the seconds and the speed, which are measured; the speed line gives the deals."""
    n = 1200
    out = simulate(game, "--lang", lang, deals=n, env={"STOLIK_LANG": ""})
    english = simulate(game, "--lang", "en", deals=n, env={"STOLIK_LANG": ""})
    assert out.startswith(dict(en="Simulated", pl="Symulacja", cs="Simulace")[lang]), out
    for word in (*SUMMARY_WORDS[lang][:2], *SAID[game][lang]):
        assert said(out, word), (word, out)
    foreign = [w for other, ws in SUMMARY_WORDS.items() if other != lang for w in ws
               if said(out, w)]
    assert not foreign, (foreign, out)
    *lines, speed = out.rstrip("\n").split("\n")
    *english_lines, english_speed = english.rstrip("\n").split("\n")
    assert numbers("\n".join(lines), lang) == numbers("\n".join(english_lines), "en"), out
    assert numbers(speed, lang)[0] == numbers(english_speed, "en")[0] == str(n), (speed, out)
    assert said(speed, SPEED[lang]), speed


@pytest.mark.parametrize("game", list(RULESET))
def test_json_keeps_its_english_keys_whatever_the_language(game: str) -> None:
    """``--json`` is for programs: the same keys and counts in every language."""
    def keys(lang: str) -> tuple[list[str], int]:
        data = json.loads(simulate(game, "--json", "--lang", lang))
        return sorted(data), data["deals"]

    assert keys("pl") == keys("en") == keys("cs")
    assert "deals_per_second" in keys("pl")[0]
