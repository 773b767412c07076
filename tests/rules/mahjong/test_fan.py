"""Fán (Portaria 135/91/M, Art. 6): every pattern with a hand that scores it and a near miss."""

import pytest

from trainer.rules.mahjong import Meld, MeldKind, Variant, Wind, parse_tiles
from trainer.rules.mahjong.hands.fan import (
    ALL_CHOWS,
    ALL_HONOURS,
    ALL_PUNGS,
    ALL_TERMINALS,
    BIG_DRAGONS,
    BIG_WINDS,
    CONCEALED_PUNGS,
    DOUBLE_WIND,
    DRAGON_PUNG,
    EARTHLY,
    GREEN_DRAGON,
    HEAVENLY,
    KONG_ON_KONG,
    KONG_REPLACEMENT,
    LAST_TILE,
    MIXED_ALL_CHOWS,
    MIXED_ONE_SUIT,
    PURE_ONE_SUIT,
    ROBBING_KONG,
    ROUND_WIND,
    SEAT_WIND,
    SMALL_DRAGONS,
    SMALL_WINDS,
    TERMINALS_AND_HONOURS,
    THIRTEEN_ORPHANS,
    Win,
    score,
)
from trainer.rules.regulations import Article, HouseInterpretation

P = parse_tiles


def names(win):
    return {hit.pattern.name for hit in score(win).patterns}


def win(tiles, **flags):
    return Win(P(tiles), **flags)


# (pattern, a win that scores it, a near miss that does not)
CASES = [
    (DRAGON_PUNG, win("C C C 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s"),
     win("C C 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s 1s")),
    (ROUND_WIND, win("S S S 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", round_wind=Wind.SOUTH),
     win("S S S 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", round_wind=Wind.EAST)),
    (SEAT_WIND, win("W W W 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", seat_wind=Wind.WEST),
     win("W W W 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", seat_wind=Wind.NORTH)),
    (ROBBING_KONG, win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p", robbing_kong=True),
     win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p")),
    (KONG_REPLACEMENT, win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p", kong_replacement=True),
     win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p", self_drawn=True)),
    (ALL_PUNGS, win("2m 2m 2m 5p 5p 5p 7s 7s 7s 9p 9p 9p 3s 3s"),
     win("2m 3m 4m 5p 5p 5p 7s 7s 7s 9p 9p 9p 3s 3s")),
    (ALL_CHOWS, win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p"),
     win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s E E")),  # pair of the seat/round wind
    (MIXED_ONE_SUIT, win("1m 1m 1m 4m 5m 6m 7m 8m 9m N N N 2m 2m"),
     win("1m 1m 1m 4m 5m 6m 7m 8m 9m 2p 2p 2p 2m 2m")),
    (LAST_TILE, win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p", last_tile=True),
     win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p")),
    (SMALL_DRAGONS, win("C C C F F F P P 2m 3m 4m 7s 8s 9s"),
     win("C C C F F F 1p 1p 2m 3m 4m 7s 8s 9s")),
    (SMALL_WINDS, win("E E E S S S W W W N N 2m 3m 4m"),
     win("E E E S S S W W W 1p 1p 2m 3m 4m")),
    (TERMINALS_AND_HONOURS, win("1m 1m 1m 9p 9p 9p 1s 1s 1s N N N C C"),
     win("1m 1m 1m 9p 9p 9p 2s 2s 2s N N N C C")),
    (HEAVENLY, win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p", heavenly=True),
     win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p")),
    (EARTHLY, win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p", earthly=True),
     win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p")),
    (DOUBLE_WIND, win("S S S 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", seat_wind=Wind.SOUTH,
                      round_wind=Wind.SOUTH),
     win("S S S 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", seat_wind=Wind.SOUTH,
         round_wind=Wind.WEST)),
    (KONG_ON_KONG, win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p", kong_on_kong=True),
     win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p", kong_replacement=True)),
    (MIXED_ALL_CHOWS, win("1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m N N"),
     win("1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m E E")),  # the seat/round wind pair
    (PURE_ONE_SUIT, win("1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 2m 2m 5m 5m"),
     win("1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 2m 2m 5p 5p")),
    (THIRTEEN_ORPHANS, win("1m 9m 1p 9p 1s 9s E S W N C F P P"),
     win("1m 1m 1m 9p 9p 9p 1s 1s 1s N N N C C")),
    (CONCEALED_PUNGS, win("2m 2m 2m 5p 5p 5p 7s 7s 7s 9p 9p 9p 3s 3s", self_drawn=True),
     win("2m 2m 2m 5p 5p 5p 7s 7s 7s 9p 9p 9p 3s 3s")),  # not self-drawn
    (BIG_DRAGONS, win("C C C F F F P P P 2m 3m 4m 7s 7s"),
     win("C C C F F F P P 2m 3m 4m 7s 8s 9s")),
    (BIG_WINDS, win("E E E S S S W W W N N N 2m 2m"),
     win("E E E S S S W W W N N 2m 3m 4m")),
    (ALL_TERMINALS, win("1m 1m 1m 9p 9p 9p 1s 1s 1s 9s 9s 9s 9m 9m"),
     win("1m 1m 1m 9p 9p 9p 1s 1s 1s 9s 9s 9s E E")),
    (ALL_HONOURS, win("E E E S S S C C C F F F P P"),
     win("E E E S S S C C C F F F 1m 1m")),
]


@pytest.mark.parametrize(("pattern", "scoring", "near_miss"), CASES,
                         ids=[case[0] for case in CASES])
def test_each_pattern_scores_and_its_near_miss_does_not(pattern, scoring, near_miss):
    assert pattern in names(scoring)
    assert pattern not in names(near_miss)


#: Art. 6 (a)(2) lists the patterns of 1 fán; every other pattern is (a)(3), double fán.
ONE_FAN = {DRAGON_PUNG, ROUND_WIND, SEAT_WIND, ROBBING_KONG, KONG_REPLACEMENT, ALL_PUNGS,
           ALL_CHOWS, MIXED_ONE_SUIT, LAST_TILE, SMALL_DRAGONS, SMALL_WINDS,
           TERMINALS_AND_HONOURS}


@pytest.mark.parametrize(("pattern", "scoring"), [case[:2] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_each_pattern_is_worth_the_fan_art_6_a_gives_it(pattern, scoring):
    hit = next(hit for hit in score(scoring).patterns if hit.pattern.name == pattern)
    assert hit.fan == (1 if pattern in ONE_FAN else 2)

def test_every_conventional_pattern_is_covered():
    from trainer.rules.mahjong.hands.fan import CONVENTIONAL_PATTERNS

    assert {p.name for p in CONVENTIONAL_PATTERNS} == {case[0] for case in CASES} - {
        GREEN_DRAGON}


def test_a_plain_hand_is_kai_vu():
    result = score(win("2m 3m 4m 5p 6p 7p 7s 7s 7s 1s 2s 3s 9p 9p"))
    assert result.fan == 0 and result.kai_vu and result.patterns == ()


def test_fan_add_up_and_are_capped_at_two():
    two = score(win("C C C F F F 2m 3m 4m 7s 8s 9s 1s 1s"))  # two dragon pungs
    assert two.fan == 2 and two.raw == 2
    many = score(win("C C C F F F P P P 2m 3m 4m 7s 7s", last_tile=True))
    assert many.raw > 2 and many.fan == 2


def test_the_reading_worth_most_is_chosen():
    # 111 222 333 m as three pungs + 456p + 99s reads as all pungs? No: with a chow, not;
    # as four chows + 99s pair it is all chows (1 fán) — the scorer finds the better one.
    result = score(win("1m 1m 1m 2m 2m 2m 3m 3m 3m 4p 5p 6p 9s 9s"))
    assert ALL_CHOWS in {h.pattern.name for h in result.patterns} and result.fan == 1


def test_declared_melds_count():
    kong = Meld(MeldKind.KONG, P("C C C C"))
    assert DRAGON_PUNG in names(Win(P("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s"), (kong,)))
    exposed = Meld(MeldKind.PUNG, P("2m 2m 2m"))
    concealed = Win(P("5p 5p 5p 7s 7s 7s 9p 9p 9p 3s 3s"), (exposed,), self_drawn=True)
    assert CONCEALED_PUNGS not in names(concealed) and ALL_PUNGS in names(concealed)


@pytest.mark.parametrize(
    ("flags", "tiles", "fan"),
    [
        ({}, "2m 3m 4m 5p 5p", 0),
        ({"robbing_kong": True}, "2m 3m 4m 5p 5p", 1),
        ({"last_tile": True}, "2m 3m 4m 5p 5p", 1),
        ({"winning_tile": 32}, "F F 2m 3m 4m", 1),  # won on 發
        ({"winning_tile": 11}, "F F 2m 3m 4m", 0),
        ({"robbing_kong": True, "last_tile": True}, "2m 3m 4m 5p 5p", 1),  # the maximum
    ],
)
def test_the_simplified_form(flags, tiles, fan):
    assert score(Win(P(tiles), variant=Variant.SIMPLIFIED, **flags)).fan == fan


def test_not_a_winning_hand():
    with pytest.raises(ValueError, match="not a winning hand"):
        score(win("1m 1m 2p 2p 3s 3s 4s 4s E E S S C C"))


def test_the_reasons_give_each_pattern_its_article_and_the_cap():
    from trainer.rules.mahjong.hands.fan import fan_reasons

    many = win("C C C F F F P P P 2m 3m 4m 7s 7s", last_tile=True)
    texts = [str(r.text) for r in fan_reasons(many)]
    assert texts[0].startswith("It reads as the sets")
    assert "Big three dragons (tai sam un): 2 fán." in texts
    # HI-MJ-INCLUDES: the big form replaces only the small one; each dragon pung is listed.
    assert "Dragon pung, 3 times: 3 fán." in texts
    assert not any("already includes" in t for t in texts)
    assert texts[-1] == "The patterns add up to 6 fán, but 2 fán is the maximum."
    assert fan_reasons(many)[-1].source == HouseInterpretation("HI-MJ-ADD")
    twice = fan_reasons(win("C C C F F F 2m 3m 4m 7s 8s 9s 1s 1s"))
    assert "Dragon pung, 2 times: 2 fán." in [str(r.text) for r in twice]
    assert (str(twice[-1].text), twice[-1].source) == ("The patterns add up: 2 fán.",
                                                       HouseInterpretation("HI-MJ-ADD"))
    plain = fan_reasons(win("2m 3m 4m 5p 6p 7p 7s 7s 7s 1s 2s 3s 9p 9p"))
    assert "kai vu" in str(plain[-1].text) and plain[-1].source.item == "a"
    simple = fan_reasons(Win(P("F F 2m 3m 4m"), winning_tile=32, variant=Variant.SIMPLIFIED))
    assert all(r.source.item == "b" for r in simple[1:] if isinstance(r.source, Article))
    assert HouseInterpretation("HI-MJ-GREEN") in [r.source for r in simple]
