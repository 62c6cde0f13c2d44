"""The review of a settled Betel deal (``stolik.games.betel.web_review``): the cards by
the exact solver, then the seat's calls — pas, kontra, a bid — as the ``expert`` bot weighs
its own (issue 27: the post-deal review uses the strongest bot; BETEL §3, §5)."""

from __future__ import annotations

import random

import pytest

from stolik.games.betel.arena import play_deal
from stolik.games.betel.bots import make_bot
from stolik.games.betel.expert import EPS, ExpertBot
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.state import Deal
from stolik.games.betel.web_review import review, weighed_calls
from stolik.games.betel.web_text import action_label

HEAD = {"en": "Your calls, weighed as the strongest bot", "pl": "Twoje zapowiedzi, zważone"}


def _heuristic_deal(seed: int) -> Deal:
    """A deal played to its end by three heuristic bots."""
    d = Deal.random(load_ruleset(), seed % 3, random.Random(seed))
    play_deal(d, [make_bot("heuristic", s) for s in range(3)])
    return d


def test_a_call_is_weighed_by_the_expert() -> None:
    """A reviewed call's values are the expert's weighing at that decision (the best plan
    of each first step), the call made among the steps weighed."""
    d = _heuristic_deal(200)
    index, call, values, choice = weighed_calls(d, 0)[0]
    at = Deal(d.rs, d.dealer, d.dealt, d.dealt_dubel)
    for op in d.log[:index]:
        at.apply(op)
    bot = ExpertBot(seed=index, ruleset=d.rs, seconds=float("inf"))
    assert bot.weigh(at.view(0), (call,)) == choice
    firsts = {plan.first for plan in bot.last_values}
    assert call in values and set(values) == firsts
    assert all(values[a] == max(v for p, v in bot.last_values.items() if p.first == a)
               for a in firsts)


@pytest.mark.parametrize("seed", [200, 201, 204])
def test_calls_are_reviewed_as_the_expert_weighs_them(seed: int) -> None:
    """BETEL §3: after the cards, the seat's calls with a choice; a call is named exactly
    where the expert chose another step, worth more than its EPS points more, else one
    line says none lost; the same deal gives the same review, in one language a screen."""
    d = _heuristic_deal(seed)
    lines = review(d, 0, "en")
    assert lines == review(d, 0, "en") and lines[0].startswith("Checked with every hand")
    weighed = weighed_calls(d, 0)
    if not weighed:
        assert not any(line.startswith(HEAD["en"]) for line in lines)
        return
    said = lines[[line.startswith(HEAD["en"]) for line in lines].index(True) + 1:]
    named = [action_label(call, d.rs, "en") for _, call, values, choice in weighed
             if choice != call and choice in values and values[choice] - values[call] > EPS]
    if named:
        assert [line.split(" — ")[0] for line in said] == named
    else:
        assert said[0].startswith("Calls with a choice:") and len(said) == 1
    pl = review(d, 0, "pl")
    assert any(line.startswith(HEAD["pl"]) for line in pl)
    assert not any("would have" in line or "Calls with" in line for line in pl)
