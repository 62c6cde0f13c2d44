"""Baśka registered with OpenSpiel as ``python_baska`` (imported, it registers the game when
:mod:`pyspiel` is installed): the game, its states with explicit chance nodes for the
deal, the observer built from a seat's view only, and :func:`load_game`.

Re-exported by :mod:`stolik.games.baska.openspiel`, which documents the game."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from stolik.games.baska.deck import CARDS_PER_HAND, DECK, HANDS
from stolik.games.baska.openspiel_actions import (
    DEFAULT_RULESET,
    GAME_NAME,
    NUM_CARDS,
    ActionIds,
    action_ids,
    max_auction_length,
    max_utility,
    pyspiel,
    require_pyspiel,
)
from stolik.games.baska.openspiel_sampling import sample_deal
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.state import Deal, SeatView

# ---------------------------------------------------------------- the game

if pyspiel is not None:

    @lru_cache(maxsize=16)
    def _ruleset(ref: str) -> Ruleset:
        return load_ruleset(ref)

    def _game_type() -> Any:
        return pyspiel.GameType(
            short_name=GAME_NAME,
            long_name="Baśka (stolik)",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=HANDS,
            min_num_players=HANDS,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={"ruleset": DEFAULT_RULESET, "dealer": 0},
        )

    _GAME_TYPE = _game_type()

    class BaskaGame(pyspiel.Game):  # type: ignore[misc]
        """One deal of Baśka under a ruleset, dealt by seat ``dealer``. ``ruleset`` (a
        :class:`Ruleset` object) overrides the ``ruleset`` parameter — the way a league's
        own ruleset file reaches the game without a path."""

        def __init__(self, params: dict[str, Any] | None = None, *,
                     ruleset: Ruleset | None = None) -> None:
            params = dict(params or {})
            ref = str(params.get("ruleset", DEFAULT_RULESET))
            rs = ruleset or _ruleset(ref)
            if ruleset is not None:
                params["ruleset"] = ruleset.path or ruleset.id
            dealer = int(params.get("dealer", 0))
            if dealer not in range(HANDS):
                raise ValueError(f"dealer must be a seat 0–3, not {dealer}")
            params["dealer"] = dealer
            self.rs = rs
            self.dealer = dealer
            self.ids = action_ids(rs)
            self.auction_length = max_auction_length(rs)
            top = max_utility(rs)
            info = pyspiel.GameInfo(
                num_distinct_actions=self.ids.num_actions,
                max_chance_outcomes=NUM_CARDS,
                num_players=HANDS,
                min_utility=-top,
                max_utility=top,
                utility_sum=0.0,
                max_game_length=self.auction_length + NUM_CARDS,
            )
            super().__init__(_GAME_TYPE, info, params)

        def new_initial_state(self) -> BaskaState:
            """The state before the first card is dealt."""
            return BaskaState(self)

        def make_py_observer(self, iig_obs_type: Any = None,
                             params: dict[str, Any] | None = None) -> BaskaObserver:
            """The observer OpenSpiel asks for: the information state (perfect recall) or
            the observation."""
            return BaskaObserver(
                self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    class BaskaState(pyspiel.State):  # type: ignore[misc]
        """A Baśka deal in OpenSpiel: the dealing (chance), then a :class:`Deal`."""

        def __init__(self, game: BaskaGame) -> None:
            super().__init__(game)
            # OpenSpiel clones a Python state by deep-copying each attribute: the game's
            # data is shared, the Deal cloned (it shares its immutable positions).
            self._game = _Shared(game)
            self._held = _Held()
            self.dealt: list[int] = []

        @property
        def rs(self) -> Ruleset:
            """The ruleset."""
            return self._game.rs

        @property
        def dealer(self) -> int:
            """The dealer's seat."""
            return self._game.dealer

        @property
        def ids(self) -> ActionIds:
            """The action numbering."""
            return self._game.ids

        @property
        def deal(self) -> Deal | None:
            """The deal once all 16 cards are dealt (None while dealing)."""
            return self._held.deal

        # -------------------------------------------------------- OpenSpiel API

        def current_player(self) -> int:
            """The seat to act, CHANCE while dealing, TERMINAL when the deal is over."""
            if self.deal is None:
                return int(pyspiel.PlayerId.CHANCE)
            seat = self.deal.to_act
            return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

        def _legal_actions(self, player: int) -> list[int]:
            deal = self.deal
            if deal is None or player != deal.to_act:
                return []
            if deal.phase == "auction":
                return sorted(self.ids.of_call(c) for c in deal.legal_calls())
            return sorted(deal.legal_cards())

        def chance_outcomes(self) -> list[tuple[int, float]]:
            """The cards not yet dealt, each equally likely."""
            left = [c for c in range(NUM_CARDS) if c not in self.dealt]
            return [(c, 1.0 / len(left)) for c in left]

        def _apply_action(self, action: int) -> None:
            if self.deal is None:
                if action in self.dealt or not 0 <= action < NUM_CARDS:
                    raise ValueError(f"card {action} cannot be dealt now")
                self.dealt.append(action)
                if len(self.dealt) == NUM_CARDS:
                    self._held.deal = Deal(self.rs, self.dealer, self._hands(self.dealt))
                return
            if action < NUM_CARDS:
                self.deal.play(action)
            else:
                self.deal.call(self.ids.to_call(action))

        @staticmethod
        def _hands(dealt: Sequence[int]) -> list[int]:
            return [DECK.mask_of(dealt[CARDS_PER_HAND * s: CARDS_PER_HAND * (s + 1)])
                    for s in range(HANDS)]

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return f"deal {DECK.name(action, ascii=True)}"
            return self.ids.name(action)

        def is_terminal(self) -> bool:
            """Whether the deal is settled."""
            return self.deal is not None and self.deal.is_over

        def returns(self) -> list[float]:
            """The payout by seat once the deal is over (zeros before)."""
            if self.deal is None or not self.deal.is_over:
                return [0.0] * HANDS
            return [float(p) for p in self.deal.result().payout]

        def __str__(self) -> str:
            if self.deal is None:
                return "dealing: " + DECK.format(self.dealt, ascii=True)
            hands = " | ".join(DECK.format_mask(h, ascii=True) for h in self.deal.hands)
            moves = " ".join(
                op.call.text(self.rs) if op.call is not None else
                DECK.name(op.card, ascii=True) if op.card is not None else "revoke"
                for op in self.deal.log)
            return f"{hands} || {moves}"

        # -------------------------------------------------------- information

        def seat_cards(self, seat: int) -> list[int]:
            """The cards dealt to ``seat`` so far, in deck order (its initial hand)."""
            if self.deal is not None:
                return DECK.cards_of(self.deal.initial_hands[seat])
            return sorted(self.dealt[CARDS_PER_HAND * seat: CARDS_PER_HAND * (seat + 1)])

        def resample_from_infostate(self, player_id: int,
                                    probability_sampler: Callable[[], float]) -> BaskaState:
            """A state drawn from those ``player_id`` cannot tell from this one: other
            seats' cards redrawn (uniformly among the layouts consistent with the seat's
            view and the whole history). ``probability_sampler()`` seeds the draw."""
            rng = random.Random(int(float(probability_sampler()) * 2**53))
            return self.resample(player_id, rng)

        def resample(self, player_id: int, rng: random.Random) -> BaskaState:
            """:meth:`resample_from_infostate` with a :class:`random.Random`. The new state
            is built by applying actions, so its ``history()`` is complete: the same moves,
            the same cards dealt to ``player_id``, the other seats' cards redrawn."""
            game = self.get_game()
            mine = range(CARDS_PER_HAND * player_id, CARDS_PER_HAND * (player_id + 1))
            if self.deal is None:
                rest = [c for i, c in enumerate(self.dealt) if i not in mine]
                rng.shuffle(rest)
                it = iter(rest)
                return BaskaState._replayed(
                    game, [c if i in mine else next(it) for i, c in enumerate(self.dealt)], [])
            deal = sample_deal(self.rs, self.deal.view(player_id), rng)
            dealt = [self.dealt[i] if i in mine else c for i, c in enumerate(_dealt(deal))]
            return BaskaState._replayed(game, dealt, self.history()[NUM_CARDS:])

        @classmethod
        def from_view(cls, game: BaskaGame, view: SeatView, rng: random.Random) -> BaskaState:
            """A state consistent with ``view`` (the other hands drawn as in
            :meth:`resample`): what a bot that is given only a view searches from."""
            if view.ruleset != game.rs.id or view.dealer != game.dealer:
                raise ValueError(f"a view of {view.ruleset} dealt by seat {view.dealer} does "
                                 f"not fit {game}")
            deal = sample_deal(game.rs, view, rng)
            ids = game.ids
            moves = [ids.of_call(op.call) if op.call is not None else op.card
                     for op in deal.log]
            return cls._replayed(game, _dealt(deal), [m for m in moves if m is not None])

        @staticmethod
        def _replayed(game: BaskaGame, dealt: Sequence[int],
                      moves: Sequence[int]) -> BaskaState:
            state = BaskaState(game)
            for action in (*dealt, *moves):
                state.apply_action(action)
            return state

    def _dealt(deal: Deal) -> list[int]:
        """The cards of a deal in dealing order: seat 0's four, then seat 1's, …"""
        return [c for h in deal.initial_hands for c in DECK.cards_of(h)]

    class _Shared:
        """What every state of a game shares; a deep copy is the same object."""

        def __init__(self, game: BaskaGame) -> None:
            self.rs = game.rs
            self.dealer = game.dealer
            self.ids = game.ids

        def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
            return self

    class _Held:
        """The state's :class:`Deal`; a deep copy is a :meth:`Deal.clone`."""

        def __init__(self, deal: Deal | None = None) -> None:
            self.deal = deal

        def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
            return _Held(self.deal.clone() if self.deal is not None else None)

    # ------------------------------------------------------------ observer

    class BaskaObserver:
        """Information state (``perfect_recall``) or observation of one seat, as a string
        and a tensor. Private pieces: the seat's own cards (or every seat's, for
        ``ALL_PLAYERS``); public pieces: the calls and cards played (the information
        state), or the auction's standing, the trick and the counts (the observation)."""

        def __init__(self, game: BaskaGame, iig_obs_type: Any,
                     params: dict[str, Any] | None) -> None:
            if params:
                raise ValueError(f"observation parameters not supported; passed {params}")
            self.game = game
            self.perfect_recall = bool(iig_obs_type.perfect_recall)
            self.public = bool(iig_obs_type.public_info)
            private = iig_obs_type.private_info
            self.private = ("single" if private == pyspiel.PrivateInfoType.SINGLE_PLAYER
                            else "all" if private == pyspiel.PrivateInfoType.ALL_PLAYERS
                            else "none")
            ids = game.ids
            rs = game.rs
            pieces: list[tuple[str, tuple[int, ...]]] = [("player", (HANDS,))]
            if self.private == "single":
                pieces.append(("hand", (NUM_CARDS,)))
            elif self.private == "all":
                pieces.append(("hands", (HANDS, NUM_CARDS)))
            if self.private == "single" and not self.perfect_recall:
                pieces.append(("sides", (HANDS, 2)))
            if self.public:
                pieces.append(("dealer", (HANDS,)))
                pieces.append(("dealt", (NUM_CARDS + 1,)))
                pieces.append(("laid_down", (HANDS,)))  # announced, public (RULES §7)
                if self.perfect_recall:
                    pieces.append(("calls", (game.auction_length, ids.num_calls)))
                    pieces.append(("play_cards", (NUM_CARDS, NUM_CARDS)))
                    pieces.append(("play_seats", (NUM_CARDS, HANDS)))
                else:
                    pieces.append(("to_act", (HANDS,)))
                    pieces.append(("contract", (len(rs.ladder),)))
                    pieces.append(("declarer", (HANDS,)))
                    pieces.append(("level", (len(rs.doublings) + 1,)))
                    pieces.append(("played", (NUM_CARDS,)))
                    pieces.append(("trick", (HANDS - 1, NUM_CARDS)))
                    pieces.append(("trick_seats", (HANDS - 1, HANDS)))
                    pieces.append(("tricks", (HANDS, CARDS_PER_HAND + 1)))
            size = sum(int(np.prod(shape)) for _, shape in pieces)
            self.tensor = np.zeros(size, np.float32)
            self.dict: dict[str, Any] = {}
            at = 0
            for name, shape in pieces:
                n = int(np.prod(shape))
                self.dict[name] = self.tensor[at: at + n].reshape(shape)
                at += n

        def set_from(self, state: BaskaState, player: int) -> None:
            """Fill :attr:`tensor` with what ``player`` knows of ``state``."""
            self.tensor.fill(0)
            d = self.dict
            deal = state.deal
            d["player"][player] = 1
            view = deal.view(player) if deal is not None else None
            if "hand" in d:
                cards = (state.seat_cards(player) if self.perfect_recall or view is None
                         else sorted(view.hand))
                d["hand"][cards] = 1
            if "hands" in d:
                for s in range(HANDS):
                    cards = (state.seat_cards(s) if self.perfect_recall or deal is None
                             else DECK.cards_of(deal.hands[s]))
                    d["hands"][s, cards] = 1
            if "sides" in d and view is not None:
                for s, side in enumerate(view.sides):
                    if side is not None:
                        d["sides"][s, side] = 1
            if not self.public:
                return
            d["dealer"][state.dealer] = 1
            d["dealt"][len(state.dealt)] = 1
            if deal is None:
                return
            ids = state.ids
            for ann in deal.announcements:
                d["laid_down"][ann.seat] = 1
            if self.perfect_recall:
                i = k = 0
                for op in deal.log:
                    if op.call is not None:
                        d["calls"][i, ids.of_call(op.call) - NUM_CARDS] = 1
                        i += 1
                    elif op.card is not None:
                        d["play_cards"][k, op.card] = 1
                        d["play_seats"][k, op.seat] = 1
                        k += 1
                return
            if deal.to_act is not None:
                d["to_act"][deal.to_act] = 1
            contract = deal.contract
            if contract is not None:
                d["contract"][contract.rank] = 1
                declarer = _auction_declarer(deal)
                if declarer is not None:
                    d["declarer"][declarer] = 1
            d["level"][deal.level] = 1
            for _, card in _plays(deal):
                d["played"][card] = 1
            for k, (seat, card) in enumerate(deal.trick):
                d["trick"][k, card] = 1
                d["trick_seats"][k, seat] = 1
            for s, n in enumerate(deal.tricks):
                d["tricks"][s, n] = 1

        def string_from(self, state: BaskaState, player: int) -> str:
            """What ``player`` knows of ``state``, in words."""
            rs = state.rs
            deal = state.deal
            parts = [f"p{player}"]
            view = deal.view(player) if deal is not None else None
            if self.private == "single":
                cards = (state.seat_cards(player) if self.perfect_recall or view is None
                         else sorted(view.hand))
                parts.append("hand " + DECK.format(cards, ascii=True))
                if not self.perfect_recall and view is not None:
                    parts.append("sides " + "".join(
                        "?" if x is None else "DO"[x] for x in view.sides))
            elif self.private == "all":
                for s in range(HANDS):
                    cards = (state.seat_cards(s) if self.perfect_recall or deal is None
                             else DECK.cards_of(deal.hands[s]))
                    parts.append(f"s{s} " + DECK.format(cards, ascii=True))
            if not self.public:
                return " | ".join(parts)
            parts.append(f"dealer {state.dealer}")
            if deal is None:
                parts.append(f"dealt {len(state.dealt)}")
                return " | ".join(parts)
            if self.perfect_recall:
                calls = [op.call.text(rs) for op in deal.log if op.call is not None]
                plays = [f"{op.seat}:{DECK.name(op.card, ascii=True)}" for op in deal.log
                         if op.card is not None]
                parts.append("calls " + " ".join(calls))
                if deal.announcements:  # public (RULES §7): part of every information state
                    parts.append("laid " + " ".join(
                        f"{a.game}:{a.seat}@{a.after}" for a in deal.announcements))
                if plays:
                    parts.append("plays " + " ".join(plays))
                return " | ".join(parts)
            parts.append(f"{deal.phase} to_act {deal.to_act}")
            contract = deal.contract
            if contract is not None:
                parts.append(f"contract {contract.id} by {_auction_declarer(deal)}")
            if deal.level:
                parts.append(rs.doubling_name(deal.level))
            if deal.laid_down:
                parts.append("laid down")
            if deal.phase != "auction":
                parts.append("played " + DECK.format_mask(
                    DECK.mask_of(c for _, c in _plays(deal)), ascii=True))
                parts.append("trick " + " ".join(
                    f"{s}:{DECK.name(c, ascii=True)}" for s, c in deal.trick))
                parts.append("tricks " + " ".join(map(str, deal.tricks)))
            return " | ".join(parts)

    def _plays(deal: Deal) -> list[tuple[int, int]]:
        return [(op.seat, op.card) for op in deal.log if op.card is not None]

    def _auction_declarer(deal: Deal) -> int | None:
        """The seat that called the highest contract (public: it is in the calls)."""
        for op in reversed(deal.log):
            if op.call is not None and op.call.kind == "contract":
                return op.seat
        return None

    pyspiel.register_game(_GAME_TYPE, BaskaGame)


def load_game(ruleset: str | Ruleset = DEFAULT_RULESET, dealer: int = 0) -> Any:
    """The OpenSpiel game for a ruleset (id, path, or a :class:`Ruleset`) and dealer."""
    require_pyspiel()
    if isinstance(ruleset, Ruleset):
        return BaskaGame({"dealer": dealer}, ruleset=ruleset)
    return pyspiel.load_game(GAME_NAME, {"ruleset": ruleset, "dealer": dealer})
