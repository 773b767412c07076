"""Mahjong Baccarat tiles and points: the set, the ten places, who wins a hand (Art. 1, 6–8).

20 tiles, two each of K, 9, 8, 7, 6, 5, 4, 3, 2, A; ten places including the banker.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from i18n import N_, Message
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation
from trainer.rules.table import Outcome

PLACES = 10
ART_6_1 = Article(Regulation.MAHJONG_BACCARAT, 6, "1")
ART_6_2 = Article(Regulation.MAHJONG_BACCARAT, 6, "2")
ART_7_1 = Article(Regulation.MAHJONG_BACCARAT, 7, "1")
ART_7_2 = Article(Regulation.MAHJONG_BACCARAT, 7, "2")
ART_8 = Article(Regulation.MAHJONG_BACCARAT, 8)
HI_MB_HIGHER_TILE = HouseInterpretation("HI-MB-HIGHER-TILE")


class Tile(Enum):
    """A tile, in the individual order of Art. 6.1: K > 9 > 8 > … > 2 > A."""

    KING = "K"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"
    ACE = "A"

    @property
    def points(self) -> int:
        """The king counts 0 and the ace 1 (Art. 6.1)."""
        return _SPECIAL_POINTS[self.value] if self.value in _SPECIAL_POINTS else int(self.value)

    @property
    def strength(self) -> int:
        """Larger is higher in the individual order: A = 1 … 9 = 9, K = 10."""
        return 10 if self is Tile.KING else self.points

    def __str__(self) -> str:
        return self.value


_SPECIAL_POINTS = {"K": 0, "A": 1}

#: The whole set: two of each tile (Art. 1.1).
TILE_SET: tuple[Tile, ...] = tuple(tile for tile in Tile for _copy in range(2))


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Tiles written by their values, ``parse_tiles("K 9")``; "R" (rei) is also a king."""
    tiles = []
    for token in text.upper().replace("R", "K").split():
        try:
            tiles.append(Tile(token))
        except ValueError:
            raise ValueError(f"not a Mahjong Baccarat tile: {token!r}") from None
    return tuple(tiles)


def check_hand(hand: Iterable[Tile]) -> tuple[Tile, Tile]:
    tiles = tuple(hand)
    if len(tiles) != 2 or not all(isinstance(t, Tile) for t in tiles):
        raise ValueError("a Mahjong Baccarat hand is two tiles")
    return tiles


def check_deal(hands: Iterable[Iterable[Tile]]) -> None:
    """Tiles dealt together come from one set: at most two of each value."""
    counts = Counter(tile for hand in hands for tile in check_hand(hand))
    if any(n > 2 for n in counts.values()):
        raise ValueError("the set holds only two tiles of each value")


def points(hand: Iterable[Tile]) -> int:
    """The sum of the two tiles' values, tens dropped: 9 is the best (Art. 6.2)."""
    return sum(tile.points for tile in check_hand(hand)) % 10


def high_tile(hand: Iterable[Tile]) -> Tile:
    return max(check_hand(hand), key=lambda tile: tile.strength)



@dataclass(frozen=True)
class Verdict:
    outcome: Outcome  # PLAYER or BANKER, never a tie
    reason: Reason  # the rule that decides (Art. 7 or 8)
    grounds: tuple[Reason, ...] = ()  # the values and points it rests on (Art. 6)

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return (*self.grounds, self.reason)


def compare(player_hand: Iterable[Tile], banker_hand: Iterable[Tile]) -> Verdict:
    """Who wins a place's hand against the banker's (Art. 7, 8): there is never a tie."""
    player_hand, banker_hand = check_hand(player_hand), check_hand(banker_hand)
    check_deal([player_hand, banker_hand])
    verdict = _decide(player_hand, banker_hand)
    return Verdict(verdict.outcome, verdict.reason,
                   _grounds(player_hand, banker_hand, verdict.reason.source == ART_7_2))


def _grounds(player_hand: tuple[Tile, Tile], banker_hand: tuple[Tile, Tile],
             by_tile: bool) -> tuple[Reason, ...]:
    """The points of both hands (Art. 6.2), the values of K and A or the order of the
    tiles when they matter (Art. 6.1), and the higher tile's reading (HI-MB-HIGHER-TILE)."""
    grounds = [Reason(Message.of(N_(
        "Points are the sum of the two tiles with the tens dropped: the player's {player} "
        "makes {mine}, the banker's {banker} makes {theirs}."),
        player=_text(player_hand), mine=points(player_hand), banker=_text(banker_hand),
        theirs=points(banker_hand)), ART_6_2)]
    if by_tile:
        grounds.append(Reason(Message.of(N_(
            "The tiles rank, from high to low: K, 9, 8, 7, 6, 5, 4, 3, 2, A; K counts 0 and "
            "A counts 1.")), ART_6_1))
        grounds.append(Reason(Message.of(N_(
            "Equal points are decided by the higher single tile in that order: a K is the "
            "highest tile, though it counts 0.")), HI_MB_HIGHER_TILE))
    elif {Tile.KING, Tile.ACE} & {*player_hand, *banker_hand}:
        grounds.append(Reason(Message.of(N_("K counts 0 and A counts 1.")), ART_6_1))
    return tuple(grounds)


def _text(hand: Iterable[Tile]) -> str:
    return " ".join(str(tile) for tile in hand)


def _decide(player_hand: tuple[Tile, Tile], banker_hand: tuple[Tile, Tile]) -> Verdict:
    mine, theirs = points(player_hand), points(banker_hand)
    if mine == theirs == 0:
        return Verdict(Outcome.BANKER, Reason(Message.of(N_(
            "Both have zero points: the banker wins, whatever the tiles.")), ART_8))
    if mine != theirs:
        winner = Outcome.PLAYER if mine > theirs else Outcome.BANKER
        if winner is Outcome.PLAYER:
            text = Message.counted("{count} point against the banker's {banker}: the player "
                                   "wins.", "{count} points against the banker's {banker}: "
                                   "the player wins.", mine, banker=theirs)
        else:
            text = Message.counted("{count} point against the banker's {banker}: the banker "
                                   "wins.", "{count} points against the banker's {banker}: "
                                   "the banker wins.", mine, banker=theirs)
        return Verdict(winner, Reason(text, ART_7_1))
    my_high, their_high = high_tile(player_hand), high_tile(banker_hand)
    if my_high.strength > their_high.strength:
        return Verdict(Outcome.PLAYER, Reason(Message.counted(
            "Both have {count} point; the player's {high} is higher than the banker's "
            "{other}: the player wins.",
            "Both have {count} points; the player's {high} is higher than the banker's "
            "{other}: the player wins.", mine, high=str(my_high),
            other=str(their_high)), ART_7_2))
    if my_high.strength < their_high.strength:
        return Verdict(Outcome.BANKER, Reason(Message.counted(
            "Both have {count} point; the banker's {high} is higher than the player's "
            "{other}: the banker wins.",
            "Both have {count} points; the banker's {high} is higher than the player's "
            "{other}: the banker wins.", mine, high=str(their_high),
            other=str(my_high)), ART_7_2))
    return Verdict(Outcome.BANKER, Reason(Message.of(N_(
        "Equal points and equal tiles: the banker wins.")), ART_8))
