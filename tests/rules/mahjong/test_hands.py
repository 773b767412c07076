"""Mah-Jong tiles and winning hands, checked against an independent win detector."""

import random

import pytest
from mahjong.agari import Agari

from trainer.rules.mahjong import (
    Meld,
    MeldKind,
    Variant,
    Wind,
    decompositions,
    format_tiles,
    is_winning,
    parse_tiles,
    waits,
)
from trainer.rules.mahjong.hands.tiles import DRAGON_TILES, KINDS, WIND_TILES


def test_notation_round_trip_and_errors():
    text = "1m 9m 1p 9p 1s 9s E S W N C F P"
    assert format_tiles(parse_tiles(text)) == text
    assert parse_tiles("5s")[0] == 22 and parse_tiles("E")[0] == 27
    for bad in ("0m", "1x", "10p", "Z", "m1"):
        with pytest.raises(ValueError, match="not a Mah-Jong tile"):
            parse_tiles(bad)


def test_seats_turn_counterclockwise_from_the_banker():
    assert [Wind.EAST.next(n) for n in range(5)] == [Wind.EAST, Wind.SOUTH, Wind.WEST,
                                                     Wind.NORTH, Wind.EAST]
    assert Wind.NORTH.next() is Wind.EAST  # the next seat, one turn on


def test_art_2_1_the_honours_are_four_winds_and_three_dragons():
    assert tuple(WIND_TILES) == parse_tiles("E S W N")
    assert tuple(DRAGON_TILES) == parse_tiles("C F P")


def test_the_two_sets():
    assert len(Variant.CONVENTIONAL.kinds) * 4 == 136
    assert len(Variant.SIMPLIFIED.kinds) * 4 == 112
    assert "F" in format_tiles(Variant.SIMPLIFIED.kinds)
    assert "C" not in format_tiles(Variant.SIMPLIFIED.kinds)


@pytest.mark.parametrize(
    "hand",
    [
        "1m 2m 3m 4m 5m 6m 7m 8m 9m E E E C C",
        "1m 1m 1m 2p 2p 2p 3s 3s 3s W W W P P",  # all pungs
        "1m 9m 1p 9p 1s 9s E S W N C F P P",  # thirteen orphans
        "2m 3m 4m 2m 3m 4m 6p 7p 8p 6p 7p 8p 5s 5s",
    ],
)
def test_winning_hands(hand):
    assert is_winning(parse_tiles(hand))


@pytest.mark.parametrize(
    "hand",
    [
        "1m 1m 2p 2p 3s 3s 4s 4s E E S S C C",  # seven pairs is not a Macau win
        "1m 2m 3m 4m 5m 6m 7m 8m 9m E E E C F",
        "1m 9m 1p 9p 1s 9s E S W N C F P 5m",  # orphans with a simple
        "1m 2m 3m",
    ],
)
def test_not_winning(hand):
    assert not is_winning(parse_tiles(hand))


def test_declared_melds_count_as_sets():
    kong = Meld(MeldKind.KONG, parse_tiles("E E E E"))
    pung = Meld(MeldKind.PUNG, parse_tiles("C C C"))
    assert is_winning(parse_tiles("1m 2m 3m 7p 8p 9p 5s 5s"), (kong, pung))
    assert not is_winning(parse_tiles("1m 2m 3m 7p 8p 9p 5s 5s"), (kong,))


def test_melds_must_be_real():
    for kind, tiles in ((MeldKind.CHOW, "8m 9m 1p"), (MeldKind.CHOW, "E S W"),
                        (MeldKind.PUNG, "1m 1m 2m"), (MeldKind.KONG, "1m 1m 1m")):
        with pytest.raises(ValueError, match="is not a (chow|pung|kong)"):
            Meld(kind, parse_tiles(tiles))


def test_art_4_a_run_never_crosses_from_one_suit_into_the_next():
    for tiles in ("9m 1p 2p", "9s E S"):
        with pytest.raises(ValueError, match="is not a chow"):
            Meld(MeldKind.CHOW, parse_tiles(tiles))


def test_a_melds_first_tile_is_its_lowest():
    assert Meld(MeldKind.CHOW, parse_tiles("5p 3p 4p")).first == parse_tiles("3p")[0]


def test_art_4_honours_never_make_a_run():
    assert not is_winning(parse_tiles("E S W 1m 2m 3m 4p 5p 6p 7s 8s 9s 9p 9p"))


def test_art_4_four_declared_sets_win_with_a_concealed_pair():
    melds = tuple(Meld(kind, parse_tiles(tiles)) for kind, tiles in (
        (MeldKind.PUNG, "1m 1m 1m"), (MeldKind.CHOW, "4p 5p 6p"), (MeldKind.KONG, "E E E E"),
        (MeldKind.PUNG, "C C C")))
    assert is_winning(parse_tiles("5s 5s"), melds)
    assert not is_winning(parse_tiles("5s 6s"), melds)

def test_the_simplified_form_wins_with_five_tiles():
    assert is_winning(parse_tiles("F F 2m 3m 4m"), variant=Variant.SIMPLIFIED)
    assert is_winning(parse_tiles("5p 5p 9s 9s 9s"), variant=Variant.SIMPLIFIED)
    assert not is_winning(parse_tiles("F F 2m 3m 5m"), variant=Variant.SIMPLIFIED)
    with pytest.raises(ValueError, match="the simplified set has no E"):
        is_winning(parse_tiles("E E 2m 3m 4m"), variant=Variant.SIMPLIFIED)  # no winds there


def test_a_fifth_copy_is_refused():
    with pytest.raises(ValueError, match="the set holds only four of each tile"):
        is_winning(parse_tiles("1m 1m 1m 1m 1m 2m 3m 4p 5p 6p 7s 8s 9s E"))


def test_every_reading_of_a_hand():
    # 111 222 333 m can be three pungs or three chows.
    readings = decompositions(parse_tiles("1m 1m 1m 2m 2m 2m 3m 3m 3m 5p 6p 7p 9s 9s"))
    kinds = sorted(tuple(sorted(m.kind.value for m in d.sets)) for d in readings)
    assert kinds == [("chow", "chow", "chow", "chow"), ("chow", "pung", "pung", "pung")]


def test_waits_of_the_nine_gates():
    assert waits(parse_tiles("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m")) == {
        f"{n}m" for n in range(1, 10)}
    assert waits(parse_tiles("1m 9m 1p 9p 1s 9s E S W N C F P")) == set(
        "1m 9m 1p 9p 1s 9s E S W N C F P".split())
    assert waits(parse_tiles("2m 3m 4m 5p 5p 5p 7s 8s 9s E E E F")) == {"F"}
    # A tile already all in sight cannot be waited on.
    assert waits(parse_tiles("F F F 2m 3m 4m 5p 5p 5p 7s 8s 9s F")) == set()


# Against the riichi `mahjong` package's agari check ---------------------------------

def random_winning_hand(rng):
    counts = [0] * KINDS
    tiles = []
    while len(tiles) < 12:
        if rng.random() < 0.5:
            start = rng.choice([s * 9 + v for s in range(3) for v in range(7)])
            group = [start, start + 1, start + 2]
        else:
            group = [rng.randrange(KINDS)] * 3
        if all(counts[t] + group.count(t) <= 4 for t in group):
            for t in group:
                counts[t] += 1
            tiles += group
    while True:
        pair = rng.randrange(KINDS)
        if counts[pair] <= 2:
            return tiles + [pair, pair]


def near_miss(rng, hand):
    hand = list(hand)
    while True:
        replacement = rng.randrange(KINDS)
        index = rng.randrange(len(hand))
        if hand.count(replacement) < 4 and replacement != hand[index]:
            hand[index] = replacement
            return hand


def is_seven_pairs(hand):
    return sorted(hand.count(t) for t in set(hand)) == [2] * 7


def test_agrees_with_the_riichi_agari_check_on_standard_hands():
    agari = Agari()
    rng = random.Random(135_91)
    checked = wins = 0
    for _ in range(3000):
        hand = random_winning_hand(rng)
        for candidate in (hand, near_miss(rng, hand), rng.sample(hand + hand, 14)):
            if max(candidate.count(t) for t in candidate) > 4:
                continue
            ours = is_winning(candidate)
            theirs = agari.is_agari([candidate.count(t) for t in range(KINDS)])
            if ours != theirs:
                assert theirs and is_seven_pairs(candidate), format_tiles(candidate)
            checked += 1
            wins += ours
    assert checked > 8000 and wins > 3000


def test_the_reasons_cite_article_4_or_the_thirteen_orphans_of_article_6():
    from trainer.rules.mahjong.hands.hand import reading_reason, waits_reasons

    sets = reading_reason(parse_tiles("1m 2m 3m 5p 5p 5p 7s 8s 9s W W W C C"))
    assert ("the sets [1 of characters, 2 of characters, 3 of characters], [5 of circles, "
            "5 of circles, 5 of circles], [7 of bamboos, 8 of bamboos, 9 of bamboos], "
            "[West wind, West wind, West wind] and the pair [red dragon, red dragon]"
            ) in str(sets)  # the tiles' names, never our notation
    assert (sets.source.number, sets.source.item) == (4, "a")
    orphans = reading_reason(parse_tiles("1m 9m 1p 9p 1s 9s E S W N C F P P"))
    assert "thirteen orphans" in str(orphans) and orphans.source.number == 6
    pairs = reading_reason(parse_tiles("1m 1m 2p 2p 3s 3s 4s 4s E E S S C C"))
    assert "cannot be read as four sets and a pair, nor as thirteen orphans" in str(pairs)
    not_simple = reading_reason(parse_tiles("2m 3m 5m F F"), variant=Variant.SIMPLIFIED)
    assert "cannot be read as one set and a pair" in str(not_simple)
    assert not_simple.source.item == "b"
    simple = reading_reason(parse_tiles("2m 3m 4m F F"), variant=Variant.SIMPLIFIED)
    assert ("the set [2 of characters, 3 of characters, 4 of characters] and the pair "
            "[green dragon, green dragon]") in str(simple) and simple.source.item == "b"
    fifth = waits_reasons(parse_tiles("2m 2m 2m 2m 3m 4m 5m E E E S S S"))
    assert [str(r.text) for r in fifth] == [
        "2 of characters would complete the hand, but all four 2 of characters are already "
        "in it.",
        "With 5 of characters: It reads as the sets [2 of characters, 2 of characters, "
        "2 of characters], [2 of characters, 3 of characters, 4 of characters], [East wind, "
        "East wind, East wind], [South wind, South wind, South wind] and the pair "
        "[5 of characters, 5 of characters]."]
    assert "No tile completes" in str(waits_reasons(parse_tiles("1m 5m 9p F"),
                                                    variant=Variant.SIMPLIFIED)[0])
