"""Replaying one entry of a licitovaný record (LICITOVANY §10) through the engine, and why
an entry breaks the rules, in the reader's language: a call of the licitace, the discard,
the contract or omyl, a raise of the fleky (:func:`apply_call`), a card (:func:`apply_card`),
a renonc ruling and its money (:func:`renonc_money`). Every refusal is an
:class:`~stolik.errors.IllegalMove` carrying a :class:`~stolik.i18n.Msg` that cites the
rule's section at its end, as every catalog text does: ``sedma needs the seven (seat 1 holds
no 7L) (LICITOVANY §4.4)``.

The engine (:class:`~stolik.games.licitovany.state.Deal`) decides what is legal; this
module only says why not, from the same rules (:mod:`.auction`, :mod:`.talon`,
:mod:`.flek_rounds`, :mod:`.rules`), and accepts a talon breach where a kind ``hra`` renonc
by the aktér follows (LICITOVANY §7, Decisions: "Talon breach").

>>> import random
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.state import Deal
>>> d = Deal.from_text(load_ruleset(), dealer=2, hands=[
...     "AL TL KL OL 9L 7L AB KB OB 8A", "TH KH OH UH 9H 8H 7H TB UB 9B",
...     "AH AA TA KA OA UA 9A UL 8L 7B"], talon="8B 7A")
>>> apply_call(d, 0, "sedma")
Traceback (most recent call last):
stolik.errors.IllegalMove: seat 0 speaks out of turn: seat 2 is to speak (LICITOVANY §4)
>>> apply_call(d, 2, "sedma"); apply_call(d, 0, "sedma")
Traceback (most recent call last):
stolik.errors.IllegalMove: seat 0 is the earlier seat of the two: he holds (mam) or passes \
(dobra), he does not bid (LICITOVANY §4.2)
"""

from __future__ import annotations

from stolik.deck32 import ACE, ASCII_NAMES, SEVEN, TEN, card
from stolik.errors import IllegalMove
from stolik.games.licitovany import flek_rounds
from stolik.games.licitovany.calls import Move, parse_move
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.money import SIDE, Table, settle_pausal, settle_renonc
from stolik.games.licitovany.rules import Contract, announces, contract_problem, playable
from stolik.games.licitovany.ruleset import FLEK_WORDS
from stolik.games.licitovany.state import Deal
from stolik.games.licitovany.talon import contracts
from stolik.i18n import Msg

RENONC_KINDS = ("hra", "pausal1", "pausal2")
"""The kinds of a renonc ruling (LICITOVANY §7)."""

_HIGH = sum(1 << card(s, r) for s in range(4) for r in (ACE, TEN))
"""The aces and tens: never in a trump game's talon (LICITOVANY §4.3)."""


def _fail(msg: Msg) -> IllegalMove:
    return IllegalMove(msg)


def _names(mask: int) -> str:
    return " ".join(ASCII_NAMES[c] for c in range(32) if mask >> c & 1)


def _turn(deal: Deal, seat: int, *, card_: bool = False) -> None:
    if deal.is_over:
        raise _fail(Msg("err-li-over", "the deal is over: nothing more is said or played "
                                       "(LICITOVANY §10)"))
    if seat != deal.to_act:
        if card_:
            raise _fail(Msg("err-li-play-turn", "seat {seat} plays out of turn: seat {to_act} "
                                                "is to play (LICITOVANY §3)",
                                                seat=seat, to_act=deal.to_act))
        raise _fail(Msg("err-li-turn", "seat {seat} speaks out of turn: seat {to_act} is to "
                                       "speak (LICITOVANY §4)", seat=seat, to_act=deal.to_act))


def _read(deal: Deal, seat: int, text: str) -> Move:
    side = deal.rs.flek_scope == "side"
    try:
        return parse_move(text, seat=SIDE if side else seat)
    except IllegalMove:
        raise _fail(Msg("err-li-words", "cannot read {text!r}: a rung, mam, dobra, discard, "
                                        "contract, omyl, a raise or a card (LICITOVANY §10)",
                                        text=text[:60])) from None


def apply_call(deal: Deal, seat: int, text: str, *, breach: bool = False) -> None:
    """Make the call ``text`` (a ``bidding`` entry's words) of ``seat``; ``breach``: a
    kind ``hra`` renonc by the aktér follows, so a forbidden talon is accepted
    (LICITOVANY §7)."""
    _turn(deal, seat)
    m = _read(deal, seat, text)
    phase = deal.phase
    if phase == "licitace":
        _licitace(deal, seat, m)
    elif phase == "discard":
        _discard(deal, seat, m, breach)
    elif phase == "contract":
        _contract(deal, m, breach)
    elif phase == "fleky":
        _raise(deal, seat, m)
    else:
        raise _fail(Msg("err-li-bidding-over", "the bidding is over: the play follows, one card "
                                               "an entry in 'play' (LICITOVANY §10)"))


def _licitace(deal: Deal, seat: int, m: Move) -> None:
    a = deal.pos.auction
    later = a.speaker == a.later
    if m.kind not in ("bid", "mam", "dobra"):
        raise _fail(Msg("err-li-not-licitace", "{word} is not a call of the licitace: a rung, "
                                               "mam or dobra (LICITOVANY §4.2)", word=m.text()))
    if m.kind == "bid" and m.rung not in deal.rs.ladder:
        raise _fail(Msg("err-li-ladder", "{word} is not a rung of this ruleset's ladder "
                                         "(LICITOVANY §2)",
                        word=RUNGS[m.rung].word))
    if m.kind == "bid" and not later:
        raise _fail(Msg("err-li-earlier-bids", "seat {seat} is the earlier seat of the two: he "
                                               "holds (mam) or passes (dobra), he does not bid "
                                               "(LICITOVANY §4.2)", seat=seat))
    if m.kind == "bid" and m.rung <= a.standing:
        raise _fail(Msg("err-li-low-bid", "a bid must be above the standing rung {rung} "
                                          "(LICITOVANY §4.2)",
                        rung=RUNGS[a.standing].word))
    if m.kind == "mam" and later:
        raise _fail(Msg("err-li-later-mam", "mam is said only by the earlier seat of the two; "
                                            "seat {seat} bids or passes (dobra) (LICITOVANY "
                                            "§4.2)", seat=seat))
    deal.move(m)


def _discard(deal: Deal, seat: int, m: Move, breach: bool) -> None:
    p = deal.pos
    if m.kind != "discard":
        raise _fail(Msg("err-li-want-discard", "the aktér (seat {seat}) takes the talon and "
                                               "lays two cards away now: \"{seat} discard "
                                               "<card> <card>\" (LICITOVANY §4.3)",
                        seat=seat))
    for c in m.cards:
        if not p.hands[seat] >> c & 1:
            raise _fail(Msg("err-li-not-held", "seat {seat} holds no {card} (LICITOVANY §4.3)",
            seat=seat,
                            card=ASCII_NAMES[c]))
    if deal.allows(m):
        deal.move(m)
    elif breach:  # accepted: the renonc ruling that follows settles it (§7)
        deal.breach(m)
    else:
        raise _fail(Msg("err-li-no-contract-left", "after laying {cards} away no contract at or "
                                                   "above {rung} is allowed (LICITOVANY §4.4)",
                                                   cards=_names(
                            sum(1 << c for c in m.cards)), rung=RUNGS[p.won].word))


def _contract(deal: Deal, m: Move, breach: bool) -> None:
    p, rs = deal.pos, deal.rs
    if m.kind == "omyl":
        if p.won != rs.lowest:
            raise _fail(Msg("err-li-omyl", "omyl only at the lowest rung {lowest}; the won rung "
                                           "is {won} (LICITOVANY §4.4)",
                                           lowest=RUNGS[rs.lowest].word,
                            won=RUNGS[p.won].word))
        deal.move(m)
        return
    if m.kind != "contract":
        raise _fail(Msg("err-li-want-contract", "the aktér names the contract now (or omyl at "
                                                "the lowest rung): \"{seat} contract <rung> "
                                                "[<trump>] [<helper>]\" (LICITOVANY §4.4)",
                                                seat=p.akter))
    c = Contract(RUNGS[m.rung], m.trump, m.helper)
    if why := _contract_words(deal, c):
        raise _fail(why)
    talon = _talon_breach(c, p.discard)
    if talon is not None and not breach:
        raise _fail(talon)
    seven = _sedma_seven(c, p.hands[p.akter] | (p.discard if breach else 0), p.akter)
    if seven is not None:
        raise _fail(seven)
    if not breach or (talon is None and c in contracts(rs, p.won, p.hands[p.akter],
                                                        p.discard)):
        deal.move(m)
    else:  # a talon breach the aktér's renonc settles (LICITOVANY §7, Decisions)
        deal.breach(m)


def _contract_words(deal: Deal, c: Contract) -> Msg | None:
    rs, won = deal.rs, deal.pos.won
    if c.rung.number not in rs.ladder:
        return Msg("err-li-ladder", "{word} is not a rung of this ruleset's ladder (LICITOVANY "
                                    "§2)",
                   word=c.rung.word)
    if c.rung.number < won:
        return Msg("err-li-below", "the contract may not be below the won rung {rung} "
                                   "(LICITOVANY §4.4)",
                   rung=RUNGS[won].word)
    problem = contract_problem(c.rung, c.trump, c.helper)
    if problem is None:
        return None
    if "hearts" in problem and not c.rung.red:
        return Msg("err-li-hearts", "a non-red rung may not name hearts trumps (LICITOVANY §4.4)")
    return Msg("err-li-suits", "{rung} names its suits so: {form} (LICITOVANY §4.4)",
    rung=c.rung.word,
               form=_form(c))


def _form(c: Contract) -> str:
    if c.rung.closed:
        return f"contract {c.rung.word}"
    trump = "" if c.rung.red else " <trump L, B or A>"
    helper = " <helper, not the trump>" if c.rung.helper else ""
    return f"contract {c.rung.word}{trump}{helper}"


def _talon_breach(c: Contract, discard: int) -> Msg | None:
    if c.rung.closed:
        return None
    if discard & _HIGH:
        return Msg("err-li-talon-high", "a trump game's talon holds no ace and no ten ({cards} "
                                        "laid away) (LICITOVANY §4.3)", cards=_names(discard))
    for seven, _ in c.kept_back:
        if discard >> seven & 1:
            return Msg("err-li-talon-seven", "the talon holds no announced seven ({card} laid "
                                             "away) (LICITOVANY §4.3)", card=ASCII_NAMES[seven])
    return None


def _sedma_seven(c: Contract, hand: int, seat: int) -> Msg | None:
    if "hra" in c.rung.components and c.trump is not None:
        seven = card(c.trump, SEVEN)
        if not hand >> seven & 1:
            return Msg("err-li-sedma-seven", "sedma needs the seven (seat {seat} holds no "
                                             "{card}) (LICITOVANY §4.4)",
                                             seat=seat, card=ASCII_NAMES[seven])
    return None


def _raise(deal: Deal, seat: int, m: Move) -> None:
    p, rs = deal.pos, deal.rs
    if m.kind == "dobra":
        deal.move(m)
        return
    if m.kind != "raise" or p.rounds is None:
        raise _fail(Msg("err-li-want-raise", "the fleky: {word} or dobra (LICITOVANY §4.5)",
                        word=p.rounds.word if p.rounds else "flek"))
    level = FLEK_WORDS.index(m.word) + 1
    if level > rs.max_flek:
        raise _fail(Msg("err-li-flek-max", "{word} goes beyond max_flek = {max}: a void raise, "
                                           "refused (LICITOVANY §4.5)",
                                           word=m.word, max=rs.max_flek))
    if m.word != p.rounds.word:
        raise _fail(Msg("err-li-flek-round", "round {round} of the fleky raises with {want}, "
                                             "not {word} (LICITOVANY §4.5)",
                                             round=p.rounds.round, want=p.rounds.word,
                        word=m.word))
    side = rs.flek_scope == "side"
    if any((s == SIDE) != side for _, s in m.raises) or (
            not side and seat == p.akter and any(s == seat for _, s in m.raises)):
        raise _fail(Msg("err-li-flek-form", "under flek_scope = \"side\" a raise names "
                                            "components only; under \"pair\" the aktér names "
                                            "component:seat (LICITOVANY §10)")
                    if side else
                    Msg("err-li-flek-pair", "under flek_scope = \"pair\" the aktér names "
                                            "component:seat (\"re hra:1\"), a defender his own "
                                            "pair's components (LICITOVANY §10)"))
    options = flek_rounds.options(rs, p.rounds, deal.components())
    if len(set(m.raises)) != len(m.raises):
        raise _fail(Msg("err-li-flek-twice", "a raise names each component once (LICITOVANY "
                                             "§4.5)"))
    for comp, s in m.raises:
        if (comp, s) not in options:
            raise _fail(Msg("err-li-flek-not-now", "{what} may not be raised now: one raises "
                                                   "what the other side raised in the round "
                                                   "before (LICITOVANY §4.5)",
                            what=comp if s == SIDE else f"{comp}:{s}"))
    deal.move(m)


def apply_card(deal: Deal, seat: int, c: int, hlaska: bool) -> None:
    """Play card ``c`` of ``seat`` (``hlaska``: it announces a hláška, LICITOVANY §3)."""
    p = deal.pos
    if p.phase != "play" and not deal.is_over:
        raise _fail(Msg("err-li-card-early", "no card is played before the fleky end: the deal "
                                             "is in the {phase} (LICITOVANY §10)", phase=p.phase))
    _turn(deal, seat, card_=True)
    assert p.contract is not None
    hand, name = p.hands[seat], ASCII_NAMES[c]
    if not hand >> c & 1:
        raise _fail(Msg("err-li-card-not-held", "seat {seat} holds no {card} (LICITOVANY §3)",
        seat=seat,
                        card=name))
    trick_no = len(p.tricks) + 1
    mask = playable(hand, p.trick, p.contract, trick_no=trick_no, akter=seat == p.akter)
    if not mask >> c & 1:
        kept = dict(p.contract.kept_back)
        if c in kept and playable(hand, p.trick, p.contract, trick_no=trick_no,
                                  akter=False) >> c & 1:
            raise _fail(Msg("err-li-seven-early", "the announced seven {card} is not played "
                                                  "before trick {trick} (LICITOVANY §3)",
                                                  card=name, trick=kept[c]))
        raise _fail(Msg("err-li-card-illegal", "{card} may not be played: follow suit and beat "
                                               "the winning card, else trump and overtrump "
                                               "(LICITOVANY §3)", card=name))
    if hlaska and not announces(hand, c, p.contract):
        raise _fail(Msg("err-li-hlaska", "{card} announces no hláška: a K or O whose partner "
                                         "the seat still holds, in rungs 1–6, 10, 12 "
                                         "(LICITOVANY §3)", card=name))
    deal.move(Move.play(c, hlaska))


def renonc_money(deal: Deal, seat: int, kind: str) -> tuple[int, ...]:
    """Each seat's units after a renonc ruling against ``seat`` at this point of the deal
    (LICITOVANY §7): kind ``hra`` needs a named contract and no pauzírák; a renonc after
    the deal is over is refused."""
    p = deal.pos
    if deal.is_over:
        raise _fail(Msg("err-li-renonc-over", "a renonc after the deal is over is refused "
                                              "(LICITOVANY §7)"))
    if kind != "hra":
        return settle_pausal(deal.rs, Table(deal.players, -1, (-1, -1), deal.pauzirak),
                             seat, kind)
    if seat == deal.pauzirak:
        raise _fail(Msg("err-li-renonc-pauzirak", "the pauzírák (seat {seat}) commits only a "
                                                  "paušál (pausal1, pausal2) (LICITOVANY §7)",
                                                  seat=seat))
    if p.contract is None:
        raise _fail(Msg("err-li-renonc-contract", "a renonc of kind hra needs a named contract "
                                                  "(LICITOVANY §7)"))
    return settle_renonc(deal.rs, p.contract.rung, p.fleky, deal.table, seat)
