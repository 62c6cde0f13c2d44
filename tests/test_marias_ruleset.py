"""The Mariáš deck (MARIAS §1–§2) and the ruleset file ``ctyrka.toml`` (MARIAS §6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stolik.errors import CardError, RulesetError
from stolik.games.marias import deck
from stolik.games.marias.deck import (
    ASCII_NAMES,
    CARD_POINTS,
    FULL_MASK,
    czech,
    format_mask,
    name,
    parse_card,
    parse_mask,
    points,
)
from stolik.games.marias.ruleset import describe, load_ruleset, parse_ruleset, rs_text


def test_deck_has_32_german_cards_written_as_records_write_them() -> None:
    """MARIAS §1: ranks A T K O U 9 8 7, suits H L B A; records write AH TL OB 7A."""
    assert len(ASCII_NAMES) == 32 == len(set(ASCII_NAMES))
    for text in ("AH", "TL", "OB", "7A", "UA", "9H", "8L", "KB"):
        assert name(parse_card(text), ascii=True) == text
    assert parse_card("10h") == parse_card("TH") == parse_card("10♥")
    assert format_mask(FULL_MASK, ascii=True).split()[:8] == [
        "AH", "TH", "KH", "OH", "UH", "9H", "8H", "7H"]


@pytest.mark.parametrize("bad", ["QH", "JH", "AC", "AS", "1H", "", "A", "AHH", "ΑH"])
def test_bad_cards_are_refused_in_one_line(bad: str) -> None:
    """MARIAS §1: only the German-suited cards exist."""
    with pytest.raises(CardError) as e:
        parse_card(bad)
    assert "\n" not in str(e.value) and "Mariáš card" in str(e.value)


def test_card_twice_in_a_set() -> None:
    with pytest.raises(CardError, match="AH is written twice"):
        parse_mask("AH KH AH")


def test_czech_names_and_pictures() -> None:
    """MARIAS §1: the UI shows Czech names and suit pictures; ASCII is the fallback."""
    assert czech(parse_card("OH")) == "červený svršek"
    assert czech(parse_card("7A")) == "žaludská sedma"
    assert czech(parse_card("TB")) == "kulová desítka"
    assert czech(parse_card("AL")) == "zelené eso"
    assert name(parse_card("TH")) == "10♥"
    assert {name(parse_card(f"A{s}"))[-1] for s in "HLBA"} == set(deck.SUIT_PICTURES)


def test_card_points_total_90_with_last_trick() -> None:
    """MARIAS §2: aces and tens 10 each, the last trick 10: 90 in all."""
    assert sum(CARD_POINTS) + deck.LAST_TRICK_BONUS == deck.TOTAL_POINTS == 90
    assert points(parse_mask("AH TH KH 7A")) == 20


def test_ctyrka_tariff_is_seed_002() -> None:
    """MARIAS §6 / seed §4: 0,20 hra, 0,40 sedma, 0,80 sto, betl 1, durch 2, cap 20 Kč."""
    rs = load_ruleset()
    assert rs.id == "ctyrka"
    assert (rs.hra, rs.sedma, rs.ticha_sedma, rs.sto, rs.betl, rs.durch, rs.cap, rs.red) == (
        20, 40, 20, 80, 100, 200, 2000, 2)
    assert rs.flek_names == ("flek", "re", "tutti", "boty", "kalhoty")
    assert [rs.multiplier(level) for level in range(6)] == [1, 2, 4, 8, 16, 32]
    assert (rs.povinna_free_tens, rs.proti_free_tens, rs.renonc_sto_points) == (3, 0, 130)
    assert not rs.sedma_proti and rs.partner_sedma and rs.trhak_duty
    assert rs.no_game_without_re and rs.betl_open and rs.sto_proti


def test_club_file_by_path(tmp_path: Path) -> None:
    """MARIAS §6: a club with other stakes writes its own file (ČSM: betl 10×, durch 20×)."""
    text = rs_text().replace('id = "ctyrka"', 'id = "csm"').replace(
        "betl = 100", "betl = 200").replace("durch = 200", "durch = 400")
    path = tmp_path / "csm.toml"
    path.write_text(text, encoding="utf-8")
    rs = load_ruleset(str(path))
    assert (rs.id, rs.betl, rs.durch, rs.ref) == ("csm", 200, 400, str(path))


@pytest.mark.parametrize(("old", "new", "message"), [
    ("cap = 2000", "cap = \"20 Kč\"", "key 'tariff.cap' must be a whole number"),
    ("sto = 80 ", "sto = 0.8 ", "key 'tariff.sto' must be a whole number"),
    ("hra = 20", "hra = 0", "key 'tariff.hra' must be at least 1"),
    ("red = 2", "rot = 2", "key 'tariff.red' is missing"),
    ('names = ["flek", "re", "tutti", "boty", "kalhoty"]', "names = []",
     "key 'fleky.names' must name 1 to 8 levels"),
    ('"tutti"', '"pass"', "key 'fleky.names' holds 'pass'"),
    ("sedma_proti = false", "sedma_proti = 0", "key 'options.sedma_proti' must be true or"),
    ("betl_open = true", "betl_open = 1", "key 'options.betl_open' must be true or false"),
    ("[renonc]", "[renonc]\nextra = 1", "key 'renonc.extra' is not a Mariáš ruleset key"),
    ('game = "marias"', 'game = "baska"', "key 'game' must be \"marias\""),
    ("threshold = 100", "threshold = 0", "key 'sto.threshold' must be at least 1"),
])
def test_broken_club_file_refused_in_one_line_naming_the_key(
        old: str, new: str, message: str) -> None:
    """MARIAS §6: a broken club file is refused with one line naming the key."""
    text = rs_text()
    assert old in text
    with pytest.raises(RulesetError) as e:
        parse_ruleset(text.replace(old, new, 1), source="klub.toml")
    line = str(e.value)
    assert "\n" not in line and line.startswith("klub.toml: ") and message in line


def test_broken_toml_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"klub\.toml"):
        parse_ruleset("id = ", source="klub.toml")
    with pytest.raises(RulesetError, match="cannot read ruleset file"):
        load_ruleset(str(tmp_path / "missing.toml"))
    with pytest.raises(RulesetError, match="not a regular file"):
        load_ruleset(str(tmp_path) + "/")


def test_describe_is_a_tariff_sheet() -> None:
    """``stolik rules show ctyrka`` prints the tariff like a club's sheet (issue 10 §2)."""
    text = describe(load_ruleset())
    for needle in ("Hra (schválená)        0,20 Kč", "Sedma                  0,40 Kč",
                   "Betl                   1,00 Kč", "Durch                  2,00 Kč",
                   "Strop hry              20,00 Kč", "kalhoty ×32"):
        assert needle in text
