"""What a person types at Betel's terminal table (:mod:`stolik.games.betel.terminal`), read
against his own :class:`~stolik.games.betel.view.SeatView` only (BETEL §3, §4): a prompt
command, a numbered option, or a move as records write it (BETEL §6, in any case) — a card
``AH``, ``10s``, ``A♥``; ``pas`` (or ``pass``), ``kontra``, a contract by its record word
(``2H``, ``2BA``, ``betelek-0``, ``szlemik-BA``) or its name (``Dwa kiery``); the dubel
actions ``look 1`` (the first place), ``look 1 #1``, ``look 1 #2`` (a card by its place:
the cards lie face down), ``look 2``,
``take`` (``exchange``, ``wymiana``) and, after it, ``lay AS KS`` or just the two cards;
An auction step's number is its own for the whole auction (:func:`numbered`, issue 25.6).
Enter alone for the only legal move; with several, Enter alone asks again and says nothing
(a :class:`~stolik.cli.prompt.Problem` with no message). Anything else is a
:class:`~stolik.cli.prompt.Problem`: one line in the reader's language.

``look 1 <card>`` (the record's form, naming the card seen) is refused: at a live table it
would ask whether that card lies in the dubel.
"""

from __future__ import annotations

from stolik.cli.prompt import COMMANDS as PROMPT_COMMANDS
from stolik.cli.prompt import Command, Problem, first_reading, read_card
from stolik.errors import CardError
from stolik.games.betel.box import number
from stolik.games.betel.calls import LOOK_FIRST, Action, lay
from stolik.games.betel.deck import name, parse_card, parse_cards
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.state import Move
from stolik.games.betel.view import SeatView
from stolik.i18n import tr

COMMANDS = dict(PROMPT_COMMANDS)
"""The prompt's commands (:mod:`stolik.cli.prompt`): all of them — ``hint`` (the heuristic
bot's move on the person's view) and ``claim`` (BETEL §4, :mod:`stolik.games.betel.claims`)
among them."""

SPOKEN = {"pass": "pas", "exchange": "take", "wymiana": "take", "wymieniam": "take",
          "biorę": "take", "biore": "take", "dubel": "take", "beru": "take",
          "výměna": "take", "vymena": "take"}
"""What people say for a record word, accepted at the prompt."""

LOOK_WORDS = frozenset({"look", "podglądam", "podgladam", "koukám", "koukam"})
"""The dubel's look as each language's screen writes it (``podglądam 1 #1``, ``koukám 2``;
issue 25.2: the Polish and Czech screens said ``look``), all taken in every language."""

LAY_WORDS = frozenset({"lay", "odkładam", "odkladam", "odkládám"})
"""Laying two cards back after the exchange (``odkładam AS KS``), in every language."""

Read = Command | Action | int | Problem


def options(view: SeatView) -> list[Move]:
    """The legal moves on offer: cards in the hand's order, auction steps in the engine's;
    none while two cards are to be laid back (they are typed)."""
    if view.step == "taken":
        return []
    return list(view.legal)


def numbered(view: SeatView, rs: Ruleset) -> list[tuple[int, Move]]:
    """The legal moves with the numbers shown for choosing them: cards 1, 2, … in the
    hand's order; an auction step its stable number (:func:`stolik.games.betel.box.number`),
    the same at every turn of the auction, so that nothing renumbers after a dubel action
    (issue 25.6).

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> from stolik.games.betel.state import Deal
    >>> rs = load_ruleset()
    >>> d = Deal.from_text(rs, 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
    ...     "AC KC QC JC TC 9C 8C 7C QH JH", "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
    >>> before = dict((n, m) for n, m in numbered(d.view(0), rs))
    >>> d.move("look 2")
    >>> after = dict((n, m) for n, m in numbered(d.view(0), rs))
    >>> sorted(set(before) - set(after)), all(before[n] == m for n, m in after.items())
    ([1, 2, 3, 4], True)
    """
    opts = options(view)
    if view.phase == "play":
        return list(enumerate(opts, 1))
    return [(number(m, rs), m) for m in opts if isinstance(m, Action)]


def _word(a: Action, rs: Ruleset) -> str:
    return a.text(rs).casefold()


def read_action(text: str, view: SeatView, rs: Ruleset, lang: str = "pl") -> Read:
    """What the player's line means: a command, a legal move, or a :class:`Problem`.

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> from stolik.games.betel.state import Deal
    >>> rs = load_ruleset()
    >>> d = Deal.from_text(rs, 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
    ...     "AC KC QC JC TC 9C 8C 7C QH JH", "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
    >>> v = d.view(0)
    >>> read_action("Look 1 #2", v, rs), read_action("dwa kiery", v, rs).text(rs)
    (Action(kind='look', contract=-1, n=1, pos=1, cards=()), '2H')
    >>> {read_action(w + " 1 #2", v, rs) for w in ("podglądam", "koukám", "look")}
    {Action(kind='look', contract=-1, n=1, pos=1, cards=())}
    >>> read_action("look 1 7H", v, rs, "en").message
    'Name the dubel card by its place: look 1 #1 or look 1 #2 (the cards lie face down).'
    >>> read_action("AS", v, rs, "en").message
    'The auction is on: make a call (e.g. pass) or pick a number.'
    >>> read_action("  ", v, rs, "en")
    Problem(message='')
    >>> d.move("take"); read_action("lay AS as", d.view(0), rs, "en").message
    'Not allowed: lay back two different cards, not AS twice'
    """
    said = " ".join(text.split())
    low = said.casefold()
    first = first_reading(low, COMMANDS, view.legal)
    if first is not None:
        return first
    opts = numbered(view, rs)
    if low.isdigit():
        n = int(low)
        chosen = dict(opts).get(n)
        if chosen is not None:
            return chosen
        if not opts:
            return Problem(tr(lang, "btui-lay-how"))
        if view.phase != "play":  # the numbers shown are not 1 … k (issue 25.6)
            return Problem(tr(lang, "btui-no-number", n=n))
        return Problem(tr(lang, "tui-no-option", n=n, k=len(opts)))
    if view.phase == "play":
        return _read_card(said, view, lang)
    if view.step == "taken":
        return _read_lay(low, view, lang)
    return _read_call(low, view, rs, lang)


def _read_card(text: str, view: SeatView, lang: str) -> Read:
    def why(c: int) -> str:
        if c not in view.hand:
            return tr(lang, "btui-not-held", card=name(c, ascii=True))
        allowed = " ".join(name(x, ascii=True) for x in view.legal if isinstance(x, int))
        return tr(lang, "btui-card-not-legal", card=name(c, ascii=True), cards=allowed)

    return read_card(text, lang, parse_card, hand=view.hand, legal=view.legal, why=why)


def _read_lay(low: str, view: SeatView, lang: str) -> Read:
    words = low.split()
    if words and words[0] in LAY_WORDS:
        words = words[1:]
    try:
        cards = parse_cards(words)
    except CardError:
        return Problem(tr(lang, "btui-lay-how"))
    if len(cards) == 2 and cards[0] == cards[1]:
        return Problem(tr(lang, "tui-bad", why=tr(lang, "btui-lay-twice",
                                                  card=name(cards[0], ascii=True))))
    if len(cards) != 2:
        return Problem(tr(lang, "btui-lay-how"))
    for c in cards:
        if c not in view.hand:
            return Problem(tr(lang, "tui-bad", why=tr(lang, "btui-not-held",
                                                      card=name(c, ascii=True))))
    return lay(cards[0], cards[1])


def _read_call(low: str, view: SeatView, rs: Ruleset, lang: str) -> Read:
    legal = [m for m in view.legal if isinstance(m, Action)]
    said = SPOKEN.get(low, low)
    words = said.split()
    if words and words[0] in LOOK_WORDS:  # podglądam 1 #2 = look 1 #2 (issue 25.2)
        words[0] = "look"
        said = " ".join(words)
    if words[:2] == ["look", "1"] and len(words) == 3 and words[2] not in ("#1", "#2"):
        return Problem(tr(lang, "btui-look-place"))
    by_word = {_word(a, rs): a for a in legal}
    if LOOK_FIRST in legal:  # "look 1" as records write it: the first place (issue 25.6)
        by_word["look 1"] = LOOK_FIRST
    by_name = {rs.contracts[a.contract].name.casefold(): a for a in legal if a.kind == "bid"}
    move = by_word.get(said) or by_name.get(said)
    if move is not None:
        return move
    known = said in {c.call.casefold() for c in rs.contracts} | {
        c.name.casefold() for c in rs.contracts} | {"pas", "kontra", "take", "look 2",
                                                     "look 1", "look 1 #1", "look 1 #2"}
    if not known:
        try:
            parse_card(said)
        except CardError:
            return Problem(tr(lang, "tui-unknown", text=low))
        return Problem(tr(lang, "tui-auction-on"))
    allowed = ", ".join(a.text(rs) for a in legal)
    return Problem(tr(lang, "tui-bad", why=tr(lang, "btui-call-not-legal", call=low,
                                              calls=allowed)))


__all__ = ["COMMANDS", "LAY_WORDS", "LOOK_WORDS", "SPOKEN", "Read", "numbered", "options",
           "read_action"]
