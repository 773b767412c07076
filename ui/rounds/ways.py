"""The ways to play a table round (:class:`trainer.rounds.modes.Mode`) in words: each one's
name and what it means for the trainee."""

from __future__ import annotations

from i18n import _
from trainer.rounds.modes import Mode


def mode_name(mode: Mode) -> str:
    return {Mode.LEARN: _("Learn"), Mode.GUIDED: _("Guided"), Mode.PRACTICE: _("Practice"),
            Mode.TABLE_READY: _("Table-ready")}[mode]


def mode_about(mode: Mode) -> str:
    return {
        Mode.LEARN: _("The next step is named with what to do; no incidents."),
        Mode.GUIDED: _("A hint when you ask for it (H); incidents are rare."),
        Mode.PRACTICE: _("No hints; players make trouble now and then."),
        Mode.TABLE_READY: _("No hints, incidents often, a par time; the verdicts come "
                            "when the round ends, step by step."),
    }[mode]
