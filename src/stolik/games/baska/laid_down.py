"""Laid-down contracts (wykładane) in the auction: RULES §7, seed 000 §7f–h, 001 §7O, 003 §15.

A solo or a cicha that its player cannot lose whatever the others hold and play accepts
fewer doublings: the ruleset's ``laid_down_max_level`` (a kontra only in `pucka-2019` and
`linia`, none in `mester-sport`). Whether a hand is laid down is decided exactly by the
solver (:func:`stolik.solver.contract_is_laid_down`); it depends only on the card order,
the goal, the four cards and the player's place after forehand. Single answers are
computed on demand; :func:`prepare` computes a game's whole table at once (for the
simulator) and keeps it in the user's cache folder (``$STOLIK_CACHE_DIR``, else
``~/.cache/stolik``), so it is computed once per machine. The solver (numba) is imported
only when an answer is not known yet.

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
from functools import cache
from itertools import combinations
from pathlib import Path

from stolik.games.baska.deck import CARD_POINTS, DECK
from stolik.games.baska.ruleset import Contract, Ruleset

_Key = tuple[str, str, int]
"""What decides the answers: a fingerprint of the card order, the goal, the target."""

_ANSWERS: dict[_Key, dict[int, bool]] = {}
"""Per key: (hand << 2 | place after forehand) → laid down."""
_COMPLETE: set[_Key] = set()


@cache
def _key(rs: Ruleset, contract: Contract) -> _Key:
    order = rs.order_of(contract)
    text = repr((order.trumps, order.fele, CARD_POINTS))
    return hashlib.sha256(text.encode()).hexdigest()[:16], contract.goal, rs.points_to_win


def _solve(rs: Ruleset, contract: Contract, hand: int, offset: int) -> bool:
    from stolik.solver import contract_is_laid_down

    return contract_is_laid_down(rs, contract, hand, seat=offset, forehand=0)


def is_laid_down(rs: Ruleset, contract: Contract, hand: int, offset: int) -> bool:
    """Whether the lone player of ``contract`` (a solo or cicha) holding ``hand`` cannot
    lose it; ``offset`` is his place after forehand (0 = forehand, who leads)."""
    answers = _ANSWERS.setdefault(_key(rs, contract), {})
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


def prepare(rs: Ruleset, contract: Contract) -> None:
    """Know every answer for ``contract``: read its table from the cache folder, or compute
    all 1820 hands × 4 places and write the table there (quietly skipped if the folder
    cannot be written)."""
    key = _key(rs, contract)
    if key in _COMPLETE or contract.kind not in ("solo", "cicha"):
        return
    answers = _ANSWERS.setdefault(key, {})
    path = cache_dir() / f"laid-down-{key[0]}-{key[1]}-{key[2]}.json"
    try:
        laid = set(json.loads(path.read_text(encoding="utf-8")))
        table = {h << 2 | o: (h << 2 | o) in laid
                 for cards in combinations(range(16), 4)
                 for h in (DECK.mask_of(cards),) for o in range(4)}
    except (OSError, ValueError, TypeError):
        table = {}
        for cards in combinations(range(16), 4):
            hand = DECK.mask_of(cards)
            for offset in range(4):
                index = hand << 2 | offset
                found = answers.get(index)
                table[index] = _solve(rs, contract, hand, offset) if found is None else found
        _write(path, sorted(i for i, v in table.items() if v))
    answers.update(table)
    _COMPLETE.add(key)


def answers(rs: Ruleset, contract: Contract) -> dict[int, bool]:
    """Every answer for ``contract`` by ``hand << 2 | place after forehand`` (computing or
    reading its table first) — the simulator's lookup table."""
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
