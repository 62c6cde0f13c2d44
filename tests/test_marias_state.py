"""One Mariáš deal as a state (MARIAS §2–§5, §8): choice, approval, announcements, fleky,
play obligations, marriages, betl and durch, renonc, claims, undo and clone."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from stolik.errors import IllegalMove
from stolik.games.marias.calls import Call
from stolik.games.marias.deck import format_cards, parse_card
from stolik.games.marias.play import NO_TRUMPS
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.state import Deal

RS = load_ruleset("ctyrka")

# Dealer 3, so seat 0 chooses; each hand in dealt order (the chooser's first four first).
L1 = ["7A AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
      "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"]
"""Acorns from the first four; the chooser holds the čtyřka; TA is with seat 3."""
L2 = ["7A AA 8H 9H KH OH TL AL", "AH TH UL 9L 8L 7L 7H UH",
      "KL OL AB TB KB OB UB 9B", "TA KA OA UA 9A 8A 8B 7B"]
"""The partner (TA) holds the čtyřka of acorns."""
L3 = ["7B AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
      "KL OL AB TB KB OB UB 9B", "7H UH 8B 7A TA UA 9A 8A"]
"""Kule from 7B; seat 2, a defender, holds KB and OB: a trhák."""
L4 = ["7A AA 8H 9H KH UL TL AL", "AH TH OH 9L 8L 7L 7H UH",
      "KL OL AB TB KB OB UB 9B", "TA KA OA UA 9A 8A 8B 7B"]
"""The chooser holds no marriage."""
L5 = ["9A AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
      "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 7A 8A"]
"""The partner (TA) holds the trump 7."""


def deal(layout: Sequence[str], moves: Sequence[str] = ()) -> Deal:
    d = Deal.from_text(RS, 3, layout)
    for m in moves:
        d.move(m)
    return d


def texts(d: Deal) -> list[str]:
    return [m.text(RS.flek_names) if isinstance(m, Call) else format_cards([m], ascii=True)
            for m in d.legal_moves()]


APPROVED = ["dobry"] * 4
QUIET = ["nic"] * 3
PASSES = ["pass"] * 4


# ---------------------------------------------------------------- MARIAS §4.1 choice

def test_choice_from_the_first_four_only() -> None:
    """MARIAS §4.1: one of the first four as trumps, another trump card called; no z lidu."""
    d = deal(L1)
    assert (d.phase, d.to_act, d.chooser) == ("choice", 0, 0)
    assert len(d.legal_moves()) == 4 * 7
    with pytest.raises(IllegalMove, match="z lidu"):
        d.move("trump=KH call=AH")
    with pytest.raises(IllegalMove, match="another card of the trump suit"):
        d.move("trump=7A call=AH")
    with pytest.raises(IllegalMove, match="another card of the trump suit"):
        d.move("trump=7A call=7A")
    d.move("trump=7A call=TA")
    assert d.phase == "approval" and d.to_act == 1


def test_chooser_sees_only_his_first_four_before_choosing() -> None:
    """MARIAS §2: the chooser sees only his first four before choosing."""
    d = deal(L1)
    assert format_cards(d.view(0).hand, ascii=True) == "AA KA OA 7A"
    d.move("trump=7A call=TA")
    assert len(d.view(0).hand) == 8
    assert d.view(0).trump_card == parse_card("7A")
    assert d.view(1).trump_card is None  # the laid card stays face down
    assert all("7A" not in text for _, text in d.view(1).calls)


def test_sam_is_told_to_nobody() -> None:
    """MARIAS §4.1: a chooser holding the called card plays alone; nobody else is told."""
    d = deal(L1, ["trump=7A call=KA", *APPROVED])
    assert d.soloist == 0 and d.partner is None
    assert texts(d) == ["hra", "sto", "hra sedma", "sto sedma"]  # alone: sto not mandatory
    for seat in (1, 2, 3):
        v = d.view(seat)
        assert v.partner is None and v.soloist is None
        assert v.sides[seat] == 1 and v.sides[0] == 0
        assert [v.sides[s] for s in (1, 2, 3) if s != seat] == [None, None]
    assert d.view(0).sides == (0, 1, 1, 1)


# ---------------------------------------------------------------- MARIAS §4.2 approval

def test_approval_order_and_the_highest_claim() -> None:
    """MARIAS §4.2: left of the chooser first, the chooser last; durch > betl."""
    d = deal(L1, ["trump=7A call=TA"])
    assert texts(d) == ["dobry", "betl", "durch"]
    d.move("betl")
    assert d.to_act == 2 and texts(d) == ["dobry", "durch"]
    d.move("durch")
    assert texts(d) == ["dobry"]
    with pytest.raises(IllegalMove, match=r"MARIAS §4\.2"):
        d.move("betl")
    d.move("dobry")
    assert d.to_act == 0 and texts(d) == ["dobry"]
    d.move("dobry")
    assert (d.game, d.soloist, d.phase, d.to_act) == ("durch", 2, "fleky", 1)
    assert d.view(1).sides == (1, 1, 0, 1)  # betl and durch: sides are public
    assert d.pos.trump == NO_TRUMPS
    d.move("flek durch")
    assert texts(d) == ["pass", "re durch"]  # the soloist's side answers
    for m in ["re durch", "pass", "pass", "pass", "pass"]:
        d.move(m)
    assert d.phase == "play" and d.to_act == 2  # the soloist leads (MARIAS §4.6)


def test_chooser_withdraws_his_choice_for_betl() -> None:
    """MARIAS §4.2: the chooser may withdraw his choice for betl or durch."""
    d = deal(L1, ["trump=7A call=TA", "dobry", "dobry", "dobry"])
    assert texts(d) == ["dobry", "betl", "durch"]
    d.move("betl")
    assert (d.game, d.soloist) == ("betl", 0)


def test_forgotten_choice_paper_deal_cerveny_sam() -> None:
    """MARIAS §4.1, seed §5: a forgotten choice plays betl, durch or červený sám."""
    d = Deal.from_text(RS, 3, L1, paper=True)
    d.move("forgot")
    for m in APPROVED[:3]:
        d.move(m)
    assert texts(d) == ["betl", "durch", "cerveny-sam"]
    d.move("cerveny-sam")
    assert (d.game, d.soloist, d.pos.trump, d.phase) == ("hra", 0, 0, "announce")
    assert d.view(2).soloist == 0  # červený sám is public


def test_forgotten_choice_refused_in_a_live_deal() -> None:
    """MARIAS §4.1: a forgotten choice exists only when a paper deal is recorded; a live
    chooser must choose."""
    d = deal(L1)
    with pytest.raises(IllegalMove, match=r"seat 0 must choose a trump card and a called "
                       r"card: a forgotten choice exists only when a paper deal is "
                       r"recorded \(MARIAS §4.1, seed §5\)"):
        d.move("forgot")
    assert d.phase == "choice" and not d.log
    assert all(getattr(m, "word", "") != "forgot" for m in d.legal_moves())


# ---------------------------------------------------------------- MARIAS §4.3 announcements

def test_chooser_with_the_ctyrka_must_announce_sto() -> None:
    """Seed §6: the chooser holding trump K and O, not alone, must announce sto."""
    d = deal(L1, ["trump=7A call=TA", *APPROVED])
    assert texts(d) == ["sto", "sto sedma"]
    with pytest.raises(IllegalMove, match="seed §6"):
        d.move("hra")


def test_partner_with_the_ctyrka_must_announce_sto_and_shows_himself() -> None:
    """Seed §6: the called card's holder with the čtyřka announces sto, which shows him."""
    d = deal(L2, ["trump=7A call=TA", *APPROVED])
    assert texts(d) == ["hra", "sto", "hra sedma", "sto sedma"]
    d.move("hra")
    d.move("nic")
    d.move("nic")
    assert d.to_act == 3 and texts(d) == ["sto"]
    assert d.view(1).partner is None
    d.move("sto")
    assert d.game == "sto" and d.pos.sto_by == 3 and d.phase == "fleky"
    assert all(d.view(s).partner == 3 for s in range(4))


def test_voluntary_sto_needs_a_marriage() -> None:
    """MARIAS §4.3 Decision: a voluntary sto needs a marriage in the announcer's hand."""
    d = deal(L4, ["trump=7A call=TA", *APPROVED])
    assert texts(d) == ["hra", "hra sedma"]


def test_partner_may_announce_sedma_and_defenders_nothing() -> None:
    """MARIAS §4.3 Decision: the partner may announce sedma; the defenders announce nothing."""
    d = deal(L5, ["trump=9A call=TA", *APPROVED, "sto"])
    assert texts(d) == ["nic"]
    d.move("nic")
    d.move("nic")
    assert texts(d) == ["nic", "sedma"]
    d.move("sedma")
    assert d.pos.sedma_by == 3 and d.view(1).partner == 3


# ---------------------------------------------------------------- MARIAS §4.4 fleky

def test_fleky_sides_alternate_and_trhak_must_flek() -> None:
    """MARIAS §4.4: a flek only by the side against, each next raise by the other side;
    the trhák is offered only flek on the game (seed §5)."""
    d = deal(L3, ["trump=7B call=8B", *APPROVED, "hra sedma", *QUIET])
    assert d.partner == 3 and d.to_act == 1
    assert texts(d) == ["pass", "flek hra", "flek sedma"]
    d.move("flek sedma")
    assert d.to_act == 2 and texts(d) == ["flek hra"]  # trhák (KB, OB)
    assert d.view(1).partner is None
    d.move("flek hra")
    assert texts(d) == ["pass", "re hra", "re sedma"]
    d.move("re hra")
    assert [d.view(s).partner for s in range(4)] == [3, 3, 3, 3]  # a raise shows him
    assert texts(d) == ["pass", "re sedma"]
    d.move("pass")
    assert texts(d) == ["pass", "tutti hra"]
    for m in PASSES[:3]:
        d.move(m)
    assert d.phase == "play" and d.pos.levels == (2, 1, 0) and d.to_act == 0


def test_sto_proti_at_the_first_turn_with_a_marriage() -> None:
    """Seed §4, MARIAS §4.4: sto proti by a defender holding a marriage, at his first turn."""
    d = deal(L1, ["trump=7A call=TA", *APPROVED, "sto", *QUIET])
    assert texts(d) == ["pass", "flek sto"]  # seat 1 holds no marriage
    d.move("pass")
    assert texts(d) == ["pass", "flek sto", "sto-proti"]
    d.move("pass")
    d.move("pass")
    d.move("pass")
    assert d.phase == "play"
    d2 = deal(L1, ["trump=7A call=TA", *APPROVED, "sto", *QUIET, "pass", "sto-proti"])
    assert texts(d2) == ["pass", "flek sto-proti"]  # the partner: the sto is his side's
    d2.move("flek sto-proti")
    assert d2.to_act == 0 and texts(d2) == ["pass"]  # no re by the side that flekked


def test_raises_stop_at_the_top_level() -> None:
    """MARIAS §6: kalhoty (×32) is the top level."""
    d = deal(L1, ["trump=7A call=TA", *APPROVED, "sto", *QUIET,
                  "flek sto", "pass", "pass", "re sto", "tutti sto", "pass", "pass", "boty sto",
                  "kalhoty sto"])
    assert d.pos.levels[0] == 5
    assert "sto" not in " ".join(texts(d)).replace("sto-proti", "")


def test_no_game_without_re() -> None:
    """Seed §5, MARIAS §4.5: a flekked hra without re is not played; its side pays it."""
    d = deal(L3, ["trump=7B call=8B", *APPROVED, "hra sedma", *QUIET,
                  "pass", "flek hra", "pass", "pass", "pass", "pass"])
    assert d.is_over
    r = d.result()
    assert r.settlement.end == "no-re"
    assert r.payouts == (-40, 40, 40, -40)  # 0,20 × 2, in kule; the sedma is not settled


def test_unflekked_hra_and_sto_after_flek_are_played() -> None:
    """MARIAS §4.5 Decision: the rule concerns the hra only."""
    d = deal(L1, ["trump=7A call=TA", *APPROVED, "sto", *QUIET,
                  "flek sto", "pass", "pass", "pass", "pass"])
    assert d.phase == "play"


# ---------------------------------------------------------------- MARIAS §3 play

def _played(layout: Sequence[str], bidding: Sequence[str]) -> Deal:
    return deal(layout, bidding)


def test_follow_beat_trump_and_automatic_marriage() -> None:
    """MARIAS §3 steps 2–4 and MARIAS §4.6 marriages."""
    d = deal(L1, ["trump=7A call=TA", *APPROVED, "sto", *QUIET, *PASSES])
    assert d.to_act == 0  # the chooser leads in a trump game
    d.move("KH")
    assert d.pos.marriages == ((0, 0),)  # KH with OH in hand: a marriage, 20
    with pytest.raises(IllegalMove, match=r"may not play 9H here: play AH TH \(MARIAS §3\)"):
        d.move("9H")
    d.move("AH")
    assert len(d.legal_moves()) == 8  # seat 2: no hearts, no trumps: any card
    d.move("9B")
    assert texts(d) == ["UH", "7H"]  # the ace cannot be beaten: any heart
    d.move("7H")
    assert d.history[-1].winner == 1 and d.to_act == 1
    d.move("UL")
    assert texts(d) == ["KL", "OL"]  # must beat within the suit
    d.move("KL")
    assert texts(d) == ["TA", "UA", "9A", "8A"]  # no leaves: must trump
    d.move("8A")
    assert texts(d) == ["AL", "TL"]  # a trick already trumped need not be beaten in L


def test_overtrump() -> None:
    """MARIAS §3 step 3: without the led suit, a trump — a higher one than a winning trump
    when he can; in betl and durch step 3 does not exist."""
    from stolik.games.marias.deck import parse_mask
    from stolik.games.marias.play import legal

    def allowed(hand: str, led: str, winning: str, trump: int) -> str:
        return format_cards(
            [c for c in range(32) if legal(parse_mask(hand), parse_card(led),
                                           parse_card(winning), trump) >> c & 1], ascii=True)

    acorns = 3
    assert allowed("KA 9A AL", "TB", "UA", acorns) == "KA"
    assert allowed("9A 8A AL", "TB", "UA", acorns) == "9A 8A"
    assert allowed("9A 8A AL", "TB", "AB", acorns) == "9A 8A"
    assert allowed("9A 8A AL", "TB", "AB", NO_TRUMPS) == "AL 9A 8A"
    assert allowed("KB 7B 9A", "TB", "UA", acorns) == "KB 7B"  # trumped: no need to beat
    assert allowed("KB 7B 9A", "OB", "OB", acorns) == "KB"


def test_announced_seven_is_kept_to_the_last_trick() -> None:
    """MARIAS §3: an announced sedma's trump 7 is not played before the last trick."""
    d = deal(L1, ["trump=7A call=TA", *APPROVED, "sto sedma", *QUIET, *PASSES])
    assert "7A" not in texts(d)
    with pytest.raises(IllegalMove, match="kept to the last trick"):
        d.move("7A")


def test_betl_laid_open_after_the_first_trick_and_ends_early() -> None:
    """Seed §7, MARIAS §4.6: open betl from the second trick; ends when the soloist takes
    a trick."""
    d = deal(L1, ["trump=7A call=TA", "dobry", "dobry", "dobry", "betl", *PASSES])
    assert d.to_act == 0 and d.view(1).open_hands is None
    d.move("7A")
    d.move("8L")
    d.move("9B")
    d.move("8A")
    assert d.history[-1].winner == 3
    v = d.view(1)
    assert v.open_hands is not None and len(v.open_hands[0]) == 7
    assert not d.is_over
    e = deal(L1, ["trump=7A call=TA", "dobry", "dobry", "dobry", "betl", *PASSES,
                  "AL", "7L", "OL", "7B"])
    assert e.is_over and e.result().payouts == (-300, 100, 100, 100)


def test_durch_ends_when_the_soloist_loses_a_trick() -> None:
    """Seed §7: durch must take every trick; it ends at the first lost one."""
    d = deal(L1, ["trump=7A call=TA", "dobry", "dobry", "dobry", "durch", *PASSES])
    d.move("KH")
    d.move("AH")
    d.move("9B")
    d.move("7H")
    assert d.is_over and d.result().payouts == (-600, 200, 200, 200)
    assert d.view(2).open_hands is None  # durch is not laid open


def test_betl_order_ten_below_spodek() -> None:
    """MARIAS §2: in betl and durch A > K > O > U > 10."""
    d = deal(L1, ["trump=7A call=TA", "dobry", "dobry", "dobry", "durch", *PASSES])
    d.move("TL")
    assert texts(d) == ["UL"]  # must beat the 10: only the spodek does


# ---------------------------------------------------------------- a whole deal

def test_whole_sto_deal_settles_marriages_and_sedma() -> None:
    """MARIAS §5: sto with the 40 and the marriage 20; the ninety points are all taken."""
    d = deal(L1, ["trump=7A call=TA", *APPROVED, "sto", *QUIET, *PASSES])
    rng = random.Random(3)
    while not d.is_over:
        d.move(rng.choice(d.legal_moves()))
    s = d.settlement()
    assert sum(s.points) == 90
    assert s.marriages[0] == (40, 20)  # the chooser's čtyřka and KH OH
    assert s.marriages[1] == (20, 20)  # seat 2: KL OL and KB OB
    assert s.povinna and sum(d.result().payouts) == 0


def test_undo_and_clone() -> None:
    d = deal(L1, ["trump=7A call=TA", *APPROVED])
    c = d.clone()
    c.move("sto")
    assert d.to_act == 0 and d.phase == "announce" and c.to_act == 1
    op = c.undo()
    assert op.call == Call("sto") and c.to_act == 0 and c.log == d.log
    with pytest.raises(IndexError):
        Deal.from_text(RS, 0, L1).undo()


def test_renonc_ends_the_deal_offender_pays() -> None:
    """MARIAS §8: a renonc ends the deal; the offender pays 1 Kč + the flekked game."""
    d = deal(L3, ["trump=7B call=8B", *APPROVED, "hra", *QUIET, "pass", "flek hra",
                  "re hra"])
    d.record_renonc(1, "spoke out of turn")
    assert d.is_over and d.result().payouts == (180, -540, 180, 180)  # 1 + 0,20 × 4
    early = deal(L1, ["trump=KA call=AA"])
    early.record_renonc(2, "looked at the cards")
    assert early.result().payouts == (120, 120, -360, 120)  # the unflekked hra


def test_renonc_during_sto_priced_at_130() -> None:
    """Seed §4: "RENONC při STOVCE se platí jako 130 + 1,- Kč"."""
    d = deal(L1, ["trump=7A call=TA", *APPROVED, "sto", *QUIET, *PASSES, "KH"])
    d.record_renonc(1, "revoke")
    assert d.result().payouts[1] == -3 * (100 + 80 * 4)


@pytest.mark.parametrize("seat", [-1, 4, 7, True, "0"])
def test_a_claim_names_a_seat(seat: object) -> None:
    """MARIAS §4.7: a lay-down names a seat 0–3; anything else is refused, nobody is
    charged and the deal goes on."""
    d = deal(L1, ["trump=7A call=TA", *APPROVED, "sto", *QUIET, *PASSES])
    with pytest.raises(IllegalMove, match=r"a lay-down names a seat 0–3, not .* \(MARIAS §4.7\)"):
        d.claim(seat)  # type: ignore[arg-type]
    assert d.phase == "play" and len(d.log) == 13


def test_moves_after_the_end_say_the_deal_is_over() -> None:
    """MARIAS §4: once the deal is over nothing more is said or played."""
    d = deal(L1, ["trump=KA call=AA"])
    d.record_renonc(2, "looked at the cards")
    with pytest.raises(IllegalMove, match=r"^the deal is over: no more cards are played"):
        d.play(parse_card("AH"))
    with pytest.raises(IllegalMove, match=r"^the deal is over: nothing more is said"):
        d.call(Call("pass"))


def test_claims_judged_on_every_continuation() -> None:
    """MARIAS §4.7, seed §8: a claim stands when, in every deal the claimer cannot tell from
    the real one, no continuation changes the money; a claim that could still change it is a
    renonc by the claimer. What the claimer's layouts make certain, the real hands do too."""
    from stolik.games.marias.claims import claim_outcome, claim_verdict

    seen = set()
    for seed in range(40):
        d = deal(L1, ["trump=7A call=TA", *APPROVED, "sto", *QUIET, *PASSES])
        rng = random.Random(seed)
        while len(d.history) < 6:
            d.move(rng.choice(d.legal_moves()))
        seat = d.to_act
        assert seat is not None
        certain = claim_verdict(d, seat)
        if certain is not None:
            real = claim_outcome(d, seat)
            assert real is not None and real.payouts == certain.payouts
        d.claim(seat)
        if certain is None:
            assert d.pos.end == "renonc" and d.pos.offender == seat
            assert d.result().payouts[seat] < 0
        else:
            assert d.pos.end == "claim" and d.result().payouts == certain.payouts
        seen.add(certain is None)
    assert seen == {True, False}
    sam = deal(["AH TH KH OH UH 9H 8H 7H", "AL TL KL OL UL 9L 8L 7L",
                "AB TB KB OB UB 9B 8B 7B", "AA TA KA OA UA 9A 8A 7A"],
               ["trump=AH call=TH", *APPROVED, "hra sedma", *QUIET, *PASSES,
                "AH", "AL", "AB", "AA"])
    while len(sam.history) < 6:
        sam.move(sam.legal_moves()[0])
    sam.claim(1)  # a defender may lay down too: nothing can change
    # tichá sto at 130 (0,20 × 2 × 4 × 2 in hearts) + sedma (0,40 × 2), one against three
    assert sam.result().payouts == (3 * 400, -400, -400, -400)
    unsure = deal(["AH TH KH OH UH 9H 8H 7H", "AL TL KL OL UL 9L 8L 7L",
                   "AB TB KB OB UB 9B 8B 7B", "AA TA KA OA UA 9A 8A 7A"],
                  ["trump=AH call=TH", *APPROVED, "hra", *QUIET, *PASSES,
                   "AH", "AL", "AB", "AA"])
    while len(unsure.history) < 6:
        unsure.move(unsure.legal_moves()[0])
    unsure.claim(1)  # unannounced, the 7 may or may not reach the last trick
    assert unsure.result().payouts == (140, -420, 140, 140)


def test_random_deals_always_have_a_move_and_settle() -> None:
    """MARIAS §2–§6 smoke: random legal moves always finish a deal with money summing to 0."""
    rng = random.Random(7)
    for i in range(150):
        d = Deal.random(RS, i % 4, rng)
        while not d.is_over:
            moves = d.legal_moves()
            assert moves
            d.move(rng.choice(moves))
        assert sum(d.result().payouts) == 0


def test_choosers_re_does_not_tell_sam() -> None:
    """MARIAS §4.1: sám is told to nobody — the chooser's own raise shows nothing new."""
    d = deal(L1, ["trump=7A call=KA", *APPROVED, "hra", *QUIET, "flek hra", "pass", "pass",
                  "re hra"])
    assert d.soloist == 0
    assert all(d.view(s).soloist is None and d.view(s).partner is None for s in (2, 3))
    assert d.view(2).sides == (0, 1, 1, None)  # seat 1 showed himself by his flek


def test_sam_shown_when_the_called_card_is_played() -> None:
    """MARIAS §4.1: playing the called card shows its holder."""
    d = deal(L1, ["trump=7A call=KA", *APPROVED, "hra", *QUIET, *PASSES, "KA"])
    assert all(d.view(s).soloist == 0 and d.view(s).sides == (0, 1, 1, 1) for s in range(4))


def test_sedma_proti_where_a_club_plays_it() -> None:
    """MARIAS §4.4 Decision: no sedma proti in ``ctyrka``; a ruleset flag turns it on: a
    defender holding the trump 7 calls it at his first turn in the fleky, keeps the 7 to
    the last trick, and it is settled as a sedma of his side."""
    from stolik.games.marias.ruleset import parse_ruleset, rs_text

    club = parse_ruleset(rs_text().replace("sedma_proti = false", "sedma_proti = true"),
                         source="klub.toml")
    plain = deal(L5, ["trump=AA call=9A", *APPROVED, "hra", *QUIET, "pass", "pass"])
    assert "sedma-proti" not in texts(plain)
    d = Deal.from_text(club, 3, L5)
    for m in ["trump=AA call=9A", *APPROVED, "hra", *QUIET, "pass", "pass"]:
        d.move(m)
    assert d.to_act == 3 and "sedma-proti" in texts(d)
    d.move("sedma-proti")
    assert texts(d) == ["pass", "flek sedma-proti"]  # the chooser (sám) answers it
    for m in ["flek sedma-proti", "pass", "pass", "pass", "pass"]:
        d.move(m)
    rng = random.Random(4)
    while not d.is_over:
        if d.to_act == 3 and len(d.history) < 7:
            assert parse_card("7A") not in d.legal_moves()
        d.move(rng.choice(d.legal_moves()))
    lines = dict(d.result().lines)
    assert abs(lines["sedma proti"]) == 40 * 2  # 0,40 × flek
    assert "tichá sedma" not in lines


def test_renonc_before_the_choice_prices_the_plain_hra() -> None:
    """MARIAS §8 Decision: before a suit is chosen, the unflekked hra without red doubling."""
    d = deal(L1)
    d.record_renonc(0, "z lidu")
    assert d.result().payouts == (-360, 120, 120, 120)


def test_sto_is_povinna_whoever_says_it_first() -> None:
    """Seed §6 Decision: the chooser's voluntary sto with the čtyřka in his partner's hand is
    the povinná sto (its first three tens are free when lost)."""
    d = deal(L2, ["trump=7A call=TA", *APPROVED, "sto", "nic", "nic"])
    assert texts(d) == ["nic"]  # the partner has nothing to add
    for m in ["nic", *PASSES]:
        d.move(m)
    rng = random.Random(2)
    while not d.is_over:
        d.move(rng.choice(d.legal_moves()))
    assert d.settlement().povinna
