"""A Betel claim's verdict in words: what the web table (:mod:`stolik.games.betel.web`) and
the terminal (:mod:`stolik.games.betel.terminal`) say when a claim (BETEL §4, judged by
:mod:`stolik.games.betel.claims`) is accepted or refused, in the reader's language
(:mod:`stolik.i18n`).

>>> claim_verdict("certain", "en")[:9], CLAIM_CODES["not-certain"]
('certain: ', 'btl-not-certain')
"""

from __future__ import annotations

from stolik.i18n import N_, tr

__all__ = ["CLAIM_CODES", "CLAIM_TEXTS", "claim_verdict"]

CLAIM_CODES = {"certain": "btl-certain", "not-certain": "btl-not-certain"}
"""A claim's verdict as the table names it (``play-claim-<code>``) where Betel's words
differ from the other games' (judged by best play over the layouts, BETEL §4); the
others' codes (``not-in-play``, ``not-your-turn``, ``too-early``) are shared."""

CLAIM_TEXTS = (N_("play-claim-btl-certain"), N_("play-claim-btl-not-certain"))


def claim_verdict(why: str, lang: str) -> str:
    """A claim's verdict code (:class:`~stolik.games.betel.claims.ClaimRefused`'s ``why``)
    in the words a person at the table reads — the web table's and the terminal's, with
    no seat number in them (BETEL §4).

    >>> claim_verdict("not-in-play", "en"), claim_verdict("not-certain", "en")[:13]
    ('a claim is made only during the play', 'not certain: ')
    """
    key = "play-claim-" + CLAIM_CODES.get(why, why)  # the ids: CLAIM_TEXTS and the shared
    return tr(lang, key)
