"""What a seat says or plays in a licitovaný deal, as values and as a record's words
(LICITOVANY §4, §10): ``sedma`` (a bid), ``mam``, ``dobra``, ``discard 8B 9B``,
``contract sto-a-sedma L``, ``omyl``, ``flek hra sedma``, ``re sedma:1``, ``AL``, ``KH
hlaska``.

>>> Move.bid(4).text(), Move("raise", word="re", raises=(("sedma", 1),)).text()
('sto-a-sedma', 're sedma:1')
>>> Move("contract", rung=11, trump=0, helper=1).text()
'contract dve-sedmy-cervena L'
>>> Move.bid(13)
Traceback (most recent call last):
...
stolik.errors.IllegalMove: bid names rung 13: the ladder's rungs are 1–12 (LICITOVANY §2)
"""

from __future__ import annotations

from dataclasses import dataclass

from stolik.deck32 import ASCII_NAMES, HEARTS, SUITS, parse_card, parse_mask
from stolik.errors import CardError, IllegalMove
from stolik.games.licitovany.ladder import COMPONENTS, RUNGS, rung_of_word
from stolik.games.licitovany.money import SIDE
from stolik.games.licitovany.ruleset import FLEK_WORDS

KINDS = ("bid", "mam", "dobra", "discard", "contract", "omyl", "raise", "play")


@dataclass(frozen=True)
class Move:
    """One call or card: ``bid`` (``rung``), ``mam``, ``dobra``, ``discard`` (``cards``),
    ``contract`` (``rung``, ``trump``, ``helper``), ``omyl``, ``raise`` (its ``word`` and
    the ``raises``: component and seat, or :data:`~stolik.games.licitovany.money.SIDE`),
    ``play`` (``cards``: the one card; ``hlaska``: it announces a hláška)."""

    kind: str
    rung: int = 0
    cards: tuple[int, ...] = ()
    trump: int | None = None
    helper: int | None = None
    word: str = ""
    raises: tuple[tuple[str, int], ...] = ()
    hlaska: bool = False

    def __post_init__(self) -> None:
        """A bid or a contract names a rung of the ladder (LICITOVANY §2): no move names
        another, so :meth:`text` and the tables' words always have one to say."""
        if self.kind in ("bid", "contract") and self.rung not in RUNGS:
            raise IllegalMove(f"{self.kind} names rung {self.rung!r}: the ladder's rungs "
                              f"are {min(RUNGS)}–{max(RUNGS)} (LICITOVANY §2)")

    @classmethod
    def bid(cls, rung: int) -> Move:
        """A bid of ``rung``."""
        return cls("bid", rung=rung)

    @classmethod
    def play(cls, c: int, hlaska: bool = False) -> Move:
        """Playing card ``c``."""
        return cls("play", cards=(c,), hlaska=hlaska)

    def text(self) -> str:
        """The move as a record's entry writes it after the seat (LICITOVANY §10)."""
        if self.kind == "bid":
            return RUNGS[self.rung].word
        if self.kind in ("discard", "play"):
            cards = " ".join(ASCII_NAMES[c] for c in self.cards)
            words = f"discard {cards}" if self.kind == "discard" else cards
            return words + (" hlaska" if self.hlaska else "")
        if self.kind == "contract":
            rung = RUNGS[self.rung]
            suits = [s for s in (None if rung.red else self.trump, self.helper)
                     if s is not None]
            return " ".join(["contract", rung.word, *(SUITS[s] for s in suits)])
        if self.kind == "raise":
            return " ".join([self.word, *(c if s == SIDE else f"{c}:{s}"
                                          for c, s in self.raises)])
        return self.kind


def _suit(word: str) -> int:
    if word.upper() not in SUITS or len(word) != 1:
        raise IllegalMove(f"{word!r} is no suit: write H, L, B or A")
    return SUITS.index(word.upper())


def _contract(words: list[str]) -> Move:
    rung = rung_of_word(words[0]) if words else None
    if rung is None:
        raise IllegalMove("contract needs a rung word, e.g. contract sto-a-sedma L")
    suits = [_suit(w) for w in words[1:]]
    if rung.red and suits[:1] == [HEARTS] and len(suits) == 1 + rung.helper:
        suits = suits[1:]   # an explicit H on a red rung (LICITOVANY, Decisions)
    trump = HEARTS if rung.red else (suits.pop(0) if suits and not rung.closed else None)
    helper = suits.pop(0) if suits and rung.helper else None
    if suits:
        raise IllegalMove(f"{rung.word} names no more suits")
    return Move("contract", rung=rung.number, trump=trump, helper=helper)


def _raises(word: str, words: list[str], seat: int) -> Move:
    raises = []
    for w in words:
        comp, _, at = w.casefold().partition(":")
        if comp not in COMPONENTS:
            raise IllegalMove(f"{comp!r} is no component: {', '.join(COMPONENTS)}")
        if at and not at.isdigit():
            raise IllegalMove(f"{w!r}: write component:seat")
        raises.append((comp, int(at) if at else seat))
    if not raises:
        raise IllegalMove(f"{word} names one or more components")
    return Move("raise", word=word, raises=tuple(raises))


def parse_move(text: str, *, seat: int = SIDE) -> Move:
    """A move written as a record's words (case-insensitive; cards also ``10L``); a raise
    without ``:seat`` is kept under ``seat`` (a defender's own pair, or :data:`SIDE`).

    >>> parse_move("DVE-sedmy-cervena") == Move.bid(11)
    True
    >>> parse_move("contract dve-sedmy-cervena L")
    Move(kind='contract', rung=11, cards=(), trump=0, helper=1, word='', raises=(), hlaska=False)
    >>> parse_move("flek hra sedma", seat=2).raises
    (('hra', 2), ('sedma', 2))
    >>> parse_move("KH hlaska").hlaska, parse_move("10l").cards
    (True, (9,))
    """
    words = text.split()
    if not words:
        raise IllegalMove("nothing said")
    head = words[0].casefold()
    if head in ("mam", "dobra", "omyl") and len(words) == 1:
        return Move(head)
    if head == "discard":
        try:
            mask = parse_mask(words[1:])
        except CardError as e:
            raise IllegalMove(str(e)) from None
        if len(words) != 3:
            raise IllegalMove("discard names two cards")
        return Move("discard", cards=tuple(c for c in range(32) if mask >> c & 1))
    if head == "contract":
        return _contract(words[1:])
    if head in FLEK_WORDS:
        return _raises(head, words[1:], seat)
    rung = rung_of_word(head)
    if rung is not None and len(words) == 1:
        return Move.bid(rung.number)
    hlaska = len(words) == 2 and words[1].casefold() == "hlaska"
    if len(words) == 1 or hlaska:
        try:
            return Move.play(parse_card(words[0]), hlaska)
        except CardError as e:
            raise IllegalMove(str(e)) from None
    raise IllegalMove(f"cannot read {text!r}")
