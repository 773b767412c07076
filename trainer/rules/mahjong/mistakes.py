"""Mah-Jong: the usual wrong answers, each the rules core's own with one step changed
(Portaria 135/91/M, Art. 5; HI-MJ-CLAIM, HI-MJ-INCLUDES).

A claim priority reversed: the discard given to the call one step of the claims' priority
(:data:`~trainer.rules.mahjong.play.claims.PRIORITY`) puts second — a pung, kong or chow before
a win, a chow before a pung or kong, a farther winner before the nearest.
:func:`mistaken_rulings` rules the calls with each step reversed in turn
(:func:`~trainer.rules.mahjong.play.claims.rule`, ``reversed_step``).

A fán counted twice: a pattern that a bigger one includes counted too, its fán added —
the rules core's score with its inclusion rule skipped
(:func:`~trainer.rules.mahjong.hands.fan.score`, ``inclusion=False``). Every pattern that
includes another is worth double fán, the maximum, so the total after the cap is the same:
only a list of the patterns shows it.

:func:`trainer.rules.mistakes.recognise` names an answer's kinds.
"""

from __future__ import annotations

from collections.abc import Iterable

from i18n import N_
from trainer.rules.mahjong.hands.fan import HI_MJ_INCLUDES
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.claims import (
    HI_MJ_CLAIM,
    PRIORITY,
    Bars,
    Call,
    Hands,
    Refusal,
    Ruling,
    rule,
)
from trainer.rules.mistakes import MistakeKind, kind
from trainer.rules.regulations import Article, Regulation

GAME = "mahjong"

WIN_PRIORITY_REVERSED = kind(
    GAME, "win_priority_reversed", N_("A claim put before a win"),
    N_("You gave the discard to a pung, kong or chow when another player could win on it: "
       "a win comes before every other claim"), HI_MJ_CLAIM)
PUNG_PRIORITY_REVERSED = kind(
    GAME, "pung_priority_reversed", N_("A chow put before a pung or kong"),
    N_("You gave the discard to the chow when another player could pung or kong it: a pung "
       "or kong comes before a chow"), Refusal.PUNG_FIRST.source(Variant.CONVENTIONAL))
SEAT_PRIORITY_REVERSED = kind(
    GAME, "seat_priority_reversed", N_("A farther winner put before the nearest"),
    N_("You gave the discard to a winner farther from the discarder: of several players "
       "who can win on it, the nearest counterclockwise from the discarder takes it"),
    # Art. 5 (a)(6) in the conventional form, (b)(5) in the simplified: the article.
    Article(Regulation.MAHJONG, 5))
FAN_COUNTED_TWICE = kind(
    GAME, "fan_counted_twice", N_("A fán counted twice"),
    N_("You counted a pattern that a bigger pattern of the hand already includes: the "
       "bigger one replaces it, and its fán is not added"), HI_MJ_INCLUDES)

#: The kind of each step of the claims' priority reversed.
REVERSED = {Refusal.WIN_FIRST: WIN_PRIORITY_REVERSED,
            Refusal.PUNG_FIRST: PUNG_PRIORITY_REVERSED,
            Refusal.NEARER_WINNER: SEAT_PRIORITY_REVERSED}
CLAIM_KINDS = tuple(REVERSED[step] for step in PRIORITY)
FAN_KINDS = (FAN_COUNTED_TWICE,)
KINDS = (*CLAIM_KINDS, *FAN_KINDS)


def mistaken_rulings(discarder: Wind, tile: int, hands: Hands, calls: Iterable[Call],
                     variant: Variant, bars: Bars) -> tuple[tuple[MistakeKind, Ruling], ...]:
    """The calls on ``tile`` ruled with each step of the priority reversed in turn (a
    ruling equal to the right one is no mistake there: :func:`recognise` drops it)."""
    calls = tuple(calls)
    return tuple((REVERSED[step], rule(discarder, tile, hands, calls, variant, bars,
                                       reversed_step=step)) for step in PRIORITY)
