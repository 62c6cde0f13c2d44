"""Keeping the message catalogs (``make catalogs``; the tests use it too): extract every
message id from the sources as ``babel.cfg`` says, merge them into each language's
``.po``, compile the ``.mo`` files the program reads, and check that every catalog is
complete. It imports Babel, so nothing on the program's own paths imports it.

Every language of :data:`stolik.i18n.CATALOGS` is complete: Polish, English and Czech
(whole since issue 25.1; it was partial, for a Mariáš money tournament only). A language
being written may be named in :data:`PARTIAL` meanwhile.

``python -m stolik.i18n_catalogs update`` extracts and merges (new ids arrive with an
empty translation, which :func:`problems` reports until someone writes it; ids no longer
used are dropped); ``compile`` writes the ``.mo`` files; ``check`` prints what is missing
and exits 1.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from stolik.i18n import CATALOGS, DOMAIN, LOCALE_DIR

SRC = Path(__file__).parent
CFG = SRC.parent.parent / "babel.cfg"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "tr": (2,),
            "trn": (2, 3), "t": None, "Msg": None, "Term": None, "Count": (1, 2)}
"""Call names whose string argument is a message id: ``tr(lang, "play-lobby")``,
``self.t("tui-deal")``, ``_("lg-round")`` in templates, ``Msg("err-…", "English …")``;
``trn(lang, "check-ok", "check-ok-n", n)`` and ``Count("err-st-least-players",
"err-st-least-players-n", n, …)`` a plural id (issue 25.2)."""



PARTIAL: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""A catalog whole only for a part of the program, by language: the files (under
``src/stolik``) whose ids it must translate and the ids of other files its readers meet;
every other text falls back to English. None today: Czech, the last, is whole since
issue 25.1 (it named Mariáš's tournament part, the money pages and the record readers)."""


def _mapping() -> tuple[list[tuple[str, str]], dict[str, dict[str, str]]]:
    """The extraction methods of ``babel.cfg`` (the file ``pybabel extract -F`` reads)."""
    from babel.messages.frontend import parse_mapping_cfg

    with CFG.open(encoding="utf-8") as f:
        methods, options = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    return methods, options


def po_path(lang: str) -> Path:
    """The ``.po`` file of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


MsgId = str | tuple[str, ...]


def extract() -> dict[str, MsgId]:
    """Every message id used in the sources under ``src/stolik``, by its (first) id; a
    plural message's whole id is ``(singular, plural)``."""
    return extract_from(None)


def extract_from(files: tuple[str, ...] | None) -> dict[str, MsgId]:
    """The message ids used in ``files`` (paths under ``src/stolik``; ``None``: all)."""
    ids: dict[str, MsgId] = {}
    methods, options = _mapping()
    for file, _line, msg, _comments, _ctx in extract_from_dir(
            str(SRC), methods, options, keywords=KEYWORDS, strip_comment_tags=True):
        first = msg[0] if isinstance(msg, tuple) else msg
        if first and _looks_like_id(first) and (files is None or file in files):
            ids[first] = msg if isinstance(msg, tuple) and len(msg) > 1 else first
    return ids


def required(lang: str, ids: dict[str, MsgId]) -> dict[str, MsgId]:
    """The ids ``lang``'s catalog must translate: all of ``ids``, or for a partial
    catalog (:data:`PARTIAL`) those of its files and its named ids."""
    if lang not in PARTIAL:
        return ids
    files, named = PARTIAL[lang]
    return {**extract_from(files), **{k: ids[k] for k in named if k in ids}}


def _key(msgid: str | tuple[str, ...] | list[str]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def _looks_like_id(text: str) -> bool:
    """Message ids are keys: lower-case words joined by ``-`` (``play-card-name``)."""
    head = text.split("-", 1)[0]
    return "-" in text and head.isalpha() and head.islower() and " " not in text


def read(lang: str) -> Catalog:
    """The ``.po`` catalog of ``lang``."""
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def write(cat: Catalog, lang: str) -> None:
    """Write ``cat`` as ``lang``'s ``.po`` (sorted, without source locations)."""
    cat.fuzzy = False
    buf = io.BytesIO()
    write_po(buf, cat, width=100, no_location=True, sort_output=True, omit_header=False)
    po_path(lang).write_bytes(buf.getvalue())


def mo_bytes(cat: Catalog) -> bytes:
    """The compiled form of ``cat`` (fuzzy entries left out, as gettext does)."""
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def translations(cat: Catalog) -> set[tuple[object, object, str | None]]:
    """The (id, translation, context) of every entry gettext would use: what a ``.mo``
    must hold, whatever Babel version wrote it (its header names the version, so the
    bytes differ between versions while the translations do not)."""
    def one(text: object) -> object:
        return tuple(text) if isinstance(text, (list, tuple)) else text

    return {(one(m.id), one(m.string), m.context) for m in cat
            if m.id and not m.fuzzy and all(m.string if isinstance(m.string, (list, tuple))
                                            else (m.string,))}


def mo_is_compiled(mo: Path, cat: Catalog) -> bool:
    """Whether the compiled catalog ``mo`` holds exactly the translations of ``cat``."""
    if not mo.exists():
        return False
    with mo.open("rb") as f:
        return translations(read_mo(f)) == translations(cat)


def update() -> None:
    """Merge the extracted ids into every catalog: add new ones untranslated, drop the
    ones no longer used."""
    ids = extract()
    for lang in CATALOGS:
        cat = read(lang)
        for key, msgid in sorted(required(lang, ids).items()):
            if key not in cat:
                plural = isinstance(msgid, tuple)
                cat.add(msgid, ("",) * cat.num_plurals if plural else "")
        for m in list(cat):
            if m.id and _key(m.id) not in ids:
                cat.delete(m.id)
        write(cat, lang)


def compile_all() -> None:
    """Write every language's ``.mo`` next to its ``.po``."""
    for lang in CATALOGS:
        po_path(lang).with_suffix(".mo").write_bytes(mo_bytes(read(lang)))


def problems() -> Iterator[str]:
    """One line for each id used but missing, untranslated or fuzzy in a catalog, each
    id a catalog has that nothing uses, each ``{field}`` a translation names that the
    English text does not, and each ``.mo`` older than its ``.po``."""
    ids = extract()
    en = {_key(m.id): m for m in read("en") if m.id}
    for lang in CATALOGS:
        cat = read(lang)
        have = {_key(m.id) for m in cat if m.id}
        for msgid in sorted(set(required(lang, ids)) - have):
            yield f"{lang}: {msgid!r} is missing"
        for msgid in sorted(have - set(ids)):
            yield f"{lang}: {msgid!r} is not used anywhere"
        for m in cat:
            if not m.id:
                continue
            key = _key(m.id)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            if not all(strings):
                yield f"{lang}: {key!r} is not translated"
            elif m.fuzzy:
                yield f"{lang}: {key!r} is fuzzy"
            elif isinstance(ids.get(key), tuple) != isinstance(m.id, tuple):
                yield f"{lang}: {key!r} is plural in one of the sources and the catalog"
            elif lang != "en" and (e := en.get(key)) is not None and \
                    _fields(m.string) != _fields(e.string):
                yield f"{lang}: {key!r} has fields {sorted(_fields(m.string))}, " \
                      f"English {sorted(_fields(e.string))}"
        mo = po_path(lang).with_suffix(".mo")
        if not mo_is_compiled(mo, cat):
            yield f"{lang}: {mo.name} is not compiled from {po_path(lang).name} " \
                  "(make catalogs)"


def _fields(text: object) -> set[str]:
    """The ``{fields}`` of a translation (of all its plural forms)."""
    import string

    out: set[str] = set()
    for one in text if isinstance(text, tuple) else (text,):
        try:
            out |= {f for _, f, _, _ in string.Formatter().parse(str(one)) if f}
        except ValueError:
            out.add("<unbalanced braces>")
    return out


def main(argv: list[str]) -> int:
    """``update``, ``compile`` or ``check``."""
    for cmd in argv or ["check"]:
        if cmd == "update":
            update()
        elif cmd == "compile":
            compile_all()
        elif cmd == "check":
            bad = list(problems())
            for line in bad:
                print(line)
            if bad:
                return 1
        else:
            print("usage: python -m stolik.i18n_catalogs [update] [compile] [check]")
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
