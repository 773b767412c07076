"""The readings of Art. 6 (a) settled in RULES.md: wân iat sêk only without honours worth
fán (Art. 6 (a), with the house setting for the other reading), a big form replacing
only its small form (HI-MJ-INCLUDES), and the readings of a hand valued after the cap."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from trainer.rules.house import MahjongRules
from trainer.rules.mahjong import Variant, Wind, parse_tiles
from trainer.rules.mahjong.hands.fan import (
    ALL_CHOWS,
    ALL_PUNGS,
    ALL_TERMINALS,
    BIG_WINDS,
    DOUBLE_WIND,
    DRAGON_PUNG,
    LAST_TILE,
    MIXED_ALL_CHOWS,
    MIXED_ONE_SUIT,
    PURE_ONE_SUIT,
    ROUND_WIND,
    SEAT_WIND,
    SMALL_WINDS,
    Win,
    all_best,
    fan_reasons,
    readings,
    score,
)
from trainer.rules.mahjong.hands.fan_readings import listings, other_readings, reads_several_ways
from trainer.rules.mahjong.hands.tiles import parse_tile
from trainer.rules.regulations import HouseInterpretation

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
    assert len({result.fan for result in best}) == 1


def listed(result):
    return {hit.pattern.name for hit in result.patterns}


#: One suit and a plain wind pair (North: neither the seat's nor the round's): read as
#: three pungs and a chow it is wân iat sêk (1 fán); as four chows, wân iat sêk p'êng vu (2).
ONE_SUIT_NORTH = "1m 1m 1m 2m 2m 2m 3m 3m 3m 4m 5m 6m N N"


def test_two_readings_that_both_reach_double_fan_are_equally_valuable():
    # HI-MJ-INCLUDES, valued after the cap: on the last tile the pung reading is worth
    # 1 + 1 = 2 fán and the chow reading 2 + 1 = 3, capped at 2: both are double fán.
    hand = win(ONE_SUIT_NORTH, last_tile=True)
    best = all_best(hand)
    assert {frozenset(listed(r)) for r in best} == {
        frozenset({MIXED_ONE_SUIT, LAST_TILE}), frozenset({MIXED_ALL_CHOWS, LAST_TILE})}
    assert [(r.fan, r.raw) for r in best] == [(2, 3), (2, 2)]  # the most before the cap first
    assert score(hand) == best[0]


def test_the_other_equally_valuable_reading_is_explained_with_its_list():
    listed = listings(win(ONE_SUIT_NORTH, last_tile=True))
    [other] = other_readings(listed, listed[0])
    assert other.source == HouseInterpretation("HI-MJ-INCLUDES")
    assert str(other.text).startswith("The hand can also be read as the sets [1 of characters")
    assert "it scores One suit with honours (wân iat sêk), Win on the last tile" in str(
        other.text)


def test_below_the_cap_the_reading_worth_more_is_the_only_one():
    # Without the last tile: 1 fán against 2; only the chow reading is worth the most.
    best = all_best(win(ONE_SUIT_NORTH))
    assert [listed(r) for r in best] == [{MIXED_ALL_CHOWS}]
    assert best[0].fan == 2
    assert other_readings(listings(win(ONE_SUIT_NORTH)), best[0]) == ()


def test_pure_one_suit_read_as_pungs_or_as_chows_both_reach_the_cap():
    # Pungs 1-1-1, 2-2-2, 3-3-3 and a chow: pure one suit (2). Four chows: pure one suit
    # and all chows (2 + 1 = 3, capped at 2). Either list is right.
    best = all_best(win("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 5s 6s 9s 9s"))
    assert sorted(map(listed, best), key=len) == [{PURE_ONE_SUIT}, {PURE_ONE_SUIT, ALL_CHOWS}]
    assert all(r.fan == 2 for r in best)


def test_in_the_simplified_form_readings_are_valued_after_its_cap_of_one_fan():
    hand = Win(parse_tiles("2s 3s 4s F F"), winning_tile=parse_tile("F"),
               variant=Variant.SIMPLIFIED, last_tile=True)  # green dragon + last tile
    [best] = all_best(hand)
    assert (best.fan, best.raw) == (1, 2)


def test_each_other_reading_is_explained_whichever_is_shown():
    listed = listings(win(ONE_SUIT_NORTH, last_tile=True))
    [chows, pungs] = listed
    assert listed[0] == score(win(ONE_SUIT_NORTH, last_tile=True))
    [told] = other_readings(listed, pungs)  # the pungs explained: the chows are the other
    assert "One suit, all chows (wân iat sêk p'êng vu), also 2 fán" in str(told.text)
    assert "1 of characters, 2 of characters, 3 of characters], [1 of" in str(told.text)
    assert other_readings(listed, chows) != other_readings(listed, pungs)


def test_readings_that_list_the_same_patterns_count_once():
    # 5-5-5-5, 6-6-6-6, 7-7-7-7 and a plain wind pair, on the last tile: four chows
    # (wân iat sêk p'êng vu), or three pungs and a chow taken from either end (wân iat
    # sêk) — three readings worth double fán, two lists.
    hand = win("5p 5p 5p 5p 6p 6p 6p 6p 7p 7p 7p 7p E E", seat_wind=Wind.NORTH,
               round_wind=Wind.WEST, last_tile=True)
    assert len(all_best(hand)) == 3
    assert [listed(r) for r in listings(hand)] == [
        {MIXED_ALL_CHOWS, LAST_TILE}, {MIXED_ONE_SUIT, LAST_TILE}]


def test_the_hand_is_said_to_read_two_ways_citing_hi_mj_includes():
    [said] = reads_several_ways(listings(win(ONE_SUIT_NORTH, last_tile=True)))
    assert said.source == HouseInterpretation("HI-MJ-INCLUDES")
    assert str(said.text) == ("The hand reads 2 ways that list different patterns, each "
                              "worth 2 fán after the cap: each reading's list is right.")
    assert reads_several_ways(listings(win(ONE_SUIT_NORTH))) == ()  # one reading is worth most


ONE_SUIT = st.integers(0, 2)


@st.composite
def one_suit_hands(draw):
    """Four sets low in one suit, pungs and chows overlapping (so a hand often reads several
    ways), a pair of an honour or of the suit, and the circumstances that add a fán."""
    base = 9 * draw(ONE_SUIT)
    tiles = []
    for _ in range(4):
        if draw(st.booleans()):
            start = base + draw(st.integers(0, 3))
            tiles += [start, start + 1, start + 2]
        else:
            tiles += [base + draw(st.integers(0, 5))] * 3
    tiles += [draw(st.sampled_from([*range(base, base + 9), *range(27, 34)]))] * 2
    assume(max(tiles.count(t) for t in tiles) <= 4)
    return Win(tuple(sorted(tiles)), seat_wind=draw(st.sampled_from(list(Wind))),
               round_wind=draw(st.sampled_from(list(Wind))), last_tile=draw(st.booleans()),
               self_drawn=draw(st.booleans()))


@settings(max_examples=400, deadline=None)
@given(hand=one_suit_hands())
def test_the_lists_accepted_are_those_of_every_reading_worth_the_most_after_the_cap(hand):
    every = readings(hand)
    top = max(min(sum(hit.fan for hit in r.patterns), 2) for r in every)  # the cap, again
    accepted = listings(hand)
    assert {r.fan for r in accepted} == {top}
    assert {r.names for r in accepted} == {r.names for r in every if r.fan == top}
    assert len({r.names for r in accepted}) == len(accepted)
    assert accepted[0] == score(hand)
