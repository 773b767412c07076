"""Each dragon and wind pattern's fán alone, in an otherwise plain hand (Art. 6 (a)).

A plain hand here: three chows in three suits, one pung of the honour, a pair of a simple,
so that no other pattern scores. Then the same honours with one suit (Art. 6 (a), wân iat
sêk only when none of its honours is itself worth fán).
"""

import pytest

from trainer.rules.mahjong import Variant, Wind, parse_tiles
from trainer.rules.mahjong.hands.fan import (
    ART_6A,
    DOUBLE_WIND,
    DRAGON_PUNG,
    MIXED_ONE_SUIT,
    ROUND_WIND,
    SEAT_WIND,
    Win,
    fan_reasons,
    score,
)

P = parse_tiles
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
LETTER = {E: "E", S: "S", W: "W", N: "N"}
PLAIN = "2m 3m 4m 5p 6p 7p 3s 4s 5s 8s 8s"
ONE_SUIT = "2m 3m 4m 5m 6m 7m 3m 4m 5m 8m 8m"


def scored(honour, seat=E, round_=E, rest=PLAIN):
    result = score(Win(P(f"{honour} {honour} {honour} {rest}"), seat_wind=seat,
                       round_wind=round_))
    return result.fan, result.raw, {hit.pattern.name: hit.fan for hit in result.patterns}


def test_the_plain_hand_alone_is_kai_vu():
    result = score(Win(P(f"6s 6s 6s {PLAIN}"), seat_wind=S, round_wind=E))
    assert (result.fan, result.patterns, result.kai_vu) == (0, (), True)


@pytest.mark.parametrize("dragon", ["C", "F", "P"])
@pytest.mark.parametrize(("seat", "round_"), [(E, E), (S, E), (N, W)])
def test_each_dragon_pung_alone_is_one_fan(dragon, seat, round_):
    assert scored(dragon, seat, round_) == (1, 1, {DRAGON_PUNG: 1})


SEATS_AND_ROUNDS = [(seat, round_) for seat in Wind for round_ in Wind]


@pytest.mark.parametrize(("seat", "round_"), SEATS_AND_ROUNDS)
def test_each_wind_pung_alone_scores_as_the_seat_and_round_make_it(seat, round_):
    for wind in Wind:
        got = scored(LETTER[wind], seat, round_)
        if wind is seat and wind is round_:
            assert got == (2, 2, {DOUBLE_WIND: 2}), (wind, seat, round_)
        elif wind is seat:
            assert got == (1, 1, {SEAT_WIND: 1}), (wind, seat, round_)
        elif wind is round_:
            assert got == (1, 1, {ROUND_WIND: 1}), (wind, seat, round_)
        else:
            assert got == (0, 0, {}), (wind, seat, round_)


def test_double_wind_is_not_also_seat_and_round_wind():
    assert scored("N", N, N) == (2, 2, {DOUBLE_WIND: 2})
    assert scored("N", N, S) == (1, 1, {SEAT_WIND: 1})
    assert scored("N", S, N) == (1, 1, {ROUND_WIND: 1})


@pytest.mark.parametrize("dragon", ["C", "F", "P"])
def test_one_suit_with_a_dragon_pung_is_not_wan_iat_sek(dragon):
    assert scored(dragon, S, E, ONE_SUIT) == (1, 1, {DRAGON_PUNG: 1})


def test_one_suit_with_a_seat_or_round_wind_pung_is_not_wan_iat_sek():
    assert scored("S", S, E, ONE_SUIT) == (1, 1, {SEAT_WIND: 1})
    assert scored("E", S, E, ONE_SUIT) == (1, 1, {ROUND_WIND: 1})
    assert scored("S", S, S, ONE_SUIT) == (2, 2, {DOUBLE_WIND: 2})


@pytest.mark.parametrize(("wind", "seat", "round_"), [("W", S, E), ("N", E, E), ("E", S, W)])
def test_one_suit_with_a_plain_wind_pung_is_wan_iat_sek(wind, seat, round_):
    assert scored(wind, seat, round_, ONE_SUIT) == (1, 1, {MIXED_ONE_SUIT: 1})


def test_one_suit_with_a_dragon_pair_is_wan_iat_sek():
    result = score(Win(P("2m 3m 4m 5m 6m 7m 3m 4m 5m 7m 7m 7m C C"), seat_wind=S,
                       round_wind=E))
    assert (result.fan, {hit.pattern.name for hit in result.patterns}) == (1, {MIXED_ONE_SUIT})


def test_the_reasons_say_why_one_suit_with_a_dragon_pung_does_not_score():
    win = Win(P(f"C C C {ONE_SUIT}"), seat_wind=S, round_wind=E)
    reasons = fan_reasons(win)
    refused = [r for r in reasons if "does not score" in str(r.text)]
    assert len(refused) == 1 and refused[0].source == ART_6A
    assert "the pung of" in str(refused[0].text)
    assert all(r.source == ART_6A for r in reasons if "Dragon pung: 1 fán" in str(r.text))


def test_the_simplified_form_gives_no_fan_for_a_dragon_or_wind_pung():
    for tiles in ("C C C 8m 8m", "E E E 8m 8m", "S S S 8m 8m"):
        with pytest.raises(ValueError, match="simplified set has no"):
            score(Win(P(tiles), seat_wind=S, round_wind=S, variant=Variant.SIMPLIFIED))
    assert score(Win(P("F F F 8m 8m"), seat_wind=S, round_wind=S,
                     variant=Variant.SIMPLIFIED)).fan == 0
