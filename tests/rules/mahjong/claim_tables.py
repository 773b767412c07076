"""Hands for the claim tests: who takes the discarded 5 of circles, seat by seat."""

from trainer.rules.mahjong import Wind, parse_tiles

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
P = parse_tiles

NOTHING = "1m 4m 7m 2p 8p 3s 5s 9s E S W N P"  # takes nothing
WAITS_5P = "2m 3m 4m 6s 7s 8s 1p 1p 1p C C C 5p"  # wins on 5p (pair)
PAIR_5P = "5p 5p 1m 4m 7m 2s 5s 8s E S W C F"
THREE_5P = "5p 5p 5p 1m 4m 7m 2s 5s 8s E S W C"
CHOW_5P = "4p 6p 1m 4m 7m 2s 5s 8s E S W C F"


def table(**hands):
    """Each named seat's concealed hand, none declared."""
    seats = {"east": E, "south": S, "west": W, "north": N}
    return {seats[k]: (P(v), ()) for k, v in hands.items()}
