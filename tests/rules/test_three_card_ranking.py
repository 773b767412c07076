"""Three-card baccarat: a hand's class explained, and several hands ranked; each class
cited at its item of the official list (file 002, items 20–31), or HI-3C-RANK (1–19)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.rules.cards import full_deck, parse_cards
from trainer.rules.regulations import HouseInterpretation, RankingItem, RankingOrder
from trainer.rules.three_card.classes import explain_rank, rank, rank_hands

HI_3C_RANK = HouseInterpretation("HI-3C-RANK")
HI_3C_TIE = HouseInterpretation("HI-3C-TIE")


def test_the_explanation_spells_out_points_and_figures():
    reason = explain_rank(parse_cards("QS 10H AD"))  # item 27: one with one figure
    assert reason.source == RankingItem(27)
    text = str(reason)
    assert "0 + 0 + 1 = 1, so 1 point; 1 figure (J, Q, K;" in text
    assert "One with one figure, class 27" in text
    assert "[The official three-card ranking list, item 27]" in text


def test_a_reconstructed_class_cites_the_house_interpretation():
    reason = explain_rank(parse_cards("JS 4H 5D"))  # class 3: nine with one figure
    assert reason.source == HI_3C_RANK and "HI-3C-RANK" in str(reason)


def test_the_sum_is_taken_modulo_ten():
    text = str(explain_rank(parse_cards("9S 9H 9D")))
    assert "9 + 9 + 9 = 27, so 7 points; 0 figures (J, Q, K;" in text and "class 10" in text


def test_three_figures_are_named_as_the_highest_class():
    text = str(explain_rank(parse_cards("JS QH KD")))
    assert "three figures" in text and "class 1" in text


def test_hands_are_ranked_from_the_lowest_class():
    hands = [parse_cards(h) for h in ("10S 10H 10D", "QS KH 3D", "JS QH KD", "JC 5H 8D")]
    ranking = rank_hands(hands)  # classes 31, 20, 1, 21
    assert ranking.classes == (31, 20, 1, 21)
    assert ranking.order == (2, 1, 3, 0)
    assert len(ranking.reasons) == 5
    assert "the classes are 1, 20, 21, 31" in str(ranking.reasons[-1])
    assert [reason.source for reason in ranking.reasons] == [
        RankingItem(31), RankingItem(20), HI_3C_RANK, RankingItem(21), HI_3C_RANK]


def test_an_order_of_official_items_cites_the_lists_order_not_one_item():
    ranking = rank_hands([parse_cards(h) for h in ("10S 10H 10D", "JC 5H 8D", "QS 10C AD")])
    assert ranking.classes == (31, 21, 27)
    assert [r.source for r in ranking.reasons] == [
        RankingItem(31), RankingItem(21), RankingItem(27), RankingOrder()]


def test_equal_classes_tie_citing_hi_3c_tie_and_keep_their_order():
    ranking = rank_hands([parse_cards("KS QH 3D"), parse_cards("9S 9H 9D"),
                          parse_cards("JC KD 3H")])  # classes 20, 4, 20
    assert ranking.order == (1, 0, 2)
    assert [r.source for r in ranking.reasons[-2:]] == [HI_3C_RANK, HI_3C_TIE]
    assert str(ranking.reasons[-1]) == ("Hands of the same class tie: class 20. "
                                        "[House interpretation HI-3C-TIE]")


def test_hands_of_different_classes_cite_no_tie():
    ranking = rank_hands([parse_cards(h) for h in ("10S 10H 10D", "JC 5H 8D")])
    assert HI_3C_TIE not in {r.source for r in ranking.reasons}


def test_no_hands_cannot_be_ranked():
    with pytest.raises(ValueError, match="there are no hands to rank"):
        rank_hands([])


@pytest.mark.parametrize(("hands", "says"), [
    (["KS QH 3D", "KS 2D 3H"], "hands from one deck cannot share a card"),  # one card twice
    (["KS QH", "2D 3H 4C"], "a three-card hand has exactly 3 cards"),  # a short hand
])
def test_impossible_deals_are_refused(hands, says):
    with pytest.raises(ValueError, match=says):
        rank_hands([parse_cards(h) for h in hands])


deals = st.integers(2, 4).flatmap(lambda n: st.lists(
    st.sampled_from(full_deck()), min_size=3 * n, max_size=3 * n, unique=True))


@settings(max_examples=200)
@given(deals)
def test_the_order_never_puts_a_weaker_hand_first(cards):
    hands = [tuple(cards[i:i + 3]) for i in range(0, len(cards), 3)]
    ranking = rank_hands(hands)
    assert sorted(ranking.order) == list(range(len(hands)))
    ranked = [rank(hands[i]) for i in ranking.order]
    assert ranked == sorted(ranked)
