"""The days a report covers, on the export page: from a first to a last local day, each
"any day" (no limit) until chosen, as the answer log chooses them; a first day after the
last is said at the fields."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate
from PySide6.QtWidgets import QDateEdit, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from i18n import N_, Message, _
from trainer.progress import StoreError
from trainer.progress.reports.period import Period
from ui.desk.exams.exam_dates import show_days_plainly
from ui.desk.texts import local_offset, restyle
from ui.translated import Retranslating

#: The special value of a day field: no limit on that side.
NO_DAY = QDate(2000, 1, 1)


class ReportDays(Retranslating, QWidget):
    """Two day fields and, under them, what is wrong with the days chosen."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.label = QLabel()
        self.first_day = QDateEdit()
        self.last_day = QDateEdit()
        self.label.setBuddy(self.first_day)
        self.to_label = QLabel()
        self.to_label.setBuddy(self.last_day)
        for day in (self.first_day, self.last_day):
            day.setCalendarPopup(True)
            day.setMinimumDate(NO_DAY)
            day.setDate(NO_DAY)
            day.dateChanged.connect(lambda _d: self.show_problem(None))
        self.problem = QLabel()
        self.problem.setObjectName("error")
        self.problem.setWordWrap(True)
        self.problem.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.first_day, 1)
        row.addWidget(self.to_label)
        row.addWidget(self.last_day, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.problem)
        self._problem: Message | None = None
        self.retranslate()

    def retranslate(self) -> None:
        self.label.setText(_("&Days from"))
        self.to_label.setText(_("to"))
        for day in (self.first_day, self.last_day):
            day.setSpecialValueText(_("any day"))
        show_days_plainly(self.first_day, self.last_day)
        self.show_problem(self._problem)

    def days(self) -> tuple[date | None, date | None]:
        def day(edit: QDateEdit) -> date | None:
            shown = edit.date()
            return None if shown == NO_DAY else date(shown.year(), shown.month(), shown.day())
        return day(self.first_day), day(self.last_day)

    def set_days(self, first: date | None, last: date | None) -> None:
        for edit, day in ((self.first_day, first), (self.last_day, last)):
            edit.setDate(QDate(day.year, day.month, day.day) if day else NO_DAY)

    def period(self) -> Period | None:
        """The days chosen on this desktop's calendar (None: every day); a first day after
        the last is said at the fields, which take the focus, and gives ``StoreError``."""
        first, last = self.days()
        try:
            period = Period(first, last, local_offset())
        except StoreError as error:
            self.show_problem(error.message)
            self.first_day.setFocus()
            raise
        return period if period.bounded else None

    def show_problem(self, problem: Message | None) -> None:
        self._problem = problem
        self.problem.setText(str(problem) if problem else "")
        self.problem.setVisible(problem is not None)
        restyle(self.problem)


#: Said on the page when the days cannot be used (the fields say why).
DAYS_PROBLEM = N_("The report's days cannot be used: see them marked above.")
