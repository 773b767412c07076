"""The Sap I Chi questions cite every point of Portaria 9/76 they teach, at its point —
over seeds 0..199 at every level, as the coverage check collects them."""


import pytest

from tests.questions.every_question import game_citations
from trainer.rules.regulations import Article, Regulation

SEEDS = range(200)


def art(number, item=""):
    return Article(Regulation.SAP_I_CHI, number, item)


REQUIRED = [
    art(2, "1"),  # the cloth of each round (sap_i_chi.draw)
    art(2, "2"),  # the bell (sap_i_chi.procedure)
    art(2, "3"),  # the round decided by the cloth; a void round
    art(2, "4"),  # the card in the chute; cloth and tube through the hatches
    art(3, "1"),  # a losing bet's stake collected
    *(art(3, f"1({alinea})") for alinea in "abcdef"),  # each prize
    art(3, "2"),  # winning bets cleared by mistake are rebuilt
    art(4),  # the compartment
]


@pytest.fixture(scope="module")
def cited():
    return game_citations("sap_i_chi")


@pytest.mark.parametrize("point", REQUIRED, ids=lambda a: f"{a.number}({a.item})")
def test_each_point_is_cited(cited, point):
    assert cited[point] >= 10, point


def test_nothing_cites_article_3_as_a_whole(cited):
    assert cited[art(3)] == 0
    assert all(isinstance(source, Article) or source.code in ("HI-MONEY", "HI-SAP-LAYOUT",
                                                                 "HI-CHIP-CHANGE")
               for source in cited)
