"""The hint at a Mariáš table, the web's and the terminal's (issue 27: a hint is the
strongest bot's): the expert bot's move on the seat's own views — a card by its search, a
call by weighing each over layouts (issue 27.3); the same position at the same table gives
the same hint, and two deals the seat cannot tell apart give it the same hint (hidden
information, MARIAS §3)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from stolik.games.marias.calls import Call
from stolik.games.marias.deck import NAMES
from stolik.games.marias.hint import Memory, deal_hint, hint_move, hint_seed
from stolik.games.marias.state import Deal
from stolik.games.marias.web import MariasKind, MariasMatch
from stolik.games.marias.web_text import call_label
from stolik.web.play.game import Played, SeatSpec
from test_web_play_marias import _swapped, match

BOTS: list[str | None] = ["heuristic"] * 4


def dealt_table(seed: int, dealt: tuple[tuple[int, ...], ...], played: list[Played]
                ) -> MariasMatch:
    """A table of seed ``seed`` whose deal is ``dealt``, the moves ``played`` made at it
    one by one (each seat's memory kept as at a live table)."""

    class Dealt(MariasMatch):
        def new_deal(self, dealer: int) -> Deal:
            return Deal(self.rs, dealer, dealt)

    kind = MariasKind()
    cfg = kind.check_config({"deals": 1, "seed": seed})
    m = Dealt(match(seed, BOTS).rs, [SeatSpec(bot=b, name=f"P{s}") for s, b in enumerate(BOTS)],
              lambda p: None, deals=1, first_dealer=cfg["first_dealer"], seed=cfg["seed"])
    for p in played:
        m.apply(p.seat, p.move)
    return m


def check_hints(m: Any, twins: Callable[[int], Iterable[Any]], move: Callable[[Any], str],
                lang: str) -> Counter[str]:
    """Play table ``m``'s deal to its end by ``move(m)``; at each turn with a choice, the
    seat's hint is that of every table ``twins(seat)`` gives (tables whose deal the seat
    cannot tell apart), and the same asked again. The phases compared, counted."""
    compared: Counter[str] = Counter()
    while not m.deal.is_over:
        seat = m.to_act()
        assert seat is not None
        view = m.deal.view(seat)
        if len(view.legal) > 1:
            hint = m.hint(seat, lang)
            for twin in twins(seat):
                assert twin.deal.view(seat) == view
                assert twin.hint(seat, lang) == hint, (seat, len(m.deal.log))
                compared[view.phase] += 1
            assert m.hint(seat, lang) == hint
        m.apply(seat, move(m))
    return compared


def test_twin_deals_give_a_seat_the_same_hint() -> None:
    """At each turn, another deal the seat cannot tell apart — two cards of the other
    seats swapped, the called card's holder among them, the same moves made — gives the
    seat's view and its hint unchanged, at a card and at a call; the hint also comes back
    the same when asked again (seeded by the table and the position)."""
    rng = random.Random(11)
    compared: Counter[str] = Counter()
    for seed in (2, 5, 9):
        played: list[Played] = []
        m = MariasKind().new_match(MariasKind().check_config({"deals": 1, "seed": seed}),
                                   [SeatSpec(bot=b, name=f"P{s}") for s, b in enumerate(BOTS)],
                                   played.append)

        def twins(seat: int, m: MariasMatch = m, seed: int = seed,
                  played: list[Played] = played) -> list[MariasMatch]:
            d = m.deal
            moved = (False, True) if d.pos.called >= 0 else (False,)
            others = [_swapped(d, seat, rng, called) for called in moved]
            return [dealt_table(seed, o.dealt, played) for o in others
                    if o is not None and o.view(seat) == d.view(seat)]

        compared += check_hints(m, twins, lambda t: str(t.bot_move(t.to_act())), "en")
    assert compared["play"] > 20 and sum(compared.values()) > 40, compared


def test_a_hint_is_the_expert_bots_and_says_so() -> None:
    """A card and a call are the expert bot's on the seat's view and memory (issue 27.3:
    the strongest bot), and its words say so in each language (Czech first): a card by
    playing out deals, a call by weighing each over deals that fit the calls heard."""
    m = match(4, BOTS)
    worded = {"play": 0, "call": 0}
    while not m.deal.is_over:
        seat = m.to_act()
        assert seat is not None
        view = m.deal.view(seat)
        if len(view.legal) > 1:
            text = m.hint(seat, "cs")
            if view.phase == "play":
                assert text.startswith("Nejsilnější bot (expert, který propočítá"), text
                assert m.hint(seat, "en").startswith("The strongest bot (expert, which plays")
                assert any(text.endswith(": " + NAMES[c]) for c in view.legal
                           if isinstance(c, int))
                worded["play"] += 1
            else:
                english = m.hint(seat, "en")
                assert any(english.endswith(": " + call_label(c, m.rs, "en"))
                           for c in view.legal if isinstance(c, Call)), english
                assert english.startswith("The strongest bot (expert, which weighs each call")
                assert text.startswith("Nejsilnější bot (expert, který váží každé hlášení")
                assert m.hint(seat, "pl").startswith("Najsilniejszy bot (expert, który waży")
                worded["call"] += 1
        m.apply(seat, m.bot_move(seat))
    assert worded["play"] > 5 and worded["call"] > 0, worded


def test_the_hint_move_is_repeatable_and_legal() -> None:
    """:func:`hint_move` on a view and memory: the same seed, the same move, a legal one."""
    m = match(6, BOTS)
    while m.deal.phase != "play":
        s = m.to_act()
        assert s is not None
        m.apply(s, m.bot_move(s))
    seat = m.to_act()
    assert seat is not None
    memory = Memory()
    memory.update(m.deal)
    view = m.deal.view(seat)
    first = hint_move(m.rs, view, memory.seen[seat], seed=3)
    assert first in view.legal
    assert hint_move(m.rs, view, memory.seen[seat], seed=3) == first


def test_the_terminal_hint_is_the_expert_bots_and_changes_nothing() -> None:
    """``rada`` (``hint``) at the terminal, in the bidding and in the play: the expert
    bot's move on the person's views, seeded by the series and the position, its words
    saying how it was found; the deal is unchanged until he moves."""
    import io

    from rich.console import Console

    from stolik.games.marias.deck import name
    from stolik.games.marias.series import Series
    from stolik.games.marias.terminal import PlayUI

    s = Series.create(match(1, BOTS).rs, deals=1, seed=3, humans=(0,),
                      opponents=("heuristic",) * 3)
    said: dict[str, str] = {}
    while not s.deal.is_over and len(said) < 2:
        while s.bot_move() is not None:
            pass
        view = s.view(0)
        if s.deal.is_over:
            break
        if ("play" if view.phase == "play" else "call") in said or len(view.legal) < 2:
            s.apply(0, view.legal[0])
            continue
        best = deal_hint(s.deal, 0, hint_seed(s.seed, s.number, len(s.deal.log), 0))
        assert best in view.legal
        before = len(s.deal.log)
        out = io.StringIO()
        PlayUI(s, 0, Console(file=out, width=200, color_system=None), lang="cs",
               ascii=True).show_hint()
        assert len(s.deal.log) == before
        line = out.getvalue().strip()
        if isinstance(best, int):
            assert line.startswith("Nejsilnější bot (expert, který propočítá"), line
            assert line.endswith(": " + name(best, ascii=True)), line
        else:
            assert line.startswith("Nejsilnější bot (expert, který váží"), line
        said["play" if view.phase == "play" else "call"] = line
        s.apply(0, best)
    assert set(said) == {"play", "call"}, said
