"""What a person types at Mariáš's terminal table (:mod:`stolik.games.marias.terminal`),
read against his own :class:`~stolik.games.marias.view.SeatView`: a prompt command, a
numbered option, or a move as records write it (MARIAS §11) — a card ``AH``, ``10L``,
``A♥``; the choice ``7A AA`` or ``trump=7A call=AA``; ``dobry`` (or ``dobrý``), ``betl``,
``durch``, ``hra sedma``, ``sto``, ``nic``, ``pass``, ``flek hra``, ``re sedma``,
``sto-proti``; the one flek on offer by its level's word alone (the trhák's ``flek``,
seed §5); Enter alone for the only legal move; with several, Enter alone asks again and
says nothing (a :class:`~stolik.cli.prompt.Problem` with no message). Anything else is a
:class:`~stolik.cli.prompt.Problem`: one line in the reader's language citing the rule.
"""

from __future__ import annotations

from stolik.cli.prompt import COMMANDS as PROMPT_COMMANDS
from stolik.cli.prompt import Command, Problem, first_reading, pick, read_card
from stolik.errors import CardError, IllegalMove
from stolik.games.marias.calls import Call, parse_move
from stolik.games.marias.deck import BETL_ORDER, SEVEN, card, name, parse_card, parse_cards
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.state import Move
from stolik.games.marias.view import SeatView
from stolik.games.marias.words import call_label
from stolik.i18n import N_, tr

COMMANDS = dict(PROMPT_COMMANDS)
"""The prompt's commands (:mod:`stolik.cli.prompt`), the hint among them
(:mod:`stolik.games.marias.hint`)."""

SPOKEN = {"dobrý": "dobry", "červený sám": "cerveny-sam", "sto proti": "sto-proti",
          "sedma proti": "sedma-proti", "pas": "pass"}
"""What people say for a record word (MARIAS §11), accepted at the prompt."""

Action = Command | Call | int | Problem


def hand_order(view: SeatView) -> list[int]:
    """The person's cards as shown: suit by suit, in the order of the game played (the ten
    below the spodek in betl and durch, MARIAS §2)."""
    if view.game in ("betl", "durch"):
        return sorted(view.hand, key=lambda c: (c >> 3, BETL_ORDER.index(c & 7)))
    return sorted(view.hand)


def options(view: SeatView) -> list[Move]:
    """The legal moves as numbered on screen: cards in the hand's order, calls in the
    engine's."""
    if view.phase == "play":
        legal = set(view.legal)
        return [c for c in hand_order(view) if c in legal]
    return list(view.legal)


def read_action(text: str, view: SeatView, rs: Ruleset, lang: str = "pl") -> Action:
    """What the player's line means: a command, a legal move (by number, card or record
    words), or a :class:`Problem` saying why not (one line citing the rule).

    >>> from stolik.games.marias.ruleset import load_ruleset
    >>> from stolik.games.marias.state import Deal
    >>> rs = load_ruleset()
    >>> d = Deal.from_text(rs, 3, ["7A AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
    ...                            "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"])
    >>> v = d.view(0)
    >>> read_action("7a aa", v, rs) == read_action("trump=7A call=AA", v, rs) == Call(
    ...     "choose", card=31, called=24)
    True
    >>> read_action("KH TA", v, rs, "en").message
    'Not allowed: KH is not one of your first four cards: lay one of them (MARIAS §4.1)'
    >>> read_action("99", v, rs, "en").message
    'There is no option 99: choose 1–28.'
    >>> d.move("trump=7A call=TA")
    >>> read_action("dobrý", d.view(1), rs) == read_action("1", d.view(1), rs) == Call("dobry")
    True
    >>> read_action("AH", d.view(1), rs, "en").message
    'The bidding is on: type a number or a call (dobrý, betl, durch).'
    """
    word_ = " ".join(text.split())
    low = word_.lower()
    opts = options(view)
    first = first_reading(low, COMMANDS, opts)
    if first is not None:
        return first
    if low.isdigit():
        return pick(int(low), opts, lang)
    if view.phase == "play":
        return _read_card(word_, view, lang)
    return _read_call(low, view, rs, lang)


def _read_card(text: str, view: SeatView, lang: str) -> Action:
    def why(c: int) -> str:
        shown = name(c, ascii=True)
        if c not in view.hand:
            return tr(lang, "mtui-not-held", card=shown)
        if view.sedma_by == view.seat and view.trump is not None and c == card(view.trump,
                                                                               SEVEN):
            return tr(lang, "mtui-sedma-kept", card=shown)
        return tr(lang, "mtui-card-not-legal", card=shown, cards=" ".join(
            name(x, ascii=True) for x in options(view) if isinstance(x, int)))

    return read_card(text, lang, parse_card, hand=view.hand, legal=view.legal, why=why,
                     is_call=_is_call)


def _is_call(text: str) -> bool:
    try:
        parse_move(SPOKEN.get(text.lower(), text), "fleky", ("flek", "re"))
    except IllegalMove:
        return False
    return True


def _read_call(low: str, view: SeatView, rs: Ruleset, lang: str) -> Action:
    legal = [m for m in view.legal if isinstance(m, Call)]
    allowed = ", ".join(call_label(c, rs.flek_names, ascii=True) for c in legal
                        if c.word != "choose")
    try:
        cards = parse_cards(low)
    except CardError:
        cards = []
    if cards and view.phase != "choice":
        return Problem(tr(lang, "mtui-bidding-on", calls=allowed))
    if view.phase == "choice":
        if len(cards) == 2:
            call: Call | None = Call("choose", card=cards[0], called=cards[1])
        else:
            try:
                parsed = parse_move(low, "choice", rs.flek_names)
                call = parsed if isinstance(parsed, Call) else None
            except IllegalMove:
                call = None
        if call is None or call.word != "choose":
            return Problem(tr(lang, "mtui-choose-how"))
        if call not in legal:
            first = {c.card for c in legal}
            key = N_("mtui-not-first-four") if call.card not in first else N_("mtui-bad-called")
            return Problem(tr(lang, "tui-bad", why=tr(lang, key, card=name(
                call.card, ascii=True), called=name(call.called, ascii=True))))
        return call
    said = SPOKEN.get(low, low)
    raises = [c for c in legal if c.word == "raise" and rs.level_name(c.level) == said]
    if len(raises) == 1:  # "flek" alone: the one flek on offer (the trhák's, seed §5)
        return raises[0]
    try:
        parsed = parse_move(" ".join(SPOKEN.get(w, w) for w in said.split()), view.phase,
                            rs.flek_names)
    except IllegalMove:
        return Problem(tr(lang, "tui-unknown", text=low))
    if not isinstance(parsed, Call) or parsed not in legal:
        return Problem(tr(lang, "tui-bad", why=tr(lang, "mtui-call-not-legal",
                                                  call=low, calls=allowed)))
    return parsed


__all__ = ["COMMANDS", "SPOKEN", "Action", "hand_order", "options", "read_action"]
