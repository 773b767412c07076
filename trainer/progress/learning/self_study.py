"""Self-study: which skill and difficulty a trainee practises next, and why.

The spacing is FSRS's (one card per person and skill, see :mod:`summaries`): a skill is
*due* when its card is. Due skills come first, the weak and the slow among them before
the rest; then skills never tried, in the caller's order; and when nothing is due or new,
the skill whose review comes soonest (weak ones first). The caller passes the skill ids
it can generate, since the trainer core does not know the question kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum

from i18n import N_, Message
from trainer.progress.learning.mastery import SkillMastery, is_weak, mastery
from trainer.progress.learning.targets import MasteryTargets, load_targets
from trainer.progress.people.accounts import Actor
from trainer.progress.people.leave import own_leave
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import Store


class StudyReason(StrEnum):
    WEAK = "weak"
    SLOW = "slow"
    DUE = "due"
    NEW = "new"
    AHEAD = "ahead"


@dataclass(frozen=True)
class StudyItem:
    skill: str
    difficulty: int
    reason: StudyReason
    #: Why this skill, for the trainee, in words.
    message: Message
    due: datetime | None


def next_study_item(store: Store, actor: Actor, skills: Sequence[str],
                    at: datetime | None = None) -> StudyItem:
    """The next skill and difficulty for the signed-in person, among ``skills``."""
    if not skills:
        raise ValueError("self-study needs at least one skill")
    at = at or datetime.now(UTC)
    table = load_targets(connection(store), actor.person.id)
    figures = mastery(own_leave(store, actor), list(dict.fromkeys(skills)))
    tried = [f for f in figures if f.attempts]
    due = [f for f in tried if f.due is not None and f.due <= at]
    if due:
        chosen = min(due, key=lambda f: (_rank(f, table.of(f.skill)), f.due))
        return _item(chosen, table.of(chosen.skill), due_now=True)
    new = [f for f in figures if not f.attempts]
    if new:
        return StudyItem(new[0].skill, new[0].difficulty, StudyReason.NEW,
                         Message.of(N_("New skill: you have not practised it yet.")), None)
    chosen = min(tried, key=lambda f: (_rank(f, table.of(f.skill)) > 1, f.due))
    return _item(chosen, table.of(chosen.skill), due_now=False)


def _rank(figures: SkillMastery, targets: MasteryTargets) -> int:
    """0 weak, 1 slow, 2 neither: the order in which due skills are taken."""
    if is_weak(figures, targets):
        return 0
    if figures.on_time_share is not None and figures.on_time_share < targets.practised_share:
        return 1
    return 2


def _item(figures: SkillMastery, targets: MasteryTargets, due_now: bool) -> StudyItem:
    window = min(figures.attempts, targets.window)
    rank = _rank(figures, targets)
    if not due_now:
        reason, message = StudyReason.AHEAD, Message.of(N_(
            "Nothing is due: this skill comes up next in your schedule."))
    elif rank == 0:
        right = round((figures.recent_accuracy or 0) * window)
        reason, message = StudyReason.WEAK, Message.counted(
            "Weak accuracy: {right} of your last {count} answer was right.",
            "Weak accuracy: {right} of your last {count} answers were right.",
            window, right=right)
    elif rank == 1:
        on_time = round((figures.on_time_share or 0) * window)
        reason, message = StudyReason.SLOW, Message.counted(
            "Right but slow: only {on_time} of your last {count} answer was right within "
            "{seconds} seconds.",
            "Right but slow: only {on_time} of your last {count} answers were right within "
            "{seconds} seconds.", window, on_time=on_time,
            seconds=targets.target_ms // 1000)
    else:
        reason, message = StudyReason.DUE, Message.of(N_(
            "Due for review: it is time to practise this skill again."))
    return StudyItem(figures.skill, figures.difficulty, reason, message, figures.due)
