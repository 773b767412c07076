"""Start the trainer: ``croupier-trainer`` or ``python -m ui`` [--db PATH] [--language CODE]."""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path
from types import TracebackType

from babel.dates import format_datetime
from PySide6.QtWidgets import QApplication, QMessageBox

import i18n
from i18n import _
from trainer.progress import Store, StoreError
from trainer.progress.backups import Backup, BackupError, backups, restore_backup, set_aside
from trainer.progress.paths import DB_ENV, data_dir, default_db_path
from ui.language import LanguageSwitcher
from ui.main_window import MainWindow

STYLE = """
QLabel#heading { font-size: 20pt; font-weight: 600; }
QListWidget#people { font-size: 13pt; }
QListWidget#people::item { padding: 6px; }
QLabel#skillTitle { font-size: 12pt; color: #555; }
QLabel#prompt { font-size: 15pt; font-weight: 600; }
QLabel#hint { color: #555; }
QLabel#error { color: #b03a2e; }
QLabel#result { font-size: 14pt; font-weight: 600; }
QLabel#result[correct="true"] { color: #1e7b45; }
QLabel#result[correct="false"] { color: #b03a2e; }
QLabel#explanation { font-size: 11pt; }
QFrame#feedback { background: #f6f3ea; border: 1px solid #d8d0bb; border-radius: 8px; }
"""


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="croupier-trainer")
    parser.add_argument("--db", type=Path, default=None,
                        help=f"progress database (default: ${DB_ENV} or the user data folder)")
    parser.add_argument("--language", choices=i18n.LANGUAGES, default=None)
    return parser.parse_args(argv)


def open_store(path: Path) -> Store | None:
    """Open the store, letting the user restore a backup of a damaged file, set it aside and
    start a new one, or retry a busy one."""
    while True:
        try:
            return Store(path)
        except StoreError as error:
            box = QMessageBox(QMessageBox.Icon.Warning, _("Croupier Trainer"), str(error))
            act = box.addButton(_("Set it aside and start a new one") if error.damaged
                                else _("Try again"), QMessageBox.ButtonRole.AcceptRole)
            latest = next(iter(backups(path)), None) if error.damaged else None
            restore = latest and box.addButton(
                _("Restore the backup of {date}").format(date=format_datetime(
                    latest.taken_at.astimezone(), "medium", locale=i18n.locale_of())),
                QMessageBox.ButtonRole.ActionRole)
            box.addButton(_("Quit"), QMessageBox.ButtonRole.RejectRole)
            box.exec()
            if restore and box.clickedButton() is restore:
                _restore(path, latest)
                continue
            if box.clickedButton() is not act:
                return None
            if error.damaged:
                kept = set_aside(path)
                QMessageBox.information(None, _("Croupier Trainer"), _(
                    "The damaged database was kept as {path}.").format(path=kept))


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
    """Last resort for a bug: log the traceback to a file and tell the user in words."""
    log = data_dir() / "errors.log"
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as handle:
            handle.write("".join(traceback.format_exception(kind, error, trace)))
    except OSError:
        pass
    if QApplication.instance() is not None:
        QMessageBox.critical(None, _("Croupier Trainer"), _(
            "Something went wrong in the trainer. Your answers so far are saved. "
            "The details were written to {path}.").format(path=log))


def build_window(store: Store, app: QApplication, language: str | None = None) -> MainWindow:
    """The main window in ``language`` (else the saved one, else the system's)."""
    switcher = LanguageSwitcher(app)
    saved = store.setting("language")
    chosen = language or (saved if saved in i18n.LANGUAGES else i18n.system_language())
    switcher.switch(chosen)
    app.setStyleSheet(STYLE)
    return MainWindow(store, switcher)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    sys.excepthook = report_unexpected
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("croupier-trainer")
    i18n.set_language(args.language or i18n.system_language())
    store = open_store(args.db or default_db_path())
    if store is None:
        return 1
    window = build_window(store, app, args.language)
    window.show()
    try:
        return app.exec()
    finally:
        store.close()
