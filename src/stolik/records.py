"""Record files: TOML or JSON documents in, TOML or JSON text out — generic over games.

Games define what a record holds (Baśka: :mod:`stolik.games.baska.record`); this module
only reads a document (naming the file in any error) and writes one in a stable layout
that people can read and edit: scalars and short lists inline, ``[[deal]]`` tables.

>>> doc = {"ruleset": "linia", "players": ["Ala", "Bo"], "deal": [{"dealer": 0, "x": [1, 2]}]}
>>> text = dumps_toml(doc)
>>> print(text)
ruleset = "linia"
players = ["Ala", "Bo"]
<BLANKLINE>
[[deal]]
dealer = 0
x = [1, 2]
<BLANKLINE>
>>> loads_document(text, "toml") == doc
True
"""

from __future__ import annotations

import datetime
import json
import math
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from stolik.errors import RecordError, os_reason
from stolik.i18n import Msg, Place

Document = dict[str, Any]

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest file stolik reads as a record, tournament or ruleset: 4 MiB — a 32-deal record
is about 11 kB, so this is some 12,000 deals. Larger files (or endless ones such as
``/dev/zero``) are refused before they are read, so a bad path cannot eat memory or time."""

MAX_DEPTH = 16
"""How deeply arrays and tables may nest in a document (a record needs 3 levels)."""

MAX_INT = 2**63 - 1
"""The largest whole number a document may hold (what a database column stores)."""


class _NumberTooLong(ValueError):
    """A JSON number with more digits than any document needs."""


def _json_int(text: str) -> int:
    if len(text) > 20:  # 2**63 has 19 digits; longer ones are refused unread (int() is slow)
        raise _NumberTooLong(text)
    return int(text)


def _json_constant(text: str) -> float:
    raise _NumberTooLong(text)


def _clip(text: str, keep: int = 24) -> str:
    """``text`` shortened to ``keep`` characters with an ellipsis, for error messages.

    >>> _clip("1234567890", 6)
    '123456…'
    """
    return text if len(text) <= keep else text[:keep] + "…"


def _label(path: tuple[str, ...]) -> str:
    """Where a value sits, as error messages name it (``deal 3, 'hands', item 2``): a
    message whose words (``deal``, ``item``, ``the document``) a reader's language says.

    >>> from stolik.i18n import translate
    >>> where = _label((Place("deal 3"), "'hands'", _item(2)))
    >>> where, translate(where, "pl")
    ("deal 3, 'hands', item 2", "rozdanie 3, 'hands', pozycja 2")
    """
    if not path:
        return Msg("rec-w-document", "the document")
    label = path[0]
    for part in path[1:]:
        label = Msg("rec-w-in", "{outer}, {inner}", outer=label, inner=part)
    return label


def _item(number: int) -> Msg:
    """The ``number``-th item of an array (counted from 1), as a place in a document."""
    return Msg("rec-w-item", "item {n}", n=number)


def _check_values(data: Any, source: str | None) -> None:
    """Refuse what no document may hold, wherever it is (iteratively, so no depth can
    overflow the stack): nesting deeper than :data:`MAX_DEPTH`, whole numbers beyond
    ±:data:`MAX_INT`, NaN or infinite numbers, and text that is not Unicode (a lone
    surrogate such as JSON's ``"\\ud800"``), in keys as in values.

    >>> _check_values({"deal": [{"hands": ["AH", 2**64]}]}, "x.json")
    Traceback (most recent call last):
    stolik.errors.RecordError: x.json: deal 1, 'hands', item 2: a whole number of 20 digits \
is too large (at most 9223372036854775807)
    >>> _check_values({"players": ["Ala", float("inf")]}, None)
    Traceback (most recent call last):
    stolik.errors.RecordError: 'players', item 2: inf is not a number a document may hold
    """
    stack: list[tuple[Any, tuple[str, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict | list) and len(path) >= MAX_DEPTH:
            raise RecordError(Msg("err-rec-nest", "{where}: arrays and tables nest more than "
                                  "{depth} levels deep", where=_label(path), depth=MAX_DEPTH),
                              source=source)
        if isinstance(value, dict):
            for key, item in value.items():
                problem = _scalar_problem(key)
                if problem:
                    raise RecordError(Msg("err-rec-key-value", "{where}: a key: {why}",
                                          where=_label(path), why=problem), source=source)
                stack.append((item, (*path, repr(_clip(key)))))
        elif isinstance(value, list):
            tables = len(path) == 1 and all(isinstance(x, dict) for x in value)
            for i, item in enumerate(value):
                # An array of tables at the top ([[deal]]) names its items "deal 3".
                where = (Place(f"{path[0].strip(chr(39))} {i + 1}"),) if tables else (
                    *path, _item(i + 1))
                stack.append((item, where))
        else:
            problem = _scalar_problem(value)
            if problem:
                raise RecordError(Msg("err-record-at", "{where}: {why}", where=_label(path),
                                      why=problem), source=source)


def _scalar_problem(value: Any) -> str | None:
    """Why a scalar cannot be in a document, or None.

    >>> _scalar_problem(2**70)
    'a whole number of 22 digits is too large (at most 9223372036854775807)'
    >>> _scalar_problem(float("nan")), _scalar_problem(12)
    ('nan is not a number a document may hold', None)
    >>> print(_scalar_problem("\\ud800"))
    the text holds \\ud800, a lone surrogate — not Unicode text
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        if -MAX_INT <= value <= MAX_INT:
            return None
        return Msg("err-rec-int-size", "a whole number of {digits} digits is too large (at "
                   "most {most})", digits=len(str(abs(value))), most=MAX_INT)
    if isinstance(value, float):
        return None if math.isfinite(value) else Msg(
            "err-rec-float", "{value} is not a number a document may hold", value=str(value))
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as e:
            char = f"\\u{ord(value[e.start]):04x}"
            return Msg("err-rec-surrogate", "the text holds {char}, a lone surrogate — not "
                       "Unicode text", char=char)
        return None
    if isinstance(value, datetime.date | datetime.time):
        return None
    return Msg("err-rec-type", "a value of type {type} is not allowed",
               type=type(value).__name__)


def _not_valid(fmt: str, problem: str) -> Msg:
    """The refusal of a document that ``fmt`` (``TOML``, ``JSON``) cannot read: ``problem``
    is the parser's own words (English whatever the language) or a message of ours."""
    return Msg("err-rec-syntax", "not valid {format} ({why})", format=fmt, why=problem)


def parser_words(e: ValueError) -> str:
    """The TOML or JSON parser's refusal as a message parameter: its own (English) words,
    said in another language as where it stopped (earlier reviews: "to nie jest poprawny
    TOML (Invalid value (at end of document))").

    >>> from stolik.i18n import tr
    >>> try:
    ...     tomllib.loads("a = 1\\nb = ?")
    ... except tomllib.TOMLDecodeError as e:
    ...     why = parser_words(e)
    >>> str(why)
    'Invalid value (at line 2, column 5)'
    >>> tr("pl", "err-rec-syntax", format="TOML", why=why)
    'to nie jest poprawny TOML (błąd w wierszu 2, kolumnie 5)'
    """
    import re

    from stolik.i18n import LANGS, Named, tr

    text = str(e)
    at = re.search(r"at line (\d+), column (\d+)", text)
    if isinstance(e, json.JSONDecodeError):
        line, column = e.lineno, e.colno
    elif at:
        line, column = int(at.group(1)), int(at.group(2))
    else:
        return Named({lang: tr(lang, "err-rec-syntax-end") for lang in LANGS if lang != "en"}
                     if "end of document" in text else {}, text)
    return Named({lang: tr(lang, "err-rec-syntax-at", line=line, column=column)
                  for lang in LANGS if lang != "en"}, text)


def loads_document(text: str, fmt: str, *, source: str | None = None) -> Document:
    """Parse TOML (``fmt="toml"``) or JSON text into a table.

    Whatever the text holds, the result is a table or one :class:`RecordError`: a leading
    byte-order mark is skipped (Windows editors write one); numbers too long for any record,
    NaN, nesting past :data:`MAX_DEPTH` and lone surrogates are refused.

    >>> loads_document("\\ufeffa = 1", "toml")
    {'a': 1}
    >>> loads_document('{"a": ' + "9" * 5000 + '}', "json", source="x.json")
    Traceback (most recent call last):
    stolik.errors.RecordError: x.json: not valid JSON (the number 999999999999999999999999… \
has 5000 digits)
    >>> loads_document("a = " + "[" * 5000 + "]" * 5000, "toml")
    Traceback (most recent call last):
    stolik.errors.RecordError: not valid TOML (arrays or tables nest too deeply)
    """
    text = text.removeprefix("\ufeff")
    name = fmt.upper()
    try:
        if fmt == "json":
            data = json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
        else:
            data = tomllib.loads(text)
    except _NumberTooLong as e:
        what = str(e)
        problem = (Msg("err-rec-json-word", "{word} is not a number JSON allows", word=what)
                   if what.lstrip("-")[:1].isalpha() else
                   Msg("err-rec-json-digits", "the number {number} has {digits} digits",
                       number=_clip(what), digits=len(what.lstrip("-"))))
        raise RecordError(_not_valid(name, problem), source=source) from None
    except RecursionError:
        raise RecordError(_not_valid(name, Msg("err-rec-deep", "arrays or tables nest too "
                                               "deeply")), source=source) from None
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
        raise RecordError(_not_valid(name, parser_words(e)), source=source) from None
    except ValueError as e:  # tomllib's int() of a number past Python's 4300-digit limit
        raise RecordError(_not_valid(name, Msg("err-rec-many-digits", "a number has too many "
                                               "digits") if "digits" in str(e) else str(e)),
                          source=source) from None
    if not isinstance(data, dict):
        raise RecordError(Msg("err-rec-not-table", "the record must be a table of keys"),
                          source=source)
    _check_values(data, source)
    return data


def guess_format(path: str | Path, text: str) -> str:
    """``json`` for a ``.json`` file or text starting with ``{``, else ``toml``."""
    if str(path).lower().endswith(".json") or text.lstrip().startswith("{"):
        return "json"
    return "toml"


def read_text_file(path: str | Path, *, limit: int = MAX_FILE_BYTES) -> str:
    """A UTF-8 text file's text (a byte-order mark dropped), read only if it is at most
    ``limit`` bytes: a regular file's size is checked before reading, anything else
    (``/dev/zero``, a pipe) is read up to ``limit`` + 1 bytes at most. Every problem is a
    :class:`RecordError` naming the file.

    >>> read_text_file("/dev/zero", limit=10)
    Traceback (most recent call last):
    stolik.errors.RecordError: /dev/zero: the file is larger than 10 bytes — stolik reads \
files of at most 10 bytes
    """
    source = str(path)
    too_big = (Msg("err-rec-limit-bytes", "stolik reads files of at most {limit:,} bytes",
                   limit=limit) if limit < 1024 * 1024 else
               Msg("err-rec-limit-mib", "stolik reads files of at most {mib} MiB",
                   mib=limit // (1024 * 1024)))
    try:
        # O_NONBLOCK: opening a named pipe with no writer must not hang; reads block again.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise _unreadable(e, source) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise RecordError(Msg("err-rec-folder", "this is a folder, not a file"),
                              source=source)
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise RecordError(Msg("err-rec-file-size", "the file is {size:,} bytes — {why}",
                                  size=info.st_size, why=too_big), source=source)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        raw = b"".join(chunks)
    except OSError as e:
        raise _unreadable(e, source) from None
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise RecordError(Msg("err-rec-file-larger", "the file is larger than {limit:,} bytes "
                              "— {why}", limit=limit, why=too_big), source=source)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(Msg("err-rec-not-utf8", "the file is not UTF-8 text"),
                          source=source) from None


def _unreadable(e: OSError, source: str) -> RecordError:
    """The refusal of a file the system would not let us read: its reason in the reader's
    words where the catalogs have it, else the system's (:func:`stolik.errors.os_reason`)."""
    return RecordError(Msg("err-rec-unreadable", "cannot read the file ({why})",
                           why=os_reason(e)), source=source)


def load_document(path: str | Path) -> Document:
    """Read a TOML or JSON record file; :class:`RecordError` names the file on any problem."""
    source = str(path)
    text = read_text_file(path)
    return loads_document(text, guess_format(path, text), source=source)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def _key(k: str) -> str:
    return k if k.replace("-", "").replace("_", "").isalnum() and k.isascii() else json.dumps(k)


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def dumps_toml(doc: Document) -> str:
    """Write a document: top-level scalars first, then each array of tables (``[[name]]``).
    ``None`` values are left out (TOML has no null)."""
    lines = [f"{_key(k)} = {_toml_value(v)}" for k, v in doc.items()
             if v is not None and not _is_table_array(v)]
    for k, v in doc.items():
        if not _is_table_array(v):
            continue
        for table in v:
            lines.append("")
            lines.append(f"[[{_key(k)}]]")
            lines.extend(f"{_key(tk)} = {_toml_value(tv)}" for tk, tv in table.items()
                         if tv is not None)
    return "\n".join(lines) + "\n"


def dumps_json(doc: Document) -> str:
    """Write a document as indented JSON (UTF-8 text, not escaped)."""
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
