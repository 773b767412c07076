"""The export page's days: a report of the days chosen, and a first day after the last said
at the fields (nothing asked, nothing written)."""

import zipfile
from datetime import date, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

import ui.desk.reports.exports as exports
from tests.ui.test_desk_exports import export_page, report_table, wait_done
from trainer.progress.storage.database import connection

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def dialogs(monkeypatch):
    asked = []

    def choose(_parent, caption, suggested, filters, save):
        asked.append(caption)
        return asked_paths.pop(0)

    asked_paths: list[Path] = []
    monkeypatch.setattr(exports, "choose_file", choose)
    return asked, asked_paths


def export(qtbot, page, out, dialogs, first, last):
    dialogs[1].append(out)
    page.report_format.setCurrentIndex(page.report_format.findData("csv"))
    page.report_days.set_days(first, last)
    qtbot.mouseClick(page.report_button, LEFT)
    wait_done(qtbot, page)
    with zipfile.ZipFile(out) as archive:
        about = archive.read("about.txt").decode("utf-8").splitlines()
    return report_table(out, "summary")[1][0], about


def test_a_report_of_the_days_chosen(qtbot, desk, store, tmp_path, dialogs):
    page = export_page(qtbot, desk)
    total = str(connection(store).execute("SELECT count(*) FROM attempts a JOIN people p ON "
                                 "p.id = a.person_id WHERE p.role = 'trainee'").fetchone()[0])
    today = date.today()
    answers, about = export(qtbot, page, tmp_path / "today.zip", dialogs, today, today)
    assert answers == total  # every answer of the classroom was given today
    assert about[2].startswith("Covers ") and "both included" in about[2]
    answers, _about = export(qtbot, page, tmp_path / "before.zip", dialogs, None,
                             today - timedelta(days=1))
    assert answers == "0"
    answers, _about = export(qtbot, page, tmp_path / "after.zip", dialogs,
                             today + timedelta(days=1), None)
    assert answers == "0"
    answers, about = export(qtbot, page, tmp_path / "all.zip", dialogs, None, None)
    assert answers == total and about[2] == "Covers every day with answers."


def test_a_first_day_after_the_last_is_said_at_the_fields(qtbot, desk, tmp_path, dialogs,
                                                         switcher):
    page = export_page(qtbot, desk)
    today = date.today()
    page.report_days.set_days(today, today - timedelta(days=1))
    qtbot.mouseClick(page.report_button, LEFT)
    assert dialogs[0] == [] and not page.busy  # no file asked for, nothing started
    days = page.report_days
    assert days.problem.isVisible()
    assert days.problem.text() == "The first day of the report comes after its last day."
    assert page.message.objectName() == "error"
    assert days.first_day.hasFocus()
    switcher.switch("zh_Hant_MO")  # the fields' words are said again (the message too)
    assert days.first_day.specialValueText() != "any day" and days.problem.isVisible()
    days.set_days(today, today)
    assert not days.problem.isVisible()


@pytest.mark.parametrize(("language", "shown"), [("en", "2 Dec 2026"),
                                                 ("zh_Hant_MO", "2026年12月2日")])
def test_a_day_reads_one_way_only(qtbot, language, shown):
    """"02/12/2026" leaves an English reader to guess which is the day: the days of a report
    and of the answers page show the locale's medium date, the month by name."""
    from i18n import speaking
    from ui.desk.reports.report_days import ReportDays

    with speaking(language):
        days = ReportDays()
        qtbot.addWidget(days)
        days.set_days(date(2026, 12, 2), date(2026, 12, 3))
        days.retranslate()
        assert days.first_day.text() == shown
        assert days.days()[0] == date(2026, 12, 2)  # read back as chosen
        days.set_days(None, None)
        assert days.first_day.text() == _any_day(language)


def _any_day(language: str) -> str:
    from i18n import _, speaking

    with speaking(language):
        return _("any day")
