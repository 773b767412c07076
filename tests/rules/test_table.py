"""Seats counted from the banker as 1, counterclockwise (RULES.md common conventions)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.rules.table import (
    BANKER_PLACE,
    counting_explanation,
    dealing_order,
    first_seat,
    seat_for_card,
)


@pytest.mark.parametrize(
    ("total", "seats", "place"),
    [
        (1, 4, 1),  # the banker counts as 1
        (2, 4, 2),  # the banker's right
        (4, 4, 4),
        (5, 4, 1),  # once round the table: back to the banker
        (10, 4, 2),
        (13, 4, 1),
        (24, 4, 4),  # the highest total of four dice
        (3, 10, 3),  # Mahjong Baccarat: 10 places
        (10, 10, 10),
        (11, 10, 1),
        (24, 10, 4),
    ],
)
def test_worked_examples(total, seats, place):
    assert first_seat(total, seats) == place


@pytest.mark.parametrize(("total", "seats", "says"), [
    (0, 4, "a dice total is at least 1, not 0"),
    (-3, 4, "a dice total is at least 1, not -3"),
    (5, 0, "a table has at least one place, not 0"),
])
def test_impossible_counts_are_refused(total, seats, says):
    with pytest.raises(ValueError, match=says):
        first_seat(total, seats)


def test_dealing_order_goes_counterclockwise_from_the_dice_place():
    assert dealing_order(10, 4) == (2, 3, 4, 1)
    assert dealing_order(8, 4) == (4, 1, 2, 3)


@given(st.integers(4, 24), st.integers(1, 12))
def test_first_seat_counts_the_dice_total_around_the_table(total, seats):
    place = first_seat(total, seats)
    assert 1 <= place <= seats
    # Counting by hand: step round the table one place at a time, the banker first.
    counted = 1
    for _ in range(total - 1):
        counted = counted % seats + 1
    assert place == counted


@given(st.integers(4, 24))
def test_a_whole_deal_gives_every_place_thirteen_cards(total):
    places = [seat_for_card(total, 4, card) for card in range(1, 53)]
    assert {p: places.count(p) for p in range(1, 5)} == {1: 13, 2: 13, 3: 13, 4: 13}
    assert places[0] == first_seat(total, 4)
    assert all(b == a % 4 + 1 for a, b in zip(places, places[1:], strict=False))


def test_the_banker_is_place_1_the_place_a_total_of_one_picks():
    assert BANKER_PLACE == first_seat(1, 4) == first_seat(11, 10) == 1


def test_a_count_that_ends_on_the_last_place_does_not_go_round_the_table():
    # Dice: a total t picks ((t - 1) mod seats) + 1, the banker counting as 1.
    said = str(counting_explanation(4, 4))
    assert said == ("Count 4 places counterclockwise starting with the banker as 1: the count "
                    "stops at place 4.")
    assert "going round the 4 places" in str(counting_explanation(5, 4))
