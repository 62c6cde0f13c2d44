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

import json
import tomllib
from pathlib import Path
from typing import Any

from stolik.errors import RecordError

Document = dict[str, Any]


def loads_document(text: str, fmt: str, *, source: str | None = None) -> Document:
    """Parse TOML (``fmt="toml"``) or JSON text into a table."""
    try:
        data = json.loads(text) if fmt == "json" else tomllib.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
        raise RecordError(f"not valid {fmt.upper()} ({e})", source=source) from None
    if not isinstance(data, dict):
        raise RecordError("the record must be a table of keys", source=source)
    return data


def guess_format(path: str | Path, text: str) -> str:
    """``json`` for a ``.json`` file or text starting with ``{``, else ``toml``."""
    if str(path).lower().endswith(".json") or text.lstrip().startswith("{"):
        return "json"
    return "toml"


def load_document(path: str | Path) -> Document:
    """Read a TOML or JSON record file; :class:`RecordError` names the file on any problem."""
    source = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise RecordError(f"cannot read the file ({e.strerror})", source=source) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError("the file is not UTF-8 text", source=source) from None
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
