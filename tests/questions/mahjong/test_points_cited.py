"""Every point this step must teach is cited, at its exact point, by the reasons of some
generated Mah-Jong question — comfortably within 200 seeds at each level."""

from collections import Counter

import pytest

import questions
from tests.questions.every_question import game_citations
from trainer.rules.regulations import Article, HouseInterpretation, Regulation, Source

SEEDS = range(200)
#: Cited at least this often over the seeds and levels: well within reach, not by luck.
AT_LEAST = 5


def art(number: int, item: str = "") -> Article:
    return Article(Regulation.MAHJONG, number, item)


REQUIRED: dict[str, Source] = {
    "a discard cannot be taken back (conventional)": art(9, "a(1)"),
    "a withdrawn pung forbids winning": art(9, "a(2)"),
    "seeing another's tiles forbids kongs (conventional)": art(9, "a(3)"),
    "the winner's capital (conventional)": art(9, "a(4)"),
    "a discard cannot be taken back (simplified)": art(9, "b(1)"),
    "seeing another's tiles forbids kongs (simplified)": art(9, "b(2)"),
    "the winner's capital (simplified)": art(9, "b(3)"),
    "a wrong exposure": art(10, "a(7)"),
    "a false win (conventional)": art(10, "a(8)"),
    "a false win (simplified)": art(10, "b(3)"),
    "what a chow obliges": art(5, "a(3)"),
    "a kong's replacement (conventional)": art(5, "a(5)"),
    "a kong's replacement (simplified)": art(5, "b(4)"),
    "a simplified table of 2 or 3; its bank": art(3, "b"),
    "the rounds and the bank": art(3, "a"),
    "heavenly win": art(5, "a(1)"),
    "earthly win": art(5, "a(2)"),
    "heavenly and earthly wins are double fán": art(6, "a(3)"),
    "HI-MJ-NULO": HouseInterpretation("HI-MJ-NULO"),
    "HI-MJ-LIAB3": HouseInterpretation("HI-MJ-LIAB3"),
    "HI-MJ-SEEN": HouseInterpretation("HI-MJ-SEEN"),
    "HI-MJ-CAP": HouseInterpretation("HI-MJ-CAP"),
    "HI-MJ-4TH": HouseInterpretation("HI-MJ-4TH"),
    "HI-MJ-DRAWN": HouseInterpretation("HI-MJ-DRAWN"),
}


@pytest.fixture(scope="module")
def cited() -> Counter:
    return game_citations("mahjong")


@pytest.mark.parametrize("point", REQUIRED)
def test_the_point_is_cited(cited, point):
    assert cited[REQUIRED[point]] >= AT_LEAST, (point, cited[REQUIRED[point]])


def test_a_small_table_is_named_in_its_own_words(cited):
    seen = [question for question in (questions.generate("mahjong.payments", seed, 2)
                                      for seed in SEEDS) if question.situation.players]
    assert seen and all(art(3, "b") in {r.source for r in q.grade(q.reference_answer())
                                        .reasons} for q in seen)


def test_no_false_win_is_cited_as_the_bare_item_any_more(cited):
    # Regression: «nulo» payments cited "Art. 10 (a)" — now (a)(8), (b)(3). What is left
    # of the bare item is "none of the cases of liability applies" (the list as a whole).
    for skill in ("mahjong.liability", "mahjong.conduct"):
        for seed in range(60):
            question = questions.generate(skill, seed, 1)
            for reason in question.grade(question.reference_answer()).reasons:
                if "false win" in str(reason.text).lower():
                    assert reason.source in (art(10, "a(8)"), art(10, "b(3)")), reason
