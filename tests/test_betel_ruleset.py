"""Betel rulesets as data (BETEL §2–§5): the shipped ``gps-2022`` holds the 30 contracts in
the seed's order and every number of the scoring; a club's file is read by path, and a
broken one is refused in one line naming the key."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.errors import RulesetError
from stolik.games import find_ruleset, game, game_of_ruleset
from stolik.games.betel.ruleset import NO_TRUMPS, load_ruleset, parse_ruleset, rs_text

RS = load_ruleset("gps-2022")


def test_betel_2_the_thirty_contracts_in_the_seeds_order() -> None:
    """BETEL §2: betelek 3, the ones, betelek 2, … betel, the szlems; goals per seed."""
    calls = [c.call for c in RS.contracts]
    assert calls[:7] == ["betelek-3", "1C", "1D", "1H", "1S", "1BA", "betelek-2"]
    assert calls[18:] == ["betelek-0", "szlemik-C", "szlemik-D", "szlemik-H", "szlemik-S",
                          "szlemik-BA", "betel", "szlem-C", "szlem-D", "szlem-H", "szlem-S",
                          "szlem-BA"]
    goals = {c.call: (c.at_most, c.goal) for c in RS.contracts}
    assert goals["1S"] == (False, 6) and goals["2BA"] == (False, 7)
    assert goals["3C"] == (False, 8) and goals["szlemik-H"] == (False, 9)
    assert goals["szlem-BA"] == (False, 10) and goals["betelek-2"] == (True, 2)
    assert goals["betel"] == (True, 0) and goals["betelek-0"] == (True, 0)
    # "Wszystkie gry betelkowate są bez atu" (seed): every betelek and betel, no trumps.
    assert all(c.trump == NO_TRUMPS for c in RS.contracts if c.at_most)
    assert [c.number for c in RS.contracts] == list(range(1, 31))


def test_betel_5_values_are_ten_times_the_number() -> None:
    """BETEL §5: V = 10 × the contract's number, kept as data."""
    assert all(c.value == 10 * c.number for c in RS.contracts)
    assert (RS.overtrick, RS.undertrick, RS.over_limit, RS.all_pass_trick) == (10, 10, 10, 5)
    assert (RS.peek_one, RS.peek_two, RS.kontra_factor, RS.target) == (5, 10, 2, 1000)


def test_betel_4_only_betel_frees_the_defenders() -> None:
    """BETEL §4: in betel the defenders need not beat; no other contract frees them."""
    assert [c.call for c in RS.contracts if c.defenders_free] == ["betel"]


def test_ruleset_id_selects_the_game() -> None:
    """Ruleset ids are unique across games: gps-2022 (the ruleset BETEL.md names) is
    Betel's, a game of three seats (BETEL §1)."""
    assert game_of_ruleset("gps-2022").id == "betel"
    assert game("betel").seats == 3
    spec, rs = find_ruleset("gps-2022")
    assert spec.id == "betel" and rs is RS


@pytest.mark.parametrize(("old", "new", "message"), [
    ("factor = 2", "factor = 0", "key 'kontra.factor' must be at least 1, not 0"),
    ("target = 1000", "target = 0", "key 'match.target' or 'minutes' must be above 0"),
    ('all_pass = "play"', 'all_pass = "again"', "key 'auction.all_pass' must be \"play\""),
    ('trumps = "C", at_least = 6, value = 20', 'trumps = "X", at_least = 6, value = 20',
     "key 'contracts.2.trumps' must be one of C, D, H, S, BA"),
    ("at_least = 6, value = 20", "at_least = 6, at_most = 2, value = 20",
     "key 'contracts.2.at_least' or 'at_most' must be given, one of them"),
    ("at_least = 6, value = 20", "value = 20",  # neither: the same words, not "not both"
     "key 'contracts.2.at_least' or 'at_most' must be given, one of them: the tricks"),
    ('call = "1D"', 'call = "1c"', "key 'contracts' names '1C' twice"),
    ('call = "1D"', 'call = "pas"', "key 'contracts.3.call' must be one word of letters, "
     "digits and '-' other than exchange, kontra, look, pas, not 'pas' (BETEL §6)"),
    ("at_least = 10, value = 300", "at_least = 11, value = 300",
     "key 'contracts.30.at_least' must be at most 10, not 11"),
    ("over_limit = 10", "over_limit = 10\nbonus = 3", "key 'scoring.bonus' is not a Betel "
     "ruleset key"),
    # issue 24.7: the four meanings the hostile run broke (BETEL §2, §5)
    ("at_least = 6, value = 20", "at_least = 0, value = 20",
     "key 'contracts.2.at_least' must be at least 1, not 0: a contract needing no trick"),
    ("at_most = 3,", "at_most = 10,", "key 'contracts.1.at_most' must be at most 9, not 10"),
    ("at_least = 7, value = 80", "at_least = 7, value = 8",
     "key 'contracts.8.value' is 8, less than the 70 of 'betelek-2' below it"),
    ('trumps = "D", at_least = 10', 'trumps = "D", at_least = 6',
     "key 'contracts.27.at_least' is 6, fewer than the 9 of 'szlemik-D' below it"),
    ('call = "1H", name = "Jeden kier", trumps = "H"',
     'call = "1H", name = "Jeden kier", trumps = "BA"',
     "key 'contracts.4.trumps' must be 'H', as its call '1H' says, not 'BA'"),
    ('game = "betel"', 'game = "marias"', "key 'game' must be \"betel\""),
    ("one = 5", "oen = 5", "key 'peeking.one' is missing (is 'oen' a misspelling of it?)"),
])
def test_a_broken_club_file_is_one_line_naming_the_key(tmp_path: Path, old: str, new: str,
                                                        message: str) -> None:
    """A club's file by path; broken, refused in one line naming the key (BETEL §2–§5)."""
    assert old in rs_text()
    path = tmp_path / "klub.toml"
    path.write_text(rs_text().replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        load_ruleset(str(path))
    assert str(e.value).startswith(f"{path}: {message}")
    assert "\n" not in str(e.value)


def test_a_club_file_changes_the_numbers(tmp_path: Path) -> None:
    """A club's own file by path (BETEL §5: the numbers are ruleset data): another peeking
    cost (BETEL §3) and a match to 500."""
    path = tmp_path / "klub.toml"
    path.write_text(rs_text().replace("one = 5", "one = 3").replace("target = 1000",
                                                                    "target = 500"))
    rs = load_ruleset(str(path))
    assert (rs.peek_one, rs.target, rs.ref) == (3, 500, str(path))
    spec, found = find_ruleset(str(path))
    assert spec.id == "betel" and found == rs


@pytest.mark.parametrize("bot", ["heuristic", "pimc"])
def test_a_club_file_is_found_by_the_bots(tmp_path: Path, bot: str) -> None:
    """A club's file (BETEL §2–§5 as its own data) at a table with the strongest bots: each
    bot loads the rules by its seat's view, which named the file's id — no shipped
    ruleset — so ``stolik play -r klub.toml`` stopped at the first bot's call with
    "unknown Betel ruleset 'klub'". The view now names what finds the file: its path.
    Each bot then keeps the rules it read while the views name them: the pimc bot
    compared the ruleset's id with that path and the heuristic bot read the ref at each
    auction call, so each read the file again, and a file gone or edited mid-match lost or
    changed its rules (issue 12)."""
    from stolik.games.betel.bots import make_bot
    from stolik.games.betel.state import Deal

    path = tmp_path / "klub.toml"
    path.write_text(rs_text().replace('id = "gps-2022"', 'id = "klub"')
                    .replace("one = 5", "one = 3"))
    rs = load_ruleset(str(path))
    d = Deal.from_text(rs, 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
                              "AC KC QC JC TC 9C 8C 7C QH JH",
                              "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
    view = d.view(0)
    assert view.ruleset == str(path) and load_ruleset(view.ruleset) == rs
    player = make_bot(bot, seed=1)
    assert player.act(view) in view.legal  # no ruleset handed over
    d.move(player.act(view))
    path.unlink()  # the rules stay those it read
    seat = d.to_act
    assert seat is not None and d.view(seat).phase == "auction"
    assert player.act(d.view(seat)) in d.view(seat).legal


def test_the_terminal_hint_keeps_a_club_files_rules(tmp_path: Path) -> None:
    """The terminal's hint (the expert bot on the person's view) in the auction of a
    club's file (BETEL §3 by its data) is given the table's rules: made afresh at each hint,
    it read the file by the view's ref each time, so a file gone mid-match stopped it
    (issue 12)."""
    import io

    from rich.console import Console

    from stolik.games.betel.series import Series
    from stolik.games.betel.terminal import PlayUI

    path = tmp_path / "klub.toml"
    path.write_text(rs_text().replace('id = "gps-2022"', 'id = "klub"'))
    s = Series.create(load_ruleset(str(path)), deals=1, seed=3, humans=(0,),
                      opponents=("heuristic", "heuristic"), first_dealer=2)
    while s.bot_move() is not None:
        pass
    assert s.view(0).phase == "auction"
    path.unlink()
    out = io.StringIO()
    PlayUI(s, 0, Console(file=out, width=120, color_system=None), lang="en",
           ascii=True).show_hint()
    assert "strongest bot (expert" in out.getvalue()


@pytest.mark.parametrize("bot", ["random", "heuristic", "pimc", "expert"])
def test_a_bot_made_with_a_club_files_rules_keeps_them(tmp_path: Path, bot: str) -> None:
    """``make_bot(kind, ruleset=rs)`` (the arena's, the series' and the web table's factory)
    hands a club's rules (BETEL §2–§5 as its data) to the bot: it made the bot without
    them, so its first decision read the file by the view's ref, and a file gone before
    it stopped the bot (issue 12)."""
    from stolik.games.betel.bots import make_bot
    from stolik.games.betel.state import Deal

    path = tmp_path / "klub.toml"
    path.write_text(rs_text().replace('id = "gps-2022"', 'id = "klub"'))
    rs = load_ruleset(str(path))
    d = Deal.from_text(rs, 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
                              "AC KC QC JC TC 9C 8C 7C QH JH",
                              "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
    player = make_bot(bot, seed=1, ruleset=rs)
    path.unlink()
    assert player.act(d.view(0)) in d.view(0).legal


def test_a_web_tables_bots_and_hint_keep_a_club_files_rules(tmp_path: Path) -> None:
    """A web table's heuristic seat and its hint (the expert bot, made afresh at each hint)
    are given the table's rules (BETEL §2–§5 as a club's data), not the file read again by
    the view's ref at each move (issue 12)."""
    from stolik.games.betel.web import BetelMatch
    from stolik.web.play.game import SeatSpec

    path = tmp_path / "klub.toml"
    path.write_text(rs_text().replace('id = "gps-2022"', 'id = "klub"'))
    m = BetelMatch(load_ruleset(str(path)), [SeatSpec(bot="heuristic", name=f"P{s}")
                                             for s in range(3)],
                   lambda _: None, deals=1, first_dealer=0, seed=5)
    path.unlink()
    seat = m.to_act()
    assert seat is not None
    assert m.why_not(seat, m.bot_move(seat)) is None
    assert "strongest bot (expert" in m.hint(seat, "en")


def test_a_club_file_plays_at_the_terminal_against_the_heuristic_bot(tmp_path: Path) -> None:
    """End to end: a deal of a club's file (BETEL §2–§5 as its data) against two heuristic
    bots, saved and checked (BETEL §6); typed 1 and 5 in turn (a look, pas: the auction's
    numbers stay, issue 25.6; in the play the first or fifth legal card)."""
    path = tmp_path / "klub.toml"
    path.write_text(rs_text().replace('id = "gps-2022"', 'id = "klub"'))
    out = tmp_path / "m.toml"
    result = CliRunner().invoke(app, ["play", "--game", "betel", "-r", str(path), "--opponents",
                                      "heuristic", "--deals", "1", "--seed", "3", "--ascii",
                                      "--lang", "en", "--out", str(out)], input="1\n5\n" * 200)
    assert result.exit_code == 0, result.output
    assert "unknown Betel ruleset" not in result.output
    assert "Saved the finished deals (1)" in " ".join(result.output.split())
    check = CliRunner().invoke(app, ["check", str(out)])
    assert check.exit_code == 0 and "ok, 1 deal" in check.output, check.output


def test_rules_show_prints_every_contract() -> None:
    """``stolik rules show gps-2022`` prints the ruleset through Betel's ``rules`` part:
    every contract of BETEL §2, the peeking costs (BETEL §3), kontra's k = 2 and the
    match to 1000 (BETEL §5)."""
    result = CliRunner().invoke(app, ["rules", "show", "gps-2022"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.splitlines()[0] == "Betel (GPS) [gps-2022]"
    for c in RS.contracts:
        assert c.call in out and c.name in out
    assert "jedna karta −5, obie −10" in out and "k = 2" in out and "do 1000 pkt" in out


def test_parse_error_of_the_toml_itself_is_one_line() -> None:
    """A club's ruleset file (BETEL §2–§5 as data) that is not TOML at all is refused in one
    line naming the file, as a broken key is."""
    with pytest.raises(RulesetError, match=r"^k\.toml: not valid TOML"):
        parse_ruleset("id = ", source="k.toml")
