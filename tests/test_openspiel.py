"""The OpenSpiel adapter (``stolik[openspiel]``): the registered ``python_baska`` game passes
OpenSpiel's own random-simulation checks, hides the other hands, scores as stolik does, and
seats IS-MCTS in the arena. Skipped where OpenSpiel is not installed."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from stolik.errors import StolikError  # noqa: E402
from stolik.games.baska import openspiel  # noqa: E402
from stolik.games.baska.arena import deal_hands, play_deal, run_arena  # noqa: E402
from stolik.games.baska.bots import bot_names, make_bot  # noqa: E402
from stolik.games.baska.calls import PASS, Call  # noqa: E402
from stolik.games.baska.deck import DECK  # noqa: E402
from stolik.games.baska.ruleset import available_rulesets, load_ruleset  # noqa: E402
from stolik.games.baska.state import Deal  # noqa: E402

RULESETS = ["pucka-2019", "linia", "mester-sport"]


def _random_game(game: Any, rng: random.Random) -> Any:
    """Play a game of ``game`` to its end with uniformly random chance and moves."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _states(game: Any, rng: random.Random, games: int) -> list[Any]:
    """Every decision state of ``games`` random games (clones)."""
    out = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def test_rulesets_covered() -> None:
    assert sorted(RULESETS) == available_rulesets()


def test_load_game_and_its_shape() -> None:
    game = pyspiel.load_game("python_baska(ruleset=linia)")
    rs = load_ruleset("linia")
    assert game.get_type().short_name == "python_baska"
    assert game.num_players() == 4
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_distinct_actions() == 16 + 1 + len(rs.ladder) + len(rs.doublings)
    assert game.max_chance_outcomes() == 16
    assert game.get_parameters() == {"ruleset": "linia", "dealer": 0}
    assert game.max_utility() == -game.min_utility() > 0
    default = pyspiel.load_game("python_baska")
    assert default.get_parameters()["ruleset"] == "pucka-2019"
    with pytest.raises(ValueError, match="dealer"):
        openspiel.load_game("linia", dealer=4)


def test_chance_deals_one_card_at_a_time() -> None:
    game = openspiel.load_game("pucka-2019", dealer=2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(c, 1 / 16) for c in range(16)]
    for c in range(15, -1, -1):
        state.apply_action(c)
    assert not state.is_chance_node()
    deal = state.deal
    assert deal.initial_hands[0] == DECK.mask_of([15, 14, 13, 12])
    # Dealer 2: forehand is 3, the seat after forehand speaks first (RULES §4).
    assert state.current_player() == 0
    assert state.legal_actions() == sorted(
        openspiel.action_ids(deal.rs).of_call(c) for c in deal.legal_calls())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_sim_test(ruleset: str) -> None:
    for dealer in (0, 3):
        game = pyspiel.load_game("python_baska", {"ruleset": ruleset, "dealer": dealer})
        pyspiel.random_sim_test(game, num_sims=8, serialize=False, verbose=False)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_action_ids_round_trip(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    ids = openspiel.action_ids(rs)
    calls = [PASS, *(Call("contract", c.id) for c in rs.ladder),
             *(Call("double", level=k) for k in range(1, len(rs.doublings) + 1))]
    assert [ids.of_call(c) for c in calls] == list(range(16, ids.num_actions))
    assert [ids.to_call(ids.of_call(c)) for c in calls] == calls
    with pytest.raises(ValueError, match="not a call"):
        ids.to_call(ids.num_actions)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_returns_are_stolik_payouts(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    game = openspiel.load_game(ruleset, dealer=1)
    rng = random.Random(ruleset)
    contracts = set()
    for _ in range(80):  # random calls end mostly in du contracts: enough games for two
        state = _random_game(game, rng)
        history = state.history()
        returns = state.returns()
        assert sum(returns) == 0
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        # Replay the same cards and moves on a Deal built here, independently.
        hands = [DECK.mask_of(history[4 * s: 4 * s + 4]) for s in range(4)]
        deal = Deal(rs, 1, hands)
        ladder = [c.id for c in rs.ladder]
        for a in history[16:]:
            if a < 16:
                deal.play(a)
            elif a == 16:
                deal.call("pass")
            elif a < 17 + len(ladder):
                deal.call(ladder[a - 17])
            else:
                deal.call(rs.doubling_name(a - 16 - len(ladder)))
        assert deal.is_over
        assert returns == [float(p) for p in deal.result().payout]
        assert state.rewards() == returns
        contracts.add(deal.game.contract.id if deal.game else None)
    assert len(contracts) > 1


def _hidden_cards(state: Any, seat: int) -> list[str]:
    """Names of the cards other seats still hold (or, while dealing, were dealt)."""
    if state.deal is None:
        mine = set(state.seat_cards(seat))
        return [DECK.name(c, ascii=True) for c in state.dealt if c not in mine]
    return [DECK.name(c, ascii=True) for s in range(4) if s != seat
            for c in DECK.cards_of(state.deal.hands[s])]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_information_never_shows_other_hands(ruleset: str) -> None:
    game = openspiel.load_game(ruleset)
    rng = random.Random(7)
    for state in _states(game, rng, 4):
        for seat in range(4):
            for text in (state.information_state_string(seat), state.observation_string(seat)):
                for name in _hidden_cards(state, seat):
                    assert name not in text, (seat, text)
            # Another world the seat cannot tell apart gives it the same information.
            other = state.resample(seat, rng)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert np.array_equal(other.information_state_tensor(seat),
                                  state.information_state_tensor(seat))
            assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat))
            assert other.legal_actions(seat) == state.legal_actions(seat)
            assert other.history()[16:] == state.history()[16:]


def test_information_state_is_the_seat_view() -> None:
    game = openspiel.load_game("pucka-2019")
    state = game.new_initial_state()
    for c in DECK.parse("AH TH QC AD QS QH JC TD AC TC AS TS QD JS JH JD"):
        state.apply_action(c)
    assert state.information_state_string(1) == "p1 | hand JC QS QH TD | dealer 0 | calls "
    for _ in range(4):
        state.apply_action(16)
    state.apply_action(DECK.parse_card("JC"))
    info = state.information_state_string(2)
    assert info == "p2 | hand AC TC AS TS | dealer 0 | calls pass pass pass pass | plays 1:JC"
    assert "sides" in state.observation_string(1)


def test_every_observation_type() -> None:
    from open_spiel.python.observation import make_observation

    game = openspiel.load_game("mester-sport")
    rng = random.Random(5)
    states = _states(game, rng, 2)
    private = pyspiel.PrivateInfoType
    for recall in (False, True):
        for priv in (private.NONE, private.SINGLE_PLAYER, private.ALL_PLAYERS):
            for public in (False, True):
                obs = make_observation(game, pyspiel.IIGObservationType(
                    public_info=public, perfect_recall=recall, private_info=priv))
                for state in states[::7]:
                    obs.set_from(state, 2)
                    assert obs.tensor[2] == 1 and set(np.unique(obs.tensor)) <= {0.0, 1.0}
                    text = obs.string_from(state, 2)
                    hidden = _hidden_cards(state, 2)
                    if priv == private.ALL_PLAYERS:
                        assert all(name in text for name in hidden)
                    else:
                        assert not any(name in text for name in hidden)
                    if priv == private.NONE:
                        assert "hand" not in text


def test_resample_during_the_dealing_keeps_own_cards() -> None:
    game = openspiel.load_game("linia")
    state = game.new_initial_state()
    for c in range(10):
        state.apply_action(c)
    other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.seat_cards(1) == state.seat_cards(1)
    assert sorted(other.dealt) == sorted(state.dealt)
    assert other.information_state_string(1) == state.information_state_string(1)
    for c in range(10, 16):
        state.apply_action(c)
    state.apply_action(state.legal_actions()[-1])
    other = state.resample_from_infostate(3, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(3) == state.information_state_string(3)
    assert other.history()[16:] == state.history()[16:]


def test_openspiel_ismcts_plays_the_game_directly() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_baska(ruleset=pucka-2019,dealer=3)")
    np_rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np_rng), 2.0,
                           max_simulations=6, random_state=np_rng)
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif state.current_player() == 1:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == 0


def test_from_view_and_errors() -> None:
    rs = load_ruleset("linia")
    deal = Deal.random(rs, 2, random.Random(3))
    view = deal.view(deal.to_act or 0)
    game = openspiel.load_game(rs, dealer=2)
    state = openspiel.BaskaState.from_view(game, view, random.Random(1))
    assert state.deal is not None and state.deal.view(view.seat) == view
    with pytest.raises(ValueError, match="does not fit"):
        openspiel.BaskaState.from_view(openspiel.load_game(rs, dealer=0), view,
                                       random.Random(1))
    bot = openspiel.make_ismcts_bot(seed=1, ruleset=load_ruleset("pucka-2019"),
                                    simulations=4)
    with pytest.raises(StolikError, match="made for ruleset"):
        bot.act(view)
    with pytest.raises(StolikError, match="no move"):
        bot.act(deal.view((view.seat + 1) % 4))


def test_ismcts_bot_plays_a_deal_in_the_arena() -> None:
    assert "ismcts" in bot_names()
    rs = load_ruleset("pucka-2019")
    for index in range(2):
        deal = deal_hands(rs, seed=3, index=index)
        bots = [make_bot("ismcts", seed=1, ruleset=rs, simulations=8),
                make_bot("random", seed=2), make_bot("heuristic", seed=3),
                openspiel.make_ismcts_bot(seed=4, simulations=8, rollouts=2)]
        payout = play_deal(deal, bots)
        assert deal.is_over and sum(payout) == 0


def test_ismcts_in_run_arena_is_deterministic() -> None:
    rs = load_ruleset("linia")
    first = run_arena(["ismcts", "random"], 1, ruleset=rs, seed=4,
                      factory=lambda kind, seed, r: make_bot(kind, seed=seed, ruleset=r,
                                                             **({"simulations": 4}
                                                                if kind == "ismcts" else {})))
    again = run_arena(["ismcts", "random"], 1, ruleset=rs, seed=4,
                      factory=lambda kind, seed, r: make_bot(kind, seed=seed, ruleset=r,
                                                             **({"simulations": 4}
                                                                if kind == "ismcts" else {})))
    assert first.pairs[0].diffs == again.pairs[0].diffs
    assert first.bots[0].illegal == 0


def _same_legal_actions_when_resampled(state: Any, rng: random.Random, tries: int) -> None:
    player = state.current_player()
    info = state.information_state_string(player)
    legal = state.legal_actions()
    for _ in range(tries):
        other = state.resample(player, rng)
        assert other.information_state_string(player) == info
        assert other.legal_actions() == legal, (info, other)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_resampled_states_of_one_information_state_have_the_same_legal_actions(
        ruleset: str) -> None:
    """Issue 15 (IS-MCTS's KeyError): every state resampled from an information state has
    the same legal actions — offered calls never depend on hidden cards (RULES §4 dead
    doublings; §7 the laid-down status is public and the resampling keeps it)."""
    game = openspiel.load_game(ruleset)
    rng = random.Random(11)
    states = _states(game, rng, 6)
    for state in states[::3]:
        _same_legal_actions_when_resampled(state, rng, 8)


def test_resampling_keeps_a_laid_down_announcement() -> None:
    """RULES §7: seat 1 (forehand, dealer 0) calls gran with J♣ J♠ A♥ A♣, laid down and
    announced: every layout seat 2 resamples keeps it laid down, so kontra and nothing more
    is offered in all of them, and the announcement is in the information state."""
    rs = load_ruleset("pucka-2019")
    game = openspiel.load_game(rs)
    hands = ["QC QS QH QD", "JC JS AH AC", "TC TS TH TD", "JH JD AS AD"]
    state = game.new_initial_state()
    for h in hands:
        for c in DECK.cards_of(DECK.parse_mask(h)):
            state.apply_action(c)
    ids = openspiel.action_ids(rs)
    for call in ["pass", "pass", "pass", "gran", "kontra"]:
        state.apply_action(ids.of_call(Call("pass") if call == "pass" else
                                        Call("contract", "gran") if call == "gran"
                                        else Call("double", level=1)))
    assert state.deal.laid_down
    assert "laid gran:1" in state.information_state_string(state.current_player())
    assert ids.doubling_id(2) not in state.legal_actions()
    _same_legal_actions_when_resampled(state, random.Random(3), 10)
