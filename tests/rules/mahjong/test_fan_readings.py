"""The readings of Art. 6 (a) settled in RULES.md: wân iat sêk only without honours worth
fán (Art. 6 (a), with the house setting for the other reading), and a big form replacing
only its small form (HI-MJ-INCLUDES)."""

import pytest

from trainer.rules.house import MahjongRules
from trainer.rules.mahjong import Wind, parse_tiles
from trainer.rules.mahjong.fan import (
    ALL_PUNGS,
    ALL_TERMINALS,
    BIG_WINDS,
    DOUBLE_WIND,
    DRAGON_PUNG,
    MIXED_ONE_SUIT,
    ROUND_WIND,
    SEAT_WIND,
    SMALL_WINDS,
    Win,
    all_best,
    fan_reasons,
    score,
)

OLD_READING = MahjongRules(wan_iat_sek_with_scoring_honours=True)


def names(win, rules=None):
    return {hit.pattern.name for hit in score(win, rules).patterns}


def win(tiles, **flags):
    return Win(parse_tiles(tiles), **flags)


SUIT = "2m 3m 4m 5m 6m 7m 7m 8m 9m"  # three chows of characters


@pytest.mark.parametrize(("honours", "flags"), [
    ("C C C 1m 1m", {}),  # a dragon pung
    ("W W W 1m 1m", {"seat_wind": Wind.WEST}),  # the seat wind
    ("S S S 1m 1m", {"round_wind": Wind.SOUTH}),  # the round wind
    ("E E E 1m 1m", {}),  # the seat and round wind: double wind
])
def test_one_suit_with_honours_worth_fan_is_not_wan_iat_sek(honours, flags):
    hand = win(f"{SUIT} {honours}", **flags)
    assert MIXED_ONE_SUIT not in names(hand)
    assert MIXED_ONE_SUIT in names(hand, OLD_READING)  # the house setting's other reading
    texts = [str(r.text) for r in fan_reasons(hand)]
    assert any(t.startswith("One suit with honours (wân iat sêk) does not score") for t in texts)
    assert not any("does not score" in t for t in
                   (str(r.text) for r in fan_reasons(hand, rules=OLD_READING)))


@pytest.mark.parametrize(("honours", "flags"), [
    ("N N N 1m 1m", {}),  # a plain wind: neither the seat's nor the round's
    ("1m 1m 1m C C", {}),  # a dragon pair scores nothing
    ("W W W 1m 1m", {"seat_wind": Wind.EAST, "round_wind": Wind.SOUTH}),
])
def test_one_suit_with_honours_not_worth_fan_is_wan_iat_sek(honours, flags):
    hand = win(f"{SUIT} {honours}", **flags)
    assert MIXED_ONE_SUIT in names(hand)
    assert score(hand).fan == 1


def test_the_grade_changes_where_the_reading_does():
    dragon = win(f"{SUIT} C C C 1m 1m")
    assert score(dragon).fan == 1  # the dragon pung alone
    assert score(dragon, OLD_READING).fan == 2  # dragon pung + wân iat sêk


def test_big_four_winds_lists_the_wind_pungs_and_all_pungs_beside_it():
    hand = win("E E E S S S W W W N N N 1m 1m", seat_wind=Wind.WEST, round_wind=Wind.SOUTH)
    listed = names(hand)
    assert {BIG_WINDS, ALL_PUNGS, SEAT_WIND, ROUND_WIND} <= listed
    assert SMALL_WINDS not in listed
    same = win("E E E S S S W W W N N N 1m 1m")  # East seat in the East round
    assert {BIG_WINDS, DOUBLE_WIND, ALL_PUNGS} <= names(same)


def test_all_terminals_lists_all_pungs_beside_it():
    assert {ALL_TERMINALS, ALL_PUNGS} <= names(win("1m 1m 1m 9m 9m 9m 1p 1p 1p 9s 9s 9s 1s 1s"))


def test_big_three_dragons_lists_each_dragon_pung():
    hits = {hit.pattern.name: hit.times for hit in
            score(win("C C C F F F P P P 2m 3m 4m 7s 7s")).patterns}
    assert hits[DRAGON_PUNG] == 3


def test_every_best_reading_is_worth_the_most():
    hand = win("1m 1m 1m 2m 2m 2m 3m 3m 3m 7p 8p 9p 5s 5s")
    best = all_best(hand)
    assert best[0] == score(hand)
    assert len({result.raw for result in best}) == 1
