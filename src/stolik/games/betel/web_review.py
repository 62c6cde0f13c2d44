""""Analiza" at a Betel web table: after a deal, each card a seat chose among several is
played again on the exact solver (:mod:`stolik.games.betel.solver`) beside the cards it
could have chosen, and the ones that gave tricks away are listed (BETEL §4–§5).

The solver is told every hand and the dubel — a double-dummy check, and the page says so:
the seat did not see those cards. The measure is the declarer's tricks under best play
from there on. A declarer who needs tricks wants more of them, one in a betelek or the
betel fewer, the defenders the opposite; in an all-pass deal it is the seat's own tricks
against the other two.

Then the seat's **calls** with a choice (pas, kontra, a bid: BETEL §3), each weighed as
the ``expert`` bot — the strongest, issue 27 — weighs its own
(:meth:`~stolik.games.betel.expert.ExpertBot.weigh`): on deals that fit what the seat had
seen and heard, the others answering as it expects, the play solved, in the points the
deal brings the seat (BETEL §5); a call is named where the expert would have chosen
another step (its own test: more than :data:`~stolik.games.betel.expert.EPS` points and
its standard errors better than its anchor) worth more than EPS points more to the seat.
Looking at the dubel and the exchange are not judged. Seeded by the call's place in the
deal, with no clock and no node budget (every layout weighed): the same deal gives the
same review.

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.random(load_ruleset(), 2, random.Random(8))
>>> for call in ("pas", "pas", "1C", "pas", "pas"):
...     d.move(call)
>>> while not d.is_over:
...     d.play(d.legal_moves()[-1])
>>> lines = review(d, 1, "en")
>>> lines[0][:43], len(lines) > 1
('Checked with every hand open (double-dummy ', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stolik.games.betel.deck import NAMES
from stolik.games.betel.web_text import action_label, t
from stolik.i18n import Msg
from stolik.web.play.card_review import call_review, card_review, worse

if TYPE_CHECKING:
    from stolik.games.betel.calls import Action
    from stolik.games.betel.state import Deal

MAX_ITEMS = 8
"""At most this many cards are named."""


def _loss(d: Deal, card: int, seat: int, lang: str) -> str | None:
    """The line for ``card`` played by ``seat`` at ``d`` when another legal card would
    have done better for its side with every hand open, else None."""
    from stolik.games.betel.solver import card_values

    if d.declarer is None:  # all-pass: the seat's own tricks, more is better
        values, sign, whose = card_values(d, seat), 1, seat
    else:  # the declarer's tricks: more or (a betelek, the betel) fewer for him
        values, whose = card_values(d), d.declarer
        wants_few = d.contract is not None and d.contract.at_most
        sign = (1 if seat == d.declarer else -1) * (-1 if wants_few else 1)
    if (found := worse(values, card, sign)) is None:
        return None
    best, mine = found
    return t(lang, Msg("play-btl-review-loss", "trick {trick}: {card} — with {best}, {who} "
                       "would take {better} tricks instead of {worse}",
                       trick=len(d.history) + 1, card=NAMES[card], best=NAMES[best],
                       who="#" + str(whose + 1), better=values[best], worse=mine))


def review(finished: Deal, seat: int, lang: str) -> list[str]:
    """Lines for ``seat`` (:func:`~stolik.web.play.card_review.card_review`): what the
    check is, then each card that cost its side tricks against the best card with every
    hand open, or that none did."""
    from stolik.games.betel.state import Deal

    def say(message: Msg) -> str:
        return t(lang, message)

    start = Deal(finished.rs, finished.dealer, finished.dealt, finished.dealt_dubel)
    return card_review(start, finished.log, seat, lambda d, c: _loss(d, c, seat, lang),
                       head=say(Msg("play-btl-review-what", "Checked with every hand open "
                                    "(double-dummy solver): it knows cards you could not "
                                    "see, so a card it prefers may not have been findable. "
                                    "Tricks under best play by both sides from each of your "
                                    "cards.")),
                       clean=lambda n: say(Msg("play-btl-review-clean", "None of your {n} "
                                               "cards with a choice cost your side a trick "
                                               "against the best card.", n=n)),
                       nothing=say(Msg("play-btl-review-nothing", "No card of yours had a "
                                       "choice to check in this deal.")),
                       max_items=MAX_ITEMS) + _calls(finished, seat, lang)


def weighed_calls(finished: Deal, seat: int
                  ) -> list[tuple[int, Action, dict[Action, float], Action]]:
    """Each call of ``seat`` with a choice in ``finished`` (pas, kontra, a bid) — its place
    in the log, the call, the mean points of the best plan of each step the expert weighed
    there (the call made among them) and the step the expert chose (module notes)."""
    from stolik.games.betel.expert import ExpertBot
    from stolik.games.betel.state import Deal

    d = Deal(finished.rs, finished.dealer, finished.dealt, finished.dealt_dubel)
    out = []
    for index, op in enumerate(finished.log):
        a = op.action
        if op.kind == "action" and op.seat == seat and a is not None \
                and a.kind in ("pas", "kontra", "bid"):
            view = d.view(seat)
            if len(view.legal) > 1:
                bot = ExpertBot(seed=index, ruleset=finished.rs, nodes=None,
                                seconds=float("inf"))
                choice = bot.weigh(view, (a,))
                best: dict[Action, float] = {}
                for plan, v in bot.last_values.items():
                    best[plan.first] = max(v, best.get(plan.first, v))
                if a in best:
                    out.append((index, a, best, choice))
        d.apply(op)
    return out


def _calls(finished: Deal, seat: int, lang: str) -> list[str]:
    """The lines on ``seat``'s calls with a choice (module notes:
    :func:`~stolik.web.play.card_review.call_review`)."""
    from stolik.games.betel.expert import EPS

    def points(gain: float) -> str:
        return t(lang, Msg("play-btl-review-points", "{n} points", n=round(gain)))

    def label(call: Action) -> str:  # the exchange as a step said, not as its button
        if call.kind == "take":
            return t(lang, Msg("play-btl-review-take", "taking the dubel"))
        return action_label(call, finished.rs, lang)

    return call_review(
        [(call, values, choice) for _, call, values, choice in weighed_calls(finished, seat)],
        EPS, label, points, lang, MAX_ITEMS)

__all__ = ["MAX_ITEMS", "review", "weighed_calls"]
