"""Behaviour unchanged, proven (issue 26, "What must hold" 3): the corpus of what users see
— every game's simulated series with its records, JSON and sheets, the shipped examples
replayed and checked, ``stolik rules``, a terminal session of ``stolik play`` and a
recorded WebSocket session at a web table (:mod:`corpus_make` says what each holds and the
little it masks) — made again with the current code is byte for byte the golden corpus in
``tests/corpus/``, made from commit 4ed97f7, before the core took over the machinery.

The goldens are made from the pre-refactor commit only, and never to make this test pass::

    .venv/bin/python tests/corpus_make.py --make tests/corpus --from-commit 4ed97f7

A difference is a change of behaviour: find it in the code, do not regenerate. A change an
issue asks for (a hint that is now the strongest bot's) is declared in
:mod:`corpus_intended` — the lines as they were and as they are, with the commit — and
applied to the golden before the comparison; everything else stays proven against 4ed97f7.

A game registered since (licitovaný mariáš) has its own goldens in ``tests/corpus-later``,
made once from the commit that :data:`corpus_make.LATER` names, and its declared changes in
:data:`corpus_intended.INTENDED_LATER`::

    .venv/bin/python tests/corpus_make.py --make tests/corpus-later --later --from-commit 01833b7
"""

from __future__ import annotations

import difflib
import gzip
from pathlib import Path

import pytest

from corpus_intended import INTENDED, INTENDED_LATER, Intended
from corpus_make import make, make_later

GOLDEN = Path(__file__).resolve().parent / "corpus"
GOLDEN_LATER = GOLDEN.with_name("corpus-later")
DIFF_LINES = 40
"""At most this many lines of a file's unified diff are shown."""


def files(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` by its relative path, gzipped ones unpacked."""
    out = {}
    for path in sorted(root.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            out[path.relative_to(root).as_posix()] = (
                gzip.decompress(data) if path.suffix == ".gz" else data)
    return out


def difference(name: str, want: bytes, got: bytes) -> str:
    """The first differing lines of a file, as a bounded unified diff.

    >>> print(difference("a.txt", b"x\\ny\\n", b"x\\nz\\n"))
    --- golden/a.txt
    +++ now/a.txt
    @@ -1,2 +1,2 @@
     x
    -y
    +z
    """
    diff = list(difflib.unified_diff(
        want.decode("utf-8", "replace").splitlines(),
        got.decode("utf-8", "replace").splitlines(),
        f"golden/{name}", f"now/{name}", lineterm=""))
    more = len(diff) - DIFF_LINES
    return "\n".join(diff[:DIFF_LINES] + ([f"… {more} more diff lines"] if more > 0 else []))


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The corpus made now with the code on ``sys.path``."""
    out = tmp_path_factory.mktemp("corpus")
    make(out)
    return files(out)


def declared(golden: dict[str, bytes],
             intended: dict[str, list[Intended]] | None = None) -> dict[str, bytes]:
    """The goldens with the declared changes (``intended``, by default
    :data:`corpus_intended.INTENDED`) made; a declared change whose lines do not stand in
    its golden exactly once is an error.

    >>> was = {"a.txt": b"x\\ny\\n"}
    >>> declared(was, {"a.txt": [Intended("y", "z", "why")]})
    {'a.txt': b'x\\nz\\n'}
    >>> declared(was, {"a.txt": [Intended("q", "z", "why")]})
    Traceback (most recent call last):
    AssertionError: a.txt: a declared change (why) stands 0 times in the golden, not once
    """
    out = dict(golden)
    for name, changes in (INTENDED if intended is None else intended).items():
        text = golden[name].decode("utf-8")
        for change in changes:
            found = text.count(change.was)
            if found != 1:
                raise AssertionError(f"{name}: a declared change ({change.why}) stands "
                                     f"{found} times in the golden, not once")
            text = text.replace(change.was, change.now)
        out[name] = text.encode("utf-8")
    return out


@pytest.fixture(scope="module")
def made_later(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The corpus of the games registered since the goldens' commit, made now."""
    out = tmp_path_factory.mktemp("corpus-later")
    make_later(out)
    return files(out)


def compare(where: str, golden: dict[str, bytes], made: dict[str, bytes]) -> None:
    """Fail with the files that differ (the first five diffs), are no longer made or are
    new, against the goldens in ``where``."""
    assert golden, f"no goldens in {where}"
    missing = sorted(set(golden) - set(made))
    extra = sorted(set(made) - set(golden))
    changed = [name for name in sorted(set(golden) & set(made)) if golden[name] != made[name]]
    report = [f"{len(changed)} of {len(golden)} files differ from {where}: "
              + ", ".join(changed)] if changed else []
    report += [difference(name, golden[name], made[name]) for name in changed[:5]]
    if missing:
        report.append(f"no longer made: {', '.join(missing)}")
    if extra:
        report.append(f"made but not in {where}: {', '.join(extra)}")
    if report:
        pytest.fail("\n\n".join(report), pytrace=False)


@pytest.mark.timeout(600)
def test_the_corpus_is_byte_identical_to_the_goldens(made: dict[str, bytes]) -> None:
    compare("tests/corpus", declared(files(GOLDEN)), made)


@pytest.mark.timeout(600)
def test_the_later_games_corpus_is_byte_identical_to_its_goldens(
        made_later: dict[str, bytes]) -> None:
    """Licitovaný mariáš (issue 28), registered after 4ed97f7, against its own goldens in
    ``tests/corpus-later``, made from the commit :data:`corpus_make.LATER` names."""
    compare("tests/corpus-later", declared(files(GOLDEN_LATER), INTENDED_LATER), made_later)
