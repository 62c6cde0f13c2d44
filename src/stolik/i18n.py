"""Every text a person reads, in Polish, English and Czech, from gettext message catalogs
(issue 9.9; Czech whole since issue 25.1):
``src/stolik/locale/<lang>/LC_MESSAGES/stolik.po``, compiled to ``.mo`` next to it
(``make catalogs`` re-extracts, merges and compiles; ``babel.cfg`` says where the texts
are). A language is added by adding its catalog and naming it in :data:`LANGS`.

Message ids are keys (``play-lobby``, ``lg-round``, ``err-must-follow``, ``g-zolo``) and
every language — English too — translates them, so that a test can demand that each
catalog is complete. The catalogs are read with the standard library's :mod:`gettext`
on first use; nothing here imports Babel (kept for extraction and date formatting,
:mod:`stolik.i18n_dates`), so ``stolik --help`` stays fast.

>>> tr("pl", "play-lobby"), tr("en", "play-lobby")
('Stoliki', 'Tables')
>>> tr("en", "g-z-wyjsciem")
'z wyjściem (the losers made their wyjście)'

An engine message is a :class:`Msg`: an ordinary (English) string that also carries a
code and parameters, which :func:`translate` puts into another language:

>>> m = Msg("err-not-your-call", "seat {seat} may not call now — it is seat {to_act}'s "
...         "turn (RULES §4)", seat=2, to_act=3)
>>> m
"seat 2 may not call now — it is seat 3's turn (RULES §4)"
>>> translate(m, "pl")
'miejsce 2 nie może teraz licytować — ruch ma miejsce 3 (RULES §4)'

What a player reads has no citation (issue 25.8, :mod:`stolik.i18n_cite`): within
:func:`~stolik.i18n_cite.player_text` — a web page, a printed sheet, the terminal table —
the same message says the rule's words only:

>>> from stolik.i18n_cite import player_text
>>> with player_text():
...     translate(m, "pl"), tr("cs", "err-auction-over")
('miejsce 2 nie może teraz licytować — ruch ma miejsce 3', 'licitace skončila')
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from stolik.i18n_cite import CITE, uncite

if TYPE_CHECKING:
    import gettext as _gettext

LANGS: tuple[str, ...] = ("pl", "en", "cs")
"""The languages with a complete catalog, offered on every page, by ``stolik play`` and
by every command's ``--lang``; the first is the default. Czech (``cs``) is whole since
issue 25.1: a Mariáš player or organiser reads no Polish."""

CATALOGS: tuple[str, ...] = LANGS
"""Every language with a catalog (a partial one, :data:`stolik.i18n_catalogs.PARTIAL`,
would be named here and not in :data:`LANGS`; none is today). Where a catalog lacks a
message, English is shown (:func:`tr`)."""

BROWSER_LANGS: tuple[str, ...] = ("cs", "pl")
"""The languages a browser's ``Accept-Language`` chooses (issue 25.1): a Czech reader
reads no Polish, so a Czech browser gets Czech pages, and a Polish one Polish pages (a
Mariáš page too, whose players' language is Czech); an English one still gets the game's
players' language first (the leagues' Polish, Mariáš's Czech), with the EN link one click
away."""

DEFAULT_LANG = "pl"
DOMAIN = "stolik"
LOCALE_DIR = Path(__file__).parent / "locale"


Lang = Literal["pl", "en", "cs"]
"""A language of :data:`LANGS`, as the terminals type their screen's language."""


def screen_lang(lang: str | None) -> Lang:
    """``lang`` when it is one of :data:`LANGS`, else the default: the language of a
    terminal screen (``stolik play --lang``; Czech too since issue 25.1, which gave Polish).

    >>> screen_lang("cs"), screen_lang("en"), screen_lang("xx"), screen_lang(None)
    ('cs', 'en', 'pl', 'pl')
    """
    return cast(Lang, lang) if lang in LANGS else cast(Lang, DEFAULT_LANG)


def N_(msgid: str) -> str:
    """Mark a message id used only through a variable (``tr(lang, key)``), so that
    ``pybabel extract`` finds it; returns it unchanged."""
    return msgid


def norm_lang(lang: str | None) -> str:
    """``lang`` if a catalog exists for it, else the default language.

    >>> norm_lang("en"), norm_lang("xx"), norm_lang(None), norm_lang("cs")
    ('en', 'pl', 'pl', 'cs')
    """
    return lang if lang in CATALOGS else DEFAULT_LANG


@cache
def catalog(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (read once; an empty one when it is missing).
    :mod:`gettext` (and :mod:`locale` behind it) is imported here, on the first text
    shown, not by the engine modules that merely build messages."""
    import gettext

    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def has(lang: str, msgid: str) -> bool:
    """Whether ``lang``'s catalog translates ``msgid``."""
    return catalog(norm_lang(lang)).gettext(msgid) != msgid


def tr(lang: str, msgid: str, /, **params: Any) -> str:
    """The text ``msgid`` in ``lang`` (English when that catalog lacks it, else the id
    itself), its ``{name}`` fields filled in from ``params`` (each translated first when
    it is a :class:`Msg`)."""
    lang = norm_lang(lang)
    text = catalog(lang).gettext(msgid)
    if text == msgid and lang != "en":
        text = catalog("en").gettext(msgid)
    if params:
        text = text.format(**{k: _param(v, lang) for k, v in params.items()})
    return told(text)


def _param(value: Any, lang: str) -> Any:
    if isinstance(value, Msg):
        return translate(value, lang)
    if isinstance(value, Term):
        return tr(lang, value.msgid)
    if isinstance(value, Count):
        return trn(lang, value.msgid, value.plural_id, value.n)
    if isinstance(value, Label):
        return value.shown
    if isinstance(value, Place):
        return place(lang, value)
    if isinstance(value, Named):
        return value.names.get(lang) or str(value)
    if isinstance(value, Exception):  # a refusal quoted by another (a table's deal record)
        return translate(value, lang)
    return value


_PLACE_WORDS = {"tournament": N_("lg-audit-w-tournament"), "player": N_("lg-audit-w-player"),
                "round": N_("lg-audit-w-round"), "table": N_("lg-audit-w-table"),
                "deal": N_("lg-audit-w-deal"), "deals": N_("w-deals"),
                "auction entry": N_("w-auction-entry"),
                "play entry": N_("w-play-entry"), "revoke": N_("w-revoke"),
                "line": N_("w-line")}


def place(lang: str, text: str) -> str:
    """A place as the store and the engine write it (``round 2, table 3, deal 17``) in
    ``lang``'s words.

    >>> place("pl", "round 2, table 3, deal 17"), place("en", "deal 4")
    ('runda 2, stolik 3, rozdanie 17', 'deal 4')
    >>> place("pl", "deal 4, auction entry 2")
    'rozdanie 4, zapowiedź 2'

    A deal's revoke (RULES §8) is a place of its own, named without a number:

    >>> place("pl", "deal 1, revoke"), place("en", "deal 1, revoke")
    ('rozdanie 1, renons', 'deal 1, revoke')

    and so is a sheet line given alone (``sheet add``):

    >>> place("cs", "line"), place("en", "line")
    ('řádek', 'line')

    Deals entered at once (the audit log, issue 25.2: "deals 1–4" stayed English):

    >>> place("cs", "round 1, table 1, deals 1–4")
    'kolo 1, stůl 1, rozdání 1–4'
    """
    import re

    text = re.sub(r"(?:(?<=, )|^)(revoke|line)$",
                  lambda m: tr(lang, _PLACE_WORDS[m.group(1)]), text)
    return re.sub(r"\b(tournament|player|round|table|deals|deal|auction entry|play entry) "
                  r"(?=\S)",
                  lambda m: tr(lang, _PLACE_WORDS[m.group(1)]) + " ", text)


class Place(str):
    """A place (``round 2, table 3, deal 17``) as a message parameter: its words are
    translated by :func:`place`."""


class Label(str):
    """A name as a message parameter: ``str`` is the English text's word (a record's
    ``zolo``), :func:`translate` shows ``shown`` in every language (the ruleset's
    ``Zoło``)."""

    shown: str

    def __new__(cls, english: str, shown: str) -> Label:
        self = super().__new__(cls, english)
        self.shown = shown
        return self


class Named(str):
    """A name with its own word in each language as a message parameter — a game's name
    from its ``game.toml``: ``str`` is the English name, :func:`translate` says the
    reader's (earlier reviews: "Licitovaný mariáš (three players)" in a Czech refusal).

    >>> m = Msg("err-game-no-part", "{game} has no {part} yet", part="web",
    ...         game=Named({"cs": "Licitovaný mariáš"}, "Licitovaný mariáš (three players)"))
    >>> translate(m, "cs")
    'Licitovaný mariáš: zatím chybí část web'
    """

    names: Mapping[str, str]

    def __new__(cls, names: Mapping[str, str], english: str) -> Named:
        self = super().__new__(cls, english)
        self.names = names
        return self


class Term(str):
    """A glossary word as a message parameter: English text for ``str``, the glossary's
    word in the reader's language for :func:`translate` (``Term("g-trumps", "trumps")``)."""

    msgid: str

    def __new__(cls, msgid: str, english: str) -> Term:
        self = super().__new__(cls, english)
        self.msgid = msgid
        return self


class Count(str):
    """A count in words as a message parameter (``3 players``): ``str`` is the English
    text, :func:`translate` says it in the reader's language in the plural form its
    catalog chooses for ``n`` (:func:`trn`: "3 hráči", "5 hráčů").

    >>> m = Msg("err-st-few-players", "fewer than {players} to seat",
    ...         players=Count("err-st-least-players", "err-st-least-players-n", 5, "5 players"))
    >>> m, translate(m, "cs")
    ('fewer than 5 players to seat', 'méně než 5 hráčů k rozlosování')
    """

    msgid: str
    plural_id: str
    n: int

    def __new__(cls, msgid: str, plural_id: str, n: int, english: str) -> Count:
        self = super().__new__(cls, english)
        self.msgid, self.plural_id, self.n = msgid, plural_id, n
        return self


class Msg(str):
    """A message of the engine: the English text (for ``str``, logs and the tests of
    old), with ``code`` (the catalog's message id) and ``params`` to say it in another
    language. Parameters that are :class:`Msg`, :class:`Term` or :class:`Count` are
    translated too."""

    code: str
    params: Mapping[str, Any]

    def __new__(cls, code: str, english: str, /, **params: Any) -> Msg:
        self = super().__new__(cls, english.format(**params) if params else english)
        self.code = code
        self.params = params
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.code, str(self), dict(self.params)))


def _rebuild(code: str, text: str, params: dict[str, Any]) -> Msg:
    m = Msg.__new__(Msg, code, text)
    m.params = params
    return m


def translate(message: object, lang: str) -> str:
    """``message`` in ``lang``: a :class:`Msg` by its code, an error carrying one (see
    :class:`stolik.errors.StolikError`; a record error keeps its file's name in front),
    anything else as ``str`` gives it. A code the catalogs lack keeps the English text."""
    if isinstance(message, Msg):
        return tr(lang, message.code, **message.params) if has("en", message.code) \
            else told(str(message))
    inner = getattr(message, "message", None)
    code, params = getattr(message, "code", None), getattr(message, "params", None)
    if isinstance(inner, Msg):
        text = translate(inner, lang)
    elif isinstance(code, str) and isinstance(params, Mapping) and has("en", code):
        text = tr(lang, code, **params)
    else:
        return told(str(message))
    suffix = getattr(message, "suffix", None)  # a rule cited after the message
    if isinstance(suffix, str) and suffix:
        text = told(f"{text} {suffix}")
    prefix = getattr(message, "prefix", None)
    return f"{place(lang, prefix)}: {text}" if isinstance(prefix, str) and prefix else text


def told(text: str) -> str:
    """``text`` as :data:`CITE` says: with its citations, or without them for a player
    (issue 25.8) — for a text of a language table outside the catalogs, as the catalogs'
    texts are told by :func:`tr`."""
    return text if CITE.get() else uncite(text)


BABEL_LOCALES = {"pl": "pl_PL", "en": "en_GB", "cs": "cs_CZ"}
"""The Babel locale that formats dates and times for each language: English pages use
British English, whose times are 24-hour like the Polish ones (a league's clock and
audit log never say "PM")."""


def format_when(value: Any, lang: str, *, seconds: bool = False) -> str:
    """A date and time (UTC, as the database keeps it) written the way ``lang`` writes
    it, 24-hour (imports Babel on first use).

    >>> import datetime
    >>> at = datetime.datetime(2026, 11, 23, 18, 5, 9)
    >>> format_when(at, "pl"), format_when(at, "en", seconds=True)
    ('23.11.2026, 18:05', '23 Nov 2026, 18:05:09')
    >>> format_when(at, "en")
    '23/11/2026, 18:05'
    """
    from babel.dates import format_datetime

    locale = BABEL_LOCALES[norm_lang(lang)]
    return str(format_datetime(value, "medium" if seconds else "short", locale=locale))


def decimal(lang: str, value: float, *, places: int = 2, sign: bool = False) -> str:
    """``value`` with ``places`` decimals as ``lang`` writes numbers (issue 25.2: a decimal
    comma in Polish and Czech, "+1,46", not "+1.46"; thousands grouped), through Babel's
    :func:`babel.numbers.format_decimal` (imported on first use, so that ``stolik --help``
    does not load it); ``sign``: a plus sign before a positive number, as payouts show.

    >>> decimal("pl", 1.456, sign=True), decimal("en", 1.456, sign=True)
    ('+1,46', '+1.46')
    >>> decimal("cs", -30, sign=True), decimal("pl", 6.8, places=1), decimal("en", 0, sign=True)
    ('-30,00', '6,8', '+0.00')
    >>> decimal("pl", 1234.5).replace("\\xa0", " ")
    '1 234,50'
    """
    from babel.numbers import format_decimal

    body = "#,##0" + ("." + "0" * places if places > 0 else "")
    pattern = f"+{body};-{body}" if sign else body
    value = round(float(value), places) + 0.0  # no "-0,00"
    return str(format_decimal(value, format=pattern, locale=BABEL_LOCALES[norm_lang(lang)]))


def number(lang: str, value: float) -> str:
    """A score or place-point value as ``lang`` writes it, without a needless decimal:
    ``5``, ``2,5`` in Polish and Czech, ``2.5`` in English (issue 25.2, :func:`decimal`).

    >>> number("pl", 5.0), number("cs", 2.5), number("en", 2.5), number("pl", 1 / 3)
    ('5', '2,5', '2.5', '0,33')
    """
    x = float(value)
    if x.is_integer():
        return str(int(x))
    return decimal(lang, x, places=1 if (x * 10).is_integer() else 2)


def trn(lang: str, msgid: str, plural_id: str, n: int, /, **params: Any) -> str:
    """The text ``msgid`` / ``plural_id`` for the count ``n`` in ``lang``, in the plural
    form its catalog's ``Plural-Forms`` choose (issue 25.2: "8 graczy", not "8 gracze";
    Czech has three forms, "2 hráči", "5 hráčů"); ``{n}`` and ``params`` are filled in.
    English where ``lang``'s catalog lacks it."""
    lang = norm_lang(lang)
    text = catalog(lang).ngettext(msgid, plural_id, n)
    if text in (msgid, plural_id) and lang != "en":
        text = catalog("en").ngettext(msgid, plural_id, n)
    return text.format(n=n, **{k: _param(v, lang) for k, v in params.items()})
