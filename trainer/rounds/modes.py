"""The four ways to play a round: how much help the trainee gets and how often the table
misbehaves (the idea of "The Rail": one configuration drives hints, faults and pace)."""

from __future__ import annotations

from enum import StrEnum

#: The chance that something happens at each moment of a round where an incident can
#: (the shake, after the dice, the deal, the settlement), by mode.
NO_INCIDENTS = 0.0
RARE_INCIDENTS = 0.05
INCIDENTS_NOW_AND_THEN = 0.2
INCIDENTS_OFTEN = 0.5


class Mode(StrEnum):
    LEARN = "learn"  # the next step is named; no incidents
    GUIDED = "guided"  # a hint on request; rare incidents
    PRACTICE = "practice"  # no hints; incidents now and then
    TABLE_READY = "table-ready"  # no hints; incidents often; a par time; verdicts at the end

    @property
    def names_steps(self) -> bool:
        """The next step is shown, unasked, with what to type."""
        return self is Mode.LEARN

    @property
    def hints(self) -> bool:
        """A hint for the next step may be asked for (shown unasked in learn mode)."""
        return self in (Mode.LEARN, Mode.GUIDED)

    @property
    def incident_chance(self) -> float:
        return _CHANCES[self]

    @property
    def verdicts_at_end(self) -> bool:
        """Verdicts are kept until the round ends: a wrong step is quietly put right on the
        table, as an inspector would, and the whole round is reviewed at the end."""
        return self is Mode.TABLE_READY


_CHANCES = {Mode.LEARN: NO_INCIDENTS, Mode.GUIDED: RARE_INCIDENTS,
            Mode.PRACTICE: INCIDENTS_NOW_AND_THEN, Mode.TABLE_READY: INCIDENTS_OFTEN}
