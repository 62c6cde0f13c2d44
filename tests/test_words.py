"""Score-sheet words shared by the terminal and the web (stolik.games.baska.words): game
terms stay Polish in both languages, the rest follows the language (RULES §5, §9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stolik.games.baska.record import load_record, replay
from stolik.games.baska.words import CATEGORY_TEXT, game_name, note_text

EXAMPLES = sorted((Path(__file__).parent / "data" / "examples").glob("*.toml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_notes_in_both_languages(path: Path) -> None:
    series = replay(load_record(path))
    for r in series.results:
        pl, en = note_text(r), note_text(r, "en")
        assert note_text(r, "pl") == pl
        if r.revoke is None and r.category is None and r.game.declarer is not None:
            won = r.game.declarer in r.winners
            assert pl.startswith("wygrana" if won else "przegrana")
            assert en.startswith("won" if won else "lost")
        if r.category is not None:
            assert pl.startswith(CATEGORY_TEXT[r.category]) and en.startswith(
                CATEGORY_TEXT[r.category])
        assert ("52:52 bok" in pl) == ("52:52 bok" in en) == bool(r.tie)
        assert game_name(series.record.ruleset, r)
