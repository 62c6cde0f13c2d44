"""The words of a Betel web table (:mod:`stolik.games.betel.web`): the auction's steps as
buttons and as the bidding list says them, the contract being played, the notes beside
the felt, in the page's language (:mod:`stolik.i18n`).

Betel's own words stay Polish in every language, as the terminal table has them
(:mod:`stolik.games.betel.terminal`): **dubel**, **pas**, **kontra**, the contracts by the
ruleset's names (*Jeden trefl*, *Betelek 2*, *Szlem bez atu*); what the page says around
them is translated. A dubel card is named only where the seat's own view names it (BETEL §3).

>>> from stolik.games.betel.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> said_label("look 1 7H", rs, "en"), said_label("look 1", rs, "en")
('looks at one dubel card: 7♥', 'looks at one dubel card')
>>> said_label("lay AS KS", rs, "en"), said_label("lay", rs, "en"), said_label("2S", rs, "en")
('lays back: A♠ K♠', 'lays two cards back', 'Dwa piki')
>>> action_label(Action("look", n=1, pos=1), rs, "en")
'look at dubel card 2'
"""

from __future__ import annotations

from stolik.games.betel.calls import Action
from stolik.games.betel.deck import NAMES, SUIT_NAMES, SUIT_PICTURES, parse_cards
from stolik.games.betel.ruleset import NO_TRUMPS, Contract, Ruleset
from stolik.i18n import Msg, tr, translate


def t(lang: str, message: Msg) -> str:
    """A message in ``lang`` (its English text where no catalog has it)."""
    return translate(message, lang)


def cards_text(codes: list[str] | str) -> str:
    """Cards written ``AS KS`` as the page names them: ``A♠ K♠``."""
    return " ".join(NAMES[c] for c in parse_cards(codes))


def action_label(a: Action, rs: Ruleset, lang: str) -> str:
    """An auction step as its button says it (BETEL §3)."""
    if a.kind == "look":
        if a.n == 2:
            return t(lang, Msg("play-btl-look-both", "look at both dubel cards"))
        return t(lang, Msg("play-btl-look-one", "look at dubel card {n}", n=a.pos + 1))
    if a.kind == "take":
        return t(lang, Msg("play-btl-take", "exchange: take the dubel"))
    if a.kind == "bid":
        return rs.contracts[a.contract].name
    return a.text(rs)  # pas, kontra: Polish words at every table


def said_label(text: str, rs: Ruleset, lang: str) -> str:
    """A step of the auction as a seat's view writes it (:mod:`stolik.games.betel.view`):
    ``look 1 7H`` (its own look, the card named), ``look 1`` (another's), ``lay AS KS``,
    ``lay``, ``take``, ``look 2``, ``pas``, ``kontra``, a contract's word."""
    words = text.split()
    head = words[0]
    if head == "look":
        if words[1] == "2":
            return tr(lang, "btui-look-two")
        if len(words) > 2:
            return tr(lang, "btui-look-one-seen") + " " + cards_text(words[2:])
        return tr(lang, "btui-look-one")
    if head == "take":
        return tr(lang, "btui-take")
    if head == "lay":
        if len(words) > 1:
            return tr(lang, "btui-lay-seen") + " " + cards_text(words[1:])
        return tr(lang, "btui-lay")
    c = rs.contract_of(head)
    return c.name if c is not None else head


def trumps_text(trump: int | None, lang: str) -> str:
    """The trumps of the play: ``♥ kier``, or bez atu."""
    if trump is None or trump == NO_TRUMPS:
        return tr(lang, "btui-no-trumps")
    return f"{SUIT_PICTURES[trump]} {SUIT_NAMES[trump]}"


def contract_text(c: Contract | None, lang: str) -> str:
    """The contract's name, or the all-pass deal (BETEL §3, §4)."""
    return c.name if c is not None else tr(lang, "btui-all-pass")


__all__ = ["action_label", "cards_text", "contract_text", "said_label", "t", "trumps_text"]
