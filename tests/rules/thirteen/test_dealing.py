"""The deal and misdeals (Portaria 51/89/M, Art. 2 b–c, Art. 4)."""

import pytest

from trainer.rules.cards import full_deck, parse_cards
from trainer.rules.thirteen import Action, MisdealScenario, deal_order, resolve_misdeal
from trainer.rules.thirteen.dealing import ART_2A, ART_2B, ART_4, Move

DECK = full_deck()


def test_deal_order_starts_at_the_dice_place_and_goes_counterclockwise():
    order = deal_order(10)  # 10 → place 2
    assert order[:6] == [2, 3, 4, 1, 2, 3]
    assert len(order) == 52 and all(order.count(p) == 13 for p in range(1, 5))
    assert deal_order(4)[0] == 4 and deal_order(5)[0] == 1 and deal_order(24)[0] == 4


def log(dice_total, changes=None, count=12):
    """The first ``count`` cards dealt correctly, with some places changed."""
    order = deal_order(dice_total)
    dealt = [(DECK[i], order[i]) for i in range(count)]
    for index, place in (changes or {}).items():
        dealt[index] = (dealt[index][0], place)
    return tuple(dealt)


def test_a_clean_deal_goes_on():
    result = resolve_misdeal(MisdealScenario(10, log(10)))
    assert result.action is Action.CONTINUE and result.moves == ()


def test_a_card_turned_face_up_is_valid_and_the_deal_goes_on():
    result = resolve_misdeal(MisdealScenario(10, log(10), frozenset({DECK[3]})))
    assert result.action is Action.CONTINUE
    assert any("valid" in str(r) and "Article 4" in str(r) for r in result.reasons)


def test_a_card_to_the_wrong_place_is_given_to_the_right_one():
    # Dice 10: the 5th card belongs to place 2; it went to place 4.
    result = resolve_misdeal(MisdealScenario(10, log(10, {4: 4})))
    assert result.action is Action.RECTIFY
    assert result.moves == (Move(DECK[4], 4, 2),)


def test_a_skipped_place_moves_every_card_after_it():
    order = deal_order(7)  # 7 → place 3
    dealt = [(DECK[i], order[i]) for i in range(4)]
    # The croupier skipped place 3 in the second round and kept going one place ahead.
    for i in range(4, 8):
        dealt.append((DECK[i], order[i] % 4 + 1))
    result = resolve_misdeal(MisdealScenario(7, tuple(dealt)))
    assert result.action is Action.RECTIFY
    assert [(m.from_place, m.to_place) for m in result.moves] == [(4, 3), (1, 4), (2, 1), (3, 2)]


def test_a_face_up_card_that_was_also_misdealt_is_moved_and_stays_valid():
    result = resolve_misdeal(MisdealScenario(10, log(10, {2: 1}), frozenset({DECK[2]})))
    assert result.action is Action.RECTIFY and result.moves[0].card == DECK[2]


def test_unidentifiable_misdealt_cards_cancel_the_deal():
    result = resolve_misdeal(MisdealScenario(10, log(10, {4: 4}), identifiable=False))
    assert result.action is Action.CANCEL and result.moves == ()
    steps = [str(step) for step in result.steps]
    assert steps[0].startswith("Cancel every card")
    assert [s for s in steps if "by hand" in s] and [s for s in steps if "machine" in s]
    assert [s for s in steps if "blank card" in s]
    assert any("Article 4" in str(r) for r in result.reasons)


def test_the_reshuffle_after_a_cancel_cites_article_4_not_2a():
    result = resolve_misdeal(MisdealScenario(10, log(10, {4: 4}), identifiable=False))
    sources = {str(reason.source.cite()) for reason in result.reasons}
    assert not [s for s in sources if "Article 2" in s]
    assert any("HI-MISDEAL" in s for s in sources)
    assert "blank card" in str(result.reasons[-1]) and "Article 4" in str(result.reasons[-1])


def test_the_cancelled_cards_go_back_in_the_box_by_art_4_and_face_down_by_art_2a():
    # Art. 4 puts the deck back in the metal box («colocado de novo na caixa metálica»);
    # only Art. 2 a) says cards go in «com as faces voltadas para baixo».
    result = resolve_misdeal(MisdealScenario(10, log(10, {4: 4}), identifiable=False))
    cited = {str(step.text): step.source for step in result.steps}
    assert cited["They are put back in the metal box."] == ART_4
    assert cited["They go into the box face down, as after every cut."] == ART_2A
    assert [step.source for step in result.steps] == [ART_4] * 5 + [ART_2A]
    assert not [text for text, source in cited.items() if "face down" in text
                and source != ART_2A]


def test_untraced_cards_off_the_order_show_a_misdeal_that_cannot_be_rectified():
    # Dice 10 → place 2; 8 cards traced, then 6 untraced: the order gives 2, 3, 4, 1, 2, 3,
    # so places 1-4 should get 1, 2, 2, 1. Place 4 got two: a card astray, which unknown.
    scenario = MisdealScenario(10, log(10, count=8), identifiable=False, untraced=(1, 2, 1, 2))
    assert scenario.untraced_should_be == (1, 2, 2, 1) and scenario.untraced_error
    result = resolve_misdeal(scenario)
    assert result.action is Action.CANCEL and result.moves == ()
    assert "After card 8 the deal was not followed" in str(result.reasons[0])
    assert "Article 4" in str(result.reasons[0])


def test_untraced_cards_as_the_order_gives_them_show_no_error():
    scenario = MisdealScenario(10, log(10, count=8), identifiable=False, untraced=(1, 2, 2, 1))
    assert not scenario.untraced_error
    assert resolve_misdeal(scenario).action is Action.CONTINUE
    # A traced misdeal is still one that cannot be rectified when the rest is untraced.
    traced_error = MisdealScenario(10, log(10, {3: 2}, count=8), identifiable=False,
                                   untraced=(1, 2, 2, 1))
    assert resolve_misdeal(traced_error).action is Action.CANCEL


@pytest.mark.parametrize(("untraced", "identifiable", "match"), [
    ((1, 2, 2, 1), True, "can no longer be identified"),
    ((1, 2, 2), False, "each of the 4 places"),
    ((1, -1, 2, 1), False, "each of the 4 places"),
    ((13, 13, 13, 13), False, "52 at most"),
])
def test_impossible_untraced_counts_are_refused(untraced, identifiable, match):
    with pytest.raises(ValueError, match=match):
        MisdealScenario(10, log(10, count=8), identifiable=identifiable, untraced=untraced)


def test_unidentifiable_does_not_matter_when_nothing_was_misdealt():
    assert resolve_misdeal(MisdealScenario(10, log(10), identifiable=False)).action is (
        Action.CONTINUE)


@pytest.mark.parametrize(
    ("dealt", "says"),
    [
        (((DECK[0], 2), (DECK[0], 3)), "each card at most once"),  # the same card twice
        (((DECK[0], 5),), "cards go to places 1 to 4"),  # no place 5
        (tuple((card, 1) for card in DECK) + ((parse_cards("AS")[0], 1),), "52 at most"),
    ],
)
def test_an_impossible_log_is_refused(dealt, says):
    with pytest.raises(ValueError, match=says):
        MisdealScenario(10, dealt)


def test_face_up_cards_must_have_been_dealt():
    with pytest.raises(ValueError, match="only dealt cards can have been dealt face up"):
        MisdealScenario(10, log(10, count=3), frozenset({DECK[40]}))


def test_the_count_from_the_dice_is_cited_to_art_2_b():
    assert str(ART_2B.cite()) == "Ordinance 51/89/M (13-card game), Article 2, item b"


def test_a_log_of_the_whole_deck_is_a_deal_log():
    assert resolve_misdeal(MisdealScenario(10, log(10, count=52))).action is Action.CONTINUE


def test_art_4_every_dealt_card_may_have_shown_its_face():
    scenario = MisdealScenario(10, log(10, count=3), frozenset(DECK[:3]))
    assert resolve_misdeal(scenario).action is Action.CONTINUE


def test_a_place_may_have_received_no_untraced_card():
    # Dice 10: after 8 cards the next two go to places 2 and 3, none to places 1 and 4.
    scenario = MisdealScenario(10, log(10, count=8), identifiable=False, untraced=(0, 1, 1, 0))
    assert not scenario.untraced_error
    assert resolve_misdeal(scenario).action is Action.CONTINUE


def test_art_4_untraced_cards_are_counted_place_by_place_from_place_1():
    scenario = MisdealScenario(10, log(10, count=8), identifiable=False, untraced=(1, 2, 1, 2))
    assert ("of the next 6 cards the normal order gives 1 to place 1, 2 to place 2, 2 to place "
            "3, 1 to place 4, but the places received 1 to place 1, 2 to place 2, 1 to place 3, "
            "2 to place 4.") in str(resolve_misdeal(scenario).reasons[0])
