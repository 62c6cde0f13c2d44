"""Claims in Betel (BETEL §4, Decision): accepted only when the score is certain from the
claimer's own information, the rest then played out so that the record holds all 30 plays;
refused without telling the claimer anything he could not know."""

from __future__ import annotations

from pathlib import Path

import pytest

from stolik.games.betel import claims
from stolik.games.betel.claims import ClaimRefused, verdict
from stolik.games.betel.deck import ASCII_NAMES
from stolik.games.betel.record import record_of, replay, series_record
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.state import Deal
from stolik.i18n import translate

RS = load_ruleset("gps-2022")

SZLEM = (["AS KS QS JS TS 9S 8S 7S AH KH", "AC KC QC JC TC 9C 8C 7C QH JH",
          "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
"""Seat 0 plays Szlem ♠ with eight trumps and AH KH."""

SZLEM_TWIN = (["AS KS QS JS TS 9S 8S 7S AH KH", "AC KC QC JC TC 9C 8C 7C TH 9H",
               "AD KD QD JD TD 9D 8D 7D QH JH"], "8H 7H")
"""The same deal with the defenders' hearts swapped: seat 0 cannot tell the two apart."""

def words(text: str) -> list[str]:
    return text.split()


SZLEM_PLAY = ["szlem-S", "pas", "pas", *words("AS 7C 7D KS 8C 8D QS 9C 9D JS TC TD TS JC JD 9S "
                                              "QC QD 8S KC KD")]
"""The auction and seven tricks: seat 0 leads from 7S AH KH."""

FINESSE = (["AS KS QS JS TS 9S 8S 7S AH QH", "AC KC QC JC TC 9C 8C 7C JH TH",
            "AD KD QD JD TD 9D 8D 7D 9H 8H"], "KH 7H")
"""Seat 0 plays Trzy bez atu; the KH lies in the dubel: on these cards he takes all ten."""

FINESSE_TWIN = (["AS KS QS JS TS 9S 8S 7S AH QH", "AC KC QC JC TC 9C 8C 7C JH KH",
                 "AD KD QD JD TD 9D 8D 7D 9H 8H"], "TH 7H")
"""The same deal with the KH at seat 1 (the TH in the dubel): the QH loses a trick."""

FINESSE_PLAY = ["3BA", "pas", "pas", *words(" ".join(f"{r}S {r}C {r}D" for r in "AKQJT987"))]
"""The auction and eight spade tricks, seats 1 and 2 throwing clubs and diamonds."""


def at(cards: tuple[list[str], str], moves: list[str]) -> Deal:
    d = Deal.from_text(RS, 0, cards[0], cards[1])
    for m in moves:
        d.move(m)
    return d


def test_a_certain_claim_is_accepted_and_the_rest_played_out_into_the_record() -> None:
    """BETEL §4: the remaining cards are played out automatically, so a record always
    holds all 30 plays, and it replays to the score the claim was accepted with."""
    d = at(SZLEM, SZLEM_PLAY)
    before = len(d.log)
    v = d.claim(0)
    assert d.is_over and v.scores == d.result().scores == (290, 0, 0)
    assert d.log[before].kind == "claim" and d.log[before].seat == 0
    assert all(op.kind == "card" for op in d.log[before + 1:])
    rec = record_of(d)
    assert len(rec.play) == 30
    assert replay(series_record(RS, [rec])).totals == (290, 0, 0)


def test_a_logged_claim_replays_and_undoes() -> None:
    """BETEL §4: the claim is an operation of the log; applied again, its play-out
    follows as cards; undo takes the cards back, then the claim."""
    d = at(SZLEM, SZLEM_PLAY)
    d.claim(0)
    again = Deal.from_text(RS, 0, *SZLEM)
    for op in d.log:
        again.apply(op)
    assert again.result() == d.result()
    while d.log[-1].kind == "card":
        d.undo()
    assert d.undo().kind == "claim" and d.phase == "play" and d.to_act == 0


def test_an_uncertain_claim_is_refused_and_changes_nothing() -> None:
    """BETEL §4: seat 0 cannot know where the KH lies, so although on the real cards (KH
    in the dubel) he takes the last two tricks, his claim is refused."""
    d = at(FINESSE, FINESSE_PLAY)
    before = list(d.log)
    with pytest.raises(ClaimRefused) as e:
        d.claim(0)
    assert e.value.why == "not-certain" and d.log == before and d.to_act == 0
    assert "not certain" in translate(e.value, "en")
    assert "pewn" in translate(e.value, "pl")


@pytest.mark.parametrize(("one", "other", "moves"), [(FINESSE, FINESSE_TWIN, FINESSE_PLAY),
                                                      (SZLEM, SZLEM_TWIN, SZLEM_PLAY)])
def test_the_verdict_depends_only_on_the_claimers_information(
        one: tuple[list[str], str], other: tuple[list[str], str], moves: list[str]) -> None:
    """Hidden information (BETEL §4: "certain from the claimer's own information"): two
    deals seat 0 cannot tell apart get the same verdict — in the finesse deal although
    on one the real cards give him all ten tricks and on the other nine."""
    a, b = at(one, moves), at(other, moves)
    assert a.view(0) == b.view(0)
    assert a.pos.hands != b.pos.hands or a.pos.dubel != b.pos.dubel
    got: list[tuple[str, object]] = []
    for d in (a, b):
        try:
            got.append(("accepted", verdict(d, 0).scores))
        except ClaimRefused as e:
            got.append(("refused", translate(e, "en")))
    assert got[0] == got[1]


def test_finesse_twins_differ_on_the_real_cards() -> None:
    """The finesse twins are a real test of BETEL §4's claim (accepted only when the result
    is certain from the claimer's own information): played out by the solver, the real
    cards end differently (ten tricks against nine), yet neither claim is accepted."""
    from stolik.games.betel.solver import tricks

    assert tricks(at(FINESSE, FINESSE_PLAY)) == 10
    assert tricks(at(FINESSE_TWIN, FINESSE_PLAY)) == 9


def test_claims_outside_the_play_or_out_of_turn_are_refused() -> None:
    """BETEL §4: a claim is made at the claimer's turn in the play."""
    d = Deal.from_text(RS, 0, *SZLEM)
    with pytest.raises(ClaimRefused) as e:
        d.claim(0)
    assert e.value.why == "not-in-play"
    d = at(SZLEM, SZLEM_PLAY)
    with pytest.raises(ClaimRefused) as e:
        d.claim(1)
    assert e.value.why == "not-your-turn"
    assert translate(e.value, "en") == "seat 1 may claim only at his turn (BETEL §4)"


def test_too_many_layouts_is_too_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """BETEL §4: more layouts than the engine solves for one claim is refused as too
    early; the count comes from the claimer's view."""
    d = at(FINESSE, FINESSE_PLAY)
    monkeypatch.setattr(claims, "MAX_LAYOUTS", claims.layouts(d, 0) - 1)
    with pytest.raises(ClaimRefused) as e:
        d.claim(0)
    assert e.value.why == "too-early" and not d.is_over
    assert "too early to claim" in translate(e.value, "en")


def test_the_web_table_judges_on_a_clone_and_reports_the_played_out_cards() -> None:
    """BETEL §4 at a web table: the judge runs on a copy (a worker thread), the claim plays
    the rest out and reports each card as a move; a refusal changes nothing."""
    from stolik.games.betel.web import BetelKind
    from stolik.i18n import tr
    from stolik.web.play.game import Played, SeatSpec

    kind = BetelKind()
    moves: list[Played] = []
    m = kind.new_match(kind.check_config({"deals": 1, "seed": 1}),
                       [SeatSpec(name="A"), SeatSpec(bot="random"), SeatSpec(bot="random")],
                       moves.append)
    m.deal = at(FINESSE, FINESSE_PLAY)
    judged = m.claim_judge(0)()
    assert judged == "not-certain"
    assert m.claim(0, judged) == (False, "btl-not-certain") and not m.deal.is_over
    assert "not certain" in tr("en", "play-claim-btl-not-certain")
    m.deal = at(SZLEM, SZLEM_PLAY)
    assert m.state(0, "en")["claims"] is True
    assert m.claim(0, m.claim_judge(0)()) == (True, "btl-certain")
    assert m.deal.is_over and len(moves) == 9
    assert [(p.seat, p.move) for p in moves] == [(op.seat, ASCII_NAMES[op.card])
                                                 for op in m.deal.log[-9:]]
    assert m.finished[-1].result.scores == (290, 0, 0) and m.totals() == (290, 0, 0)
    assert m.claim(0) == (False, "not-in-play")


def test_claim_at_the_terminal(tmp_path: Path) -> None:
    """BETEL §4 at the terminal: ``claim`` (``wykładam``) refused says why and the person
    plays on; accepted, the cards played out are shown."""
    import io

    from rich.console import Console

    from stolik.games.betel.series import Series
    from stolik.games.betel.terminal import PlayUI

    lines = iter(["claim", "AH"])
    s = Series.create(RS, deals=1, seed=1, humans=(0,), opponents=("random", "random"))
    s.deal = at(FINESSE, FINESSE_PLAY)
    out = io.StringIO()
    ui = PlayUI(s, 0, Console(file=out, width=100, color_system=None), lang="en",
                ascii=True, read=lambda prompt: next(lines))
    assert ui.human_turn() and len(s.deal.history) == 8 and len(s.deal.pos.trick) == 1
    # the web table's words, to "you": no engine seat number (seat 0 is the person's
    # seat 1 on screen)
    said = " ".join(out.getvalue().split())
    assert ("Claim refused: not certain: in some layout of the cards you cannot see, best "
            "play from here ends with another") in said and "seat 0" not in said
    s.deal = at(SZLEM, SZLEM_PLAY)
    lines = iter(["wykładam"])
    out = io.StringIO()
    ui = PlayUI(s, 0, Console(file=out, width=100, color_system=None), lang="pl",
                ascii=True, read=lambda prompt: next(lines))
    assert ui.human_turn() and s.deal.is_over
    after = out.getvalue().split("Zgłoszenie przyjęte")[1]
    shown = [(op.seat, ASCII_NAMES[op.card]) for op in s.deal.log[-9:]]
    assert [line.split(": ")[1].split()[0] for line in after.splitlines()[1:]] == \
        [c for _, c in shown]
    assert after.count("-> bierze") == 3


def test_the_rest_are_mine_is_accepted_early() -> None:
    """BETEL §4: on lead with every card above all he cannot see of its suit, and no
    trump he cannot see, seat 0 takes every trick left in every layout — accepted at the
    third trick, where the layouts are far too many to solve one by one."""
    d = at(SZLEM, SZLEM_PLAY[:9])
    assert claims.layouts(d, 0) > claims.MAX_LAYOUTS and len(d.history) == 2
    v = d.claim(0)
    assert v.scores == d.result().scores == (290, 0, 0) and d.pos.tricks == (10, 0, 0)
    assert len(record_of(d).play) == 30
    twin = at(SZLEM_TWIN, SZLEM_PLAY[:9])
    assert twin.view(0) == at(SZLEM, SZLEM_PLAY[:9]).view(0)
    assert verdict(twin, 0).scores == v.scores


def test_a_trump_he_cannot_see_stops_the_rest_are_mine() -> None:
    """BETEL §4: with a trump out that he cannot place, top cards do not make a claim
    certain at once (a defender void in the suit led would trump)."""
    d = at(SZLEM, ["szlem-H", "pas", "pas", "AH", "JH", "9H"])  # QH TH 8H 7H unplaced
    assert d.to_act == 0
    with pytest.raises(ClaimRefused) as e:
        verdict(d, 0)
    assert e.value.why == "too-early"


def test_a_claim_certain_only_over_the_layouts_is_accepted() -> None:
    """BETEL §4: the two hearts out (Szlem ♥) are placed by the play alone — neither
    defender trumped a spade, so both lie in the dubel; over every layout that fits, best
    play gives seat 0 all ten tricks, and the claim is accepted (the top-cards rule alone
    would not: he never saw 8H 7H)."""
    d = at(SZLEM, ["szlem-H", "pas", "pas", *words("AH JH 9H KH QH TH AS 7C 7D KS 8C 8D")])
    n = claims.layouts(d, 0)
    assert 1 < n <= claims.MAX_LAYOUTS
    v = d.claim(0)
    assert v.layouts == n and v.scores == d.result().scores == (280, 0, 0)
