"""Every point of Portaria 15/96/M and every house interpretation the questions must teach is
cited, at its exact point, by the reasons of generated questions: seeds 0..199 at each level,
as the coverage check reads them (``verdict.reasons[*].source``)."""

from collections import Counter

import pytest

import questions
from tests.questions.every_question import game_citations
from trainer.rules.mahjong_baccarat import (
    ART_3_1,
    ART_3_2,
    ART_3_3,
    ART_5_3,
    ART_5_5,
    ART_5_6,
    ART_6_1,
    ART_6_2,
    ART_9,
    HI_MB_COBANK,
    HI_MB_COMMISSION,
    HI_MB_HIGHER_TILE,
    HI_SETTLE_ORDER,
)

REQUIRED = (ART_3_1, ART_3_2, ART_3_3, ART_5_3, ART_5_5, ART_5_6, ART_6_1, ART_6_2, ART_9,
            HI_MB_COMMISSION, HI_MB_COBANK, HI_MB_HIGHER_TILE, HI_SETTLE_ORDER)
SKILLS = [s for s in questions.skills() if s.startswith("mahjong_baccarat.")]


@pytest.fixture(scope="module")
def cited() -> Counter:
    """How many generated questions cite each point (once per question)."""
    return game_citations("mahjong_baccarat")


@pytest.mark.parametrize("point", REQUIRED, ids=lambda p: str(p.cite()))
def test_each_point_is_cited_comfortably(cited, point):
    assert cited[point] >= 5, (point, cited[point])


def test_art_6_is_cited_at_its_points_never_as_a_whole(cited):
    whole = [source for source in cited
             if getattr(source, "number", None) in (3, 5, 6) and not source.item]
    assert not whole
