"""Every point of the official texts that a croupier applies is asked, graded and cited at
its point by at least one generated question (issue: Step 3, rules fidelity).

The citations of every skill are collected over seeds 0–199 at the three levels, as the
trainer generates them; a point no question cites fails here by name.
"""

from __future__ import annotations

import pytest

from tests.questions.every_question import game_citations
from trainer.rules.regulations import (
    Article,
    HouseInterpretation,
    RankingItem,
    RankingOrder,
    Regulation,
    Source,
)

SEEDS = range(200)

THIRTEEN = Regulation.THIRTEEN_CARDS
BACCARAT = Regulation.MAHJONG_BACCARAT
SAP = Regulation.SAP_I_CHI
MAHJONG = Regulation.MAHJONG


def _hi(*codes: str) -> list[Source]:
    return [HouseInterpretation(code) for code in codes]


#: The points the issue names, game by game, at the point the text numbers them.
REQUIRED: dict[str, list[Source]] = {
    "thirteen": [
        Article(THIRTEEN, 2, "a"), Article(THIRTEEN, 2, "b"), Article(THIRTEEN, 2, "c"),
        Article(THIRTEEN, 2, "d"), Article(THIRTEEN, 3), Article(THIRTEEN, 4),
        Article(THIRTEEN, 5), Article(THIRTEEN, 10), Article(THIRTEEN, 11),
        *_hi("HI-FOUL", "HI-SIX-PAIRS", "HI-HOUSE-WAY", "HI-MISDEAL", "HI-13-PAY",
             "HI-EQUAL-TIERS", "HI-NATURAL", "HI-13-SIGNAL"),
    ],
    "mahjong_baccarat": [
        Article(BACCARAT, 3, "1"), Article(BACCARAT, 3, "2"), Article(BACCARAT, 3, "3"),
        Article(BACCARAT, 5, "3"), Article(BACCARAT, 5, "5"), Article(BACCARAT, 5, "6"),
        Article(BACCARAT, 6, "1"), Article(BACCARAT, 6, "2"), Article(BACCARAT, 9),
        *_hi("HI-MB-COMMISSION", "HI-MB-COBANK", "HI-MB-HIGHER-TILE", "HI-SETTLE-ORDER"),
    ],
    "three_card": [*(RankingItem(n) for n in range(RankingItem.FIRST, RankingItem.LAST + 1)),
                   RankingOrder(), *_hi("HI-3C-RANK", "HI-3C-PAY", "HI-3C-TIE")],
    "sap_i_chi": [Article(SAP, 2, "1"), Article(SAP, 2, "2"), Article(SAP, 2, "3"),
                  Article(SAP, 2, "4"), Article(SAP, 3, "2"), Article(SAP, 4),
                  *(Article(SAP, 3, f"1({letter})") for letter in "abcdef"),
                  *_hi("HI-SAP-LAYOUT")],
    "mahjong": [
        Article(MAHJONG, 3, "a"), Article(MAHJONG, 3, "b"),
        *(Article(MAHJONG, 5, f"a({n})") for n in (1, 2, 3, 4, 5, 6)),
        *(Article(MAHJONG, 5, f"b({n})") for n in (1, 2, 3, 4, 5)),
        Article(MAHJONG, 6, "a"), Article(MAHJONG, 6, "a(3)"), Article(MAHJONG, 6, "b"),
        Article(MAHJONG, 7),
        *(Article(MAHJONG, 9, f"a({n})") for n in (1, 2, 3, 4)),
        *(Article(MAHJONG, 9, f"b({n})") for n in (1, 2, 3)),
        *(Article(MAHJONG, 10, f"a({n})") for n in range(1, 11)),
        *(Article(MAHJONG, 10, f"b({n})") for n in (1, 2, 3, 4)),
        *_hi("HI-WALL", "HI-DEAL", "HI-MJ-PAY", "HI-MJ-CAP", "HI-MJ-SEEN", "HI-MJ-CLAIM",
             "HI-MJ-LIAB3", "HI-MJ-4TH", "HI-MJ-NULO", "HI-MJ-DRAWN", "HI-MJ-ADD",
             "HI-MJ-INCLUDES", "HI-MJ-GREEN"),
    ],
}


@pytest.fixture(scope="module")
def cited() -> dict[str, set[Source]]:
    """Every source cited by the reasons of every question, by game."""
    return {game: set(game_citations(game)) for game in REQUIRED}


@pytest.mark.parametrize("game", list(REQUIRED))
def test_every_required_point_is_cited_by_some_question(cited, game):
    missing = [str(source.cite()) for source in REQUIRED[game] if source not in cited[game]]
    assert missing == []
