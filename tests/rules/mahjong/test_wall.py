"""The wall, the deal and the rounds (Portaria 135/91/M, Art. 3)."""

import random

import pytest

from trainer.rules.mahjong import Variant, Wind
from trainer.rules.mahjong.play.wall import break_wall, deal, deal_positions, next_game

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


@pytest.mark.parametrize(("total", "wall"), [(13, E), (3, W), (4, N), (5, E), (6, S),
                                             (18, S), (9, E)])
def test_the_dice_pick_a_wall_counterclockwise_from_the_banker(total, wall):
    assert break_wall(total) == (wall, total)


def test_dice_totals_out_of_range():
    for total, variant in ((2, Variant.CONVENTIONAL), (19, Variant.CONVENTIONAL),
                           (1, Variant.SIMPLIFIED), (13, Variant.SIMPLIFIED)):
        with pytest.raises(ValueError, match="dice total"):
            break_wall(total, variant)



@pytest.mark.parametrize(("total", "variant", "said"), [
    (19, Variant.CONVENTIONAL, "3 dice total 3–18, not 19"),
    (1, Variant.SIMPLIFIED, "2 dice total 2–12, not 1")])
def test_art_3_a_refused_dice_total_names_the_totals_the_dice_can_make(total, variant, said):
    with pytest.raises(ValueError, match=said):
        break_wall(total, variant)


def test_the_example_of_article_3_conventional():
    # 13: the banker sets 13 stacks of his own wall apart and takes two of the 4 left.
    places = deal_positions(13)
    assert places.hands[E][:4] == (26, 27, 28, 29)
    assert places.hands[S][:4] == (30, 31, 32, 33)  # the 17th stack, then North's wall
    assert [len(places.hands[seat]) for seat in (E, S, W, N)] == [14, 13, 13, 13]


def test_the_example_of_article_3_simplified():
    # 9: the banker sets 9 of his 14 stacks apart and takes one stack of the 5 left.
    places = deal_positions(9, Variant.SIMPLIFIED)
    assert places.hands[E][:2] == (18, 19)
    assert [len(places.hands[seat]) for seat in (E, S, W, N)] == [5, 4, 4, 4]


@pytest.mark.parametrize("variant", list(Variant))
def test_every_deal_hands_out_distinct_places_in_one_run(variant):
    dice = 3 if variant is Variant.CONVENTIONAL else 2
    size = 136 if variant is Variant.CONVENTIONAL else 112
    for total in range(dice, 6 * dice + 1):
        places = deal_positions(total, variant)
        dealt = [p for hand in places.hands.values() for p in hand]
        assert len(set(dealt)) == len(dealt) == (53 if dice == 3 else 17)
        start = places.hands[E][0]  # the banker draws first
        run = {(start + i) % size for i in range(len(dealt))}
        assert set(dealt) == run  # the deal takes one unbroken run of the wall
        assert places.next_draw == (start + len(dealt)) % size


def test_the_jump():
    places = deal_positions(13)
    first = 26 + 48  # the first place after three rounds of four tiles each
    assert places.hands[E][-2:] == (first, first + 4)
    assert (places.hands[S][-1], places.hands[W][-1], places.hands[N][-1]) == (
        first + 1, first + 2, first + 3)


def test_deal_maps_places_to_tiles_and_checks_the_wall():
    tiles = [t for t in range(34) for _ in range(4)]
    random.Random(3).shuffle(tiles)
    result = deal(tiles, 7)
    places = deal_positions(7)
    assert result.hands[E] == tuple(tiles[i] for i in places.hands[E])
    with pytest.raises(ValueError, match="a conventional wall has 136 tiles"):
        deal(tiles[:-1], 7)
    with pytest.raises(ValueError, match="a conventional wall has 136 tiles, at most four of each"):
        deal([0] * 136, 7)


def test_rounds_the_banker_keeps_the_bank_while_winning():
    assert next_game(E, E, 1, winner=E) == (E, E, 1)
    assert next_game(E, E, 1, winner=None) == (E, E, 1)  # HI: a draw keeps the bank
    assert next_game(E, E, 1, winner=W) == (S, E, 2)
    assert next_game(N, E, 4, winner=S) == (E, S, 5)  # after four games: the South round
