"""Baśka as an OpenSpiel game (the optional extra ``stolik[openspiel]``).

Importing this module registers ``python_baska`` with :mod:`pyspiel`, so that
``pyspiel.load_game("python_baska(ruleset=linia)")`` gives one deal of Baśka:

* **parameters** — ``ruleset`` (a shipped ruleset id or a ruleset file's path, default
  ``pucka-2019``) and ``dealer`` (seat 0–3, default 0);
* **chance** — an explicit chance node per card dealt: 16 steps, step *i* draws one of the
  remaining cards uniformly for seat *i* // 4 (chance outcome = card index in
  :data:`~stolik.games.baska.deck.DECK`);
* **actions** — :func:`action_ids`: ``0..15`` play that card, ``16`` pass, then one id per
  contract of the ruleset's ladder (lowest first), then one per doubling level (kontra, …);
  the legal ones are exactly :meth:`Deal.legal_calls` / :meth:`Deal.legal_cards`;
* **information** — the information state and the observation of a seat are built from
  :meth:`Deal.view` of that seat (and, during the dealing, from the cards dealt to it) —
  never from another seat's hand;
* **returns** — the deal's payout (:meth:`Deal.result`), which sums to zero.

:meth:`BaskaState.resample_from_infostate` draws a full state consistent with a seat's
information (layouts from :func:`~stolik.games.baska.inference.sample_layouts`, kept only
when the whole history replays to the same view), which is what OpenSpiel's IS-MCTS needs.
:class:`OpenSpielBot` seats an OpenSpiel bot in stolik's arena: it rebuilds a state from the
seat's :class:`SeatView` alone; :func:`make_ismcts_bot` builds one around IS-MCTS.

With the extra installed (``pip install 'stolik[openspiel]'``)::

    import pyspiel
    import stolik.games.baska.openspiel  # registers python_baska
    game = pyspiel.load_game("python_baska(ruleset=linia,dealer=1)")
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)

and in the arena: ``stolik arena --bots ismcts,heuristic`` (the bot kind ``ismcts`` is
registered by :mod:`stolik.games.baska.bots.ismcts` when OpenSpiel is present).

:mod:`pyspiel` is imported here only (in :mod:`~stolik.games.baska.openspiel_actions`; the
action ids, sampling and game live in ``openspiel_actions``, ``openspiel_sampling`` and
``openspiel_game``, re-exported here); the rest of stolik never needs it. Without it this
module still imports, and the helpers that need no OpenSpiel work:

>>> from stolik.games.baska.ruleset import load_ruleset
>>> ids = action_ids(load_ruleset("linia"))
>>> ids.pass_id, ids.contract_ids["gran"], ids.doubling_id(1), ids.num_actions
(16, 18, 23, 27)
>>> ids.name(ids.doubling_id(2))
'rekontra'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from stolik.errors import StolikError
from stolik.games.baska.calls import Call
from stolik.games.baska.openspiel_actions import DEFAULT_RULESET as DEFAULT_RULESET
from stolik.games.baska.openspiel_actions import GAME_NAME as GAME_NAME
from stolik.games.baska.openspiel_actions import NUM_CARDS as NUM_CARDS
from stolik.games.baska.openspiel_actions import RESAMPLE_TRIES as RESAMPLE_TRIES
from stolik.games.baska.openspiel_actions import ActionIds as ActionIds
from stolik.games.baska.openspiel_actions import OpenSpielUnavailable as OpenSpielUnavailable
from stolik.games.baska.openspiel_actions import ResampleError as ResampleError
from stolik.games.baska.openspiel_actions import action_ids as action_ids
from stolik.games.baska.openspiel_actions import available as available
from stolik.games.baska.openspiel_actions import max_auction_length as max_auction_length
from stolik.games.baska.openspiel_actions import max_utility as max_utility
from stolik.games.baska.openspiel_actions import pyspiel as pyspiel
from stolik.games.baska.openspiel_actions import require_pyspiel as require_pyspiel
from stolik.games.baska.openspiel_game import load_game as load_game
from stolik.games.baska.openspiel_sampling import sample_deal as sample_deal
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.state import SeatView

if pyspiel is not None:  # the game's classes exist where OpenSpiel does
    from stolik.games.baska.openspiel_game import BaskaGame as BaskaGame
    from stolik.games.baska.openspiel_game import BaskaObserver as BaskaObserver
    from stolik.games.baska.openspiel_game import BaskaState as BaskaState


# ---------------------------------------------------------------- bots in the arena

DEFAULT_SIMULATIONS = 100
"""IS-MCTS simulations per decision of the ``ismcts`` bot."""


class OpenSpielBot:
    """An OpenSpiel bot seated as a stolik bot: ``act(view)`` rebuilds an OpenSpiel state
    from the view alone (:meth:`BaskaState.from_view` — the hidden hands drawn, never read)
    and returns the bot's ``step`` as a stolik move. ``make(game, rng)`` builds the OpenSpiel
    bot for a game (one per dealer, built on first need)."""

    def __init__(self, make: Callable[[Any, random.Random], Any], *, name: str = "openspiel",
                 seed: int | None = None, ruleset: Ruleset | None = None) -> None:
        require_pyspiel()
        self.name = name
        self.rng = random.Random(seed)
        self.make = make
        self.ruleset = ruleset
        self._bots: dict[tuple[str, int], tuple[Any, Any]] = {}

    def _game_and_bot(self, view: SeatView) -> tuple[Any, Any]:
        key = (view.ruleset, view.dealer)
        if key not in self._bots:
            rs = self.ruleset
            if rs is not None and rs.id != view.ruleset:
                raise StolikError(f"this bot was made for ruleset {rs.id!r}, but the view "
                                  f"is of ruleset {view.ruleset!r}")
            game = load_game(rs or view.ruleset, view.dealer)
            self._bots[key] = (game, self.make(game, self.rng))
        return self._bots[key]

    def act(self, view: SeatView) -> Call | int:
        """The OpenSpiel bot's move for the view's seat."""
        if view.to_act != view.seat or not (view.legal_calls or view.legal_cards):
            raise StolikError(f"seat {view.seat} has no move to make")
        if len(view.legal_calls) + len(view.legal_cards) == 1:
            return (view.legal_calls or view.legal_cards)[0]
        game, bot = self._game_and_bot(view)
        state = BaskaState.from_view(game, view, self.rng)
        action = int(bot.step(state))
        if action < NUM_CARDS:
            return action
        ids: ActionIds = game.ids
        return ids.to_call(action)


class IsmctsBot(OpenSpielBot):
    """OpenSpiel's IS-MCTS (``open_spiel.python.algorithms.ismcts``) as a stolik bot — the
    arena's ``ismcts``: ``simulations`` per decision, a random-rollout evaluator with
    ``rollouts`` playouts, uct constant ``uct_c``, and worlds drawn with
    :meth:`BaskaState.resample` (seeded from ``seed``)."""

    def __init__(self, *, seed: int | None = None, ruleset: Ruleset | None = None,
                 simulations: int = DEFAULT_SIMULATIONS, uct_c: float = 2.0,
                 rollouts: int = 1) -> None:
        require_pyspiel()
        if simulations < 1 or rollouts < 1:
            raise ValueError("simulations and rollouts must be at least 1")
        from open_spiel.python.algorithms import ismcts, mcts

        def make(game: Any, rng: random.Random) -> Any:
            np_rng = np.random.RandomState(rng.getrandbits(32))
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=np_rng)
            bot = ismcts.ISMCTSBot(game, evaluator, uct_c, max_simulations=simulations,
                                   random_state=np_rng)
            bot.set_resampler(lambda state, player: state.resample(player, rng))
            return bot

        super().__init__(make, name="ismcts", seed=seed, ruleset=ruleset)


def make_ismcts_bot(*, seed: int | None = None, ruleset: Ruleset | None = None,
                    simulations: int = DEFAULT_SIMULATIONS, uct_c: float = 2.0,
                    rollouts: int = 1) -> IsmctsBot:
    """An :class:`IsmctsBot` (what ``make_bot("ismcts", ...)`` builds)."""
    return IsmctsBot(seed=seed, ruleset=ruleset, simulations=simulations, uct_c=uct_c,
                     rollouts=rollouts)
