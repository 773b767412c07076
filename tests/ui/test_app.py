"""Starting the app: entry point, Qt's own translations, and a damaged database."""

import os
import subprocess
import sys

import pytest
from PySide6.QtCore import QByteArray, QCoreApplication, QTimer, QTranslator
from PySide6.QtWidgets import QApplication, QMessageBox

from trainer.progress import Store
from trainer.progress.desktop import Preference
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, stored_setting
from ui.app import build_window, open_store, open_trainee
from ui.language import LanguageSwitcher


def test_python_dash_m_ui_starts_and_knows_its_options():
    result = subprocess.run([sys.executable, "-m", "ui", "--help"], capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0
    for option in ("--db", "--language", "--trainee", "--practice", "--level"):
        assert option in result.stdout


def test_python_dash_m_ui_report_is_the_report_command():
    result = subprocess.run([sys.executable, "-m", "ui", "report", "--help"],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0 and "--format" in result.stdout


def test_straight_to_a_question_without_loading_the_charts(tmp_path):
    """What the cold-start benchmark runs: the first question paints; pyqtgraph, the
    server's driver, the exam's and round's screens and the desk wait until used."""
    path = tmp_path / "progress.sqlite3"
    with Store(path) as store:
        add_person(store, "Ana Lei")
    result = subprocess.run(
        [sys.executable, "-m", "ui", "--db", str(path), "--language", "en", "--trainee",
         "Ana Lei", "--practice", "thirteen.payout", "--level", "2", "--time-first-question"],
        capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr
    assert "first question painted after" in result.stdout
    assert "deferred loaded: none" in result.stdout
    with Store(path) as store:
        [session] = connection(store).execute("SELECT mode FROM sessions").fetchall()
        assert session == ("practice",)


def test_an_unknown_trainee_on_the_command_line_is_said_on_the_start_screen(qtbot, qapp,
                                                                            store):
    window = build_window(store, qapp, "en")
    qtbot.addWidget(window)
    open_trainee(window, store, "Nobody Here", "thirteen.payout", 1)
    assert window.pages.currentWidget() is window.start_screen
    assert "Nobody called “Nobody Here”" in window.start_screen.error.text()


def test_the_window_keeps_its_size_and_place_as_text_for_the_next_start(qtbot, qapp, store):
    window = build_window(store, qapp, "en")
    qtbot.addWidget(window)
    window.resize(900, 640)
    window.remember_geometry()
    kept = stored_setting(store, Preference.WINDOW_GEOMETRY)
    assert isinstance(kept, str)
    assert QByteArray.fromBase64(kept.encode("ascii")) == window.saveGeometry()
    again = build_window(store, qapp, "en")
    qtbot.addWidget(again)
    assert again.restore_geometry()


def test_qt_dialogs_are_translated_too(qapp):
    for left in qapp.findChildren(QTranslator):  # by switchers of earlier tests
        qapp.removeTranslator(left)
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_Hant_MO")
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"
        switcher.switch("pt_MO")
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancelar"
    finally:
        switcher.switch("en")
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"


def button(box, role):
    return next(b for b in box.buttons() if box.buttonRole(b) == role)


@pytest.fixture
def answer_dialogs(qapp):
    """Click through every message box that appears, choosing with ``pick(box)``."""
    timer = QTimer()
    seen = []

    def start(pick):
        def click():
            box = QApplication.activeModalWidget()
            if isinstance(box, QMessageBox):
                seen.append(box.text())
                pick(box).click()

        timer.timeout.connect(click)
        timer.start(20)
        return seen

    yield start
    timer.stop()


def test_a_damaged_database_can_be_set_aside_without_losing_it(answer_dialogs, tmp_path):
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"garbage" * 500)
    seen = answer_dialogs(lambda box: button(box, QMessageBox.ButtonRole.AcceptRole))
    store = open_store(path)
    assert store is not None
    store.close()
    assert "damaged" in seen[0]
    assert "kept as" in seen[1]
    [kept] = tmp_path.glob("progress.sqlite3.damaged-*")
    assert kept.read_bytes() == b"garbage" * 500


def test_quitting_at_a_damaged_database_leaves_it_alone(answer_dialogs, tmp_path):
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"garbage" * 500)

    answer_dialogs(lambda box: button(box, QMessageBox.ButtonRole.RejectRole))
    assert open_store(path) is None
    assert path.read_bytes() == b"garbage" * 500
