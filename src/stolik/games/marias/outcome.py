"""What a finished Mariáš deal decided, as the scorer needs it (MARIAS §5, §8): the sides'
card points and marriages, the sedma and the tichá sedma in the last trick, whether a sto
was povinná, the soloist's tricks, or the renonc's price.

>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.from_text(load_ruleset(), 3, ["7A AA KA OA KH OH TL AL",
...     "AH TH 9H 8H UL 9L 8L 7L", "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"])
>>> for m in ["trump=7A call=TA"] + ["dobry"] * 4 + ["sto"] + ["nic"] * 3 + ["pass"] * 4:
...     d.move(m)
>>> d.record_renonc(2, "revoke")
>>> settle(d).renonc_price      # a renonc during a sto: as made at 130 (seed §4)
320
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stolik.games.marias.deck import SEVEN, TRICKS, card, marriage_cards, marriages_in
from stolik.games.marias.play import NO_TRUMPS
from stolik.games.marias.scoring import Settlement

if TYPE_CHECKING:
    from stolik.games.marias.state import Deal


def povinna(deal: Deal) -> bool:
    """The sto is mandatory: the čtyřka (trump K + O) is with the called card's holder, or
    with the chooser when he does not play alone (seed §6, MARIAS §4.3). Decision: a sto
    that the hands make mandatory counts as povinná whoever said it first."""
    p = deal.pos
    ctyrka = marriage_cards(p.trump)
    if p.partner >= 0 and deal.initial_hands[p.partner] & ctyrka == ctyrka:
        return True
    return p.soloist < 0 and deal.initial_hands[deal.chooser] & ctyrka == ctyrka


def settle(deal: Deal) -> Settlement:
    """The :class:`Settlement` of a finished deal."""
    p = deal.pos
    side = (p.soloist,) if p.soloist >= 0 else tuple(sorted((deal.chooser, p.partner)))
    if p.end == "renonc":  # MARIAS §8
        return Settlement(game=p.game or p.claim or "hra", trump=p.trump,
                          side=side if p.game else (deal.chooser,), levels=p.levels,
                          end="renonc", offender=p.offender,
                          renonc_price=deal.renonc_price(p))
    pts = [0, 0]
    mar: list[list[int]] = [[], []]
    for s in range(4):
        pts[deal.side(s, p)] += p.points[s]
    if p.trump != NO_TRUMPS:
        for s in range(4):  # every pair held is played, hence counted (MARIAS §4.6)
            for suit in marriages_in(deal.initial_hands[s]):
                mar[deal.side(s, p)].append(40 if suit == p.trump else 20)
    last_seven, seven_won, sedma_won = -1, False, False
    if p.trump != NO_TRUMPS and len(p.history) == TRICKS:  # MARIAS §5: the last trick
        last = p.history[-1]
        seven = card(p.trump, SEVEN)
        if seven in last.cards:
            last_seven = (last.leader + last.cards.index(seven)) % 4
            seven_won = last.cards[(last.winner - last.leader) % 4] == seven
            sedma_won = seven_won and last_seven == p.sedma_by
    return Settlement(
        game=p.game, trump=p.trump, side=side, levels=p.levels, points=(pts[0], pts[1]),
        marriages=(tuple(sorted(mar[0], reverse=True)), tuple(sorted(mar[1], reverse=True))),
        sedma_by=p.sedma_by, sedma_won=sedma_won,
        last_seven=-1 if p.sedma_by >= 0 else last_seven, seven_won=seven_won,
        proti=p.proti_by >= 0, povinna=p.game == "sto" and povinna(deal),
        soloist_tricks=p.tricks[p.soloist] if p.soloist >= 0 else 0, end=p.end)
