"""Laid-down contracts (wykładane) in the auction: RULES §7, seed 000 §7f–h, 001 §7O, 003 §15.

A solo or a cicha that its player cannot lose whatever the others hold and play accepts
fewer doublings: the ruleset's ``laid_down_max_level`` (a kontra only in `pucka-2019` and
`linia`, none in `mester-sport`). Whether a hand is laid down is decided exactly by the
search (:func:`contract_is_laid_down`, over :mod:`stolik.solver.laid_down`); it depends only
on the card order, the goal, the target, the four cards and the player's place after
forehand.

The answers for every card order of the shipped rulesets are shipped with the package
(``laid_down_tables.json``, written by ``scripts/laid_down_tables.py --generate`` and
checked against the search by the tests and by that script), so replaying a record never
loads the solver (numba). A club's own ruleset with another order is answered by the
solver on demand; :func:`prepare` computes such a game's whole table at once (for the
simulator) and keeps it in the user's cache folder (``$STOLIK_CACHE_DIR``, else
``~/.cache/stolik``) under a name that carries :data:`SOLVER_VERSION`, so a corrected
solver never serves a stale table.

>>> from stolik.games.baska.deck import DECK
>>> from stolik.games.baska.ruleset import load_ruleset
>>> rs = load_ruleset("pucka-2019")
>>> doubling_limit(rs, rs.contract("gran"), DECK.parse_mask("JC JS AH AC"), 0)
1
>>> doubling_limit(rs, rs.contract("gran"), DECK.parse_mask("JC JS TH QH"), 0)
2
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterator
from functools import cache
from importlib import resources
from itertools import combinations
from pathlib import Path

from stolik.games.baska.deck import CARD_POINTS, DECK
from stolik.games.baska.ruleset import Contract, Ruleset, available_rulesets, load_ruleset

SOLVER_VERSION = 2
"""The laid-down search's answers' version: raise it whenever a change to
:mod:`stolik.solver.laid_down` may change an answer (2: issue 15, the adversary's merging of
interchangeable cards made sound). Shipped tables and cache files carry it; a table of
another version is not used."""

TABLES = "laid_down_tables.json"
"""The shipped answers, beside this module: ``{"solver": SOLVER_VERSION, "tables":
{"<order fingerprint>-<goal>-<target>": [hand << 2 | place, …laid down only]}}``."""

_Key = tuple[str, str, int]
"""What decides the answers: a fingerprint of the card order, the goal, the target."""

_ANSWERS: dict[_Key, dict[int, bool]] = {}
"""Per key: (hand << 2 | place after forehand) → laid down."""
_COMPLETE: set[_Key] = set()

HANDS = tuple(DECK.mask_of(cards) for cards in combinations(range(16), 4))
"""Every hand of four cards (1820)."""


@cache
def _key(rs: Ruleset, contract: Contract) -> _Key:
    order = rs.order_of(contract)
    text = repr((order.trumps, order.fele, CARD_POINTS))
    return hashlib.sha256(text.encode()).hexdigest()[:16], contract.goal, rs.points_to_win


def _name(key: _Key) -> str:
    return f"{key[0]}-{key[1]}-{key[2]}"


@cache
def _shipped() -> dict[str, frozenset[int]]:
    """The shipped tables by :func:`_name` (empty if missing or of another solver version)."""
    try:
        text = resources.files("stolik.games.baska").joinpath(TABLES).read_text("utf-8")
        data = json.loads(text)
        if data.get("solver") != SOLVER_VERSION:
            return {}
        return {name: frozenset(int(i) for i in laid) for name, laid in data["tables"].items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def _from_shipped(key: _Key) -> bool:
    """Fill the answers of ``key`` from the shipped table; whether there was one."""
    laid = _shipped().get(_name(key))
    if laid is None:
        return False
    _ANSWERS[key] = {h << 2 | o: (h << 2 | o) in laid for h in HANDS for o in range(4)}
    _COMPLETE.add(key)
    return True


def contract_is_laid_down(rs: Ruleset, contract: Contract, hand: int, *, seat: int,
                          forehand: int) -> bool:
    """Whether a lone player at ``seat`` holding ``hand`` (a mask of 4 cards) cannot lose
    ``contract`` (a solo, or cicha) whatever the others hold and play, before any card is
    played; ``forehand`` leads the first trick (RULES §7). Asks the search, not the tables;
    the search (numba) is imported here, on first use, so that the auction
    (:mod:`stolik.games.baska.state`, through :func:`doubling_limit`) loads it only where
    no shipped table answers.

    >>> from stolik.games.baska.deck import DECK
    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> rs = load_ruleset("pucka-2019")
    >>> gran = rs.contract("gran")
    >>> contract_is_laid_down(rs, gran, DECK.parse_mask("JC JS AH AC"), seat=0, forehand=0)
    True
    >>> contract_is_laid_down(rs, gran, DECK.parse_mask("JC JS TH QH"), seat=0, forehand=0)
    False
    """
    from stolik.solver.laid_down import is_laid_down as search_is_laid_down

    if contract.kind not in ("solo", "cicha"):
        raise ValueError(f"{contract.id} is not played by one player against three")
    return search_is_laid_down(rs.order_of(contract), hand, values=CARD_POINTS, declarer=seat,
                               leader=forehand, goal=contract.goal, target=rs.points_to_win)


def _solve(rs: Ruleset, contract: Contract, hand: int, offset: int) -> bool:
    return contract_is_laid_down(rs, contract, hand, seat=offset, forehand=0)


def is_laid_down(rs: Ruleset, contract: Contract, hand: int, offset: int) -> bool:
    """Whether the lone player of ``contract`` (a solo or cicha) holding ``hand`` cannot
    lose it; ``offset`` is his place after forehand (0 = forehand, who leads)."""
    key = _key(rs, contract)
    if key not in _COMPLETE:
        _from_shipped(key)
    answers = _ANSWERS.setdefault(key, {})
    index = hand << 2 | offset
    found = answers.get(index)
    if found is None:
        found = answers[index] = _solve(rs, contract, hand, offset)
    return found


def doubling_limit(rs: Ruleset, contract: Contract, hand: int, offset: int) -> int:
    """How many doublings ``contract`` accepts when its lone player holds ``hand`` at
    ``offset`` after forehand: its own maximum, or the ruleset's laid-down limit when the
    contract is laid down (RULES §7). 2 v 2 games and honours keep their own maximum."""
    if (contract.kind not in ("solo", "cicha")
            or contract.max_level <= rs.laid_down_max_level):
        return contract.max_level
    if is_laid_down(rs, contract, hand, offset):
        return rs.laid_down_max_level
    return contract.max_level


def cache_dir() -> Path:
    """The per-machine cache folder: ``$STOLIK_CACHE_DIR``, else ``~/.cache/stolik``."""
    env = os.environ.get("STOLIK_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "stolik"


def cache_path(key: _Key) -> Path:
    """The cache file of a table the package does not ship (named with the solver version)."""
    return cache_dir() / f"laid-down-v{SOLVER_VERSION}-{_name(key)}.json"


def solve_table(rs: Ruleset, contract: Contract) -> list[int]:
    """Every laid-down ``hand << 2 | place`` of ``contract``, by the solver (sorted)."""
    return sorted(h << 2 | o for h in HANDS for o in range(4) if _solve(rs, contract, h, o))


def prepare(rs: Ruleset, contract: Contract) -> None:
    """Know every answer for ``contract``: from the shipped table, else from the cache
    folder, else compute all 1820 hands × 4 places and write the table there (quietly
    skipped if the folder cannot be written)."""
    key = _key(rs, contract)
    if key in _COMPLETE or contract.kind not in ("solo", "cicha") or _from_shipped(key):
        return
    path = cache_path(key)
    try:
        laid = {int(i) for i in json.loads(path.read_text(encoding="utf-8"))}
    except (OSError, ValueError, TypeError):
        laid = set(solve_table(rs, contract))
        _write(path, sorted(laid))
    _ANSWERS[key] = {h << 2 | o: (h << 2 | o) in laid for h in HANDS for o in range(4)}
    _COMPLETE.add(key)


def answers(rs: Ruleset, contract: Contract) -> dict[int, bool]:
    """Every answer for ``contract`` by ``hand << 2 | place after forehand`` (from the
    shipped table, the cache, or computed first) — the simulator's lookup table."""
    prepare(rs, contract)
    return _ANSWERS[_key(rs, contract)]


def _write(path: Path, laid: list[int]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False,
                                         encoding="utf-8", suffix=".tmp") as f:
            json.dump(laid, f)
        os.replace(f.name, path)
    except OSError:
        pass


# ---------------------------------------------------------------- the shipped tables


def shipped_contracts() -> Iterator[tuple[Ruleset, Contract]]:
    """One (ruleset, contract) per distinct table among the shipped rulesets' solos and
    cichas (contracts sharing an order, goal and target share a table)."""
    seen: set[_Key] = set()
    for rid in available_rulesets():
        rs = load_ruleset(rid)
        for c in (rs.zwykla, rs.cicha, *rs.ladder):
            if c.kind in ("solo", "cicha") and _key(rs, c) not in seen:
                seen.add(_key(rs, c))
                yield rs, c


def shipped_table(rs: Ruleset, contract: Contract) -> frozenset[int] | None:
    """The shipped laid-down ``hand << 2 | place`` of ``contract``, or None if not shipped."""
    return _shipped().get(_name(_key(rs, contract)))
