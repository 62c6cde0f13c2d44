"""Betel's bidding as players think of it (issue 25.6; BETEL §2, §3, §6): the web table's
bidding box — the contracts as levels × denominations, the betelek row, pas and kontra, the
dubel actions apart, a step not legal now disabled, never left out — sent to the seat to
act over the WebSocket (FastAPI's TestClient); and the terminal, where a call is typed as
records write it, in any case, and the numbers shown for choosing stay the same after a
dubel action. The box in a real browser at 390 px is tests/test_web_play_betel_browser.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stolik.cli import app
from stolik.games.betel.calls import KONTRA, LOOK_BOTH, LOOK_FIRST, PAS, Action, bid
from stolik.games.betel.prompt import read_action
from stolik.games.betel.record import load_record
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.state import Deal
from test_web_play_betel import make_app, next_state
from test_web_play_durable import receiver

RS = load_ruleset("gps-2022")
HANDS = ["AS KS QS JS TS 9S 8S 7S AH KH", "AC KC QC JC TC 9C 8C 7C QH JH",
         "AD KD QD JD TD 9D 8D 7D TH 9H"]


def deal() -> Deal:
    """Seat 0 deals and speaks first; the dubel 8H 7H."""
    return Deal.from_text(RS, 0, HANDS, "8H 7H")


# ---------------------------------------------------------------- the web table


def box_moves(box: dict[str, Any]) -> list[tuple[str, bool]]:
    """Every step of a box message as (move, legal), in the box's order."""
    cells = [*box["dubel"], *box["calls"]]
    cells += [c for row in box["levels"] for c in row["cells"] if c is not None]
    cells += box["limits"]["cells"]
    return [(c["move"], c["legal"]) for c in cells]


def test_the_seat_to_act_gets_a_bidding_box_with_every_step(tmp_path: Path) -> None:
    """issue 25.6, BETEL §2, §3: over the WebSocket the seat to act gets the box — five
    levels (1, 2, 3, szlemik, szlem) of ♣ ♦ ♥ ♠ BA, the betelek row (3, 2, 1, 0, betel),
    pas, kontra and the four dubel actions: each of the 36 steps once, legal exactly where
    the engine's legal moves say (kontra disabled, no contract standing)."""
    with TestClient(make_app(tmp_path)) as c:
        r = c.post("/play/api/tables", json={"game": "betel", "name": "Ala", "deals": 1,
                                             "seed": 5, "bots": [None, "random", "random"],
                                             "first_dealer": 0})
        assert r.status_code == 200, r.text
        with c.websocket_connect(f"/play/ws/{r.json()['id']}?lang=pl") as ws:
            state = next_state(receiver(ws))
    d = state["deal"]
    box = d["bidding_box"]
    assert [row["label"] for row in box["levels"]] == ["1", "2", "3", "szlemik", "szlem"]
    assert [col["suit"] for col in box["columns"]] == ["C", "D", "H", "S", None]
    assert [cell["move"] for cell in box["levels"][1]["cells"]] == \
        ["2C", "2D", "2H", "2S", "2BA"]
    assert [cell["label"] for cell in box["limits"]["cells"]] == ["3", "2", "1", "0", "betel"]
    assert box["levels"][4]["cells"][4]["title"] == "Szlem bez atu"
    steps = box_moves(box)
    assert len(steps) == 36 and len({m for m, _ in steps}) == 36
    legal = {m["move"] for m in d["legal"]}
    assert {m for m, ok in steps if ok} == legal
    assert [m for m, ok in steps if not ok] == ["kontra"]


def test_an_illegal_step_stays_in_the_box_disabled() -> None:
    """issue 25.6: after 2♥ and a look at both dubel cards the next seat's box keeps all 36
    steps; the dubel actions (one per call, BETEL §3), the contracts up to 2♥ (a contract
    must be higher, BETEL §3) are there, disabled; pas, kontra, 2♠ on are legal."""
    from stolik.games.betel.web_box import bidding_box

    d = deal()
    d.move("2H")
    d.move("look 2")
    box = bidding_box(d.view(1), RS, "en")
    assert box is not None
    steps = dict(box_moves(box))
    assert len(steps) == 36
    disabled = [m for m, ok in box_moves(box) if not ok]
    assert disabled == ["look 1 #1", "look 1 #2", "look 2", "take", "1C", "1D", "1H", "1S",
                        "1BA", "2C", "2D", "2H", "betelek-3", "betelek-2"]
    assert steps["pas"] and steps["kontra"] and steps["2S"] and steps["szlem-BA"]
    assert bidding_box(d.view(0), RS, "en") is None  # not his turn: no box


# ---------------------------------------------------------------- the terminal


@pytest.mark.parametrize(("typed", "move"), [
    ("2BA", bid(11)), ("2ba", bid(11)), ("betelek-2", bid(6)), ("BETELEK-2", bid(6)),
    ("pas", PAS), ("PAS", PAS), ("look 1", LOOK_FIRST), ("LOOK 1", LOOK_FIRST),
    ("Look 2", LOOK_BOTH), ("szlemik-h", bid(21)), ("Betel", bid(24)), ("1c", bid(1))])
def test_a_call_is_typed_as_records_write_it(typed: str, move: Action) -> None:
    """issue 25.6, BETEL §6: call words in any case, and ``look 1`` (the first dubel
    place: the cards lie face down, BETEL §3)."""
    assert read_action(typed, deal().view(0), RS, "en") == move


def test_kontra_is_typed_in_any_case() -> None:
    """BETEL §3, §6: ``KONTRA`` doubles a standing contract."""
    d = deal()
    d.move("2H")
    assert read_action("KONTRA", d.view(1), RS, "en") == KONTRA


def options_blocks(out: str) -> list[dict[int, str]]:
    """Each screen's options as {number: words} (the panel may wrap the line)."""
    blocks = []
    for screen in out.split("Your options:")[1:]:
        text = " ".join(line.strip("| ") for line in screen.split("Your move")[0].splitlines())
        blocks.append({int(n): w.strip() for n, w in
                       re.findall(r"(\d+)\) (.+?)(?=\s+\d+\) |$)", text)})
    return blocks


def test_the_numbers_do_not_change_after_a_dubel_action(tmp_path: Path) -> None:
    """issue 25.6: the person (dealer, speaking first) types ``look 1``, then ``PAS`` as
    words; the second screen offers the same steps under the same numbers as the first,
    less the dubel actions (one per call, BETEL §3): 5 is still pas, 6 Betelek 3. The
    record writes the call as entered (BETEL §6)."""
    out_path = tmp_path / "m.toml"
    result = CliRunner().invoke(app, [
        "play", "--game", "betel", "--out", str(out_path), "--seed", "2", "--deals", "1",
        "--lang", "en", "--ascii"], input="look 1\nPAS\n" + "1\n5\n" * 200)
    out = result.output
    assert result.exit_code == 0, out
    first, second = options_blocks(out)[:2]
    assert first[1] == "look 1 #1" and first[5] == "pas" and first[6].startswith("Betelek 3")
    assert min(second) == 5 and second[5] == "pas"
    assert {n: w for n, w in first.items() if n >= 5} == second
    assert "There is no step" not in out and "I don't understand" not in out
    entry = load_record(out_path).deals[0].auction[0]
    assert (entry.seat, entry.look, entry.call) == (0, 1, "pas")
