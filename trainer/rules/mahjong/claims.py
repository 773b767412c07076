"""Who may take a discard (Portaria 135/91/M, Art. 5 and 9).

Conventional: winning beats pung or kong, which beat chow; a chow only by the player at
the discarder's right (the next to play); several winners → the nearest counterclockwise
from the discarder (chit vu). A player who called pung and withdrew cannot win that game; a
player who saw another's tiles cannot kong that game. Simplified: a discard may only be taken
to win, or for an open kong by a player holding three.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from i18n import N_, Message
from trainer.rules.mahjong.hand import Meld, is_winning
from trainer.rules.mahjong.tile_words import tile_words
from trainer.rules.mahjong.tiles import Variant, Wind, counts_of, is_honour
from trainer.rules.regulations import Article, Reason, Regulation


class ClaimKind(StrEnum):
    WIN = "win"
    KONG = "kong"
    PUNG = "pung"
    CHOW = "chow"


Hands = Mapping[Wind, tuple[Iterable[int], Iterable[Meld]]]


@dataclass(frozen=True)
class Claim:
    seat: Wind
    kind: ClaimKind
    reasons: tuple[Reason, ...]


def _article(variant: Variant) -> Article:
    """Art. 5 (a) rules the conventional form, Art. 5 (b) the simplified one."""
    return Article(Regulation.MAHJONG, 5, "a" if variant is Variant.CONVENTIONAL else "b")


def _chow_possible(tile: int, held: list[int]) -> bool:
    if is_honour(tile):
        return False
    value = tile % 9
    for low in (tile - 2, tile - 1, tile):
        if low // 9 == tile // 9 and 0 <= low % 9 <= 6 and value - 2 <= low % 9 <= value:
            others = [t for t in (low, low + 1, low + 2) if t != tile]
            if all(held[t] >= 1 for t in others):
                return True
    return False


def claim(discarder: Wind, tile: int, hands: Hands, variant: Variant = Variant.CONVENTIONAL,
          *, barred_from_winning: Iterable[Wind] = (),
          barred_from_kong: Iterable[Wind] = ()) -> Claim | None:
    """The claim that takes the discard ``tile``, or None if nobody may take it."""
    no_win, no_kong = set(barred_from_winning), set(barred_from_kong)
    seats = [discarder.next(step) for step in (1, 2, 3)]  # nearest counterclockwise first
    prepared = {seat: (tuple(hands[seat][0]), tuple(hands[seat][1])) for seat in seats}
    in_play = [tile] + [t for concealed, melds in prepared.values()
                        for t in (*concealed, *(x for m in melds for x in m.tiles))]
    if max(counts_of(in_play)) > 4:
        raise ValueError("the hands and the discard hold more than four of a tile")
    winners = [s for s in seats if s not in no_win
               and is_winning(prepared[s][0] + (tile,), prepared[s][1], variant)]
    name = tile_words(tile)
    if winners:
        reasons = [Reason(Message.of(N_("Winning on a discard comes before any pung, kong or "
                                        "chow.")), _article(variant))]
        if len(winners) > 1:
            reasons.append(Reason(Message.of(N_(
                "Several players can win on {tile}: the nearest counterclockwise from the "
                "discarder takes it."), tile=name), _article(variant)))
        return Claim(winners[0], ClaimKind.WIN, tuple(reasons))
    held = {s: counts_of(prepared[s][0]) for s in seats}
    for seat in seats:
        if held[seat][tile] >= 3 and seat not in no_kong:
            return Claim(seat, ClaimKind.KONG, (Reason(Message.of(N_(
                "Holding three {tile}, the player may make an open kong with the fourth."),
                tile=name), _article(variant)),))
    if variant is Variant.SIMPLIFIED:
        return None
    for seat in seats:
        if held[seat][tile] >= 2:
            return Claim(seat, ClaimKind.PUNG, (Reason(Message.of(N_(
                "Holding a pair of {tile}, the player may pung it; a pung comes before a "
                "chow."), tile=name), _article(variant)),))
    if _chow_possible(tile, held[seats[0]]):
        return Claim(seats[0], ClaimKind.CHOW, (Reason(Message.of(N_(
            "Only the player at the discarder's right may chow, and nobody wants it for a "
            "pung or kong.")), _article(variant)),))
    return None
