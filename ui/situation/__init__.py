"""Drawings of a question's situation: ``situation_view(question)`` picks the right one.

The card games and Sap I Chi are drawn here (:mod:`ui.situation.thirteen`,
:mod:`~ui.situation.thirteen_deal`, :mod:`~ui.situation.thirteen_procedure`,
:mod:`~ui.situation.three_card`,
:mod:`~ui.situation.sap_i_chi`); the tile games by ``ui.situation.tiles_games``. A skill
without a drawing is shown as a translated table of what is at the table. A money skill's
chip form (:mod:`questions.chips`) is drawn as its typed skill is, from the typed skill's
situation inside its own.
"""

from __future__ import annotations

import dataclasses

from questions import Question, skills
from questions.chip_situation import InChipsSituation
from questions.chips import SUFFIX
from ui.situation.base import SituationView
from ui.situation.fallback import SituationTable


def views() -> dict[str, type[SituationView]]:
    """Every skill id with a drawing of its own → its SituationView class."""
    from ui.situation import (
        sap_i_chi,
        thirteen,
        thirteen_deal,
        thirteen_procedure,
        three_card,
        tiles_games,
    )

    found: dict[str, type[SituationView]] = {}
    for module in (thirteen, thirteen_deal, thirteen_procedure, three_card, sap_i_chi,
                   tiles_games):
        found.update(module.VIEWS)
    return with_chip_forms(found)


def with_chip_forms(found: dict[str, type[SituationView]]) -> dict[str, type[SituationView]]:
    """``found``, and each money skill's chip form drawn as its typed skill is (it asks the
    same question)."""
    return found | {skill: found[typed] for skill in skills()
                    if (typed := skill.removesuffix(SUFFIX)) != skill and typed in found}


def situation_view(question: Question) -> SituationView:
    """The drawing of ``question``'s situation (a table of its facts if there is none)."""
    return views().get(question.skill, SituationTable)(drawn(question))


def drawn(question: Question) -> Question:
    """``question`` as its drawing reads it: a chip form's with its typed skill's situation
    (the way the money goes is the answer control's, not the table's)."""
    situation = question.situation
    if isinstance(situation, InChipsSituation):
        return dataclasses.replace(question, situation=situation.typed)
    return question


__all__ = ["SituationTable", "SituationView", "drawn", "situation_view", "views",
           "with_chip_forms"]
