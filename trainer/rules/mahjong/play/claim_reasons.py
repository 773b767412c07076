"""Claims on a discard in words: the seats, the refusals and the reasons of a ruling
(Portaria 135/91/M, Art. 4, 5 and 9; HI-MJ-CLAIM), said the same by a question and by a
table round."""

from __future__ import annotations

from i18n import N_, Message
from trainer.rules.mahjong.hands.tile_words import tile_words
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.claims import (
    Call,
    ClaimKind,
    Refusal,
    Ruling,
    granted_reason,
    nobody_reason,
)
from trainer.rules.regulations import Reason

SEAT_NAMES = {Wind.EAST: N_("East"), Wind.SOUTH: N_("South"), Wind.WEST: N_("West"),
              Wind.NORTH: N_("North")}
REFUSALS = {
    (ClaimKind.CHOW, Refusal.ONLY_WIN_OR_KONG): N_(
        "{seat}'s chow is refused: in the simplified form a discard is taken only to win or "
        "for an open kong"),
    (ClaimKind.PUNG, Refusal.ONLY_WIN_OR_KONG): N_(
        "{seat}'s pung is refused: in the simplified form a discard is taken only to win or "
        "for an open kong"),
    (ClaimKind.CHOW, Refusal.NOT_NEXT): N_("{seat}'s chow is refused: only the next player "
                                           "may chow"),
    (ClaimKind.CHOW, Refusal.NO_RUN): N_("{seat}'s chow is refused: he holds no two tiles "
                                         "that make a run with {tile}"),
    (ClaimKind.CHOW, Refusal.WIN_FIRST): N_("{seat}'s chow is refused: a win comes before a "
                                            "chow"),
    (ClaimKind.CHOW, Refusal.PUNG_FIRST): N_("{seat}'s chow is refused: a pung or kong beats "
                                             "a chow"),
    (ClaimKind.PUNG, Refusal.NO_PAIR): N_("{seat}'s pung is refused: he has no pair of "
                                          "{tile}"),
    (ClaimKind.PUNG, Refusal.WIN_FIRST): N_("{seat}'s pung is refused: a win comes before a "
                                            "pung"),
    (ClaimKind.KONG, Refusal.NO_THREE): N_("{seat}'s kong is refused: he does not hold three "
                                           "{tile}"),
    (ClaimKind.KONG, Refusal.SAW_TILES): N_("{seat}'s kong is refused: he saw another "
                                            "player's tiles this game"),
    (ClaimKind.KONG, Refusal.WIN_FIRST): N_("{seat}'s kong is refused: a win comes before a "
                                            "kong"),
    (ClaimKind.WIN, Refusal.NOT_COMPLETE): N_("{seat}'s win is refused: {tile} does not "
                                              "complete his hand"),
    (ClaimKind.WIN, Refusal.WITHDREW_PUNG): N_("{seat}'s win is refused: he withdrew a pung "
                                               "call this game"),
    (ClaimKind.WIN, Refusal.NEARER_WINNER): N_("{seat}'s win is refused: a winner nearer "
                                               "counterclockwise from the discarder takes it"),
}


def seat_label(seat: Wind) -> Message:
    """A seat by its wind, in the language shown: "East", «Este», 東."""
    return Message.of(SEAT_NAMES[seat])


def refusal_text(call: Call, ground: Refusal, tile: int) -> Message:
    return Message.of(REFUSALS[call.kind, ground], seat=seat_label(call.seat),
                      tile=tile_words(tile))


def refusal_reason(call: Call, ground: Refusal, tile: int, variant: Variant) -> Reason:
    """One call refused, on one ground, at its point."""
    return Reason(Message.of(N_("{refusal}."), refusal=refusal_text(call, ground, tile)),
                  ground.source(variant))


def ruling_reasons(ruling: Ruling, tile: int, variant: Variant) -> tuple[Reason, ...]:
    """The granted call's reason (or that the tile stays discarded), then each refusal."""
    name = tile_words(tile)
    first = (nobody_reason(variant, name) if ruling.granted is None else
             granted_reason(ruling.granted, variant, seat_label(ruling.granted.seat), name))
    return (first, *(refusal_reason(c, g, tile, variant) for c, g in ruling.refused))
