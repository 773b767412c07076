"""A trainee's day, for the home page: the exams set for them still to sit, what is due
(FSRS), new and weak, the answers today and this week against the daily goal, the streak of
practice days, and the mastery of each skill. Every figure comes from here; the page only
shows them.

Days are the desktop's local days (UTC shifted by ``utc_offset``; Macau +8 hours), weeks
start on Monday. The daily goal is each trainee's own setting (an instructor may set it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from i18n import N_, Message
from trainer.progress.exams.to_sit import ExamToSit, exams_to_sit
from trainer.progress.learning.calendar import answers_per_day
from trainer.progress.learning.mastery import MasteryLevel, SkillMastery, is_weak, mastery
from trainer.progress.learning.targets import load_targets
from trainer.progress.people.accounts import Actor, require_access
from trainer.progress.people.leave import Leave
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import store_setting, stored_setting
from trainer.progress.storage.store import Store, StoreError

#: Answers a day, until the trainee sets a goal of their own.
DEFAULT_DAILY_GOAL = 40
MOST_DAILY_GOAL = 1000
#: How far back a streak of practice days is counted.
LONGEST_STREAK = 366


@dataclass(frozen=True)
class DayPlan:
    #: Skills whose review is due now, the weak ones first, then the longest overdue.
    due: tuple[SkillMastery, ...]
    #: Skills never practised, in the order given.
    new: tuple[str, ...]
    #: Skills practised whose recent accuracy is under the target, due or not.
    weak: tuple[SkillMastery, ...]
    today: int
    this_week: int
    goal: int
    #: Days in a row with practice, up to today (or up to yesterday, before today's first).
    streak: int
    #: Every skill asked for, in its order.
    skills: tuple[SkillMastery, ...]
    #: Exams set for the trainee and not sat yet, the soonest closing first: before all else.
    exams: tuple[ExamToSit, ...] = ()
    #: The games whose table round the trainee is ready for: every skill its steps are
    #: answers to is mastered (in the order of the games).
    rounds: tuple[str, ...] = ()

    @property
    def to_study(self) -> tuple[str, ...]:
        """The skills of today's plan: due, weak, then new (each once)."""
        return tuple(dict.fromkeys([*(m.skill for m in self.due),
                                    *(m.skill for m in self.weak), *self.new]))


def day_plan(leave: Leave, skills: Sequence[str], at: datetime | None = None,
             utc_offset: timedelta = timedelta(0)) -> DayPlan:
    """The plan of the person ``leave`` is for, among ``skills``, at ``at`` (now)."""
    at = at or datetime.now(UTC)
    table = load_targets(connection(leave.store), leave.person)
    figures = mastery(leave, list(dict.fromkeys(skills)))
    weak = tuple(m for m in figures if is_weak(m, table.of(m.skill)))
    due = tuple(sorted((m for m in figures if m.attempts and m.due is not None and m.due <= at),
                       key=lambda m: (m not in weak, m.due)))
    today = (at + utc_offset).date()
    days = answers_per_day(leave, today - timedelta(days=LONGEST_STREAK), today, utc_offset)
    streak, day = 0, today if days[today] else today - timedelta(days=1)
    while days.get(day, 0):
        streak += 1
        day -= timedelta(days=1)
    monday = today - timedelta(days=today.weekday())
    return DayPlan(due, tuple(m.skill for m in figures if not m.attempts), weak, days[today],
                   sum(n for d, n in days.items() if d >= monday),
                   daily_goal(leave.store, leave.person), streak, tuple(figures),
                   exams_to_sit(leave, at), ready_for_rounds(figures))


def ready_for_rounds(figures: Sequence[SkillMastery]) -> tuple[str, ...]:
    """The games whose round uses only skills mastered in ``figures``."""
    mastered = {m.skill for m in figures if m.level is MasteryLevel.MASTERED}
    if not mastered:
        return ()  # no round is ready (and the round engines need not be loaded to say so)
    from trainer.rounds.games import ROUND_SKILLS  # the engines, once a skill is mastered

    return tuple(game for game, used in ROUND_SKILLS.items() if used <= mastered)


def _key(person_id: str) -> str:
    return f"daily_goal:{person_id}"


def daily_goal(store: Store, person_id: str) -> int:
    """The person's daily goal (answers a day); the default if none is set or readable."""
    value = stored_setting(store, _key(person_id))
    return int(value) if value and value.isdigit() and 0 < int(value) <= MOST_DAILY_GOAL \
        else DEFAULT_DAILY_GOAL


def set_daily_goal(store: Store, actor: Actor, person_id: str, goal: int) -> None:
    """A trainee sets their own goal; an instructor anyone's."""
    require_access(store, actor, person_id)
    if type(goal) is not int or not 0 < goal <= MOST_DAILY_GOAL:
        raise StoreError(Message.of(N_("A daily goal is from 1 to {most} answers."),
                                    most=MOST_DAILY_GOAL))
    store_setting(store, _key(person_id), str(goal))
