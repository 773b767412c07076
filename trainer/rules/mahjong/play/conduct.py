"""Conduct at the Mah-Jong table: what a player may still do, and what he must do
(Portaria 135/91/M, Art. 5, 9 and 10).

Each function takes the facts of a scene — who did what, when — and returns a
:class:`Ruling`: the decision and the reasons, each citing its exact point.

- A discard cannot be taken back (Art. 9 (a)(1), (b)(1)).
- A player who called pung and withdrew cannot win that game, on a discard or self-drawn
  (Art. 9 (a)(2)): :func:`may_win`.
- A player who saw another's tiles cannot make any kong that game, open, concealed or
  added (Art. 9 (a)(3), (b)(2)): :func:`may_kong`. A kong draws its replacement from the
  end of the last double row (Art. 5 (a)(5), (b)(4)).
- A chow obliges the caller to expose it, discard, and forgo that turn's draw (Art. 5
  (a)(3)); the simplified form has no chow (Art. 5 (b)(3)).
- A wrong tile taken, or wrong tiles exposed, for a chow or pung may be corrected only
  before the player's next draw; a win declared before correcting it is «nulo» (Art. 10
  (a)(7)), paid as (a)(8) says: :func:`wrong_exposure`.
- A winner's capital in play (Art. 9 (a)(4), (b)(3); HI-MJ-CAP): :func:`capital`.
- A win declared without a complete hand (Art. 10 (a)(8), (b)(3); HI-MJ-NULO):
  :func:`false_declaration`.

Heavenly and earthly wins and the bank are :mod:`trainer.rules.mahjong.play.games`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from i18n import N_, Message
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.hand import Meld
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.nulo import declared_nulo
from trainer.rules.mahjong.play.payments import (
    ART_9_CAPITAL,
    ART_10_NULO,
    HI_MJ_CAP,
    false_win,
    settle,
    table,
)
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation

HI_MJ_WALL_END = HouseInterpretation("HI-MJ-WALL-END")
HI_MJ_KONG_TURN = HouseInterpretation("HI-MJ-KONG-TURN")


def art(number: int, item: str) -> Article:
    return Article(Regulation.MAHJONG, number, item)


def form_point(variant: Variant, conventional: str, simplified: str) -> Article:
    """The same rule's point in each form, e.g. Art. 9 (a)(1) and (b)(1)."""
    number, _, item = (conventional if variant is Variant.CONVENTIONAL else simplified
                       ).partition(" ")
    return art(int(number), item)


class Decision(StrEnum):
    ALLOWED = "allowed"
    REFUSED = "refused"
    REPLACEMENT_FROM_END = "from_end"  # a kong made; its replacement from the wall's end
    EXPOSE_AND_DISCARD = "expose_discard"  # the chow's duties
    CORRECTED = "corrected"
    STANDS = "stands"  # too late to correct
    NULO = "nulo"
    HEAVENLY = "heavenly"
    EARTHLY = "earthly"
    ORDINARY = "ordinary"
    KEEPS_BANK = "keeps_bank"
    PASSES_BANK = "passes_bank"
    NEXT_ROUND = "next_round"
    NULO_DOUBLE_EACH = "nulo_double_each"  # a banker's false win, conventional
    NULO_BANKER_DOUBLE = "nulo_banker_double"  # another's: banker double, others one fán
    NULO_SINGLE_EACH = "nulo_single_each"  # simplified: one fán to each other player
    FULL_SHARES = "full_shares"
    CAPPED = "capped"  # the capital reached, counterclockwise from the winner
    PUT_BACK = "put_back"  # a tile from the wrong end of the wall goes back unseen


class KongKind(StrEnum):
    OPEN = "open"  # the fourth tile discarded by another
    CONCEALED = "concealed"  # four alike drawn into the hand
    ADDED = "added"  # the fourth drawn to a pung on view


@dataclass(frozen=True)
class Ruling:
    decision: Decision
    reasons: tuple[Reason, ...]


def take_back_discard(variant: Variant) -> Ruling:
    """A player asks to take back the tile he has just discarded: never."""
    point = form_point(variant, "9 a(1)", "9 b(1)")
    return Ruling(Decision.REFUSED, (Reason(Message.of(N_(
        "Once discarded, a tile cannot be taken back.")), point),))


def may_win(variant: Variant, withdrew_pung: bool, self_drawn: bool) -> Ruling:
    """May a player declare the win his tiles make? Not after calling pung and withdrawing
    in this game — on a discard or self-drawn alike (Art. 9 (a)(2))."""
    if variant is Variant.SIMPLIFIED and withdrew_pung:
        raise ValueError("the simplified form has no pung on a discard (Art. 5 (b)(3))")
    how = (N_("a tile he draws himself") if self_drawn else N_("another player's discard"))
    if withdrew_pung:
        return Ruling(Decision.REFUSED, (Reason(Message.of(N_(
            "He called pung and withdrew in this game: he has lost the right to win it, "
            "even on {how}."), how=Message.of(how)), art(9, "a(2)")),))
    reasons = [Reason(Message.of(N_("The first to show a complete hand wins.")),
                      form_point(variant, "4 a", "4 b"))]
    if variant is Variant.CONVENTIONAL:
        reasons.append(Reason(Message.of(N_(
            "Only a pung called and withdrawn in this same game takes away the right to win; "
            "a new game starts afresh.")), art(9, "a(2)")))
    return Ruling(Decision.ALLOWED, tuple(reasons))


def may_kong(variant: Variant, kind: KongKind, saw_tiles: bool) -> Ruling:
    """May a player make this kong? Not in a game in which he saw another's tiles (Art. 9
    (a)(3), (b)(2)) — open, concealed or added alike. If he may, his replacement tile comes
    from the end of the last double row (Art. 5 (a)(5), (b)(4))."""
    if variant is Variant.SIMPLIFIED and kind is KongKind.ADDED:
        raise ValueError("the simplified form has no pung on view to add to (Art. 5 (b)(3))")
    seen = form_point(variant, "9 a(3)", "9 b(2)")
    if saw_tiles:
        return Ruling(Decision.REFUSED, (Reason(Message.of(N_(
            "He saw another player's tiles in this game: he may make no kong in it, open, "
            "concealed or added.")), seen),))
    replacement = form_point(variant, "5 a(5)", "5 b(4)")
    return Ruling(Decision.REPLACEMENT_FROM_END, (
        Reason(Message.of(N_("Seeing another player's tiles in an earlier game does not bar a "
                             "kong in this one.")), seen),
        Reason(Message.of(N_("Whoever makes a kong, open or concealed, draws a replacement "
                             "tile from the end of the last double row.")), replacement)))


def wrong_end(variant: Variant, replacement: bool) -> Ruling:
    """A tile taken from the wrong end of the wall: a draw from the end kept for kongs'
    replacements, or a kong's replacement from the front (HI-MJ-WALL-END)."""
    point = form_point(variant, "5 a(5)", "5 b(4)")
    said = (N_("A kong's replacement tile comes from the end of the last double row, not from "
               "the front where the players draw.") if replacement else
            N_("A player draws from the front of the wall, where the deal ended; only a kong's "
               "replacement comes from the end of the last double row."))
    return Ruling(Decision.PUT_BACK, (
        Reason(Message.of(said), point),
        Reason(Message.of(N_("The tile taken from the wrong end goes back unseen where it lay, "
                             "and he takes the right one.")), HI_MJ_WALL_END)))


def late_kong(variant: Variant) -> Ruling:
    """A concealed or added kong declared after the player's discard (HI-MJ-KONG-TURN)."""
    point = form_point(variant, "5 a(5)", "5 b(4)")
    return Ruling(Decision.REFUSED, (
        Reason(Message.of(N_("A kong draws a replacement tile to keep the player's count of "
                             "tiles: it is made in his own turn.")), point),
        Reason(Message.of(N_("Declared after his discard, the kong is refused: his tiles stay "
                             "as they are, and he draws no replacement.")), HI_MJ_KONG_TURN)))


def chow_duties(variant: Variant) -> Ruling:
    """A player takes the discard of the player at his left for a chow."""
    if variant is Variant.SIMPLIFIED:
        return Ruling(Decision.REFUSED, (Reason(Message.of(N_(
            "The simplified form has no chow or pung on a discard: a discard may only be "
            "taken to win.")), art(5, "b(3)")),))
    return Ruling(Decision.EXPOSE_AND_DISCARD, (Reason(Message.of(N_(
        "A chow made on a discard is laid open on the table; the player then discards a tile "
        "and draws none on that turn.")), art(5, "a(3)")),))


class Moment(StrEnum):
    """When a wrong tile taken or wrong tiles exposed for a chow or pung come to light."""

    BEFORE_DRAW = "before_draw"  # before the player's next turn to draw
    AFTER_DRAW = "after_draw"  # at or after his next draw
    DECLARED_WIN = "declared_win"  # he declared a win without correcting it


def wrong_exposure(moment: Moment, declarer: Wind, banker: Wind = Wind.EAST,
                   rules: HouseRules | None = None) -> Ruling:
    """Art. 10 (a)(7): a wrong exposure for a chow or pung (conventional form)."""
    point = art(10, "a(7)")
    if moment is Moment.BEFORE_DRAW:
        return Ruling(Decision.CORRECTED, (Reason(Message.of(N_(
            "A wrong tile taken or wrong tiles exposed for a chow or pung may be corrected "
            "before the player's next turn to draw.")), point),))
    if moment is Moment.AFTER_DRAW:
        return Ruling(Decision.STANDS, (Reason(Message.of(N_(
            "The error may be corrected only before the player's next turn to draw: after "
            "it, the sets stay as exposed.")), point),))
    paid = false_win(declarer, banker, Variant.CONVENTIONAL, rules)
    return Ruling(Decision.NULO, (Reason(Message.of(N_(
        "He declared a win without correcting the wrong exposure: the game is «nulo» and he "
        "pays the other three.")), point), *paid.reasons))


def false_declaration(tiles: tuple[int, ...], melds: tuple[Meld, ...], declarer: Wind,
                      banker: Wind = Wind.EAST, variant: Variant = Variant.CONVENTIONAL,
                      rules: HouseRules | None = None,
                      players: Sequence[Wind] | None = None) -> Ruling:
    """A win declared without a complete hand: «nulo», and who is paid what (Art. 4,
    Art. 10 (a)(8), (b)(3); HI-MJ-NULO in the conventional form)."""
    seats = table(variant, players, banker)
    paid = declared_nulo(tiles, melds, declarer, banker, variant, rules, seats)
    if variant is Variant.SIMPLIFIED:
        decision = Decision.NULO_SINGLE_EACH
    elif declarer is banker:
        decision = Decision.NULO_DOUBLE_EACH
    else:
        decision = Decision.NULO_BANKER_DOUBLE
    return Ruling(decision, paid.reasons)


def capital(winner: Wind, fan: int, capital_in_play: Decimal, banker: Wind = Wind.EAST,
            variant: Variant = Variant.CONVENTIONAL, rules: HouseRules | None = None,
            players: Sequence[Wind] | None = None) -> Ruling:
    """Does the winner's capital in play cut what he is paid (Art. 9 (a)(4), (b)(3);
    HI-MJ-CAP)?"""
    paid = settle(winner, fan, banker, capitals={winner: capital_in_play}, rules=rules,
                  variant=variant, players=players)
    capped = any(reason.source == HI_MJ_CAP for reason in paid.reasons)
    reasons = paid.reasons
    if not capped:
        reasons = (*reasons, Reason(Message.of(N_(
            "The shares come to no more than his capital in play: he receives them in "
            "full.")), ART_9_CAPITAL[variant]))
    return Ruling(Decision.CAPPED if capped else Decision.FULL_SHARES, reasons)


__all__ = ["ART_10_NULO", "Decision", "KongKind", "Moment", "Ruling", "art", "capital",
           "chow_duties", "false_declaration", "may_kong", "may_win", "take_back_discard",
           "wrong_exposure"]
