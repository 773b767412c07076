"""Start the trainer: ``croupier-trainer`` or ``python -m ui`` [--db PATH] [--language CODE]
[--trainee NAME [--practice SKILL [--level N]]].

``--trainee`` opens that trainee's home page; with ``--practice`` the first question of
that skill is on screen at once (the cold-start benchmark starts the app this way).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

import i18n
from i18n import _, ngettext
from i18n.moments import moment_text
from trainer.progress import Store, StoreError
from trainer.progress.desktop import Preference, preference
from trainer.progress.logbook import current_log, start_log
from trainer.progress.people.accounts import find_person
from trainer.progress.school.status import SERVER_ENV, server_url
from trainer.progress.storage.backups import (
    Backup,
    BackupError,
    answer_count,
    backups,
    restore_backup,
    set_aside,
)
from trainer.progress.storage.paths import DB_ENV, default_db_path
from ui.app_icon import app_icon
from ui.backup_job import start_backup
from ui.earlier_progress import offer_earlier_progress
from ui.focus_keeper import keep_focus
from ui.language import LanguageSwitcher, name_by_labels
from ui.main_window import MainWindow
from ui.palette import styled
from ui.system_check import window_can_open
from ui.widgets import accessible_parts

STYLE = """
QPushButton:focus, QToolButton:focus, QCheckBox:focus, QRadioButton:focus, QComboBox:focus,
QLineEdit:focus, QSpinBox:focus, QDoubleSpinBox:focus, QListWidget:focus, QListView:focus,
QTableView:focus, QTableWidget:focus { border: 2px solid $accent; border-radius: 4px; }
QLabel#heading { font-size: 20pt; font-weight: 600; }
QLabel#modeTitle { font-size: 14pt; font-weight: 600; }
QLabel#status { font-size: 11pt; color: $key_ink; }
QLabel#note { font-size: 11pt; background: $accent_back; border: 1px solid $accent_edge;
              border-radius: 6px; padding: 6px 10px; }
QPushButton#mode { background: $mode_back; border: 1px solid $paper_edge; border-radius: 10px;
                   text-align: left; }
QPushButton#mode:hover { background: $mode_hover; }
QPushButton#mode:focus { border: 2px solid $accent; }
QLabel#modeName { font-size: 15pt; font-weight: 600; }
QLabel#modeAbout { font-size: 11pt; color: $about_ink; }
QLabel#keyBadge { background: $key_back; color: $key_ink; border: 1px solid $key_edge;
                  border-radius: 4px; padding: 1px 6px; font-weight: 600; }
QLabel#examVerdict { font-size: 20pt; font-weight: 700; }
QLabel#examVerdict[passed="true"] { color: $right_text; }
QLabel#examVerdict[passed="false"] { color: $wrong_text; }
QLabel#figures { font-size: 12pt; }
QLabel#target { font-size: 11pt; }
QProgressBar#clock { min-height: 1.4em; text-align: center; }
QProgressBar#clock::chunk { background: $clock; }
QProgressBar#clock[late="true"]::chunk { background: $clock_late; }
QListWidget#games, QListWidget#skills, QListWidget#exams, QListWidget#review {
    font-size: 12pt; }
QListWidget#games::item, QListWidget#skills::item, QListWidget#exams::item { padding: 5px; }
QListWidget#people { font-size: 13pt; }
QListWidget#people::item { padding: 6px; }
QLabel#skillTitle { font-size: 12pt; color: $quiet; }
QLabel#prompt { font-size: 14pt; font-weight: 600; }
QLabel#hint { color: $quiet; }
QLabel#error { color: $wrong_text; }
QLabel#result { font-size: 14pt; font-weight: 600; }
QLabel#result[correct="true"] { color: $right_text; }
QLabel#result[correct="false"] { color: $wrong_text; }
QLabel#explanation { font-size: 11pt; }
QLabel#rightAnswer { font-size: 11pt; }
QLabel#mistake { font-size: 11pt; font-style: italic; color: $wrong_text; }
QFrame#feedback { background: $paper; border: 1px solid $paper_edge; border-radius: 8px; }
"""


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="croupier-trainer")
    parser.add_argument("--db", type=Path, default=None,
                        help=f"progress database (default: ${DB_ENV} or the user data folder)")
    parser.add_argument("--language", choices=i18n.LANGUAGES, default=None)
    parser.add_argument("--server", metavar="URL", default=None,
                        help=f"the school server (default: ${SERVER_ENV} or the desk's setting)")
    parser.add_argument("--trainee", metavar="NAME", default=None,
                        help="open this trainee's home page")
    parser.add_argument("--practice", metavar="SKILL", default=None,
                        help="with --trainee: start practising this skill at once")
    parser.add_argument("--level", type=int, choices=(1, 2, 3), default=1,
                        help="with --practice: the level (default 1)")
    # For the cold-start benchmark: print when the first question is painted, then quit.
    parser.add_argument("--time-first-question", action="store_true",
                        help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def open_store(path: Path) -> Store | None:
    """Open the store, letting the user restore a backup of a damaged file, set it aside and
    start a new one, or retry a busy one."""
    while True:
        try:
            return Store(path, backup=False)  # the backup follows, in the background
        except StoreError as error:
            box = QMessageBox(QMessageBox.Icon.Warning, _("Croupier Trainer"), str(error))
            act = box.addButton(_("Set it aside and start a new one") if error.damaged
                                else _("Try again"), QMessageBox.ButtonRole.AcceptRole)
            kept = backups(path) if error.damaged else []
            restore = kept and box.addButton(
                ngettext("Restore a backup ({count} kept)…", "Restore a backup ({count} kept)…",
                         len(kept)).format(count=len(kept)),
                QMessageBox.ButtonRole.ActionRole)
            box.addButton(_("Quit"), QMessageBox.ButtonRole.RejectRole)
            box.exec()
            if restore and box.clickedButton() is restore:
                chosen = choose_backup(kept)
                if chosen is not None:
                    _restore(path, chosen)
                continue
            if box.clickedButton() is not act:
                return None
            if error.damaged:
                aside = set_aside(path)
                QMessageBox.information(None, _("Croupier Trainer"), _(
                    "The damaged database was kept as {path}.").format(path=aside))


def backup_label(backup: Backup) -> str:
    """A backup as the user chooses it: when it was taken and how many answers it holds."""
    taken = moment_text(backup.taken_at)
    count = answer_count(backup)
    if count is None:
        return _("{date} (cannot be read)").format(date=taken)
    return ngettext("{date}: {count} answer", "{date}: {count} answers", count).format(
        date=taken, count=count)


def choose_backup(kept: list[Backup]) -> Backup | None:
    """Every kept backup, newest first, with its date and answer count; None if cancelled."""
    labels = [backup_label(backup) for backup in kept]
    label, ok = QInputDialog.getItem(None, _("Restore a backup"),
                                     _("Which backup should replace the damaged database?"),
                                     labels, 0, False)
    return kept[labels.index(label)] if ok and label in labels else None


def _restore(path: Path, backup: Backup) -> None:
    try:
        kept = restore_backup(path, backup)
    except BackupError as error:
        QMessageBox.warning(None, _("Croupier Trainer"), str(error))
        return
    QMessageBox.information(None, _("Croupier Trainer"), _(
        "The damaged database was kept as {path}.").format(path=kept))


def report_unexpected(kind: type[BaseException], error: BaseException,
                      trace: TracebackType | None) -> None:
    """Last resort for a bug: log the traceback and tell the user in words where it is."""
    path = current_log() or start_log(default_db_path())
    logging.getLogger(__name__).error("an unexpected error", exc_info=(kind, error, trace))
    if QApplication.instance() is not None:
        QMessageBox.critical(None, _("Croupier Trainer"), _(
            "Something went wrong in the trainer. Your answers so far are saved. "
            "The details were written to {path}.").format(path=path))


def build_window(store: Store, app: QApplication, language: str | None = None) -> MainWindow:
    """The main window in ``language`` (else the saved one, else the system's)."""
    switcher = LanguageSwitcher(app)
    saved = preference(store, Preference.LANGUAGE)
    chosen = language or (saved if saved in i18n.LANGUAGES else i18n.system_language())
    switcher.switch(chosen)
    styled(app, STYLE)
    keep_focus(app)
    app.setWindowIcon(app_icon())
    window = MainWindow(store, switcher)
    window.setWindowIcon(app.windowIcon())
    window.restore_geometry()  # else the first size, in MainWindow
    # The trainee here last is selected, not signed in.
    window.start_screen.reload(select=preference(store, Preference.LAST_TRAINEE))
    name_by_labels(window)
    return window


def open_trainee(window: MainWindow, store: Store, name: str, skill: str | None,
                 level: int) -> None:
    """Straight to ``name``'s home page, or their first question of ``skill``."""
    try:
        person = find_person(store, name)
    except StoreError as error:
        window.start_screen.error.setText(str(error))
        return
    window.open_home(person)
    if window.actor is None:
        return  # not signed in: with a school server, the PIN first
    if skill is not None:
        import questions

        if skill not in questions.skills():
            window.statusBar().showMessage(_("There is no skill {skill}.").format(skill=skill))
            return
        window.start_practice([skill], level)


#: What the first window does without, loaded when first used: the charts' pyqtgraph, the
#: school server's driver, the exam's and the table round's screens, the round engines, the
#: instructor desk.
DEFERRED = ("pyqtgraph", "psycopg", "ui.modes.exam.exam", "ui.rounds.screen",
            "trainer.rounds.games", "ui.desk.desk")


class FirstPaint(QObject):
    """Prints the seconds since ``started`` once the quiz's question has been painted, and
    which of the :data:`DEFERRED` modules were loaded by then (none, as it should be)."""

    def __init__(self, window: MainWindow, started: float):
        super().__init__(window)
        self._started = started
        self._window = window
        window.quiz.panel.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint and self._window.quiz.question() is not None:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._report)
        return False

    def _report(self) -> None:
        loaded = [name for name in DEFERRED if name in sys.modules]
        print(f"first question painted after {time.perf_counter() - self._started:.3f} s; "
              f"deferred loaded: {', '.join(loaded) or 'none'}", flush=True)
        QApplication.quit()


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if QApplication.instance() is None and not window_can_open(args.language):
        return 1  # said why, in one sentence (Qt would abort blaming a library)
    sys.excepthook = report_unexpected
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)  # widgets need one: the app and its tests make one
    app.setApplicationName("croupier-trainer")
    accessible_parts.install()  # before any widget's interface is asked for
    i18n.set_language(args.language or i18n.system_language())
    db_path = args.db or default_db_path()
    start_log(db_path)
    if args.db is None and not os.environ.get(DB_ENV):  # where the installed app keeps it
        offer_earlier_progress(db_path)
    store = open_store(db_path)
    if store is None:
        return 1
    window = build_window(store, app, args.language)
    if args.time_first_question:
        FirstPaint(window, started)
    window.school.use_url(server_url(store, args.server))  # a trainee then needs a PIN
    if args.trainee:
        open_trainee(window, store, args.trainee, args.practice, args.level)
    window.show()
    start_backup(window, store.path)
    try:
        return app.exec()
    finally:
        store.close()
