"""The toy game of docs/adding-a-game.md (issue 26.4), registered from outside
stolik.games, run by the core through its terminal, records, arena and a web table. The
toy's rules are TOY §1–§3 (tests/toygame/__init__.py); its size is the measure of what
the core carries."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik import games
from stolik.cli import app
from stolik.deal import replace
from stolik.errors import RecordError
from stolik.records import loads_document
from toygame.record import dumps_record, parse_record, replay, series_record
from toygame.ruleset import load_ruleset
from toygame.simulate import simulate
from toygame.state import Deal, name

TESTS = Path(__file__).parent


@pytest.fixture
def toy() -> Iterator[games.GameSpec]:
    """The toy game registered for one test, taken away after it."""
    spec = games.register("toygame")
    yield spec
    games.unregister("toygame")


def test_register_adds_a_game_from_outside_and_takes_it_away(toy: games.GameSpec) -> None:
    assert [g.id for g in games.games()] == ["baska", "betel", "licitovany", "marias", "toy"]
    assert games.game_of_ruleset("toy-club") is toy
    assert toy.package == "toygame" and toy.has_part("terminal") and not toy.has_part("nope")
    assert toy.part("record").__name__ == "toygame.record"
    assert games.find_ruleset("toy-club")[1].last_trick == 1
    games.unregister("toygame")
    assert [g.id for g in games.games()] == ["baska", "betel", "licitovany", "marias"]
    games.register("toygame")


def test_a_package_that_is_no_game_is_refused_naming_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        monkeypatch.setenv(games.EXTRA_GAMES_ENV, "no_such_game_package")
        games._registry.cache_clear()
        with pytest.raises(TypeError, match="STOLIK_EXTRA_GAMES: no package 'no_such_game_"):
            games.games()
        monkeypatch.setenv(games.EXTRA_GAMES_ENV, "toygame.rulesets")
        games._registry.cache_clear()
        with pytest.raises(TypeError, match=r"toygame\.rulesets: a game's package holds game"):
            games.games()
    finally:
        monkeypatch.delenv(games.EXTRA_GAMES_ENV)
        games._registry.cache_clear()
    assert [g.id for g in games.games()] == ["baska", "betel", "licitovany", "marias"]


def test_env_var_registers_for_a_whole_process(tmp_path: Path) -> None:
    """STOLIK_EXTRA_GAMES: `stolik rules list` and `stolik simulate` in a fresh process."""
    env = {"STOLIK_EXTRA_GAMES": "toygame", "PYTHONPATH": f"{TESTS}", "PATH": "/usr/bin"}
    run = subprocess.run([sys.executable, "-m", "stolik", "rules", "list"], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Toy (toy)" in run.stdout and "toy-club" in run.stdout


# ---------------------------------------------------------------- (a) the terminal


def test_terminal_plays_a_whole_series_to_its_sheet(toy: games.GameSpec,
                                                    tmp_path: Path) -> None:
    """`stolik play --game toy`: the core's loop with scripted input — a refused card, a
    command, numbered cards — to the end of the series, its record and sheet (TOY §2, §3)."""
    out = tmp_path / "series.toml"
    typed = "XX\nhelp\n" + "1\n" * 40
    result = CliRunner().invoke(app, ["play", "--game", "toy", "--seed", "3", "--lang", "en",
                                      "--opponents", "random", "--out", str(out), "--ascii"],
                                input=typed)
    assert result.exit_code == 0, result.output
    assert "I don't understand 'xx'" in result.output
    assert "Deal 3/3" in result.output and "total" in result.output
    series = replay(parse_record(loads_document(out.read_text("utf-8"), "toml")))
    assert len(series.results) == 3
    assert sum(series.totals) == 3 * (3 + 1)


def test_terminal_refuses_a_card_against_the_rules(toy: games.GameSpec) -> None:
    """A card held but not of the suit led is refused with the rule (TOY §2)."""
    result = CliRunner().invoke(app, ["play", "--game", "toy", "--seed", "1", "--lang", "en",
                                      "--out", "/dev/null", "--seat", "2"],
                                input="".join(f"{name(c)}\n" for c in range(9)) + "\n" * 40)
    assert result.exit_code == 0, result.output
    assert "Not allowed" in result.output or "does not hold" in result.output


# ---------------------------------------------------------------- (b) records


def test_records_round_trip_through_toml_and_json() -> None:
    rs = load_ruleset()
    sim = simulate(rs, 12, seed=5, keep_records=True)
    record = series_record(rs, sim.records, ["Ala", "Ola", "Ela"])
    for fmt in ("toml", "json"):
        again = parse_record(loads_document(dumps_record(record, fmt), fmt))
        assert again == record
        assert replay(again).totals == sim.totals


def test_a_broken_record_is_refused_in_one_line_naming_deal_and_entry() -> None:
    rs = load_ruleset()
    doc = json.loads(dumps_record(series_record(rs, simulate(rs, 2, seed=1,
                                                             keep_records=True).records),
                                  "json"))
    doc["deal"][1]["play"][3], doc["deal"][1]["play"][4] = (doc["deal"][1]["play"][4],
                                                            doc["deal"][1]["play"][3])
    try:
        replay(parse_record(doc, source="club.json"))
    except RecordError as e:
        message = str(e)
    else:  # the swap was legal after all: a card out of the hand must fail
        pytest.fail("a swapped play was accepted")
    assert "\n" not in message and "club.json" in message and "deal 2, play entry" in message
    hands = doc["deal"][0]["hands"]
    hands[0] = hands[1].split()[0] + hands[0][2:]
    with pytest.raises(RecordError, match=r"^deal 1: \w\w is dealt twice \(TOY §1\)$"):
        replay(parse_record(doc))
    doc["deal"][0]["hands"] = json.loads(dumps_record(series_record(rs, simulate(
        rs, 2, seed=1, keep_records=True).records), "json"))["deal"][0]["hands"]
    doc["deal"][1]["dealer"] = doc["deal"][0]["dealer"]
    with pytest.raises(RecordError, match=r"deal 2: the dealer must be seat \d, left of the"):
        replay(parse_record(doc))


def test_a_club_ruleset_changes_the_last_trick(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text('id = "our-club"\nlast_trick = 5\n', encoding="utf-8")
    rs = load_ruleset(str(club))
    assert sum(simulate(rs, 4, seed=2).totals) == 4 * (3 + 5)


def test_replay_command_and_simulate_command(toy: games.GameSpec, tmp_path: Path) -> None:
    """The core's `stolik simulate` and `stolik replay` drive the toy's parts."""
    out = tmp_path / "sim.json"
    run = CliRunner().invoke(app, ["simulate", "--ruleset", "toy-club", "-n", "6", "--seed",
                                   "2", "--out", str(out)])
    assert run.exit_code == 0, run.output
    shown = CliRunner().invoke(app, ["replay", str(out), "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output)["game"] == "toy"


# ---------------------------------------------------------------- hidden information


def test_two_layouts_a_seat_cannot_tell_apart_give_it_the_same_view() -> None:
    """TOY §1: a seat sees its hand and the cards played, nothing of the others' hands."""
    rs = load_ruleset()
    rng = random.Random(7)
    for _ in range(50):
        deal = Deal.random(rs, rng.randrange(3), rng)
        while not deal.is_over:
            for seat in range(3):
                others = [s for s in range(3) if s != seat]
                a, b = (deal.pos.hands[s] for s in others)
                if len(a) != len(b):
                    continue
                swapped = deal.clone()
                hands = list(swapped.pos.hands)
                hands[others[0]], hands[others[1]] = b, a
                swapped._stack[-1] = replace(deal.pos, hands=tuple(hands))
                assert swapped.view(seat) == deal.view(seat)
            deal.move(rng.choice(deal.legal_moves()))


def test_every_deal_is_three_tricks_and_the_points_add_up() -> None:
    rs = load_ruleset()
    for seed in range(30):
        deal = Deal.random(rs, seed % 3, random.Random(seed))
        while not deal.is_over:
            deal.move(random.Random(seed + len(deal.log)).choice(deal.legal_moves()))
        assert len(deal.history) == 3 and sum(deal.result().points) == 4
        for t in deal.history:  # TOY §2: the highest card of the suit led takes it
            led = [c for c in t.cards if c // 3 == t.cards[0] // 3]
            assert t.cards[(t.winner - t.leader) % 3] == max(led)


# ---------------------------------------------------------------- (c) the arena


def test_arena_duplicate_random_against_random_with_its_interval(toy: games.GameSpec) -> None:
    """`stolik arena --ruleset toy-club`: every deal in the six seatings of two kinds at
    three seats; the same kind twice ties exactly (the cards' luck cancels)."""
    run = CliRunner().invoke(app, ["arena", "--ruleset", "toy-club", "--bots", "random,random",
                                   "-n", "20", "--seed", "4", "--json"])
    assert run.exit_code == 0, run.output
    result = json.loads(run.output)
    assert result["seatings_per_deal"] == 6 and result["deals"] == 20
    low, high = result["pairs"][0]["ci95"]
    assert low <= result["pairs"][0]["mean_diff"] <= high
    heuristic = toy.part("arena").run_arena(["heuristic", "heuristic"], 10,
                                            ruleset=load_ruleset(), seed=2)
    assert heuristic.pairs[0].diff.mean == 0 and heuristic.bots[0].illegal == 0


# ---------------------------------------------------------------- (d) a web table


def test_web_table_sit_and_play_to_the_end(toy: games.GameSpec, tmp_path: Path) -> None:
    """A toy table over the API and the WebSocket: a person and two bots play the series
    to its end; the person's state names his own hand only, a spectator's none (TOY §1);
    the record replays to the table's totals."""
    from fastapi.testclient import TestClient

    from stolik.db import open_database
    from stolik.web.app import create_app
    from test_web_play_betel import next_state
    from test_web_play_durable import receiver

    app_ = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0,
                      client_seeds=True)
    with TestClient(app_) as c:
        r = c.post("/play/api/tables", json={"game": "toy", "name": "Ala", "deals": 2,
                                             "seed": 9, "bots": [None, "random", "heuristic"]})
        assert r.status_code == 200, r.text
        tid, token = r.json()["id"], r.json()["token"]
        c.cookies.clear()
        with c.websocket_connect(f"/play/ws/{tid}?lang=en") as watcher:
            watched = receiver(watcher)
            c.cookies.set("stolik_player", token)
            with c.websocket_connect(f"/play/ws/{tid}?lang=en") as ws:
                got = receiver(ws)
                state = next_state(got)
                played: set[str] = set()
                while not state["over"]:
                    d = state["deal"]
                    if state["waiting_next"] and 0 not in state["ready"]:
                        ws.send_json({"type": "next"})
                    elif d["to_act"] == 0 and d["legal"]:
                        ws.send_json({"type": "move", "move": d["legal"][-1]})
                    state = next_state(got)
                    seen = {c for _, c in state["deal"]["trick"]}
                    last = state["deal"]["last_trick"]
                    played |= seen | {c for _, c in (last["cards"] if last else [])}
                    assert len(state["deal"]["hand"]) <= 3  # his own cards only
                    assert set(state["deal"]["hand"]).isdisjoint(seen)
        assert state["over"] and len(state["sheet"]) == 2 and len(played) == 9
        spectator = watched.get(timeout=10)
        while spectator["type"] != "state":
            spectator = watched.get(timeout=10)
        assert spectator["seat"] is None and spectator["deal"]["hand"] == []
        rec = c.get(f"/play/t/{tid}/record.toml")
        assert rec.status_code == 200, rec.text
        series = replay(parse_record(loads_document(rec.text, "toml")))
        assert list(series.totals) == state["totals"] and "seed 9" in rec.text


def test_web_state_hides_the_other_hands() -> None:
    """Two layouts a seat cannot tell apart (the other two hands swapped) give that seat
    the same message at every step (TOY §1)."""
    from stolik.web.play.game import SeatSpec
    from toygame.web import ToyKind

    kind = ToyKind()
    m = kind.new_match({"seed": 3, "deals": 1}, [SeatSpec(name=n) for n in "ABC"],
                       lambda p: None)
    rng = random.Random(3)
    while not m.deal.is_over:
        seat = m.to_act()
        assert seat is not None
        for looker in range(3):
            a, b = (s for s in range(3) if s != looker)
            if len(m.deal.pos.hands[a]) == len(m.deal.pos.hands[b]):
                twin = m.deal.clone()
                hands = list(twin.pos.hands)
                hands[a], hands[b] = hands[b], hands[a]
                twin._stack[-1] = replace(twin.pos, hands=tuple(hands))
                real = m.deal
                m.deal = twin
                swapped = m.state(looker, "en")
                m.deal = real
                assert swapped == m.state(looker, "en")
        m.apply(seat, name(rng.choice(m.deal.legal_moves())))


def test_web_table_page_of_a_game_from_outside(toy: games.GameSpec, tmp_path: Path) -> None:
    """A game registered after the web was imported gets its lobby form and its table
    page (issue 26.4): the web asks the registry for the game's ``web`` and ``deck`` parts
    when a page is drawn, naming no package."""
    from fastapi.testclient import TestClient

    from stolik.db import open_database
    from stolik.web.app import create_app

    app_ = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0)
    with TestClient(app_) as c:
        assert 'id="new-table-toy"' in c.get("/play/?lang=en").text
        r = c.post("/play/api/tables", json={"game": "toy", "name": "Ala", "deals": 1,
                                             "bots": [None, "random", "random"]})
        assert c.get(f"/play/t/{r.json()['id']}").status_code == 200
