"""An exam's opening or closing moment on the exam form: ticked, a date and time on this
desktop's clock; unticked, no limit that side. Shown as every date with a time is
(:mod:`i18n.moments`): the month by name where the locale has it, a 24-hour clock."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from PySide6.QtCore import QDateTime, QLocale
from PySide6.QtWidgets import QCheckBox, QDateEdit, QDateTimeEdit, QHBoxLayout, QWidget

from i18n.moments import day_pattern, moment_pattern
from trainer.progress.storage.values import utc


def qt_format(pattern: str) -> str:
    """A CLDR date pattern as Qt's display format: the same letters but the year (CLDR's
    ``y`` is the whole year, Qt's is ``yyyy``); quoted words kept."""
    parts = re.split(r"('[^']*')", pattern)
    return "".join(part if part.startswith("'") else re.sub(r"y+", "yyyy", part)
                   for part in parts)


def qt_moment_format(language: str | None = None) -> str:
    """:func:`~i18n.moments.moment_pattern` as Qt's display format."""
    return qt_format(moment_pattern(language))


def show_days_plainly(*edits: QDateEdit) -> None:
    """Day fields in the locale's medium date, the month by name where the locale names it
    ("2 Dec 2026", not "02/12/2026": which is the day?), in the language shown."""
    for edit in edits:
        edit.setLocale(QLocale())
        edit.setDisplayFormat(qt_format(day_pattern()))


class OptionalMoment(QWidget):
    """A tick box saying what the moment is, and the moment, editable once ticked."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.check = QCheckBox()
        self.edit = QDateTimeEdit()
        self.edit.setCalendarPopup(True)
        self.edit.setEnabled(False)
        self.check.toggled.connect(self.edit.setEnabled)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.check)
        layout.addWidget(self.edit, 1)

    def retranslate(self, text: str) -> None:
        self.check.setText(text)
        self.edit.setAccessibleName(text.replace("&", ""))  # the moment the box names
        self.edit.setLocale(QLocale())
        self.edit.setDisplayFormat(qt_moment_format())

    def set_moment(self, stamp: str | None, default: datetime) -> None:
        """Show ``stamp`` (ticked), or ``default`` unticked when there is none."""
        self.check.setChecked(stamp is not None)
        moment = utc(stamp) if stamp else default
        self.edit.setDateTime(QDateTime.fromSecsSinceEpoch(int(moment.timestamp())))

    def moment(self) -> datetime | None:
        if not self.check.isChecked():
            return None
        return datetime.fromtimestamp(self.edit.dateTime().toSecsSinceEpoch(), UTC)
