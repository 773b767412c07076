"""A table round asked as an exam item, reviewed: the actions given, each graded again by the
round engine (:func:`trainer.rounds.exam_items.graded_round_item`), and the steps not played,
which count as wrong — in the exam's result and wherever the desk shows the answer."""

from __future__ import annotations

import html
from typing import Any

from i18n import _, ngettext
from trainer.rounds.exam_items import graded_round_item, round_of_item
from trainer.rules.house import HouseRules
from ui.modes.base import skill_title
from ui.rounds.review import review_html
from ui.rounds.ways import mode_name


def round_item_html(skill: str, seed: int, difficulty: int, rules: HouseRules,
                    answer: Any, taken_ms: int | None, *, given: bool = True) -> str:
    """The round's review; ``given`` false: the item was not played at all."""
    round_ = round_of_item(skill, seed, difficulty, rules)
    head = html.escape(_("{title} · {mode}").format(title=skill_title(skill),
                                                     mode=mode_name(round_.mode)))
    graded = graded_round_item(skill, seed, difficulty, rules, answer) if given else None
    if graded is None:
        said = _("This answer cannot be read as the actions of this round.") if given else _(
            "– Not played.")
        return f"<h3>{head}</h3><p>{html.escape(said)}</p>"
    verdicts = list(graded.verdicts)
    body = review_html(round_, verdicts, taken_ms or 0)
    left = len(round_.steps) - len(verdicts)
    if left:
        body += "<p>" + html.escape(ngettext(
            "{count} step of the round was not played: it counts as wrong.",
            "{count} steps of the round were not played: they count as wrong.",
            left).format(count=left)) + "</p>"
    score = _("Score for this round: {right} of {steps} steps right.").format(
        right=graded.right, steps=len(round_.steps))
    return f"<h3>{head}</h3><p>{html.escape(score)}</p>{body}"
