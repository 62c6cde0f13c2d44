"""Citations out of what players read (issue 25.8).

The catalogs' texts end with the rule they apply — "(RULES §4)", "(MARIAS §7, seed 002
§10)" — for the referee who checks a record or a ruleset in the terminal, and for the
tests. A player reads the rule's words only: a web page, a printed sheet and the terminal
table show a message with its citations taken out. The catalogs keep one text per
message; :func:`uncite` is the one place that takes a citation out, and
:func:`stolik.i18n.tr` and :func:`stolik.i18n.translate` apply it while
:data:`CITE` is off (:func:`player_text`).

A citation names a spec (``RULES``, ``MARIAS``, ``BETEL``, ``LICITOVANY``, a ``seed`` with
or without its number) and a section (``§4``, ``§4.1``, ``§4–§8``, a part named after it); a note in
brackets made only of citations goes, with the space before it:

>>> uncite("the auction is over (RULES §4)")
'the auction is over'
>>> uncite("nothing to sign (MARIAS §7, seed 002 §10); ask the referee")
'nothing to sign; ask the referee'
>>> uncite("sedma needs the seven (seat 1 holds no 7L) (LICITOVANY §4.4)")
'sedma needs the seven (seat 1 holds no 7L)'
>>> uncite("only one (BETEL §3, Decision)"), uncite("six (seed 000 \\"Punktacja\\" 1)")
('only one', 'six')

A note that says more keeps its words, the citation and its comma or colon out:

>>> uncite("bok (worth double, RULES §6)")
'bok (worth double)'
>>> uncite("undecided (BETEL §5: a tie at the top plays on)")
'undecided (a tie at the top plays on)'

Anything else is left as it is (a seed of a bots' table, a bracket of ordinary words):

>>> uncite("seed 7 (a table of bots)")
'seed 7 (a table of bots)'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

CITE: ContextVar[bool] = ContextVar("stolik_cite", default=True)
"""Whether texts keep their citations: on for the terminal's commands a referee reads
(``stolik check``, ``replay``, ``rules``, ``tournament``, a refused command line,
``--help``) and the tests; off for what players read (:func:`player_text`: the web
application with its printable sheets, :class:`stolik.web.app.PlayerText`; the table of
``stolik play``)."""

_SOURCE = r"(?:RULES|MARIAS|BETEL|LICITOVANY|seed(?: \d{3})?)(?:\.md)?"
_SECTION = r"§ ?[\w{}]+(?:\.\w+)*(?:[–-]§?\w+(?:\.\w+)*)?"
_NAMED = r"(?:,? \"[^\"()]+\"(?: \d+)?|, Decision)"
_ONE = (rf"(?:(?:{_SOURCE} )?{_SECTION}(?:, ?{_SECTION})*{_NAMED}?"
        rf"|seed \d{{3}}{_NAMED})")
_CITES = rf"{_ONE}(?:(?:, |; | and | i | a ){_ONE})*"

_WHOLE = re.compile(rf"\s*\((?:{_CITES})\)")
_LEAD = re.compile(rf"\((?:{_CITES})(?::|,) (?=[^()]*\))")
_TAIL = re.compile(rf"(?<=[^(\s])[,;] (?:{_CITES})\)")


def uncite(text: str) -> str:
    """``text`` without its citations (see the module's examples)."""
    if "§" not in text and "seed" not in text:
        return text
    text = _WHOLE.sub("", text)
    text = _LEAD.sub("(", text)
    return _TAIL.sub(")", text)


@contextmanager
def player_text() -> Iterator[None]:
    """Within it, :func:`stolik.i18n.tr` and :func:`stolik.i18n.translate` give texts
    without citations (:data:`CITE` off, in this context and the tasks and threads it
    starts)."""
    token = CITE.set(False)
    try:
        yield
    finally:
        CITE.reset(token)
