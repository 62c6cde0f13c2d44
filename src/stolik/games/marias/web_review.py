"""The review of one seat's card play in a settled Mariáš deal ("Analiza", the web table's
review button): each card the seat played, replayed and checked by the exact solver
(:mod:`stolik.games.marias.solver`) against the other legal cards.

What it is, said to the player: a **double-dummy** check — the solver sees every hand, as
the seat could not, so a card it calls a loss may have been the best guess on what the seat
knew. The money compared is the deal's money under best play by both sides from there
(MARIAS §5–§6), for the seat's side. A deal that ended before the play (no re, MARIAS
§4.5) has no cards to check.

Then the seat's **calls** with a choice (the volba, the approval, the announcements, the
fleky: MARIAS §3–§4), each weighed as the ``expert`` bot — the strongest, issue 27 —
weighs its own (:meth:`~stolik.games.marias.expert.ExpertBot.weigh`): on deals that fit
what the seat had seen and heard, the others answering as it expects, the play solved; a
call is named where the expert would have chosen another (its own test: more than
:data:`~stolik.games.marias.expert.EPS` haléř and its standard errors better than its
anchor) that brings the seat more than EPS haléř more on average. Seeded by the call's
place in the deal, with no clock and no node budget (every layout weighed): the same deal
gives the same review.

>>> import random
>>> from stolik.games.marias.bots import make_bot
>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(1))
>>> bots = [make_bot("random", s) for s in range(4)]
>>> while not d.is_over:
...     d.move(bots[d.to_act].choose(d.view(d.to_act)))
>>> items = review(d, 2, "en")
>>> items[0].startswith("Checked with every hand open")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stolik.games.marias.deck import NAMES
from stolik.games.marias.ruleset import kc
from stolik.games.marias.web_text import call_label, money, t
from stolik.i18n import Msg
from stolik.web.play.card_review import call_review, card_review, worse

if TYPE_CHECKING:
    from stolik.games.marias.calls import Call
    from stolik.games.marias.state import Deal

MAX_ITEMS = 8
"""At most one line per card the seat played."""


def review(finished: Deal, seat: int, lang: str) -> list[str]:
    """Lines for ``seat``: what the check is, then each card that lost money for its side
    against the best card with every hand open, or that none did
    (:func:`~stolik.web.play.card_review.card_review`)."""
    from stolik.games.marias.state import Deal

    head = t(lang, Msg("play-mar-review-what", "Checked with every hand open (double-dummy "
             "solver): it knows cards you could not see, so a card it prefers may not have "
             "been findable. Money under best play by both sides from each of your cards."))
    cards = card_review(
        Deal(finished.rs, finished.dealer, finished.dealt), finished.log, seat,
        lambda d, c: _loss(d, c, seat, lang), head=head,
        clean=lambda n: t(lang, Msg("play-mar-review-clean", "None of your {n} cards with a "
                                    "choice lost money against the best card.", n=n)),
        nothing=t(lang, Msg("play-mar-review-nothing", "No card of yours had a choice to "
                            "check in this deal.")),
        max_items=MAX_ITEMS)
    return cards + _calls(finished, seat, lang)


def weighed_calls(finished: Deal, seat: int
                  ) -> list[tuple[int, Call, dict[Call, float], Call]]:
    """Each call of ``seat`` with a choice in ``finished`` — its place in the log, the call,
    the mean money (haléř) of each call the expert weighed there, the one made among them,
    and the call the expert chose there (module notes)."""
    from stolik.games.marias.calls import Call
    from stolik.games.marias.expert import ExpertBot
    from stolik.games.marias.state import Deal

    d = Deal(finished.rs, finished.dealer, finished.dealt)
    out = []
    for index, op in enumerate(finished.log):
        if op.kind == "call" and op.seat == seat and op.call is not None:
            view = d.view(seat)
            if len(view.legal) > 1:
                bot = ExpertBot(seed=index, ruleset=finished.rs, nodes=None,
                                seconds=float("inf"))
                choice = bot.weigh(view, (op.call,))
                if op.call in bot.last_values and isinstance(choice, Call):
                    out.append((index, op.call, dict(bot.last_values), choice))
        d.apply(op)
    return out


def _calls(finished: Deal, seat: int, lang: str) -> list[str]:
    """The lines on ``seat``'s calls with a choice (module notes:
    :func:`~stolik.web.play.card_review.call_review`)."""
    from stolik.games.marias.expert import EPS

    return call_review(
        [(call, values, choice) for _, call, values, choice in weighed_calls(finished, seat)],
        EPS,
        lambda call: call_label(call, finished.rs, lang),
        lambda gain: f"{kc(round(gain))} Kč", lang, MAX_ITEMS)


def _loss(d: Deal, card: int, seat: int, lang: str) -> str | None:
    """The line for ``card`` played by ``seat`` at ``d`` when another legal card would
    have given its side more money with every hand open, else None."""
    from stolik.games.marias.solver import card_values

    values = card_values(d)
    sign = 1 if d.side(seat) == 0 else -1  # the values are the choosing side's
    if (found := worse(values, card, sign)) is None:
        return None
    best, mine = found
    per = 3 if d.soloist == seat else 1  # a soloist's money is 3 × (§6)
    return t(lang, Msg("play-mar-review-loss", "trick {trick}: {card} — with {best} your "
                       "side would get {better} instead of {worse}",
                       trick=len(d.history) + 1, card=NAMES[card], best=NAMES[best],
                       better=money(sign * values[best] * per),
                       worse=money(sign * mine * per)))


__all__ = ["MAX_ITEMS", "review", "weighed_calls"]
