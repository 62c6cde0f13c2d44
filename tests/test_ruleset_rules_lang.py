"""A club's ruleset file broken in a rule of its game's own (a contract, the fele, the
doublings — not a key's type, which ``tests/test_cli_file_refusals_lang.py`` covers) is
refused in the reader's language: one line, its English words unchanged. Before, such a
rule was one whole English line (``key_refusal`` translated only a catalog message), so a
Polish reader read ``k.toml: key 'contracts' must list 1 to 60 contracts …``."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from stolik.errors import RulesetError
from stolik.games.betel import ruleset as betel
from stolik.games.marias import ruleset as marias
from stolik.i18n import translate


@dataclass(frozen=True)
class Case:
    """A shipped ruleset's text with ``old`` written ``new`` (a regular expression when
    ``regex``), refused by ``parse`` in each language as ``said``."""

    id: str
    text: Callable[[], str]
    parse: Callable[..., object]
    old: str
    new: str
    said: dict[str, str]
    regex: bool = False


RESERVED = ", ".join(sorted(marias._RESERVED))
"""The words a Mariáš level may not be (its calls, MARIAS §11)."""


def _broken(case: Case) -> str:
    text = case.text()
    if case.regex:
        broken, n = re.subn(case.old, case.new, text, count=1, flags=re.S)
    else:
        n = text.count(case.old)
        broken = text.replace(case.old, case.new, 1)
    assert n >= 1, case.old  # the shipped file still holds what the case breaks
    return broken


BETEL = [
    Case("contracts empty (BETEL §2)", betel.rs_text, betel.parse_ruleset,
         r"contracts = \[\n.*?\n\]\n", "contracts = []\n",
         {"en": "k.toml: key 'contracts' must list 1 to 60 contracts, lowest first (BETEL §2)",
          "pl": "k.toml: klucz 'contracts' musi wymieniać od 1 do 60 kontraktów, od "
                "najniższego (BETEL §2)"}, regex=True),
    Case("a call twice (BETEL §2)", betel.rs_text, betel.parse_ruleset,
         'call = "1D"', 'call = "1c"',
         {"en": "k.toml: key 'contracts' names '1C' twice (BETEL §2)",
          "pl": "k.toml: klucz 'contracts' wymienia '1C' dwa razy (BETEL §2)"}),
    Case("a reserved call (BETEL §6)", betel.rs_text, betel.parse_ruleset,
         'call = "1C"', 'call = "pas"',
         {"en": "k.toml: key 'contracts.2.call' must be one word of letters, digits and '-' "
                "other than exchange, kontra, look, pas, not 'pas' (BETEL §6)",
          "pl": "k.toml: klucz 'contracts.2.call' musi być jednym słowem z liter, cyfr i '-', "
                "innym niż exchange, kontra, look, pas, nie 'pas' (BETEL §6)"}),
    Case("trumps (BETEL §1)", betel.rs_text, betel.parse_ruleset,
         'trumps = "C"', 'trumps = "X"',
         {"en": "k.toml: key 'contracts.2.trumps' must be one of C, D, H, S, BA, not 'X' "
                "(BETEL §1)",
          "pl": "k.toml: klucz 'contracts.2.trumps' musi być jednym z: C, D, H, S, BA, nie "
                "'X' (BETEL §1)"}),
    Case("no goal (BETEL §2)", betel.rs_text, betel.parse_ruleset,
         "at_least = 6, ", "",
         {"en": "k.toml: key 'contracts.2.at_least' or 'at_most' must be given, one of them: "
                "the tricks the declarer must take at least, or may take at most (BETEL §2)",
          "pl": "k.toml: klucz 'contracts.2.at_least' albo 'at_most' musi być podany, jeden "
                "z nich: bitki, które rozgrywający musi wziąć co najmniej albo może wziąć "
                "najwyżej (BETEL §2)"}),
    Case("all_pass (BETEL §3)", betel.rs_text, betel.parse_ruleset,
         'all_pass = "play"', 'all_pass = "deal"',
         {"en": "k.toml: key 'auction.all_pass' must be \"play\" or \"redeal\", not 'deal' "
                "(BETEL §3)",
          "pl": "k.toml: klucz 'auction.all_pass' musi być \"play\" albo \"redeal\", nie "
                "'deal' (BETEL §3)"}),
    Case("no end (BETEL §5)", betel.rs_text, betel.parse_ruleset,
         "target = 1000", "target = 0",
         {"en": "k.toml: key 'match.target' or 'minutes' must be above 0: a match ends "
                "somewhere (BETEL §5)",
          "pl": "k.toml: klucz 'match.target' albo 'minutes' musi być większy od 0: mecz "
                "musi się gdzieś kończyć (BETEL §5)"}),
]

MARIAS = [
    Case("fleky names not words (MARIAS §6)", marias.rs_text, marias.parse_ruleset,
         'names = ["flek", "re", "tutti", "boty", "kalhoty"]', "names = [2, 4]",
         {"en": "k.toml: key 'fleky.names' must be a list of words, level 1 first (MARIAS §6)",
          "pl": "k.toml: klucz 'fleky.names' musi być listą słów, od poziomu 1 (MARIAS §6)",
          "cs": "k.toml: klíč 'fleky.names' musí být seznam slov, od úrovně 1 (MARIAS §6)"}),
    Case("no fleky levels", marias.rs_text, marias.parse_ruleset,
         'names = ["flek", "re", "tutti", "boty", "kalhoty"]', "names = []",
         {"en": "k.toml: key 'fleky.names' must name 1 to 8 levels, not 0",
          "pl": "k.toml: klucz 'fleky.names' musi nazywać od 1 do 8 poziomów, nie 0",
          "cs": "k.toml: klíč 'fleky.names' musí pojmenovat 1 až 8 úrovní, ne 0"}),
    Case("a level named as a call (MARIAS §11)", marias.rs_text, marias.parse_ruleset,
         'names = ["flek", "re",', 'names = ["flek", "sto",',
         {"en": "k.toml: key 'fleky.names' holds 'sto': a level is one lower-case ASCII word, "
                f"not one of {RESERVED} (MARIAS §11)",
          "pl": "k.toml: klucz 'fleky.names' zawiera 'sto': poziom to jedno słowo z małych "
                f"liter ASCII, inne niż {RESERVED} (MARIAS §11)",
          "cs": "k.toml: klíč 'fleky.names' obsahuje 'sto': úroveň je jedno slovo z malých "
                f"písmen ASCII, jiné než {RESERVED} (MARIAS §11)"}),
    Case("a level twice", marias.rs_text, marias.parse_ruleset,
         'names = ["flek", "re",', 'names = ["flek", "flek",',
         {"en": "k.toml: key 'fleky.names' names a level twice",
          "pl": "k.toml: klucz 'fleky.names' nazywa jakiś poziom dwa razy",
          "cs": "k.toml: klíč 'fleky.names' pojmenovává některou úroveň dvakrát"}),
]

CASES = [pytest.param(c, lang, id=f"{c.id}-{lang}") for c in BETEL + MARIAS
         for lang in c.said]


@pytest.mark.parametrize(("case", "lang"), CASES)
def test_a_games_own_rule_is_refused_in_the_readers_language(case: Case, lang: str) -> None:
    with pytest.raises(RulesetError) as e:
        case.parse(_broken(case), source="k.toml")
    assert str(e.value) == case.said["en"]  # the English words are unchanged
    assert translate(e.value, lang) == case.said[lang]
