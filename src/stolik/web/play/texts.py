"""The play pages' texts are in the message catalogs (:mod:`stolik.i18n`, ids
``play-…``). :data:`CLIENT_KEYS` are the ones the table page hands to its script.

>>> from stolik.i18n import tr
>>> tr("pl", "play-lobby"), tr("en", "play-lobby")
('Stoliki', 'Tables')
"""

from __future__ import annotations

from stolik.games import game as registry_game
from stolik.i18n import N_, tr

CLIENT_KEYS: tuple[str, ...] = (
    N_("play-lobby"), N_("play-your-name"), N_("play-save-name"), N_("play-hello"),
    N_("play-new-table"), N_("play-ruleset"), N_("play-deals"), N_("play-seat"),
    N_("play-seat-me"), N_("play-seat-open"), N_("play-bot"), N_("play-private"),
    N_("play-hints"), N_("play-hints-table"), N_("play-hints-on"), N_("play-hints-off"),
    N_("play-create"), N_("play-open-tables"), N_("play-no-tables"), N_("play-join"),
    N_("play-watch"), N_("play-free"), N_("play-history"), N_("play-history-of"),
    N_("play-no-history"), N_("play-date"), N_("play-table"), N_("play-status"),
    N_("play-result"), N_("play-expired"), N_("play-finished"), N_("play-playing"),
    N_("play-record"), N_("play-link"), N_("play-spectator"), N_("play-take-seat"),
    N_("play-series-over"), N_("play-not-found"), N_("play-name-needed"), N_("play-seat-taken"),
    N_("play-already-seated"), N_("play-back-to-table"), N_("play-table-refused"),
    N_("play-four-colour"), N_("play-show-last-trick"), N_("play-hide-last-trick"),
    N_("play-laid-down"), N_("play-card-name"), N_("play-rank-A"), N_("play-rank-K"),
    N_("play-rank-Q"), N_("play-rank-J"), N_("play-rank-T"), N_("play-suit-C"), N_("play-suit-S"),
    N_("play-suit-H"), N_("play-suit-D"), N_("play-trick-area"), N_("play-your-hand"),
    N_("play-deal"), N_("play-dealer"), N_("play-bok"), N_("play-bok-pending"),
    N_("play-auction"), N_("play-game"), N_("play-plain"), N_("play-no-contract"),
    N_("play-declarer"), N_("play-your-side"), N_("play-side-unknown"), N_("play-starzy"),
    N_("play-mlodzi"), N_("play-declaring"), N_("play-defending"), N_("play-alone"),
    N_("play-with"), N_("play-on-table"), N_("play-last-trick"), N_("play-takes"),
    N_("play-tricks"), N_("play-your-cards"), N_("play-your-turn"), N_("play-waits-for"),
    N_("play-waiting-players"), N_("play-hint"), N_("play-claim"), N_("play-next"),
    N_("play-ready"), N_("play-review"), N_("play-review-none"), N_("play-sheet"), N_("play-nr"),
    N_("play-points"), N_("play-payout"), N_("play-total"), N_("play-hands"),
    N_("play-deal-over"), N_("play-place-points"), N_("play-offline"),
    N_("play-connected"), N_("play-away"), N_("play-thinking"), N_("play-error"), N_("play-you"),
    N_("play-chart"), N_("play-chart-target"),
)
"""The texts the table's script uses."""

CLAIM_VERDICTS = (N_("play-claim-laid-down"), N_("play-claim-fixed"),
                  N_("play-claim-not-in-play"), N_("play-claim-not-your-turn"),
                  N_("play-claim-not-laid-down"), N_("play-claim-not-fixed"),
                  N_("play-claim-too-early"))
"""A claim's verdict by its code (``play-claim-<code>``), as a game's match gives it."""

JOIN_REFUSALS: dict[str, str] = {"seat-taken": N_("play-seat-taken"),
                                 "seated": N_("play-already-seated"),
                                 "no-table": N_("play-not-found")}
"""A refused seat's page text by the refusal's code (:class:`~.protocol.ProtocolError`)."""

PAGE_REASONS = (N_("play-name-needed"), N_("play-table-refused"),
                N_("play-player-not-found"))
"""Reasons the play pages show on their error page (``play/missing.html``)."""


def client_texts(lang: str) -> dict[str, str]:
    """The script's texts in ``lang``, by key without the ``play-`` prefix.

    >>> client_texts("en")["hint"]
    'Hint'
    """
    return {k.removeprefix("play-"): tr(lang, k) for k in CLIENT_KEYS}


def suit_letters(game: str) -> str:
    """The letters of ``game``'s suits, in its deck's order, as the table's letters toggle
    names them (issue 25.3): each game's own, as its records write them (RULES §11,
    MARIAS §1, BETEL §1).

    >>> suit_letters("baska"), suit_letters("marias"), suit_letters("betel")
    ('C S H D', 'H L B A', 'C D H S')
    """
    deck = registry_game(game).part("deck")
    letters = getattr(deck, "SUITS", None)
    if not isinstance(letters, str):  # a French deck (stolik.cards.Deck): its suits in order
        letters = "".join(dict.fromkeys(c.suit.letter for c in deck.DECK))
    return " ".join(letters)
