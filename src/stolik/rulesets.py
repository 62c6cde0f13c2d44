"""Reading a club's own ruleset file, for every game (its TOML is then read by the game's
``parse_ruleset``): bounded in size and refused in one line before anything is read when it
is not a regular file (``/dev/zero``, a pipe, a folder), too large or not UTF-8.

>>> MAX_RULESET_BYTES // 1024
256
"""

from __future__ import annotations

import stat
from importlib import resources
from pathlib import Path

from stolik.errors import RulesetError

MAX_RULESET_BYTES = 256 * 1024
"""Largest ruleset file read (the shipped ones are under 8 KiB)."""


def read_ruleset_file(path: Path) -> str:
    """A ruleset file's text; a device, a pipe, a folder or a file over
    :data:`MAX_RULESET_BYTES` is refused in one line before anything is read.

    >>> read_ruleset_file(Path("/dev/zero"))
    Traceback (most recent call last):
    stolik.errors.RulesetError: /dev/zero: not a regular file
    """
    def refuse(problem: str) -> RulesetError:
        return RulesetError(f"{path}: {problem}")

    try:
        info = path.stat()  # before opening: opening a named pipe would wait
        if not stat.S_ISREG(info.st_mode):
            raise refuse("not a regular file")
        if info.st_size > MAX_RULESET_BYTES:
            raise refuse(f"{info.st_size} bytes: a ruleset file has at most "
                         f"{MAX_RULESET_BYTES // 1024} KiB")
        with path.open("rb") as f:
            data = f.read(MAX_RULESET_BYTES + 1)  # bounded even if it grew meanwhile
    except OSError as e:
        raise refuse(f"cannot read ruleset file ({e.strerror})") from None
    if len(data) > MAX_RULESET_BYTES:
        raise refuse(f"a ruleset file has at most {MAX_RULESET_BYTES // 1024} KiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise refuse("not UTF-8 text") from None


def shipped_rulesets(package: str) -> list[str]:
    """The ids of the rulesets a game's ``package`` ships: its ``rulesets/*.toml``, sorted.

    >>> from stolik.games import games
    >>> all(shipped_rulesets(g.package) == list(g.rulesets()) for g in games())
    True
    """
    folder = resources.files(package) / "rulesets"
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir()
                  if p.name.endswith(".toml"))


def shipped_text(package: str, ruleset_id: str) -> str:
    """The text of the ruleset ``ruleset_id`` shipped by a game's ``package``."""
    return (resources.files(package) / "rulesets" / f"{ruleset_id}.toml").read_text("utf-8")


def club_ruleset_text(ref: str, *, shipped: list[str], game_name: str) -> str:
    """The text of a club's ruleset file ``ref`` (one that is no shipped id): a path ending
    ``.toml`` or naming a file is read (:func:`read_ruleset_file`); anything else is one
    line naming the ``shipped`` ids of the game called ``game_name``.

    >>> club_ruleset_text("nope", shipped=["a", "b"], game_name="Demo")
    Traceback (most recent call last):
    stolik.errors.RulesetError: unknown Demo ruleset 'nope': use a, b or the path of a \
ruleset .toml file
    """
    if "\0" in ref or len(ref) > 4096:
        raise RulesetError(f"unknown {game_name} ruleset {ref[:80]!r}")
    path = Path(ref)
    try:
        exists = path.exists()
    except OSError:
        exists = False
    if path.suffix.lower() == ".toml" or exists:
        return read_ruleset_file(path)
    raise RulesetError(f"unknown {game_name} ruleset {ref!r}: use {', '.join(shipped)} or "
                       "the path of a ruleset .toml file")
