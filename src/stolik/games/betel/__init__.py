"""Betel, GPS's three-player trick-taking game with a dubel and a 30-contract auction
(BETEL.md, seed 004).

Each rule lives in one module: the cards in :mod:`.deck` (BETEL §1), the ladder of
contracts and every number as data in :mod:`.ruleset` and ``rulesets/`` (§2, §5), the
auction's steps in :mod:`.calls` (§3), playing a card in :mod:`.play` (§4), a deal as a
state in :mod:`.state` (§3–§4), what a seat may know in :mod:`.view`, the score of a deal
in :mod:`.scoring` (§5) and a match in :mod:`.match` (§5).

Where BETEL.md is silent the engine decides as a Polish club referee would (each has a
test):

- A seat chooses which face-down dubel card to look at by its place (first or second);
  the card is shown to it alone, the table learns only "look 1" or "look 2". A legal-move
  list never names a dubel card the seat has not seen.
- An exchange is two steps: ``take`` (both dubel cards into the hand: the seat sees them)
  and ``lay`` (two of the twelve laid back, in order, as the new dubel), then a contract or
  kontra. Laying back the very cards taken is allowed (BETEL §3 "possibly the same").
- After another seat's exchange nobody else knows what lies in the dubel any more
  (``view.dubel`` is then unknown); what a seat saw stays in its memory (``dubel_seen``).
- The ban after "kontra followed by a pass" starts only when the pass is by the next
  player, not by the declarer himself, and lasts the declarer's next turn only.
- In an all-pass deal ``all_pass = "redeal"`` (a club's option) ends the deal unplayed;
  only the peeking costs count.
- Every deal is played to its tenth trick: every trick can change the score (BETEL §4,
  §5). A claim (``Deal.claim``, :mod:`.claims`) is accepted only when the score is the
  same in every layout the claimer cannot tell apart; the rest is then played out.
- A view holds every finished trick: every card played was shown to all.
- A match by time (``minutes``) ends after the deal in progress when the time is up, if
  one seat alone leads; a tie at the top plays on, as in a match to the target. Its record
  (BETEL §6, which has no key for it) says with which deal the time was up: ``time_up =
  N`` (:class:`.record.SeriesRecord`), so that its replay ends where the table ended.
"""

from stolik.games.betel.calls import Action
from stolik.games.betel.match import Match
from stolik.games.betel.ruleset import (
    DEFAULT_RULESET,
    Contract,
    Ruleset,
    available_rulesets,
    describe,
    load_ruleset,
    parse_ruleset,
)
from stolik.games.betel.scoring import DealResult, score
from stolik.games.betel.state import Deal, Move, Op, Trick
from stolik.games.betel.view import SeatView

__all__ = ["DEFAULT_RULESET", "Action", "Contract", "Deal", "DealResult", "Match", "Move",
           "Op", "Ruleset", "SeatView", "Trick", "available_rulesets", "describe",
           "load_ruleset", "parse_ruleset", "score"]
