"""The claim questions cite every point of the rules on claims they teach, at its exact point
(Portaria 135/91/M Art. 5 (a)(3)–(6), (b)(3)–(5), Art. 9 (a)(2), (a)(3), (b)(2); HI-MJ-CLAIM),
comfortably within 200 seeds at each level."""


import pytest

from tests.questions.every_question import citations
from trainer.rules.mahjong.play.claims import HI_MJ_CLAIM
from trainer.rules.regulations import Article, Regulation


def art(number, item):
    return Article(Regulation.MAHJONG, number, item)


#: Each skill's points that must be cited, and how often (of 600 questions) at least.
REQUIRED = {
    "mahjong.claim_calls": {art(5, "a(3)"): 60, art(5, "a(4)"): 30, art(5, "a(5)"): 20,
                            art(5, "a(6)"): 20, art(5, "b(3)"): 10, art(5, "b(4)"): 10,
                            art(5, "b(5)"): 10, art(9, "a(2)"): 20, art(9, "a(3)"): 20,
                            art(9, "b(2)"): 10, HI_MJ_CLAIM: 60, art(4, "a"): 60,
                            art(4, "b"): 20},
    "mahjong.claim_options": {art(5, "a(3)"): 60, art(5, "a(4)"): 60, art(5, "a(5)"): 60,
                              art(5, "b(3)"): 30, art(5, "b(4)"): 30, art(9, "a(2)"): 20,
                              art(9, "a(3)"): 20, art(9, "b(2)"): 5, HI_MJ_CLAIM: 60},
    "mahjong.claim": {art(5, "a(3)"): 60, art(5, "a(4)"): 60, art(5, "a(5)"): 30,
                      art(5, "a(6)"): 10, art(5, "b(4)"): 20, art(5, "b(5)"): 10,
                      art(9, "a(2)"): 20, art(9, "a(3)"): 10, art(9, "b(2)"): 5,
                      HI_MJ_CLAIM: 30},
}


@pytest.mark.parametrize("skill", sorted(REQUIRED))
def test_every_point_is_cited(skill):
    cited = citations(skill)
    short = {str(point.cite()): cited[point] for point, least in REQUIRED[skill].items()
             if cited[point] < least}
    assert not short, short
