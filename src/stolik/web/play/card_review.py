"""The review of one seat's card play after a deal ("Analiza", the web table's review
button), as every game with an exact solver has it (issue 26.1): the deal is replayed
from its start and each card the seat chose among several is weighed by the game's
``loss`` (the line saying what a better card would have given, or None); the answer is
the game's ``head`` (what the check is), then the losses, at most ``max_items`` — or,
when none, that none lost (``clean``, given how many cards had a choice) or that no card
had a choice (``nothing``).

>>> from types import SimpleNamespace as NS
>>> class Replay:
...     def legal_moves(self): return [1, 2]
...     def apply(self, op): pass
>>> log = [NS(kind="card", seat=0, card=5), NS(kind="card", seat=1, card=6)]
>>> card_review(Replay(), log, 0, lambda d, c: f"card {c}", head="head",
...             clean=lambda n: f"{n} clean", nothing="nothing")
['head', 'card 5']
>>> card_review(Replay(), log, 1, lambda d, c: None, head="head",
...             clean=lambda n: f"{n} clean", nothing="nothing")
['head', '1 clean']
>>> card_review(Replay(), log, 2, lambda d, c: None, head="head",
...             clean=lambda n: f"{n} clean", nothing="nothing")
['head', 'nothing']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from stolik.i18n import Count, Msg, translate

MAX_ITEMS = 8
"""At most one line per card named."""


class Op(Protocol):
    """An entry of a deal's operation log, as the review reads it."""

    @property
    def kind(self) -> str:
        """``card`` for a card played."""

    @property
    def seat(self) -> int:
        """Who made it."""

    @property
    def card(self) -> int:
        """The card (for a ``card`` entry)."""


class Replayed(Protocol):
    """A deal replayed from its start, one log entry at a time."""

    def legal_moves(self) -> Sequence[object]:
        """The moves legal now."""

    def apply(self, op: Any) -> None:
        """Make the logged move."""


R = TypeVar("R", bound=Replayed)


def card_review(start: R, log: Iterable[Op], seat: int,
                loss: Callable[[R, int], str | None], *, head: str,
                clean: Callable[[int], str], nothing: str,
                max_items: int = MAX_ITEMS) -> list[str]:
    """The review's lines for ``seat`` (see the module's doc); ``start`` is the deal as
    dealt, played on here."""
    losses: list[str] = []
    choices = 0
    for op in log:
        if op.kind == "card" and op.seat == seat and len(start.legal_moves()) > 1:
            choices += 1
            line = loss(start, op.card)
            if line is not None:
                losses.append(line)
        start.apply(op)
    if losses:
        return [head, *losses[:max_items]]
    return [head, clean(choices) if choices else nothing]


C = TypeVar("C")


def call_review(weighed: Sequence[tuple[C, Mapping[C, float], C]], eps: float,
                label: Callable[[C], str], amount: Callable[[float], str], lang: str,
                max_items: int = MAX_ITEMS) -> list[str]:
    """The review's lines on a seat's calls, after its cards (issue 27: as the game's
    strongest bot weighs them), in ``lang``: what the check is, then each call for which
    the bot would have made another that brings more than ``eps`` more on average — both
    by the game's ``label``, the difference by its ``amount`` (money, points) — or how many
    calls were weighed and that none was. ``weighed`` holds each call the seat made with a
    choice, the values of the calls the bot weighed there (the one made among them) and
    the bot's own choice. A call is named only where the bot would itself have chosen
    another: a mean a little higher that its own test does not trust (its margin and its
    standard errors over the layouts) is not called a mistake. Nothing where none was
    weighed.

    >>> lines = call_review([("pas", {"pas": 1.0, "bid": 9.0}, "bid"),
    ...                      ("bid", {"bid": 3.0, "pas": 9.0}, "bid")], 5,
    ...                     str.upper, lambda g: f"{g:g} pts", "en")
    >>> lines[0][:40], lines[1:]
    ('Your calls, weighed as the strongest bot', ['PAS — on what you had seen and heard, \
BID would have brought you 8 pts more on average'])
    >>> call_review([("bid", {"bid": 3.0, "pas": 4.0}, "bid")], 5, str, str, "pl")[1][:40]
    'Zapowiedzi z wyborem: 1 zapowiedź; żadna'
    >>> call_review([], 5, str, str, "en")
    []
    """
    if not weighed:
        return []
    losses = []
    for call, values, choice in weighed:
        if choice == call or choice not in values or call not in values:
            continue
        gain = values[choice] - values[call]
        if gain > eps:
            losses.append(translate(Msg(
                "play-review-call-loss", "{call} — on what you had seen and heard, {best} "
                "would have brought you {gain} more on average", call=label(call),
                best=label(choice), gain=amount(gain)), lang))
    head = translate(Msg("play-review-calls-what", "Your calls, weighed as the strongest bot "
                         "(expert) weighs its own: on deals that fit what you had seen and "
                         "heard, the others answering as it expects, the play solved."), lang)
    if losses:
        return [head, *losses[:max_items]]
    n = len(weighed)
    calls = Count("play-review-calls", "play-review-calls-n", n,
                  f"{n} call{'' if n == 1 else 's'}")
    return [head, translate(Msg("play-review-calls-clean", "Calls with a choice: {calls}; "
                                "none did worse than the call the expert would have made on "
                                "what you had seen and heard.", calls=calls), lang)]


def worse(values: Mapping[int, int], card: int, sign: int = 1) -> tuple[int, int] | None:
    """The best card among ``values`` (each legal card's value for its side, with every
    hand open; ``sign`` -1 where the side wants less) and ``card``'s value, when ``card``
    did worse than the best; None when it did as well, or is not among them.

    >>> worse({1: 3, 2: 5}, 1), worse({1: 3, 2: 5}, 2), worse({1: 3, 2: 5}, 2, -1)
    ((2, 3), None, (1, 5))
    """
    best = max(values, key=lambda c: sign * values[c])
    mine = values.get(card)
    if mine is None or sign * (values[best] - mine) <= 0:
        return None
    return best, mine


__all__ = ["MAX_ITEMS", "Op", "Replayed", "call_review", "card_review", "worse"]
