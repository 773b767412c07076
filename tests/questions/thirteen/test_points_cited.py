"""Every point of Portaria 51/89/M and every house reading this brief names is cited, at its
exact point, by the reasons of generated 13-card questions (seeds 0-199, levels 1-3)."""

import pytest

import questions
from tests.questions.every_question import citations
from trainer.rules.regulations import Article, HouseInterpretation, Regulation

LAW = Regulation.THIRTEEN_CARDS
REQUIRED = (
    Article(LAW, 2, "a"), Article(LAW, 2, "b"), Article(LAW, 2, "c"), Article(LAW, 2, "d"),
    Article(LAW, 3), Article(LAW, 4), Article(LAW, 5),
    HouseInterpretation("HI-FOUL"), HouseInterpretation("HI-SIX-PAIRS"),
    HouseInterpretation("HI-HOUSE-WAY"), HouseInterpretation("HI-MISDEAL"),
)
#: The banker's hand is slow to solve: fewer seeds for it (its citations come early).
SEEDS = {"thirteen.house_way": 40}


@pytest.fixture(scope="module")
def cited():
    """Each cited source, with the skills whose questions cite it."""
    found = {}
    for skill in questions.skills("thirteen"):
        for source in citations(skill):
            found.setdefault(source, set()).add(skill)
    return found


@pytest.mark.parametrize("source", REQUIRED, ids=lambda s: str(s.cite()))
def test_the_point_is_cited_by_a_generated_question(cited, source):
    assert source in cited, sorted(map(str, (s.cite() for s in cited)))


def test_article_2a_is_cited_for_the_cut_and_for_cards_going_in_face_down(cited):
    # The reshuffle after a cancelled deal is Art. 4's own; Art. 2 a) is the cut before the
    # deal, and the cards going into the box face down, which Art. 4 does not say.
    assert cited[Article(LAW, 2, "a")] == {"thirteen.procedure", "thirteen.misdeal"}
    for seed in range(60):
        question = questions.generate("thirteen.misdeal", seed, 1)
        for reason in questions.registry.skill("thirteen.misdeal").solve(question).reasons:
            if reason.source == Article(LAW, 2, "a"):
                assert "face down" in str(reason.text), str(reason.text)
            else:
                assert "face down" not in str(reason.text), str(reason)


def test_every_house_reading_cited_is_one_rules_md_defines(cited):
    codes = {s.code for s in cited if isinstance(s, HouseInterpretation)}
    assert codes <= {"HI-FOUL", "HI-SIX-PAIRS", "HI-HOUSE-WAY", "HI-MISDEAL", "HI-NATURAL",
                     "HI-EQUAL-TIERS", "HI-13-PAY", "HI-MONEY", "HI-CHIP-CHANGE",
                     "HI-13-SIGNAL"}
