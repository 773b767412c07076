"""Mastery per person and skill: accuracy, speed, streak and a level against the targets."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from i18n import N_, Message
from trainer.levels import DIFFICULTIES
from trainer.progress.learning.summaries import RecentAnswer, SkillState, skill_states
from trainer.progress.learning.targets import (
    MasteryTargets,
    TargetTable,
    extra_time,
    load_targets,
    save_targets,
)
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.people.leave import Leave
from trainer.progress.storage.database import connection, reading, writing
from trainer.progress.storage.store import Store

_SHARE = Decimal("0.0001")


class MasteryLevel(StrEnum):
    NEW = "new"
    LEARNING = "learning"
    PRACTISED = "practised"
    MASTERED = "mastered"

    @property
    def label(self) -> Message:
        return Message.of(_LEVEL_NAMES[self])


_LEVEL_NAMES = {
    MasteryLevel.NEW: N_("New"),
    MasteryLevel.LEARNING: N_("Learning"),
    MasteryLevel.PRACTISED: N_("Practised"),
    MasteryLevel.MASTERED: N_("Mastered"),
}


@dataclass(frozen=True)
class SkillMastery:
    skill: str
    attempts: int
    correct: int
    #: Over every answer; ``None`` before the first.
    accuracy: Decimal | None
    #: Over the last ``window`` answers (the targets' window).
    recent_accuracy: Decimal | None
    #: Share of the last ``window`` answers that were right within the target time.
    on_time_share: Decimal | None
    #: Median response time of the last ``window`` answers.
    median_ms: int | None
    streak: int
    level: MasteryLevel
    due: datetime | None
    #: The difficulty to practise next.
    difficulty: int
    last_answered_at: str | None


def share(part: int, whole: int) -> Decimal | None:
    return (Decimal(part) / Decimal(whole)).quantize(_SHARE) if whole else None


def is_weak(figures: SkillMastery, targets: MasteryTargets) -> bool:
    """Recent accuracy under the share a practised skill needs: the self-study schedule takes
    such a skill first, and the home page lists it as weak."""
    return figures.recent_accuracy is not None and \
        figures.recent_accuracy < targets.practised_share


def assess(skill: str, state: SkillState, targets: MasteryTargets) -> SkillMastery:
    """The mastery of one skill from its summary, judged against ``targets``."""
    window = state.recent[-targets.window:]
    right = sum(a.correct for a in window)
    on_time = sum(a.correct and a.response_ms <= targets.target_ms for a in window)
    return SkillMastery(
        skill=skill, attempts=state.attempts, correct=state.correct,
        accuracy=share(state.correct, state.attempts),
        recent_accuracy=share(right, len(window)), on_time_share=share(on_time, len(window)),
        median_ms=statistics.median_low(a.response_ms for a in window) if window else None,
        streak=state.streak,
        level=level_of([(a.correct, a.response_ms) for a in window], targets), due=state.due,
        difficulty=next_difficulty(state.recent, targets), last_answered_at=state.last_at)


def level_of(window: Sequence[tuple[int, int]], targets: MasteryTargets) -> MasteryLevel:
    """The level from the last ``targets.window`` answers as (right, milliseconds) pairs."""
    if not window:
        return MasteryLevel.NEW
    count = len(window)
    target_ms = targets.target_ms  # read once: a school's 20,000 summaries ask this
    on_time = len([1 for right, ms in window if right and ms <= target_ms])
    if count >= targets.window and on_time >= targets.mastered_share * count:
        return MasteryLevel.MASTERED
    right = len([1 for right, _ms in window if right])
    if count * 2 >= targets.window and right >= targets.practised_share * count:
        return MasteryLevel.PRACTISED
    return MasteryLevel.LEARNING


def next_difficulty(recent: Sequence[RecentAnswer], targets: MasteryTargets) -> int:
    """Step up after 8 of the last 10 right on time at a level; down after 3 of 5 wrong."""
    if not recent:
        return DIFFICULTIES[0]
    level = recent[-1].difficulty
    at_level = [a for a in recent if a.difficulty == level]
    good = sum(a.correct and a.response_ms <= targets.target_ms for a in at_level[-10:])
    wrong = sum(not a.correct for a in at_level[-5:])
    if good >= 8 and level < DIFFICULTIES[-1]:
        return level + 1
    if wrong >= 3 and level > DIFFICULTIES[0]:
        return level - 1
    return level


def mastery(leave: Leave, skills: Sequence[str] | None = None) -> list[SkillMastery]:
    """Every skill the person ``leave`` is for practised (or each of ``skills``, new ones
    included)."""
    store, person_id = leave.store, leave.person
    states = skill_states(connection(store), person_id)
    table = load_targets(connection(store), person_id)
    wanted = list(skills) if skills is not None else sorted(states)
    return [assess(skill, states.get(skill, SkillState()), table.of(skill)) for skill in wanted]


def skill_times(store: Store, skill_id: str,
                person_id: str | None = None) -> tuple[MasteryTargets, int]:
    """The skill's targets for the person (``None``: the defaults), and the extra time
    they were granted (per cent), read in one snapshot."""
    with reading(store) as db:
        return load_targets(db, person_id).of(skill_id), extra_time(db, person_id)


def targets(store: Store) -> TargetTable:
    return load_targets(connection(store))


def set_targets(store: Store, actor: Actor, targets: MasteryTargets,
                skill: str | None = None) -> TargetTable:
    """An instructor sets the default targets, or one skill's."""
    require_instructor(store, actor)
    with writing(store) as db:
        table = load_targets(db)
        table = table.with_skill(skill, targets) if skill else TargetTable(targets, table.skills)
        save_targets(db, table)
    return table
