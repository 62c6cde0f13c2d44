"""A licitovaný deal step by step (issue 28 item 5; LICITOVANY §4): the licitace, the
talon and the contract, omyl, the fleky of §6's worked examples, the play's obligations,
and the properties: legal moves never empty until the end, card points add up, money is
zero-sum, undo and clone, and what each seat sees (§3, §4.3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stolik.deck32 import CARD_POINTS, parse_card, parse_mask
from stolik.errors import IllegalMove
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.money import SIDE, Fleky
from stolik.games.licitovany.results import AKTER, Tally
from stolik.games.licitovany.ruleset import Ruleset, load_ruleset, parse_ruleset
from stolik.games.licitovany.state import Deal
from test_licitovany_ruleset import variant

HANDS = ["AL TL KL OL 9L 7B AB KB OB 8A", "TH KH OH UH 9H 8H 7H TB UB 9B",
         "AH AA TA KA OA UA 9A UL 8L 7L"]
"""§10's sample hands with the 7B and 7L swapped: seat 0 holds the 7B."""
TALON = "8B 7A"
PROPS = settings(max_examples=40, deadline=None, derandomize=True)


def deal(calls: list[str], rs: Ruleset | None = None, hands: list[str] | None = None,
         players: int = 3, dealer: int = 2) -> Deal:
    d = Deal.from_text(rs or load_ruleset(), dealer, hands or HANDS, TALON, players=players)
    for text in calls:
        seat, _, words = text.partition(" ")
        assert d.to_act == int(seat), (text, d.to_act)
        d.move(words)
    return d


SEDMA_B = ["2 dobra", "1 dobra", "0 discard 8B 7A", "0 contract sedma B"]


def test_the_zadak_starts_and_the_forhont_holds() -> None:
    """LICITOVANY §4.2: Z against F (mam holds), then P against the survivor."""
    d = deal(["2 sedma", "0 mam", "2 sto", "0 dobra", "1 mam", "2 dobra"])
    assert (d.phase, d.pos.akter, d.pos.won) == ("discard", 1, 3)
    d = deal(["2 dobra", "1 betl", "0 mam", "1 durch", "0 dobra"])
    assert (d.pos.akter, d.pos.won) == (1, 8)
    d = deal(["2 sto", "0 dobra", "1 dobra"])
    assert (d.pos.akter, d.pos.won) == (2, 3)


def test_nobody_bids_the_forhont_plays_the_lowest_rung() -> None:
    """LICITOVANY §4.2 Decision; Decisions "Lowest rung"."""
    d = deal(["2 dobra", "1 dobra"])
    assert (d.pos.akter, d.pos.won) == (0, 1)
    rs = parse_ruleset(variant(ladder=[3, 4, 7, 8]))
    d = deal(["2 dobra", "1 dobra", "0 discard 8B 7A"], rs)
    assert d.pos.won == 3 and "omyl" in [m.text() for m in d.legal_moves()]


@pytest.mark.parametrize(("calls", "words"), [
    (["0 mam"], None), (["2 mam"], "mam is said only by the earlier seat"),
    (["2 sto", "0 sedma"], "the earlier seat holds (mam) or passes"),
    (["2 sto", "0 mam", "2 sedma"], "a bid must be above the standing rung 3"),
    (["2 sto", "0 mam", "2 sto"], "a bid must be above the standing rung 3"),
])
def test_the_licitace_refuses_what_its_rules_do_not_allow(calls: list[str],
                                                         words: str | None) -> None:
    """LICITOVANY §4.2: a mam by a later seat, a bid too low, a call out of turn."""
    d = Deal.from_text(load_ruleset(), 2, HANDS, TALON)
    with pytest.raises(IllegalMove) as e:
        for text in calls:
            seat, _, said = text.partition(" ")
            if int(seat) != d.to_act:
                raise IllegalMove("out of turn")
            d.move(said)
    assert words is None or words in str(e.value)


def test_a_rung_outside_the_ladder_is_refused() -> None:
    """LICITOVANY §4.2: a rung outside ``ladder`` is refused by the engine."""
    d = deal([], parse_ruleset(variant(ladder=[1, 2, 3, 4, 5, 6, 7, 8])))
    with pytest.raises(IllegalMove, match="rung 9 is not played here"):
        d.move("dve-sedmy")


def test_the_talon_in_a_trump_game_and_the_contract() -> None:
    """LICITOVANY §4.3, §4.4: no A, 10 or announced seven in a trump game's talon; a
    contract at or above the won rung; hearts only on red rungs; sedma needs the seven."""
    d = deal(["2 dobra", "1 dobra"])
    d.move("discard AL 7B")  # an ace away: only betl and durch are left
    refusals = {"contract sedma B": "talon holds no ace", "contract sto L":
                "talon holds no ace", "contract sedma H": "non-red rung may not name hearts",
                "contract sto-cervenych": "talon holds no ace",
                "contract sto-cervenych L": "sto-cervenych names no more suits"}
    for text, words in refusals.items():
        with pytest.raises(IllegalMove, match=words):
            d.move(text)
    d.move("contract betl")
    assert d.phase == "fleky"
    d = deal(["2 dobra", "1 dobra", "0 discard 8B 7A"])
    with pytest.raises(IllegalMove, match="sedma needs the seven"):
        d.move("contract sedma L")
    d = deal(["2 dve-sedmy", "0 mam", "2 dobra", "1 dobra"])
    assert all(not parse_mask("AL TL AB") & (1 << m.cards[0] | 1 << m.cards[1])
               for m in d.legal_moves())   # above durch every rung is a trump game
    d.move("discard 8B 7A")
    with pytest.raises(IllegalMove, match="below the won rung"):
        d.move("contract durch")
    with pytest.raises(IllegalMove, match="helper suit must differ"):
        d.move("contract dve-sedmy B B")


def test_example_8_omyl() -> None:
    """LICITOVANY §6 example 8: 2 dobra, 1 dobra; F discards and says omyl."""
    d = deal(["2 dobra", "1 dobra", "0 discard 8B 7A", "0 omyl"])
    assert (d.phase, d.pos.ending, d.money()) == ("done", "omyl", (-12, 6, 6))
    with pytest.raises(IllegalMove, match="omyl only at the lowest rung"):
        deal(["2 sto", "0 dobra", "1 dobra", "2 discard 9A 8L"]).move("omyl")


def test_example_2_fleky_pair_and_side() -> None:
    """LICITOVANY §6 example 2: round 1 `1 flek hra sedma`, `2 dobra`; round 2 `0 re
    sedma:1`; round 3 `1 dobra`. ``side``: the same with `0 re sedma`."""
    d = deal([*SEDMA_B, "1 flek hra sedma", "2 dobra", "0 re sedma:1", "1 dobra"])
    assert d.phase == "play" and d.pos.fleky == Fleky.of({("hra", 1): 1, ("sedma", 1): 2}, [1])
    rs = parse_ruleset(variant(flek_scope="side"))
    d = deal([*SEDMA_B, "1 flek hra sedma", "2 dobra", "0 re sedma", "1 dobra", "2 dobra"], rs)
    assert d.phase == "play"
    assert d.pos.fleky == Fleky.of({("hra", SIDE): 1, ("sedma", SIDE): 2}, [1])


def test_example_3_and_4_fleky() -> None:
    """LICITOVANY §6 examples 3 and 4, to boty; no kalhoty with ``max_flek = 4``."""
    d = deal(["2 dobra", "1 dobra", "0 discard 8B 7A", "0 contract durch", "1 dobra",
              "2 flek durch", "0 dobra"])
    assert d.phase == "play" and d.to_act == 0 and d.pos.fleky == Fleky.of({("durch", 2): 1},
                                                                            [2])
    calls = ["2 dve-sedmy", "0 mam", "2 dobra", "1 dobra", "0 discard 8B 7A",
             "0 contract dve-sedmy-cervena L", "1 flek dve-sedmy", "2 flek dve-sedmy",
             "0 re dve-sedmy:1 dve-sedmy:2", "1 tutti dve-sedmy", "2 dobra",
             "0 boty dve-sedmy:1"]
    d = deal(calls[:-1])
    with pytest.raises(IllegalMove):
        d.move("boty dve-sedmy:2")   # seat 2 said dobra in round 3: his level is 2
    d.move("boty dve-sedmy:1")
    assert d.phase == "play" and d.pos.fleky == Fleky.of(
        {("dve-sedmy", 1): 4, ("dve-sedmy", 2): 2}, [1, 2])
    five = deal(calls, parse_ruleset(variant(max_flek=5)))
    assert five.phase == "fleky" and [m.text() for m in five.legal_moves()] == [
        "dobra", "kalhoty dve-sedmy:1"]


FOUR = ["AL TL KL OL 9L 7H AB KB OB 8A", "TH KH OH UH 9H 8H 7L TB UB 9B",
        "AH AA TA KA OA UA 9A UL 8L 7B", ""]


def test_example_6_pauzirak_and_vyrovnana_sedma() -> None:
    """LICITOVANY §6 example 6: dealer 3 sits out; `vyrovnana_sedma = true` still plays
    it; had both defenders flekked the hra and the aktér said dobra, all 0 unplayed."""
    start = ["2 dobra", "1 dobra", "0 discard 8B 7A", "0 contract sedma-cervena"]
    rs = parse_ruleset(variant(vyrovnana_sedma=True))
    d = deal([*start, "1 flek hra", "2 dobra", "0 dobra"], rs, FOUR, players=4, dealer=3)
    assert d.phase == "play" and d.pauzirak == 3 and d.view(3).hand == 0
    d = deal([*start, "1 flek hra", "2 flek hra", "0 dobra"], rs, FOUR, players=4, dealer=3)
    assert (d.phase, d.pos.ending, d.money()) == ("done", "vyrovnana", (0, 0, 0, 0))
    d = deal([*start, "1 flek hra", "2 flek hra", "0 dobra"], None, FOUR, players=4, dealer=3)
    assert d.phase == "play"


def test_the_announced_seven_is_kept_back_by_the_aktér_only() -> None:
    """LICITOVANY §3, Decisions "Sevens": the aktér's 7B not before trick 10."""
    d = deal([*SEDMA_B, "1 dobra", "2 dobra"])
    assert d.to_act == 0   # the forhont leads in a trump game
    assert parse_card("7B") not in [m.cards[0] for m in d.legal_moves()]
    with pytest.raises(IllegalMove):
        d.move("7B")


def test_hlasky_are_offered_on_a_whole_pair_only() -> None:
    """LICITOVANY §3: the K or O of a pair the player holds whole, in rungs 1–6."""
    d = deal([*SEDMA_B, "1 dobra", "2 dobra"])
    texts = [m.text() for m in d.legal_moves()]
    assert "KL hlaska" in texts and "OB hlaska" in texts and "AL hlaska" not in texts
    d.move("KL hlaska")
    assert d.pos.hlasky == ((0, 20),)


def test_betl_ends_when_the_aktér_takes_a_trick() -> None:
    """LICITOVANY §3: betl ends as soon as the aktér takes a trick; he leads."""
    d = deal(["2 dobra", "1 dobra", "0 discard 8B 7A", "0 contract betl", "1 dobra",
              "2 dobra"])
    assert d.to_act == 0
    for text in ["0 AL", "1 TB", "2 UL"]:
        d.move(text.split()[1])
    assert (d.phase, d.money()) == ("done", (-30, 15, 15))


def random_deal(seed: int, players: int, rs: Ruleset) -> Deal:
    rng = random.Random(seed)
    d = Deal.random(rs, rng.randrange(players), rng, players=players)
    while not d.is_over:
        moves = d.legal_moves()
        assert moves, (d.phase, d.log)
        d.move(rng.choice(moves))
    return d


@PROPS
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4]),
       scope=st.sampled_from(["pair", "side"]))
def test_random_deals_end_and_settle(seed: int, players: int, scope: str) -> None:
    """LICITOVANY §4–§6: legal moves never empty until the end; card points of a played
    deal and its talon add up to 90; the money is zero-sum."""
    d = random_deal(seed, players, parse_ruleset(variant(flek_scope=scope)))
    money = d.money()
    assert sum(money) == 0 and len(money) == players
    if d.pos.ending == "played" and len(d.pos.tricks) == 10:
        t = d.tally()
        talon = sum(CARD_POINTS[c] for c in range(32) if d.pos.discard >> c & 1)
        assert t.points + t.defence_points + talon == 90


@PROPS
@given(seed=st.integers(0, 10**6))
def test_undo_and_clone(seed: int) -> None:
    """The core's log: undo takes back one move, a clone goes on alone."""
    d = random_deal(seed, 3, load_ruleset())
    steps = len(d.log)
    copy = d.clone()
    while d.log:
        d.undo()
    assert d.phase == "licitace" and len(copy.log) == steps and copy.is_over


@PROPS
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4]))
def test_each_seat_sees_only_what_the_rules_say(seed: int, players: int) -> None:
    """LICITOVANY §3, §4.3: the talon only to the aktér as he takes it, the discard to
    him (and to all after a trump game, never after betl or durch), only the trick in
    progress and the last one; never another seat's hand."""
    rng = random.Random(seed)
    d = Deal.random(load_ruleset(), rng.randrange(players), rng, players=players)
    while True:
        p = d.pos
        for seat in range(players):
            v = d.view(seat)
            assert v.hand == p.hands[seat] and v.hlasky == p.hlasky
            assert v.talon == (p.talon if seat == p.akter else 0)
            played_out = d.is_over and p.ending == "played" and not p.contract.rung.closed \
                if p.contract else False
            assert v.discard == (p.discard if seat == p.akter or played_out else 0)
            hidden = [w for s, w in v.calls if w.startswith("discard ")]
            assert not hidden or seat == p.akter
            assert v.last_trick == (p.tricks[-1] if p.tricks else None)
        if d.is_over:
            break
        d.move(rng.choice(d.legal_moves()))


DURCH = ["AL KL OL UL TL 9L 8L 7L AB KB", "AH KH OH UH TH 9H 8H 7H OB UB",
         "TB 9B 7B AA TA KA OA UA 9A 8A"]
"""Seat 0 holds every zelená and the two best kule of the betl order."""


def test_example_3_durch_played_to_its_money() -> None:
    """LICITOVANY §6 example 3 through the whole deal: won rung 5, contract durch, `2 flek
    durch`; the aktér leads and takes all ten, whatever the defenders play: +18,00."""
    rs = load_ruleset()
    d = deal(["2 sto-cervenych", "0 mam", "2 dobra", "1 dobra", "0 discard 8B 7A",
              "0 contract durch", "1 dobra", "2 flek durch", "0 dobra"], hands=DURCH)
    for lead in DURCH[0].split():
        assert d.to_act == 0
        d.move(lead)
        d.move(d.legal_moves()[-1])
        d.move(d.legal_moves()[0])
    assert d.pos.ending == "played" and d.tally().tricks == 10
    assert tuple(rs.haler(u) for u in d.money()) == (1800, -600, -1200)


TICHE = ["AB TB KB OB UB 9B 7B AL AA 8L", "AH TH KH OH UH 9H 8H 7H TL KL",
         "OL UL 9L 7L TA KA OA UA 9A 8A"]
"""Seat 0 holds every kule but the talon's 8B, and two aces: he takes all ten tricks."""


def test_a_tiche_sto_in_sedma_played_to_its_money() -> None:
    """LICITOVANY §5, §6 (as example 7 with `1 flek hra`): 90 card points and the 40 in
    kule announced with the KB: P = 130, n = 4; the 7B takes trick 10. Pair 1: hra 1 × 2
    × 2 + 2 × 3 = 10, sedma 2; pair 2: 8 + 2. Aktér +4,40."""
    rs = load_ruleset()
    d = deal([*SEDMA_B[:2], "0 discard 8L 7A", "0 contract sedma B", "1 flek hra",
              "2 dobra", "0 dobra"], hands=TICHE)
    for lead in ["AB", "TB", "KB hlaska", "OB", "UB", "9B", "8B", "AL", "AA", "7B"]:
        assert d.to_act == 0
        d.move(lead)
        d.move(d.legal_moves()[0])
        d.move(d.legal_moves()[0])
    assert d.tally() == Tally(90, 0, (40,), 0, 10, AKTER, True, False)
    assert tuple(rs.haler(u) for u in d.money()) == (440, -240, -200)


def test_raised_components_in_any_order() -> None:
    """LICITOVANY, Decisions "Raises": components in one raise in any order, each once."""
    calls = ["2 dve-sedmy", "0 mam", "2 dobra", "1 dobra", "0 discard 8B 7A",
             "0 contract dve-sedmy-cervena L", "1 flek dve-sedmy", "2 flek dve-sedmy"]
    d = deal([*calls, "0 re dve-sedmy:2 dve-sedmy:1"])
    assert d.pos.fleky.level("dve-sedmy", 2) == 2
    with pytest.raises(IllegalMove):
        deal(calls).move("re dve-sedmy:1 dve-sedmy:1")


@pytest.mark.parametrize("rung", [0, 13, -1, 100])
def test_a_move_naming_a_rung_off_the_ladder_cannot_be_made(rung: int) -> None:
    """LICITOVANY §2: the ladder has rungs 1–12; a bid or a contract naming another is
    refused when it is made, with an error that is a ValueError (no KeyError from
    :meth:`Move.text` or the tables' words later)."""
    with pytest.raises(IllegalMove, match=f"bid names rung {rung}: the ladder's rungs are 1–12"):
        Move.bid(rung).text()
    with pytest.raises(IllegalMove, match=f"contract names rung {rung}: the ladder's"):
        Move("contract", rung=rung, trump=1).text()
    assert issubclass(IllegalMove, ValueError)
    assert Move.bid(12).text() == "dve-sedmy-cervena-a-sto" and Move("mam").rung == 0


def test_moves_made_as_values_are_checked_like_words() -> None:
    """LICITOVANY §4.3: a discard is two different cards the aktér holds; a card is one
    the seat may play; a hláška only on a whole pair."""
    d = deal(["2 dobra", "1 dobra"])
    for cards in [(parse_card("8B"), parse_card("8B")), (parse_card("8B"), parse_card("AH"))]:
        with pytest.raises(IllegalMove):
            d.move(Move("discard", cards=cards))
    d = deal([*SEDMA_B, "1 dobra", "2 dobra"])
    with pytest.raises(IllegalMove, match="announces no hláška"):
        d.move(Move.play(parse_card("AL"), hlaska=True))
    with pytest.raises(IllegalMove):
        d.move(Move.play(parse_card("AH")))
