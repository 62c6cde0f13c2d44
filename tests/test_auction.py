"""RULES §4: the auction — speaking order, the ladder per ruleset, contracts, doublings,
the end of the auction and what it produces (plain game, cicha, wesele partner, honours)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from stolik.errors import IllegalMove
from stolik.games.baska.calls import PASS, Call, parse_call
from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.scoring import DECLARING, OPPOSING
from stolik.games.baska.state import Deal

RULESETS = ("pucka-2019", "mester-sport", "linia")

# Dealer 0: forehand 1; the auction goes 2, 3, 0, 1, 2, …
# Q♣ with seat 0 and Q♠ with seat 1: seats 0, 1 are starzy, seats 2, 3 młodzi. Nobody
# holds four of a kind, so no honour can be called.
PLAIN = ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"]

# Seat 0 holds both black queens (wesele or cicha) and also J♣ and 10♥, so his wesele
# partner is the holder of the *second* partner card: J♠ (seat 2) in pucka-2019 and
# linia, Q♥ (seat 3) in mester-sport.
# Seats 0 and 1 hold the black queens; no seat's zoło is laid down from any place.
NOT_LAID_DOWN = ["AH QC JH AD", "QS TH JD TD", "AC TC AS TS", "QD QH JC JS"]
QUEENS = ["QC QS JC TH", "AC TC AS TS", "JS AH JH AD", "QH TD QD JD"]

# Four of a kind in every hand. Dealer 3: forehand 0; the auction goes 1, 2, 3, 0.
HONOURS = ["QC QS QH QD", "AC AS AH AD", "TC TS TH TD", "JC JS JH JD"]


def deal(ruleset: str, hands: Sequence[str], calls: Sequence[str] = (), dealer: int = 0
         ) -> Deal:
    """A deal after the given calls (each checked by the engine)."""
    d = Deal.from_text(load_ruleset(ruleset), dealer, hands)
    for c in calls:
        d.call(c)
    return d


def legal(d: Deal) -> list[str]:
    return [c.text(d.rs) for c in d.legal_calls()]


def refused(d: Deal, call: str, *words: str, section: str = "RULES §4") -> None:
    """Assert that ``call`` by the seat to act is refused, for a reason that cites
    ``section`` and holds each of ``words``; the deal is left unchanged."""
    before = list(d.log)
    why = d.why_not_call(parse_call(call, d.rs))
    assert why is not None, f"{call} should be refused"
    for w in (*words, section):
        assert w in why, (w, why)
    with pytest.raises(IllegalMove):
        d.call(call)
    assert d.log == before


# ---------------------------------------------------------------- order


@pytest.mark.parametrize("dealer", range(4))
def test_rules_4_speaking_order(dealer: int) -> None:
    """RULES §4 order: the seat after forehand speaks first, forehand fourth, then round
    again: forehand+1, forehand+2, dealer, forehand, …"""
    d = deal("pucka-2019", PLAIN, dealer=dealer)
    fh = (dealer + 1) % 4
    expected = [(fh + 1 + i) % 4 for i in range(8)]
    assert expected[3] == fh and expected[2] == dealer
    seats = []
    # Forehand calls gran as fourth, an opponent doubles, forehand raises to zoło.
    for c in ("pass", "pass", "pass", "gran", "kontra", "pass", "pass", "zolo"):
        seats.append(d.to_act)
        d.call(c)
    assert seats == expected
    assert [op.seat for op in d.log] == expected


def test_rules_4_call_out_of_turn_is_refused() -> None:
    """RULES §4: only the seat to act may call."""
    d = deal("pucka-2019", PLAIN)
    assert d.to_act == 2
    why = d.why_not_call(PASS, seat=1)
    assert why is not None and "seat 2's turn" in why and "RULES §4" in why
    assert d.why_not_call(PASS, seat=2) is None


# ---------------------------------------------------------------- the ladder


@pytest.mark.parametrize(
    ("ruleset", "ladder"),
    [
        ("pucka-2019", ["wesele", "gran", "zolo", "gran-du", "zolo-du", "baszka"]),
        ("mester-sport", ["wesele", "zolo-bieda", "gran", "zolo", "gran-du", "zolo-du",
                          "mester", "baszka"]),
        ("linia", ["wesele", "gran", "zolo", "gran-du", "zolo-du", "mester"]),
    ],
)
def test_rules_4_ladder_per_ruleset(ruleset: str, ladder: list[str]) -> None:
    """RULES §4 ladder, lowest first: zolo-bieda only in mester-sport, mester in
    mester-sport and linia, baszka in pucka-2019 and mester-sport; gran < zoło < gran-du <
    zoło-du (Decision)."""
    rs = load_ruleset(ruleset)
    assert [c.id for c in rs.ladder] == ladder
    assert [c.rank for c in rs.ladder] == list(range(len(ladder)))


@pytest.mark.parametrize(
    ("ruleset", "word", "known"),
    [
        ("pucka-2019", "zolo-bieda", False), ("mester-sport", "zolo-bieda", True),
        ("linia", "zolo-bieda", False),
        ("pucka-2019", "mester", False), ("mester-sport", "mester", True),
        ("linia", "mester", True),
        ("pucka-2019", "baszka", True), ("mester-sport", "baszka", True),
        ("linia", "baszka", False),
    ],
)
def test_rules_4_contract_outside_the_ruleset_is_unknown(ruleset: str, word: str,
                                                         known: bool) -> None:
    """RULES §4 ladder: a contract marked — in a ruleset cannot be called there."""
    rs = load_ruleset(ruleset)
    if known:
        assert parse_call(word, rs) == Call("contract", word)
    else:
        with pytest.raises(IllegalMove, match="unknown call"):
            parse_call(word, rs)
        d = deal(ruleset, HONOURS, dealer=3)
        why = d.why_not_call(Call("contract", word))
        assert why is not None and f"not a contract of {ruleset}" in why


@pytest.mark.parametrize(
    ("ruleset", "first"),
    [("pucka-2019", ["pass", "gran", "zolo", "gran-du", "zolo-du"]),
     ("mester-sport", ["pass", "gran", "zolo", "gran-du", "zolo-du", "mester"]),
     ("linia", ["pass", "gran", "zolo", "gran-du", "zolo-du", "mester"])],
)
def test_rules_4_legal_calls_of_the_first_speaker(ruleset: str, first: list[str]) -> None:
    """RULES §4: seat 1 (four aces) speaks first: pass, the solos, and mester where it
    exists; no baszka or zolo-bieda (he lacks the cards), no wesele (no black queen). He
    may double the would-be game first: seat 0 holds both black queens (cicha), seat 1 is
    one of the three against him."""
    d = deal(ruleset, HONOURS, dealer=3)
    assert d.to_act == 1
    assert legal(d) == [*first, "kontra"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_contract_must_rank_strictly_higher(ruleset: str) -> None:
    """RULES §4: a contract must rank strictly above the current one."""
    d = deal(ruleset, PLAIN, ["zolo"])
    refused(d, "gran", "does not rank above zolo")
    refused(d, "zolo", "does not rank above zolo")
    d.call("gran-du")
    assert d.contract is not None and d.contract.id == "gran-du"
    assert d.level == 0
    refused(d, "gran-du", "does not rank above gran-du")
    d.call("zolo-du")
    assert d.contract.id == "zolo-du"


def test_rules_4_zolo_bieda_ranks_between_wesele_and_gran_in_mester_sport() -> None:
    """RULES §4 (mester-sport, seed 001 §7C): zoło-bieda is below zoło and gran."""
    d = deal("mester-sport", HONOURS, ["mester"], dealer=3)   # seat 1
    # Seat 2 holds four tens but zolo-bieda is below mester.
    refused(d, "zolo-bieda", "does not rank above mester")
    d2 = deal("mester-sport", HONOURS, ["pass", "zolo-bieda"], dealer=3)
    assert d2.contract is not None and d2.contract.id == "zolo-bieda"
    d2.call("gran")   # seat 3 outbids the honour with a gran
    assert d2.contract.id == "gran"


@pytest.mark.parametrize(
    ("ruleset", "calls", "contract", "declarer"),
    [
        # mester (seat 1), then baszka (seat 0) outranks it.
        ("mester-sport", ["mester", "pass", "pass", "baszka", "pass", "pass", "pass"],
         "baszka", 0),
        ("pucka-2019", ["pass", "pass", "pass", "baszka", "pass", "pass", "pass"], "baszka", 0),
        ("linia", ["mester", "pass", "pass", "pass"], "mester", 1),
        ("mester-sport", ["pass", "zolo-bieda", "pass", "pass", "pass"], "zolo-bieda", 2),
    ],
)
def test_rules_4_honour_is_settled_at_once(ruleset: str, calls: list[str], contract: str,
                                           declarer: int) -> None:
    """RULES §4 after the auction: an honour is settled at once as a win, no cards played."""
    d = deal(ruleset, HONOURS, calls, dealer=3)
    assert d.phase == "done" and d.is_over
    assert d.to_act is None
    assert d.legal_cards() == []
    r = d.result()
    assert (r.contract, r.declarer, r.winners) == (contract, declarer, (declarer,))


# ---------------------------------------------------------------- cards needed


@pytest.mark.parametrize(
    ("ruleset", "contract", "needs"),
    [
        ("pucka-2019", "baszka", "QC QS QH QD"),
        ("mester-sport", "baszka", "QC QS QH QD"),
        ("mester-sport", "mester", "AC AS AH AD"),
        ("linia", "mester", "AC AS AH AD"),
        ("mester-sport", "zolo-bieda", "TC TS TH TD"),
        ("pucka-2019", "wesele", "QC QS"),
        ("mester-sport", "wesele", "QC QS"),
        ("linia", "wesele", "QC QS"),
    ],
)
def test_rules_4_honours_and_wesele_need_their_cards(ruleset: str, contract: str,
                                                     needs: str) -> None:
    """RULES §4 "needs": honours need four of a kind, wesele both black queens."""
    d = deal(ruleset, PLAIN)   # seat 2 to act, holds A♣ 10♣ A♠ 10♠
    refused(d, contract, f"seat 2 may not call {contract}", f"needs {needs}")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_solo_needs_no_cards(ruleset: str) -> None:
    """RULES §4: gran, zoło and their du need no particular cards."""
    for contract in ("gran", "zolo", "gran-du", "zolo-du"):
        d = deal(ruleset, PLAIN)
        d.call(contract)
        assert d.contract is not None and d.contract.id == contract
        assert d.contract.requires == 0


# ---------------------------------------------------------------- wesele


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_wesele_first_round_only(ruleset: str) -> None:
    """RULES §4: wesele may be called only in the first round. Dealer 2: seat 0 (both
    black queens) speaks first and passes; seat 1 doubles the would-be game (a cicha) so
    that the auction goes on to a second round without any contract; then seat 0's
    wesele is refused."""
    # Dealer 2, forehand 3: order 0, 1, 2, 3, 0, …
    d = deal(ruleset, QUEENS, ["pass", "kontra", "pass", "pass"], dealer=2)
    assert d.to_act == 0 and d.contract is None and d.phase == "auction"
    assert "wesele" not in legal(d)
    refused(d, "wesele", "only in the first round")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_wesele_in_first_round_voids_a_doubling_of_the_plain_game(ruleset: str) -> None:
    """RULES §4: wesele is allowed in the first round while no contract is called, even
    after the plain game was doubled; the new contract voids that doubling."""
    # Dealer 3, forehand 0: order 1, 2, 3, 0. Seat 1 doubles the would-be cicha; seat 0
    # calls wesele as fourth.
    d = deal(ruleset, QUEENS, ["kontra", "pass", "pass"], dealer=3)
    assert d.level == 1
    d.call("wesele")
    assert d.level == 0
    for _ in range(3):
        d.call("pass")
    assert d.game is not None and d.game.contract.id == "wesele" and d.game.level == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_wesele_only_without_contract(ruleset: str) -> None:
    """RULES §4: wesele only while no contract has been called (it is the lowest)."""
    d = deal(ruleset, QUEENS, ["gran"], dealer=3)   # seat 1 calls gran, seats 2, 3, 0 next
    d.call("pass")
    d.call("pass")
    assert d.to_act == 0
    assert "wesele" not in legal(d)
    refused(d, "wesele", "does not rank above gran")


@pytest.mark.parametrize(
    ("ruleset", "partner_cards", "partner"),
    [("pucka-2019", "JC JS JH", 2), ("mester-sport", "TH QH QD", 3), ("linia", "JC JS JH", 2)],
)
def test_rules_4_wesele_partner_is_holder_of_first_card_not_in_declarers_hand(
    ruleset: str, partner_cards: str, partner: int
) -> None:
    """RULES §4: the wesele partner holds the first partner card not in the declarer's own
    hand: J♣, J♠, J♥ (pucka-2019, linia) or 10♥, Q♥, Q♦ (mester-sport). Seat 0 holds
    J♣ and 10♥, so the second card decides: J♠ (seat 2) or Q♥ (seat 3)."""
    rs = load_ruleset(ruleset)
    assert DECK.format(rs.contract("wesele").partner_cards, ascii=True) == partner_cards
    # Dealer 2: order 0, 1, 2, 3.
    d = deal(ruleset, QUEENS, ["wesele", "pass", "pass", "pass"], dealer=2)
    g = d.game
    assert g is not None and g.contract.id == "wesele"
    assert (g.declarer, g.partner, g.team) == (0, partner, tuple(sorted((0, partner))))


@pytest.mark.parametrize(
    ("ruleset", "hands", "partner"),
    [
        # Declarer (seat 0) holds no partner card: the first one's holder.
        ("pucka-2019", ["QC QS AH AD", "JC TH TD AC", "JS QH JH TC", "AS TS QD JD"], 1),
        ("linia", ["QC QS AH AD", "JS TH TD AC", "JC QH JH TC", "AS TS QD JD"], 2),
        ("mester-sport", ["QC QS AH AD", "JC QH TD AC", "JS TH JH TC", "AS TS QD JD"], 2),
        # Declarer holds J♣ and J♠ (10♥ and Q♥): the third card's holder.
        ("pucka-2019", ["QC QS JC JS", "AH TH TD AC", "QH JH AD TC", "AS TS QD JD"], 2),
        ("linia", ["QC QS JC JS", "AH TH TD AC", "QH AD TC JD", "AS TS QD JH"], 3),
        ("mester-sport", ["QC QS TH QH", "AH JC TD AC", "JH AD TC JD", "AS TS QD JS"], 3),
    ],
)
def test_rules_4_wesele_partner_first_and_third_card(ruleset: str, hands: list[str],
                                                     partner: int) -> None:
    """RULES §4 (000 §6b, 003 §6b–d, 001 §6B): the partner card order per ruleset."""
    d = deal(ruleset, hands, ["wesele", "pass", "pass", "pass"], dealer=2)
    assert d.game is not None and d.game.partner == partner


# ---------------------------------------------------------------- contracts and doublings


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_declarer_may_raise_his_own_contract(ruleset: str) -> None:
    """RULES §4 (000 §7b, 003 §9i): a doubled gran may be raised by its declarer to zoło;
    the raise voids the kontra."""
    # Dealer 0: order 2, 3, 0, 1. Seat 2 calls gran, seat 3 doubles, seats 0, 1 pass,
    # seat 2 raises to zoło.
    d = deal(ruleset, PLAIN, ["gran", "kontra", "pass", "pass"])
    assert d.to_act == 2 and d.level == 1
    d.call("zolo")
    assert d.contract is not None and d.contract.id == "zolo" and d.level == 0
    for _ in range(3):
        d.call("pass")
    g = d.game
    assert g is not None
    assert (g.contract.id, g.declarer, g.level, g.first_doubler_side) == ("zolo", 2, 0, None)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_new_contract_voids_all_doublings(ruleset: str) -> None:
    """RULES §4 (003 §8d): a new contract voids the doublings of the one it replaces —
    then the old doubling side may double again from kontra."""
    # Dealer 0: order 2, 3, 0, 1. Seat 2 gran, seat 3 kontra, seat 0 zoło.
    d = deal(ruleset, PLAIN, ["gran", "kontra"])
    assert d.level == 1
    d.call("zolo")   # seat 0 outbids
    assert d.level == 0
    assert d.contract is not None and d.contract.id == "zolo"
    assert "kontra" in legal(d)    # seat 1 (opponent of seat 0) may double afresh
    assert "rekontra" not in legal(d)
    d.call("kontra")
    assert d.level == 1


@pytest.mark.parametrize(
    ("ruleset", "names"),
    [("pucka-2019", ["kontra", "rekontra", "bok", "hirsch"]),
     ("mester-sport", ["kontra", "rekontra", "bok", "hirsch"]),
     ("linia", ["kontra", "rekontra", "hirsch", "bok"])],
)
def test_rules_4_doubling_chain_names(ruleset: str, names: list[str]) -> None:
    """RULES §4, §7: the doublings of levels 1–4 — pucka-2019/mester-sport kontra,
    rekontra, bok, hirsch; linia kontra, rekontra, hirsch, bok. The plain game allows all
    four: młodzi and starzy alternate."""
    rs = load_ruleset(ruleset)
    assert list(rs.doublings) == names
    assert [parse_call(n, rs).level for n in names] == [1, 2, 3, 4]
    # Dealer 0: order 2 (młody), 3 (młody), 0 (stary), 1 (stary), 2, …
    d = deal(ruleset, PLAIN)
    made = []
    for seat in (2, 0, 3, 1):
        while d.to_act != seat:
            d.call("pass")
        nxt = [c for c in d.legal_calls() if c.kind == "double"]
        assert len(nxt) == 1
        made.append(nxt[0].text(rs))
        d.call(nxt[0])
    assert made == names
    assert d.level == 4
    assert all(c.kind != "double" for c in d.legal_calls())   # no fifth doubling


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_wrong_doubling_name_is_refused(ruleset: str) -> None:
    """RULES §4: doublings come in order — rekontra before any kontra is refused."""
    d = deal(ruleset, PLAIN, ["zolo"])
    refused(d, "rekontra", "next doubling is kontra", section="RULES §")


@pytest.mark.parametrize(
    ("ruleset", "contract", "max_level"),
    [(rs, c, 2) for rs in RULESETS for c in ("gran", "zolo", "gran-du", "zolo-du")]
    + [(rs, c, 4) for rs in RULESETS for c in ("zwykla", "wesele")]
    + [("pucka-2019", "cicha", 3), ("mester-sport", "cicha", 3), ("linia", "cicha", 4)]
    + [("pucka-2019", "baszka", 0), ("mester-sport", "baszka", 0),
       ("mester-sport", "mester", 0), ("mester-sport", "zolo-bieda", 0), ("linia", "mester", 0)],
)
def test_rules_7_max_doubling_level_per_contract(ruleset: str, contract: str,
                                                 max_level: int) -> None:
    """RULES §7 (the tables' highest doubling level): plain game and wesele 4; cicha 3, 3,
    4; solos 2; honours 0."""
    assert load_ruleset(ruleset).contract(contract).max_level == max_level


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_solo_doubled_at_most_twice(ruleset: str) -> None:
    """RULES §4, §7: a solo takes kontra and rekontra, nothing more."""
    # Dealer 0: order 2, 3, 0, 1. Seat 2 zoło, seat 3 kontra, seats 0, 1 pass, seat 2
    # rekontra, then seat 3 may not double a third time.
    d = deal(ruleset, PLAIN, ["zolo", "kontra", "pass", "pass", "rekontra"])
    assert d.level == 2
    third = load_ruleset(ruleset).doublings[2]
    refused(d, third, "at most 2 times", section="RULES §7")
    assert [c.text(d.rs) for c in d.legal_calls()] == ["pass", "gran-du", "zolo-du"]
    for _ in range(3):
        d.call("pass")
    assert d.game is not None and d.game.level == 2


@pytest.mark.parametrize(
    ("ruleset", "fourth_counts"),
    [("pucka-2019", False), ("mester-sport", False), ("linia", True)],
)
def test_rules_4_cicha_max_level(ruleset: str, fourth_counts: bool) -> None:
    """RULES §7: cicha may be doubled 3 times (pucka-2019, mester-sport) or 4 (linia).
    RULES §4 (dead doublings): nobody may tell cicha from the plain game, so the doublings
    on it are the plain game's public sequence (4 allowed); a fourth counted doubling of a
    cicha that allows 3 is dead. Seat 0 holds both black queens; nobody calls a contract."""
    rs = load_ruleset(ruleset)
    # Dealer 2, forehand 3: order 0, 1, 2, 3. Seat 1 kontra, seat 0 (cicha) rekontra,
    # seat 1 the third, seat 0 the fourth.
    d = deal(ruleset, QUEENS, ["pass", "kontra", "pass", "pass", "rekontra", rs.doublings[2]],
             dealer=2)
    assert d.level == 3
    d.call("pass")
    d.call("pass")
    assert d.to_act == 0
    d.call(rs.doublings[3])
    assert d.level == 4
    refused(d, "kontra", "at most 4 times", section="RULES §7")
    for _ in range(3):
        d.call("pass")
    g = d.game
    assert g is not None and g.contract.id == "cicha"
    assert (g.level, g.dead) == ((4, ()) if fourth_counts else (3, (8,)))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_side_that_doubled_last_is_refused(ruleset: str) -> None:
    """RULES §4 (000 §7a): repeated doublings by one side do not count — the engine refuses
    them. After a kontra on seat 2's zoło by seat 3, seats 0 and 1 (seat 3's side) may not
    rekontra."""
    d = deal(ruleset, PLAIN, ["zolo", "kontra"])
    assert d.to_act == 0
    refused(d, "rekontra", "seat 0", "his side doubled last")
    d.call("pass")
    refused(d, "rekontra", "seat 1", "his side doubled last")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_plain_game_partner_of_last_doubler_is_dead(ruleset: str) -> None:
    """RULES §4 (dead doublings): in the plain game młody seat 2 doubles; his partner
    seat 3's rekontra is accepted as a call — refusing it would tell seat 3 his side — but
    it does not count; starzy seat 0's next doubling does."""
    d = deal(ruleset, PLAIN, ["kontra"])
    assert "rekontra" in legal(d)
    d.call("rekontra")  # seat 3, młody like the kontra: dead
    assert d.level == 2
    d.call("bok" if ruleset != "linia" else "hirsch")  # seat 0, stary: counts
    assert d.level == 3
    for _ in range(3):
        d.call("pass")
    g = d.game
    assert g is not None and g.contract.id == "zwykla"
    assert (g.level, g.dead, g.first_doubler_side) == (2, (1,), OPPOSING)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("declarer", range(4))
def test_rules_4_solo_first_doubling_from_opponents(ruleset: str, declarer: int) -> None:
    """RULES §4: the first doubling of a solo comes from the declarer's opponents — each of
    them may make it, whichever side of the plain game he would be on (seats 0, 1 hold the
    black queens). The declarer himself never gets a turn at level 0 (three passes after
    his call close the auction), so his refusal is exercised on the wesele partner and
    the cicha player below; here he answers the kontra with a rekontra."""
    # Dealer 0: order 2, 3, 0, 1. The declarer calls zoło on his first turn. No hand here
    # makes zoło laid down (RULES §7), whose doublings are limited further.
    order = [2, 3, 0, 1]
    calls = ["pass"] * order.index(declarer) + ["zolo"]
    for opponent_turns in range(3):
        d = deal(ruleset, NOT_LAID_DOWN, calls + ["pass"] * opponent_turns)
        assert d.to_act != declarer
        assert "kontra" in legal(d), d.to_act
    d = deal(ruleset, NOT_LAID_DOWN, [*calls, "kontra", "pass", "pass"])
    assert d.to_act == declarer
    assert "rekontra" in legal(d)
    d.call("rekontra")
    assert d.level == 2
    for _ in range(3):
        d.call("pass")
    g = d.game
    assert g is not None
    assert (g.contract.id, g.declarer, g.level, g.first_doubler_side) == (
        "zolo", declarer, 2, OPPOSING)


@pytest.mark.parametrize(
    ("ruleset", "starzy_may_double_first"),
    [("pucka-2019", False), ("mester-sport", False), ("linia", True)],
)
def test_rules_4_plain_game_first_doubling(ruleset: str, starzy_may_double_first: bool) -> None:
    """RULES §4: the first doubling of the plain game comes from młodzi in pucka-2019 and
    mester-sport (Decision: starzy are "in contract"), from either side in linia. A stary's
    first kontra is accepted as a call either way (dead doublings: a refusal would tell him
    his side); where starzy may not double first it is dead, and młodzi's next doubling is
    the first that counts."""
    # Dealer 2, forehand 3: order 0 (stary, Q♣), 1 (stary, Q♠), 2, 3 (młodzi).
    d = deal(ruleset, PLAIN, dealer=2)
    assert d.to_act == 0
    assert "kontra" in legal(d)
    d.call("kontra")     # seat 0, stary
    assert d.level == 1
    d.call("rekontra")   # seat 1, stary too: never counts (his side doubled, or not first)
    d.call(d.rs.doublings[2])  # seat 2, młody
    for _ in range(3):
        d.call("pass")
    g = d.game
    assert g is not None
    if starzy_may_double_first:
        assert (g.level, g.dead, g.first_doubler_side) == (2, (1,), DECLARING)
    else:
        assert (g.level, g.dead, g.first_doubler_side) == (1, (0, 1), OPPOSING)


@pytest.mark.parametrize(
    ("ruleset", "weselnicy_may_double_first"),
    [("pucka-2019", False), ("mester-sport", False), ("linia", True)],
)
def test_rules_4_wesele_first_doubling(ruleset: str, weselnicy_may_double_first: bool) -> None:
    """RULES §4: wesele's first doubling comes from młodzi (pucka-2019, mester-sport) —
    a kontra by the declarer's hidden partner is accepted but dead there; in linia either
    side may make it."""
    # Dealer 3: order 1, 2, 3, 0, 1, …; seat 0 calls wesele as fourth (partner seat 2 in
    # pucka-2019/linia, seat 3 in mester-sport). Then seat 1 (młody everywhere) passes,
    # and seat 2 doubles.
    d = deal(ruleset, QUEENS, ["pass", "pass", "pass", "wesele", "pass"], dealer=3)
    assert d.game is None and d.to_act == 2
    partner = 3 if ruleset == "mester-sport" else 2
    assert "kontra" in legal(d)
    d.call("kontra")   # seat 2 (call number 5)
    assert d.level == 1
    for _ in range(3):
        d.call("pass")
    g = d.game
    assert g is not None and g.partner == partner
    if partner != 2:
        assert (g.level, g.dead, g.first_doubler_side) == (1, (), OPPOSING)
    elif weselnicy_may_double_first:
        assert (g.level, g.dead, g.first_doubler_side) == (1, (), DECLARING)
    else:
        assert (g.level, g.dead, g.first_doubler_side) == (0, (5,), None)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_cicha_player_may_not_double_first_but_may_answer(ruleset: str) -> None:
    """RULES §4 (000 §7i, 003 §7e, §13d): with no contract called and seat 0 holding both
    black queens the game would be cicha; seat 0's first kontra is accepted (nobody may
    learn of the cicha from a refusal) but dead; he may answer a kontra with a counted
    rekontra."""
    # Dealer 2, forehand 3: order 0, 1, 2, 3, 0.
    d = deal(ruleset, QUEENS, dealer=2)
    assert d.to_act == 0
    assert "kontra" in legal(d)
    d.call("kontra")     # seat 0, the cicha player: dead
    d.call("rekontra")   # seat 1: the first that counts
    d.call("pass")
    d.call("pass")
    assert d.to_act == 0
    d.call(d.rs.doublings[2])
    for _ in range(3):
        d.call("pass")
    g = d.game
    assert g is not None
    assert (g.contract.id, g.declarer, g.team, g.level, g.first_doubler_side, g.dead) == (
        "cicha", 0, (0,), 2, OPPOSING, (0,))


@pytest.mark.parametrize(
    ("ruleset", "honour", "calls"),
    [("pucka-2019", "baszka", ["pass", "pass", "pass", "baszka"]),
     ("mester-sport", "baszka", ["pass", "pass", "pass", "baszka"]),
     ("mester-sport", "mester", ["mester"]),
     ("mester-sport", "zolo-bieda", ["pass", "zolo-bieda"]),
     ("linia", "mester", ["mester"])],
)
def test_rules_4_honours_cannot_be_doubled(ruleset: str, honour: str, calls: list[str]) -> None:
    """RULES §4: honours (zolo-bieda, mester, baszka) cannot be doubled."""
    d = deal(ruleset, HONOURS, calls, dealer=3)
    assert d.contract is not None and d.contract.id == honour
    refused(d, "kontra", f"{honour} cannot be doubled")
    assert all(c.kind != "double" for c in d.legal_calls())


# ---------------------------------------------------------------- end of the auction


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("calls", "closes_after"),
    [
        (["pass"] * 4, 4),                                   # four passes: no contract
        (["gran", "pass", "pass", "pass"], 4),               # first call, three passes
        (["pass", "pass", "pass", "gran", "pass", "pass", "pass"], 7),  # forehand bids
        (["pass", "gran", "pass", "pass", "pass"], 5),        # never before 3 passes
        (["gran", "kontra", "pass", "pass", "pass"], 5),      # a doubling restarts the count
        (["kontra", "pass", "pass", "pass"], 4),              # a doubled plain game
    ],
)
def test_rules_4_end_after_three_passes_never_before_all_four_spoke(
    ruleset: str, calls: list[str], closes_after: int
) -> None:
    """RULES §4 end: three passes in a row after the last non-pass call, and never before
    all four have spoken once."""
    d = deal(ruleset, PLAIN)
    for i, c in enumerate(calls, start=1):
        assert d.to_act is not None and d.legal_calls()
        d.call(c)
        assert d.phase == ("play" if i >= closes_after else "auction"), i
    assert len(calls) == closes_after
    assert d.legal_calls() == []
    with pytest.raises(IllegalMove, match="the auction is over"):
        d.call("pass")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_four_passes_plain_game(ruleset: str) -> None:
    """RULES §4: no contract and the black queens in two hands — zwykła gra, starzy (the
    holders of Q♣ and Q♠) against the other two."""
    d = deal(ruleset, PLAIN, ["pass"] * 4)
    g = d.game
    assert g is not None
    assert (g.contract.id, g.contract.kind, g.declarer, g.team, g.level) == (
        "zwykla", "plain", None, (0, 1), 0)
    assert [g.side_of(s) for s in range(4)] == [DECLARING, DECLARING, OPPOSING, OPPOSING]
    assert d.to_act == 1   # forehand leads


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_four_passes_cicha(ruleset: str) -> None:
    """RULES §4: no contract and one player holds both black queens — cicha, he alone
    against three."""
    d = deal(ruleset, QUEENS, ["pass"] * 4)
    g = d.game
    assert g is not None
    assert (g.contract.id, g.declarer, g.team) == ("cicha", 0, (0,))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_3_no_card_before_the_auction_closes(ruleset: str) -> None:
    """RULES §3, §4 (000 §7j): nothing may be played before the auction closes."""
    d = deal(ruleset, PLAIN, ["pass", "pass", "pass"])
    assert d.legal_cards() == []
    with pytest.raises(IllegalMove, match=r"no card may be played before the auction closes"):
        d.play("TD")
    d.call("pass")
    assert d.phase == "play" and d.to_act == 1
    d.play("TD")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_4_unknown_call_words(ruleset: str) -> None:
    """RULES §4: Polish spellings are read (pas, zoło, hirsz); nonsense is refused."""
    rs = load_ruleset(ruleset)
    assert parse_call("pas", rs) == PASS
    assert parse_call("Zoło-du", rs) == Call("contract", "zolo-du")
    assert parse_call("hirsz", rs) == Call("double", level=rs.doublings.index("hirsch") + 1)
    with pytest.raises(IllegalMove, match="unknown call"):
        parse_call("grand slam", rs)
