"""The three-card questions cite the ranking at its point: each of the official list's
items 20–31 (file 002) by its item, and HI-3C-RANK only for the reconstructed 1–19 —
over seeds 0..199 at every level, as the coverage check collects them."""


import pytest

import questions
from tests.questions.every_question import game_citations
from trainer.rules.regulations import HouseInterpretation, RankingItem, RankingOrder
from trainer.rules.three_card.classes import ranking_source

HI_3C_RANK = HouseInterpretation("HI-3C-RANK")
SEEDS = range(200)


@pytest.fixture(scope="module")
def cited():
    return game_citations("three_card")


def test_every_official_item_is_cited_several_times(cited):
    for item in range(20, 32):
        assert cited[RankingItem(item)] >= 5, item


def test_the_reconstructed_classes_cite_the_house_interpretation(cited):
    assert cited[HI_3C_RANK] >= 100
    assert cited[HouseInterpretation("HI-3C-PAY")] >= 100


def test_wins_cite_the_lists_order_and_ties_hi_3c_tie(cited):
    assert cited[RankingOrder()] >= 50
    assert cited[HouseInterpretation("HI-3C-TIE")] >= 50


def test_a_class_is_cited_at_its_own_item():
    # Over every class a classify question asks, the reason cites that class's point.
    for difficulty in (1, 2, 3):
        for seed in SEEDS:
            question = questions.generate("three_card.classify", seed, difficulty)
            verdict = question.grade(question.reference_answer())
            [reason] = verdict.reasons
            assert reason.source == ranking_source(verdict.expected)
            if verdict.expected >= 20:
                assert reason.source != HI_3C_RANK
