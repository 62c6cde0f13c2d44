"""The licitovaný ruleset as data (issue 28 item 1; LICITOVANY, head, §2, §6): the tariff,
the ladder and every switch are keys a club may change; a broken file is one line naming
the file, the key and the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from stolik.errors import RulesetError
from stolik.games.licitovany.ladder import RUNGS, rung_of_word
from stolik.games.licitovany.ruleset import load_ruleset, parse_ruleset, rs_text

SWITCHES = {  # LICITOVANY, head: every switch, default first
    "max_flek": (4, 5), "flek_scope": ("pair", "side"), "vyrovnana_sedma": (False, True),
    "sto_hlaska": ("highest", "first"), "sto_s_hrou": (False, True),
    "tiche_sto": (True, False), "ticha_sedma": (True, False),
    "tiche_sto_desitky": ("sazba", "hra"), "pauzirak": ("base", "none"),
    "drop_best_and_worst": (False, True),
}


def toml(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else repr(value).replace("'", '"')


def variant(**changes: object) -> str:
    """The shipped file with ``changes`` made: a switch in ``[switches]``, any other key
    where it stands first."""
    lines, section = [], ""
    for line in rs_text().splitlines():
        key = line.split("=")[0].strip()
        section = key if key.startswith("[") else section
        here = (section == "[switches]") == (key in SWITCHES)
        lines.append(f"{key} = {toml(changes[key])}" if key in changes and here else line)
    return "\n".join(lines) + "\n"


def test_the_shipped_ruleset_is_the_spec_tariff() -> None:
    """LICITOVANY §6's table: units on a base of 0,20 Kč; §2: twelve rungs."""
    rs = load_ruleset("licitovany")
    t = rs.tariff
    assert (rs.base_haler, rs.limit, rs.zvyseny_limit) == (20, 500, 750)
    assert (t.hra, t.sedma, t.sto, t.betl, t.durch, t.dve_sedmy) == (1, 2, 4, 15, 30, 40)
    assert (t.ticha_sedma, t.tiche_sto, t.omyl, t.pausal1, t.pausal2, t.red) == \
        (1, 2, 6, 10, 50, 2)
    assert rs.ladder == tuple(range(1, 13))
    assert {k: getattr(rs, k) for k in SWITCHES} == {k: v[0] for k, v in SWITCHES.items()}
    assert rs.haler(t.dve_sedmy) == 800  # 8,00 Kč


@pytest.mark.parametrize("key", sorted(SWITCHES))
def test_every_switch_is_a_key_a_club_may_change(key: str) -> None:
    """LICITOVANY, head: "Every number and switch is ruleset data"."""
    other = SWITCHES[key][1]
    assert getattr(parse_ruleset(variant(**{key: other})), key) == other


def test_a_club_file_with_another_base(tmp_path: Path) -> None:
    """LICITOVANY, head: a club with another base (0,25 Kč) writes its own file."""
    path = tmp_path / "wir.toml"
    path.write_text(rs_text().replace("base_haler = 20", "base_haler = 25")
                    .replace('id = "licitovany"', 'id = "wir"'), encoding="utf-8")
    rs = load_ruleset(str(path))
    assert (rs.id, rs.base_haler, rs.ref) == ("wir", 25, str(path))
    assert rs.haler(-1070) == -26750


def test_a_ladder_without_dve_sedmy() -> None:
    """LICITOVANY §2: ``ladder`` lists the rungs a club plays, in order."""
    rs = parse_ruleset(variant(ladder=[1, 2, 3, 4, 5, 6, 7, 8]))
    assert rs.ladder == (1, 2, 3, 4, 5, 6, 7, 8) and rs.lowest == 1
    assert parse_ruleset(variant(ladder=[3, 7, 8])).lowest == 3


@pytest.mark.parametrize(("change", "words"), [
    ({"pauzirak": "side"}, "key 'switches.pauzirak' may be \"side\" only with flek_scope = "
                           "\"side\" (LICITOVANY §6)"),
    ({"flek_scope": "team"}, "key 'switches.flek_scope' must be one of 'pair', 'side', not "
                             "'team' (LICITOVANY §4.5)"),
    ({"max_flek": 6}, "key 'switches.max_flek' must be at most 5, not 6"),
    ({"tiche_sto": "yes"}, "key 'switches.tiche_sto' must be true or false, not 'yes'"),
    ({"ladder": [1, 2, 13]}, "key 'ladder' must list rungs 1 to 12, each once, lowest first, "
                             "not [1, 2, 13] (LICITOVANY §2)"),
    ({"ladder": []}, "key 'ladder' must list rungs 1 to 12"),
    ({"zvyseny_limit": 400}, "key 'zvyseny_limit' must be at least 500, not 400"),
    ({"hra": 0}, "key 'tariff.hra' must be at least 1, not 0"),
    ({"base_haler": 0.2}, "key 'base_haler' must be a whole number, not 0.2"),
])
def test_a_broken_file_is_one_line_naming_file_key_and_rule(change: dict[str, object],
                                                           words: str) -> None:
    with pytest.raises(RulesetError) as e:
        parse_ruleset(variant(**change), source="klub.toml")
    assert str(e.value).startswith("klub.toml: " + words)
    assert "\n" not in str(e.value) and isinstance(e.value, ValueError)


def test_side_pauzirak_with_side_fleky_is_allowed() -> None:
    """LICITOVANY §6: ``"side"`` only with ``flek_scope = "side"``."""
    rs = parse_ruleset(variant(pauzirak="side", flek_scope="side"))
    assert (rs.pauzirak, rs.flek_scope) == ("side", "side")


@pytest.mark.parametrize(("text", "words"), [
    (rs_text().replace("[switches]", "[switches]\nkalhoty = true"),
     "key 'switches.kalhoty' is not a licitovaný mariáš ruleset key"),
    (rs_text().replace("omyl = 6", ""), "key 'tariff.omyl' is missing"),
    (rs_text().replace('game = "licitovany"', 'game = "marias"'), "key 'game' must be "
     "\"licitovany\" in a licitovaný mariáš ruleset, not 'marias'"),
    (rs_text().replace("[tariff]", "tariff = 1\n[tarif]"), "key 'tariff' must be a table"),
    ("id = ", "not valid TOML"),
])
def test_unknown_missing_and_foreign_keys_are_refused(text: str, words: str) -> None:
    with pytest.raises(RulesetError, match=r"^k\.toml: ") as e:
        parse_ruleset(text, source="k.toml")
    assert words in str(e.value)


def test_the_ladder_of_twelve_rungs() -> None:
    """LICITOVANY §2's table: record words, components, trumps, red rungs."""
    assert [r.word for r in RUNGS.values()] == [
        "sedma", "sedma-cervena", "sto", "sto-a-sedma", "sto-cervenych",
        "sto-a-sedma-cervenych", "betl", "durch", "dve-sedmy", "dve-sedmy-a-sto",
        "dve-sedmy-cervena", "dve-sedmy-cervena-a-sto"]
    assert [n for n, r in RUNGS.items() if r.red] == [2, 5, 6, 11, 12]
    assert [n for n, r in RUNGS.items() if r.closed] == [7, 8]
    assert [n for n, r in RUNGS.items() if r.helper] == [9, 10, 11, 12]
    assert [n for n, r in RUNGS.items() if r.hlasky_count] == [1, 2, 3, 4, 5, 6, 10, 12]
    assert RUNGS[10].components == ("dve-sedmy", "sto")
    assert rung_of_word("Sto-Cervenych") is RUNGS[5]
