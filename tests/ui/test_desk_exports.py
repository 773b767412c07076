"""Reports and bundles from the desk: written by a worker thread while the window answers."""

import csv
import io
import json
import os
import re
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel

import i18n
import ui.desk.reports.exports as exports
from tests.progress.conftest import damage, dump
from trainer.progress import Role, Store
from trainer.progress.bundles.importing import IMPORT_PASSES
from trainer.progress.bundles.source import INSTRUCTOR_DESK, BundleSource
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.storage.database import connection
from ui.desk.desk import InstructorDesk
from ui.desk.reports.bundle_source import BundleSourceDialog
from ui.desk.reports.exports import ExportsPage

ROOT = Path(__file__).resolve().parents[2]

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton


def pages(pdf: Path) -> int:
    """The page count from the PDF's page tree (Qt writes it uncompressed)."""
    counts = [int(n) for n in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)",
                                         pdf.read_bytes(), re.S)]
    return max(counts, default=0)


@pytest.fixture
def answer_file_dialogs(monkeypatch):
    """The file dialogs answer with the paths given, in order; records what they were asked."""
    asked = []

    def answer(*paths):
        queue = list(paths)

        def choose(_parent, caption, suggested, filters, save):
            asked.append((caption, Path(suggested).name, filters, save))
            return queue.pop(0)

        monkeypatch.setattr(exports, "choose_file", choose)
        return asked

    return answer


def export_page(qtbot, desk):
    """Click "Reports and bundles" in the list of pages."""
    nav = desk.nav
    spot = nav.visualItemRect(nav.item(desk.pages.index(desk.exports))).center()
    qtbot.mouseClick(nav.viewport(), LEFT, pos=spot)
    assert desk.stack.currentWidget() is desk.exports
    return desk.exports


def wait_done(qtbot, page):
    qtbot.waitUntil(lambda: not page.busy, timeout=60_000)
    assert page.progress.isHidden()


def report_table(path, name):
    """One flat table of a report's zip, read as a spreadsheet reads it."""
    with zipfile.ZipFile(path) as archive:
        data = archive.read(f"{name}.csv")
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def report_about(path):
    with zipfile.ZipFile(path) as archive:
        return archive.read("about.txt").decode("utf-8").splitlines()


def test_export_a_cohort_csv_report(qtbot, desk, tmp_path, answer_file_dialogs):
    page = export_page(qtbot, desk)
    out = tmp_path / "cohort.zip"
    asked = answer_file_dialogs(out)
    page.report_format.setCurrentIndex(page.report_format.findData("csv"))
    values = []
    page.progress.valueChanged.connect(values.append)
    qtbot.mouseClick(page.report_button, LEFT)
    assert page.busy and page.progress.isVisible() and not page.report_button.isEnabled()
    assert page.cancel_button.isVisible() and page.cancel_button.hasFocus()
    wait_done(qtbot, page)
    assert values[-1] == 100 and values == sorted(values)  # a real percentage, to the end
    assert page.progress.text() == "100%" and not page.cancel_button.isVisible()
    assert page.report_button.hasFocus()
    assert asked[0][0] == "Export the report" and asked[0][1].endswith(".zip")
    assert page.message.text() == f"The report was saved as {out}."
    assert report_about(out)[0] == "Progress report: all trainees"
    rows = report_table(out, "trainees")
    assert rows[0][:3] == ["Trainee", "ID number", "Answers"]
    assert {"Chan Tai Man", "Ana Sousa", "陳美玲"} <= {row[0] for row in rows[1:]}
    chan = next(row for row in rows if row[0] == "Chan Tai Man")
    assert chan[1:3] == ["", "15"]  # no ID number given; 15 answers
    assert page.report_button.isEnabled()


@pytest.mark.parametrize(("language", "first_line"), [
    ("pt_MO", "Relatório de progresso: todos os formandos"),
    ("zh_Hant_MO", "進度報告：全體學員")])
def test_the_report_is_written_in_the_language_chosen_not_the_desk_s(
        qtbot, desk, tmp_path, answer_file_dialogs, language, first_line):
    page = export_page(qtbot, desk)
    out = tmp_path / "cohort.zip"
    answer_file_dialogs(out)
    page.report_format.setCurrentIndex(page.report_format.findData("csv"))
    assert page.report_language.currentData() == "en"  # the desk's, at first
    page.report_language.setCurrentIndex(page.report_language.findData(language))
    page.report_language.activated.emit(page.report_language.currentIndex())  # as a pick does
    qtbot.mouseClick(page.report_button, LEFT)
    wait_done(qtbot, page)
    assert report_about(out)[0] == first_line
    assert page.report_button.text() == "&Export the report…"  # the desk stays in English


def test_export_every_answer_of_one_trainee(qtbot, desk, store, tmp_path, switcher,
                                            answer_file_dialogs):
    """The third format: every answer, one line each, in the desk's language."""
    switcher.switch("pt_MO")
    page = export_page(qtbot, desk)
    out = tmp_path / "answers.csv"
    asked = answer_file_dialogs(out)
    page.report_format.setCurrentIndex(page.report_format.findData(exports.ANSWERS))
    chan = next(p for p in store.people(Role.TRAINEE) if p.name == "Chan Tai Man")
    page.report_scope.setCurrentIndex(page.report_scope.findData(chan.id))
    values = []
    page.progress.valueChanged.connect(values.append)
    qtbot.mouseClick(page.report_button, LEFT)
    wait_done(qtbot, page)
    assert values[-1] == 100 and values == sorted(values)
    assert asked[0][1].endswith(".csv") and "Chan Tai Man" in asked[0][1]
    assert page.message.text() == f"Todas as respostas foram guardadas em {out}."
    rows = list(csv.reader(io.StringIO(out.read_bytes().decode("utf-8-sig"))))
    assert rows[0][0] == "Formando" and len(rows) == 1 + 15
    assert {row[0] for row in rows[1:]} == {"Chan Tai Man"}


def test_a_damaged_answer_is_named_under_the_export_s_result(qtbot, desk, store, tmp_path,
                                                            answer_file_dialogs):
    """The export goes on without it, and the instructor is told which answer and why."""
    answer = connection(store).execute("SELECT id FROM attempts ORDER BY rowid LIMIT 1").fetchone(
            )[0]
    total = connection(store).execute("SELECT count(*) FROM attempts").fetchone()[0]
    damage(store.path, "UPDATE attempts SET answered_at = 'x2026-13-99' WHERE id = ?", [answer])
    page = export_page(qtbot, desk)
    out = tmp_path / "answers.csv"
    answer_file_dialogs(out)
    page.report_format.setCurrentIndex(page.report_format.findData(exports.ANSWERS))
    qtbot.mouseClick(page.report_button, LEFT)
    wait_done(qtbot, page)
    assert page.message.text() == (
        f"Every answer was saved as {out}.\nThe answer {answer} in the progress database is "
        "damaged (answered_at); it was skipped.")
    rows = list(csv.reader(io.StringIO(out.read_bytes().decode("utf-8-sig"))))
    assert len(rows) == 1 + total - 1 and answer not in {row[-1] for row in rows}
    page.report_format.setCurrentIndex(page.report_format.findData("csv"))
    answer_file_dialogs(tmp_path / "report.zip")
    qtbot.mouseClick(page.report_button, LEFT)
    wait_done(qtbot, page)  # a report of the summaries does not read it: nothing to say
    assert page.message.text() == f"The report was saved as {tmp_path / 'report.zip'}."


def test_export_one_trainee_pdf_report_in_the_desk_language(qtbot, desk, tmp_path, switcher,
                                                            answer_file_dialogs):
    switcher.switch("pt_MO")
    page = export_page(qtbot, desk)
    out = tmp_path / "chan.pdf"
    answer_file_dialogs(out)
    page.report_scope.setCurrentIndex(page.report_scope.findText("Chan Tai Man"))
    page.report_format.setCurrentIndex(page.report_format.findData("pdf"))
    qtbot.mouseClick(page.report_button, LEFT)
    wait_done(qtbot, page)
    assert out.read_bytes().startswith(b"%PDF")
    assert pages(out) >= 1
    assert str(out) in page.message.text() and page.message.objectName() != "error"


def test_the_window_answers_while_a_report_is_written(qtbot, desk, tmp_path, monkeypatch,
                                                      answer_file_dialogs, screenshot_dir):
    """Driven by events, not the clock: the work stops a third of the way until the test has
    seen the page busy, its progress shown and the window's timer still ticking."""
    worker = {}
    halfway, go_on = threading.Event(), threading.Event()

    def slow_export(store, actor, out, fmt, person_id, language, *, progress, period=None,
                    school_class=None):
        worker["thread"] = threading.get_ident()
        worker["own store"] = store is not desk.exports._store
        for step in range(11):
            progress(step, 10)
            if step == 3:
                halfway.set()
                assert go_on.wait(60)
        out.write_text("done")

    monkeypatch.setattr(exports, "export_report", slow_export)
    page = export_page(qtbot, desk)
    answer_file_dialogs(tmp_path / "slow.csv")
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(len(ticks)))
    timer.start(20)
    qtbot.mouseClick(page.report_button, LEFT)
    qtbot.waitUntil(lambda: halfway.is_set() and page.progress.value() >= 10, timeout=30_000)
    assert page.busy and page.message.text() == "Writing the report on 3 trainees…"
    assert 10 <= page.progress.value() <= 50 and page.progress.text().endswith("%")
    seen = len(ticks)
    qtbot.waitUntil(lambda: len(ticks) >= seen + 5, timeout=30_000)  # the loop runs on
    assert page.busy  # the work is still waiting for the test
    go_on.set()
    wait_done(qtbot, page)
    timer.stop()
    assert worker["thread"] != threading.get_ident() and worker["own store"]


def test_export_then_import_a_bundle_on_another_desktop(qtbot, qapp, desk, tmp_path,
                                                        answer_file_dialogs, monkeypatch):
    page = export_page(qtbot, desk)
    bundle = tmp_path / "everyone.zip"
    answer_file_dialogs(bundle)
    qtbot.mouseClick(page.export_button, LEFT)
    wait_done(qtbot, page)
    assert page.message.text().startswith("The bundle holds 3 people and 20 answers")
    assert page.with_instructors.isEnabled()
    page.with_instructors.setChecked(True)  # the instructor comes along, on purpose
    answer_file_dialogs(bundle)
    qtbot.mouseClick(page.export_button, LEFT)
    wait_done(qtbot, page)
    assert page.message.text().startswith("The bundle holds 4 people and 20 answers")
    page.bundle_scope.setCurrentIndex(1)  # one trainee: never with the instructors
    assert not page.with_instructors.isEnabled() and not page.with_instructors.isChecked()
    shown = []
    answers = iter([False, True])
    monkeypatch.setattr(ExportsPage, "accept_accounts",
                        lambda self, accounts: shown.append(accounts) or next(answers))
    offered = []
    monkeypatch.setattr(ExportsPage, "ask_source", lambda self, trainees, brought: (
        offered.append(brought) or INSTRUCTOR_DESK))

    with Store(tmp_path / "other.sqlite3") as other:
        person = add_instructor(other, "Ho Chi Hou", "another password")
        there = InstructorDesk(other, sign_in(other, person.id, "another password"))
        qtbot.addWidget(there)
        there.show()
        target = export_page(qtbot, there)
        before = dump(other.path)
        answer_file_dialogs(bundle)
        qtbot.mouseClick(target.import_button, LEFT)  # the account is not accepted
        assert [str(a.message) for a in shown[-1]] == [
            "Maria Lei (a new instructor account)"]
        assert target.message.text().startswith("Nothing was imported")
        assert dump(other.path) == before
        asked = answer_file_dialogs(bundle)
        qtbot.mouseClick(target.import_button, LEFT)  # accepted by name: imported
        wait_done(qtbot, target)
        assert asked[-1][3] is False
        assert target.message.text().startswith("Imported 4 people and 20 answers")
        assert "Accounts: Maria Lei (a new instructor account)." in target.message.text()
        names = [there.trainees.table.item(r, 0).text()
                 for r in range(there.trainees.table.rowCount())]
        assert sorted(names) == sorted(["Chan Tai Man", "Ana Sousa", "陳美玲"])
        assert target.report_scope.findText("Chan Tai Man") >= 0
        assert offered[-1] is None  # everyone's bundle: no one trainee to offer


def test_a_trainees_bundle_is_imported_for_the_trainee_chosen(qtbot, desk, store, tmp_path,
                                                              answer_file_dialogs, monkeypatch):
    page = export_page(qtbot, desk)
    page.bundle_scope.setCurrentIndex(1)  # one trainee's own bundle
    trainee_id = page.bundle_scope.currentData()
    bundle = tmp_path / "own.zip"
    answer_file_dialogs(bundle)
    qtbot.mouseClick(page.export_button, LEFT)
    wait_done(qtbot, page)
    asked = []

    def choose(dialog_source):
        def ask(self, trainees, brought):
            dialog = BundleSourceDialog(trainees, brought)
            qtbot.addWidget(dialog)
            asked.append([dialog.source.itemText(i) for i in range(dialog.source.count())])
            asked.append(dialog.source.currentData())
            return dialog_source(dialog)
        monkeypatch.setattr(ExportsPage, "ask_source", ask)
    choose(lambda dialog: None)  # cancelled
    answer_file_dialogs(bundle)
    qtbot.mouseClick(page.import_button, LEFT)
    assert page.message.text() == "Nothing was imported."
    assert asked[1] == trainee_id  # the bundle's own trainee, chosen
    assert asked[0][0] == "An instructor's desk (I vouch for it)" and len(asked[0]) == 4
    choose(lambda dialog: dialog.chosen())
    answer_file_dialogs(bundle)
    qtbot.mouseClick(page.import_button, LEFT)
    wait_done(qtbot, page)
    assert page.message.text().startswith("Imported 0 people and 0 answers"), page.message.text()
    other = next(p.id for p in store.people(Role.TRAINEE) if p.id != trainee_id)
    choose(lambda dialog: BundleSource.of_trainee(other))
    answer_file_dialogs(bundle)
    qtbot.mouseClick(page.import_button, LEFT)
    wait_done(qtbot, page)
    assert page.message.objectName() == "error"
    assert "does not hold the progress of" in page.message.text()


def test_the_bundles_trainee_new_on_this_desk_is_offered_as_new(qtbot):
    dialog = BundleSourceDialog([], ("00000000-0000-4000-8000-000000000001", "Ana Lei"))
    qtbot.addWidget(dialog)
    assert dialog.source.currentText() == "Ana Lei (new on this desk)"
    assert dialog.chosen() == BundleSource.of_trainee("00000000-0000-4000-8000-000000000001")
    dialog.source.setCurrentIndex(0)
    assert dialog.chosen() == INSTRUCTOR_DESK


def test_a_malformed_bundle_is_refused_in_words(qtbot, desk, store, tmp_path,
                                                answer_file_dialogs):
    page = export_page(qtbot, desk)
    bad = tmp_path / "damaged.zip"
    bad.write_bytes(b"PK\x03\x04 this is not really a zip file" * 20)
    answer_file_dialogs(bad)
    before = len(store.people(Role.TRAINEE))
    qtbot.mouseClick(page.import_button, LEFT)
    wait_done(qtbot, page)
    assert page.message.objectName() == "error"
    assert page.message.text() and "Traceback" not in page.message.text()
    assert len(store.people(Role.TRAINEE)) == before


def test_a_refusal_is_said_again_in_a_new_language(qtbot, desk, tmp_path, switcher,
                                                   answer_file_dialogs):
    page = export_page(qtbot, desk)
    missing = tmp_path / "nowhere" / "report.csv"
    answer_file_dialogs(missing)
    page.report_format.setCurrentIndex(page.report_format.findData("csv"))
    qtbot.mouseClick(page.report_button, LEFT)
    wait_done(qtbot, page)
    english = page.message.text()
    assert page.message.objectName() == "error" and str(missing.parent) in english
    switcher.switch("zh_Hant_MO")
    assert page.report_box.title() == i18n._("Progress report")
    assert page.message.text() == i18n._(
        "The file {path} could not be read or written ({detail}).").format(
        path=missing, detail="No such file or directory")


@pytest.fixture
def held_report(monkeypatch):
    """The real report export, held in the worker at each progress call until released."""
    release = threading.Event()
    real = exports.export_report

    def held(store, actor, out, fmt, person_id, language, *, progress, period=None,
             school_class=None):
        def told(done, total):
            progress(done, total)  # raises Cancelled once the page asked to cancel
            assert release.wait(30), "the test never released the export"

        real(store, actor, out, fmt, person_id, language, progress=told, period=period)

    monkeypatch.setattr(exports, "export_report", held)
    yield release
    release.set()


def start_held_csv(qtbot, desk, out, answer_file_dialogs):
    page = export_page(qtbot, desk)
    answer_file_dialogs(out)
    page.report_format.setCurrentIndex(page.report_format.findData("csv"))
    qtbot.mouseClick(page.report_button, LEFT)
    qtbot.waitUntil(lambda: page.progress.maximum() == 100)  # told (0, total)
    return page


def test_cancelling_an_export_writes_nothing(qtbot, desk, tmp_path, held_report,
                                            answer_file_dialogs):
    folder = tmp_path / "exports"
    folder.mkdir()
    page = start_held_csv(qtbot, desk, folder / "cohort.csv", answer_file_dialogs)
    assert page.cancel_button.isVisible() and page.cancel_button.hasFocus()
    qtbot.keyClick(page.cancel_button, Qt.Key.Key_Escape)  # or Space on the focused button
    assert page.message.text() == "Cancelling…" and not page.cancel_button.isEnabled()
    held_report.set()
    wait_done(qtbot, page)
    assert page.message.text() == "Cancelled; nothing was written."
    assert page.message.objectName() != "error"
    assert list(folder.iterdir()) == []  # no report, no half-written one
    assert page.report_button.isEnabled() and not page.cancel_button.isVisible()


def test_a_running_export_is_said_again_in_a_new_language(qtbot, desk, tmp_path, switcher,
                                                          held_report, answer_file_dialogs):
    page = start_held_csv(qtbot, desk, tmp_path / "cohort.csv", answer_file_dialogs)
    page._job.progressed.emit(1234, 5000)  # as a long export would tell it
    assert page.progress.value() == 24 and page.progress.text() == "24%"
    assert page.message.text() == "Writing the report on 3 trainees…"
    switcher.switch("pt_MO")
    assert page.heading.text() == i18n._("Reports and bundles") != "Reports and bundles"
    assert page.message.text() == i18n.ngettext(
        "Writing the report on {count} trainee…", "Writing the report on {count} trainees…",
        3).format(count=3)
    assert page.cancel_button.text() == i18n._("&Cancel") and page.busy
    held_report.set()
    wait_done(qtbot, page)
    assert page.message.text() == i18n._("The report was saved as {path}.").format(
        path=tmp_path / "cohort.csv")
    # The report itself stays in the language it was asked in.
    assert report_about(tmp_path / "cohort.csv")[0] == "Progress report: all trainees"


def test_import_and_bundle_texts_count_entries_in_the_locale(qtbot, desk, switcher):
    assert exports.writing_bundle(None) == "Writing the bundle…"
    assert exports.writing_bundle((1234, 5000)) == "Writing the bundle… 1,234 of 5,000 entries"
    assert exports.importing(None) == "Checking the bundle, then adding its progress…"
    rows = 5000
    total = rows * sum(weight for _name, weight in IMPORT_PASSES)
    assert exports.importing((rows * 5 // 2, total)) == (
        "Checking the bundle… 2,500 of 5,000 entries")  # half of the first pass (5 / 2)
    assert exports.importing((rows * 5, total)) == (
        "Bringing the trainees' summaries up to date…")
    assert exports.importing((total, total)) == (
        "Adding the bundle's progress… 5,000 of 5,000 entries")
    switcher.switch("pt_MO")
    assert "1\N{NO-BREAK SPACE}234" in exports.writing_bundle((1234, 5000))
    assert exports.percent_text(1, 3) == "33%"


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_screenshots_of_an_export_on_its_way(qtbot, desk, tmp_path, switcher, held_report,
                                             answer_file_dialogs, screenshot_dir, language):
    switcher.switch(language)
    page = start_held_csv(qtbot, desk, tmp_path / "cohort.csv", answer_file_dialogs)
    page._job.progressed.emit(40, 100)
    assert page.progress.value() == 40 and page.message.text()
    for width, height in ((1280, 800), (1920, 1080)):
        desk.resize(width, height)
        qtbot.wait(50)
        assert page.cancel_button.isVisible() and page.progress.isVisible()
        # The bar's text and the cancel button are not clipped.
        assert page.cancel_button.width() >= page.cancel_button.sizeHint().width()
        desk.grab().save(str(screenshot_dir /
                             f"desk-report-running-{language}-{width}x{height}.png"))
    held_report.set()
    wait_done(qtbot, page)


def test_a_class_report_and_its_answers(qtbot, desk, store, instructor, tmp_path,
                                        answer_file_dialogs):
    """A class is one of the scopes of a report: its trainees only, in the report and in the
    export of every answer."""
    from trainer.progress.people.classes import create_class
    people = {p.name: p.id for p in store.people(Role.TRAINEE)}
    march = create_class(store, instructor, "March", (people["Chan Tai Man"],
                                                     people["陳美玲"]))  # not Ana Sousa
    page = export_page(qtbot, desk)
    page.reload()
    index = next(i for i in range(page.report_scope.count())
                 if page.report_scope.itemText(i) == "Class: March")
    page.report_scope.setCurrentIndex(index)
    assert page.report_scope.currentData().id == march.id
    out, answers = tmp_path / "march.zip", tmp_path / "march.csv"
    asked = answer_file_dialogs(out, answers)
    page.report_format.setCurrentIndex(page.report_format.findData("csv"))
    qtbot.mouseClick(page.report_button, LEFT)
    wait_done(qtbot, page)
    assert "March" in asked[0][1]
    assert report_about(out)[0] == "Progress report: the class March"
    assert {row[0] for row in report_table(out, "trainees")[1:]} == {"Chan Tai Man", "陳美玲"}
    page.report_format.setCurrentIndex(page.report_format.findData(exports.ANSWERS))
    qtbot.mouseClick(page.report_button, LEFT)
    wait_done(qtbot, page)
    rows = list(csv.reader(io.StringIO(answers.read_bytes().decode("utf-8-sig"))))
    assert {row[0] for row in rows[1:]} == {"Chan Tai Man"}  # 陳美玲 has not answered yet
    assert len(rows) == 1 + 15


def test_at_a_school_with_a_server_the_dialog_says_the_server_proves_the_sittings(qtbot):
    def intro(dialog):
        return dialog.findChildren(QLabel)[0].text()
    alone, at_school = BundleSourceDialog([], None), BundleSourceDialog([], None,
                                                                        school_server=True)
    qtbot.addWidget(alone)
    qtbot.addWidget(at_school)
    assert "count once you confirm them on the Exams page" in intro(alone)
    assert "registered" not in intro(alone)
    assert "must be one the school server registered for them" in intro(at_school)
    assert "counts once you confirm it on the Exams page" in intro(at_school)


#: The bundle dialog drawn at 200 % in a new process (the scale is set before Qt starts):
#: for each language, its paragraph's height and the height its words need at its width.
AT_200 = """
import json, i18n
from PySide6.QtWidgets import QApplication, QLabel
from ui.desk.reports.bundle_source import BundleSourceDialog
app, told = QApplication([]), {}
for language in ("en", "pt_MO", "zh_Hant_MO"):
    with i18n.speaking(language):
        dialog = BundleSourceDialog(
            [], ("00000000-0000-4000-8000-000000000001", "Ana Lei"), school_server=True)
    dialog.show()
    app.processEvents()
    intro = dialog.findChildren(QLabel)[0]
    told[language] = [intro.height(), intro.heightForWidth(intro.width()),
                      intro.fontMetrics().height()]
print(json.dumps(told))
"""


def test_the_bundle_dialogs_words_are_shown_whole_at_200_percent():
    """A word-wrapped paragraph in a dialog opened cut at its top and bottom at 200 %: it
    now opens as high as its words need at its width, in every language."""
    drawn = subprocess.run([sys.executable, "-c", AT_200], capture_output=True, text=True,
                           cwd=ROOT, timeout=120, env={**os.environ, "QT_SCALE_FACTOR": "2",
                                                       "QT_QPA_PLATFORM": "offscreen"})
    assert drawn.returncode == 0, drawn.stderr
    for language, (height, needed, line) in json.loads(drawn.stdout).items():
        assert height >= needed > 3 * line, language
