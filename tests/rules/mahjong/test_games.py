"""Heavenly and earthly wins (Art. 5, 6) and who holds the bank next (Art. 3, HI-MJ-DRAWN)."""

import pytest

from trainer.rules.mahjong import Variant, Wind
from trainer.rules.mahjong.play.conduct import Decision
from trainer.rules.mahjong.play.games import Start, bank, first_win
from trainer.rules.regulations import Article, HouseInterpretation, Regulation

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
CONV, SIMPLE = Variant.CONVENTIONAL, Variant.SIMPLIFIED


def art(number, item=""):
    return Article(Regulation.MAHJONG, number, item)


def cited(ruling):
    return [reason.source for reason in ruling.reasons]


def test_the_bankers_complete_dealt_hand_is_a_heavenly_win_of_double_fan():
    # Art. 5 (a)(1) «ganho natural» (t'in vu); Art. 6 (a)(3): «fán» dobrado.
    ruling = first_win(CONV, Start.DEALT, E)
    assert ruling.decision is Decision.HEAVENLY
    assert cited(ruling) == [art(5, "a(1)"), art(6, "a(3)")]


def test_a_win_on_the_bankers_first_discard_is_earthly():
    # Art. 5 (a)(2) «ganho não natural» (tei vu).
    ruling = first_win(CONV, Start.BANKER_FIRST_DISCARD, W)
    assert ruling.decision is Decision.EARTHLY
    assert cited(ruling) == [art(5, "a(2)"), art(6, "a(3)")]


@pytest.mark.parametrize("start", [Start.BANKER_LATER_DISCARD, Start.OTHER_FIRST_DISCARD,
                                   Start.FIRST_DRAW])
def test_other_early_wins_are_ordinary(start):
    ruling = first_win(CONV, start, S)
    assert ruling.decision is Decision.ORDINARY and cited(ruling) == [art(5, "a(2)")]


def test_the_simplified_form_has_them_without_fan_of_their_own():
    ruling = first_win(SIMPLE, Start.DEALT, E)
    assert ruling.decision is Decision.HEAVENLY
    assert cited(ruling) == [art(5, "b(1)"), art(6, "b")]
    assert first_win(SIMPLE, Start.BANKER_FIRST_DISCARD, S).decision is Decision.EARTHLY


def test_only_the_banker_is_dealt_a_heavenly_win():
    with pytest.raises(ValueError, match="only the banker"):
        first_win(CONV, Start.DEALT, S)
    with pytest.raises(ValueError, match="only the banker"):
        first_win(CONV, Start.BANKER_FIRST_DISCARD, E)


def test_the_banker_keeps_the_bank_while_he_wins_and_when_nobody_does():
    ruling, following = bank(CONV, E, E, 3, E)
    assert ruling.decision is Decision.KEEPS_BANK and cited(ruling) == [art(3, "a")]
    assert following == (E, E, 3)
    ruling, following = bank(CONV, E, E, 3, None)
    assert ruling.decision is Decision.KEEPS_BANK
    assert cited(ruling) == [HouseInterpretation("HI-MJ-DRAWN")]
    assert following == (E, E, 3)


def test_another_winner_passes_the_bank_right_and_the_fourth_game_ends_the_round():
    ruling, following = bank(CONV, E, S, 6, N)  # South round, its second game
    assert ruling.decision is Decision.PASSES_BANK and following == (S, S, 7)
    ruling, following = bank(CONV, E, S, 8, W)  # its fourth game: the West round follows
    assert ruling.decision is Decision.NEXT_ROUND and following == (S, W, 9)
    assert cited(ruling) == [art(3, "a"), art(3, "a")]


def test_a_simplified_table_of_two_or_three_passes_the_bank_among_those_present():
    ruling, following = bank(SIMPLE, E, E, 1, W, (E, S, W))
    assert ruling.decision is Decision.PASSES_BANK and following == (S, E, 2)
    assert cited(ruling) == [art(3, "b"), art(3, "b")]
    _ruling, following = bank(SIMPLE, S, E, 2, E, (E, S))
    assert following == (E, E, 3)  # from South the next present is East again
