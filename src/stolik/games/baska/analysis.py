"""Advice and post-mortems: :func:`hint` for the move to make now, :func:`review` for a
finished deal ("could I have won?"). Their ``text(lang)`` is clean Polish (``"pl"``) or
clean English (``"en"``); without a language, Polish with the English in brackets.

Both are the ``expert`` bot's (:mod:`stolik.games.baska.bots.expert`, the strongest bot,
issue 27.3), so "could I have won?" is answered by the model that plays:

- **a card**: the seat's payout (RULES §7) under double-dummy play, averaged over the
  layouts of the unseen cards that fit what the seat sees, weighted by how likely the
  others' calls and cards make each (the expert's card play: ``pimc`` with inference);
- **a call**: the expert's call and the calls it weighed, each valued with the other seats'
  answers as ``pimc`` would make them and the play solved (RULES §4–§7); where it weighed
  none, every legal call as ``pimc`` values it, as if the auction closed after it.

:func:`review` adds the exact value with every card known — what the move cost against the
real cards: a card solved double-dummy, a call by the same answers on the real hands.

>>> import random
>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.state import Deal
>>> deal = Deal.from_text(load_ruleset("pucka-2019"), 0,
...                       ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
>>> for c in ["pass"] * 4:
...     deal.call(c)
>>> h = hint(deal.view(1), samples=40, rng=random.Random(1))
>>> h.move in deal.view(1).legal_cards, h.layouts
(True, 40)
>>> h.text().startswith("Podpowiedź (hint): zagraj")
True
>>> h.text("en").startswith("Hint: play"), h.text("pl").startswith("Podpowiedź: zagraj")
(True, True)
>>> while not deal.is_over:
...     deal.play(deal.legal_cards()[-1])
>>> rv = review(deal, 1, samples=20, rng=random.Random(2))
>>> [r.trick for r in rv if r.phase == "play"]
[1, 2, 3, 4]
>>> all(r.exact_loss >= 0 and r.seen_loss >= 0 for r in rv)
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from dataclasses import replace as dc_replace

from stolik.games.baska.bots.base import Move
from stolik.games.baska.bots.expert import ANSWERS, CARD_LAYOUTS, ExpertBot
from stolik.games.baska.bots.expert_auction import call_value
from stolik.games.baska.bots.pimc import (
    Evaluation,
    evaluate,
    inferred,
    move_text,
)
from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.state import Deal, SeatView
from stolik.games.baska.words import call_label
from stolik.i18n import decimal, told

REVIEW_SAMPLES = CARD_LAYOUTS
"""Layouts per card decision in :func:`review`: the expert's (a deal review stays within a
few seconds)."""

_EPS = 1e-9


@dataclass(frozen=True)
class MoveValue:
    """One legal move, its text in the ruleset's words and its expected payout."""

    move: Move
    text: str
    payout: float


@dataclass(frozen=True)
class Hint:
    """The advised move for ``seat``, its expected payout, every legal move's expected
    payout (best first), how many layouts were solved, and a one-line explanation."""

    seat: int
    phase: str
    move: Move
    payout: float
    moves: tuple[MoveValue, ...]
    layouts: int
    explanation: str

    def text(self, lang: str | None = None) -> str:
        """The hint for display: ``"pl"`` clean Polish, ``"en"`` clean English; by default
        (None) Polish first with the English in brackets (what ``stolik play`` always
        showed)."""
        if lang is None:
            verb = "zagraj" if self.phase == "play" else "licytuj"
            others = ", ".join(f"{m.text} {m.payout:+.2f}" for m in self.moves[1:])
            line = (f"Podpowiedź (hint): {verb} {self.moves[0].text} — oczekiwana wypłata "
                    f"(expected payout) {self.payout:+.2f}")
            if others:
                line += f"; inne (others): {others}"
            return f"{line}. {self.explanation}"
        w = _words(lang)
        line = (f"{w['hint']}: {w[self.phase]} {_say(self.moves[0].text, lang)} — "
                f"{w['expected']} {decimal(lang, self.payout, sign=True)}")
        if len(self.moves) > 1:
            line += f"; {w['others']}: " + ", ".join(
                f"{_say(m.text, lang)} {decimal(lang, m.payout, sign=True)}"
                for m in self.moves[1:])
        return f"{line}. {explain(self.moves, self.layouts, lang)}"


_WORDS: dict[str, dict[str, str]] = {
    "pl": {"hint": "Podpowiedź", "play": "zagraj", "auction": "licytuj",
           "expected": "oczekiwana wypłata", "others": "inne",
           "only": "{best} to jedyny dozwolony ruch.",
           "equal": "{best} i {runner} są równie dobre ({n}).",
           "gain": "{best} daje średnio o {gap} więcej niż {runner} ({n}).",
           "layouts": "policzono {k} {noun}",
           "where-auction": "licytacja", "where-play": "bitka {trick}",
           "did-auction": "zgłoszono", "did-play": "zagrano",
           "forced": "ruch wymuszony",
           "dead": "martwa: nie liczy się (RULES §4)",
           "exact-ok": "najlepszy przy odkrytych kartach",
           "exact-loss": "przy odkrytych kartach {best} dawało {loss} więcej",
           "seen-ok": "dobry na to, co było widać",
           "seen-loss": "na to, co było widać, {best} dawało średnio {loss} więcej"},
    "en": {"hint": "Hint", "play": "play", "auction": "call",
           "expected": "expected payout", "others": "others",
           "only": "{best} is the only legal move.",
           "equal": "{best} and {runner} are equally good ({n}).",
           "gain": "{best} gains {gap} on average over {runner} ({n}).",
           "layouts": "{k} {noun} solved",
           "where-auction": "auction", "where-play": "trick {trick}",
           "did-auction": "called", "did-play": "played",
           "forced": "a forced move",
           "dead": "dead: it does not count (RULES §4)",
           "exact-ok": "the best move with all cards known",
           "exact-loss": "with all cards known {best} made {loss} more",
           "seen-ok": "right on what could be seen",
           "seen-loss": "on what could be seen {best} made {loss} more on average"},
    "cs": {"hint": "Rada", "play": "zahrajte", "auction": "hlaste",
           "expected": "očekávaná výplata", "others": "ostatní",
           "only": "{best} je jediný dovolený tah.",
           "equal": "{best} a {runner} jsou stejně dobré ({n}).",
           "gain": "{best} dává v průměru o {gap} víc než {runner} ({n}).",
           "layouts": "spočítáno {k} {noun}",
           "where-auction": "licitace", "where-play": "štych {trick}",
           "did-auction": "hlášeno", "did-play": "zahráno",
           "forced": "vynucený tah",
           "dead": "mrtvá: nepočítá se (RULES §4)",
           "exact-ok": "nejlepší při odkrytých kartách",
           "exact-loss": "při odkrytých kartách dávalo {best} o {loss} víc",
           "seen-ok": "dobrý podle toho, co bylo vidět",
           "seen-loss": "podle toho, co bylo vidět, dávalo {best} v průměru o {loss} víc"},
}
"""The words of :meth:`Hint.text` and :meth:`Review.text` in each language."""


def _words(lang: str) -> dict[str, str]:
    """``lang``'s words; a player reads "martwa: nie liczy się" without its citation
    (RULES §4; issue 25.8, :func:`stolik.i18n.told`)."""
    if lang not in _WORDS:
        raise ValueError(f"a language is pl, en or cs, not {lang!r}")
    return {key: told(text) for key, text in _WORDS[lang].items()}


def _say(move: str, lang: str) -> str:
    """A move's text as said in ``lang``: in Polish and Czech the pass is ``pas``.

    >>> _say("pass", "pl"), _say("pass", "en"), _say("gran", "pl"), _say("pass", "cs")
    ('pas', 'pass', 'gran', 'pas')
    """
    return "pas" if lang in ("pl", "cs") and move == "pass" else move


def layouts_text(k: int, lang: str) -> str:
    """How many layouts were solved, in words (Polish plurals).

    >>> [layouts_text(k, "pl") for k in (1, 3, 12, 22, 40)]  # doctest: +NORMALIZE_WHITESPACE
    ['policzono 1 rozkład', 'policzono 3 rozkłady', 'policzono 12 rozkładów',
     'policzono 22 rozkłady', 'policzono 40 rozkładów']
    >>> layouts_text(1, "en"), layouts_text(40, "en")
    ('1 layout solved', '40 layouts solved')
    >>> layouts_text(1, "cs"), layouts_text(40, "cs")
    ('spočítáno 1 rozložení', 'spočítáno 40 rozložení')
    """
    if lang == "cs":
        noun = "rozložení"  # the same in every number
    elif lang == "pl":
        few = k % 10 in (2, 3, 4) and k % 100 not in (12, 13, 14)
        noun = "rozkład" if k == 1 else "rozkłady" if few else "rozkładów"
    else:
        noun = "layout" if k == 1 else "layouts"
    return _words(lang)["layouts"].format(k=k, noun=noun)


def explain(moves: tuple[MoveValue, ...], layouts: int, lang: str) -> str:
    """Why the first of ``moves`` (best first) is advised, in one sentence in ``lang``.

    >>> a, b = MoveValue(0, "A♥", 1.0), MoveValue(1, "Q♠", 0.5)
    >>> explain((a, b), 40, "en")
    'A♥ gains 0.50 on average over Q♠ (40 layouts solved).'
    >>> explain((a, b), 40, "pl")
    'A♥ daje średnio o 0,50 więcej niż Q♠ (policzono 40 rozkładów).'
    >>> explain((a,), 1, "en")
    'A♥ is the only legal move.'
    """
    w = _words(lang)
    best = _say(moves[0].text, lang)
    if len(moves) == 1:
        return w["only"].format(best=best)
    gap = moves[0].payout - moves[1].payout
    n = layouts_text(layouts, lang)
    runner = _say(moves[1].text, lang)
    if gap <= _EPS:
        return w["equal"].format(best=best, runner=runner, n=n)
    return w["gain"].format(best=best, runner=runner, gap=decimal(lang, gap), n=n)


def _rs(view: SeatView, rs: Ruleset | None) -> Ruleset:
    if rs is not None:
        return rs
    return load_ruleset(view.ruleset)


def _label(move: Move, rs: Ruleset) -> str:
    """A move as the buttons and the glossary name it (issue 9.9): a card ``A♥``, a
    contract by the ruleset's name (``Zoło``, ``Gran-du``, not the record's ``zolo``), a
    doubling by its name, the pass as ``pass`` (:func:`_say` makes it ``pas``).

    >>> from stolik.games.baska.calls import Call
    >>> rs = load_ruleset("pucka-2019")
    >>> _label(Call("contract", "gran-du"), rs), _label(Call("pass"), rs)
    ('Gran-du', 'pass')
    """
    if isinstance(move, Call):
        return "pass" if move.kind == "pass" else call_label(move, rs, "en")
    return move_text(move, rs)


def _values(ev: Evaluation, rs: Ruleset) -> tuple[MoveValue, ...]:
    return tuple(MoveValue(m, _label(m, rs), p)
                 for m, p in zip(ev.moves, ev.payouts, strict=True))


def _explain(ev: Evaluation, rs: Ruleset) -> str:
    best = _label(ev.best, rs)
    n = f"{ev.layouts} rozkład{'' if ev.layouts == 1 else 'ów'} ({ev.layouts} layouts)"
    if len(ev.moves) == 1:
        return f"{best} to jedyny dozwolony ruch (the only legal move)."
    gap = ev.payouts[0] - ev.payouts[1]
    runner = _label(ev.moves[1], rs)
    if gap <= _EPS:
        return f"{best} i {runner} są równie dobre (equally good) na {n}."
    return (f"{best} daje średnio o {gap:.2f} więcej niż {runner} (gains {gap:.2f} on "
            f"average over the next best) na {n}.")


def hint(view: SeatView, *, samples: int | None = None, rng: random.Random | None = None,
         rs: Ruleset | None = None) -> Hint:
    """The ``expert`` bot's move for the seat of ``view`` (it must be its turn: else
    :class:`~stolik.games.baska.bots.base.BotError`), seeded by ``rng``, with no clock and
    no node budget (:func:`_expert`), so the hint is repeatable: a card by its expected
    payout over ``samples`` inferred layouts (default the expert's, :data:`CARD_LAYOUTS`),
    each solved double-dummy; a call as :func:`_weighed`. ``rs``: the ruleset object,
    needed only for a league's own ruleset file (a shipped one is loaded by the view's
    id)."""
    rs = _rs(view, rs)
    rng = rng if rng is not None else random.Random()
    move: Move
    if view.phase == "auction" and view.to_act == view.seat and len(view.legal_calls) > 1:
        move, ev, weighed = _weighed(view, rs, rng)
        if weighed:  # the expert's call first, then the others by expected payout
            ranked = (move, *(m for m in ev.moves if m != move))
            ev = Evaluation(ev.seat, ev.phase, ranked, tuple(ev.payout_of(m) for m in ranked),
                            (0.0,) * len(ranked), ev.layouts)
    else:
        bot = _expert(rs, rng, samples)
        move = bot.act(view)
        got = bot.pimc.last  # None for the only legal move: valued on the same layouts
        ev = got if got is not None else evaluate(
            view, inferred(view, bot.pimc.samples, bot.pimc.rng, rs), rs=rs)
    return Hint(view.seat, view.phase, move, ev.payout_of(move), _values(ev, rs), ev.layouts,
                _explain(ev, rs))


def _expert(rs: Ruleset, rng: random.Random, samples: int | None = None) -> ExpertBot:
    """An expert seeded by ``rng`` with no clock and no node budget that binds (the nodes
    a search takes depend on what the solver's table kept from earlier searches, so a
    budget would make the same question's answer depend on what was asked before);
    ``samples`` layouts per card decision."""
    return ExpertBot(seed=rng.randrange(1 << 30), ruleset=rs, nodes=1 << 62,
                     seconds=float("inf"),
                     card_layouts=samples if samples is not None else CARD_LAYOUTS)


def _weighed(view: SeatView, rs: Ruleset, rng: random.Random, also: tuple[Call, ...] = ()
             ) -> tuple[Call, Evaluation, bool]:
    """The expert's call for the view, and the calls it weighed with the other seats'
    answers (``also`` among them), best first; or, where it weighed none (no call near
    ``pimc``'s), every legal call as ``pimc`` values it, the auction closing after it —
    and whether it weighed."""
    bot = _expert(rs, rng)
    move = bot.weigh(view, also)
    got = bot.last_values
    if not got:
        ev = bot.anchor.last
        assert ev is not None
        return move, ev, False
    ranked = sorted(got, key=lambda c: -got[c])
    return move, Evaluation(view.seat, view.phase, tuple(ranked), tuple(got[c] for c in ranked),
                            (0.0,) * len(ranked), bot.last_solved), True


@dataclass(frozen=True)
class Review:
    """One decision of the reviewed seat in a finished deal.

    ``index`` is the decision's place in ``deal.log``; ``trick`` the trick it was played to
    (1–4; 0 in the auction). ``exact_best`` / ``exact_loss``: the best move with every card
    known (double-dummy, calls as if the auction closed after them) and the payout the move
    made gave up against it (0: a perfect move). ``seen_best`` / ``seen_loss``: the same in
    expectation over the ``layouts`` the seat could not rule out at that moment. ``forced``:
    the move was the only legal one (nothing is solved: losses 0, ``layouts`` 0).
    """

    index: int
    seat: int
    phase: str
    trick: int
    move: Move
    move_text: str
    forced: bool
    exact: tuple[MoveValue, ...]
    exact_best: Move
    exact_loss: float
    seen: tuple[MoveValue, ...]
    seen_best: Move
    seen_loss: float
    layouts: int
    dead: bool = False
    """A doubling that did not count (RULES §4) — shown now that the deal is over."""

    def text(self, lang: str | None = None) -> str:
        """One line for display: ``"pl"`` clean Polish, ``"en"`` clean English; by default
        (None) Polish first with the English in brackets (what ``stolik play`` always
        showed)."""
        if lang is not None:
            return self._text(lang)
        where = "licytacja (auction)" if self.phase == "auction" else \
            f"bitka {self.trick} (trick {self.trick})"
        head = f"{where}: {'zagrano' if self.phase == 'play' else 'zgłoszono'} {self.move_text}"
        if self.dead:
            head += " (martwa: nie liczy się — dead, not counted, RULES §4)"
        if self.forced:
            return f"{head} — ruch wymuszony (forced)."
        exact_best = next(m.text for m in self.exact if m.move == self.exact_best)
        seen_best = next(m.text for m in self.seen if m.move == self.seen_best)
        if self.exact_loss <= _EPS:
            exact = "najlepszy przy odkrytych kartach (best with all cards known)"
        else:
            exact = (f"przy odkrytych kartach (all cards known) {exact_best} dawało "
                     f"{self.exact_loss:+.0f} więcej (more)")
        if self.seen_loss <= _EPS:
            seen = "dobry na to, co było widać (right on what was seen)"
        else:
            seen = (f"na to, co było widać (on what was seen) {seen_best} dawało średnio "
                    f"{self.seen_loss:+.2f} więcej (more on average)")
        return f"{head} — {exact}; {seen}."

    @property
    def blunder(self) -> bool:
        """Whether the move lost payout even on what the seat could see."""
        return self.seen_loss > _EPS

    def _text(self, lang: str) -> str:
        w = _words(lang)
        where = w[f"where-{self.phase}"].format(trick=self.trick)
        head = f"{where}: {w[f'did-{self.phase}']} {_say(self.move_text, lang)}"
        if self.dead:
            head += f" ({w['dead']})"
        if self.forced:
            return f"{head} — {w['forced']}."
        if self.exact_loss <= _EPS:
            exact = w["exact-ok"]
        else:
            best = _say(next(m.text for m in self.exact if m.move == self.exact_best), lang)
            exact = w["exact-loss"].format(
                best=best, loss=decimal(lang, self.exact_loss, places=0, sign=True))
        if self.seen_loss <= _EPS:
            seen = w["seen-ok"]
        else:
            best = _say(next(m.text for m in self.seen if m.move == self.seen_best), lang)
            seen = w["seen-loss"].format(
                best=best, loss=decimal(lang, self.seen_loss, sign=True))
        return f"{head} — {exact}; {seen}."


def review(deal: Deal, seat: int, *, samples: int = REVIEW_SAMPLES,
           rng: random.Random | None = None) -> list[Review]:
    """Every decision of ``seat`` in ``deal`` (its calls and cards, from ``deal.log``), each
    with what the best alternative would have gained exactly (all cards known) and on
    average over what the seat could see then (``samples`` inferred layouts for a card; a
    call as the expert weighs it) — the module notes. Payouts include the deal's bok-round
    doubling."""
    if seat not in range(4):
        raise ValueError(f"a seat is 0–3, not {seat!r}")
    rng = rng if rng is not None else random.Random()
    rs = deal.rs
    scale = 2 if deal.bok_deal else 1
    replay = Deal(rs, deal.dealer, deal.initial_hands, bok_deal=deal.bok_deal)
    out: list[Review] = []
    dead = set(deal.game.dead) if deal.game is not None else set()
    for index, op in enumerate(deal.log):
        if op.kind == "revoke":
            break
        if op.seat == seat:
            move: Move | None = op.call if op.kind == "call" else op.card
            assert move is not None
            view = replay.view(seat)
            one = _review_one(index, view, replay, move, samples, rng, rs, scale)
            out.append(dc_replace(one, dead=True) if index in dead else one)
        replay.apply(op)
    return out


def _review_one(index: int, view: SeatView, replay: Deal, move: Move, samples: int,
                rng: random.Random, rs: Ruleset, scale: int) -> Review:
    phase = view.phase
    trick = 0 if phase == "auction" else len(view.plays) // 4 + 1
    legal: tuple[Move, ...] = view.legal_calls if phase == "auction" else view.legal_cards
    text = _label(move, rs)
    if len(legal) == 1:
        only = (MoveValue(move, text, 0.0),)
        return Review(index, view.seat, phase, trick, move, text, True, only, move, 0.0,
                      only, move, 0.0, 0)
    if isinstance(move, Call):
        seen, exact = _call_review(view, replay, move, rng, rs)
    else:
        exact = evaluate(view, [replay.hands], rs=rs)
        seen = evaluate(view, inferred(view, samples, rng, rs), rs=rs)

    def scaled(ev: Evaluation) -> tuple[MoveValue, ...]:
        return tuple(MoveValue(m.move, m.text, m.payout * scale) for m in _values(ev, rs))

    ex, se = scaled(exact), scaled(seen)
    return Review(index, view.seat, phase, trick, move, text, False,
                  ex, exact.best, ex[0].payout - exact.payout_of(move) * scale,
                  se, seen.best, se[0].payout - seen.payout_of(move) * scale, seen.layouts)


def _call_review(view: SeatView, replay: Deal, move: Call, rng: random.Random, rs: Ruleset
                 ) -> tuple[Evaluation, Evaluation]:
    """A call as the expert values it (payouts without a bok-round's doubling): on what
    the seat saw, the calls it weighed, the one made among them (:func:`_weighed`); with
    every card known, each legal call made on the real hands, the other seats' next
    answers as the expert's rollout makes them (each seat on its own view), everybody then
    passing and the play solved (RULES §4–§7)."""
    from stolik.solver.budget import Budget

    _, seen, _ = _weighed(view, rs, rng, (move,))
    if move not in seen.moves:  # weighed out of budget: the closed-auction values
        seen = _expert(rs, rng).anchor.evaluate(view)
    base = Deal(rs, replay.dealer, replay.initial_hands)
    for op in replay.log:
        base.apply(op)
    bot = _expert(rs, rng)
    budget, done = Budget(1 << 62, float("inf")), dict[Hashable, int]()
    calls = list(view.legal_calls)
    values = []
    for call in calls:
        got = call_value(base, view.seat, call, bot.rollout, budget, done, ANSWERS)
        assert got is not None  # the budget has no end
        values.append(float(got))
    rank = sorted(range(len(calls)), key=lambda i: (-values[i], i))
    exact = Evaluation(view.seat, view.phase, tuple(calls[i] for i in rank),
                       tuple(values[i] for i in rank), (0.0,) * len(calls), 1)
    return seen, exact


__all__ = ["REVIEW_SAMPLES", "Hint", "MoveValue", "Review", "explain", "hint", "layouts_text",
           "review"]
