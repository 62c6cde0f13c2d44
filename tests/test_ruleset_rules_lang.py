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
from stolik.games.baska import ruleset as baska
from stolik.games.betel import ruleset as betel
from stolik.games.marias import ruleset as marias
from stolik.i18n import translate
from stolik.rulesets import shipped_text


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

BETEL_MEANING = [  # issue 24.7: a club file's ladder checked for meaning (BETEL §2, §4-§6)
    Case("a contract needing no trick (BETEL §2)", betel.rs_text, betel.parse_ruleset,
         'trumps = "C", at_least = 6, value = 20', 'trumps = "C", at_least = 0, value = 20',
         {"en": "k.toml: key 'contracts.2.at_least' must be at least 1, not 0: a contract "
                "needing no trick is made before a card is played (BETEL §2)",
          "pl": "k.toml: klucz 'contracts.2.at_least' musi wynosić co najmniej 1, nie 0: "
                "kontrakt, który nie wymaga żadnej bitki, jest ugrany, zanim padnie karta "
                "(BETEL §2)"}),
    Case("a betelek allowing 10 (BETEL §2)", betel.rs_text, betel.parse_ruleset,
         "at_most = 3,", "at_most = 10,",
         {"en": "k.toml: key 'contracts.1.at_most' must be at most 9, not 10: a betelek "
                "allowing every trick cannot fail (BETEL §2)",
          "pl": "k.toml: klucz 'contracts.1.at_most' musi wynosić najwyżej 9, nie 10: betelek, "
                "który pozwala wziąć każdą bitkę, nie może przepaść (BETEL §2)"}),
    Case("a betelek with trumps (BETEL §2, §4)", betel.rs_text, betel.parse_ruleset,
         'trumps = "BA", at_most = 2', 'trumps = "H", at_most = 2',
         {"en": "k.toml: key 'contracts.7.trumps' must be \"BA\" where 'at_most' is given, "
                "not 'H': every betelek is played without trumps (BETEL §2, §4)",
          "pl": "k.toml: klucz 'contracts.7.trumps' musi być \"BA\", gdy podano 'at_most', "
                "nie 'H': każdy betelek gra się bez atu (BETEL §2, §4)"}),
    Case("a trump contract without trumps (BETEL §2, §6)", betel.rs_text, betel.parse_ruleset,
         'call = "2S", name = "Dwa piki", trumps = "S"',
         'call = "2S", name = "Dwa piki", trumps = "BA"',
         {"en": "k.toml: key 'contracts.11.trumps' must be 'S', as its call '2S' says, not "
                "'BA' (BETEL §2, §6)",
          "pl": "k.toml: klucz 'contracts.11.trumps' musi być 'S', jak mówi jego zapowiedź "
                "'2S', nie 'BA' (BETEL §2, §6)"}),
    Case("a value going down (BETEL §2, §5)", betel.rs_text, betel.parse_ruleset,
         "at_least = 8, value = 160", "at_least = 8, value = 16",
         {"en": "k.toml: key 'contracts.16.value' is 16, less than the 150 of '3D' below it: "
                "a higher contract is never worth less (BETEL §2, §5)",
          "pl": "k.toml: klucz 'contracts.16.value' wynosi 16, mniej niż 150 kontraktu '3D' pod "
                "nim: wyższy kontrakt nigdy nie jest wart mniej (BETEL §2, §5)"}),
    Case("tricks going down (BETEL §2)", betel.rs_text, betel.parse_ruleset,
         'trumps = "C", at_least = 9', 'trumps = "C", at_least = 7',
         {"en": "k.toml: key 'contracts.20.at_least' is 7, fewer than the 8 of '3C' below it "
                "in the same trumps: a higher contract never needs fewer tricks (BETEL §2)",
          "pl": "k.toml: klucz 'contracts.20.at_least' wynosi 7, mniej niż 8 kontraktu '3C' "
                "pod nim w tych samych atutach: wyższy kontrakt nigdy nie wymaga mniej bitek "
                "(BETEL §2)"}),
    Case("a betelek allowing more than one below (BETEL §2)", betel.rs_text,
         betel.parse_ruleset, "at_most = 1,", "at_most = 3,",
         {"en": "k.toml: key 'contracts.13.at_most' is 3, more than the 2 of 'betelek-2' below "
                "it: a higher betelek never allows more tricks (BETEL §2)",
          "pl": "k.toml: klucz 'contracts.13.at_most' wynosi 3, więcej niż 2 kontraktu "
                "'betelek-2' pod nim: wyższy betelek nigdy nie pozwala wziąć więcej bitek "
                "(BETEL §2)"}),
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



def _linia() -> str:
    return shipped_text("stolik.games.baska", "linia")


def _mester() -> str:
    return shipped_text("stolik.games.baska", "mester-sport")


def _pucka() -> str:
    return shipped_text("stolik.games.baska", "pucka-2019")


BASKA = [
    Case("doublings over four (RULES §4, §7)", _linia, baska.parse_ruleset,
         '"hirsch", "bok"]', '"hirsch", "bok", "x", "y"]',
         {"en": "k.toml: key 'doublings' names 6 doublings, but a game may be doubled at most "
                "4 times (RULES §4, §7)",
          "pl": "k.toml: klucz 'doublings' wymienia 6 kontr, a grę można skontrować najwyżej "
                "4 razy (RULES §4, §7)"}),
    Case("a doubling twice", _linia, baska.parse_ruleset,
         '"hirsch", "bok"]', '"hirsch", "kontra"]',
         {"en": "k.toml: key 'doublings' names a doubling twice",
          "pl": "k.toml: klucz 'doublings' wymienia jakąś kontrę dwa razy"}),
    Case("fele mixing suits (RULES §2)", _linia, baska.parse_ruleset,
         'fele = [["AC", "TC"], ["AS", "TS"]]', 'fele = [["AC", "TS"], ["AS", "TC"]]',
         {"en": "k.toml: key 'orders.normal.fele[0]' mixes suits: each fele group is the "
                "non-trumps of one suit, highest first (RULES §2)",
          "pl": "k.toml: klucz 'orders.normal.fele[0]' miesza kolory: każda grupa fele to "
                "nieatutowe karty jednego koloru, od najwyższej (RULES §2)"}),
    Case("an undefined card order", _linia, baska.parse_ruleset,
         'order = "gran"', 'order = "grand"',
         {"en": "k.toml: key 'contract[1].order' names card order 'grand', which [orders] "
                "does not define",
          "pl": "k.toml: klucz 'contract[1].order' wymienia porządek kart 'grand', którego "
                "[orders] nie określa"}),
    Case("one starzy card", _linia, baska.parse_ruleset,
         'starzy = ["QC", "QS"]', 'starzy = ["QC"]',
         {"en": "k.toml: key 'plain.starzy' must name the two cards whose holders are starzy",
          "pl": "k.toml: klucz 'plain.starzy' musi wymieniać dwie karty, których posiadacze "
                "są starymi"}),
    Case("cicha doubled first by its player (RULES §4)", _linia, baska.parse_ruleset,
         "player_may_double_first = false", "player_may_double_first = true",
         {"en": "k.toml: key 'cicha.player_may_double_first' true is not supported: every "
                "regulation forbids it (RULES §4)",
          "pl": "k.toml: klucz 'cicha.player_may_double_first' true nie jest obsługiwane: "
                "zabrania tego każdy regulamin (RULES §4)"}),
    Case("a contract id twice", _linia, baska.parse_ruleset,
         'id = "gran"', 'id = "wesele"',
         {"en": "k.toml: key 'contract[1].id' 'wesele' is used twice",
          "pl": "k.toml: klucz 'contract[1].id' 'wesele' występuje dwa razy"}),
    Case("a partner card the declarer holds", _linia, baska.parse_ruleset,
         'partner_cards = ["JC", "JS", "JH"]', 'partner_cards = ["QC", "JS", "JH"]',
         {"en": "k.toml: key 'contract[0].partner_cards' may not include a card the declarer "
                "must hold",
          "pl": "k.toml: klucz 'contract[0].partner_cards' nie może zawierać karty, którą "
                "rozgrywający musi mieć"}),
    Case("a revoke that does not sum to zero (RULES §8)", _mester, baska.parse_ruleset,
         "others = 4", "others = 5",
         {"en": "k.toml: key 'revoke.others' and 'offender' must sum to zero over the four "
                "seats, but -12 + 3 × 5 = 3",
          "pl": "k.toml: klucz 'revoke.others' i 'offender' muszą się sumować do zera na "
                "czterech miejscach, a -12 + 3 × 5 = 3"}),
    Case("a series length twice (RULES §9)", _linia, baska.parse_ruleset,
         "lengths = [32]", "lengths = [32, 32]",
         {"en": "k.toml: key 'series.lengths' names a length twice: [32, 32]",
          "pl": "k.toml: klucz 'series.lengths' wymienia jakąś długość dwa razy: [32, 32]"}),
    Case("table points not whole (RULES §10)", _pucka, baska.parse_ruleset,
         "late_major = [-4, -120]", "late_major = [-4, -120.5]",
         {"en": "k.toml: key 'tournament.late_major' table points must be a whole number, "
                "not -120.5",
          "pl": "k.toml: klucz 'tournament.late_major' punkty stołowe muszą być liczbą "
                "całkowitą, nie -120.5"}),
]

CASES = [pytest.param(c, lang, id=f"{c.id}-{lang}") for c in BETEL + BETEL_MEANING + MARIAS + BASKA
         for lang in c.said]


@pytest.mark.parametrize(("case", "lang"), CASES)
def test_a_games_own_rule_is_refused_in_the_readers_language(case: Case, lang: str) -> None:
    with pytest.raises(RulesetError) as e:
        case.parse(_broken(case), source="k.toml")
    assert str(e.value) == case.said["en"]  # the English words are unchanged
    assert translate(e.value, lang) == case.said[lang]
