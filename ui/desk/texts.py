"""Dates, times, figures and names as the desk shows them, in the current language's locale."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from PySide6.QtWidgets import QGridLayout, QLabel, QLayout, QSizePolicy, QWidget

import i18n
import questions
from i18n import _
from i18n.moments import moment_text
from trainer.progress.reports.words import local_day, percent, seconds


def local_time(timestamp: str | None) -> str:
    """A stored UTC timestamp as the desktop's local date and time, e.g. "3 Jun 2025, 14:05"."""
    if not timestamp:
        return ""
    return moment_text(datetime.fromisoformat(timestamp))


def local_offset() -> timedelta:
    """The desktop's offset from UTC now (Macau keeps +8 all year): where its days begin."""
    return datetime.now().astimezone().utcoffset() or timedelta(0)


def local_date(timestamp: str | None) -> str:
    return local_day(timestamp, i18n.current_language())


def share_text(value: Decimal | None) -> str:
    """A share (0–1) as a percentage in the locale; empty when there is none."""
    return percent(value, i18n.current_language())


def seconds_text(ms: int | None) -> str:
    """Milliseconds as seconds with one decimal, in the locale (without the unit)."""
    return seconds(ms, i18n.current_language())


def skill_title(skill: str) -> str:
    """The skill's title in the current language (its id if this trainer does not know it)."""
    try:
        return str(questions.title(skill))
    except KeyError:
        return skill


def difficulty_name(level: int) -> str:
    """The names the quiz uses for the three levels."""
    return {1: _("1 · Basic"), 2: _("2 · Table"), 3: _("3 · Expert")}.get(level, str(level))


def restyle(widget: QWidget) -> None:
    """Apply the style sheet again after a dynamic property changed."""
    widget.style().unpolish(widget)
    widget.style().polish(widget)


def settings_grid(rows: list[tuple[QLabel, QWidget | QLayout]], label_share: int = 3,
                  field_share: int = 2) -> QGridLayout:
    """Labels on the left (wrapping when long, never clipped), their controls on the right."""
    grid = QGridLayout()
    grid.setColumnStretch(0, label_share)
    grid.setColumnStretch(1, field_share)
    for row, (label, field) in enumerate(rows):
        label.setWordWrap(True)
        label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        grid.addWidget(label, row, 0)
        if isinstance(field, QLayout):
            grid.addLayout(field, row, 1)
        else:
            grid.addWidget(field, row, 1)
    return grid
