"""Accuracy and speed targets per skill (settings), and the FSRS rating of one answer.

A skill is *mastered* when at least ``mastered_share`` of the last ``window`` answers were
right within the skill's target time. Each graded answer is one FSRS review: wrong is
Again, right but slower than the target is Hard, on time is Good, within ``fast_ms`` is Easy.
The rating is stored with the attempt, so changing a target later never rewrites history.

A skill's chip form (its id ends in ``_in_chips``: the same question paid in chips, which
takes longer than typing an amount) has, unless it is given its own, its typed skill's
targets with :data:`CHIP_EXTRA_MS` more to answer on time and :data:`CHIP_FAST_EXTRA_MS`
more to count as fast; a chip form walked place by place (:data:`WALKED`: a whole table
settled in chips) has :data:`WALK_EXTRA_MS` and :data:`WALK_FAST_EXTRA_MS` more again. The
trainer core never imports the questions: the forms are told apart by the id alone.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from decimal import Decimal
from typing import Any

from fsrs import Rating
from sqlite_utils import Database

SETTINGS_KEY = "mastery_targets"
#: How many recent answers per skill the summaries keep: the longest window a target may use.
RECENT_KEPT = 50
#: A chip form's id is its typed skill's and this.
CHIP_FORM = "_in_chips"
#: What a chip form adds to its typed skill's target and fast times: cutting chips from the
#: tray and typing the change beside them takes longer than typing the amount.
CHIP_EXTRA_MS = 5_000
CHIP_FAST_EXTRA_MS = 2_000
#: The chip forms that settle a whole table place by place (3 to 9 places, each a way and
#: its chips): they take longer again than one amount paid in chips.
WALKED = frozenset({"mahjong_baccarat.settlement_in_chips"})
WALK_EXTRA_MS = 40_000
WALK_FAST_EXTRA_MS = 15_000

#: The floors: the least time in which an answer can have been read and given at all. An
#: answer given faster is kept (a quick trainee is not a forger) but flagged as too fast, and
#: does not count toward mastery (:func:`too_fast`). Each floor is far under what any
#: trainee needs, so that only what no one could have answered falls under it; the floors
#: are fixed here, not settings, so that summaries folded on any desktop at any time agree.
#: One choice: under 0.3 s is quicker than anyone sees the question at all (a visual
#: reaction alone takes 0.2-0.25 s).
FLOOR_MS = 300
#: An answer given in several steps (an amount typed digit by digit, hands put in order,
#: cards or tiles moved) needs the question read and then each step done.
STEPPED = frozenset({
    "thirteen.payout", "thirteen.rank_hands", "thirteen.misdeal", "thirteen.house_way",
    "mahjong_baccarat.payout", "mahjong_baccarat.settlement", "mahjong_baccarat.bank",
    "three_card.payout", "sap_i_chi.payout", "mahjong.payments", "mahjong.liability"})
STEPPED_FLOOR_MS = 800
#: A chip form: chips cut from the tray one by one and the change typed beside them.
CHIP_FLOOR_MS = 1_500
#: A whole table settled in chips place by place (:data:`WALKED`).
WALK_FLOOR_MS = 4_000


def typed_form(skill: str) -> str | None:
    """The typed skill a chip form pays in chips (``thirteen.payout`` for
    ``thirteen.payout_in_chips``); None for a skill that is not a chip form."""
    return skill.removesuffix(CHIP_FORM) if skill.endswith(CHIP_FORM) else None


def floor_ms(skill: str) -> int:
    """The skill's floor: an answer given in fewer milliseconds is too fast (see
    :data:`FLOOR_MS`); the same for everyone, extra time or not (it is about what no one
    can do, not about how long a trainee may take)."""
    if skill in WALKED:
        return WALK_FLOOR_MS
    if typed_form(skill) is not None:
        return CHIP_FLOOR_MS
    return STEPPED_FLOOR_MS if skill in STEPPED else FLOOR_MS


def too_fast(skill: str, response_ms: int) -> bool:
    """Whether an answer came faster than its skill's floor: kept, flagged, not counted
    toward mastery."""
    return response_ms < floor_ms(skill)


def floor_sql(skill: str) -> str:
    """:func:`floor_ms` as an SQL expression of the column ``skill`` (for the queries that
    judge mastery from the answers themselves)."""
    def listed(skills: frozenset[str]) -> str:
        return ", ".join(f"'{name}'" for name in sorted(skills))
    return (f"(CASE WHEN {skill} IN ({listed(WALKED)}) THEN {WALK_FLOOR_MS} "
            f"WHEN substr({skill}, -{len(CHIP_FORM)}) = '{CHIP_FORM}' THEN {CHIP_FLOOR_MS} "
            f"WHEN {skill} IN ({listed(STEPPED)}) THEN {STEPPED_FLOOR_MS} ELSE {FLOOR_MS} END)")


@dataclass(frozen=True)
class MasteryTargets:
    window: int = 20
    mastered_share: Decimal = Decimal("0.95")
    practised_share: Decimal = Decimal("0.80")
    target_ms: int = 10_000
    fast_ms: int = 4_000

    def __post_init__(self) -> None:
        if not 1 <= self.window <= RECENT_KEPT:
            raise ValueError(f"window must be 1..{RECENT_KEPT}, not {self.window}")
        if not Decimal(0) < self.practised_share <= self.mastered_share <= Decimal(1):
            raise ValueError("shares must satisfy 0 < practised <= mastered <= 1")
        if not 0 < self.fast_ms <= self.target_ms:
            raise ValueError("times must satisfy 0 < fast_ms <= target_ms")

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["mastered_share"] = str(self.mastered_share)
        data["practised_share"] = str(self.practised_share)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MasteryTargets:
        return cls(int(data["window"]), Decimal(data["mastered_share"]),
                   Decimal(data["practised_share"]), int(data["target_ms"]),
                   int(data["fast_ms"]))


@dataclass(frozen=True)
class TargetTable:
    """The default targets and the skills that override them."""

    default: MasteryTargets = MasteryTargets()
    skills: tuple[tuple[str, MasteryTargets], ...] = ()
    #: What a chip form adds to its typed skill's times (longer with a trainee's extra time).
    chip_extra_ms: int = CHIP_EXTRA_MS
    chip_fast_extra_ms: int = CHIP_FAST_EXTRA_MS
    walk_extra_ms: int = WALK_EXTRA_MS
    walk_fast_extra_ms: int = WALK_FAST_EXTRA_MS

    def of(self, skill: str) -> MasteryTargets:
        """The skill's own targets; for a chip form without its own, its typed skill's with
        the time chips take added; else the default."""
        own = dict(self.skills)
        if skill in own:
            return own[skill]
        typed = typed_form(skill)
        if typed is None:
            return self.default
        base = self.of(typed)
        walked = skill in WALKED
        return replace(base, target_ms=base.target_ms + self.chip_extra_ms
                       + (self.walk_extra_ms if walked else 0),
                       fast_ms=base.fast_ms + self.chip_fast_extra_ms
                       + (self.walk_fast_extra_ms if walked else 0))

    def with_skill(self, skill: str, targets: MasteryTargets) -> TargetTable:
        skills = dict(self.skills) | {skill: targets}
        return replace(self, skills=tuple(sorted(skills.items())))

    def to_json(self) -> dict[str, Any]:
        return {"default": self.default.to_json(),
                "skills": {skill: t.to_json() for skill, t in self.skills}}

    def extended(self, percent: int) -> TargetTable:
        """Every target time ``percent`` longer: a trainee's extra time."""
        if not percent:
            return self

        def longer(targets: MasteryTargets) -> MasteryTargets:
            return replace(targets, target_ms=extended(targets.target_ms, percent),
                           fast_ms=extended(targets.fast_ms, percent))

        return TargetTable(longer(self.default),
                           tuple((skill, longer(t)) for skill, t in self.skills),
                           extended(self.chip_extra_ms, percent),
                           extended(self.chip_fast_extra_ms, percent),
                           extended(self.walk_extra_ms, percent),
                           extended(self.walk_fast_extra_ms, percent))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TargetTable:
        skills = {skill: MasteryTargets.from_json(t) for skill, t in data["skills"].items()}
        return cls(MasteryTargets.from_json(data["default"]), tuple(sorted(skills.items())))


def load_targets(db: Database, person_id: str | None = None) -> TargetTable:
    """The targets; with ``person_id``, that person's: longer by their extra time."""
    row = db.execute("SELECT value FROM settings WHERE key = ?", [SETTINGS_KEY]).fetchone()
    try:
        table = TargetTable.from_json(json.loads(row[0])) if row else TargetTable()
    except (ValueError, TypeError, KeyError, AttributeError):
        table = TargetTable()  # damaged: the defaults, until an instructor sets them again
    return table.extended(extra_time(db, person_id))


def extended(amount: int, percent: int) -> int:
    """``amount`` (seconds or milliseconds) with ``percent`` more, rounded down."""
    return amount + amount * percent // 100


def extra_time(db: Database, person_id: str | None) -> int:
    """The extra time an instructor granted the person, in force now (per cent; 0 for
    none or nobody): the latest grant (see :mod:`trainer.progress.people.extra_time`)."""
    if person_id is None:
        return 0
    row = db.execute("SELECT percent FROM extra_time WHERE person_id = ? "
                     "ORDER BY set_at DESC, rowid DESC LIMIT 1", [person_id]).fetchone()
    return int(row[0]) if row else 0


def save_targets(db: Database, table: TargetTable) -> None:
    db.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE "
               "SET value = excluded.value", [SETTINGS_KEY, json.dumps(table.to_json())])


def rating_for(correct: bool, response_ms: int, targets: MasteryTargets) -> Rating:
    if not correct:
        return Rating.Again
    if response_ms > targets.target_ms:
        return Rating.Hard
    if response_ms <= targets.fast_ms:
        return Rating.Easy
    return Rating.Good
