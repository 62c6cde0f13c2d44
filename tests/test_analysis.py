"""Hints and deal reviews (``stolik.games.baska.analysis``)."""

from __future__ import annotations

import random
import re
import time

import pytest

from stolik.games.baska.analysis import REVIEW_SAMPLES, hint, review
from stolik.games.baska.bots.expert import CARD_LAYOUTS, LAYOUTS, ExpertBot
from stolik.games.baska.bots.pimc import evaluate
from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.solver import best_payout
from stolik.games.baska.state import Deal

ENDGAMES = {
    # pucka-2019, zoło by seat 2; seat 1 must keep the J♠ for the last trick (Q♥ now),
    # leaving the declarer 52 points instead of 53 (as in tests/test_pimc.py).
    "zolo-52": ("pucka-2019", ["TC JC AS QD", "QC JS QH TD", "AC AH TH JH", "TS QS AD JD"],
                ["zolo", "pass", "pass", "pass"],
                "TD JH QS JC JD QD QC TH AC AD TC", "QH"),
    # linia, gran by seat 2: 10♣ makes it in every layout, Q♦ loses it.
    "gran": ("linia", ["AC TS TD JD", "QC AS TH QH", "TC JC JH QD", "QS JS AH AD"],
             ["gran", "pass", "pass", "pass"], "TH JH AH JD JC JS AC AS", "TC"),
}


def endgame(name: str) -> tuple[Deal, int]:
    """The deal of an :data:`ENDGAMES` entry at its decision, and the card to play."""
    rs_id, hands, calls, plays, best = ENDGAMES[name]
    deal = Deal.from_text(load_ruleset(rs_id), 0, hands)
    for c in calls:
        deal.call(c)
    for card in plays.split():
        deal.play(card)
    return deal, DECK.parse_card(best)


def test_hint_on_a_sure_win() -> None:
    """Where one card wins in every layout the hint names it, with the winning payout as its
    expectation and every other legal card below it."""
    deal, best = endgame("gran")
    view = deal.view(2)
    h = hint(view, samples=60, rng=random.Random(4))
    assert h.move == best and h.moves[0].move == best
    won = best_payout(_after(deal, best))[2]
    assert h.payout == won > 0                       # the declarer's gran win, for sure
    assert all(m.payout < h.payout for m in h.moves[1:])
    assert {m.move for m in h.moves} == set(view.legal_cards)
    assert h.layouts == 60
    text = h.text()
    assert DECK.name(best) in text and "zagraj" in text and "expected payout" in text


def test_hint_in_the_auction() -> None:
    """In the auction the hint is the expert bot's call (issue 27.3: the strongest bot):
    four queens call baszka, a sure +10 from each seat (RULES §7); the hint lists the calls
    the expert weighed with the others' answers — pass among them, below it."""
    rs = load_ruleset("pucka-2019")
    deal = Deal.from_text(rs, 3, ["AH TH AD TD", "QC QS QH QD", "JC JS JH JD", "AC TC AS TS"])
    h = hint(deal.view(1), samples=20, rng=random.Random(1))
    assert h.move == Call("contract", "baszka") and h.payout == 30
    weighed = {m.move for m in h.moves}
    assert PASS in weighed and weighed <= set(deal.view(1).legal_calls)
    assert all(m.payout < h.payout for m in h.moves[1:])
    # The glossary's name, as the buttons say it (issue 9.9), not the record's id.
    assert "licytuj Baszka" in h.text()


def test_hint_is_deterministic_for_a_seed() -> None:
    deal, _ = endgame("zolo-52")
    view = deal.view(1)
    assert hint(view, samples=30, rng=random.Random(9)) == hint(view, samples=30,
                                                                  rng=random.Random(9))


def _after(deal: Deal, card: int) -> Deal:
    d = deal.clone()
    d.play(card)
    return d


def _finish_perfectly(deal: Deal) -> None:
    """Play the deal out, every seat choosing a card of the best double-dummy payout."""
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        ev = evaluate(deal.view(seat), [deal.hands])
        assert isinstance(ev.best, int)
        deal.play(ev.best)


def test_review_reports_a_blunder() -> None:
    """Declarer plays Q♦ where 10♣ makes his gran for sure: the review of that card shows
    the loss both with all cards known and on what he could see."""
    deal, best = endgame("gran")
    blunder = next(c for c in deal.legal_cards() if c != best)
    index = len(deal.log)
    deal.play(blunder)
    _finish_perfectly(deal)
    rv = review(deal, 2, samples=40, rng=random.Random(2))
    assert [r.index for r in rv] == [i for i, op in enumerate(deal.log) if op.seat == 2]
    r = next(r for r in rv if r.index == index)
    lost = best_payout(_after(_rewind(deal, index), best))[2] - deal.result().payout[2]
    assert r.move == blunder and r.exact_best == best and r.seen_best == best
    assert r.exact_loss == lost > 0
    assert r.seen_loss > 0 and r.blunder
    assert r.trick == 3 and "bitka 3" in r.text() and DECK.name(best) in r.text()
    b, pl, en = DECK.name(blunder), DECK.name(best), r.text("en")
    seen_pl = f"{r.seen_loss:+.2f}".replace(".", ",")  # a decimal comma (issue 25.2)
    assert r.text("pl") == (f"bitka 3: zagrano {b} — przy odkrytych kartach {pl} dawało "
                            f"{r.exact_loss:+.0f} więcej; na to, co było widać, {pl} dawało "
                            f"średnio {seen_pl} więcej.")
    assert en == (f"trick 3: played {b} — with all cards known {pl} made "
                  f"{r.exact_loss:+.0f} more; on what could be seen {pl} made "
                  f"{r.seen_loss:+.2f} more on average.")


def _rewind(deal: Deal, index: int) -> Deal:
    d = Deal(deal.rs, deal.dealer, deal.initial_hands)
    for op in deal.log[:index]:
        d.apply(op)
    return d


def test_review_of_perfect_play_reports_no_loss() -> None:
    """A seat that always plays the best double-dummy card loses nothing "with all cards
    known"; the values agree with the solver's adapter at every card. Its calls (made as
    if the auction closed after them) are reviewed as the expert values them: each made on
    the real hands, the others answering (RULES §4) — a loss there is no loss of play."""
    for rs_id, seed in (("pucka-2019", 3), ("mester-sport", 4), ("linia", 5)):
        rs = load_ruleset(rs_id)
        rng = random.Random(seed)
        deal = Deal.random(rs, seed % 4, rng)
        seat = (deal.dealer + 2) % 4
        while deal.phase == "auction":
            s = deal.to_act
            assert s is not None
            if s == seat:
                best = evaluate(deal.view(s), [deal.hands]).best
                assert isinstance(best, Call)
                deal.call(best)
            else:
                deal.call(PASS)
        _finish_perfectly(deal)
        rv = review(deal, seat, samples=30, rng=random.Random(1))
        assert rv and all(r.exact_loss == 0 for r in rv if r.phase == "play")
        assert all(r.exact_loss >= 0 and r.move in {m.move for m in r.exact} for r in rv)
        assert any(r.phase == "auction" for r in rv) and any(r.phase == "play" for r in rv)
        for r in rv:
            assert r.text()
            if r.phase == "play" and not r.forced:
                d = _rewind(deal, r.index)
                d.play(r.move)  # type: ignore[arg-type]
                want = d.result().payout[seat] if d.is_over else best_payout(d)[seat]
                assert next(m.payout for m in r.exact if m.move == r.move) == want


def test_review_is_quick_and_deterministic() -> None:
    """A whole deal's review at the default samples stays interactive, and a seed fixes it."""
    rs = load_ruleset("pucka-2019")
    rng = random.Random(8)
    deal = Deal.random(rs, 0, rng)
    while not deal.is_over:
        if deal.phase == "auction":
            deal.call(rng.choice(deal.legal_calls()))
        else:
            deal.play(rng.choice(deal.legal_cards()))
    start = time.perf_counter()
    a = review(deal, 1, rng=random.Random(5))
    took = time.perf_counter() - start
    assert a == review(deal, 1, rng=random.Random(5))
    assert all(r.layouts in (0, REVIEW_SAMPLES) for r in a if r.phase == "play")
    assert took < 5.0          # about 0.2 s on a laptop; generous for loaded CI machines


def test_a_card_hint_is_the_experts_card() -> None:
    """Issue 27: the hint is the strongest bot's — a card hint is the ``expert``'s card for
    the same seed (``pimc`` with inference: its layouts weighted by the others' calls), with
    its values."""
    deal, _ = endgame("zolo-52")
    view = deal.view(1)
    h = hint(view, rng=random.Random(3))
    bot = ExpertBot(seed=random.Random(3).randrange(1 << 30), seconds=float("inf"))
    assert h.move == bot.act(view) and h.layouts == CARD_LAYOUTS
    ev = bot.pimc.last
    assert ev is not None
    assert [(m.move, m.payout) for m in h.moves] == list(zip(ev.moves, ev.payouts,
                                                             strict=True))


def test_review_of_a_call_is_the_experts() -> None:
    """RULES §4, §7: holding the four queens a seat passes where baszka wins +30 at once.
    The review values the call as the expert does: with every card known, baszka's 30
    against what pass made with the others' answers and the play solved; on what the seat
    saw, the calls the expert weighed, the pass among them, baszka best."""
    rs = load_ruleset("pucka-2019")
    deal = Deal.from_text(rs, 3, ["AH TH AD TD", "QC QS QH QD", "JC JS JH JD", "AC TC AS TS"])
    deal.call("pass")  # seat 0
    deal.call("pass")  # seat 1, the four queens' holder
    while not deal.is_over:
        if deal.phase == "auction":
            deal.call(PASS)
        else:
            deal.play(deal.legal_cards()[0])
    rv = review(deal, 1, samples=20, rng=random.Random(6))
    r = rv[0]
    baszka = Call("contract", "baszka")
    assert r.phase == "auction" and r.move == PASS and not r.forced
    assert r.exact_best == baszka and r.exact[0].payout == 30
    assert {m.move for m in r.exact} == set(_rewind(deal, r.index).legal_calls())
    assert r.exact_loss == 30 - next(m.payout for m in r.exact if m.move == PASS) > 0
    assert r.seen_best == baszka and r.seen_loss > 0 and PASS in {m.move for m in r.seen}
    assert 0 < r.layouts <= LAYOUTS
    assert rv == review(deal, 1, samples=20, rng=random.Random(6))


@pytest.mark.parametrize("seed", range(3))
def test_a_reviewed_call_on_what_was_seen_reads_the_view_alone(seed: int) -> None:
    """Hidden information (RULES §4): two deals that differ only in two other seats'
    hands, with the same calls heard, give a seat's first call the same review on what it
    could see — the same calls weighed, the same values, the same verdict; only the part
    "with all cards known" reads the real hands."""
    rs = load_ruleset(("pucka-2019", "mester-sport", "linia")[seed])
    rng = random.Random(seed)
    base = Deal.random(rs, seed % 4, rng)
    me = base.to_act
    assert me is not None
    a, b = [s for s in range(4) if s != me][:2]
    hands = list(base.initial_hands)
    hands[a], hands[b] = hands[b], hands[a]
    twin = Deal(rs, base.dealer, (hands[0], hands[1], hands[2], hands[3]))
    call = base.legal_calls()[-1]  # the seat's highest call: legal on both deals
    reviews = []
    seen = base.view(me)
    for d in (base, twin):
        assert d.view(me) == seen
        d.call(call)
        while not d.is_over:
            if d.phase == "auction":
                d.call(PASS)
            else:
                d.play(d.legal_cards()[0])
        reviews.append(review(d, me, samples=20, rng=random.Random(7))[0])
    first, second = reviews
    assert first.move == second.move == call and not first.forced
    assert (first.seen, first.seen_best, first.seen_loss, first.layouts) == \
        (second.seen, second.seen_best, second.seen_loss, second.layouts)


# a word of the other language in a clean text: the giveaway of the old mixed wording
ENGLISH = ("hint", "expected", "payout", "others", "layout", "auction", "trick", "forced",
           "known", "seen", "more", "average", "best", "play", "pass")
POLISH = ("podpowiedź", "zagraj", "licytuj", "wypłata", "inne", "rozkład", "licytacja",
          "bitka", "zagrano", "zgłoszono", "wymuszony", "odkrytych", "widać", "więcej",
          "średnio", "najlepszy")


def _words_of(text: str) -> set[str]:
    return {w.strip(".,;:()—").lower() for w in text.split()}


def test_texts_in_one_language() -> None:
    """``text("pl")`` and ``text("en")`` are clean Polish and clean English (no word of the
    other language, no brackets); ``text()`` is the mixed wording as before."""
    deal, best = endgame("gran")
    h = hint(deal.view(2), samples=30, rng=random.Random(4))
    assert h.text() == h.text(None) and "(expected payout)" in h.text()
    pl, en = h.text("pl"), h.text("en")
    assert pl.startswith(f"Podpowiedź: zagraj {DECK.name(best)} — oczekiwana wypłata")
    assert en.startswith(f"Hint: play {DECK.name(best)} — expected payout")
    assert "rozkład" in pl and "layouts solved" in en
    auction = Deal.from_text(load_ruleset("pucka-2019"), 3,
                             ["AH TH AD TD", "QC QS QH QD", "JC JS JH JD", "AC TC AS TS"])
    ha = hint(auction.view(1), samples=10, rng=random.Random(1))
    assert ha.text("pl").startswith("Podpowiedź: licytuj Baszka")
    assert ha.text("en").startswith("Hint: call Baszka")
    _finish_perfectly(deal)
    texts = [h.text("pl"), h.text("en"), ha.text("pl"), ha.text("en")]
    for seat in range(4):
        for r in review(deal, seat, samples=10, rng=random.Random(3)):
            assert "(" in r.text()  # the mixed default, unchanged
            texts += [r.text("pl"), r.text("en")]
    for text in texts[0::2]:
        assert not _words_of(text) & set(ENGLISH), text
    for text in texts[1::2]:
        assert not _words_of(text) & set(POLISH), text
    for text in texts:  # brackets only around the count of layouts
        assert not re.search(r"\((?!policzono |\d+ layouts? solved)", text), text
    with pytest.raises(ValueError):
        h.text("de")
