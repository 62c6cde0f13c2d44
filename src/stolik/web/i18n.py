"""Page texts in Polish and English; the language comes from ``?lang=``, then the ``lang``
cookie, then Polish.

>>> tr("pl", "standings"), tr("en", "standings")
('Klasyfikacja', 'Standings')
>>> tr("en", "no-such-key")
'no-such-key'
"""

from __future__ import annotations

LANGS = ("pl", "en")

TEXTS: dict[str, dict[str, str]] = {
    "pl": {
        "home": "Start",
        "standings": "Klasyfikacja",
        "tournaments": "Turnieje",
        "play": "Graj",
        "login": "Zaloguj",
        "logout": "Wyloguj",
    },
    "en": {
        "home": "Home",
        "standings": "Standings",
        "tournaments": "Tournaments",
        "play": "Play",
        "login": "Log in",
        "logout": "Log out",
    },
}


def register(texts: dict[str, dict[str, str]]) -> None:
    """Add a module's own texts (``{"pl": {...}, "en": {...}}``)."""
    for lang, items in texts.items():
        TEXTS.setdefault(lang, {}).update(items)


def tr(lang: str, key: str) -> str:
    """The text ``key`` in ``lang`` (the key itself when missing)."""
    return TEXTS.get(lang, TEXTS["pl"]).get(key) or TEXTS["en"].get(key) or key
