"""Screenshots of every page of the instructor desk, in the three languages, at two sizes.

Saved in ``tests/screenshots/desk-<page>-<language>-<width>x<height>.png`` to be looked
at; each page is also checked for text that does not fit its label or button.
"""

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

import i18n
import ui.desk.reports.exports as exports
from tests.ui.desk_data import SKILLS, record
from tests.ui.test_desk import sit_exam
from trainer.progress import Role, Store
from trainer.progress.demo import build_demo
from trainer.progress.storage.ledger import add_person
from trainer.progress.storage.values import stamp
from ui.app import STYLE
from ui.desk.desk import InstructorDesk
from ui.desk.sign_in import SignInDialog
from ui.palette import styled
from ui.situation.base import SituationView

pytest_plugins = ["tests.ui.desk_support"]
SIZES = [(1280, 800), (1920, 1080)]
#: Widgets drawn by other parts of the app, checked by their own tests.
FOREIGN = ("ProgressView", "CohortCharts")


def settle() -> None:
    for _ in range(3):
        QCoreApplication.processEvents()


def foreign(widget: QWidget) -> bool:
    while widget is not None:
        if isinstance(widget, SituationView) or type(widget).__name__ in FOREIGN:
            return True
        widget = widget.parentWidget()
    return False


def clipped(root: QWidget) -> list[str]:
    """Texts of visible labels and buttons that do not fit in them."""
    found = []
    for label in root.findChildren(QLabel):
        if not label.isVisible() or not label.text() or foreign(label):
            continue
        if label.wordWrap():
            if label.heightForWidth(label.contentsRect().width()) > label.height() + 2:
                found.append(label.text())
            continue
        text = label.text().replace("&", "") if label.buddy() else label.text()
        widest = max(label.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
        if widest > label.contentsRect().width() + 1:
            found.append(text)
    for button in root.findChildren(QAbstractButton):
        if not button.isVisible() or not button.text() or foreign(button):
            continue
        text = button.text().replace("&", "")
        if button.fontMetrics().horizontalAdvance(text) > button.width() - 6:
            found.append(text)
    return found


@pytest.fixture
def empty_store(tmp_path):
    with Store(tmp_path / "empty.sqlite3") as opened:
        yield opened


@pytest.fixture
def school(store, instructor):
    """A demo classroom over eight weeks, a trainee with real answers and an exam sat."""
    build_demo(store, trainees=14, attempts=1400, seed=11,
               end=datetime.now(UTC).replace(microsecond=0) - timedelta(hours=1))
    chan = add_person(store, "Chan Tai Man", Role.TRAINEE)
    start = datetime.now(UTC) - timedelta(days=20)
    for n, skill in enumerate(SKILLS):
        for seed in range(4):
            at = start + timedelta(days=4 * seed + n, minutes=7 * n + seed)
            record(store, chan.id, skill, 300 + seed, right=(seed + n) % 3 != 0,
                   ms=3000 + 1700 * seed + 300 * n, at=stamp(at))
    sit_exam(store, instructor, chan)
    return chan


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_desk_page_in_every_language(qtbot, qapp, store, instructor, school, switcher,
                                           empty_store, screenshot_dir, tmp_path, monkeypatch,
                                           language, size):
    styled(qapp, STYLE)
    switcher.switch(language)
    desk = InstructorDesk(store, instructor)
    qtbot.addWidget(desk)
    desk.resize(*size)
    desk.show()
    qtbot.waitExposed(desk)
    problems: dict[str, list[str]] = {}

    def shot(name: str, widget: QWidget = desk) -> None:
        settle()
        widget.grab().save(str(screenshot_dir / f"desk-{name}-{language}-{size[0]}x{size[1]}.png"))
        if clipped(widget):
            problems[name] = clipped(widget)

    def page(widget: QWidget) -> None:
        desk.open_page(widget)
        settle()

    trainees = desk.trainees
    chan_row = next(r for r in range(trainees.table.rowCount())
                    if trainees.table.item(r, 0).text() == "Chan Tai Man")
    trainees.table.selectRow(chan_row)
    shot("trainees")
    trainees.progress_button.click()
    shot("trainee-progress")
    page(desk.cohort)
    shot("cohort")
    desk.open_page(trainees)
    trainees.answers_button.click()
    shot("answers")
    attempts = desk.attempts
    misdeal = next(r for r, a in enumerate(attempts.model.attempts)
                   if a.skill == "thirteen.misdeal")
    attempts.table.selectRow(misdeal)
    attempts.open_selected()
    shot("answer-replayed")
    page(desk.exams)
    desk.exams.builder.check_skills(["thirteen.payout", "mahjong.fan"])
    desk.exams.builder.title_edit.setText("Payouts")
    shot("exams")
    desk.exams.review_selected()
    shot("exam-review")
    page(desk.exports)
    monkeypatch.setattr(exports, "choose_file", lambda *_args, **_kw: tmp_path / "cohort.csv")
    desk.exports.report_format.setCurrentIndex(desk.exports.report_format.findData("csv"))
    desk.exports.report_button.click()
    qtbot.waitUntil(lambda: not desk.exports.busy, timeout=60_000)
    shot("reports")
    page(desk.house_rules)
    shot("house-rules")
    if size == SIZES[0]:
        for name in ("sign-in", "first-instructor"):
            dialog = SignInDialog(store if name == "sign-in" else empty_store)
            qtbot.addWidget(dialog)
            dialog.show()
            if name == "sign-in":
                dialog.password.setText("wrong password")
                dialog.submit()
            shot(name, dialog)
    assert problems == {}
    assert Path(screenshot_dir / f"desk-house-rules-{language}-{size[0]}x{size[1]}.png").exists()
