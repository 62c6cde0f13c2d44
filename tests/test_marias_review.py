"""The review of a settled Mariáš deal (``stolik.games.marias.web_review``): the cards by
the exact solver, and the seat's calls as the ``expert`` bot weighs its own (issue 27:
the post-deal review uses the strongest bot; MARIAS §3–§6)."""

from __future__ import annotations

import random

import pytest

from stolik.games.marias.arena import play_deal
from stolik.games.marias.bots import make_bot
from stolik.games.marias.expert import EPS, ExpertBot
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.state import Deal
from stolik.games.marias.web_review import review, weighed_calls
from stolik.games.marias.web_text import call_label

CALLS_HEAD = {"en": "Your calls, weighed as the strongest bot",
              "pl": "Twoje zapowiedzi, zważone tak",
              "cs": "Vaše hlášení, zvážená tak"}


def _played(seed: int) -> Deal:
    d = Deal.random(load_ruleset(), seed % 4, random.Random(seed))
    play_deal(d, [make_bot("heuristic", s) for s in range(4)])
    return d


def test_a_call_is_weighed_by_the_expert() -> None:
    """The values of a reviewed call are the expert's own weighing of that decision, the
    call made among the calls weighed (seeded by its place in the deal)."""
    d = _played(101)
    seat = next(s for s in range(4) if weighed_calls(d, s))
    index, call, values, choice = weighed_calls(d, seat)[0]
    at = Deal(d.rs, d.dealer, d.dealt)
    for op in d.log[:index]:
        at.apply(op)
    bot = ExpertBot(seed=index, ruleset=d.rs, seconds=float("inf"))
    assert bot.weigh(at.view(seat), (call,)) == choice
    assert call in values and values == bot.last_values and len(values) > 1


@pytest.mark.parametrize("seed", [100, 101, 104])
def test_calls_are_reviewed_as_the_expert_weighs_them(seed: int) -> None:
    """MARIAS §3–§4: after the cards, the seat's calls with a choice; a call is named a
    loss exactly where the expert chose another, worth more than its EPS haléř more,
    else one line says none lost; the same deal gives the same review."""
    d = _played(seed)
    seat = next(s for s in range(4) if weighed_calls(d, s))
    lines = review(d, seat, "en")
    assert lines == review(d, seat, "en")
    head = next(i for i, line in enumerate(lines) if line.startswith(CALLS_HEAD["en"]))
    assert lines[0].startswith("Checked with every hand open") and head >= 2
    weighed = weighed_calls(d, seat)
    losses = [call_label(call, d.rs, "en") for _, call, values, choice in weighed
              if choice != call and values[choice] - values[call] > EPS]
    said = lines[head + 1:]
    if losses:
        assert [line.split(" — ")[0] for line in said] == losses
        assert all("would have brought you" in line for line in said)
    else:
        assert said == [f"Calls with a choice: {len(weighed)} call"
                        f"{'' if len(weighed) == 1 else 's'}; none did worse than the call "
                        "the expert would have made on what you had seen and heard."]


def test_calls_review_in_each_language() -> None:
    """One language per screen: the calls' part in Czech, Polish and English, with the
    count in the locale's plural."""
    d = _played(101)
    seat = next(s for s in range(4) if weighed_calls(d, s))
    for lang, head in CALLS_HEAD.items():
        lines = review(d, seat, lang)
        assert any(line.startswith(head) for line in lines)
    cs = review(d, seat, "cs")
    assert not any("would have" in line or "Calls with" in line for line in cs)
