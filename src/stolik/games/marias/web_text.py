"""The words of a Mariáš web table (:mod:`stolik.games.marias.web`): calls, games, fleky,
money and the notes beside the felt, in the page's language (:mod:`stolik.i18n`).

Mariáš's own words stay Czech in every language, as players say them — *hra*, *sto*,
*sedma*, *betl*, *durch*, *dobrý*, the flek levels of the ruleset (*flek*, *re*, *tutti*, …)
and the suits (*červené*, *zelené*, *kule*, *žaludy*) with their pictures (MARIAS §1, §4);
what the page says around them is translated.

>>> from stolik.games.marias.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> call_label(Call("raise", component="sedma", level=2), rs, "en")
're sedma'
>>> call_label(Call("choose", card=31, called=24), rs, "en")
'trumps 7🌰, calling A🌰'
>>> money(150), money(-40), money(0)
('+1,50 Kč', '-0,40 Kč', '0,00 Kč')
"""

from __future__ import annotations

from stolik.games.marias.calls import Call, parse_move
from stolik.games.marias.deck import NAMES, SUIT_NAMES, SUIT_PICTURES, SUITS, parse_card
from stolik.games.marias.ruleset import Ruleset, kc
from stolik.i18n import Msg, translate

WORDS = {"dobry": "dobrý", "cerveny-sam": "červený sám", "sto-proti": "sto proti",
         "sedma-proti": "sedma proti"}
"""Record words (MARIAS §11) as players say them."""


def t(lang: str, message: Msg) -> str:
    """A message in ``lang`` (its English text where no catalog has it)."""
    return translate(message, lang)


def money(halere: int) -> str:
    """Haléř as the page shows money: signed Kč (MARIAS §6)."""
    return ("+" if halere > 0 else "") + kc(halere) + " Kč"


def suit_text(suit: int) -> str:
    """A suit's Czech name with its picture: ``kule 🔔`` (MARIAS §1)."""
    return f"{SUIT_NAMES[suit]} {SUIT_PICTURES[suit]}"


def call_label(c: Call, rs: Ruleset, lang: str) -> str:
    """A call as a button or the bidding list says it."""
    w = c.word
    if w == "choose":
        return t(lang, Msg("play-mar-choose", "trumps {trump}, calling {called}",
                 trump=NAMES[c.card], called=NAMES[c.called]))
    if w == "raise":
        return f"{rs.level_name(c.level)} {WORDS.get(c.component, c.component)}"
    if w == "pass":
        return t(lang, Msg("play-mar-pass", "pass"))
    if w == "nic":
        return t(lang, Msg("play-mar-nic", "nothing to announce"))
    if w in ("hra", "sto") and c.sedma:
        return f"{w} sedma"
    return WORDS.get(w, w)


def said_label(text: str, own: bool, rs: Ruleset, lang: str) -> str:
    """A call of the bidding as a seat's view writes it (MARIAS §4.1: the laid trump card
    stays face down, so others read ``trump=<suit> call=<card>``)."""
    if text.startswith("trump="):
        trump, called = (w.split("=", 1)[1] for w in text.split())
        called_name = NAMES[parse_card(called)]
        if own or len(trump) == 2:
            return t(lang, Msg("play-mar-choose", "trumps {trump}, calling {called}",
                     trump=NAMES[parse_card(trump)], called=called_name))
        return t(lang, Msg("play-mar-chose", "trumps {suit}, calling {called}",
                 suit=suit_text(SUITS.index(trump)), called=called_name))
    move = parse_move(text, "fleky", rs.flek_names)
    assert isinstance(move, Call)
    return call_label(move, rs, lang)


def game_text(game: str, trump: int | None, sedma: str | None, proti: bool) -> str:
    """The game being played: ``sto sedma · kule 🔔``, ``betl``, ``hra · sedma proti``."""
    text = game + (" sedma" if sedma == "sedma" else "")
    if trump is not None:
        text += " · " + suit_text(trump)
    if sedma == "sedma-proti":
        text += " · sedma proti"
    if proti:
        text += " · sto proti"
    return text


def fleky_text(rs: Ruleset, game: str, levels: tuple[int, int, int], sedma: str | None,
               proti: bool) -> str | None:
    """The fleky said so far, by component (MARIAS §4.4): ``flek hra · re sedma``."""
    names = [game, sedma or "sedma", "sto proti"]
    parts = [f"{rs.level_name(level)} {WORDS.get(names[i], names[i])}"
             for i, level in enumerate(levels) if level > 0 and (i != 2 or proti)]
    return " · ".join(parts) or None


__all__ = ["WORDS", "call_label", "fleky_text", "game_text", "money", "said_label",
           "suit_text", "t"]
