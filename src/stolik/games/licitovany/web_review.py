""""Analiza" at a licitovaný web table (the review button, issue 28): after a deal, each
card the seat chose among several (a hláška's choice included) is played again on the
exact solver (:mod:`stolik.games.licitovany.solver`, dvě sedmy on
:mod:`~stolik.games.licitovany.solver_dve`) beside the cards it could have chosen, and the
ones that cost its side money are listed (LICITOVANY §3, §5, §6).

The solver is told every hand — a double-dummy check, and the page says so: the seat did
not see those cards. The measure is the aktér's money under best play by both sides from
there on (units of the ruleset's base, shown in Kč); the aktér wants more of it, a
defender less. The licitace, the talon and the fleky are left alone; a deal that ended
before the play (omyl, a vyrovnaná sedma, LICITOVANY §4.4, §4.5) and the pauzírák's (§8)
have no card to check. Only a settled deal is reviewed (the web table asks for the last),
and only one played to its last card: after a betl or durch decided early (or a renonc) the
cards not played stay hidden (§3), and a check with every hand open would tell of them.

The check is bounded (:data:`NODES` search nodes, :data:`SECONDS` of CPU): a card the
budget does not reach is not checked, and the review says so.

Then the seat's **calls** with a choice (the licitace, the discard, the contract, the
fleky: LICITOVANY §4), each weighed as the ``expert`` bot — the strongest, issue 27 —
weighs its own (:meth:`~stolik.games.licitovany.expert.ExpertBot.weigh`): on deals that
fit what the seat had seen and heard, the rest of the bidding played out, the play
solved; a call is named where the expert would have chosen another (its own test: more
than :data:`~stolik.games.licitovany.expert.EPS` units and its standard errors better
than its anchor) that brings the seat more than EPS units more on average, in Kč (the core's
:func:`~stolik.web.play.card_review.call_review`, as in Mariáš and Betel). Seeded by
the call's place in the deal, within the bot's own node budget and with no clock: a
search spends the same nodes whatever was solved before it, so the same deal gives the
same review.

>>> import random
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.table_deal import TableDeal
>>> d = TableDeal.random(load_ruleset(), 0, random.Random(1))
>>> while not d.is_over:
...     d.move(d.legal_moves()[0])
>>> lines = review(d, 1, "en")
>>> lines[0][:43], len(lines) > 1
('Checked with every hand open (double-dummy ', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.rules import TRICKS
from stolik.games.licitovany.seat_memory import dealt_again
from stolik.games.licitovany.words import kc, move_label
from stolik.i18n import tr
from stolik.solver.budget import Budget
from stolik.web.play.card_review import call_review, card_review, worse

if TYPE_CHECKING:
    from stolik.games.licitovany.solver import Problem
    from stolik.games.licitovany.state import Deal

MAX_ITEMS = 8
"""At most this many cards are named."""
NODES = 20_000_000
"""Search nodes a review may spend in all: about 2 s of one core (10–14 M nodes a second
measured); 40 deals of the heuristic bots, each seat's review, took 27 ms on average and
0.33 s at most, far within it. A card whose check begins is checked to its end."""
SECONDS = 3.0
"""CPU seconds a review may spend, whatever the node count (the thread's own time)."""


class _Op(NamedTuple):
    """A move of the deal's log as :func:`~stolik.web.play.card_review.card_review` reads
    it: ``card`` for a card played, by ``seat``."""

    kind: str
    seat: int
    card: int
    move: Move


class _Replay:
    """The deal from its dealing, played on move by move as the log says."""

    def __init__(self, finished: Deal) -> None:
        self.deal = dealt_again(finished)

    def legal_moves(self) -> list[Move]:
        """The moves legal now."""
        return self.deal.legal_moves()

    def apply(self, op: _Op) -> None:
        """Make the logged move."""
        self.deal.move(op.move)


class _Check:
    """Weighing one seat's cards on one problem within the budget."""

    def __init__(self, finished: Deal, seat: int, lang: str) -> None:
        from stolik.games.licitovany.solver import warm_up

        # the kernels compiled (or loaded) before the budget starts: on a cold process
        # their compiling spent the CPU cap and the review checked fewer cards
        warm_up()
        self.finished, self.seat, self.lang = finished, seat, lang
        self.budget = Budget(NODES, SECONDS)
        self.prob: Problem | None = None
        self.checked = 0
        self.stopped = False

    def loss(self, replay: _Replay, card: int) -> str | None:
        """The line for the card the seat plays at ``replay`` when another legal card (or
        the other hláška choice) gives its side more money with every hand open, else None
        (also once the budget is spent)."""
        from stolik.games.licitovany.solver import Problem, card_values

        d = replay.deal
        if self.budget.over():
            self.stopped = True
            return None
        self.prob = self.prob or Problem.of(d)
        before = self.prob.nodes
        values = card_values(d, self.prob)
        self.budget.spend(self.prob.nodes - before)
        self.checked += 1
        played = self.finished.log[len(d.log)]
        keys = list(values)
        sign = 1 if d.pos.akter == self.seat else -1  # the values are the aktér's money
        found = worse({i: values[k] for i, k in enumerate(keys)},
                      keys.index((card, played.hlaska)), sign)
        if found is None:
            return None
        best, mine = found
        rs, lang = self.finished.rs, self.lang
        said = {"trick": len(d.pos.tricks) + 1, "card": move_label(played, lang),
                "best": move_label(Move.play(*keys[best]), lang),
                "better": kc(rs.haler(values[keys[best]])), "worse": kc(rs.haler(mine))}
        if sign > 0:
            return tr(lang, "play-lic-review-loss-akter", **said)
        return tr(lang, "play-lic-review-loss", **said)


def review(finished: Deal, seat: int, lang: str) -> list[str]:
    """Lines for ``seat`` of the settled deal ``finished``
    (:func:`~stolik.web.play.card_review.card_review`): what the check is, then each card
    that cost its side money against the best card with every hand open, or that none
    did; a last line when the budget stopped the check."""
    if finished.pos.tricks and len(finished.pos.tricks) < TRICKS:
        # A betl or durch decided early, or a renonc: the cards not played stay hidden
        # (LICITOVANY §3), and a check with every hand open would tell of them.
        return [tr(lang, "play-lic-review-hidden")]
    check = _Check(finished, seat, lang)
    log = [_Op("card" if m.kind == "play" else m.kind, finished.seat_of(i),
               m.cards[0] if m.kind == "play" else -1, m) for i, m in enumerate(finished.log)]
    stopped = tr(lang, "play-lic-review-stopped")

    def clean(choices: int) -> str:  # of the cards checked, when the budget stopped it
        if not check.checked:
            return stopped
        return tr(lang, "play-lic-review-clean", n=check.checked)

    lines = card_review(_Replay(finished), log, seat, check.loss,
                        head=tr(lang, "play-lic-review-what"), clean=clean,
                        nothing=tr(lang, "play-lic-review-nothing"), max_items=MAX_ITEMS)
    if check.stopped and check.checked:
        lines.append(stopped)
    return lines + _calls(finished, seat, lang)


def weighed_calls(finished: Deal, seat: int
                  ) -> list[tuple[int, Move, dict[Move, float], Move]]:
    """Each call of ``seat`` with a choice in ``finished`` — its place in the log, the call,
    the mean money (units) of each call the expert weighed there (the one made among them)
    and the call the expert chose there (module notes)."""
    from stolik.games.licitovany.expert import ExpertBot

    d = dealt_again(finished)
    out = []
    for index, move in enumerate(finished.log):
        if move.kind != "play" and finished.seat_of(index) == seat \
                and len(d.legal_moves()) > 1:
            bot = ExpertBot(seed=index, ruleset=finished.rs, seconds=float("inf"))
            choice = bot.weigh(d.view(seat), (move,))
            if move in bot.last_values:
                out.append((index, move, dict(bot.last_values), choice))
        d.move(move)
    return out


def _calls(finished: Deal, seat: int, lang: str) -> list[str]:
    """The lines on ``seat``'s calls with a choice (module notes)."""
    from stolik.games.licitovany.expert import EPS

    rs = finished.rs
    return call_review(
        [(call, values, choice) for _, call, values, choice in weighed_calls(finished, seat)],
        EPS, lambda call: move_label(call, lang),
        lambda gain: kc(round(gain * rs.base_haler)), lang, MAX_ITEMS)


__all__ = ["MAX_ITEMS", "NODES", "SECONDS", "review", "weighed_calls"]
